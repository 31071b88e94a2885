package dev.ycsbmongo.orchestrator.exec;

import dev.ycsbmongo.orchestrator.results.YcsbOutput;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One of YCSB's {@code -s} status lines, e.g.
 * {@code 2026-11-22 17:20:01:123 3 sec: 12345 operations; 4115.2 current ops/sec; [READ: Count=...] [READ-FAILED: Count=3, ...]}.
 * The {@code Count} of each bracket covers the last interval only, so errors are summed by the reader.
 *
 * @param errorsInInterval operations of failed-measurement names ({@code OP-FAILED}, {@code OP-ERROR}, ...)
 */
record StatusLine(long elapsedSeconds, long operations, double currentOpsPerSec, long errorsInInterval) {

  private static final Pattern HEAD = Pattern.compile("(\\d+) sec: (\\d+) operations;(?: ([0-9.,]+) current ops/sec;)?");
  private static final Pattern BRACKET = Pattern.compile("\\[([A-Z][A-Z_-]*): Count=(\\d+)");
  /** YCSB's Status names: a measurement named OP-STATUS (or OP-FAILED) counts failures. */
  private static final Pattern FAILED_NAME = Pattern.compile(".+-(" + String.join("|", YcsbOutput.FAILURE_SERIES) + ")");

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
    Matcher b = BRACKET.matcher(line);
    while (b.find()) {
      if (FAILED_NAME.matcher(b.group(1)).matches()) {
        errors += Long.parseLong(b.group(2));
      }
    }
    return Optional.of(new StatusLine(Long.parseLong(head.group(1)), Long.parseLong(head.group(2)), current, errors));
  }
}
