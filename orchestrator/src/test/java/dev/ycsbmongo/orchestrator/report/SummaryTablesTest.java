package dev.ycsbmongo.orchestrator.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ycsbmongo.orchestrator.results.OperationStats;
import dev.ycsbmongo.orchestrator.results.PhaseResult;
import dev.ycsbmongo.orchestrator.results.PhaseStatus;
import dev.ycsbmongo.orchestrator.results.Precision;
import dev.ycsbmongo.orchestrator.results.ResultFixtures;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * summary.csv and summary.md, sealed by golden files (regenerate with -Dgolden.update=true after a
 * deliberate format change, and read the diff).
 */
class SummaryTablesTest {

  private static final Path GOLDEN = Path.of("src/test/resources/golden");

  /**
   * Two targets, two scenarios, a thread sweep, a 3-repetition cell, a failed and a skipped cell, a retried phase,
   * a cell of four clients with an outlier.
   */
  static List<PhaseResult> study() {
    List<PhaseResult> r = new ArrayList<>();
    r.add(ResultFixtures.load(1, "aws-medium", ResultFixtures.MONGO));
    r.add(ResultFixtures.run(2, "aws-medium", "rw-50-50", 8, 1, 400, 600, 300_000, 300_000, ResultFixtures.MONGO));
    r.add(ResultFixtures.run(3, "aws-medium", "rw-50-50", 16, 1, 700, 900, 500_000, 500_000, ResultFixtures.MONGO));
    r.add(ResultFixtures.failed(ResultFixtures.run(4, "aws-medium", "rw-95-5", 8, 1, 1, 1, 1, 1, ResultFixtures.MONGO),
        PhaseStatus.FAILED, "error rate 12.00% over the 1% limit | READ ERROR x120"));
    r.add(ResultFixtures.run(4, "aws-medium", "rw-95-5", 8, 1, 300, 500, 600_000, 30_000, ResultFixtures.MONGO));
    r.add(ResultFixtures.load(5, "aws-large", ResultFixtures.MONGO));
    for (int rep = 1; rep <= 3; rep++) {
      r.add(ResultFixtures.run(5 + rep, "aws-large", "rw-50-50", 8, rep, 350 + rep * 10, 550, 400_000 + rep * 10_000,
          400_000, ResultFixtures.MONGO));
    }
    r.add(ResultFixtures.failed(ResultFixtures.run(9, "aws-large", "rw-50-50", 16, 1, 1, 1, 1, 1, ResultFixtures.MONGO),
        PhaseStatus.SKIPPED, "not run: the load it reads (load/aws-large/recordcount=100000/#1) did not succeed"));
    // driven by four clients, one of them slow: the Clients section lists it
    r.add(ResultFixtures.withClients(ResultFixtures.run(10, "aws-large", "rw-95-5", 8, 1, 250, 450, 700_000, 35_000,
        ResultFixtures.MONGO), ResultFixtures.clients()));
    return judged(r);
  }

  /**
   * The study's run cells with a precision judgement, one of each kind: precise ones, one not precise and one drifting
   * that still passed (a plan with precision: off judges but does not decide); the 3 repetitions precise to different
   * widths.
   */
  static List<PhaseResult> judged(List<PhaseResult> records) {
    return records.stream().map(x -> x.stability() == null || !x.succeeded() ? x : x.toBuilder()
        .stability(x.stability().withPrecision(precision(x))).build()).toList();
  }

  private static Precision precision(PhaseResult x) {
    String cell = x.target().name() + " " + x.scenario() + " " + x.coordinates().get("threadcount");
    return switch (cell) {
      case "aws-medium rw-50-50 16" -> new Precision(Precision.NOT_PRECISE, 0.091, 0.05, 5, 0.31, 0.4,
          "not precise: ±9.1% after 50 s (target ±5.0%)", false, null);
      case "aws-medium rw-95-5 8" -> new Precision(Precision.DRIFTING, 0.032, 0.05, 5, 0.2, 0.01,
          "drifting: the mean rose 6.0% across 50 s (trend p = 0.010)", false, null);
      default -> new Precision(Precision.PRECISE, 0.012 + 0.006 * x.repetition(), 0.05, 5, 0.1, 0.5,
          "precise", false, null);
    };
  }

