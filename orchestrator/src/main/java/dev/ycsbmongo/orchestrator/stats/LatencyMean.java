package dev.ycsbmongo.orchestrator.stats;

import java.util.List;

/**
 * The average latency over a window of intervals, weighted by each interval's operations, with a
 * batch-means interval.
 *
 * <p>The average is a ratio, total latency over total operations, and a busy interval weighs more
 * than an idle one. The intervals are cut into {@link BatchMeans#DEFAULT_BATCHES} contiguous batches
 * (as for throughput: latency is autocorrelated too); the ratio's standard error comes from the
 * batches' linearised deviations {@code (L_j - R C_j) / mean(C)} (L_j the batch's total latency, C_j
 * its operations, R the average), the usual delta-method estimate for a ratio, with a t quantile on
 * {@code batches - 1} degrees of freedom.
 */
public final class LatencyMean {

  private LatencyMean() {
  }

  /** The weighted average of {@code intervals}' latencies with its interval; NaN half-width under {@link BatchMeans#FEWEST_VALUES} intervals. */
  public static MeanInterval of(List<IntervalLatency> intervals) {
    return of(intervals, BatchMeans.DEFAULT_BATCHES);
  }

  public static MeanInterval of(List<IntervalLatency> intervals, int batches) {
    int n = intervals.size();
    double totalLatency = 0;
    long totalCount = 0;
    for (IntervalLatency i : intervals) {
      if (i.count() > 0) {
        totalLatency += i.count() * i.meanMicros();
        totalCount += i.count();
      }
    }
    if (totalCount == 0) {
      throw new IllegalArgumentException("no operations in " + n + " intervals: an average latency needs at least one");
    }
    double ratio = totalLatency / totalCount;
    int b = Math.min(batches, n);
    if (n < BatchMeans.FEWEST_VALUES || b < 2) {
      return new MeanInterval(ratio, Double.NaN, b, 0, n, Double.NaN);
    }
    double[] z = new double[b];
    double meanCount = (double) totalCount / b;
    for (int j = 0; j < b; j++) {
      int from = (int) ((long) j * n / b);
      int to = (int) ((long) (j + 1) * n / b);
      double l = 0;
      long c = 0;
      for (IntervalLatency i : intervals.subList(from, to)) {
        if (i.count() > 0) {
          l += i.count() * i.meanMicros();
          c += i.count();
        }
      }
      z[j] = (l - ratio * c) / meanCount;
    }
    double var = 0;
    for (double v : z) {
      var += v * v;
    }
    var /= b - 1;
    double half = TQuantile.twoSided95(b - 1) * Math.sqrt(var / b);
    return new MeanInterval(ratio, half, b, b - 1, n, Double.NaN);
  }
}
