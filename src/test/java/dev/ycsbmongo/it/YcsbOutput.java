package dev.ycsbmongo.it;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * YCSB's text measurements ({@code [READ], Return=OK, 500}, {@code [OVERALL], RunTime(ms), 812})
 * parsed into series, metric and value.
 */
final class YcsbOutput {

  private static final Pattern LINE = Pattern.compile("^\\[([^\\]]+)\\], ([^,]+), (.+)$");

  /** series -> metric -> value, in the order YCSB printed them. */
  private final Map<String, Map<String, String>> series = new LinkedHashMap<>();

  private YcsbOutput() {
  }

  static YcsbOutput parse(String stdout) {
    YcsbOutput output = new YcsbOutput();
    for (String line : stdout.split("\\R")) {
      Matcher m = LINE.matcher(line.trim());
      if (m.matches()) {
        output.series.computeIfAbsent(m.group(1), k -> new LinkedHashMap<>()).put(m.group(2).trim(), m.group(3).trim());
      }
    }
    return output;
  }

  boolean has(String seriesName) {
    return series.containsKey(seriesName);
  }

  /** A figure of the {@code [OVERALL]} block ({@code RunTime(ms)}, {@code Throughput(ops/sec)}); NaN if absent. */
  double overall(String metric) {
    String value = series.getOrDefault("OVERALL", Map.of()).get(metric);
    return value == null ? Double.NaN : Double.parseDouble(value);
  }

  /** The {@code Return=STATUS} count of a series, 0 if absent. */
  long returns(String seriesName, String status) {
    String value = series.getOrDefault(seriesName, Map.of()).get("Return=" + status);
    return value == null ? 0 : Long.parseLong(value);
  }

  /** Sum of {@code Return=OK} and {@code Return=BATCHED_OK} over the given operation series. */
  long succeeded(String... operations) {
    long sum = 0;
    for (String operation : operations) {
      sum += returns(operation, "OK") + returns(operation, "BATCHED_OK");
    }
    return sum;
  }

  /**
   * Every sign of a failed operation: a {@code Return=} other than OK/BATCHED_OK, or a
   * {@code <OP>-FAILED} series (YCSB measures failed operations under that name).
   */
  List<String> failures() {
    List<String> failures = new ArrayList<>();
    series.forEach((name, metrics) -> {
      if (name.endsWith("-FAILED")) {
        failures.add("[" + name + "] " + metrics);
      }
      metrics.forEach((metric, value) -> {
        if (metric.startsWith("Return=") && !metric.equals("Return=OK") && !metric.equals("Return=BATCHED_OK")) {
          failures.add("[" + name + "], " + metric + ", " + value);
        }
      });
    });
    return failures;
  }

  @Override
  public String toString() {
    return series.toString();
  }
}
