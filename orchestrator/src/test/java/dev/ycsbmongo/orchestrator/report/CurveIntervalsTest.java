package dev.ycsbmongo.orchestrator.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ycsbmongo.orchestrator.results.Ci;
import dev.ycsbmongo.orchestrator.results.PhaseResult;
import dev.ycsbmongo.orchestrator.results.ResultFixtures;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The best thread count with its interval: the peak's own, and whether it is told apart from the thread counts
 * beside it (the change's 95% interval, by the comparisons' rule). Steady throughput of the sweep below: 1 thread
 * 100, 2 threads 200, 4 threads 600, 8 threads 633 ops/s.
 */
class CurveIntervalsTest {

  private static List<PhaseResult> sweep(double relative) {
    int[] threads = {1, 2, 4, 8};
    long[] ops = {3000, 6000, 18000, 19000};
    List<PhaseResult> records = new ArrayList<>();
    for (int i = 0; i < threads.length; i++) {
      PhaseResult r = ResultFixtures.run(i + 1, "rs", "rw-50-50", threads[i], 1, 100, 300, ops[i], ops[i],
          ResultFixtures.MONGO);
      records.add(relative == 0 ? r : withCi(r, relative));
    }
    return records;
  }

  private static PhaseResult withCi(PhaseResult r, double relative) {
    double t = r.steady().throughputOpsPerSec();
    return r.toBuilder().steady(r.steady().withThroughputCi(new Ci(t * (1 - relative), t * (1 + relative), 4)))
        .build();
  }

  private static Curves.Curve curve(List<PhaseResult> records) {
    return Curves.of(records).values().iterator().next();
  }

  @Test
  void aPeakWithinItsNeighboursReachIsNotToldApartFromIt() {
    Curves.Curve c = curve(sweep(0.05));
    assertEquals(8, c.bestThreads());
    assertEquals(633.32, c.peakInterval().low() / 0.95, 0.01);
    assertEquals("633 ± 5.0%", c.peakText());
    assertEquals(List.of(4), c.notToldApart());
    assertTrue(c.neighboursText().startsWith("4 threads -5.3% (-"), c.neighboursText());
    assertTrue(c.neighboursText().endsWith(", within-run only) n.s."), c.neighboursText());
    assertEquals("8 (4 within 15%; not told apart from 4)", c.markedBest());
  }

  @Test
  void narrowIntervalsTellThePeakApartFromItsNeighbour() {
    Curves.Curve c = curve(sweep(0.005));
    assertEquals(List.of(), c.notToldApart());
    assertFalse(c.neighboursText().contains("n.s."), c.neighboursText());
    assertEquals("8 (4 within 15%)", c.markedBest(), "the run-to-run tolerance still names it");
  }

  @Test
  void aPeakInTheMiddleIsComparedWithBothNeighbours() {
    List<PhaseResult> records = new ArrayList<>(sweep(0.01));
    // 16 threads: fewer operations than 8, the peak now between 4 and 16
    records.add(withCi(ResultFixtures.run(5, "rs", "rw-50-50", 16, 1, 100, 300, 12000, 12000, ResultFixtures.MONGO),
        0.01));
    Curves.Curve c = curve(records);
    assertEquals(8, c.bestThreads());
    assertEquals(List.of(4, 16), c.neighbours().stream().map(Curves.Neighbour::threads).toList());
    assertTrue(c.neighbours().get(1).change().significant(), "400 against 633 ± 1%");
  }

