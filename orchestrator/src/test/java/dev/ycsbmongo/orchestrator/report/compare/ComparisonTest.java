package dev.ycsbmongo.orchestrator.report.compare;

import dev.ycsbmongo.orchestrator.plan.CompareSpec;
import static dev.ycsbmongo.orchestrator.report.compare.CompareFixtures.cell;
import static dev.ycsbmongo.orchestrator.report.compare.CompareFixtures.on;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ycsbmongo.orchestrator.results.PhaseResult;
import dev.ycsbmongo.orchestrator.results.PhaseStatus;
import dev.ycsbmongo.orchestrator.results.ResultFixtures;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Pairing, spread, significance and absent figures of comparisons. */
class ComparisonTest {

  private static final CompareSpec CHAINING = CompareSpec.parse("server.chainingAllowed=true,false");

  @Test
  void pairsCellsThatAgreeOnEverythingButACoordinate() {
    Comparison c = Comparison.of(CompareFixtures.chainingStudy(), CHAINING);
    assertEquals(2, c.pairs().size());
    Pair medium = c.pairs().get(0);
    assertEquals(Map.of("target", "aws-medium", "threadcount", "8"), medium.cell());
    assertEquals(-20.0, medium.change(Figure.THROUGHPUT).percent(), 1e-9);
    assertEquals(25.0, medium.change(Figure.RAL).percent(), 1e-9);
    assertEquals(List.of("A no cell with server.chainingAllowed=false", "A no successful repetition (failed: error rate 5%)"),
        c.unpaired().stream().map(u -> u.side() + " " + u.reason()).toList());
    assertEquals("16", c.unpaired().get(0).cell().get("threadcount"));
  }

  @Test
  void meansRepetitionsWithTheirSpread() {
    Pair large = Comparison.of(CompareFixtures.chainingStudy(), CHAINING).pairs().get(1);
    Spread a = large.change(Figure.THROUGHPUT).a();
    assertEquals(3, a.n());
    assertEquals(22_000, a.mean(), 1e-6);
    assertEquals(21_000, a.min(), 1e-6);
    assertEquals(23_000, a.max(), 1e-6);
    assertEquals(1_000, a.sd(), 1e-6);
    assertEquals(2_000, large.change(Figure.THROUGHPUT).b().sd(), 1e-6);
    assertEquals(3, large.repetitionsA());
  }

  @Test
  void marksAChangeWithinOverlappingRangesNotSignificant() {
    Pair large = Comparison.of(CompareFixtures.chainingStudy(), CHAINING).pairs().get(1);
    Change throughput = large.change(Figure.THROUGHPUT);
    assertEquals(100.0 / 22, throughput.percent(), 1e-9);
    assertFalse(throughput.significant(), "21-23k vs 21-25k overlap");
    assertTrue(large.change(Figure.RAL).significant(), "250 every time vs 240 every time: no overlap");
  }

  @Test
  void neverMarksAChangeNotSignificantWithoutRepetitions() {
    Change tiny = Change.of(Figure.THROUGHPUT, Spread.of(List.of(1000.0)), Spread.of(List.of(1001.0)));
    assertTrue(tiny.significant());
    assertNull(tiny.a().sd());
    Change same = Change.of(Figure.RAL, Spread.of(List.of(5.0)), Spread.of(List.of(5.0)));
    assertEquals(0.0, same.percent());
    assertTrue(same.significant(), "n=1 on both sides: no spread to judge by");
  }

  @Test
  void marksASingleValueInsideTheOtherSidesRangeNotSignificant() {
    assertFalse(Change.of(Figure.THROUGHPUT, Spread.of(List.of(100.0)), Spread.of(List.of(90.0, 105.0))).significant());
    assertTrue(Change.of(Figure.THROUGHPUT, Spread.of(List.of(100.0)), Spread.of(List.of(110.0, 120.0))).significant());
  }

