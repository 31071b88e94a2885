package dev.ycsbmongo.orchestrator.report.charts;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ycsbmongo.orchestrator.plan.ChartSettings;
import dev.ycsbmongo.orchestrator.results.PhaseResult;
import dev.ycsbmongo.orchestrator.results.PhaseStatus;
import dev.ycsbmongo.orchestrator.results.ResultFixtures;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Which charts a run gets and what they hold: sealed by a golden file of the chart data, not pixels. */
class ChartPlannerTest {

  private static final Path GOLDEN = Path.of("src/test/resources/golden/charts.json");

  /**
   * A thread sweep (1, 2, 4, 8) on a real MongoDB whose read latency outgrows throughput beyond the knee
   * tolerance after 4 threads (2 -> 4: throughput +50%, latency +82%, within the 25%; 4 -> 8: +6%, +100%).
   */
  static List<PhaseResult> sweep() {
    int[] threads = {1, 2, 4, 8};
    long[] ops = {6000, 12000, 18000, 19000};
    double[] readAvg = {100, 110, 200, 400};
    List<PhaseResult> records = new ArrayList<>();
    for (int i = 0; i < threads.length; i++) {
      records.add(ResultFixtures.run(i + 1, "rs", "rw-50-50", threads[i], 1, readAvg[i], 300, ops[i], ops[i],
          ResultFixtures.MONGO));
    }
    return records;
  }

  /** Study 1's shape: two targets x two scenarios, one cell each, on the embedded server. */
  static List<PhaseResult> sizes() {
    return List.of(ResultFixtures.run(1, "small", "rw-95-5", 8, 1, 250, 600, 9000, 500, ResultFixtures.EMBEDDED),
        ResultFixtures.run(2, "small", "rw-50-50", 8, 1, 300, 700, 5000, 5000, ResultFixtures.EMBEDDED),
        ResultFixtures.run(3, "large", "rw-95-5", 8, 1, 150, 400, 18000, 1000, ResultFixtures.EMBEDDED),
        ResultFixtures.run(4, "large", "rw-50-50", 8, 1, 200, 500, 10000, 10000, ResultFixtures.EMBEDDED));
  }

  @Test
  void chartDataMatchesTheGoldenFile(@TempDir Path runDir) throws IOException {
    List<ChartSpec> specs = new ArrayList<>(ChartPlanner.plan(sweep(), runDir));
    specs.addAll(ChartPlanner.plan(sizes(), runDir));
    String actual = Charts.data(specs);
    if (Boolean.getBoolean("golden.update")) {
      Files.writeString(GOLDEN, actual, StandardCharsets.UTF_8);
    }
    assertEquals(Files.readString(GOLDEN, StandardCharsets.UTF_8), actual);
  }

  @Test
  void aThreadSweepGetsThroughputAndLatencyCurvesWithItsKnee(@TempDir Path runDir) {
    List<ChartSpec> specs = ChartPlanner.plan(sweep(), runDir);
    assertEquals(List.of("throughput-vs-threads-rw-50-50-run", "latency-vs-threads-rw-50-50-run",
        "latency-vs-throughput-rw-50-50-run", "run-timeline"), specs.stream().map(ChartSpec::id).toList());
    ChartSpec latency = specs.get(2);
    assertTrue(latency.logY());
    assertEquals(List.of("t=1", "t=2", "t=4", "t=8"), latency.series().get(0).points().stream()
        .map(ChartSpec.Point::label).toList());
    assertEquals("rs: knee: 4 threads", latency.markers().get(0).text(), "named per curve");
    assertTrue(latency.note().contains(Knee.RULE) && latency.note().contains("Knee: rs: 4 threads."), latency.note());
    assertFalse(latency.footer().contains("embedded"), latency.footer());
  }

