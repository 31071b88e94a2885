package dev.ycsbmongo.orchestrator.report.charts;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ycsbmongo.orchestrator.results.PhaseResult;
import dev.ycsbmongo.orchestrator.results.ResultFixtures;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Every chart kind draws whatever the data: coinciding knees, one-point curves, repeated names. */
class ChartRendererTest {

  /**
   * Two targets sweeping 1, 2, 4, 8 threads with the same shape (both knees at 2 threads: the clash
   * that once left studies 2 and 4 without their headline chart), and a third measured at one thread
   * count only (a one-point curve).
   */
  static List<PhaseResult> coincidingKnees() {
    int[] threads = {1, 2, 4, 8};
    long[] ops = {6000, 12000, 18000, 19000};
    double[] readAvg = {100, 110, 200, 400};
    List<PhaseResult> records = new ArrayList<>();
    int index = 1;
    for (String target : List.of("a", "b")) {
      for (int i = 0; i < threads.length; i++) {
        records.add(ResultFixtures.run(index++, target, "rw-50-50", threads[i], 1, readAvg[i], 300, ops[i], ops[i],
            ResultFixtures.MONGO));
      }
    }
    records.add(ResultFixtures.run(index, "c", "rw-50-50", 4, 1, 150, 300, 9000, 9000, ResultFixtures.MONGO));
    return records;
  }

  private static final String FOOTER = "2026-11-22 · test";

  /** The per-phase and server kinds, whose data come from phase logs: written out here, one-point series included. */
  static List<ChartSpec> handMade() {
    ChartSpec.Series one = new ChartSpec.Series("one point", List.of(new ChartSpec.Point(3, 250, null)));
    ChartSpec.Series twice = new ChartSpec.Series("one point", List.of(new ChartSpec.Point(5, 400, null)));
    ChartSpec.Series many = new ChartSpec.Series("READ p99", List.of(new ChartSpec.Point(1, 120, null),
        new ChartSpec.Point(2, 180, null), new ChartSpec.Point(3, 900, null)));
    List<ChartSpec.Marker> rampUp = List.of(new ChartSpec.Marker("end of ramp-up", 1.5, null));
    return List.of(
        new ChartSpec("ops-one", ChartSpec.Kind.LINE, "Operations per second", "Seconds", "ops/s", false, List.of(),
            List.of(one, twice), rampUp, "", FOOTER),
        new ChartSpec("p99-one", ChartSpec.Kind.LINE, "p99 per second", "Seconds", "µs", true, List.of(),
            List.of(many, one, twice), rampUp, "", FOOTER),
        new ChartSpec("p99-single", ChartSpec.Kind.LINE, "p99, one second", "Seconds", "µs", true, List.of(),
            List.of(one), List.of(), "", FOOTER),
        new ChartSpec("server-one", ChartSpec.Kind.LINE, "Server", "Seconds", "CPU % / connections", false, List.of(),
            List.of(new ChartSpec.Series("server CPU (%)", List.of(new ChartSpec.Point(0, 12, null))),
                new ChartSpec.Series("server connections", List.of(new ChartSpec.Point(0, 8, null)))),
            List.of(new ChartSpec.Marker("hold starts", 0, null), new ChartSpec.Marker("hold starts", 0, null)), "",
            FOOTER),
        new ChartSpec("knees-same-name", ChartSpec.Kind.LABELLED, "Latency vs throughput", "ops/s", "µs", true,
            List.of(), List.of(new ChartSpec.Series("average read", List.of(new ChartSpec.Point(100, 10, "t=1"))),
                new ChartSpec.Series("average read", List.of(new ChartSpec.Point(100, 10, "t=1")))),
            List.of(new ChartSpec.Marker("knee: 1 thread", 100, 10.0), new ChartSpec.Marker("knee: 1 thread", 100, 10.0)),
            "", FOOTER),
        new ChartSpec("bars-same-name", ChartSpec.Kind.BAR, "Bars", "Scenario", "ops/s", false, List.of("x"),
            List.of(new ChartSpec.Series("t", List.of(new ChartSpec.Point(0, 5, null))),
                new ChartSpec.Series("t", List.of(new ChartSpec.Point(0, 7, null)))), List.of(), "", FOOTER),
        new ChartSpec("segments-one", ChartSpec.Kind.SEGMENTS, "Timeline", "Seconds", "ops/s", false, List.of(),
            List.of(new ChartSpec.Series("s", List.of(new ChartSpec.Point(0, 5, null), new ChartSpec.Point(1, 5, null))),
                new ChartSpec.Series("s", List.of(new ChartSpec.Point(2, 6, null), new ChartSpec.Point(3, 6, null)))),
            List.of(new ChartSpec.Marker("#1", 0, null)), "", FOOTER),
        new ChartSpec("log2-one", ChartSpec.Kind.LINE, "Throughput vs client threads", "Client threads", "ops/s", false,
            List.of(), List.of(new ChartSpec.Series("one point", List.of(new ChartSpec.Point(4, 900, null)))),
            List.of(new ChartSpec.Marker("knee: 4 threads", 4, 900.0)), "", FOOTER, true));
  }

