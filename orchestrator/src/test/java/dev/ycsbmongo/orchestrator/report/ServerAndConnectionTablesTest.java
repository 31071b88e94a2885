package dev.ycsbmongo.orchestrator.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ycsbmongo.orchestrator.plan.PhaseKind;
import dev.ycsbmongo.orchestrator.results.ConnectionStressResult;
import dev.ycsbmongo.orchestrator.results.OpCountCheck;
import dev.ycsbmongo.orchestrator.results.PhaseResult;
import dev.ycsbmongo.orchestrator.results.PhaseStatus;
import dev.ycsbmongo.orchestrator.results.ResultFixtures;
import dev.ycsbmongo.orchestrator.results.ServerMetrics;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The server sampler's columns, the change tables over them, cross-check notes and the connection-stress table. */
class ServerAndConnectionTablesTest {

  private static PhaseResult cell(int index, String chaining, String w, ServerMetrics server) {
    PhaseResult r = ResultFixtures.run(index, "rs7", "load", 8, 1, 300, 900 + index * 50, 6000, 6000,
        ResultFixtures.MONGO);
    Map<String, String> coords = new LinkedHashMap<>();
    coords.put("server.chainingAllowed", chaining);
    coords.put("mongodb.writeConcern", w);
    return ResultFixtures.with(r, PhaseKind.RUN, coords, "run/rs7/load/" + chaining + "/" + w, PhaseStatus.SUCCEEDED,
        null, server, null);
  }

  private static ServerMetrics cpuAndQps(double cpu, double qps) {
    return ResultFixtures.serverMetrics(Map.of("cpuMeanPercent", cpu, "qpsTotal", qps));
  }

  @Test
  void showsPrimaryCpuQpsConnectionsAndLagWhereSampled() {
    String md = SummaryMarkdown.render(List.of(cell(1, "true", "1", cpuAndQps(40, 10_000)),
        cell(2, "false", "1", cpuAndQps(30, 8_000))));
    assertTrue(md.contains("| Primary CPU (%) | QPS | Peak conns | Peak conn. utilisation (%) | Max lag (s)"
        + " | Server read RT (µs) | Server write RT (µs) | Status |"), md);
    assertTrue(md.contains("| 40.0 | 10,000 | 26 | 0.0 | 4.0 | 250 | 400 | ok |"), md);
    assertTrue(md.contains("| 30.0 | 8,000 | 26 | 0.0 | 4.0 | 250 | 400 | ok |"), md);
    assertTrue(md.contains("Server read/write RT: the primary's own average time per read and per write (serverStatus"
        + " opLatencies, µs, over the whole phase)"), md);
    assertTrue(md.contains("Peak conn. utilisation: the highest connections.current / (current + available)"), md);
  }

  @Test
  void leavesServerRtOutAndSaysWhyWhenTheServerDoesNotReportOpLatencies() {
    Map<String, Object> noLatencies = new LinkedHashMap<>();
    noLatencies.put("opLatencyMeanMicros", null);
    noLatencies.put("opLatencyOps", null);
    noLatencies.put("absent", Map.of("opLatencies", "not reported by this server (serverStatus has no opLatencies)"));
    String md = SummaryMarkdown.render(List.of(cell(1, "true", "1", ResultFixtures.serverMetrics(noLatencies))));
    assertTrue(md.contains("| Primary CPU (%) | QPS | Peak conns | Peak conn. utilisation (%) | Max lag (s) | Status |"),
        md);
    assertFalse(md.contains("Server read RT (µs)"), md);
    assertTrue(md.contains("\nServer read/write RT (serverStatus opLatencies) absent: not reported by this server"
        + " (serverStatus has no opLatencies).\n"), md);
  }

  @Test
  void showsServerRtWhereOnlySomeCellsHaveIt() {
    Map<String, Object> noLatencies = new LinkedHashMap<>();
    noLatencies.put("opLatencyMeanMicros", null);
    String md = SummaryMarkdown.render(List.of(cell(1, "true", "1", ResultFixtures.serverMetrics()),
        cell(2, "false", "1", ResultFixtures.serverMetrics(noLatencies))));
    assertTrue(md.contains("| 26 | 0.0 | 4.0 | 250 | 400 | ok |"), md);
    assertTrue(md.contains("| 26 | 0.0 | 4.0 | - | - | ok |"), md);
  }

