package dev.ycsbmongo.orchestrator.exec;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import dev.ycsbmongo.orchestrator.plan.CompareSpec;
import dev.ycsbmongo.orchestrator.plan.CompareSpecException;
import dev.ycsbmongo.orchestrator.report.Records;
import dev.ycsbmongo.orchestrator.report.SummaryCsv;
import dev.ycsbmongo.orchestrator.report.SummaryMarkdown;
import dev.ycsbmongo.orchestrator.report.charts.Charts;
import dev.ycsbmongo.orchestrator.report.compare.Comparison;
import dev.ycsbmongo.orchestrator.report.compare.ComparisonCsv;
import dev.ycsbmongo.orchestrator.report.compare.ComparisonMarkdown;
import dev.ycsbmongo.orchestrator.report.html.HtmlReport;
import dev.ycsbmongo.orchestrator.results.PhaseResult;
import dev.ycsbmongo.orchestrator.results.ResultsReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;

/**
 * Writes a run directory's tables, charts and report from its {@code results.jsonl} alone (what both
 * {@code run} and {@code report} do), plus the resolved plan for the report's plan section.
 */
public final class SummaryFiles {

  private SummaryFiles() {
  }

  /**
   * Renders summary.csv, summary.md, the comparisons the plan asks for ({@code report.compare}) and
   * report.html; returns the warnings: the reader's (e.g. a cut-off last line), a comparison
   * that could not be made from these records (it is left out; the rest is written) and a chart
   * that could not be drawn (also noted at the end of summary.md and under its place in report.html).
   * A chart not drawn never changes the run's exit status: it is a report problem, not a measurement one.
   */
  public static List<String> write(RunDirectory dir) throws IOException {
    ResultsReader.Read read = ResultsReader.read(dir.path());
    List<String> warnings = new ArrayList<>(read.warnings());
    Files.writeString(dir.file(RunDirectory.SUMMARY_CSV), SummaryCsv.render(read.results()), StandardCharsets.UTF_8);
    StringBuilder chartNote = new StringBuilder();
    List<Charts.Drawn> drawn = drawCharts(dir, read.results(), warnings, chartNote);
    String md = SummaryMarkdown.render(read.results()) + chartNote;
    Files.writeString(dir.file(RunDirectory.SUMMARY_MD), md, StandardCharsets.UTF_8);
    String planYaml = planYaml(dir);
    for (String text : comparisonsToRedraw(dir, planYaml)) {
      try {
        writeComparison(dir, Comparison.of(read.results(), CompareSpec.parse(text)));
      } catch (CompareSpecException e) {
        warnings.add("comparison '" + text + "': " + e.getMessage() + "; not written");
      }
    }
    Files.writeString(dir.file(RunDirectory.REPORT_HTML),
        HtmlReport.render(htmlInput(dir, read.results(), md, planYaml, drawn)), StandardCharsets.UTF_8);
    return warnings;
  }

  /** Writes a comparison's {@code .md} and {@code .csv} beside the run's files; returns the Markdown. */
  public static String writeComparison(RunDirectory dir, Comparison c) throws IOException {
    String md = ComparisonMarkdown.render(c);
    Files.writeString(dir.file(c.spec().fileBase() + ".md"), md, StandardCharsets.UTF_8);
    Files.writeString(dir.file(c.spec().fileBase() + ".csv"), ComparisonCsv.render(c), StandardCharsets.UTF_8);
    return md;
  }

  /** Redraws report.html alone (after {@code report --compare} added a comparison to the run directory). */
  public static void writeHtml(RunDirectory dir) throws IOException {
    List<PhaseResult> results = ResultsReader.read(dir.path()).results();
    StringBuilder chartNote = new StringBuilder();
    List<Charts.Drawn> drawn = drawCharts(dir, results, new ArrayList<>(), chartNote);
    Files.writeString(dir.file(RunDirectory.REPORT_HTML), HtmlReport.render(htmlInput(dir, results,
        SummaryMarkdown.render(results) + chartNote, planYaml(dir), drawn)), StandardCharsets.UTF_8);
  }

  /**
   * Draws the charts; each one not drawn becomes a warning and a line of {@code note} (summary.md's
   * "Charts not drawn"). Charts that cannot be planned or written at all ({@code charts/} not
   * writable, records the planner cannot read) are one warning too: the tables never depend on them.
   */
  private static List<Charts.Drawn> drawCharts(RunDirectory dir, List<PhaseResult> results, List<String> warnings,
      StringBuilder note) {
    try {
      List<Charts.Drawn> drawn = Charts.write(results, dir.path());
      drawn.stream().map(Charts.Drawn::warning).filter(java.util.Objects::nonNull).forEach(warnings::add);
      note.append(Charts.notDrawnMarkdown(drawn));
      return drawn;
    } catch (IOException | RuntimeException e) {
      String reason = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage().strip().lines().findFirst()
          .orElse("");
      warnings.add("charts not drawn: " + reason);
      note.append("\n## Charts not drawn\n\nNone of the charts: ").append(reason).append('\n');
      return List.of();
    }
  }