  @Test
  void everyChartKindDrawsWithCoincidingKneesAndOnePointCurves(@TempDir Path runDir) throws IOException {
    List<ChartSpec> specs = new ArrayList<>(ChartPlanner.plan(coincidingKnees(), runDir));
    specs.addAll(ChartPlanner.plan(ChartPlannerTest.sizes(), runDir));  // grouped bars
    specs.addAll(handMade());
    Set<ChartSpec.Kind> kinds = specs.stream().map(ChartSpec::kind).collect(Collectors.toSet());
    assertEquals(Set.of(ChartSpec.Kind.values()), kinds, "every kind is drawn here");
    ChartSpec latency = specs.stream().filter(s -> s.id().startsWith("latency-vs-throughput")).findFirst().orElseThrow();
    assertEquals(List.of("a: knee: 4 threads", "b: knee: 4 threads"),
        latency.markers().stream().map(ChartSpec.Marker::text).toList(), "both curves' knees, at the same thread count");
    ChartSpec byThreads = specs.stream().filter(s -> s.id().startsWith("latency-vs-threads")).findFirst().orElseThrow();
    assertEquals(List.of("a: knee: 4 threads", "b: knee: 4 threads"),
        byThreads.markers().stream().map(ChartSpec.Marker::text).toList(), "latency vs threads too");
    assertTrue(byThreads.series().stream().anyMatch(s -> s.name().startsWith("c: ") && s.points().size() == 1),
        "target c's one-point curves");
    assertTrue(byThreads.logX());
    for (ChartSpec spec : specs) {
      String svg = ChartRenderer.svg(spec);
      assertTrue(svg.contains("<svg") && svg.contains("<path"), spec.id());
      byte[] png = ChartRenderer.png(spec);
      assertTrue(png.length > 1000 && png[1] == 'P', spec.id());
    }
  }

  @Test
  void repeatedSeriesNamesAreMadeUnique() {
    ChartRenderer.SeriesNames names = new ChartRenderer.SeriesNames();
    assertEquals(List.of("knee", "knee (2)", "knee (3)", "other"),
        List.of(names.unique("knee"), names.unique("knee"), names.unique("knee"), names.unique("other")));
  }

  @Test
  void logAxesLabelOneTwoAndFiveOfEachDecade() {
    for (double v : new double[] {1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 0.5, 0.2, 0.1, 2000, 5_000_000}) {
      assertTrue(ChartRenderer.isOneTwoFive(v), Double.toString(v));
    }
    for (double v : new double[] {3, 4, 6, 7, 8, 9, 30, 300, 700, 9000, 0, -1, 1.5}) {
      assertFalse(ChartRenderer.isOneTwoFive(v), Double.toString(v));
    }
  }

  @Test
  void aLogAxisWithinOneDecadeLabelsEveryTick() {
    ChartSpec narrow = handMade().get(2);  // one point at 250
    assertTrue(ChartRenderer.spansUnderADecade(narrow));
    ChartSpec wide = handMade().get(1);  // 120 .. 900, and the knee-less 250, 400
    assertTrue(ChartRenderer.spansUnderADecade(wide), "900 < 10 x 120");
    ChartSpec decades = new ChartSpec("w", ChartSpec.Kind.LINE, "t", "x", "y", true, List.of(), List.of(
        new ChartSpec.Series("s", List.of(new ChartSpec.Point(1, 90, null), new ChartSpec.Point(2, 1200, null)))),
        List.of(), "", FOOTER);
    assertFalse(ChartRenderer.spansUnderADecade(decades), "90 .. 1200: 1-2-5 per decade");
  }