  @Test
  void changeTablesShowTheCpuAndQpsChangeBetweenTwoSettings() {
    String md = SummaryMarkdown.render(List.of(cell(1, "true", "1", cpuAndQps(40, 10_000)),
        cell(2, "false", "1", cpuAndQps(30, 8_000)), cell(3, "true", "majority", cpuAndQps(20, 5_000)),
        cell(4, "false", "majority", cpuAndQps(25, 6_000))));
    assertTrue(md.contains("### Change from server.chainingAllowed=true to false"), md);
    assertTrue(md.contains("| mongodb.writeConcern | Throughput, steady | RAL, steady | WAL, steady | Primary CPU | QPS |"),
        md);
    assertTrue(md.contains("| -25.0% | -20.0% |"), md);   // w:1: CPU 40 -> 30, QPS 10,000 -> 8,000
    assertTrue(md.contains("| +25.0% | +20.0% |"), md);   // majority: CPU 20 -> 25, QPS 5,000 -> 6,000
    assertTrue(md.contains("Primary CPU -25.0% to +25.0%; QPS -20.0% to +20.0%"), md);
  }

  @Test
  void leavesServerColumnsOutWhenNothingWasMeasuredAndSaysWhy() {
    Map<String, Object> none = new LinkedHashMap<>();
    List.of("cpuMeanPercent", "qpsTotal", "connectionsPeak", "maxLagSeconds", "crossCheck", "opLatencyMeanMicros",
        "connectionsUtilisationPeakPercent").forEach(k -> none.put(k, null));
    none.put("absent", Map.of("cpu", "not reported by this server", "opcounters", "not reported by this server"));
    ServerMetrics nothing = ResultFixtures.serverMetrics(none);
    String md = SummaryMarkdown.render(List.of(cell(1, "true", "1", nothing)));
    assertFalse(md.contains("Primary CPU"), md);
    assertTrue(md.contains("were sampled, but the server reports none of them: cpu not reported by this server;"
        + " opcounters not reported by this server."), md);
    none.put("absent", Map.of("cpu", "not reported by this server", "opLatencies", "not reported by this server"
        + " (serverStatus has no opLatencies)"));
    String noLatencies = SummaryMarkdown.render(List.of(cell(1, "true", "1", ResultFixtures.serverMetrics(none))));
    assertTrue(noLatencies.contains("Server figures (primary CPU, QPS, peak connections, max lag, server RT) were"
        + " sampled, but the server reports none of them: cpu not reported by this server; opLatencies not reported"
        + " by this server (serverStatus has no opLatencies)."), noLatencies);
    none.put("absent", Map.of("crossCheck", "no sampled interval", "samples",
        "no sampled interval lies inside the window"));
    String tooShort = SummaryMarkdown.render(List.of(cell(1, "true", "1", ResultFixtures.serverMetrics(none))));
    assertTrue(tooShort.contains("were sampled, but none came through: samples: no sampled interval lies inside the"
        + " window.\n"), tooShort);
    String unsampled = SummaryMarkdown.render(List.of(cell(1, "true", "1", null)));
    assertFalse(unsampled.contains("Primary CPU") || unsampled.contains("were sampled"), unsampled);
  }

  @Test
  void namesTheCellsWhoseOpcountersDisagreeWithYcsb() {
    OpCountCheck off = new OpCountCheck(List.of(
        new OpCountCheck.Comparison("insert", 100_000, 96_200L, 0.962, true, true, null),
        new OpCountCheck.Comparison("query", 10, 10L, 1.0, true, false, null)), true, List.of());
    ServerMetrics flagged = ResultFixtures.serverMetrics().withCrossCheck(off);
    String md = SummaryMarkdown.render(List.of(cell(1, "true", "1", ResultFixtures.serverMetrics()),
        cell(2, "false", "1", flagged)));
    assertTrue(md.contains("Cross-check, server opcounters / YCSB operations: 0.962 to 1.000 over 2 cell(s);"
        + " **1 cell(s) off by more than 1%**:"), md);
    assertTrue(md.contains("- run/rs7/load/false/1: insert 96,200 on the server vs 100,000 from YCSB (ratio 0.962)"), md);
    String agreeing = SummaryMarkdown.render(List.of(cell(1, "true", "1", ResultFixtures.serverMetrics())));
    assertTrue(agreeing.contains("1.000 to 1.000 over 1 cell(s), all within 1%."), agreeing);
  }

