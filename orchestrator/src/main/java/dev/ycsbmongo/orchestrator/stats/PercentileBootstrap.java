package dev.ycsbmongo.orchestrator.stats;

import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import java.util.TreeSet;

/**
 * A latency percentile over a window of interval histograms, with a moving-block bootstrap interval:
 * each replicate draws blocks of consecutive intervals (with replacement, wrapping round the end)
 * until it has as many intervals as the window, merges their histograms, and takes the percentile.
 * Blocks keep the intervals' autocorrelation (a slow stretch lasts several seconds) inside each
 * draw. Blocks are {@link #blockLength(int)} intervals long, the usual n^(1/3) rule: measured, blocks
 * as long as {@link BatchMeans}'s batches (n / 5) leave a replicate only 5 pieces and the percentile
 * interval, which has no t quantile to widen it, covered a known p99 in 86.5% of windows. The interval
 * is the 2.5th to 97.5th percentile of the replicates. The seed is fixed by the caller, so a report redrawn gives the same interval.
 */
public final class PercentileBootstrap {

  /** Replicates per interval: the 2.5% and 97.5% points of 1,000 rest on 25 replicates each side. */
  public static final int REPLICATES = 1000;

  private PercentileBootstrap() {
  }

  public static PercentileInterval of(List<LatencyHistogram> intervals, double percentile, long seed) {
    return of(intervals, percentile, blockLength(intervals.size()), REPLICATES, seed);
  }

  /** Intervals per block for a window of {@code n}: the cube root of n, rounded, at least 1 (60 intervals: blocks of 4). */
  public static int blockLength(int n) {
    return Math.max(1, (int) Math.round(Math.cbrt(n)));
  }

  public static PercentileInterval of(List<LatencyHistogram> intervals, double percentile, int blockLength,
      int replicates, long seed) {
    if (!(percentile > 0 && percentile <= 100)) {
      throw new IllegalArgumentException("percentile " + percentile + " must be in (0, 100]");
    }
    int n = intervals.size();
    if (n == 0 || blockLength < 1 || replicates < 1) {
      throw new IllegalArgumentException(n + " intervals, block " + blockLength + ", " + replicates
          + " replicates: need at least one of each");
    }
    // one grid of every bound any interval uses: a replicate sums counts on it and scans once
    TreeSet<Long> all = new TreeSet<>();
    for (LatencyHistogram h : intervals) {
      for (long b : h.upperBounds()) {
        all.add(b);
      }
    }
    long[] grid = all.stream().mapToLong(Long::longValue).toArray();
    int[][] index = new int[n][];
    long[][] counts = new long[n][];
    for (int i = 0; i < n; i++) {
      long[] bounds = intervals.get(i).upperBounds();
      index[i] = new int[bounds.length];
      for (int k = 0; k < bounds.length; k++) {
        index[i][k] = Arrays.binarySearch(grid, bounds[k]);
      }
      counts[i] = intervals.get(i).counts();
    }
    long[] merged = new long[grid.length];
    for (int i = 0; i < n; i++) {
      add(merged, index[i], counts[i]);
    }
    if (Arrays.stream(merged).sum() == 0) {
      throw new IllegalArgumentException("no operations in " + n + " intervals: a percentile needs at least one");
    }
    long value = percentile(grid, merged, Arrays.stream(merged).sum(), percentile);
    SplittableRandom random = new SplittableRandom(seed);
    long[] reps = new long[replicates];
    int filled = 0;
    long[] totals = new long[n];
    for (int i = 0; i < n; i++) {
      totals[i] = intervals.get(i).total();
    }
    while (filled < replicates) {
      Arrays.fill(merged, 0);
      long total = 0;
      for (int drawn = 0; drawn < n; ) {
        int start = random.nextInt(n);
        for (int k = 0; k < blockLength && drawn < n; k++, drawn++) {
          int i = (start + k) % n;
          add(merged, index[i], counts[i]);
          total += totals[i];
        }
      }
      if (total > 0) {
        reps[filled++] = percentile(grid, merged, total, percentile);
      }
    }
    Arrays.sort(reps);
    long low = reps[(int) Math.floor(0.025 * (replicates - 1))];
    long high = reps[(int) Math.ceil(0.975 * (replicates - 1))];
    return new PercentileInterval(percentile, value, low, high, n, blockLength, replicates);
  }

  private static void add(long[] merged, int[] index, long[] counts) {
    for (int k = 0; k < index.length; k++) {
      merged[index[k]] += counts[k];
    }
  }

  /** The smallest bound with at least {@code percentile}% of the operations at or below it (HdrHistogram's rule). */
  static long percentile(long[] grid, long[] counts, double percentile) {
    return percentile(grid, counts, Arrays.stream(counts).sum(), percentile);
  }

  private static long percentile(long[] grid, long[] counts, long total, double percentile) {
    long needed = Math.max(1, (long) Math.ceil(percentile / 100 * total));
    if (percentile <= 50) {
      long seen = 0;
      for (int i = 0; i < grid.length; i++) {
        seen += counts[i];
        if (seen >= needed) {
          return grid[i];
        }
      }
      return grid[grid.length - 1];
    }
    // a high percentile is nearer the top: walk down while the bucket below still holds enough
    long below = total;
    int i = grid.length - 1;
    while (i > 0 && below - counts[i] >= needed) {
      below -= counts[i];
      i--;
    }
    return grid[i];
  }
}