  @Test
  void leavesAbsentFiguresAbsentNeverZero() {
    Change none = Change.of(Figure.RAL, Spread.of(List.of()), Spread.of(List.of(5.0)));
    assertNull(none.percent());
    assertFalse(none.significant());
    assertEquals(0, none.a().n());
    assertNull(Change.of(Figure.RAL, Spread.of(List.of(0.0)), Spread.of(List.of(5.0))).percent(), "no change from 0");
    Spread partly = Spread.of(java.util.Arrays.asList(4.0, null, 6.0));
    assertEquals(2, partly.n());
    assertEquals(5.0, partly.mean());
  }

  @Test
  void pairsTargetsByTheirOtherLabelsWhenByIsALabel() {
    List<PhaseResult> r = new ArrayList<>();
    // cloud vs ssd throughput: +30% and +50% at 1:2, +5% at 1:4 (small and big)
    Map<String, Double> cloud = Map.of("1:2-small", 13.0, "1:2-big", 15.0, "1:4-small", 10.5, "1:4-big", 10.5);
    int i = 1;
    for (String ratio : List.of("1:2", "1:4")) {
      for (String size : List.of("small", "big")) {
        r.add(on(cell(i++, "x", true, 1, 10, 400), "ssd-" + ratio + "-" + size, labels("ssd", ratio, size)));
        r.add(on(cell(i++, "x", true, 1, cloud.get(ratio + "-" + size), 300), "cloud-" + ratio + "-" + size,
            labels("cloud", ratio, size)));
      }
    }
    Comparison c = Comparison.of(r, CompareSpec.parse("storage=ssd,cloud"));
    assertEquals(4, c.pairs().size());
    Pair first = c.pairs().get(0);
    assertEquals(List.of("ratio", "size", "threadcount", "server.chainingAllowed"), List.copyOf(first.cell().keySet()));
    assertEquals("ssd-1:2-small", first.targetA());
    assertEquals("cloud-1:2-small", first.targetB());
    assertEquals(List.of("", "ratio=1:2", "ratio=1:4", "size=small", "size=big"),
        c.ranges().stream().map(Range::group).distinct().toList());
    Range at12 = c.ranges().stream().filter(g -> g.group().equals("ratio=1:2") && g.figure() == Figure.THROUGHPUT)
        .findFirst().orElseThrow();
    assertEquals(2, at12.cells());
    assertEquals(30.0, at12.min(), 1e-9);
    assertEquals(50.0, at12.max(), 1e-9);
    assertEquals(40.0, at12.mean(), 1e-9);
  }

  @Test
  void leavesOutOfTheCellALabelThatChangesWithBy() {
    // study 1: every local-SSD instance ran MongoDB 4.2, every cloud-disk one 4.4
    List<PhaseResult> r = new ArrayList<>();
    int i = 1;
    for (String size : List.of("small", "big")) {
      Map<String, String> ssd = labels("ssd", "1:2", size);
      ssd.put("engine", "4.2");
      Map<String, String> cloud = labels("cloud", "1:2", size);
      cloud.put("engine", "4.4");
      r.add(on(cell(i++, "x", true, 1, 10, 400), "ssd-" + size, ssd));
      r.add(on(cell(i++, "x", true, 1, 12, 300), "cloud-" + size, cloud));
    }
    Comparison c = Comparison.of(r, CompareSpec.parse("storage=ssd,cloud"));
    assertEquals(2, c.pairs().size(), "small with small, big with big, though engine differs");
    assertTrue(c.unpaired().isEmpty());
    assertFalse(c.pairs().get(0).cell().containsKey("engine"));
    assertEquals(List.of("engine changes with storage (4.2 vs 4.4), so it is not used to pair cells"), c.notes());
    assertTrue(ComparisonMarkdown.render(c).contains(
        "\nNote: engine changes with storage (4.2 vs 4.4), so it is not used to pair cells.\n"));
    assertEquals(List.of(), Comparison.of(r, CompareSpec.parse("size=small,big")).notes(),
        "engine takes 4.2 and 4.4 with either size: it stays in the cell");
  }

