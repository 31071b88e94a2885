package dev.ycsbmongo.orchestrator.stats;

/**
 * The ratio of two means with its interval, on the log scale: {@code log(B/A) = log B - log A},
 * whose standard error by the delta method is {@code sqrt((se_A/A)^2 + (se_B/B)^2)}, with a t
 * quantile on Welch-Satterthwaite degrees of freedom; the interval's ends are exponentiated back.
 * On the log scale the interval is symmetric for "twice as fast" and "half as fast", and its ends
 * never cross zero. A change is significant when the interval leaves out a ratio of 1.
 */
public final class Comparisons {

  private Comparisons() {
  }

  /**
   * The change from {@code base} to {@code other}, each a set of repetition means (one per
   * separate run), at least two per side. Welch: the two sides' variances are not assumed equal.
   */
  public static Change ofRepetitions(double[] base, double[] other) {
    if (base.length < 2 || other.length < 2) {
      throw new IllegalArgumentException(base.length + " and " + other.length
          + " repetitions: an interval from repetitions needs at least 2 per side (use withinRun for one)");
    }
    double ma = Series.mean(base);
    double mb = Series.mean(other);
    requirePositive(ma, mb);
    double va = Series.variance(base) / base.length / (ma * ma);
    double vb = Series.variance(other) / other.length / (mb * mb);
    return logRatio(ma, mb, va, vb, base.length - 1, other.length - 1, Change.Basis.REPETITIONS);
  }

  /**
   * The change from {@code base} to {@code other}, one run each, from their within-run intervals:
   * it leaves out how much a run's mean moves between runs, which is often larger, so it is
   * labelled {@link Change.Basis#WITHIN_RUN}. NaN ends when either interval is unknown.
   */
  public static Change withinRun(MeanInterval base, MeanInterval other) {
    requirePositive(base.mean(), other.mean());
    double ratio = other.mean() / base.mean();
    if (!base.known() || !other.known()) {
      return new Change(ratio, Double.NaN, Double.NaN, Double.NaN, Change.Basis.WITHIN_RUN);
    }
    double sa = base.standardError() / base.mean();
    double sb = other.standardError() / other.mean();
    return logRatio(base.mean(), other.mean(), sa * sa, sb * sb, base.df(), other.df(), Change.Basis.WITHIN_RUN);
  }

  private static Change logRatio(double ma, double mb, double va, double vb, double dfa, double dfb,
      Change.Basis basis) {
    double ratio = mb / ma;
    double v = va + vb;
    if (v == 0) {
      return new Change(ratio, ratio, ratio, Double.POSITIVE_INFINITY, basis);
    }
    double df = v * v / (va * va / dfa + vb * vb / dfb);
    double half = TQuantile.twoSided95(df) * Math.sqrt(v);
    return new Change(ratio, ratio * Math.exp(-half), ratio * Math.exp(half), df, basis);
  }

  private static void requirePositive(double a, double b) {
    if (!(a > 0 && b > 0)) {
      throw new IllegalArgumentException("means " + a + " and " + b + " must be positive to compare as a ratio");
    }
  }
}
