package dev.ycsbmongo.orchestrator.report.html;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ycsbmongo.orchestrator.report.SummaryMarkdown;
import dev.ycsbmongo.orchestrator.results.PhaseResult;
import dev.ycsbmongo.orchestrator.results.PhaseStatus;
import dev.ycsbmongo.orchestrator.results.ResultFixtures;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The page: self-contained, every table of summary.md, failures with causes, masked commands, inline charts. */
class HtmlReportTest {

  private static final List<PhaseResult> RECORDS = List.of(ResultFixtures.load(1, "small", ResultFixtures.EMBEDDED),
      ResultFixtures.run(2, "small", "rw-50-50", 8, 1, 300, 900, 6000, 6000, ResultFixtures.EMBEDDED),
      ResultFixtures.failed(ResultFixtures.run(3, "small", "rw-50-50", 16, 1, 300, 900, 6000, 6000,
          ResultFixtures.EMBEDDED), PhaseStatus.FAILED, "error rate 3.00% over the 1% limit <execution.maxErrorRate>"));

  private static final String SVG = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<!DOCTYPE svg PUBLIC \"-//W3C//DTD SVG"
      + " 1.1//EN\" \"http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd\">\n<svg xmlns=\"http://www.w3.org/2000/svg\""
      + " width=\"10\" height=\"10\"><text>Throughput vs threads</text></svg>\n";

  private static String page() {
    return HtmlReport.render(new HtmlReport.Input("study", "What this study asks.", "study-20261122-101500",
        "name: study\ntargets: [{name: small, uri: 'mongodb://bench:****@small:27017/ycsb'}]\n", RECORDS,
        SummaryMarkdown.render(RECORDS), List.of(new HtmlReport.Figure("throughput-vs-threads", "Throughput vs threads",
            SVG, "one line per target")), List.of(new HtmlReport.Extra("Comparison", "| a | b |\n|:---|---:|\n| x | 1 |\n")),
        "0.1.0-SNAPSHOT"));
  }

  @Test
  void isOneSelfContainedPageWithoutScriptsOrFetchedResources() {
    String html = page();
    assertTrue(html.startsWith("<!DOCTYPE html>"), html);
    assertFalse(html.contains("<script") || html.contains("<img") || html.contains("<link"), "nothing to run or fetch");
    assertFalse(html.matches("(?s).*(src|href)=\"(https?:)?//.*"), "no network resource");
    assertEquals(1, html.split("<svg", -1).length - 1, "the chart is inline");
    assertFalse(html.contains("<?xml") || html.contains("<!DOCTYPE svg"), "the SVG's prolog is dropped when inlined");
  }

  @Test
  void holdsEnvironmentEveryTableFailuresAndMaskedCommands() {
    String html = page();
    assertTrue(html.contains("<h1>study</h1>") && html.contains("What this study asks."), html);
    assertTrue(html.contains("<td>small</td><td><code>mongodb://bench:****@small:27017/ycsb</code></td>"), html);
    assertTrue(html.contains("5.0.0, standalone (embedded test server, not MongoDB)"), html);
    assertTrue(html.contains("<p class=\"warning\">Measured against the embedded"), html);
    assertEquals(1, html.split("Measured against the embedded", -1).length - 1, "one warning, not summary.md's too");
    assertTrue(html.contains("<h3 id=\"rw-50-50-run\">rw-50-50 (run)</h3>"), "a table's heading, under Tables: " + html);
    assertTrue(html.contains("<th class=\"num\">Throughput, whole run (ops/s)</th>"), html);
    assertTrue(html.contains("<th class=\"num\">Throughput, steady (ops/s)</th>"), html);
    assertFalse(html.contains("<h2 id=\"targets\">"), "the Environment section replaces summary.md's Targets");
    assertTrue(html.contains("<section id=\"problems\">") && html.contains("error rate 3.00% over the 1% limit"
        + " &lt;execution.maxErrorRate&gt;"), "the failed phase and its cause, escaped");
    assertTrue(html.contains("<code>scripts/ycsb run mongodb -s -P workloads/rw-50-50 -threads 8</code>"), html);
    assertTrue(html.contains("<h2>Comparison</h2>") && html.contains("<td class=\"num\">1</td>"), html);
    assertTrue(html.contains("<pre>name: study\n"), html);
    assertFalse(html.contains("s3cret"), html);
    assertTrue(html.contains("embedded test server, not MongoDB.</footer>"), html);
  }

