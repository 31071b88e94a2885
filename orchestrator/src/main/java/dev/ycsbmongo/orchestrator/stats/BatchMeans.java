package dev.ycsbmongo.orchestrator.stats;

/**
 * The mean of a series with a 95% confidence interval from non-overlapping batch means.
 *
 * <p>Per-second throughput is autocorrelated (a slow second is often followed by another: a GC, a
 * checkpoint, a busy neighbour), so {@code s / sqrt(n)} understates the mean's error, by a factor
 * of about 2.6 for a lag-1 correlation of 0.75. Cutting the series into a few contiguous batches
 * makes batch means that are nearly independent once a batch is several correlation times long;
 * their spread, with a t quantile on {@code batches - 1} degrees of freedom, gives the interval.
 * The batch count is a trade: fewer, longer batches are more independent (coverage holds at
 * stronger autocorrelation) but leave fewer degrees of freedom (wider intervals).
 * {@link #DEFAULT_BATCHES} was chosen by measured coverage on synthetic AR(1) series (BENCHMARKS.md,
 * "Confidence intervals: coverage on synthetic series").
 */
public final class BatchMeans {

  /**
   * Batches for a series of any length. Measured on AR(1) series, 2,000 replicates per case
   * (BENCHMARKS.md): 5 batches cover the true mean 94.6-95.2% without autocorrelation from 20 values,
   * 93.5-96.1% for a lag-1 correlation of 0.5 from 60 (92.4% at 30), and 94.1-94.7% at 0.8 from 120.
   * 10 batches give intervals about a fifth narrower (t on 9 df is 2.26 against 2.78 on 4) but
   * under-cover at 0.5 until 120 values (87.2% at 30) and at 0.8 until 300; sqrt(n) batches
   * under-cover at 0.8 at every length. An interval that is honest over more of the series a run
   * produces was worth the width.
   */
  public static final int DEFAULT_BATCHES = 5;

  /** Fewer values than this get no interval: two batches of one are not a spread. */
  public static final int FEWEST_VALUES = 4;

  private BatchMeans() {
  }

  /** The mean of {@code xs} with its interval from {@link #DEFAULT_BATCHES} batches (fewer when the series is shorter). */
  public static MeanInterval of(double[] xs) {
    return of(xs, DEFAULT_BATCHES);
  }

  /**
   * The mean of {@code xs} with its interval from {@code batches} contiguous batches, as equal as the
   * length allows (sizes differ by at most one; every value is used). A series shorter than
   * {@code batches} gets one value per batch; one shorter than {@link #FEWEST_VALUES} gets a NaN half-width.
   */
  public static MeanInterval of(double[] xs, int batches) {
    int n = xs.length;
    if (n == 0) {
      throw new IllegalArgumentException("no values: a mean needs at least one");
    }
    double mean = 0;
    for (double x : xs) {
      mean += x;
    }
    mean /= n;
    int b = Math.min(batches, n);
    if (n < FEWEST_VALUES || b < 2) {
      return new MeanInterval(mean, Double.NaN, b, 0, n, Double.NaN);
    }
    double[] bm = batchMeans(xs, b);
    double var = 0;
    for (double m : bm) {
      var += (m - mean) * (m - mean);
    }
    var /= b - 1;
    double half = TQuantile.twoSided95(b - 1) * Math.sqrt(var / b);
    return new MeanInterval(mean, half, b, b - 1, n, Series.lag1(bm));
  }

  /** The means of {@code b} contiguous batches of {@code xs}, batch j covering {@code [j*n/b, (j+1)*n/b)}. */
  static double[] batchMeans(double[] xs, int b) {
    int n = xs.length;
    double[] out = new double[b];
    for (int j = 0; j < b; j++) {
      int from = (int) ((long) j * n / b);
      int to = (int) ((long) (j + 1) * n / b);
      double s = 0;
      for (int i = from; i < to; i++) {
        s += xs[i];
      }
      out[j] = s / (to - from);
    }
    return out;
  }
}
