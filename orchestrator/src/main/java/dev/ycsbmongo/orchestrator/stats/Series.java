package dev.ycsbmongo.orchestrator.stats;

/** Small helpers on a series of doubles. */
final class Series {

  private Series() {
  }

  static double mean(double[] xs) {
    double s = 0;
    for (double x : xs) {
      s += x;
    }
    return s / xs.length;
  }

  /** Sample variance (n - 1); NaN under two values. */
  static double variance(double[] xs) {
    if (xs.length < 2) {
      return Double.NaN;
    }
    double m = mean(xs);
    double s = 0;
    for (double x : xs) {
      s += (x - m) * (x - m);
    }
    return s / (xs.length - 1);
  }

  /** Lag-1 autocorrelation; NaN under three values or when the series is constant. */
  static double lag1(double[] xs) {
    if (xs.length < 3) {
      return Double.NaN;
    }
    double m = mean(xs);
    double num = 0;
    double den = 0;
    for (int i = 0; i < xs.length; i++) {
      den += (xs[i] - m) * (xs[i] - m);
      if (i > 0) {
        num += (xs[i] - m) * (xs[i - 1] - m);
      }
    }
    return den > 0 ? num / den : Double.NaN;
  }
}