  @Test
  void isTheSameBytesEachTime() {
    assertEquals(page(), page());
  }

  @Test
  void markdownTablesKeepEscapedPipesInTheirCell() {
    assertEquals(List.of("a|b", "c"), MarkdownHtml.cells("| a\\|b | c |"));
    assertEquals("<p>x <strong>bold</strong> <code>&lt;y&gt;</code></p>\n", MarkdownHtml.render("x **bold** `<y>`", 0));
  }

  /** Two charts as the library draws them: the same clip-path id in each, referenced by url(#...). */
  private static final String CLIPPED = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"10\" height=\"10\"><defs>"
      + "<clipPath id=\"clip936197536\"><rect height=\"4\" width=\"4\" x=\"1\" y=\"1\"/></clipPath></defs>"
      + "<g clip-path=\"url(#clip936197536)\"><path d=\"m1 1l2 2\"/></g></svg>";

  @Test
  void showsThePerSecondChartsOfFailedPhasesAndOfTheFourThatSpreadMostAndLinksTheOthers() {
    List<dev.ycsbmongo.orchestrator.results.PhaseResult> phases = new java.util.ArrayList<>();
    for (int i = 1; i <= 6; i++) {
      phases.add(ResultFixtures.run(i, "small", "rw-50-50", i, 1, 100, 100, 1000, 1000, ResultFixtures.MONGO));
    }
    // the first phase failed: its charts are always on the page; the others tie and keep plan order
    phases.set(0, ResultFixtures.failed(phases.get(0), PhaseStatus.FAILED, "x"));
    List<HtmlReport.Figure> figures = new java.util.ArrayList<>(List.of(new HtmlReport.Figure("run-timeline",
        "Every phase", CLIPPED, null)));
    for (var r : phases) {
      for (String kind : List.of("ops", "p99")) {
        String id = dev.ycsbmongo.orchestrator.report.charts.ChartPlanner.id(kind, r.phaseId());
        figures.add(new HtmlReport.Figure(id, kind + " " + r.index(), CLIPPED, null));
      }
    }
    String failed = dev.ycsbmongo.orchestrator.report.charts.ChartPlanner.id("ops", phases.get(0).phaseId());
    String last = dev.ycsbmongo.orchestrator.report.charts.ChartPlanner.id("ops", phases.get(5).phaseId());
    assertEquals(java.util.Set.of(last, last.replaceFirst("^ops", "p99")), HtmlReport.linkedOnly(figures, phases));
    String html = HtmlReport.render(new HtmlReport.Input("study", null, "study-1", null, phases,
        SummaryMarkdown.render(phases), figures, List.of(), "0.1.0-SNAPSHOT"));
    assertEquals(11, html.split("<figure", -1).length - 1, "the timeline, the failed phase and 4 others x 2 charts");
    assertTrue(html.contains("<figure id=\"chart-" + failed + "\">"), html);
    assertTrue(html.contains("<li><a href=\"charts/" + last + ".svg\">ops 6</a> (<a href=\"charts/" + last
        + ".png\">PNG</a>)</li>"), html);
    // the verdicts link to the failed phase's charts on the page
    assertTrue(html.contains("<td><a href=\"#chart-" + failed + "\">throughput</a>, <a href=\"#chart-"
        + failed.replaceFirst("^ops", "p99") + "\">p99</a></td>"), html);
    assertEquals(java.util.Set.of(), HtmlReport.linkedOnly(figures.subList(0, 11), phases), "5 phases: all shown");
  }

  private static String pageWith(List<HtmlReport.Figure> figures, String comparison) {
    return HtmlReport.render(new HtmlReport.Input("study", null, "study-1", null, RECORDS, SummaryMarkdown.render(RECORDS),
        figures, List.of(new HtmlReport.Extra("Comparison", comparison)), "0.1.0-SNAPSHOT"));
  }

  /** Every value of an id attribute that occurs more than once in the page. */
  static List<String> repeatedIds(String html) {
    java.util.Map<String, Integer> count = new java.util.TreeMap<>();
    java.util.regex.Matcher m = java.util.regex.Pattern.compile("\\sid=\"([^\"]*)\"").matcher(html);
    while (m.find()) {
      count.merge(m.group(1), 1, Integer::sum);
    }
    return count.entrySet().stream().filter(e -> e.getValue() > 1).map(java.util.Map.Entry::getKey).toList();
  }