  private static String planYaml(RunDirectory dir) throws IOException {
    return Files.isRegularFile(dir.file(RunDirectory.PLAN))
        ? Files.readString(dir.file(RunDirectory.PLAN), StandardCharsets.UTF_8) : null;
  }

  /**
   * Remembers a comparison {@code report --compare} made within the run, so that every later redraw
   * (after {@code run --resume} added cells) makes it again from the records rather than leave it stale.
   */
  public static void remember(RunDirectory dir, CompareSpec spec) throws IOException {
    java.nio.file.Path file = dir.file(RunDirectory.COMPARISONS);
    List<String> known = Files.isRegularFile(file) ? Files.readAllLines(file, StandardCharsets.UTF_8) : List.of();
    if (!known.contains(spec.toString())) {
      Files.writeString(file, spec + "\n", StandardCharsets.UTF_8, java.nio.file.StandardOpenOption.CREATE,
          java.nio.file.StandardOpenOption.APPEND);
    }
  }

  /**
   * {@code report.compare} of the run's plan.yaml (none when unreadable), then those {@code report
   * --compare} made and remembered in {@value RunDirectory#COMPARISONS}, each once.
   */
  private static List<String> comparisonsToRedraw(RunDirectory dir, String planYaml) throws IOException {
    java.util.Set<String> texts = new java.util.LinkedHashSet<>();
    if (planYaml != null) {
      try {
        new YAMLMapper().readTree(planYaml).path("report").path("compare").forEach(n -> texts.add(n.asText()));
      } catch (IOException e) {
        // a plan.yaml edited by hand into something unreadable still leaves the tables
      }
    }
    java.nio.file.Path remembered = dir.file(RunDirectory.COMPARISONS);
    if (Files.isRegularFile(remembered)) {
      Files.readAllLines(remembered, StandardCharsets.UTF_8).stream().map(String::strip).filter(l -> !l.isEmpty())
          .forEach(texts::add);
    }
    return List.copyOf(texts);
  }

  /** The comparisons {@code report --compare} left in the run directory, in file-name order, as report sections. */
  private static List<HtmlReport.Extra> comparisons(RunDirectory dir) throws IOException {
    List<HtmlReport.Extra> extras = new java.util.ArrayList<>();
    try (java.util.stream.Stream<java.nio.file.Path> files = Files.list(dir.path())) {
      for (java.nio.file.Path f : files.filter(f -> {
        String n = f.getFileName().toString();
        return n.startsWith(CompareSpec.FILE_PREFIX) && n.endsWith(".md");
      }).sorted().toList()) {
        String md = Files.readString(f, StandardCharsets.UTF_8);
        String title = md.startsWith("# ") ? md.substring(2, md.indexOf('\n') < 0 ? md.length() : md.indexOf('\n'))
            : f.getFileName().toString();
        extras.add(new HtmlReport.Extra(title, md.startsWith("# ") ? md.substring(Math.max(0, md.indexOf('\n'))) : md));
      }
    }
    return extras;
  }

  /** The PNG Charts wrote beside the SVG, for the page to inline when it is the smaller; null when unreadable. */
  private static byte[] chartPng(RunDirectory dir, String chartId) {
    try {
      return Files.readAllBytes(dir.file(Charts.DIR).resolve(chartId + ".png"));
    } catch (IOException e) {
      return null;
    }
  }

  private static HtmlReport.Input htmlInput(RunDirectory dir, List<PhaseResult> results, String md, String planYaml,
      List<Charts.Drawn> drawn) throws IOException {
    String name = results.isEmpty() ? dir.runId() : results.get(0).plan();
    String description = null;
    if (planYaml != null) {
      try {
        JsonNode plan = new YAMLMapper().readTree(planYaml);
        name = plan.path("name").asText(name);
        description = plan.path("description").isTextual() ? plan.path("description").asText() : null;
      } catch (IOException e) {
        // a plan.yaml edited by hand into something unreadable still leaves the report its results
      }
    }
    List<HtmlReport.Figure> figures = new java.util.ArrayList<>();
    for (Charts.Drawn d : drawn) {
      figures.add(new HtmlReport.Figure(d.spec().id(), d.spec().title(), d.svg() == null ? "" : d.svg(),
          d.problem() == null ? d.spec().note() : "Not drawn: " + d.problem(), d.svg() == null ? null
              : chartPng(dir, d.spec().id())));
    }
    return new HtmlReport.Input(name, description, dir.runId(), planYaml, Records.latest(results), md, figures,
        comparisons(dir), ClientHostInfo.TOOL_VERSION);
  }
}
