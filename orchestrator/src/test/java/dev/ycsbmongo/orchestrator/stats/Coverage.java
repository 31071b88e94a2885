package dev.ycsbmongo.orchestrator.stats;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;

/**
 * Measured behaviour of this package's intervals and rules on synthetic AR(1) series: what
 * {@code CoverageTest}, {@code PrecisionRuleTest} and {@code bench/ci-coverage.sh} (through
 * {@link CoverageTable}) report. Every figure comes from a fixed seed, so a test on it cannot flake.
 */
final class Coverage {

  static final double MEAN = 1000;
  /** Per-second standard deviation: a coefficient of variation of 10%, as a lively steady window has. */
  static final double SD = 100;
  static final long SEED = 20261126L;

  private Coverage() {
  }

  /**
   * Share of replicates whose batch-means interval holds the true mean, and their average relative
   * half-width; {@code batches} 0 means sqrt(n) batches.
   */
  static double[] batchMeans(double phi, int n, int batches, int replicates) {
    Random r = new Random(SEED + n * 31L + Math.round(phi * 100));
    Ar1 g = new Ar1(MEAN, SD, phi);
    int cover = 0;
    double width = 0;
    for (int i = 0; i < replicates; i++) {
      MeanInterval m = BatchMeans.of(g.series(n, r), batches > 0 ? batches : (int) Math.sqrt(n));
      cover += m.contains(MEAN) ? 1 : 0;
      width += m.relativeHalfWidth();
    }
    return new double[] {(double) cover / replicates, width / replicates};
  }

  /** Share of replicates whose interval holds the window's true mean when its second half is shifted by {@code shift}. */
  static double levelShift(double phi, int n, double shift, int replicates) {
    Random r = new Random(SEED + 7 + n);
    Ar1 g = new Ar1(MEAN, SD, phi);
    double truth = MEAN * (1 + shift * (n - n / 2) / (double) n);
    int cover = 0;
    for (int i = 0; i < replicates; i++) {
      cover += BatchMeans.of(g.shifted(n, shift, r)).contains(truth) ? 1 : 0;
    }
    return (double) cover / replicates;
  }

  /** Share of {@code series} the rule gives each verdict: {precise, not precise, drifting}. */
  static double[] verdicts(PrecisionRule rule, double phi, int n, double drift, boolean step, int replicates) {
    Random r = new Random(SEED + 11 + n * 7L + Math.round(phi * 100) + Math.round(drift * 1000));
    Ar1 g = new Ar1(MEAN, SD, phi);
    double[] shares = new double[3];
    for (int i = 0; i < replicates; i++) {
      double[] xs = drift == 0 ? g.series(n, r) : step ? g.shifted(n, drift, r) : g.drifting(n, drift, r);
      shares[rule.judge(xs).verdict().ordinal()] += 1.0 / replicates;
    }
    return shares;
  }

  /**
   * Runs that stop early: each checks every {@code stop.checkEvery()} values from the rule's minimum
   * window and stops when {@link EarlyStop#precisionReached} says so, or at {@code budget} values.
   * Returns {share stopped early, coverage of the stopped runs' intervals, their mean length,
   * coverage of a fixed-length run of the budget, coverage of the stopped runs' mean ± the target
   * precision (what they state), share of all runs that stopped and missed the truth by more than the target}.
   */
  static double[] earlyStop(EarlyStop stop, double phi, int budget, int replicates) {
    Random r = new Random(SEED + 13 + budget + Math.round(phi * 100));
    Ar1 g = new Ar1(MEAN, SD, phi);
    int stopped = 0;
    int stoppedCover = 0;
    double length = 0;
    int fixedCover = 0;
    int targetCover = 0;
    for (int i = 0; i < replicates; i++) {
      double[] xs = g.series(budget, r);
      fixedCover += BatchMeans.of(xs).contains(MEAN) ? 1 : 0;
      for (int n = stop.rule().minValues(); n <= budget; n += stop.checkEvery()) {
        double[] soFar = Arrays.copyOf(xs, n);
        if (stop.precisionReached(soFar)) {
          stopped++;
          MeanInterval m = BatchMeans.of(soFar);
          stoppedCover += m.contains(MEAN) ? 1 : 0;
          targetCover += Math.abs(m.mean() - MEAN) <= stop.rule().precision() * m.mean() ? 1 : 0;
          length += n;
          break;
        }
      }
    }
    return new double[] {(double) stopped / replicates, stopped == 0 ? Double.NaN : (double) stoppedCover / stopped,
        stopped == 0 ? Double.NaN : length / stopped, (double) fixedCover / replicates,
        stopped == 0 ? Double.NaN : (double) targetCover / stopped, (double) (stopped - targetCover) / replicates};
  }