  @Test
  void noIdRepeatsAndEachChartsClipPathPointsAtItsOwnClip() {
    String html = pageWith(List.of(new HtmlReport.Figure("a", "A", CLIPPED, null),
        new HtmlReport.Figure("b", "B", CLIPPED, null)), "## rw-50-50 (run)\n\n| a |\n|:---|\n| x |\n");
    assertEquals(List.of(), repeatedIds(html));
    assertTrue(html.contains("<clipPath id=\"chart-a-clip936197536\">") && html.contains("clip-path=\"url(#chart-a-clip936197536)\""),
        html);
    assertTrue(html.contains("<clipPath id=\"chart-b-clip936197536\">") && html.contains("clip-path=\"url(#chart-b-clip936197536)\""),
        html);
    assertTrue(html.contains("<h3 id=\"rw-50-50-run\">") && html.contains("<h3 id=\"rw-50-50-run-2\">"),
        "the heading summary.md also has is renamed, the first (the comparison's, above) keeps the links: " + html);
  }

  @Test
  void inlinesThePngOnlyWhenItIsSmallerThanTheSvg() {
    byte[] small = {(byte) 0x89, 'P', 'N', 'G'};
    String withPng = pageWith(List.of(new HtmlReport.Figure("a", "A <chart>", CLIPPED, null, small)), "x");
    assertTrue(withPng.contains("<figure id=\"chart-a\">\n<img src=\"data:image/png;base64,iVBORw==\" width=\"960\""
        + " height=\"540\" alt=\"A &lt;chart&gt;\">"), withPng);
    assertFalse(withPng.contains("<svg"), "one picture per chart");
    byte[] large = new byte[CLIPPED.length()];
    String withSvg = pageWith(List.of(new HtmlReport.Figure("a", "A", CLIPPED, null, large)), "x");
    assertTrue(withSvg.contains("<figure id=\"chart-a\">\n<svg") && !withSvg.contains("<img"), withSvg);
  }

  @Test
  void putsTheVerdictsAndComparisonsFirstThenTablesThenCharts() {
    String html = page();
    List<Integer> at = java.util.stream.Stream.of("<section id=\"verdicts\">", "<section id=\"problems\">",
        "<section class=\"extra\" id=\"comparisons\">", "<section id=\"tables\">", "<section id=\"charts\">",
        "<section id=\"environment\">", "<section id=\"commands\">").map(html::indexOf).toList();
    assertTrue(at.stream().allMatch(i -> i > 0), at.toString());
    assertEquals(at.stream().sorted().toList(), at, "in the order a reader asks: " + at);
    // one measured cell ok, one failed; the load that prepared data is no cell
    assertTrue(html.contains("<tr class=\"verdict-ok\"><td>ok</td><td class=\"num\">1</td>"), html);
    assertTrue(html.contains("<tr class=\"verdict-failed\"><td>failed</td><td class=\"num\">1</td>"), html);
    assertTrue(html.contains("<h2>Tables</h2>"), html);
  }

  @Test
  void leavesOutTheChangeTablesWhenThePlansComparisonsSayIt() {
    List<PhaseResult> sweep = List.of(ResultFixtures.run(1, "small", "rw-50-50", 8, 1, 300, 900, 6000, 6000,
        ResultFixtures.MONGO), ResultFixtures.run(2, "small", "rw-50-50", 16, 1, 300, 900, 9000, 9000,
        ResultFixtures.MONGO));
    String md = SummaryMarkdown.render(sweep);
    assertTrue(md.contains("### Change from threadcount=8 to 16"), md);
    String without = HtmlReport.render(new HtmlReport.Input("s", null, "s-1", null, sweep, md, List.of(), List.of(),
        "0.1.0-SNAPSHOT"));
    assertTrue(without.contains("Change from threadcount=8 to 16</h4>"), "no comparison: the change table stays");
    String with = HtmlReport.render(new HtmlReport.Input("s", null, "s-1", null, sweep, md, List.of(),
        List.of(new HtmlReport.Extra("Comparison: threads=8 (A) vs 16 (B)", "| a |\n|:---|\n| x |\n"),
            new HtmlReport.Extra("Shaped", "| b |\n|:---|\n| y |\n", true)), "0.1.0-SNAPSHOT"));
    assertFalse(with.contains("Change from threadcount"), with);
    assertTrue(with.contains("<section class=\"extra\" id=\"shaped-tables\">\n<h2>Shaped</h2>"), with);
    assertTrue(with.indexOf("id=\"shaped-tables\"") > with.indexOf("<section id=\"tables\">"), "shaped tables after"
        + " summary.md's");
  }
}
