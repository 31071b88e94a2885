package dev.ycsbmongo.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * report.html as a browser builds it, answer first: the verdicts, then the cells that did not succeed with links to
 * their per-second charts, then the tables, then the charts, where each unstable cell has its own per-second chart.
 * A real run whose cells are unstable by construction: a precision of 5% asked of 8 s phases, under the 20 s of
 * steady window the precision rule needs (the minimum window is lowered to 2 s so that the short phases reach the
 * precision judgement: the steady window is at least half of the phase after the ramp-up). Against the plan's own
 * embedded test server, not MongoDB.
 */
class ReportOrderIT {

  @Test
  void theVerdictsComeFirstAndEachUnstableCellHasItsChart(@TempDir Path work) throws Exception {
    System.out.println("[it] ReportOrderIT runs against: the plan's own embedded test server (uri: embedded)");
    Optional<Path> chromium = HeadlessChromium.binary();
    Assumptions.assumeTrue(chromium.isPresent(), "no chromium on PATH: report.html not opened in a browser"
        + " (.ci/run installs Debian's chromium)");
    Path workload = ProjectRoot.find().resolve("workloads/rw-95-5");
    Path plan = work.resolve("unstable.yaml");
    Files.writeString(plan, """
        name: unstable
        targets: [{name: embedded, uri: embedded}]
        scenarios: [{name: rw, workload: %s}]
        properties: {recordcount: 1000, operationcount: 100000000, maxexecutiontime: 8, target: 2000}
        sweep:
          threads: [1, 2]
        execution:
          load: {threads: 2}
          rampUp: 1s
          acceptance: {precision: 5%%, minWindow: 2s, hostBusy: off}
        """.formatted(workload), StandardCharsets.UTF_8);
    Path results = work.resolve("results");
    LauncherRun run = Orchestrator.run(work, Map.of(), null, "run", plan.toString(), "-o", results.toString());
    assertTrue(Files.isDirectory(results), "the run wrote nothing: " + run.diagnostics());
    Path runDir = Orchestrator.onlyRunDir(results);

    ObjectMapper json = new ObjectMapper();
    // phase id -> verdict; a machine too busy to run even 1,000 operations in the window fails a cell instead:
    // that cell needs its chart all the same
    Map<String, String> notOk = new java.util.LinkedHashMap<>();
    for (String line : Orchestrator.resultLines(runDir)) {
      JsonNode r = json.readTree(line);
      if (r.get("kind").asText().equals("RUN")) {
        String status = r.get("status").asText();
        assertTrue(status.equals("UNSTABLE") || status.equals("FAILED"), "8 s cannot give 20 s of steady window: "
            + line);
        notOk.put(r.get("phaseId").asText(), status.toLowerCase(Locale.ROOT));
      }
    }
    assertEquals(2, notOk.size(), run.diagnostics());
    long unstable = notOk.values().stream().filter("unstable"::equals).count();
    assertTrue(unstable > 0, "no unstable cell to look at: " + notOk);
    assertEquals(1, run.exitCode, "unstable cells do not succeed: " + run.diagnostics());

    String dom = HeadlessChromium.dom(chromium.get(), runDir.resolve("report.html"), work);
    List<Integer> order = java.util.stream.Stream.of("<section id=\"verdicts\">", "<section id=\"problems\">",
        "<section id=\"tables\">", "<section id=\"charts\">", "<section id=\"environment\">").map(dom::indexOf).toList();
    assertTrue(order.stream().allMatch(i -> i >= 0), "every section in the rendered DOM: " + order);
    assertEquals(order.stream().sorted().toList(), order, "verdicts, then what did not succeed, tables, charts");
    assertTrue(dom.indexOf("<section id=\"verdicts\">") < dom.indexOf("<table"), "the first table is the verdicts'");
    assertTrue(dom.contains("<tr class=\"verdict-unstable\"><td>unstable</td><td class=\"num\">" + unstable + "</td>"),
        dom);
    int charts = dom.indexOf("<section id=\"charts\">");
    for (Map.Entry<String, String> cell : notOk.entrySet()) {
      String phase = cell.getKey();
      String id = "ops-" + phase.toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9]+", "-").replaceAll("(^-|-$)", "");
      int figure = dom.indexOf("<figure id=\"chart-" + id + "\">");
      assertTrue(figure > charts, "a per-second chart of " + phase + " on the page, among the charts");
      assertTrue(dom.substring(figure).matches("(?s)<figure[^>]*>\\s*(<svg|<img src=\"data:image/png;base64,).*"),
          "drawn: " + phase);
      assertTrue(dom.substring(figure, dom.indexOf("</figure>", figure)).contains("(" + cell.getValue() + ")"),
          "its caption says why it is there: " + phase);
      assertTrue(dom.contains("<a href=\"#chart-" + id + "\">throughput</a>"), "the verdicts link to it: " + phase);
    }
    // every table after the verdicts has a heading before it in its section
    String tables = dom.substring(dom.indexOf("<section id=\"tables\">"), charts);
    assertTrue(tables.startsWith("<section id=\"tables\">\n<h2>Tables</h2>"), tables);
    assertTrue(tables.indexOf("<h3") < tables.indexOf("<table"), tables);
    System.out.println("[it] ReportOrderIT: report.html opened in " + chromium.get() + ": verdicts first, "
        + notOk + ", each cell with its per-second chart");
  }
}
