package dev.ycsbmongo.orchestrator.stats;

import java.util.concurrent.ConcurrentHashMap;
import java.util.Map;
import org.apache.commons.math3.distribution.TDistribution;

/** Two-sided Student t quantiles, cached by degrees of freedom (a bootstrap asks for the same few many times). */
final class TQuantile {

  /** The confidence every interval of this package states. */
  static final double CONFIDENCE = 0.95;

  private static final Map<Double, Double> CACHE = new ConcurrentHashMap<>();

  private TQuantile() {
  }

  /** The t quantile a {@value #CONFIDENCE} two-sided interval multiplies its standard error by. */
  static double twoSided95(double df) {
    if (!(df > 0)) {
      throw new IllegalArgumentException("degrees of freedom " + df + " must be positive");
    }
    double key = Math.round(df * 1000) / 1000.0;
    return CACHE.computeIfAbsent(key,
        d -> new TDistribution(null, d).inverseCumulativeProbability(1 - (1 - CONFIDENCE) / 2));
  }

  /** Two-sided p-value of a t statistic on {@code df} degrees of freedom. */
  static double pValue(double t, double df) {
    return 2 * new TDistribution(null, df).cumulativeProbability(-Math.abs(t));
  }
}