  private static void assertGolden(String file, String actual) throws IOException {
    if (Boolean.getBoolean("golden.update")) {
      Files.writeString(GOLDEN.resolve(file), actual, StandardCharsets.UTF_8);
    }
    assertEquals(Files.readString(GOLDEN.resolve(file), StandardCharsets.UTF_8), actual);
  }

  @Test
  void rendersTheCsvExactlyAsTheGoldenFile() throws IOException {
    assertGolden("summary.csv", SummaryCsv.render(study()));
  }

  @Test
  void rendersTheMarkdownExactlyAsTheGoldenFile() throws IOException {
    assertGolden("summary.md", SummaryMarkdown.render(study()));
  }

  @Test
  void rendersTheSameBytesEveryTime() {
    assertEquals(SummaryMarkdown.render(study()), SummaryMarkdown.render(new ArrayList<>(study())));
    assertEquals(SummaryCsv.render(study()), SummaryCsv.render(study()));
  }

  @Test
  void showsAbsentReadOrWriteLatencyAsAbsentNeverZero() {
    PhaseResult r = ResultFixtures.run(1, "t", "insert-only", 4, 1, 100, 100, 10, 10, ResultFixtures.MONGO);
    PhaseResult insertsOnly = r.toBuilder().index(1).repetition(1).runtimeSeconds(10).status(PhaseStatus.SUCCEEDED)
        .cause(null).throughputOpsPerSec(100.0).ycsbThroughputOpsPerSec(100.0).errorRate(0.0)
        .full(ResultFixtures.window("full", 0, 10, List.of(ResultFixtures.op("INSERT", 1000, 250, 900,
            Map.<String, Long>of())))).steady(null).steadyAbsentReason("phase shorter than the 10 s ramp-up")
        .rampUpSeconds(10).loadedRecords(null).outputDirectory("phases/1").serverSettings(null).serverMetrics(null)
        .connections(null).stability(null).clients(null).build();
    String md = SummaryMarkdown.render(List.of(insertsOnly));
    // too short for a steady window: the whole run's figures, the steady ones absent (never the whole run's again)
    assertTrue(md.contains("| 100 | - | 0 (0.00%) | - | - | 250 | - | - | - | ok |"), md);
    String csv = SummaryCsv.render(List.of(insertsOnly));
    assertTrue(csv.lines().skip(1).findFirst().orElseThrow().contains(",,,250.00,900,"), csv);
  }

  @Test
  void warnsAboutTheEmbeddedServerOnlyWhenItRan() {
    assertFalse(SummaryMarkdown.render(study()).contains(SummaryMarkdown.EMBEDDED_WARNING));
    List<PhaseResult> withEmbedded = new ArrayList<>(study());
    withEmbedded.add(ResultFixtures.run(11, "local", "rw-50-50", 1, 1, 90, 95, 1000, 1000, ResultFixtures.EMBEDDED));
    assertTrue(SummaryMarkdown.render(withEmbedded).contains(SummaryMarkdown.EMBEDDED_WARNING));
  }

  @Test
  void keepsTheLastAttemptOfARetriedPhase() {
    String csv = SummaryCsv.render(study());
    assertEquals(1, csv.lines().filter(l -> l.contains("run/aws-medium/rw-95-5/threadcount=8/rep=1")).count());
    assertFalse(csv.contains("error rate 12.00%"));
  }

