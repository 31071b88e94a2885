package dev.ycsbmongo.orchestrator.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ycsbmongo.orchestrator.clients.ClientCpu;
import dev.ycsbmongo.orchestrator.clients.Outliers;
import dev.ycsbmongo.orchestrator.report.html.HtmlReport;
import dev.ycsbmongo.orchestrator.results.ClientFigures;
import dev.ycsbmongo.orchestrator.results.PhaseClients;
import dev.ycsbmongo.orchestrator.results.PhaseResult;
import dev.ycsbmongo.orchestrator.results.ResultFixtures;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The per-client figures of multi-client cells in summary.md, report.html and summary.csv. */
class ClientsSectionTest {

  private static PhaseResult single(int index) {
    return ResultFixtures.run(index, "aws-large", "rw-50-50", 8, 1, 300, 500, 100_000, 100_000, ResultFixtures.MONGO);
  }

  private static PhaseResult fourClients(int index, PhaseClients clients) {
    return ResultFixtures.withClients(ResultFixtures.run(index, "aws-large", "rw-50-50", 8 * index, 1, 300, 500,
        100_000, 100_000, ResultFixtures.MONGO), clients);
  }

  /** The fixture's four clients with nobody flagged: an even cell. */
  private static PhaseClients even() {
    return new PhaseClients(4, PhaseClients.LOCAL, 3, 50.0, ResultFixtures.clients().rows().stream()
        .map(r -> new ClientFigures(r.client(), r.host(), 50.0, 250_000, 5000.0, Map.of("READ", 1200L), 300_000,
            List.of())).toList());
  }

  private static String section(String md) {
    int at = md.indexOf("\n## Clients\n");
    return at < 0 ? "" : md.substring(at);
  }

  @Test
  void listsEachOutlierClientWithItsFiguresBesideTheOthersMedianAndTheReason() {
    String md = SummaryMarkdown.render(List.of(single(1), fourClients(2, ResultFixtures.clients())));
    String s = section(md);
    assertTrue(s.contains("| run/aws-large/rw-50-50/threadcount=16/rep=1 (4 clients, kubernetes, start skew 12 ms,"
        + " client CPU 61-950 µs/op) | 2 on ycsb-cell-2-m3n8v | 2,000 | 5,000 | READ 4,200; UPDATE 1,600 | READ 1,200; UPDATE 1,500 |"
        + " throughput 2000.0 ops/s is below 0.5x the other clients' median 5000.0 ops/s; READ p99 4200 us is above"
        + " 3x the other clients' median 1200 us |"), s);
    assertEquals(1, s.lines().filter(l -> l.startsWith("| run/")).count(), "only the outlier, not its cell's others");
    assertTrue(s.contains(ClientsSection.rule()), s);
    assertTrue(s.contains(ClientsSection.cpuRule()), s);
  }

  /** {@link #even()} with client {@code busy} having used {@code share} of its 2 cores, the others 20%. */
  private static PhaseClients evenWithBusy(int busy, double share) {
    return new PhaseClients(4, PhaseClients.LOCAL, 3, 50.0, even().rows().stream()
        .map(r -> new ClientFigures(r.client(), r.host(), 50.0, 250_000, 5000.0, Map.of("READ", 1200L), 300_000,
            r.client() == busy ? 74.4 : 61.0 + r.client(), 2, r.client() == busy ? share : 0.2, List.of()))
        .toList());
  }

  @Test
  void notesAClientThatUsedNearlyAllItsCoresWithoutCallingItAnOutlier() {
    String s = section(SummaryMarkdown.render(List.of(single(1), fourClients(2, evenWithBusy(2, 0.951)))));
    assertTrue(s.contains("- run/aws-large/rw-50-50/threadcount=16/rep=1 (4 clients, local, start skew 3 ms,"
        + " client CPU 61-74 µs/op): client 2 used 95% of its 2 cores: the client may be the bottleneck\n"), s);
    assertEquals(1, s.lines().filter(l -> l.startsWith("- run/")).count(), "only the busy client: " + s);
    assertFalse(s.contains("| Cell |"), "no outlier, so no outlier table: " + s);
    assertTrue(s.contains(ClientsSection.rule()) && s.contains(ClientsSection.cpuRule()), "both rules stated: " + s);
  }

  @Test
  void notesNoClientBelowTheThreshold() {
    double below = Math.nextDown(ClientCpu.SATURATED);
    assertEquals("", section(SummaryMarkdown.render(List.of(fourClients(2, evenWithBusy(2, below))))));
    assertTrue(section(SummaryMarkdown.render(List.of(fourClients(2, evenWithBusy(2, ClientCpu.SATURATED)))))
        .contains(": client 2 used 90% of its 2 cores"));
  }

