package dev.ycsbmongo.orchestrator.stats;

/**
 * A straight line through a series' batch means against time, and whether its slope is more than
 * noise: a series whose mean keeps moving has no one mean to state, however narrow its interval.
 *
 * <p>The fit is on batch means rather than on single values because single values are
 * autocorrelated, which would make the slope's standard error too small and flag every wobbly
 * stationary series; batch means long enough for the interval are close to independent, so the
 * slope's t statistic on {@code batches - 2} degrees of freedom is honest there.
 *
 * @param slopePerValue the fitted change of the mean per value (per second for a per-second series)
 * @param standardError the slope's standard error
 * @param pValue two-sided p-value of slope = 0; NaN under 3 batches
 * @param change the fitted change from the window's first value to its last, as a share of the mean
 *     (0.1 = rose 10% across the window)
 * @param batches how many batch means the line was fitted to
 */
public record Trend(double slopePerValue, double standardError, double pValue, double change, int batches) {

  /** The slope of the least-squares line through {@code batches} batch means of {@code xs}, placed at their batches' midpoints. */
  public static Trend of(double[] xs, int batches) {
    int n = xs.length;
    int b = Math.min(batches, n);
    double mean = Series.mean(xs);
    if (b < 3) {
      return new Trend(0, Double.NaN, Double.NaN, 0, b);
    }
    double[] y = BatchMeans.batchMeans(xs, b);
    double[] t = new double[b];
    for (int j = 0; j < b; j++) {
      long from = (long) j * n / b;
      long to = (long) (j + 1) * n / b;
      t[j] = (from + to - 1) / 2.0;
    }
    double tm = Series.mean(t);
    double ym = Series.mean(y);
    double sxx = 0;
    double sxy = 0;
    for (int j = 0; j < b; j++) {
      sxx += (t[j] - tm) * (t[j] - tm);
      sxy += (t[j] - tm) * (y[j] - ym);
    }
    double slope = sxy / sxx;
    double rss = 0;
    for (int j = 0; j < b; j++) {
      double r = y[j] - ym - slope * (t[j] - tm);
      rss += r * r;
    }
    double se = Math.sqrt(rss / (b - 2) / sxx);
    double p = se > 0 ? TQuantile.pValue(slope / se, b - 2) : slope == 0 ? 1 : 0;
    double change = mean != 0 ? slope * (n - 1) / Math.abs(mean) : 0;
    return new Trend(slope, se, p, change, b);
  }
}
