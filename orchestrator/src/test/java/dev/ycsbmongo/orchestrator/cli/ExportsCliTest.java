package dev.ycsbmongo.orchestrator.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ycsbmongo.orchestrator.plan.PhaseKind;
import dev.ycsbmongo.orchestrator.report.SummaryCsv;
import dev.ycsbmongo.orchestrator.report.SummaryLongCsv;
import dev.ycsbmongo.orchestrator.results.PhaseResult;
import dev.ycsbmongo.orchestrator.results.PhaseStatus;
import dev.ycsbmongo.orchestrator.results.ResultFixtures;
import dev.ycsbmongo.orchestrator.results.ResultsJson;
import dev.ycsbmongo.orchestrator.results.ResultsWriter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The exports a notebook or a warehouse takes as they are: summary.csv and summary-long.csv of two runs of
 * different plans (a thread sweep; a sweep of server settings with a cell of four clients and a connection
 * stress), as {@code report} writes them, have the same leading columns, snake_case names and one unit per kind.
 */
class ExportsCliTest {

  /** A thread sweep on one target: threadcount is the plan's only coordinate. */
  private static List<PhaseResult> threadSweep() {
    int[] threads = {1, 2, 4};
    List<PhaseResult> r = new ArrayList<>();
    for (int i = 0; i < threads.length; i++) {
      r.add(ResultFixtures.run(i + 1, "rs", "rw-50-50", threads[i], 1, 100 * (i + 1), 300, 6000L * (i + 1),
          6000L * (i + 1), ResultFixtures.MONGO).toBuilder().plan("sweep").runId("sweep-20261126-090000").build());
    }
    return r;
  }

  /** Server settings swept at 8 threads (threads not swept), a cell of four clients, a connection stress. */
  private static List<PhaseResult> settingsSweep() {
    List<PhaseResult> r = new ArrayList<>();
    PhaseResult base = ResultFixtures.run(1, "rs7", "load", 8, 1, 250, 400, 100_000, 100_000, ResultFixtures.MONGO);
    int index = 1;
    for (String chaining : List.of("true", "false")) {
      Map<String, String> coords = new LinkedHashMap<>();
      coords.put("server.chainingAllowed", chaining);
      coords.put("mongodb.writeConcern", "1");
      r.add(ResultFixtures.with(base.toBuilder().index(index++).build(), PhaseKind.RUN, coords, "run/rs7/load/"
          + chaining, PhaseStatus.SUCCEEDED, null, ResultFixtures.serverMetrics(), null));
    }
    r.add(ResultFixtures.withClients(base.toBuilder().index(index++).phaseId("run/rs7/load/four").coordinates(Map.of())
        .build(), ResultFixtures.clients()));
    r.add(ResultFixtures.with(base.toBuilder().index(index).build(), PhaseKind.CONNECTIONS,
        Map.of("connections.count", "8000"), "connections/rs7/hold/8000", PhaseStatus.SUCCEEDED, null,
        ResultFixtures.serverMetrics(), ResultFixtures.connections(8000, 8000)));
    return r.stream().map(p -> p.toBuilder().plan("chaining").runId("chaining-20261126-091500").build()).toList();
  }

  private static Path report(Path tmp, String name, List<PhaseResult> records) throws IOException {
    Path dir = Files.createDirectories(tmp.resolve(name));
    Files.writeString(dir.resolve(ResultsWriter.FILE), records.stream().map(ResultsJson::line)
        .collect(Collectors.joining("\n", "", "\n")));
    InProcessCli report = InProcessCli.run("report", dir.toString());
    assertEquals(0, report.exit(), report.err());
    return dir;
  }

  private static List<List<String>> rows(Path file) throws IOException {
    // the fixtures' fields hold no quoted commas, so a plain split reads them
    return Files.readAllLines(file, StandardCharsets.UTF_8).stream().map(l -> List.of(l.split(",", -1))).toList();
  }