  @Test
  void comparesTheServersCpuAndQpsAsLevelsWhereSampled() {
    // study 3: "disabling chaining" changes the primary's CPU and QPS as well as throughput
    List<PhaseResult> r = List.of(
        sampled(cell(1, "rs7", true, 1, 10, 400), 40.0, 2_000.0),
        sampled(cell(2, "rs7", false, 1, 8, 500), 50.0, 1_600.0));
    Comparison c = Comparison.of(r, CHAINING);
    assertEquals(25.0, c.pairs().get(0).change(Figure.CPU).percent(), 1e-9);
    assertEquals(-20.0, c.pairs().get(0).change(Figure.QPS).percent(), 1e-9);
    String md = ComparisonMarkdown.render(c);
    assertTrue(md.contains("- Primary CPU: server.chainingAllowed=false is 25.0% higher than server.chainingAllowed=true"
        + " (+25.0%; 1 cell)"), md);
    assertTrue(md.contains("- QPS: server.chainingAllowed=false is 20.0% lower than server.chainingAllowed=true"), md);
    assertTrue(md.contains("| Primary CPU A (%) | Primary CPU B | Primary CPU change | QPS A (ops/s) |"), md);
    assertTrue(ComparisonCsv.render(c).lines().findFirst().orElseThrow().contains(",cpu_a_n,cpu_a_mean,"));
    Comparison unsampled = Comparison.of(CompareFixtures.chainingStudy(), CHAINING);
    assertFalse(ComparisonCsv.render(unsampled).contains("cpu_"), "no server columns where nothing was sampled");
    assertFalse(ComparisonMarkdown.render(unsampled).contains("Primary CPU"));
  }

  @Test
  void comparesConnectionStressCellsOfTwoRuns() {
    // study 5 before and after raising the server's limit: the same cell, more connections reached
    List<PhaseResult> before = List.of(stress(1, 48_000, 20_000));
    List<PhaseResult> after = List.of(stress(1, 48_000, 48_000));
    Comparison c = Comparison.of(before, after, new CompareSpec(CompareSpec.RUN, "limit-20k", "limit-64k"));
    assertEquals(1, c.pairs().size());
    assertEquals(140.0, c.pairs().get(0).change(Figure.REACHED).percent(), 1e-9);
    assertNull(c.pairs().get(0).change(Figure.THROUGHPUT).percent(), "no YCSB figure in a connection stress");
    String md = ComparisonMarkdown.render(c);
    assertTrue(md.contains("- Connections reached: run=limit-64k is 2.4x higher than run=limit-20k (+140.0%; 1 cell)"),
        md);
    assertTrue(md.contains("| 20,000 | 48,000 | +140.0% (2.4x) |"), "the ratio beside a change beyond +100%: " + md);
    assertTrue(md.contains("| Connections reached A (conns) | Connections reached B | Connections reached change |"), md);
    assertFalse(md.contains("Throughput A"), "only the figures the cells measured");
    assertTrue(md.contains("| 12.50 | 12.50 | +0.0% |"), "open time in seconds with two decimals: " + md);
    assertTrue(md.contains("- Open time: run=limit-64k is the same as run=limit-20k (+0.0%; 1 cell)"), md);
    assertTrue(md.contains("are levels: a change reads higher or lower, not faster"), md);
    String head = ComparisonCsv.render(c).lines().findFirst().orElseThrow();
    assertTrue(head.contains(",reached_a_n,") && head.contains(",throughput_a_n,"), head);
  }

  private static PhaseResult stress(int index, long requested, long opened) {
    PhaseResult r = cell(index, "rs", true, 1, 10, 400);
    return ResultFixtures.with(r, dev.ycsbmongo.orchestrator.plan.PhaseKind.CONNECTIONS,
        Map.of("connections.count", Long.toString(requested)), "connections/rs/hold/count=" + requested,
        PhaseStatus.SUCCEEDED, null, null, ResultFixtures.connections(requested, opened));
  }

  private static PhaseResult sampled(PhaseResult r, double cpu, double qps) {
    return ResultFixtures.with(r, r.kind(), r.coordinates(), r.phaseId(), r.status(), r.cause(),
        ResultFixtures.serverMetrics(Map.of("cpuMeanPercent", cpu, "qpsTotal", qps)), null);
  }

