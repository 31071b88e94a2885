package dev.ycsbmongo.orchestrator.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ycsbmongo.orchestrator.host.ClientHostLoad;
import dev.ycsbmongo.orchestrator.results.PhaseResult;
import dev.ycsbmongo.orchestrator.results.PhaseStatus;
import dev.ycsbmongo.orchestrator.results.ResultFixtures;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/** What the client host did, in summary.md's "Client host" section and summary.csv's host_* columns. */
class ClientHostReportTest {

  private static final ClientHostLoad QUIET = new ClientHostLoad("AMD EPYC 7B13", 2, 2.0, 0.52, 0.8, 40.0, 0.6,
      0.55, 0.031, 0.003, 0.05);
  private static final ClientHostLoad BUSY = new ClientHostLoad("AMD EPYC 7B13", 2, 2.0, 1.15, 3.23, 40.0, 0.9,
      0.29, 0.61, 0.0, 0.72);

  private static PhaseResult cell(int index, int threads, ClientHostLoad host) {
    return ResultFixtures.run(index, "local", "rw-95-5", threads, 1, 300, 500, 100_000, 100_000,
        ResultFixtures.EMBEDDED).toBuilder().clientHostLoad(host).build();
  }

  private static PhaseResult busy(PhaseResult r) {
    return r.toBuilder().status(PhaseStatus.HOST_BUSY).cause("client host busy: other processes used 61% of the"
        + " cores (limit 25%) (execution.acceptance.hostBusy)").build();
  }

  private static String section(String md) {
    int at = md.indexOf("\n" + ClientHostSection.TITLE + "\n");
    return at < 0 ? "" : md.substring(at);
  }

  @Test
  void aRunOnAQuietHostGetsOneLine() {
    String s = section(SummaryMarkdown.render(List.of(cell(1, 1, QUIET), cell(2, 8, QUIET))));
    assertEquals("\n## Client host\n\nAMD EPYC 7B13, 2 cores; load average 0.52 to 0.80 over 2 watched phases;"
        + " other processes used at most 3.1% of the cores in a phase, steal at most 0.3%.\n", s);
  }

  @Test
  void everyBusyCellIsCountedAndDescribedAndItsFiguresAreNotTabledAsASuccess() {
    String md = SummaryMarkdown.render(List.of(cell(1, 1, QUIET), busy(cell(2, 8, BUSY))));
    String s = section(md);
    assertTrue(s.contains("load average 0.52 to 3.23 over 2 watched phases; other processes used at most 61% of the"
        + " cores in a phase, steal at most 0.3%."), s);
    assertTrue(s.contains("\n1 cell was run while other work used the client host's cores (host_busy"), s);
    assertTrue(s.contains("- run/local/rw-95-5/threadcount=8/rep=1: client host: AMD EPYC 7B13, 2 cores; load 1.15 ->"
        + " 3.23; other processes 61% of the cores (peak 72% over 5 s), ours 29%, steal 0%\n"), s);
    assertTrue(md.contains("| HOST_BUSY: client host busy: other processes used 61% of the cores (limit 25%)"), md);
  }

  @Test
  void recordsWithoutAWatchHaveNoSectionAndEmptyHostColumns() {
    List<PhaseResult> old = List.of(cell(1, 1, null), cell(2, 8, null));
    assertEquals("", section(SummaryMarkdown.render(old)));
    String[] csv = SummaryCsv.render(old).split("\n");
    int at = Arrays.asList(csv[0].split(",")).indexOf("host_others_pct");
    assertEquals(List.of("", "", "", "", "", "", ""), Arrays.asList(csv[1].split(",", -1)).subList(at, at + 7));
  }

  @Test
  void summaryCsvHasTheHostColumnsEmptyWhereUnknown() {
    String[] lines = SummaryCsv.render(List.of(cell(1, 1, QUIET), cell(2, 8, null))).split("\n");
    List<String> head = Arrays.asList(lines[0].split(","));
    int at = head.indexOf("host_others_pct");
    assertEquals(List.of("host_others_pct", "host_steal_pct", "host_our_pct", "host_load_start", "host_load_end",
        "host_cpu_model", "host_cores"), head.subList(at, at + 7));
    // shares in percent, as every share of summary.csv
    assertEquals(List.of("3.10", "0.30", "55.00", "0.52", "0.80", "AMD EPYC 7B13", "2"),
        Arrays.asList(lines[1].split(",", -1)).subList(at, at + 7));
    assertEquals(List.of("", "", "", "", "", "", ""), Arrays.asList(lines[2].split(",", -1)).subList(at, at + 7));
  }
}