  @Test
  void namesEveryCsvColumnOnceEvenWithEveryOptionalColumnPresent() {
    PhaseResult r = ResultFixtures.run(1, "t", "all-ops", 4, 1, 100, 100, 10, 10, ResultFixtures.MONGO);
    List<OperationStats> ops = List.of(ResultFixtures.op("READ", 10, 100, 400, Map.of()),
        ResultFixtures.op("UPDATE", 10, 100, 400, Map.of()), ResultFixtures.op("INSERT", 10, 100, 400, Map.of()),
        ResultFixtures.op("DELETE", 10, 100, 400, Map.of()), ResultFixtures.op("SCAN", 10, 100, 400, Map.of()),
        ResultFixtures.op("READ-MODIFY-WRITE", 10, 100, 400, Map.of()));
    PhaseResult allOps = r.toBuilder().index(1)
        .coordinates(Map.of("threadcount", "4", "server.chainingAllowed", "true", "read_avg_us", "x")).repetition(1)
        .runtimeSeconds(10).status(PhaseStatus.SUCCEEDED).cause(null).throughputOpsPerSec(40.0)
        .ycsbThroughputOpsPerSec(40.0).errorRate(0.0).full(ResultFixtures.window("full", 0, 10, ops))
        .steady(ResultFixtures.window("steady", 2, 8, ops)).steadyAbsentReason(null).rampUpSeconds(2)
        .loadedRecords(null).outputDirectory("p").serverSettings(null).serverMetrics(ResultFixtures.serverMetrics())
        .connections(null).clients(null).build();
    PhaseResult stress = ResultFixtures.with(r, dev.ycsbmongo.orchestrator.plan.PhaseKind.CONNECTIONS,
        Map.of("connections", "100"), "connections/t/100", PhaseStatus.SUCCEEDED, null, ResultFixtures.serverMetrics(),
        ResultFixtures.connections(100, 100));
    List<String> header = List.of(SummaryCsv.render(List.of(allOps, stress)).lines().findFirst().orElseThrow().split(","));

    List<String> repeated = header.stream().filter(h -> java.util.Collections.frequency(header, h) > 1).distinct().toList();
    assertEquals(List.of(), repeated, String.join(",", header));
    assertTrue(header.containsAll(List.of("throughput_whole_ops_per_sec", "throughput_steady_ops_per_sec",
        "read_avg_whole_us", "read_avg_steady_us", "read_p99_steady_us", "write_avg_whole_us", "operations_executed",
        "time_bounded", "op_read_avg_us",
        "op_read_modify_write_p99_us", "server_ops_per_sec", "connections_reached", "coord_read_avg_us")), String.join(",", header));
  }

  @Test
  void escapesPipesInMarkdownCellsAndQuotesCsvFields() {
    assertEquals("a \\| b", MarkdownCells.cell("a | b"));
    assertEquals("\"x, \"\"y\"\"\"", SummaryCsv.quote("x, \"y\""));
  }

  @Test
  void writeLatencyIsTheCountWeightedMeanOfTheWriteOperations() {
    PhaseResult r = ResultFixtures.run(1, "t", "mix", 4, 1, 100, 100, 10, 10, ResultFixtures.MONGO);
    List<OperationStats> ops = List.of(ResultFixtures.op("UPDATE", 300, 100, 400, Map.of()),
        ResultFixtures.op("INSERT", 100, 500, 900, Map.of()));
    PhaseResult mixed = r.toBuilder().index(1).repetition(1).runtimeSeconds(10).status(PhaseStatus.SUCCEEDED)
        .cause(null).throughputOpsPerSec(40.0).ycsbThroughputOpsPerSec(40.0).errorRate(0.0)
        .full(ResultFixtures.window("full", 0, 10, ops)).steady(null).steadyAbsentReason("short").rampUpSeconds(10)
        .loadedRecords(null).outputDirectory("p").serverSettings(null).serverMetrics(null).connections(null)
        .stability(null).clients(null).build();
    CellFigures f = CellFigures.of(mixed);
    assertEquals(200.0, f.wal(), 1e-9);
    assertEquals(900L, f.p99Write());
    assertEquals(null, f.ral());
  }
}