  @Test
  void studyOneShapeGetsGroupedBarsAndNoThreadCurves(@TempDir Path runDir) {
    List<ChartSpec> specs = ChartPlanner.plan(sizes(), runDir);
    assertEquals(List.of("throughput-bars", "ral-bars", "wal-bars", "run-timeline"),
        specs.stream().map(ChartSpec::id).toList());
    assertEquals(List.of("rw-95-5", "rw-50-50"), specs.get(0).categories());
    assertEquals(List.of("small", "large"), specs.get(0).series().stream().map(ChartSpec.Series::name).toList());
    assertTrue(specs.get(0).footer().endsWith("embedded test server, not MongoDB"), specs.get(0).footer());
  }

  @Test
  void theRunTimelineDrawsEveryPhaseFromItsStartToItsEndWithItsNumber(@TempDir Path runDir) throws Exception {
    ChartSpec timeline = ChartPlanner.plan(sizes(), runDir).stream().filter(s -> s.id().equals("run-timeline"))
        .findFirst().orElseThrow();
    assertEquals(ChartSpec.Kind.SEGMENTS, timeline.kind());
    assertEquals("Seconds into the run", timeline.xAxis());
    assertEquals(List.of("rw-95-5 (run)", "rw-50-50 (run)"), timeline.series().stream().map(ChartSpec.Series::name)
        .toList());
    // phases 1 and 3 ran rw-95-5, 70 s apart, 60 s each: two segments, each at its phase's throughput
    List<ChartSpec.Point> read = timeline.series().get(0).points();
    assertEquals(List.of(0.0, 60.0, 140.0, 200.0), read.stream().map(ChartSpec.Point::x).toList());
    assertEquals(read.get(0).y(), read.get(1).y());
    assertEquals(List.of("#1", "#2", "#3", "#4"), timeline.markers().stream().map(ChartSpec.Marker::text).toList());
    assertTrue(ChartRenderer.svg(timeline).contains("<svg"), "draws with a gap between segments");
    List<PhaseResult> many = new ArrayList<>();
    for (int i = 1; i <= ChartPlanner.MAX_BOUNDARY_LABELS + 1; i++) {
      many.add(ResultFixtures.run(i, "t", "s", i, 1, 100, 100, 1000, 1000, ResultFixtures.MONGO));  // distinct phase ids
    }
    ChartSpec crowded = ChartPlanner.plan(many, runDir).stream().filter(s -> s.id().equals("run-timeline"))
        .findFirst().orElseThrow();
    assertTrue(crowded.markers().isEmpty(), "too many phases to label each start");
    assertEquals("Minutes into the run", crowded.xAxis());
  }

  @Test
  void cellsThatDidNotSucceedAreGapsNamedOnTheChartNotDroppedSilently(@TempDir Path runDir) {
    List<PhaseResult> records = new ArrayList<>(sweep());
    PhaseResult four = records.get(2);
    records.set(2, ResultFixtures.with(four, four.kind(), four.coordinates(), four.phaseId(), PhaseStatus.UNSTABLE,
        "spread 40% over the 25% limit", null, null));
    records.set(3, ResultFixtures.failed(records.get(3), PhaseStatus.FAILED, "YCSB exited with status 1"));
    List<ChartSpec> specs = ChartPlanner.plan(records, runDir);
    ChartSpec throughput = specs.get(0);
    assertEquals(List.of(1.0, 2.0), throughput.series().get(0).points().stream().map(ChartSpec.Point::x).toList());
    ChartSpec.Series hollow = throughput.series().get(1);
    assertTrue(hollow.hollow(), hollow.toString());
    assertEquals("rs: throughput (not a success)", hollow.name());
    assertEquals(List.of(new ChartSpec.Point(4, four.tableWindow().throughputOpsPerSec(), "unstable")), hollow.points());
    assertEquals(List.of(new ChartSpec.Marker("rs: 8 threads failed", 8, null)), throughput.markers());
    ChartSpec latency = specs.get(2);
    assertTrue(latency.note().contains("Knee: rs: none within the sweep (incomplete)."), latency.note());
    assertTrue(latency.note().contains("Not measured (hollow where an unstable cell kept figures): rs: 4 threads"
        + " unstable, 8 threads failed."), latency.note());
    assertEquals("t=4 unstable", latency.series().get(2).points().get(0).label());
  }

