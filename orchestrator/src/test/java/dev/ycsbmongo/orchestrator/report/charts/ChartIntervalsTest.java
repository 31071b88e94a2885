package dev.ycsbmongo.orchestrator.report.charts;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ycsbmongo.orchestrator.results.Ci;
import dev.ycsbmongo.orchestrator.results.PhaseResult;
import dev.ycsbmongo.orchestrator.results.ResultFixtures;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The 95% intervals within the run as error bars: throughput on the thread curves and the bars, average and p99
 * latency on the latency curves and the RAL and WAL bars.
 */
class ChartIntervalsTest {

  private static PhaseResult withCi(PhaseResult r, double relative) {
    double t = r.steady().throughputOpsPerSec();
    return r.toBuilder().steady(r.steady().withThroughputCi(new Ci(t * (1 - relative), t * (1 + relative), 4)))
        .build();
  }

  @Test
  void aThreadCurveCarriesEachCellsIntervalAsItsErrorBar(@TempDir Path runDir) throws IOException {
    List<PhaseResult> records = new ArrayList<>();
    List<PhaseResult> sweep = ChartPlannerTest.sweep();
    for (int i = 0; i < sweep.size(); i++) {
      records.add(i == 3 ? sweep.get(i) : withCi(sweep.get(i), 0.05));  // the last cell: an older record, none
    }
    ChartSpec spec = ChartPlanner.plan(records, runDir).stream()
        .filter(s -> s.id().startsWith("throughput-vs-threads")).findFirst().orElseThrow();
    List<ChartSpec.Point> points = spec.series().get(0).points();
    assertEquals(0.05 * points.get(0).y(), points.get(0).error(), 1e-6);
    assertNull(points.get(3).error());
    assertTrue(spec.note().contains("95% interval within the run"), spec.note());
    String svg = ChartRenderer.svg(spec);
    assertTrue(svg.contains("<svg"), spec.id());
    assertTrue(ChartRenderer.png(spec).length > 1000);
  }

  /** {@code r} with its throughput ±{@code relative}, each average ±{@code relative} and each p99 ±2x that. */
  private static PhaseResult withLatencyCis(PhaseResult r, double relative) {
    List<dev.ycsbmongo.orchestrator.results.OperationStats> ops = r.steady().operationStats().stream()
        .map(o -> o.withCis(new Ci(o.avgMicros() * (1 - relative), o.avgMicros() * (1 + relative), 4),
            new Ci(o.p99Micros() * (1 - 2 * relative), o.p99Micros() * (1 + 2 * relative), null))).toList();
    PhaseResult t = withCi(r, relative);
    return t.toBuilder().steady(t.steady().withOperationStats(ops)).build();
  }

  @Test
  void latencyCurvesCarryTheAverageAndP99IntervalsAsErrorBars(@TempDir Path runDir) throws IOException {
    List<PhaseResult> records = new ArrayList<>();
    List<PhaseResult> sweep = ChartPlannerTest.sweep();
    for (int i = 0; i < sweep.size(); i++) {
      records.add(i == 3 ? sweep.get(i) : withLatencyCis(sweep.get(i), 0.05));  // the last: an older record, none
    }
    List<ChartSpec> specs = ChartPlanner.plan(records, runDir);
    ChartSpec threads = specs.stream().filter(s -> s.id().startsWith("latency-vs-threads")).findFirst().orElseThrow();
    ChartSpec.Series ral = threads.series().stream().filter(s -> s.name().contains("RAL")).findFirst().orElseThrow();
    assertEquals(90, ral.points().get(0).y(), 1e-9, "the steady RAL");
    assertEquals(4.5, ral.points().get(0).error(), 1e-6, "RAL 90 µs ± 5%");
    assertNull(ral.points().get(3).error());
    ChartSpec.Series wal = threads.series().stream().filter(s -> s.name().contains("WAL")).findFirst().orElseThrow();
    assertEquals(0.05 * wal.points().get(0).y(), wal.points().get(0).error(), 1e-6);
    assertTrue(threads.note().contains("95% interval within the run"), threads.note());

    ChartSpec vs = specs.stream().filter(s -> s.id().startsWith("latency-vs-throughput")).findFirst().orElseThrow();
    ChartSpec.Series avg = vs.series().stream().filter(s -> s.name().contains("average")).findFirst().orElseThrow();
    ChartSpec.Series p99 = vs.series().stream().filter(s -> s.name().contains("p99")).findFirst().orElseThrow();
    assertEquals(0.05 * avg.points().get(1).y(), avg.points().get(1).error(), 1e-6);
    assertEquals(0.10 * p99.points().get(1).y(), p99.points().get(1).error(), 1e-6, "the p99's own, wider interval");
    assertTrue(vs.note().contains("95% interval within the run"), vs.note());
    for (ChartSpec s : List.of(threads, vs)) {
      assertTrue(ChartRenderer.svg(s).contains("<svg"), s.id());
    }
  }

  @Test
  void targetBarsCarryTheirThroughputAndLatencyIntervals(@TempDir Path runDir) {
    List<PhaseResult> records = ChartPlannerTest.sizes().stream().map(r -> withLatencyCis(r, 0.04)).toList();
    List<ChartSpec> specs = ChartPlanner.plan(records, runDir);
    for (String id : List.of("throughput-bars", "ral-bars", "wal-bars")) {
      ChartSpec bars = specs.stream().filter(s -> s.id().equals(id)).findFirst().orElseThrow();
      ChartSpec.Point p = bars.series().get(0).points().get(0);
      assertEquals(0.04 * p.y(), p.error(), 1e-6, id);
      assertTrue(bars.note().contains("95% interval within the run"), bars.note());
    }
  }