  @Test
  void namesTheCellWithoutCpuWhenItsClientsDidNotSayIt() {
    String s = section(SummaryMarkdown.render(List.of(fourClients(2, new PhaseClients(4, PhaseClients.KUBERNETES, 12,
        50.0, ResultFixtures.clients().rows().stream().map(r -> new ClientFigures(r.client(), r.host(),
            r.windowSeconds(), r.windowOperations(), r.throughputOpsPerSec(), r.p99MicrosByOperation(),
            r.runOperations(), r.outlierReasons())).toList())))));
    assertTrue(s.contains("(4 clients, kubernetes, start skew 12 ms) | 2 on"), s);
    assertFalse(s.contains("client CPU") || s.contains("- run/"), s);
  }

  @Test
  void showsOneCpuFigureWhenTheClientsAgreeAndTenthsBelowTenMicros() {
    PhaseClients same = new PhaseClients(2, PhaseClients.LOCAL, 0, 10.0, List.of(
        new ClientFigures(0, "a", 10.0, 100, 10.0, Map.of(), 100, 8.04, 1, 0.95, List.of()),
        new ClientFigures(1, "b", 10.0, 100, 10.0, Map.of(), 100, 7.96, 1, 0.5, List.of())));
    assertTrue(ClientsSection.cellLine(fourClients(1, same)).endsWith(", client CPU 8.0 µs/op)"),
        ClientsSection.cellLine(fourClients(1, same)));
    assertTrue(section(SummaryMarkdown.render(List.of(fourClients(1, same))))
        .contains("client 0 used 95% of its 1 core: the client"));
  }

  @Test
  void statesTheCpuRuleFromItsThreshold() {
    assertTrue(ClientsSection.cpuRule().contains("at least " + Math.round(ClientCpu.SATURATED * 100) + "% of its run"
        + " time x its cores"), ClientsSection.cpuRule());
  }

  @Test
  void statesTheRuleFromTheOutlierThresholds() {
    String rule = ClientsSection.rule();
    assertTrue(rule.contains("below " + Outliers.LOW + "x or above " + (long) Outliers.HIGH + "x the median of the"
        + " cell's other clients"), rule);
    assertTrue(rule.contains("above " + (long) Outliers.P99 + "x their median p99"), rule);
  }

  @Test
  void showsNoSectionForARunOfSingleClientCells() {
    assertEquals("", section(SummaryMarkdown.render(List.of(single(1), single(2)))));
  }

  @Test
  void showsNoSectionWhenEveryMultiClientCellIsEven() {
    assertEquals("", section(SummaryMarkdown.render(List.of(single(1), fourClients(2, even())))));
  }

  @Test
  void listsOnlyTheCellsWithOutliers() {
    String s = section(SummaryMarkdown.render(List.of(fourClients(1, even()), fourClients(2,
        ResultFixtures.clients()))));
    assertFalse(s.contains("threadcount=8/"), s);
    assertTrue(s.contains("threadcount=16/"), s);
  }

  @Test
  void theReportPageShowsTheSectionFromSummaryMarkdown() {
    List<PhaseResult> records = List.of(single(1), fourClients(2, ResultFixtures.clients()));
    String html = HtmlReport.render(new HtmlReport.Input("study", null, "study-1", null, records,
        SummaryMarkdown.render(records), List.of(), List.of(), "0.1.0-SNAPSHOT"));
    assertTrue(html.contains(">Clients</h"), html);
    assertTrue(html.contains("2 on ycsb-cell-2-m3n8v"), html);
    assertTrue(html.contains("client 2 used 95% of its 2 cores: the client may be the bottleneck</li>"), html);
    List<PhaseResult> plain = List.of(single(1));
    assertFalse(HtmlReport.render(new HtmlReport.Input("study", null, "study-1", null, plain,
        SummaryMarkdown.render(plain), List.of(), List.of(), "0.1.0-SNAPSHOT")).contains(">Clients</h"));
  }

  @Test
  void theCsvSaysEveryPhasesClientsAndAMultiClientCellsSkewAndOutliers() {
    List<String> lines = SummaryCsv.render(List.of(single(1), fourClients(2, ResultFixtures.clients()),
        fourClients(3, even()))).lines().toList();
    List<String> header = List.of(lines.get(0).split(",", -1));
    List<Integer> at = java.util.stream.Stream.of("clients", "start_skew_s", "outlier_clients").map(header::indexOf)
        .toList();
    assertEquals(List.of("1", "", ""), fields(lines.get(1), at));
    assertEquals(List.of("4", "0.012", "1"), fields(lines.get(2), at));
    assertEquals(List.of("4", "0.003", "0"), fields(lines.get(3), at));
  }

  private static List<String> fields(String line, List<Integer> at) {
    List<String> all = List.of(line.split(",", -1));
    return at.stream().map(all::get).toList();
  }
}
