package dev.ycsbmongo.orchestrator.report.charts;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ycsbmongo.orchestrator.report.CapacityFixtures;
import dev.ycsbmongo.orchestrator.report.CapacityRecords;
import dev.ycsbmongo.orchestrator.results.PhaseResult;
import dev.ycsbmongo.orchestrator.results.ResultFixtures;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A capacity search's two charts from synthetic capacity.jsonl lines; their data sealed by a golden file. */
class CapacityChartsTest {

  private static final Path GOLDEN = Path.of("src/test/resources/golden/capacity-charts.json");
  private static final String FOOTER = "2026-11-26 · ycsb-mongodb orchestrator test · embedded test server, not"
      + " MongoDB";

  private static CapacityRecords.Search a() {
    return CapacityRecords.of(CapacityFixtures.nodes(CapacityFixtures.targetA())).get(0);
  }

  @Test
  void chartDataMatchesTheGoldenFile() throws IOException {
    String actual = Charts.data(CapacityCharts.plan(List.of(a()), FOOTER));
    if (Boolean.getBoolean("golden.update")) {
      Files.writeString(GOLDEN, actual, StandardCharsets.UTF_8);
    }
    assertEquals(Files.readString(GOLDEN, StandardCharsets.UTF_8), actual);
  }

  @Test
  void offeredVsAchievedDrawsTheFullAndSustainLinesAndTheBracket() throws IOException {
    ChartSpec c = CapacityCharts.throughput(a(), FOOTER);
    assertEquals("capacity-throughput-run-a-rw-95-5-threadcount-4-rep-1", c.id());
    assertFalse(c.logX(), "8,000 to 16,000 is a factor 2");
    ChartSpec.Series full = c.series().get(0);
    assertTrue(full.points().stream().allMatch(p -> p.x() == p.y()), "y = x");
    assertEquals(0.0, full.points().get(0).x(), "from 0 on a linear axis");
    ChartSpec.Series sustain = c.series().get(1);
    assertTrue(sustain.name().startsWith("95% of offered"), sustain.name());
    assertTrue(sustain.points().stream().allMatch(p -> Math.abs(p.y() - 0.95 * p.x()) <= 0.051), "y = 0.95 x");
    ChartSpec.Series achieved = c.series().get(2);
    assertEquals(List.of(8000.0, 10897.0, 11772.0, 12235.0, 12717.0, 16000.0), achieved.points().stream()
        .map(ChartSpec.Point::x).toList(), "by offered rate, not by step");
    assertEquals(List.of("#1", "#3", "#5", "#6", "#4", "#2"), achieved.points().stream().map(ChartSpec.Point::label)
        .toList());
    ChartSpec.Series failed = c.series().get(3);
    assertTrue(failed.hollow());
    assertEquals(List.of(12717.0, 16000.0), failed.points().stream().map(ChartSpec.Point::x).toList());
    assertEquals(List.of(new ChartSpec.Marker("capacity 12,235 ops/s", 12235, 12220.0),
        new ChartSpec.Marker("fails at 12,717", 12717, null)), c.markers());
    assertTrue(c.footer().contains("not MongoDB"));
    assertTrue(ChartRenderer.svg(c).contains("<svg"));
  }

  @Test
  void intendedLatencyIsDrawnAgainstTheSloWithOperationLatencyBeside() throws IOException {
    ChartSpec c = CapacityCharts.latency(a(), FOOTER);
    assertEquals("capacity-latency-run-a-rw-95-5-threadcount-4-rep-1", c.id());
    assertTrue(c.logY());
    assertTrue(c.title().contains("intended-time p99"), c.title());
    ChartSpec.Series intended = c.series().get(0);
    assertEquals(900.0, intended.points().get(intended.points().size() - 1).y(), "ms: 900,000 µs at 16,000");
    ChartSpec.Series operation = c.series().get(1);
    assertTrue(operation.dashed() && operation.name().startsWith("operation p99"), operation.name());
    assertEquals(3.0, operation.points().get(operation.points().size() - 1).y());
    ChartSpec.Series slo = c.series().get(3);
    assertEquals("SLO: p99 <= 10 ms", slo.name());
    assertTrue(slo.points().stream().allMatch(pt -> pt.y() == 10.0), "a horizontal line at the SLO");
    assertEquals(8000.0, slo.points().get(0).x());
    assertEquals(16000.0, slo.points().get(slo.points().size() - 1).x());
    assertTrue(slo.points().size() >= 40, "a reference line is drawn without markers from 40 points");
    assertEquals(new ChartSpec.Marker("capacity 12,235 ops/s", 12235, 8.6), c.markers().get(0));
    assertTrue(ChartRenderer.svg(c).contains("<svg"));
  }