  @Test
  void aCurvesAverageAndP99ShareOneColourThePercentileDashed(@TempDir Path runDir) {
    List<PhaseResult> two = new ArrayList<>(sweep());
    for (PhaseResult r : sweep()) {
      two.add(ResultFixtures.run(r.index() + 10, "rs2", r.scenario(), Integer.parseInt(r.coordinates()
          .get("threadcount")), 1, 300, 400, 5000, 5000, ResultFixtures.MONGO));
    }
    ChartSpec latency = ChartPlanner.plan(two, runDir).get(2);
    List<ChartSpec.Series> s = latency.series();
    assertEquals(List.of("rs: average read", "rs: p99 read", "rs2: average read", "rs2: p99 read"),
        s.stream().map(ChartSpec.Series::name).toList());
    assertEquals(s.get(0).colour(), s.get(1).colour());
    assertEquals(s.get(2).colour(), s.get(3).colour());
    assertFalse(s.get(0).colour().equals(s.get(2).colour()), "two curves, two hues");
    assertEquals(List.of(false, true, false, true), s.stream().map(ChartSpec.Series::dashed).toList());
    assertTrue(s.get(1).points().stream().allMatch(p -> p.label() == null), "t=N once per thread count, on the average");
  }

  @Test
  void targetsOfOneFamilyTakeShadesOfOneHue(@TempDir Path runDir) {
    List<PhaseResult> records = new ArrayList<>(sizes());
    records.add(ResultFixtures.run(5, "medium", "rw-95-5", 8, 1, 200, 500, 12000, 700, ResultFixtures.EMBEDDED));
    records.add(ResultFixtures.run(6, "medium", "rw-50-50", 8, 1, 250, 600, 7000, 7000, ResultFixtures.EMBEDDED));
    // fixture labels: cores 16 for "large", 4 for the others
    ChartSpec bars = ChartPlanner.plan(records, runDir, new ChartSettings(null, "cores")).get(0);
    assertEquals(List.of("small", "large", "medium"), bars.series().stream().map(ChartSpec.Series::name).toList());
    assertEquals(List.of(ChartColours.shade(ChartColours.HUES.get(0), 0, 2), ChartColours.HUES.get(1),
        ChartColours.shade(ChartColours.HUES.get(0), 1, 2)), bars.series().stream().map(ChartSpec.Series::colour)
        .toList());
  }

  @Test
  void aBarThatDidNotSucceedIsNamedUnderItsScenario(@TempDir Path runDir) {
    List<PhaseResult> records = new ArrayList<>(sizes());
    records.set(3, ResultFixtures.failed(records.get(3), PhaseStatus.FAILED, "YCSB exited with status 1"));
    ChartSpec bars = ChartPlanner.plan(records, runDir).get(0);
    assertEquals(List.of("rw-95-5", "rw-50-50 (not measured: large failed)"), bars.categories());
    assertEquals(1, bars.series().get(1).points().size(), "large keeps its rw-95-5 bar");
  }