  @Test
  void aChartThatCannotBeDrawnIsAWarningAndTheOthersAreDrawn(@TempDir Path runDir) throws IOException {
    Charts.Renderer failsOnLatency = new Charts.Renderer() {
      @Override
      public String svg(ChartSpec spec) throws IOException {
        if (spec.id().startsWith("latency-vs-throughput")) {
          throw new IllegalArgumentException("Series name >knee< has already been used");
        }
        return "<svg/>";
      }

      @Override
      public byte[] png(ChartSpec spec) {
        return new byte[] {1};
      }
    };
    List<Charts.Drawn> drawn = Charts.write(ChartPlannerTest.sweep(), runDir, failsOnLatency);
    List<String> warnings = drawn.stream().map(Charts.Drawn::warning).filter(w -> w != null).toList();
    assertEquals(List.of("chart 'latency-vs-throughput-rw-50-50-run' (Latency vs throughput: rw-50-50 (run)) not drawn:"
        + " Series name >knee< has already been used"), warnings);
    Path charts = runDir.resolve(Charts.DIR);
    assertFalse(Files.exists(charts.resolve("latency-vs-throughput-rw-50-50-run.svg")));
    assertTrue(Files.exists(charts.resolve("throughput-vs-threads-rw-50-50-run.svg")), "the others are drawn");
    String md = Charts.notDrawnMarkdown(drawn);
    assertTrue(md.contains("## Charts not drawn") && md.contains("- Latency vs throughput: rw-50-50 (run)"
        + " (`charts/latency-vs-throughput-rw-50-50-run`): Series name >knee< has already been used"), md);
    assertEquals("", Charts.notDrawnMarkdown(drawn.stream().filter(d -> d.problem() == null).toList()),
        "nothing to say when every chart was drawn");
  }

  private static ChartSpec threads(double... x) {
    List<ChartSpec.Point> points = new ArrayList<>();
    for (double v : x) {
      points.add(new ChartSpec.Point(v, 100, null));
    }
    return new ChartSpec("t", ChartSpec.Kind.LINE, "t", "Client threads", "ops/s", false, List.of(),
        List.of(new ChartSpec.Series("s", points)), List.of(), "", FOOTER, true);
  }

  @Test
  void aLog2ThreadAxisTicksAtEachPowerOfTwo() {
    assertEquals(List.of(1.0, 2.0, 4.0, 8.0, 16.0, 32.0, 64.0, 128.0, 256.0),
        ChartRenderer.log2Ticks(threads(1, 4, 16, 64, 256)));
    assertEquals(List.of(4.0, 8.0, 16.0, 32.0, 64.0, 128.0), ChartRenderer.log2Ticks(threads(4, 32, 96)),
        "96 threads (study 1's 16c64g) lies between the ticks at 64 and 128");
    assertEquals(List.of(4.0, 8.0), ChartRenderer.log2Ticks(threads(4)), "one point still has an axis");
    assertEquals(List.of("1", "2", "16", "1,024", ""), List.of(ChartRenderer.log2Label(0), ChartRenderer.log2Label(1),
        ChartRenderer.log2Label(4), ChartRenderer.log2Label(10), ChartRenderer.log2Label(2.5)));
    org.knowm.xchart.XYChart chart = (org.knowm.xchart.XYChart) ChartRenderer.build(threads(1, 2, 4, 8, 16, 32, 64,
        128, 256));
    assertEquals(0.0, chart.getStyler().getXAxisMin());
    assertEquals(8.0, chart.getStyler().getXAxisMax());
    assertEquals("32", chart.getStyler().getXAxisTickLabelsFormattingFunction().apply(5.0));
    assertEquals(List.of(0.0, 1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0), java.util.Arrays.stream(
        chart.getSeries("s").getXData()).boxed().toList(), "drawn at log2 of the thread count");
  }
}