  @Test
  void csvFillsServerColumnsOnlyWhenSampled() {
    String sampled = SummaryCsv.render(List.of(cell(1, "true", "1", cpuAndQps(40, 10_000))));
    String[] lines = sampled.split("\n");
    List<String> head = List.of(lines[0].split(","));
    List<String> row = List.of(lines[1].split(",", -1));
    assertEquals("40.00", row.get(head.indexOf("server_cpu_mean_pct")));
    assertEquals("10000.00", row.get(head.indexOf("server_ops_per_sec")));
    assertEquals("1500.00", row.get(head.indexOf("server_insert_ops_per_sec")));
    assertEquals("26", row.get(head.indexOf("server_connections_peak")));
    assertEquals("false", row.get(head.indexOf("server_crosscheck_flagged")));
    String unsampled = SummaryCsv.render(List.of(cell(1, "true", "1", null)));
    assertEquals("", List.of(unsampled.split("\n")[1].split(",", -1)).get(head.indexOf("server_cpu_mean_pct")),
        "the same column, empty");
  }

  @Test
  void csvCarriesTheServerLatencyAndConnectionLimitColumnsLast() {
    List<String> tail = ServerCsvColumns.HEAD.subList(ServerCsvColumns.HEAD.size() - 6, ServerCsvColumns.HEAD.size());
    assertEquals(List.of("server_read_latency_us", "server_write_latency_us", "server_command_latency_us",
        "server_transaction_latency_us", "server_connections_limit", "server_connections_utilisation_peak_pct"), tail);
    String csv = SummaryCsv.render(List.of(cell(1, "true", "1", ResultFixtures.serverMetrics())));
    List<String> head = List.of(csv.split("\n")[0].split(","));
    List<String> row = List.of(csv.split("\n")[1].split(",", -1));
    assertEquals("250.00", row.get(head.indexOf("server_read_latency_us")));
    assertEquals("400.00", row.get(head.indexOf("server_write_latency_us")));
    assertEquals("100.00", row.get(head.indexOf("server_command_latency_us")));
    assertEquals("", row.get(head.indexOf("server_transaction_latency_us")), "no transactions: no mean, never 0");
    assertEquals("838860", row.get(head.indexOf("server_connections_limit")));
    assertEquals("0.00", row.get(head.indexOf("server_connections_utilisation_peak_pct")));
  }

  private static PhaseResult stress(int index, long count, long opened, PhaseStatus status, String cause) {
    PhaseResult r = ResultFixtures.run(index, "rs", "hold", 1, 1, 1, 1, 1, 1, ResultFixtures.MONGO);
    ConnectionStressResult c = ResultFixtures.connections(count, opened);
    return ResultFixtures.with(r, PhaseKind.CONNECTIONS, Map.of("connections.count", Long.toString(count)),
        "connections/rs/hold/connections.count=" + count + "/rep=1", status, cause,
        cpuAndQps(12.5, 30), c);
  }

  @Test
  void connectionStressHasItsOwnTableAndFailedCellsKeepTheirFigures() {
    String md = SummaryMarkdown.render(List.of(stress(1, 8000, 8000, PhaseStatus.SUCCEEDED, null),
        stress(2, 96000, 90000, PhaseStatus.FAILED, "6,000 of 96,000 connections failed")));
    assertTrue(md.contains("## hold (connections)"), md);
    assertTrue(md.contains("| connections.count | Requested | Reached | Seen by server | Open time (s) | Open p99 (ms)"
        + " | Failures | Client RSS held (MiB) | Client KiB/conn | Server CPU (%) | Server memory (MB) | Server limit"
        + " | Peak utilisation (%) | Status |"), md);
    assertTrue(md.contains("| 8000 | 8,000 | 8,000 | 8,003 | 12.5 | 40.0 | 0 | 116 | 2.0 | 12.5 | 1,502 | 838,860 | 0.0"
        + " | ok |"), md);
    assertTrue(md.contains("| 96000 | 96,000 | 90,000 | 90,003 | 12.5 | 40.0 | refused 6,000 | 276 | 2.0 | 12.5 | 1,502"
        + " | 838,860 | 0.0 | FAILED: 6,000 of 96,000 connections failed |"), md);
    assertFalse(md.contains("Server read/write RT"), "no run table, so no server RT column to explain: " + md);
    String csv = SummaryCsv.render(List.of(stress(1, 8000, 8000, PhaseStatus.SUCCEEDED, null)));
    List<String> head = List.of(csv.split("\n")[0].split(","));
    List<String> row = List.of(csv.split("\n")[1].split(",", -1));
    assertEquals("8000", row.get(head.indexOf("connections_reached")));
    assertEquals("8003", row.get(head.indexOf("connections_seen_by_server")));
    assertEquals("2048", row.get(head.indexOf("client_bytes_per_connection")));
  }

