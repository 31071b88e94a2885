package dev.ycsbmongo.orchestrator.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

class LatencyMeanTest {

  @Test
  void weightedByOperations() {
    // 1,000 operations at 100 µs and 3,000 at 200 µs: 700,000 / 4,000 = 175 µs (not the 150 of the two averages);
    // an idle interval (0 operations, no average) weighs nothing
    MeanInterval m = LatencyMean.of(List.of(new IntervalLatency(1000, 100), new IntervalLatency(3000, 200),
        new IntervalLatency(0, Double.NaN)));
    assertEquals(175, m.mean(), 1e-9);
    assertFalse(m.known(), "3 intervals are too few for an interval");
  }

  @Test
  void handComputedRatioInterval() {
    // 4 intervals in 4 batches (of one): L = 100k, 240k, 90k, 160k; C = 1000, 1200, 900, 800; R = 590k / 3900
    List<IntervalLatency> xs = List.of(new IntervalLatency(1000, 100), new IntervalLatency(1200, 200),
        new IntervalLatency(900, 100), new IntervalLatency(800, 200));
    double r = 590_000.0 / 3900;
    double meanC = 3900 / 4.0;
    double[] l = {100_000, 240_000, 90_000, 160_000};
    double[] c = {1000, 1200, 900, 800};
    double ss = 0;
    for (int j = 0; j < 4; j++) {
      double z = (l[j] - r * c[j]) / meanC;
      ss += z * z;
    }
    double expected = 3.182446 * Math.sqrt(ss / 3 / 4);
    MeanInterval m = LatencyMean.of(xs, 4);
    assertEquals(r, m.mean(), 1e-9);
    assertEquals(expected, m.halfWidth(), 1e-4);
    assertEquals(3, m.df());
  }

  @Test
  void fromHdrHistograms() {
    Histogram a = new Histogram(3);
    a.recordValueWithCount(100, 1000);
    Histogram b = new Histogram(3);
    b.recordValueWithCount(200, 3000);
    MeanInterval m = LatencyMean.of(List.of(IntervalLatency.of(a), IntervalLatency.of(b), IntervalLatency.of(new Histogram(3))));
    assertEquals(175, m.mean(), 0.1);
  }

  @Test
  void noOperationsIsRefused() {
    assertThrows(IllegalArgumentException.class, () -> LatencyMean.of(List.of(new IntervalLatency(0, 0))));
  }

  /** Per-interval averages an AR(1) around 500 µs, counts varying independently: the interval holds 500 at 92.5-97.5%. */
  @Test
  void coversTheTrueAverage() {
    for (double phi : new double[] {0, 0.5}) {
      double c = Coverage.latencyMean(phi, 60, 2000);
      assertTrue(c >= 0.925 && c <= 0.975, "coverage " + c + " at phi " + phi);
    }
  }
}
