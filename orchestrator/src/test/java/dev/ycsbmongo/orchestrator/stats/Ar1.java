package dev.ycsbmongo.orchestrator.stats;

import java.util.Random;

/**
 * Synthetic per-second throughput with a known mean and autocorrelation: an AR(1) series
 * {@code x_t = mean + phi (x_{t-1} - mean) + e_t}, started from its stationary distribution so
 * every value has the same mean and variance (no ramp to cut), its marginal standard deviation
 * {@code sd} whatever phi is.
 */
record Ar1(double mean, double sd, double phi) {

  double[] series(int n, Random random) {
    double innovation = sd * Math.sqrt(1 - phi * phi);
    double[] xs = new double[n];
    double dev = sd * random.nextGaussian();
    for (int i = 0; i < n; i++) {
      if (i > 0) {
        dev = phi * dev + innovation * random.nextGaussian();
      }
      xs[i] = mean + dev;
    }
    return xs;
  }

  /** The series with {@code shift} (a share of the mean) added to its second half: a level shift. */
  double[] shifted(int n, double shift, Random random) {
    double[] xs = series(n, random);
    for (int i = n / 2; i < n; i++) {
      xs[i] += shift * mean;
    }
    return xs;
  }

  /** The series with a linear drift of {@code total} (a share of the mean) from its first value to its last. */
  double[] drifting(int n, double total, Random random) {
    double[] xs = series(n, random);
    for (int i = 0; i < n; i++) {
      xs[i] += total * mean * (i - (n - 1) / 2.0) / Math.max(1, n - 1);
    }
    return xs;
  }
}