  @Test
  void repetitionsGiveThePeakTheIntervalOfTheirMean() {
    List<PhaseResult> records = new ArrayList<>(sweep(0).subList(0, 3));
    for (int rep = 1; rep <= 3; rep++) {
      records.add(ResultFixtures.run(3 + rep, "rs", "rw-50-50", 8, rep, 100, 300, 18600 + rep * 300L,
          18600 + rep * 300L, ResultFixtures.MONGO));
    }
    Curves.Curve c = curve(records);
    assertEquals(8, c.bestThreads());
    Ci peak = c.peakInterval();
    assertNotNull(peak);
    assertTrue(peak.contains(c.peakThroughput()) && peak.low() < c.peakThroughput() * 0.99, peak.toString());
    assertEquals(3, peak.df() + 1, "t on the 3 repetitions' spread");
    assertEquals(List.of(), c.neighbours(), "4 threads: one repetition without an interval, no change can be stated");
  }

  /** 1, 2 and 4 threads at 100, 200 and 300 ops/s, the read latency rising from 100 µs to {@code last} at 4 threads. */
  private static List<PhaseResult> kneeAt2(double last, double relative) {
    List<PhaseResult> records = new ArrayList<>();
    int[] threads = {1, 2, 4};
    long[] ops = {3000, 6000, 9000};
    double[] ral = {100, 100, last};
    for (int i = 0; i < threads.length; i++) {
      records.add(SummaryIntervalsTest.withCi(ResultFixtures.run(i + 1, "rs", "rw-50-50", threads[i], 1, ral[i], 300,
          ops[i], ops[i], ResultFixtures.MONGO), relative));
    }
    return records;
  }

  @Test
  void aKneeIsCertainOnlyWhenItsStepHoldsOverBothIntervals() {
    Curves.Curve clear = curve(kneeAt2(400, 0.05));
    assertEquals(2, clear.kneeThreads());
    assertTrue(clear.kneeStep().certain(), "latency x4 against throughput x1.5");
    assertEquals("2", clear.markedKnee());
    Curves.Curve close = curve(kneeAt2(200, 0.05));
    assertEquals(2, close.kneeThreads(), "x2 against 1.25 x 1.5 = 1.875: a knee");
    assertFalse(close.kneeStep().certain(), "not over ±5% intervals");
    assertEquals("2 (not certain)", close.markedKnee());
    assertTrue(CurveSummary.markdown(kneeAt2(200, 0.05)).contains("| 2 (not certain) | - |"));
    assertTrue(CurveSummary.csv(kneeAt2(200, 0.05)).endsWith(",false\n"));
  }

  @Test
  void recordsWithoutIntervalsKeepTheirTablesAsBefore() {
    Curves.Curve c = curve(sweep(0));
    assertNull(c.peakInterval());
    assertFalse(c.hasIntervals());
    String md = CurveSummary.markdown(sweep(0));
    assertFalse(md.contains(CurveSummary.NEIGHBOURS), md);
    assertTrue(md.contains("| rs | 1, 2, 4, 8 | 8 (4 within 15%) | 633 | - | - |"), md);
    assertFalse(CurveSummary.csv(sweep(0)).contains("peak_ci_low"));
  }

  @Test
  void theSummaryShowsThePeakWithItsIntervalAndItsNeighbours() {
    String md = CurveSummary.markdown(sweep(0.05));
    assertTrue(md.contains(CurveSummary.INTERVALS_NOTE), md);
    assertTrue(md.contains("| Curve | Threads measured | Best threads | Peak throughput (ops/s) | "
        + CurveSummary.NEIGHBOURS + " | Knee (threads) | Not measured |"), md);
    assertTrue(md.contains("| rs | 1, 2, 4, 8 | 8 (4 within 15%; not told apart from 4) | 633 ± 5.0% | 4 threads -5.3%"),
        md);
    String csv = CurveSummary.csv(sweep(0.05));
    assertTrue(csv.startsWith("scenario,kind,target,thread_counts,best_threads,peak_throughput_ops_per_sec,"
        + "knee_threads,within_tolerance_of_peak,complete,not_measured,peak_ci_low,peak_ci_high,not_told_apart_from,"
        + "knee_certain\n"),
        csv);
    assertTrue(csv.contains(",601.65,664.99,4,\n"), csv);
  }
}
