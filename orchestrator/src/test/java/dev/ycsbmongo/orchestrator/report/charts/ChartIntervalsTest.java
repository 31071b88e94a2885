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

/** Throughput's 95% interval within the run as error bars on the thread curves and the setting bars. */
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