  @Test
  void ratesSpanningAFactorEightGetALogAxisAndTheirLinesStayTrueOnIt() {
    String cell = "run/e/s/rep=1";
    List<Map<String, Object>> lines = List.of(
        CapacityFixtures.step(cell, 1, 64000, 5000, 1024, 5e6, 3000, "not-sustained", "not sustained"),
        CapacityFixtures.step(cell, 2, 4750, 4740, 95, 4000, 1000, "pass", "within"),
        CapacityFixtures.step(cell, 3, 5000, 4990, 100, 9000, 1000, "pass", "within"),
        CapacityFixtures.search(cell, "e", "s", Map.of(), 5000.0, 5263.2, 9000.0, "converged", 3));
    CapacityRecords.Search s = CapacityRecords.of(CapacityFixtures.nodes(lines)).get(0);
    ChartSpec c = CapacityCharts.throughput(s, FOOTER);
    assertTrue(c.logX());
    assertTrue(c.xAxis().contains("log scale"), c.xAxis());
    assertTrue(c.series().get(0).points().size() > 20, "a curve on a log axis needs its points");
    assertTrue(c.series().get(0).points().stream().allMatch(p -> p.x() > 0), "no 0 on a log axis");
  }

  @Test
  void aSearchWithoutCapacityHasNoCapacityMark() {
    String cell = "run/e/s/rep=1";
    List<Map<String, Object>> lines = List.of(
        CapacityFixtures.step(cell, 1, 100, 50, 2, 2e6, 3000, "not-sustained", "not sustained"),
        CapacityFixtures.search(cell, "e", "s", Map.of(), null, 52.6, null, "none_passed", 1));
    ChartSpec c = CapacityCharts.latency(CapacityRecords.of(CapacityFixtures.nodes(lines)).get(0), FOOTER);
    assertEquals(1, c.markers().size());
    assertNull(c.markers().get(0).y(), "only the failing rate's line");
  }

  /**
   * A capacity run's records as CapacityCell writes them: its probe, steps (threads sized from the rate) and the
   * cell's own record; none carries the capacity.* keys (never recorded: YCSB does not see them).
   */
  private static List<PhaseResult> capacityRun() {
    List<PhaseResult> records = new ArrayList<>();
    String cell = "run/a/rw-95-5/threadcount=4/rep=1";
    int[] threads = {4, 160, 320, 218, 255, 236, 245, 4};
    String[] names = {"/probe", "/offered=8000", "/offered=16000", "/offered=10897", "/offered=12717",
        "/offered=11772", "/offered=12235", ""};
    for (int i = 0; i < threads.length; i++) {
      PhaseResult r = ResultFixtures.run(i + 1, "a", "rw-95-5", threads[i], 1, 300, 500, 60000, 3000,
          ResultFixtures.EMBEDDED);
      Map<String, String> coords = new LinkedHashMap<>(r.coordinates());
      if (!names[i].isEmpty()) {
        coords.put("offered", names[i].startsWith("/offered=") ? names[i].substring(9) : "probe");
      }
      records.add(r.toBuilder().phaseId(cell + names[i]).coordinates(coords).build());
    }
    return records;
  }

  @Test
  void aCapacityRunGetsItsChartsAndNoThreadCurvesOfItsSteps(@TempDir Path runDir) {
    CapacityFixtures.write(runDir, CapacityFixtures.targetA());
    List<String> ids = ChartPlanner.plan(capacityRun(), runDir).stream().map(ChartSpec::id).toList();
    assertTrue(ids.contains("capacity-throughput-run-a-rw-95-5-threadcount-4-rep-1"), ids.toString());
    assertTrue(ids.contains("capacity-latency-run-a-rw-95-5-threadcount-4-rep-1"), ids.toString());
    assertTrue(ids.stream().noneMatch(id -> id.contains("vs-threads") || id.contains("vs-throughput")), ids.toString());
    assertTrue(CapacityCharts.records(runDir).test(capacityRun().get(7)), "the cell's own record, at its capacity");
    assertFalse(CapacityCharts.records(runDir).test(ChartPlannerTest.sweep().get(0)), "a cell of no search");
  }

  @Test
  void aSearchCutShortBeforeItsFirstLineStillKeepsItsStepsOffTheThreadCharts(@TempDir Path runDir) {
    List<String> ids = ChartPlanner.plan(capacityRun().subList(0, 7), runDir).stream().map(ChartSpec::id).toList();
    assertTrue(ids.stream().noneMatch(id -> id.contains("vs-threads")), ids.toString());
  }

  @Test
  void aRunWithoutCapacityFileHasNoCapacityCharts(@TempDir Path runDir) {
    assertTrue(ChartPlanner.plan(ChartPlannerTest.sweep(), runDir).stream()
        .noneMatch(c -> c.id().startsWith("capacity-")));
  }
}
