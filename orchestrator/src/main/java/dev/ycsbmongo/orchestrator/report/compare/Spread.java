package dev.ycsbmongo.orchestrator.report.compare;

import java.util.List;
import java.util.Objects;

/**
 * One figure of one cell over its successful repetitions: n (repetitions that measured it), mean,
 * min, max, and the sample standard deviation (n - 1 in the denominator; null below n = 2, where
 * there is no spread). All null with n = 0 when no repetition measured the figure.
 */
public record Spread(int n, Double mean, Double min, Double max, Double sd) {

  static Spread of(List<Double> values) {
    List<Double> v = values.stream().filter(Objects::nonNull).toList();
    if (v.isEmpty()) {
      return new Spread(0, null, null, null, null);
    }
    double mean = v.stream().mapToDouble(Double::doubleValue).average().orElseThrow();
    double min = v.stream().mapToDouble(Double::doubleValue).min().orElseThrow();
    double max = v.stream().mapToDouble(Double::doubleValue).max().orElseThrow();
    Double sd = null;
    if (v.size() >= 2) {
      double squares = v.stream().mapToDouble(x -> (x - mean) * (x - mean)).sum();
      sd = Math.sqrt(squares / (v.size() - 1));
    }
    return new Spread(v.size(), mean, min, max, sd);
  }

  public boolean present() {
    return mean != null;
  }
}
