package dev.ycsbmongo.orchestrator.exec;

import dev.ycsbmongo.orchestrator.stats.PrecisionRule;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ycsbmongo.orchestrator.plan.Acceptance;
import dev.ycsbmongo.orchestrator.results.OperationStats;
import dev.ycsbmongo.orchestrator.results.Precision;
import dev.ycsbmongo.orchestrator.results.WindowStats;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

class CellPrecisionTest {

  private static double[] noisy(int n, double mean, double spread, long seed) {
    Random r = new Random(seed);
    double[] xs = new double[n];
    for (int i = 0; i < n; i++) {
      xs[i] = mean * (1 + spread * r.nextGaussian());
    }
    return xs;
  }

  private static List<Histogram> histograms(int n, long seed) {
    Random r = new Random(seed);
    List<Histogram> out = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      Histogram h = new Histogram(3);
      for (int k = 0; k < 500; k++) {
        h.recordValue(100 + (long) (400 * -Math.log(1 - r.nextDouble())));
      }
      out.add(h);
    }
    return out;
  }

  private static WindowStats steady(double throughput) {
    OperationStats read = new OperationStats("READ", 30_000, Map.of(), 500.0, 100L, 380L, 1300L, 1900L, 2900L, 5000L);
    return new WindowStats(WindowStats.STEADY, 2, 60, 30_000, 0, throughput, 0, List.of(read));
  }

  @Test
  void fillsTheThroughputAndLatencyIntervalsAroundTheWindowsFigures() {
    double[] series = noisy(60, 500, 0.05, 1);
    List<Histogram> hs = histograms(60, 2);
    WindowStats w = CellPrecision.withIntervals(steady(500), series, Map.of("READ", hs), CellPrecision.seed("p1"), Double.NaN);
    assertNotNull(w.throughputCi());
    assertEquals(4, w.throughputCi().df());
    assertEquals(500, (w.throughputCi().low() + w.throughputCi().high()) / 2, 0.01, "centred on the window's figure");
    double rel = w.throughputCi().relativeHalfWidth(500);
    assertTrue(rel > 0.005 && rel < 0.08, "±" + rel);
    OperationStats read = w.operationStats().get(0);
    Histogram all = new Histogram(3);
    hs.forEach(all::add);
    assertTrue(read.avgCi().contains(all.getMean()), read.avgCi() + " " + all.getMean());
    assertTrue(read.p99Ci().contains(all.getValueAtPercentile(99)), read.p99Ci() + " " + all.getValueAtPercentile(99));
    assertNull(read.p99Ci().df(), "a bootstrap interval has no degrees of freedom");
    // the same phase read again draws the same bootstrap
    assertEquals(read, CellPrecision.withIntervals(steady(500), series, Map.of("READ", hs), CellPrecision.seed("p1"),
        Double.NaN).operationStats().get(0));
  }

  @Test
  void aRunStoppedEarlyStatesItsThroughputToTheTarget() {
    double[] flat = new double[40];
    java.util.Arrays.fill(flat, 1000);
    flat[3] = 1001;
    WindowStats w = CellPrecision.withIntervals(steady(1000), flat, Map.of(), 1, 0.05);
    assertEquals(950, w.throughputCi().low(), 0.01);
    assertEquals(1050, w.throughputCi().high(), 0.01);
  }

  @Test
  void aWideIntervalStopsAtZero() {
    double[] rising = {10, 20, 40, 80, 160, 320, 640, 1280, 2560, 5120};
    WindowStats w = CellPrecision.withIntervals(steady(1000), rising, Map.of(), 1, Double.NaN);
    assertEquals(0, w.throughputCi().low());
    assertTrue(w.throughputCi().high() > 2000);
  }

  @Test
  void leavesOutWhatTooFewIntervalsCannotState() {
    WindowStats w = CellPrecision.withIntervals(steady(500), new double[] {500, 510, 490}, Map.of("READ", histograms(3, 1)),
        1, Double.NaN);
    assertNull(w.throughputCi());
    assertNull(w.operationStats().get(0).avgCi());
    assertNull(w.operationStats().get(0).p99Ci());
  }

  @Test
  void recordsTheJudgementWithItsFigures() {
    Precision p = CellPrecision.judge(noisy(60, 500, 0.05, 1), CellPrecision.rule(Acceptance.defaults(), 1), null);
    assertEquals(Precision.PRECISE, p.verdict());
    assertEquals(0.05, p.target());
    assertEquals(5, p.batches());
    assertTrue(p.relativeHalfWidth() < 0.05 && p.lag1() != null && p.trendP() != null);
    assertTrue(p.reason().startsWith("precise: ±") && p.reason().endsWith("after 60 s"), p.reason());
    Precision stopped = CellPrecision.judge(noisy(30, 500, 0.05, 1), CellPrecision.rule(Acceptance.defaults(), 1), 31.0);
    assertTrue(stopped.stoppedEarly());
    assertEquals(31.0, stopped.stoppedAtSeconds());
    assertTrue(stopped.reason().endsWith("; stopped early at 31 s, stated to the target"), stopped.reason());
  }

  @Test
  void aStoppedCellIsJudgedByTheSameRuleAsAnyOther() {
    // no rule of its own: the record judges the seconds the stop was decided on (LiveStopSeriesTest), and
    // seconds that are not precise stay so, stopped or not
    PrecisionRule rule = CellPrecision.rule(Acceptance.defaults(), 1);
    double[] wide = noisy(26, 500, 0.25, 3);  // ±5% is out of reach for these seconds alone

    Precision stopped = CellPrecision.judge(wide, rule, 40.0);

    assertEquals(Precision.NOT_PRECISE, stopped.verdict(), stopped.reason());
    assertTrue(stopped.stoppedEarly());
    assertTrue(stopped.reason().startsWith("not precise: ±") && stopped.reason().endsWith("; stopped early at 40 s"),
        stopped.reason());
  }
}