  @Test
  void connectionStressShowsTheServersLimitAndHowFullItGot() {
    PhaseResult r = stress(1, 8000, 8000, PhaseStatus.SUCCEEDED, null);
    PhaseResult full = ResultFixtures.with(r, PhaseKind.CONNECTIONS, r.coordinates(), r.phaseId(), r.status(), null,
        ResultFixtures.serverMetrics(Map.of("connectionsLimit", 8_000, "connectionsUtilisationPeakPercent", 99.5)),
        r.connections());
    String md = SummaryMarkdown.render(List.of(full));
    assertTrue(md.contains("| 1,502 | 8,000 | 99.5 | ok |"), md);
    Map<String, Object> embedded = new LinkedHashMap<>();
    embedded.put("connectionsLimit", null);
    embedded.put("connectionsUtilisationPeakPercent", null);
    PhaseResult unknown = ResultFixtures.with(r, PhaseKind.CONNECTIONS, r.coordinates(), r.phaseId(), r.status(), null,
        ResultFixtures.serverMetrics(embedded), r.connections());
    assertTrue(SummaryMarkdown.render(List.of(unknown)).contains("| 1,502 | - | - | ok |"), "absent, never 0");
  }

  private static PhaseResult stress(int index, ConnectionStressResult c) {
    PhaseResult r = ResultFixtures.run(index, "rs", "hold", 1, 1, 1, 1, 1, 1, ResultFixtures.MONGO);
    return ResultFixtures.with(r, PhaseKind.CONNECTIONS, Map.of("connections.count",
        Integer.toString(c.countPerServer())), "connections/rs/hold/connections.count=" + c.countPerServer() + "/rep=1",
        PhaseStatus.SUCCEEDED, null, cpuAndQps(12.5, 30), c);
  }

  @Test
  void theConnectionTableSaysWhichServersTookTheCountAndWhatEachReached() {
    Map<String, Long> three = new java.util.LinkedHashMap<>();
    three.put("10.0.0.5:3717", 8000L);
    three.put("10.0.0.6:3717", 8000L);
    three.put("10.0.0.7:3717", 7990L);
    String md = SummaryMarkdown.render(List.of(stress(1, ResultFixtures.connections(8000, "each", three))));
    assertTrue(md.contains("| 8,000 to each of 3 servers | 23,990 (10.0.0.5:3717 8,000, 10.0.0.6:3717 8,000,"
        + " 10.0.0.7:3717 7,990) |"), md);
    md = SummaryMarkdown.render(List.of(stress(2, ResultFixtures.connections(8000, "primary",
        Map.of("10.0.0.5:3717", 8000L)))));
    assertTrue(md.contains("| 8,000 to the primary (10.0.0.5:3717) | 8,000 |"), md);
    three.put("10.0.0.7:3717", 8000L);
    assertTrue(SummaryMarkdown.render(List.of(stress(1, ResultFixtures.connections(8000, "each", three))))
        .contains("| 8,000 to each of 3 servers | 24,000 (8,000 each) |"));

    String csv = SummaryCsv.render(List.of(stress(1, ResultFixtures.connections(8000, "each", three))));
    List<String> head = List.of(csv.split("\n")[0].split(","));
    List<String> row = List.of(csv.split("\n")[1].split(",", -1));
    assertEquals("24000", row.get(head.indexOf("connections_requested")));
    assertEquals("each", row.get(head.indexOf("connections_to")));
    assertEquals("8000", row.get(head.indexOf("connections_per_server")));
    assertEquals("10.0.0.5:3717=8000;10.0.0.6:3717=8000;10.0.0.7:3717=8000",
        row.get(head.indexOf("connections_reached_by_server")));
  }
}
