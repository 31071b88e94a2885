package dev.ycsbmongo.orchestrator.exec;

import dev.ycsbmongo.orchestrator.results.YcsbOutput;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One of YCSB's {@code -s} status lines, e.g.
 * {@code 2026-11-22 17:20:01:123 3 sec: 12345 operations; 4115.2 current ops/sec; [READ: Count=...] [READ-FAILED: Count=3, ...]}.
 * The {@code Count} of each bracket covers the last interval only, so errors are summed by the reader.
 *
 * @param errorsInInterval operations of failed-measurement names ({@code OP-FAILED}, {@code OP-ERROR}, ...)
 * @param measurements every bracket of the line, in its order (what the live metrics show per operation)
 */
record StatusLine(long elapsedSeconds, long operations, double currentOpsPerSec, long errorsInInterval,
    List<ProgressListener.Measurement> measurements) {

  private static final Pattern HEAD = Pattern.compile("(\\d+) sec: (\\d+) operations;(?: ([0-9.,]+) current ops/sec;)?");
  private static final Pattern BRACKET = Pattern.compile("\\[([A-Z][A-Z_-]*): Count=(\\d+)([^\\]]*)\\]?");
  /** One figure after the count: {@code Max=900}, {@code Avg=120.5}, {@code 99.9=800} (a percentile). */
  private static final Pattern FIGURE = Pattern.compile(", ([A-Za-z]+|[0-9]+(?:\\.[0-9]+)?)=([^,]*)");
  /** YCSB's Status names: a measurement named OP-STATUS (or OP-FAILED) counts failures. */
  private static final Pattern FAILED_NAME = Pattern.compile(".+-(" + String.join("|", YcsbOutput.FAILURE_SERIES) + ")");

  StatusLine(long elapsedSeconds, long operations, double currentOpsPerSec, long errorsInInterval) {
    this(elapsedSeconds, operations, currentOpsPerSec, errorsInInterval, List.of());
  }

  static Optional<StatusLine> parse(String line) {
    Matcher head = HEAD.matcher(line);
    if (!head.find()) {
      return Optional.empty();
    }
    double current = 0;
    if (head.group(3) != null) {
      try {
        current = Double.parseDouble(head.group(3).replace(",", ""));
      } catch (NumberFormatException e) {
        current = 0;
      }
    }
    long errors = 0;
    List<ProgressListener.Measurement> measurements = new ArrayList<>();
    Matcher b = BRACKET.matcher(line);
    while (b.find()) {
      long count = Long.parseLong(b.group(2));
      if (FAILED_NAME.matcher(b.group(1)).matches()) {
        errors += count;
      }
      measurements.add(measurement(b.group(1), count, b.group(3)));
    }
    return Optional.of(new StatusLine(Long.parseLong(head.group(1)), Long.parseLong(head.group(2)), current, errors,
        List.copyOf(measurements)));
  }

  /** An interval with no operation prints {@code Min=9223372036854775807, Avg=NaN}: figures that are not kept. */
  private static ProgressListener.Measurement measurement(String name, long count, String figures) {
    Double avg = null;
    Double max = null;
    TreeMap<Double, Double> percentiles = new TreeMap<>();
    Matcher f = FIGURE.matcher(count > 0 ? figures : "");
    while (f.find()) {
      double value;
      try {
        value = Double.parseDouble(f.group(2).trim());
      } catch (NumberFormatException e) {
        continue;
      }
      if (!Double.isFinite(value)) {
        continue;
      }
      switch (f.group(1)) {
        case "Avg" -> avg = value;
        case "Max" -> max = value;
        case "Min" -> { }
        default -> {
          if (Character.isDigit(f.group(1).charAt(0))) {
            percentiles.put(Double.parseDouble(f.group(1)), value);
          }
        }
      }
    }
    return new ProgressListener.Measurement(name, count, avg, max, percentiles);
  }
}