  @Test
  void pairsCellsOfTwoTargetsWhenByIsTarget() {
    Comparison c = Comparison.of(CompareFixtures.chainingStudy(), CompareSpec.parse("target=aws-medium,aws-large"));
    assertEquals(List.of(Map.of("threadcount", "8", "server.chainingAllowed", "true"),
        Map.of("threadcount", "8", "server.chainingAllowed", "false")), c.pairs().stream().map(Pair::cell).toList());
    assertEquals(List.of("B no successful repetition (failed: error rate 5%)", "B no cell with target=aws-medium"),
        c.unpaired().stream().map(u -> u.side() + " " + u.reason()).toList());
    assertEquals(120.0, c.pairs().get(0).change(Figure.THROUGHPUT).percent(), 1e-9);
    assertTrue(c.ranges().stream().allMatch(g -> g.group().isEmpty()), "labels differ between targets: no label groups");
  }

  @Test
  void pairsTheSameCellsOfTwoRuns() {
    List<PhaseResult> a = List.of(cell(1, "t", true, 1, 10, 400), cell(2, "t", false, 1, 10, 400));
    List<PhaseResult> b = List.of(cell(1, "t", true, 1, 12, 400), cell(3, "t", true, 2, 14, 400));
    Comparison c = Comparison.of(a, b, new CompareSpec(CompareSpec.RUN, "run-1", "run-2"));
    assertEquals(1, c.pairs().size());
    assertEquals(30.0, c.pairs().get(0).change(Figure.THROUGHPUT).percent(), 1e-9, "10k vs mean of 12k and 14k");
    assertEquals(2, c.pairs().get(0).repetitionsB());
    assertEquals("A no cell with run=run-2", c.unpaired().get(0).side() + " " + c.unpaired().get(0).reason());
  }

  @Test
  void comparesACoordinateAcrossTwoRuns() {
    List<PhaseResult> a = List.of(cell(1, "t", true, 1, 10, 400), cell(2, "t", false, 1, 99, 400));
    List<PhaseResult> b = List.of(cell(1, "t", true, 1, 99, 400), cell(2, "t", false, 1, 15, 400));
    Comparison c = Comparison.of(a, b, CHAINING);
    assertEquals(50.0, c.pairs().get(0).change(Figure.THROUGHPUT).percent(), 1e-9, "A's true against B's false");
  }

  @Test
  void leavesOutPreparingLoadsAndUsesTheLastAttemptOfAPhase() {
    PhaseResult retried = cell(3, "aws-medium", false, 1, 5, 500);
    List<PhaseResult> r = new ArrayList<>(CompareFixtures.chainingStudy());
    r.add(2, ResultFixtures.failed(retried, PhaseStatus.FAILED, "first attempt"));
    Comparison c = Comparison.of(r, CHAINING);
    assertEquals(-20.0, c.pairs().get(0).change(Figure.THROUGHPUT).percent(), 1e-9);
    assertTrue(c.pairs().stream().noneMatch(p -> p.kind().equals("load")));
  }

  /** Study 1's labels in their order (shared with HonestPairingTest). */
  static Map<String, String> labels(String storage, String ratio, String size) {
    Map<String, String> m = new LinkedHashMap<>();
    m.put("storage", storage);
    m.put("ratio", ratio);
    m.put("size", size);
    return m;
  }

  @Test
  void readsChangesBeyondAHundredPercentAsRatios() {
    assertEquals("27x", ComparisonMarkdown.pct(2592.0), "a 26.9-fold latency reads 27x, not 2592.0%");
    assertEquals("2.4x", ComparisonMarkdown.pct(140.0));
    assertEquals("100.0%", ComparisonMarkdown.pct(100.0));
    assertEquals("96.0%", ComparisonMarkdown.pct(96.0), "a fall never passes 100%: stays a percentage");
    assertEquals("+2592.0% (27x)", ComparisonMarkdown.change(2592.0));
    assertEquals("-96.0%", ComparisonMarkdown.change(-96.0));
  }
}
