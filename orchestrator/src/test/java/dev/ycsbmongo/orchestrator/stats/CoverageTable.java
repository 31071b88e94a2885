package dev.ycsbmongo.orchestrator.stats;

import java.util.Locale;

/**
 * Prints the coverage, verdict and early-stop tables that {@code bench/ci-coverage.sh} shows and
 * BENCHMARKS.md quotes. Arguments: replicates per case (default 2,000).
 */
public final class CoverageTable {

  private static final int[] LENGTHS = {20, 30, 60, 120, 300};
  private static final double[] PHIS = {0, 0.5, 0.8, 0.95};

  private CoverageTable() {
  }

  public static void main(String[] args) {
    int reps = args.length > 0 ? Integer.parseInt(args[0]) : 2000;
    System.out.printf(Locale.ROOT, "AR(1), mean %.0f, sd %.0f (CV 10%%), %d replicates per case, seed %d%n",
        Coverage.MEAN, Coverage.SD, reps, Coverage.SEED);
    for (int batches : new int[] {BatchMeans.DEFAULT_BATCHES, 10, 0}) {
      System.out.printf(Locale.ROOT, "%nbatch means, %s batches: coverage of the true mean (mean relative half-width)%n",
          batches > 0 ? String.valueOf(batches) : "sqrt(n)");
      System.out.print("phi   ");
      for (int n : LENGTHS) {
        System.out.printf(Locale.ROOT, "| n=%-13d", n);
      }
      System.out.println();
      for (double phi : PHIS) {
        System.out.printf(Locale.ROOT, "%.2f  ", phi);
        for (int n : LENGTHS) {
          double[] c = Coverage.batchMeans(phi, n, batches, reps);
          System.out.printf(Locale.ROOT, "| %5.1f%% (±%4.1f%%)", 100 * c[0], 100 * c[1]);
        }
        System.out.println();
      }
    }
    System.out.printf(Locale.ROOT, "%nlevel shift of +10%% at mid-window, phi 0.5: coverage of the window's mean%n");
    for (int n : LENGTHS) {
      System.out.printf(Locale.ROOT, "  n=%d: %.1f%%%n", n, 100 * Coverage.levelShift(0.5, n, 0.10, reps));
    }
    System.out.printf(Locale.ROOT, "%naverage latency (LatencyMean, 5 batches), AR(1) per-interval averages: coverage%n");
    for (double phi : new double[] {0, 0.5, 0.8}) {
      for (int n : new int[] {30, 60, 120}) {
        System.out.printf(Locale.ROOT, "  phi %.1f n=%3d: %5.1f%%%n", phi, n, 100 * Coverage.latencyMean(phi, n, reps));
      }
    }
    int windows = Math.max(50, reps / 10);
    System.out.printf(Locale.ROOT, "%npercentiles (PercentileBootstrap, blocks of n^(1/3), 500 replicates), exponential"
        + " latencies, 400 operations per interval, %d windows: coverage%n", windows);
    for (double p : new double[] {50, 99, 99.9}) {
      for (int n : new int[] {30, 60}) {
        System.out.printf(Locale.ROOT, "  p%s n=%d: %5.1f%%%n", p == Math.rint(p) ? String.valueOf((long) p) : p, n,
            100 * Coverage.percentile(p, n, 400, windows));
      }
    }
    PrecisionRule rule = PrecisionRule.perSecond(0.03, 30);
    System.out.printf(Locale.ROOT, "%nprecision rule ±3%%, minimum 30 s: share precise / not precise / drifting%n");
    for (double phi : new double[] {0, 0.5, 0.8}) {
      for (int n : new int[] {30, 60, 120, 300}) {
        verdictRow("stationary", rule, phi, n, 0, false, reps);
      }
    }
    for (double drift : new double[] {0.05, 0.10, 0.20}) {
      for (int n : new int[] {30, 60, 120}) {
        verdictRow("linear drift " + Math.round(drift * 100) + "%", rule, 0.5, n, drift, false, reps);
        verdictRow("level shift " + Math.round(drift * 100) + "%", rule, 0.5, n, drift, true, reps);
      }
    }
    System.out.printf(Locale.ROOT, "%nearly stop (EarlyStop): ±3%%, minimum 30 s, checks every 5 s, two precise checks in a row"
        + " and sqrt(n) batches within the target; a stopped run states mean ± 3%%%n");
    for (double phi : new double[] {0, 0.5, 0.8}) {
      for (int budget : new int[] {60, 120, 300}) {
        EarlyStop stop = new EarlyStop(rule, 5);
        double[] e = Coverage.earlyStop(stop, phi, budget, reps);
        double[] once = Coverage.earlyStopOnce(rule, 5, phi, budget, reps);
        System.out.printf(Locale.ROOT, "  phi %.1f budget %3d s: stopped early %5.1f%% (mean %5.1f s),"
            + " own-interval coverage %5.1f%%, ±3%% holds the truth %5.1f%% (runs stopped wrongly %4.1f%%)%n",
            phi, budget, 100 * e[0], e[2], 100 * e[1], 100 * e[4], 100 * e[5]);
        System.out.printf(Locale.ROOT, "      | first precise check stops: stopped %5.1f%%, own-interval coverage %5.1f%%"
            + " | fixed %d s: coverage %5.1f%%%n", 100 * once[0], 100 * once[1], budget, 100 * e[3]);
      }
    }
  }

  private static void verdictRow(String what, PrecisionRule rule, double phi, int n, double drift, boolean step,
      int reps) {
    double[] v = Coverage.verdicts(rule, phi, n, drift, step, reps);
    System.out.printf(Locale.ROOT, "  %-18s phi %.1f n=%3d: %5.1f%% / %5.1f%% / %5.1f%%%n", what, phi, n, 100 * v[0],
        100 * v[1], 100 * v[2]);
  }
}