  @Test
  void summaryCsvOfTwoPlansHasTheSameLeadingColumns(@TempDir Path tmp) throws IOException {
    List<List<String>> sweep = rows(report(tmp, "sweep", threadSweep()).resolve("summary.csv"));
    List<List<String>> settings = rows(report(tmp, "chaining", settingsSweep()).resolve("summary.csv"));
    List<String> a = sweep.get(0);
    List<String> b = settings.get(0);

    assertEquals(List.of("run_id", "start_time", "target", "scenario", "threads", "clients"), a.subList(0, 6));
    assertEquals(SummaryCsv.FIXED, a.subList(0, SummaryCsv.FIXED.size()), "the sweep's file");
    assertEquals(SummaryCsv.FIXED, b.subList(0, SummaryCsv.FIXED.size()), "the settings' file");
    // what the plans swept follows, snake_case; threads have their own column whether swept or not
    assertEquals(List.of(), a.subList(SummaryCsv.FIXED.size(), a.size()));
    assertEquals(List.of("coord_server_chaining_allowed", "coord_mongodb_write_concern", "coord_connections_count"),
        b.subList(SummaryCsv.FIXED.size(), b.size()));
    for (List<String> head : List.of(a, b)) {
      for (String column : head) {
        assertTrue(column.matches("[a-z][a-z0-9_]*"), "not snake_case: " + column);
        assertTrue(!column.endsWith("_share") && !column.endsWith("_ms") && !column.contains("qps")
            && !column.contains("_mb"), "one unit per kind (percent, seconds, microseconds, bytes): " + column);
      }
    }
    assertEquals(a.size(), sweep.get(1).size(), "every row as long as the header");

    List<String> row = settings.get(1);
    assertEquals("chaining-20261126-091500", row.get(b.indexOf("run_id")));
    assertEquals("2026-11-22T10:16:10Z", row.get(b.indexOf("start_time")));
    assertEquals("8", row.get(b.indexOf("threads")), "threads not swept, still said");
    assertEquals("1", row.get(b.indexOf("clients")));
    assertEquals("true", row.get(b.indexOf("coord_server_chaining_allowed")));
    // 3 failed of 200,003: a percent, as every share of the file
    assertEquals("0.0015", row.get(b.indexOf("error_rate_whole_pct")));
    assertEquals("4.12", row.get(b.indexOf("steady_cv_pct")));
    assertEquals("4", settings.get(3).get(b.indexOf("clients")));
    assertEquals("0.012", settings.get(3).get(b.indexOf("start_skew_s")));
    assertEquals("40000", settings.get(4).get(b.indexOf("connections_open_p99_us")));
  }

  @Test
  void summaryLongCsvHasOneRowPerFigureAndTheSameColumnsInEveryRun(@TempDir Path tmp) throws IOException {
    List<List<String>> sweep = rows(report(tmp, "sweep", threadSweep()).resolve(SummaryLongCsv.FILE));
    List<List<String>> settings = rows(report(tmp, "chaining", settingsSweep()).resolve(SummaryLongCsv.FILE));
    assertEquals(SummaryLongCsv.HEAD, sweep.get(0));
    assertEquals(SummaryLongCsv.HEAD, settings.get(0));
    int unit = SummaryLongCsv.HEAD.indexOf("unit");
    for (List<String> row : sweep.subList(1, sweep.size())) {
      assertEquals(SummaryLongCsv.HEAD.size(), row.size(), row.toString());
      assertTrue(SummaryLongCsv.UNITS.contains(row.get(unit)), row.toString());
    }
    int figure = SummaryLongCsv.HEAD.indexOf("figure");
    int value = SummaryLongCsv.HEAD.indexOf("value");
    // the 2-thread cell's steady READ p99: the same figure summary.csv has in op_read_p99_us
    List<String> p99 = sweep.stream().filter(r -> r.get(SummaryLongCsv.HEAD.indexOf("threads")).equals("2")
        && r.get(SummaryLongCsv.HEAD.indexOf("window")).equals("steady")
        && r.get(SummaryLongCsv.HEAD.indexOf("operation")).equals("READ") && r.get(figure).equals("latency_p99"))
        .findFirst().orElseThrow();
    assertEquals("500", p99.get(value));
    assertEquals("us", p99.get(unit));
    assertTrue(settings.stream().anyMatch(r -> r.get(SummaryLongCsv.HEAD.indexOf("coordinates"))
        .equals("server.chainingAllowed=false;mongodb.writeConcern=1")), "the swept coordinates in one field");
    assertTrue(settings.stream().noneMatch(r -> r.get(SummaryLongCsv.HEAD.indexOf("kind")).equals("connections")),
        "a connection stress has no client figures: no rows");
  }
}