  /** As {@link #earlyStop}, without the guard of two precise checks in a row: the first precise check stops. */
  static double[] earlyStopOnce(PrecisionRule rule, int checkEvery, double phi, int budget, int replicates) {
    Random r = new Random(SEED + 13 + budget + Math.round(phi * 100));
    Ar1 g = new Ar1(MEAN, SD, phi);
    int stopped = 0;
    int stoppedCover = 0;
    for (int i = 0; i < replicates; i++) {
      double[] xs = g.series(budget, r);
      for (int n = rule.minValues(); n <= budget; n += checkEvery) {
        double[] soFar = Arrays.copyOf(xs, n);
        if (rule.judge(soFar).precise()) {
          stopped++;
          stoppedCover += BatchMeans.of(soFar).contains(MEAN) ? 1 : 0;
          break;
        }
      }
    }
    return new double[] {(double) stopped / replicates, stopped == 0 ? Double.NaN : (double) stoppedCover / stopped};
  }

  /**
   * Share of windows whose {@link LatencyMean} interval holds the true average: per-interval
   * averages an AR(1) of {@code phi} around 500 µs (sd 50), operation counts 800-1,199 independently.
   */
  static double latencyMean(double phi, int n, int replicates) {
    Random r = new Random(SEED + 17 + n);
    Ar1 averages = new Ar1(500, 50, phi);
    int cover = 0;
    for (int i = 0; i < replicates; i++) {
      double[] a = averages.series(n, r);
      List<IntervalLatency> xs = new ArrayList<>();
      for (double v : a) {
        xs.add(new IntervalLatency(800 + r.nextInt(400), v));
      }
      cover += LatencyMean.of(xs).contains(500) ? 1 : 0;
    }
    return (double) cover / replicates;
  }

  /**
   * Share of windows whose {@link PercentileBootstrap} interval holds the true percentile:
   * exponential latencies of mean 1,000 µs ({@code p} percentile {@code -1000 ln(1 - p/100)}),
   * {@code n} intervals of {@code perInterval} operations, 500 bootstrap replicates each.
   */
  static double percentile(double p, int n, int perInterval, int windows) {
    Random r = new Random(SEED + 19 + n);
    double truth = -1000 * Math.log(1 - p / 100);
    int cover = 0;
    for (int i = 0; i < windows; i++) {
      List<LatencyHistogram> xs = exponentialIntervals(r, n, perInterval);
      cover += PercentileBootstrap.of(xs, p, PercentileBootstrap.blockLength(n), 500, i).contains(truth) ? 1 : 0;
    }
    return (double) cover / windows;
  }

  /**
   * {@code n} intervals of {@code perInterval} exponential latencies of mean 1,000 µs, each as
   * one-microsecond buckets (what an HDR histogram of 3 significant digits holds below 2,048 µs;
   * built directly because thousands of HDR histograms per case made the check slow).
   */
  static List<LatencyHistogram> exponentialIntervals(Random r, int n, int perInterval) {
    List<LatencyHistogram> out = new ArrayList<>();
    long[] values = new long[perInterval];
    for (int i = 0; i < n; i++) {
      for (int k = 0; k < perInterval; k++) {
        values[k] = Math.round(-1000 * Math.log(1 - r.nextDouble()));
      }
      Arrays.sort(values);
      long[] bounds = new long[perInterval];
      long[] counts = new long[perInterval];
      int b = -1;
      for (long v : values) {
        if (b < 0 || bounds[b] != v) {
          bounds[++b] = v;
        }
        counts[b]++;
      }
      out.add(new LatencyHistogram(Arrays.copyOf(bounds, b + 1), Arrays.copyOf(counts, b + 1)));
    }
    return out;
  }
}