  @Test
  void aKneeWhoseStepDoesNotHoldOverItsIntervalsIsMarkedNotCertain(@TempDir Path runDir) {
    // 1, 2, 4 threads at 100, 200, 300 ops/s; read latency 100, 100, then 200 µs: x2 against 1.25 x 1.5, a knee at 2
    // threads, but not over ±5% intervals
    List<PhaseResult> records = new ArrayList<>();
    int[] threads = {1, 2, 4};
    long[] ops = {3000, 6000, 9000};
    double[] ral = {100, 100, 200};
    for (int i = 0; i < threads.length; i++) {
      records.add(withLatencyCis(ResultFixtures.run(i + 1, "rs", "rw-50-50", threads[i], 1, ral[i], 300, ops[i],
          ops[i], ResultFixtures.MONGO), 0.05));
    }
    List<ChartSpec> specs = ChartPlanner.plan(records, runDir);
    ChartSpec vs = specs.stream().filter(s -> s.id().startsWith("latency-vs-throughput")).findFirst().orElseThrow();
    assertTrue(vs.markers().stream().anyMatch(m -> m.text().equals("rs: knee: 2 threads (not certain)")),
        vs.markers().toString());
    assertTrue(vs.note().contains("Knee: rs: 2 threads (not certain).") && vs.note().contains("may not outgrow"),
        vs.note());
    ChartSpec lt = specs.stream().filter(s -> s.id().startsWith("latency-vs-threads")).findFirst().orElseThrow();
    assertTrue(lt.markers().stream().anyMatch(m -> m.text().contains("(not certain)")), lt.markers().toString());
    // the same curve without intervals: a knee, nothing said of its certainty
    ChartSpec plain = ChartPlanner.plan(records.stream().map(r -> r.toBuilder().steady(r.steady()
        .withThroughputCi(null).withOperationStats(r.steady().operationStats().stream().map(o -> o.withCis(null, null))
            .toList())).build()).toList(), runDir).stream().filter(s -> s.id().startsWith("latency-vs-throughput"))
        .findFirst().orElseThrow();
    assertTrue(plain.markers().stream().anyMatch(m -> m.text().equals("rs: knee: 2 threads")), plain.markers().toString());
  }

  @Test
  void aLogAxisBarThatWouldReachZeroIsCutADecadeUnderItsFigure() {
    ChartSpec log = new ChartSpec("x", ChartSpec.Kind.LINE, "t", "x", "y", true, List.of(), List.of(), List.of(), "",
        "f");
    assertEquals(90, ChartRenderer.bar(log, new ChartSpec.Point(1, 100, null, 130.0)), 1e-9);
    assertEquals(30, ChartRenderer.bar(log, new ChartSpec.Point(1, 100, null, 30.0)), 1e-9);
    assertEquals(0, ChartRenderer.bar(log, new ChartSpec.Point(1, 100, null)), 1e-9);
    ChartSpec linear = new ChartSpec("x", ChartSpec.Kind.LINE, "t", "x", "y", false, List.of(), List.of(), List.of(),
        "", "f");
    assertEquals(130, ChartRenderer.bar(linear, new ChartSpec.Point(1, 100, null, 130.0)), 1e-9);
  }

  @Test
  void chartsOfRecordsWithoutIntervalsSayNothingOfThem(@TempDir Path runDir) {
    ChartPlanner.plan(ChartPlannerTest.sweep(), runDir).forEach(s -> {
      assertFalse(s.note() != null && s.note().contains("Error bars"), s.id());
      s.series().forEach(x -> x.points().forEach(p -> assertNull(p.error())));
    });
  }

  @Test
  void settingBarsCarryTheirIntervals(@TempDir Path runDir) throws IOException {
    List<PhaseResult> records = new ArrayList<>();
    int i = 1;
    for (String chaining : List.of("true", "false")) {
      PhaseResult r = withCi(ResultFixtures.run(i, "rs3", "load", 8, 1, 100, 200, 6000, 6000, ResultFixtures.MONGO),
          0.03);
      Map<String, String> c = new LinkedHashMap<>(r.coordinates());
      c.put("server.chainingAllowed", chaining);
      records.add(ResultFixtures.with(r, r.kind(), c, r.phaseId() + "/" + chaining,
          dev.ycsbmongo.orchestrator.results.PhaseStatus.SUCCEEDED, null, ResultFixtures.serverMetrics(), null));
      i++;
    }
    ChartSpec bars = ChartPlanner.plan(records, runDir).stream().filter(s -> s.id().startsWith("throughput-by-setting"))
        .findFirst().orElseThrow();
    ChartSpec.Point p = bars.series().get(0).points().get(0);
    assertEquals(0.03 * p.y(), p.error(), 1e-6);
    assertTrue(bars.note().contains("95% interval within the run"), bars.note());
    ChartSpec cpu = ChartPlanner.plan(records, runDir).stream().filter(s -> s.id().startsWith("cpu-by-setting"))
        .findFirst().orElseThrow();
    assertNull(cpu.series().get(0).points().get(0).error(), "the server's CPU has no interval");
    assertTrue(ChartRenderer.svg(bars).contains("<svg"));
  }
}
