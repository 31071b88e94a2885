package dev.ycsbmongo.orchestrator.stats;

import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The batch-means interval's coverage on AR(1) series of known mean, 2,000 replicates per case
 * (fixed seeds): within 92.5-97.5% (the binomial standard error at 95% is 0.5%, so the band is
 * wide enough not to flake on a changed seed and narrow enough to catch a wrong t quantile or
 * variance) where the method claims it, and the measured shortfall where it does not.
 */
class CoverageTest {

  private static final int REPLICATES = 2000;

  @ParameterizedTest(name = "phi {0}, n {1}")
  @CsvSource({"0, 20", "0, 30", "0, 60", "0, 120", "0, 300", "0.5, 60", "0.5, 120", "0.5, 300",
      "0.8, 120", "0.8, 300"})
  void coversWhereClaimed(double phi, int n) {
    double[] c = Coverage.batchMeans(phi, n, BatchMeans.DEFAULT_BATCHES, REPLICATES);
    assertTrue(c[0] >= 0.925 && c[0] <= 0.975, "coverage " + c[0] + " at phi " + phi + ", n " + n);
  }

  /** A lag-1 correlation of 0.5 in 30 values: slightly under (measured 92.4-93.7% over seeds), not refused. */
  @ParameterizedTest(name = "phi {0}, n {1}")
  @CsvSource({"0.5, 20", "0.5, 30"})
  void nearlyCoversShortModeratelyCorrelated(double phi, int n) {
    double[] c = Coverage.batchMeans(phi, n, BatchMeans.DEFAULT_BATCHES, REPLICATES);
    assertTrue(c[0] >= 0.90 && c[0] < 0.95, "coverage " + c[0] + " at phi " + phi + ", n " + n);
  }

  /** Where the interval is not claimed: too short for its autocorrelation. The rule must refuse these (see PrecisionRuleTest). */
  @ParameterizedTest(name = "phi {0}, n {1}")
  @CsvSource({"0.8, 30, 0.90", "0.95, 60, 0.80", "0.95, 120, 0.90"})
  void underCoversWhenTooShortForItsCorrelation(double phi, int n, double below) {
    double[] c = Coverage.batchMeans(phi, n, BatchMeans.DEFAULT_BATCHES, REPLICATES);
    assertTrue(c[0] < below, "coverage " + c[0] + " at phi " + phi + ", n " + n + " was expected under " + below);
  }

  @ParameterizedTest(name = "n {0}")
  @CsvSource({"30", "60", "120"})
  void levelShiftStillCoversTheWindowsMean(int n) {
    assertTrue(Coverage.levelShift(0.5, n, 0.10, REPLICATES) >= 0.925);
  }
}