  /** Study 3's shape: three set sizes x chaining on/off x write concern, a load each, no thread sweep. */
  @Test
  void aSettingsSweepGetsThroughputAndCpuBarsPerTopology(@TempDir Path runDir) {
    List<PhaseResult> records = new ArrayList<>();
    int i = 1;
    for (String rs : List.of("rs3", "rs7")) {
      for (String chaining : List.of("true", "false")) {
        for (String w : List.of("1", "majority")) {
          PhaseResult r = ResultFixtures.run(i, rs, "load", 8, 1, 100, 200 + i, 6000, 6000 + i * 100,
              ResultFixtures.MONGO);
          java.util.Map<String, String> c = new java.util.LinkedHashMap<>(r.coordinates());
          c.put("server.chainingAllowed", chaining);
          c.put("mongodb.writeConcern", w);
          records.add(ResultFixtures.with(r, r.kind(), c, r.phaseId() + "/" + chaining + "/" + w,
              i == 8 ? PhaseStatus.FAILED : PhaseStatus.SUCCEEDED, null, ResultFixtures.serverMetrics(), null));
          i++;
        }
      }
    }
    List<ChartSpec> specs = ChartPlanner.plan(records, runDir).stream().filter(s -> s.id().contains("by-setting"))
        .toList();
    assertEquals(List.of("throughput-by-setting-load-run", "cpu-by-setting-load-run"),
        specs.stream().map(ChartSpec::id).toList());
    ChartSpec t = specs.get(0);
    assertEquals(List.of("rs3, writeConcern=1", "rs3, writeConcern=majority", "rs7, writeConcern=1",
        "rs7, writeConcern=majority (not measured: chainingAllowed=false failed)"), t.categories());
    assertEquals("target, mongodb.writeConcern", t.xAxis());
    assertTrue(ChartRenderer.rotate(t.categories()), "four long labels would overprint level");
    assertEquals(List.of("server.chainingAllowed=true", "server.chainingAllowed=false"), t.series().stream()
        .map(ChartSpec.Series::name).toList());
    assertEquals(3, t.series().get(1).points().size(), "the failed cell has no bar");
    assertEquals(25.0, specs.get(1).series().get(0).points().get(0).y(), 1e-9, "the primary's CPU");
  }

  @Test
  void theKneeIsTheLastThreadCountBeforeLatencyOutgrowsThroughput() {
    assertEquals(Optional.of(new Knee.Step(2, 400, 110)), Knee.find(List.of(new Knee.Step(1, 200, 100),
        new Knee.Step(2, 400, 110), new Knee.Step(4, 600, 240))));
    assertEquals(1, Knee.find(List.of(new Knee.Step(1, 200, 100), new Knee.Step(2, 210, 180))).orElseThrow().threads(),
        "a knee at the first step");
    assertEquals(Optional.empty(), Knee.find(List.of(new Knee.Step(1, 200, 100), new Knee.Step(2, 400, 120),
        new Knee.Step(4, 800, 150))), "latency never rose faster: no knee within the sweep");
    assertEquals(Optional.empty(), Knee.find(List.of(new Knee.Step(8, 100, 10))), "one point has no knee");
  }

  @Test
  void phaseTimeSeriesComeFromTheHdrLogsWithTheRampUpMarked(@TempDir Path runDir) throws IOException {
    Path phase = runDir.resolve("phases/1");
    Files.createDirectories(phase.resolve("hdr"));
    Path fixture = Path.of("src/test/resources/ycsb-output/run-rw-95-5-threads-8/hdr");
    try (var files = Files.list(fixture)) {
      for (Path f : files.toList()) {
        Files.copy(f, phase.resolve("hdr").resolve(f.getFileName()));
      }
    }
    PhaseResult r = sweep().get(0);
    List<ChartSpec> specs = ChartPlanner.plan(List.of(r), runDir);
    ChartSpec ops = specs.stream().filter(s -> s.id().startsWith("ops-")).findFirst().orElseThrow();
    assertFalse(ops.series().get(0).points().isEmpty());
    assertTrue(ops.series().get(0).points().stream().allMatch(p -> p.y() > 0), "ops/s per interval");
    assertEquals("end of ramp-up", ops.markers().get(0).text());
    ChartSpec p99 = specs.stream().filter(s -> s.id().startsWith("p99-")).findFirst().orElseThrow();
    assertEquals(List.of("READ p99", "UPDATE p99"), p99.series().stream().map(ChartSpec.Series::name).toList());
  }

