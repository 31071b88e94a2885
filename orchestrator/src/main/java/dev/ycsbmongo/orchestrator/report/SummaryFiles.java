package dev.ycsbmongo.orchestrator.report;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import dev.ycsbmongo.orchestrator.OutputFiles;
import dev.ycsbmongo.orchestrator.plan.CompareSpec;
import dev.ycsbmongo.orchestrator.plan.CompareSpecException;
import dev.ycsbmongo.orchestrator.plan.PlanException;
import dev.ycsbmongo.orchestrator.plan.PlanLoader;
import dev.ycsbmongo.orchestrator.plan.TableSpec;
import dev.ycsbmongo.orchestrator.report.charts.Charts;
import dev.ycsbmongo.orchestrator.report.compare.Comparison;
import dev.ycsbmongo.orchestrator.report.compare.ComparisonCsv;
import dev.ycsbmongo.orchestrator.report.compare.ComparisonMarkdown;
import dev.ycsbmongo.orchestrator.report.html.HtmlReport;
import dev.ycsbmongo.orchestrator.report.tables.ShapedTableFiles;
import dev.ycsbmongo.orchestrator.results.ClientHostInfo;
import dev.ycsbmongo.orchestrator.results.PhaseResult;
import dev.ycsbmongo.orchestrator.results.ResultsReader;
import dev.ycsbmongo.orchestrator.results.RunDirectory;
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
   * Renders summary.csv, summary-long.csv (and summary-curves.csv when a scenario sweeps threads), summary.md,
   * the plan's shaped tables ({@code report.tables}, under tables/), the comparisons the plan asks for
   * ({@code report.compare}) and report.html; returns the warnings: the reader's (e.g. a cut-off last line), a comparison
   * that could not be made from these records (it is left out; the rest is written) and a chart
   * that could not be drawn (also noted at the end of summary.md and under its place in report.html).
   * A chart not drawn never changes the run's exit status: it is a report problem, not a measurement one.
   * Each file is written aside and renamed ({@link OutputFiles}): a file that cannot be written (a full disk)
   * keeps its earlier content and is one line naming it, the free space and the command that writes it again.
   */
  public static List<String> write(RunDirectory dir) throws IOException {
    try {
      return writeAll(dir);
    } catch (OutputFiles.WriteFailed e) {
      throw redrawAdvice(e, dir);
    }
  }

  /** What to do about a report file that could not be written: the records it comes from are safe. */
  private static OutputFiles.WriteFailed redrawAdvice(OutputFiles.WriteFailed e, RunDirectory dir) {
    return e.advising("the records are safe in " + RunDirectory.RESULTS + ": make room, then `orchestrator report "
        + dir.path() + "` writes the report again");
  }

  private static List<String> writeAll(RunDirectory dir) throws IOException {
    for (String sub : List.of("", ShapedTableFiles.DIR, Charts.DIR)) {
      OutputFiles.removeLeftovers(dir.file(sub));  // what a writer killed mid-file left beside the report
    }
    ResultsReader.Read read = ResultsReader.read(dir.path());
    List<String> warnings = new ArrayList<>(read.warnings());
    OutputFiles.writeString(dir.file(RunDirectory.SUMMARY_CSV), SummaryCsv.render(read.results()));
    OutputFiles.writeString(dir.file(SummaryLongCsv.FILE), SummaryLongCsv.render(read.results()));
    if (CurveSummary.any(read.results())) {
      OutputFiles.writeString(dir.file(CurveSummary.CSV_FILE), CurveSummary.csv(read.results()));
    }
    String planYaml = planYaml(dir);
    StringBuilder chartNote = new StringBuilder();
    List<Charts.Drawn> drawn = drawCharts(dir, read.results(), warnings, chartNote, StoredReport.charts(planYaml));
    List<ShapedTableFiles.Written> shaped = shapedTables(dir, planYaml, read.results(), warnings);
    String md = summaryMarkdown(read.results(), shaped) + CapacityReport.write(dir) + chartNote + skippedNote(read);
    OutputFiles.writeString(dir.file(RunDirectory.SUMMARY_MD), md);
    for (StoredReport.Redraw r : StoredReport.comparisons(planYaml, dir.file(RunDirectory.COMPARISONS))) {
      try {
        writeComparison(dir, Comparison.of(read.results(), CompareSpec.parse(r.text()), r.rules()));
      } catch (CompareSpecException e) {
        warnings.add("comparison '" + r.text() + "': " + e.getMessage() + "; not written");
      }
    }
    OutputFiles.writeString(dir.file(RunDirectory.REPORT_HTML),
        HtmlReport.render(htmlInput(dir, read.results(), md, planYaml, drawn, shaped)));
    return warnings;
  }

  /** summary.md: the tables, the best thread count of each thread sweep, and links to the plan's shaped tables. */
  private static String summaryMarkdown(List<PhaseResult> results, List<ShapedTableFiles.Written> shaped) {
    StringBuilder md = new StringBuilder(SummaryMarkdown.render(results)).append(CurveSummary.markdown(results));
    if (!shaped.isEmpty()) {
      md.append("\n## Tables shaped by the plan\n\n");
      for (ShapedTableFiles.Written w : shaped) {
        md.append("- [").append(w.title()).append("](").append(w.markdownFile()).append(")");
        if (!w.csvFiles().isEmpty()) {
          md.append(" (CSV: ").append(w.csvFiles().stream().map(f -> "[" + f.substring(f.indexOf('/') + 1) + "](" + f
              + ")").collect(java.util.stream.Collectors.joining(", "))).append(")");
        }
        md.append('\n');
      }
    }
    return md.toString();
  }

  /**
   * Writes the shaped tables of the run's plan.yaml ({@code report.tables}) under {@code tables/}; a
   * plan.yaml whose tables cannot be read, or a table the records cannot fill, is a warning.
   */
  private static List<ShapedTableFiles.Written> shapedTables(RunDirectory dir, String planYaml,
      List<PhaseResult> results, List<String> warnings) throws IOException {
    if (planYaml == null) {
      return List.of();
    }
    List<TableSpec> specs;
    try {
      specs = PlanLoader.tables(planYaml, dir.file(RunDirectory.PLAN));
    } catch (PlanException e) {
      warnings.add("shaped tables not written: " + e.getMessage());
      return List.of();
    }
    return ShapedTableFiles.write(dir.path(), specs, results, warnings);
  }

  /** Writes a comparison's {@code .md} and {@code .csv} beside the run's files; returns the Markdown. */
  public static String writeComparison(RunDirectory dir, Comparison c) throws IOException {
    String md = ComparisonMarkdown.render(c);
    OutputFiles.writeString(dir.file(c.spec().fileBase() + ".md"), md);
    OutputFiles.writeString(dir.file(c.spec().fileBase() + ".csv"), ComparisonCsv.render(c));
    if (!c.rules().rangesOver().isEmpty()) {
      OutputFiles.writeString(dir.file(ComparisonCsv.rangesFile(c)), ComparisonCsv.renderRanges(c));
    }
    return md;
  }

  /**
   * The pairing rules the run's plan gives comparison {@code spec} ({@code differing}, {@code rangesOver}
   * of its mapping entry in plan.yaml) and the plan's {@code report.describes}; only the latter when the
   * plan does not name it.
   */
  public static dev.ycsbmongo.orchestrator.plan.PairingRules planRules(RunDirectory dir, CompareSpec spec)
      throws IOException {
    return StoredReport.comparisons(planYaml(dir), dir.file("no-remembered-comparisons")).stream()
        .filter(r -> StoredReport.sameComparison(r.text(), spec)).map(StoredReport.Redraw::rules).findFirst()
        .orElse(dev.ycsbmongo.orchestrator.plan.PairingRules.NONE.describing(planDescribes(dir)));
  }

  /** Redraws report.html alone (after {@code report --compare} added a comparison to the run directory). */
  public static void writeHtml(RunDirectory dir) throws IOException {
    try {
      writeHtmlOnly(dir);
    } catch (OutputFiles.WriteFailed e) {
      throw redrawAdvice(e, dir);
    }
  }

  private static void writeHtmlOnly(RunDirectory dir) throws IOException {
    ResultsReader.Read read = ResultsReader.read(dir.path());
    List<PhaseResult> results = read.results();
    String planYaml = planYaml(dir);
    StringBuilder chartNote = new StringBuilder();
    List<Charts.Drawn> drawn = drawCharts(dir, results, new ArrayList<>(), chartNote, StoredReport.charts(planYaml));
    List<ShapedTableFiles.Written> shaped = shapedTables(dir, planYaml, results, new ArrayList<>());
    OutputFiles.writeString(dir.file(RunDirectory.REPORT_HTML), HtmlReport.render(htmlInput(dir, results,
        summaryMarkdown(results, shaped) + CapacityReport.section(dir) + chartNote + skippedNote(read), planYaml, drawn,
        shaped)));
  }

  /**
   * summary.md's note of the lines of results.jsonl that are not records (empty when there are none): a table
   * without a cell says why.
   */
  static String skippedNote(ResultsReader.Read read) {
    if (read.skipped().isEmpty()) {
      return "";
    }
    StringBuilder md = new StringBuilder("\n## Lines of results.jsonl not read\n\n");
    read.skipped().stream().limit(ResultsReader.WARNED_LINES).forEach(s -> md.append("- line ").append(s.line())
        .append(": the record ").append(s.reason()).append('\n'));
    if (read.skipped().size() > ResultsReader.WARNED_LINES) {
      md.append("- and ").append(read.skipped().size() - ResultsReader.WARNED_LINES).append(" more lines\n");
    }
    return md.append("\nThe tables above leave these lines out; they stay in results.jsonl as they are, and"
        + " `run --resume` runs a cell again whose only record is among them.\n").toString();
  }

  /**
   * Draws the charts; each one not drawn becomes a warning and a line of {@code note} (summary.md's
   * "Charts not drawn"). Charts that cannot be planned or written at all ({@code charts/} not
   * writable, records the planner cannot read) are one warning too: the tables never depend on them.
   */
  private static List<Charts.Drawn> drawCharts(RunDirectory dir, List<PhaseResult> results, List<String> warnings,
      StringBuilder note, dev.ycsbmongo.orchestrator.plan.ChartSettings settings) {
    try {
      List<Charts.Drawn> drawn = Charts.write(results, dir.path(), settings);
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

  /** The run's plan's {@code report.describes}: target labels no comparison of the run matches. */
  public static List<String> planDescribes(RunDirectory dir) throws IOException {
    return StoredReport.describes(planYaml(dir));
  }

  private static String planYaml(RunDirectory dir) throws IOException {
    return Files.isRegularFile(dir.file(RunDirectory.PLAN))
        ? Files.readString(dir.file(RunDirectory.PLAN), StandardCharsets.UTF_8) : null;
  }

  /**
   * Remembers a comparison {@code report --compare} made within the run, so that every later redraw
   * (after {@code run --resume} added cells) makes it again from the records rather than leave it stale.
   * A comparison remembered before with other rules is replaced.
   */
  public static void remember(RunDirectory dir, CompareSpec spec, dev.ycsbmongo.orchestrator.plan.PairingRules rules)
      throws IOException {
    java.nio.file.Path file = dir.file(RunDirectory.COMPARISONS);
    List<String> known = Files.isRegularFile(file) ? Files.readAllLines(file, StandardCharsets.UTF_8) : List.of();
    String line = StoredReport.line(spec, rules);
    if (known.contains(line)) {
      return;
    }
    List<String> kept = new ArrayList<>(known.stream().filter(l -> !StoredReport.sameComparison(l, spec)).toList());
    kept.add(line);
    OutputFiles.writeString(file, String.join("\n", kept) + "\n");
  }

  public static void remember(RunDirectory dir, CompareSpec spec) throws IOException {
    remember(dir, spec, dev.ycsbmongo.orchestrator.plan.PairingRules.NONE);
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
      List<Charts.Drawn> drawn, List<ShapedTableFiles.Written> shaped) throws IOException {
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
    List<HtmlReport.Extra> extras = new ArrayList<>(comparisons(dir));
    // the shaped tables are tables: the page shows them after summary.md's, the comparisons at the top
    for (ShapedTableFiles.Written w : shaped) {
      String body = w.markdown().startsWith("# ") ? w.markdown().substring(Math.max(0, w.markdown().indexOf('\n')))
          : w.markdown();
      extras.add(new HtmlReport.Extra(w.title(), body, true));
    }
    return new HtmlReport.Input(name, description, dir.runId(), planYaml, Records.latest(results), md, figures,
        extras, ClientHostInfo.TOOL_VERSION);
  }
}
