package dev.ycsbmongo.orchestrator.report.compare;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ycsbmongo.orchestrator.plan.CompareSpec;
import dev.ycsbmongo.orchestrator.results.Ci;
import dev.ycsbmongo.orchestrator.results.OperationStats;
import dev.ycsbmongo.orchestrator.results.PhaseResult;
import dev.ycsbmongo.orchestrator.results.WindowStats;
import dev.ycsbmongo.orchestrator.stats.Change.Basis;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Significance from intervals: one repetition a side (within-run intervals, labelled so), three a side (Welch on the
 * repetitions' means), and records without intervals, which read exactly as before.
 */
class ChangeIntervalsTest {

  private static final CompareSpec CHAINING = CompareSpec.parse("server.chainingAllowed=true,false");

  /** {@code r} with a steady throughput interval of ±{@code relative} on 4 degrees of freedom (5 batch means). */
  static PhaseResult withCi(PhaseResult r, double relative) {
    WindowStats s = r.steady();
    double t = s.throughputOpsPerSec();
    List<OperationStats> ops = new ArrayList<>();
    for (OperationStats o : s.operationStats()) {
      double a = o.avgMicros();
      ops.add(o.withCis(new Ci(a * (1 - relative), a * (1 + relative), 4),
          new Ci(o.p99Micros() * (1 - 2 * relative), o.p99Micros() * (1 + 2 * relative), null)));
    }
    WindowStats steady = s.withThroughputCi(new Ci(t * (1 - relative), t * (1 + relative), 4)).withOperationStats(ops);
    return r.toBuilder().steady(steady).build();
  }

  private static Change throughput(List<PhaseResult> records) {
    Comparison c = Comparison.of(records, CHAINING);
    assertEquals(1, c.pairs().size(), c.toString());
    return c.pairs().get(0).change(Figure.THROUGHPUT);
  }

  @Test
  void oneRepetitionASideIsSignificantWhenTheWithinRunIntervalsAreNarrow() {
    Change ch = throughput(List.of(withCi(CompareFixtures.cell(1, "t", true, 1, 10, 400), 0.02),
        withCi(CompareFixtures.cell(2, "t", false, 1, 8, 500), 0.02)));
    assertEquals(-20.0, ch.percent(), 1e-9);
    assertNotNull(ch.interval());
    assertEquals(Basis.WITHIN_RUN, ch.interval().basis());
    assertTrue(ch.significant(), "±2% each side cannot hold a 20% drop: " + ch);
    assertTrue(ch.lowPercent() < -20 && ch.highPercent() > -20 && ch.highPercent() < 0, ch.toString());
    assertTrue(ComparisonMarkdown.interval(ch).endsWith(", within-run only)"), ComparisonMarkdown.interval(ch));
  }

  @Test
  void oneRepetitionASideIsNotSignificantWhenTheIntervalsAreWide() {
    Change ch = throughput(List.of(withCi(CompareFixtures.cell(1, "t", true, 1, 10, 400), 0.10),
        withCi(CompareFixtures.cell(2, "t", false, 1, 9.5, 500), 0.10)));
    assertFalse(ch.significant(), "a 5% change within ±10% intervals: " + ch);
    assertEquals(Basis.WITHIN_RUN, ch.interval().basis());
    String md = ComparisonMarkdown.render(Comparison.of(List.of(withCi(CompareFixtures.cell(1, "t", true, 1, 10, 400),
        0.10), withCi(CompareFixtures.cell(2, "t", false, 1, 9.5, 500), 0.10)), CHAINING));
    assertTrue(md.contains("| -5.0% (" + ComparisonMarkdown.percent(ch.lowPercent()) + " to "
        + ComparisonMarkdown.percent(ch.highPercent()) + ", within-run only) (n.s.) |"), md);
    assertTrue(md.contains("1 n.s.; 95% interval " + ComparisonMarkdown.percent(ch.lowPercent())), md);
  }

  @Test
  void threeRepetitionsASideUseTheirSpreadNotTheWithinRunIntervals() {
    List<PhaseResult> apart = new ArrayList<>();
    List<PhaseResult> overlapping = new ArrayList<>();
    for (int rep = 1; rep <= 3; rep++) {
      // within-run intervals of ±0.1% would call anything significant: the repetitions must decide
      apart.add(withCi(CompareFixtures.cell(rep, "t", true, rep, 10 + 0.1 * rep, 400), 0.001));
      apart.add(withCi(CompareFixtures.cell(3 + rep, "t", false, rep, 8 + 0.1 * rep, 500), 0.001));
      overlapping.add(withCi(CompareFixtures.cell(rep, "t", true, rep, 9 + rep, 400), 0.001));
      overlapping.add(withCi(CompareFixtures.cell(3 + rep, "t", false, rep, 8.5 + rep, 500), 0.001));
    }
    Change significant = throughput(apart);
    assertEquals(Basis.REPETITIONS, significant.interval().basis());
    assertTrue(significant.significant(), significant.toString());
    assertFalse(significant.withinRunOnly());
    Change notSignificant = throughput(overlapping);
    assertEquals(Basis.REPETITIONS, notSignificant.interval().basis());
    assertFalse(notSignificant.significant(), "9-11k vs 8.5-10.5k, sd 1k: " + notSignificant);
    String csv = ComparisonCsv.render(Comparison.of(overlapping, CHAINING));
    List<String> head = List.of(csv.lines().findFirst().orElseThrow().split(","));
    List<String> row = List.of(csv.lines().skip(1).findFirst().orElseThrow().split(",", -1));
    assertEquals("repetitions", row.get(head.indexOf("throughput_change_ci_basis")));
    assertEquals("false", row.get(head.indexOf("throughput_significant")));
    assertTrue(Double.parseDouble(row.get(head.indexOf("throughput_change_ci_low_pct"))) < 0);
    assertTrue(Double.parseDouble(row.get(head.indexOf("throughput_change_ci_high_pct"))) > 0);
  }

  @Test
  void recordsWithoutIntervalsReadAsBeforeAndSaySo() {
    List<PhaseResult> old = List.of(CompareFixtures.cell(1, "t", true, 1, 10, 400),
        CompareFixtures.cell(2, "t", false, 1, 9.9, 500));
    Change ch = throughput(old);
    assertNull(ch.interval());
    assertTrue(ch.significant(), "one repetition a side and no interval: never marked, as before");
    Comparison c = Comparison.of(old, CHAINING);
    String md = ComparisonMarkdown.render(c);
    assertTrue(md.contains("(n.s.): not significant, the min–max ranges of A and B overlap."), md);
    assertTrue(md.contains("No interval was available"), md);
    assertTrue(md.contains("| -1.0% |"), md);
    assertFalse(md.contains("within-run only"), md);
    assertTrue(md.contains("(-1.0%; 1 cell)\n"), "the finding as before: " + md);
    String ranges = ComparisonCsv.renderRanges(c);
    assertTrue(ranges.startsWith("by,a,b,title,group,scenarios,figure,cells,not_significant,min_pct,max_pct,mean_pct\n"));
  }

  @Test
  void anIntervalOnOneSideAloneIsNoInterval() {
    Change ch = throughput(List.of(withCi(CompareFixtures.cell(1, "t", true, 1, 10, 400), 0.02),
        CompareFixtures.cell(2, "t", false, 1, 8, 500)));
    assertNull(ch.interval());
    assertTrue(ch.significant());
  }
}