  @Test
  void aCellThatDidNotSucceedHasItsPerSecondChartsTooItsVerdictInTheTitle(@TempDir Path runDir) throws IOException {
    Path phase = runDir.resolve("phases/1");
    Files.createDirectories(phase.resolve("hdr"));
    Path fixture = Path.of("src/test/resources/ycsb-output/run-rw-95-5-threads-8/hdr");
    try (var files = Files.list(fixture)) {
      for (Path f : files.toList()) {
        Files.copy(f, phase.resolve("hdr").resolve(f.getFileName()));
      }
    }
    PhaseResult r = sweep().get(0).toBuilder().status(dev.ycsbmongo.orchestrator.results.PhaseStatus.UNSTABLE)
        .cause("not precise: only 7 s of steady window, needs 20 s").build();
    List<ChartSpec> specs = ChartPlanner.plan(List.of(r), runDir);
    ChartSpec ops = specs.stream().filter(s -> s.id().equals(ChartPlanner.id("ops", r.phaseId()))).findFirst()
        .orElseThrow(() -> new AssertionError("no per-second chart of the unstable cell: " + specs));
    assertEquals("Operations per second: " + r.phaseId() + " (unstable)", ops.title());
    assertTrue(specs.stream().anyMatch(s -> s.id().equals(ChartPlanner.id("p99", r.phaseId()))), specs.toString());
  }

  @Test
  void rendersSvgAndPngHeadless(@TempDir Path runDir) throws Exception {
    ChartSpec latency = ChartPlanner.plan(sweep(), runDir).get(2);
    String svg = ChartRenderer.svg(latency);
    // VectorGraphics2D draws text as outlines: the SVG looks the same without any font installed
    assertTrue(svg.contains("<svg") && svg.contains("width=\"" + ChartRenderer.WIDTH) && svg.contains("<path"),
        svg.substring(0, 300));
    javax.xml.parsers.DocumentBuilderFactory f = javax.xml.parsers.DocumentBuilderFactory.newInstance();
    f.setFeature("http://apache.org/xml/features/nonvalidating/load-external-dtd", false);
    assertEquals("svg", f.newDocumentBuilder().parse(new java.io.ByteArrayInputStream(
        svg.getBytes(StandardCharsets.UTF_8))).getDocumentElement().getNodeName(), "well-formed SVG");
    byte[] png = ChartRenderer.png(latency);
    assertEquals((byte) 0x89, png[0]);
    assertEquals('P', png[1]);
    java.awt.image.BufferedImage image = javax.imageio.ImageIO.read(new java.io.ByteArrayInputStream(png));
    assertEquals(ChartRenderer.WIDTH, image.getWidth());
    assertEquals(ChartRenderer.HEIGHT, image.getHeight());
  }

  @Test
  void aConnectionStressPhaseShowsTheServerWhileHoldingWithTheHoldMarked(@TempDir Path runDir) throws IOException {
    PhaseResult base = sweep().get(0);
    PhaseResult stress = ResultFixtures.with(base, dev.ycsbmongo.orchestrator.plan.PhaseKind.CONNECTIONS,
        java.util.Map.of("connections.count", "8000"), "connections/rs/hold/rep=1",
        dev.ycsbmongo.orchestrator.results.PhaseStatus.SUCCEEDED, null, null, ResultFixtures.connections(8000, 8000));
    Path dir = runDir.resolve(base.outputDirectory());
    Files.createDirectories(dir);
    java.time.Instant start = stress.connections().holdStart().minusSeconds(10);
    StringBuilder lines = new StringBuilder();
    for (int t = 1; t <= 40; t++) {
      long conns = t < 10 ? t * 800L : t <= 30 ? 8003 : 3;
      lines.append(dev.ycsbmongo.orchestrator.results.ServerSamples.line(new dev.ycsbmongo.orchestrator.results.ServerSample(
          start.plusSeconds(t), t, 1, null, null, 20.0 + t, conns, 50_000 - conns, null, null, null, 900L + t, null, null,
          null, false, null))).append('\n');
    }
    Files.writeString(dir.resolve(dev.ycsbmongo.orchestrator.results.ServerSamples.FILE), lines.toString());
    List<ChartSpec> specs = ChartPlanner.plan(List.of(stress), runDir);
    assertEquals(List.of("held-connections-rs-hold-rep-1"), specs.stream().map(ChartSpec::id).toList());
    ChartSpec held = specs.get(0);
    assertEquals(List.of("server connections", "server CPU (%)", "server resident memory (MB)"),
        held.series().stream().map(ChartSpec.Series::name).toList());
    assertEquals(8003.0, held.series().get(0).points().get(20).y());
    assertEquals(List.of(new ChartSpec.Marker("hold starts", 10.0, null), new ChartSpec.Marker("hold ends", 30.0, null)),
        held.markers());
  }

