package dev.ycsbmongo.orchestrator.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ycsbmongo.orchestrator.results.Ci;
import dev.ycsbmongo.orchestrator.results.OperationStats;
import dev.ycsbmongo.orchestrator.results.PhaseResult;
import dev.ycsbmongo.orchestrator.results.ResultFixtures;
import dev.ycsbmongo.orchestrator.results.WindowStats;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The steady figures' intervals in summary.md ("10,000 ± 2.0%") and summary.csv ({@code _ci_low}, {@code _ci_high}). */
class SummaryIntervalsTest {

  /**
   * {@code r} with intervals on its steady figures: throughput ±{@code relative} (5 batch means), each operation's
   * average ±{@code relative} and p99 ±2x that (a bootstrap's, without degrees of freedom).
   */
  static PhaseResult withCi(PhaseResult r, double relative) {
    WindowStats s = r.steady();
    double t = s.throughputOpsPerSec();
    List<OperationStats> ops = new ArrayList<>();
    for (OperationStats o : s.operationStats()) {
      ops.add(o.withCis(new Ci(o.avgMicros() * (1 - relative), o.avgMicros() * (1 + relative), 4),
          new Ci(o.p99Micros() * (1 - 2 * relative), o.p99Micros() * (1 + 2 * relative), null)));
    }
    return r.toBuilder().steady(s.withThroughputCi(new Ci(t * (1 - relative), t * (1 + relative), 4))
        .withOperationStats(ops)).build();
  }

  private static PhaseResult cell() {
    return ResultFixtures.run(2, "aws-medium", "rw-50-50", 8, 1, 400, 600, 300_000, 300_000, ResultFixtures.MONGO);
  }

  @Test
  void showsASteadyFigureWithItsRelativeHalfWidthAndSaysWhatItIsOnce() {
    String md = SummaryMarkdown.render(List.of(withCi(cell(), 0.021)));
    // whole run bare, steady with its interval: throughput, RAL, WAL, p99 read, p99 write
    assertTrue(md.contains("| 10,100 | 10,000 ± 2.1% | 3 (0.00%) | 400 | 360 ± 2.1% | 600 | 540 ± 2.1% | 1,000 ± 4.2%"
        + " | 1,500 ± 4.2% |"), md);
    assertEquals(1, md.split("95% interval within the run", -1).length - 1, md);
    assertTrue(md.contains(FigureIntervals.WHOLE_RUN_NOTE), md);
  }

  @Test
  void recordsWithoutIntervalsShowTheBareFigureAndNoNote() {
    String md = SummaryMarkdown.render(List.of(cell()));
    assertTrue(md.contains("| 10,100 | 10,000 | 3 (0.00%) | 400 | 360 | 600 | 540 | 1,000 | 1,500 |"), md);
    assertFalse(md.contains("±"), md);
    assertFalse(md.contains("interval"), md);
  }

  @Test
  void repetitionsShowTheirRangeNotOneRunsInterval() {
    List<PhaseResult> reps = new ArrayList<>();
    for (int rep = 1; rep <= 2; rep++) {
      reps.add(withCi(ResultFixtures.run(1 + rep, "t", "rw-50-50", 8, rep, 400, 600, 300_000 + rep * 10_000,
          300_000, ResultFixtures.MONGO), 0.02));
    }
    String md = SummaryMarkdown.render(reps);
    assertTrue(md.contains("(n=2, "), md);
    assertFalse(java.util.regex.Pattern.compile("\\d ± \\d").matcher(md).find(),
        "the mean of two runs is not either run's figure: " + md);
  }

  @Test
  void writesTheIntervalsEndsBesideEachSteadyFigure() {
    String csv = SummaryCsv.render(List.of(withCi(cell(), 0.02), ResultFixtures.run(3, "aws-medium", "rw-50-50", 16, 1,
        400, 600, 300_000, 300_000, ResultFixtures.MONGO)));
    List<String> head = List.of(csv.lines().findFirst().orElseThrow().split(","));
    assertEquals(head.indexOf("throughput_steady_ops_per_sec") + 1, head.indexOf("throughput_steady_ops_per_sec_ci_low"));
    assertEquals(head.indexOf("throughput_steady_ops_per_sec") + 2, head.indexOf("throughput_steady_ops_per_sec_ci_high"));
    assertFalse(head.contains("throughput_whole_ops_per_sec_ci_low"), "whole-run figures carry no interval");
    List<String> with = List.of(csv.lines().skip(1).findFirst().orElseThrow().split(",", -1));
    assertEquals("9800.00", with.get(head.indexOf("throughput_steady_ops_per_sec_ci_low")));
    assertEquals("10200.00", with.get(head.indexOf("throughput_steady_ops_per_sec_ci_high")));
    assertEquals("352.80", with.get(head.indexOf("read_avg_steady_us_ci_low")));
    assertEquals("960.00", with.get(head.indexOf("read_p99_steady_us_ci_low")));
    assertEquals("529.20", with.get(head.indexOf("write_avg_steady_us_ci_low")));
    assertEquals("1560.00", with.get(head.indexOf("write_p99_steady_us_ci_high")));
    List<String> without = List.of(csv.lines().skip(2).findFirst().orElseThrow().split(",", -1));
    assertEquals("", without.get(head.indexOf("throughput_steady_ops_per_sec_ci_low")), "unknown: empty");
    assertEquals("", without.get(head.indexOf("write_p99_steady_us_ci_high")));
  }

  @Test
  void aChangeTableGivesEachChangeItsIntervalAndSaysWhatItIs() {
    PhaseResult eight = withCi(cell(), 0.02);
    PhaseResult sixteen = withCi(ResultFixtures.run(3, "aws-medium", "rw-50-50", 16, 1, 700, 900, 500_000, 500_000,
        ResultFixtures.MONGO), 0.02);
    String md = SummaryMarkdown.render(List.of(eight, sixteen));
    assertTrue(md.contains("| +66.7% (+"), md);
    assertTrue(md.contains(", within-run only) |"), md);
    assertTrue(md.contains(ChangeTables.INTERVALS), md);
    // far apart within ±2%: significant, never marked
    assertFalse(md.contains(") (n.s.)"), md);
    String old = SummaryMarkdown.render(List.of(cell(), ResultFixtures.run(3, "aws-medium", "rw-50-50", 16, 1, 700,
        900, 500_000, 500_000, ResultFixtures.MONGO)));
    assertTrue(old.contains("| +66.7% | +75.0% | +50.0% |"), "without intervals, as before: " + old);
    assertFalse(old.contains(ChangeTables.INTERVALS), old);
  }

  @Test
  void combinesTheWritesIntervalsAsWalCombinesTheirAverages() {
    WindowStats w = ResultFixtures.window(WindowStats.STEADY, 10, 50, List.of(
        ResultFixtures.op("UPDATE", 300, 100, 500, java.util.Map.of()).withCis(new Ci(90, 110, 4), null),
        ResultFixtures.op("INSERT", 100, 200, 900, java.util.Map.of()).withCis(new Ci(160, 240, 9), null)));
    Ci wal = FigureIntervals.wal(w);
    // WAL = 0.75 * 100 + 0.25 * 200 = 125; half-width sqrt((0.75 * 10)^2 + (0.25 * 40)^2) = 12.5
    assertEquals(112.5, wal.low(), 1e-9);
    assertEquals(137.5, wal.high(), 1e-9);
    assertEquals(4, wal.df());
  }
}