  @Test
  void aSweepSpanningEightfoldGetsALog2ThreadAxisAndANarrowerOneALinearAxis(@TempDir Path runDir) {
    List<ChartSpec> wide = ChartPlanner.plan(sweep(), runDir);  // 1..8
    assertTrue(wide.get(0).logX() && wide.get(1).logX(), "throughput and latency vs threads");
    assertEquals("Client threads (log-2 scale)", wide.get(0).xAxis());
    assertFalse(wide.get(2).logX(), "latency vs throughput: its x is throughput");
    List<ChartSpec> narrow = ChartPlanner.plan(sweep().subList(1, 4), runDir);  // 2..8: 4x
    assertFalse(narrow.get(0).logX());
    assertEquals("Client threads", narrow.get(0).xAxis());
  }

  @Test
  void latencyVsThreadsDrawsRalAndWalPerCurveWithItsKnee(@TempDir Path runDir) {
    ChartSpec latency = ChartPlanner.plan(sweep(), runDir).get(1);
    assertEquals("latency-vs-threads-rw-50-50-run", latency.id());
    assertEquals(List.of("rs: average read (RAL)", "rs: average write (WAL)"),
        latency.series().stream().map(ChartSpec.Series::name).toList());
    assertEquals(List.of(1.0, 2.0, 4.0, 8.0), latency.series().get(0).points().stream().map(ChartSpec.Point::x).toList());
    assertEquals(List.of(90.0, 99.0, 180.0, 360.0), latency.series().get(0).points().stream().map(ChartSpec.Point::y)
        .toList(), "the steady window's read averages");
    assertEquals(List.of(new ChartSpec.Marker("rs: knee: 4 threads", 4.0, 180.0)), latency.markers());
    assertTrue(latency.logY());
  }

  @Test
  void splitByDrawsTheThreadChartsOncePerValueOfTheLabel(@TempDir Path runDir) {
    List<PhaseResult> records = new ArrayList<>();
    int index = 1;
    for (String target : List.of("medium", "large")) {  // labels cores=4 and cores=16
      for (int t : new int[] {1, 2, 4}) {
        records.add(ResultFixtures.run(index++, target, "workload-a", t, 1, 100 * t, 300, 5000L * t, 5000L * t,
            ResultFixtures.MONGO));
      }
    }
    List<String> ids = ChartPlanner.plan(records, runDir, new dev.ycsbmongo.orchestrator.plan.ChartSettings("cores"))
        .stream().map(ChartSpec::id).filter(id -> id.contains("-vs-")).toList();
    assertEquals(List.of("throughput-vs-threads-workload-a-run-cores-4", "latency-vs-threads-workload-a-run-cores-4",
        "latency-vs-throughput-workload-a-run-cores-4", "throughput-vs-threads-workload-a-run-cores-16",
        "latency-vs-threads-workload-a-run-cores-16", "latency-vs-throughput-workload-a-run-cores-16"), ids);
    ChartSpec medium = ChartPlanner.plan(records, runDir, new dev.ycsbmongo.orchestrator.plan.ChartSettings("cores"))
        .get(0);
    assertEquals("Throughput vs client threads: workload-a (run), cores=4", medium.title());
    assertEquals(List.of("medium"), medium.series().stream().map(ChartSpec.Series::name).toList());
    assertEquals(List.of("throughput-vs-threads-workload-a-run", "latency-vs-threads-workload-a-run",
        "latency-vs-throughput-workload-a-run"), ChartPlanner.plan(records, runDir).stream().map(ChartSpec::id)
        .filter(id -> id.contains("-vs-")).toList(), "without splitBy: one chart each, both targets in it");
  }
}
