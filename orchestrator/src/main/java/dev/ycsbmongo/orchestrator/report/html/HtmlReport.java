package dev.ycsbmongo.orchestrator.report.html;

import dev.ycsbmongo.orchestrator.report.SummaryMarkdown;
import dev.ycsbmongo.orchestrator.results.ClientHost;
import dev.ycsbmongo.orchestrator.results.PhaseResult;
import dev.ycsbmongo.orchestrator.results.TargetRecord;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * {@code report.html}: one self-contained page (inline CSS and charts, no scripts, nothing fetched), the answer
 * first: the verdicts (how many cells of each, and every phase that did not succeed with its cause and its
 * per-second charts), the plan's comparisons, then every table of summary.md and the plan's shaped tables, then
 * the charts, the environment, each phase's exact command (masked) and the plan. Rendered from stored results
 * only, and deterministic: the date it shows is the run's, so {@code report} redraws the same bytes.
 */
public final class HtmlReport {

  /**
   * A chart to show: its SVG document, its PNG (null when there is none) and how to read it. The
   * page inlines the smaller of the two (BENCHMARKS.md: compacted SVG for most charts, PNG where
   * many points make the SVG heavier), so the quickstart's report stays under 600 KB.
   */
  public record Figure(String id, String title, String svg, String note, byte[] png) {

    public Figure(String id, String title, String svg, String note) {
      this(id, title, svg, note, null);
    }
  }

  /**
   * A further section of Markdown, rendered like the summary: a comparison (a finding, shown at the top) or, with
   * {@code table}, a table the plan shaped (shown after summary.md's).
   */
  public record Extra(String title, String markdown, boolean table) {

    public Extra(String title, String markdown) {
      this(title, markdown, false);
    }
  }

  /**
   * @param records the last record of each phase, in plan order
   * @param planYaml the resolved plan (passwords masked), or null when the run directory has none
   */
  public record Input(String planName, String description, String runId, String planYaml, List<PhaseResult> records,
      String summaryMarkdown, List<Figure> figures, List<Extra> extras, String toolVersion) {

    public Input {
      records = List.copyOf(records);
      figures = List.copyOf(figures);
      extras = List.copyOf(extras);
    }
  }

  private HtmlReport() {
  }

  public static String render(Input in) {
    StringBuilder b = new StringBuilder(64 * 1024);
    String title = in.planName() + " — benchmark report";
    b.append("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n")
        .append("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n<title>")
        .append(esc(title)).append("</title>\n<style>\n").append(Css.TEXT).append("</style>\n</head>\n<body>\n");
    header(b, in);
    java.util.Set<String> linked = linkedOnly(in.figures(), in.records());
    Verdicts.render(b, in.records(), in.figures().stream().map(Figure::id).filter(id -> !linked.contains(id))
        .collect(Collectors.toSet()), linked);
    List<Extra> findings = in.extras().stream().filter(e -> !e.table()).toList();
    extras(b, findings, "comparisons");
    // summary.md's change tables restate what the plan's comparisons say, with their intervals
    String tables = findings.isEmpty() ? dropTitle(in.summaryMarkdown()) : dropChanges(dropTitle(in.summaryMarkdown()));
    b.append("<section id=\"tables\">\n<h2>Tables</h2>\n").append(MarkdownHtml.render(tables, 1))
        .append("</section>\n");
    extras(b, in.extras().stream().filter(Extra::table).toList(), "shaped-tables");
    figures(b, in.figures(), linked);
    environment(b, in.records());
    commands(b, in.records());
    if (in.planYaml() != null) {
      b.append("<section id=\"plan\">\n<h2>Plan</h2>\n<p>As resolved for the run: defaults filled in, passwords"
          + " masked.</p>\n<pre>").append(esc(in.planYaml())).append("</pre>\n</section>\n");
    }
    b.append("<footer>").append(esc(footer(in))).append("</footer>\n</body>\n</html>\n");
    return UniqueIds.dedupe(b.toString());
  }

  private static void header(StringBuilder b, Input in) {
    b.append("<header>\n<h1>").append(esc(in.planName())).append("</h1>\n");
    if (in.description() != null && !in.description().isBlank()) {
      b.append("<p class=\"description\">").append(esc(in.description())).append("</p>\n");
    }
    b.append("<p class=\"meta\">Run <code>").append(esc(in.runId())).append("</code>");
    span(in.records()).ifPresent(s -> b.append(", ").append(esc(s)));
    RunFacts.duration(in.records()).ifPresent(d -> b.append(", took ").append(esc(d)));
    b.append(", ").append(in.records().size()).append(" phases");
    long bad = in.records().stream().filter(r -> !r.succeeded()).count();
    if (bad > 0) {
      b.append(", <a href=\"#problems\">").append(bad).append(" did not succeed</a>");
    }
    b.append(".</p>\n");
    if (embedded(in.records())) {
      b.append("<p class=\"warning\">Measured against the embedded MongoDB-wire test server, not MongoDB: these"
          + " figures describe the client only.</p>\n");
    }
    if (in.records().stream().anyMatch(PhaseResult::replayed)) {
      b.append("<p class=\"warning\">Replayed, not measured: these figures are a document's published ones, turned"
          + " into records (status replayed) so that our tables and comparisons restate it.</p>\n");
    }
    b.append("<nav>Contents: <a href=\"#verdicts\">Verdicts</a>");
    if (bad > 0) {
      b.append(" · <a href=\"#problems\">Did not succeed</a>");
    }
    if (in.extras().stream().anyMatch(e -> !e.table())) {
      b.append(" · <a href=\"#comparisons\">Comparisons</a>");
    }
    b.append(" · <a href=\"#tables\">Tables</a>");
    if (!in.figures().isEmpty()) {
      b.append(" · <a href=\"#charts\">Charts</a>");
    }
    b.append(" · <a href=\"#environment\">Environment</a>");
    b.append(" · <a href=\"#commands\">Commands</a>");
    if (in.planYaml() != null) {
      b.append(" · <a href=\"#plan\">Plan</a>");
    }
    b.append("</nav>\n</header>\n");
  }

  private static void environment(StringBuilder b, List<PhaseResult> records) {
    b.append("<section id=\"environment\">\n<h2>Environment</h2>\n");
    Map<String, PhaseResult> byTarget = new LinkedHashMap<>();
    records.forEach(r -> byTarget.putIfAbsent(r.target().name(), r));
    b.append("<table>\n<thead><tr><th>Target</th><th>Connection (masked)</th><th>Labels</th><th>Server</th></tr></thead>\n"
        + "<tbody>\n");
    for (PhaseResult r : byTarget.values()) {
      TargetRecord t = r.target();
      b.append("<tr><td>").append(esc(t.name())).append("</td><td><code>").append(esc(t.maskedUri()))
          .append("</code></td><td>").append(esc(t.labels().entrySet().stream().map(e -> e.getKey() + "=" + e.getValue())
              .collect(Collectors.joining(", ")))).append("</td><td>")
          .append(esc(r.server() == null ? "not probed" : r.server().probeError() != null
              ? "did not answer: " + r.server().probeError() : r.server().describe())).append("</td></tr>\n");
    }
    b.append("</tbody>\n</table>\n");
    ClientHost c = records.isEmpty() ? null : records.get(0).client();
    if (c != null) {
      b.append("<p>Client: ").append(esc(String.format(Locale.ROOT, "%s, %d cores, %.1f GiB, %s, %s, driver %s, YCSB %s,"
          + " tool %s", c.hostname(), c.cores(), c.memoryBytes() / (1024.0 * 1024 * 1024), c.os(), c.jdk(),
          c.driverVersion(), c.ycsbVersion(), c.toolVersion()))).append(".</p>\n");
    }
    RunFacts.clientHost(records).ifPresent(h -> b.append("<p>Client host: ").append(esc(h)).append("</p>\n"));
    b.append("</section>\n");
  }

  /**
   * Phases whose per-second charts the page shows; the others' are linked. A study's per-phase charts
   * were four fifths of its page (0.7 MB of the instance-sizes study's, BENCHMARKS.md), and its own
   * figures are the thread curves and bars: the page keeps the per-second charts of the phases whose
   * per-second throughput spread most (where a reader looks first), and links the rest in charts/.
   */
  static final int PAGE_PHASES = 4;

  /** The per-second chart ids of each phase (ops, p99, server, held), by phase id. */
  private static Map<String, List<String>> perPhaseIds(List<PhaseResult> records) {
    Map<String, List<String>> ids = new LinkedHashMap<>();
    for (PhaseResult r : records) {
      ids.put(r.phaseId(), java.util.stream.Stream.of("ops", "p99", "server", "held")
          .map(k -> dev.ycsbmongo.orchestrator.report.charts.ChartPlanner.id(k, r.phaseId())).toList());
    }
    return ids;
  }

  /**
   * The ids of the per-phase charts to link rather than show: those of every phase but the ones that did not
   * succeed (a reader looks there first for why) and the {@value #PAGE_PHASES} successful ones shown.
   */
  static java.util.Set<String> linkedOnly(List<Figure> figures, List<PhaseResult> records) {
    java.util.Set<String> present = figures.stream().map(Figure::id).collect(Collectors.toSet());
    Map<String, List<String>> byPhase = perPhaseIds(records);
    List<PhaseResult> withCharts = records.stream().filter(PhaseResult::succeeded).filter(r -> byPhase
        .get(r.phaseId()).stream().anyMatch(present::contains)).toList();
    if (withCharts.size() <= PAGE_PHASES) {
      return java.util.Set.of();
    }
    // the widest spread first (a phase without one last), then plan order
    List<PhaseResult> ranked = withCharts.stream().sorted(java.util.Comparator.comparingDouble(
        (PhaseResult r) -> r.stability() == null || r.stability().cv() == null ? -1 : r.stability().cv()).reversed())
        .toList();
    java.util.Set<String> linked = new java.util.LinkedHashSet<>();
    ranked.subList(PAGE_PHASES, ranked.size()).forEach(r -> byPhase.get(r.phaseId()).stream()
        .filter(present::contains).forEach(linked::add));
    return linked;
  }

  private static void figures(StringBuilder b, List<Figure> figures, java.util.Set<String> linked) {
    if (figures.isEmpty()) {
      return;
    }
    b.append("<section id=\"charts\">\n<h2>Charts</h2>\n");
    for (Figure f : figures) {
      if (linked.contains(f.id())) {
        continue;
      }
      b.append("<figure id=\"chart-").append(esc(f.id())).append("\">\n").append(image(f))
          .append("\n<figcaption><strong>").append(esc(f.title())).append("</strong>");
      if (f.note() != null && !f.note().isBlank()) {
        b.append(" ").append(esc(f.note()));
      }
      b.append("</figcaption>\n</figure>\n");
    }
    if (!linked.isEmpty()) {
      b.append("<p>Per-second charts of the other phases (above: those that did not succeed and the ")
          .append(PAGE_PHASES).append(" that spread most), beside this page in <code>charts/</code>:</p>\n"
              + "<ul class=\"linked-charts\">\n");
      for (Figure f : figures) {
        if (linked.contains(f.id())) {
          b.append("<li><a href=\"charts/").append(esc(f.id())).append(".svg\">").append(esc(f.title()))
              .append("</a> (<a href=\"charts/").append(esc(f.id())).append(".png\">PNG</a>)</li>\n");
        }
      }
      b.append("</ul>\n");
    }
    b.append("</section>\n");
  }

  private static void commands(StringBuilder b, List<PhaseResult> records) {
    b.append("<section id=\"commands\">\n<h2>Commands</h2>\n<p>The equivalent command of each phase, connection"
        + " strings masked (each phase's <code>command.txt</code> also holds the exact child process).</p>\n"
        + "<table class=\"commands\">\n<thead><tr><th>#</th><th>Phase</th><th>Command</th></tr></thead>\n<tbody>\n");
    for (PhaseResult r : records) {
      b.append("<tr><td class=\"num\">").append(r.index()).append("</td><td><code>").append(esc(r.phaseId()))
          .append("</code></td><td><code>").append(esc(r.command() == null ? "(never started)" : r.command()))
          .append("</code></td></tr>\n");
    }
    b.append("</tbody>\n</table>\n</section>\n");
  }

  private static String footer(Input in) {
    String when = in.records().stream().map(PhaseResult::end).filter(java.util.Objects::nonNull).max(Comparable::compareTo)
        .map(i -> "run ended " + i.toString().replaceFirst("\\.\\d+Z$", "Z")).orElse("no phase has ended");
    return "Rendered from results.jsonl by ycsb-mongodb orchestrator " + in.toolVersion() + "; " + when
        + (embedded(in.records()) ? "; embedded test server, not MongoDB" : "") + ".";
  }

  private static java.util.Optional<String> span(List<PhaseResult> records) {
    return records.stream().map(PhaseResult::start).filter(java.util.Objects::nonNull).min(Comparable::compareTo)
        .map(s -> "started " + s.toString().replaceFirst("\\.\\d+Z$", "Z"));
  }

  private static boolean embedded(List<PhaseResult> records) {
    return records.stream().anyMatch(r -> r.server() != null && r.server().embedded());
  }

  /** Sections of Markdown, each under its title; the first has the id {@code firstId}, what the contents link to. */
  private static void extras(StringBuilder b, List<Extra> extras, String firstId) {
    for (int i = 0; i < extras.size(); i++) {
      Extra e = extras.get(i);
      b.append("<section class=\"extra\"").append(i == 0 ? " id=\"" + firstId + "\"" : "").append(">\n<h2>")
          .append(esc(e.title())).append("</h2>\n").append(MarkdownHtml.render(e.markdown(), 1)).append("</section>\n");
    }
  }

  /** summary.md without its change tables ({@code ### Change from ...} up to the next heading). */
  static String dropChanges(String markdown) {
    StringBuilder out = new StringBuilder();
    boolean skipping = false;
    for (String line : markdown.lines().toList()) {
      if (line.startsWith("#")) {
        skipping = line.startsWith("### Change from ");
      }
      if (!skipping) {
        out.append(line).append('\n');
      }
    }
    return out.toString();
  }

  /**
   * summary.md without what the page already shows above it: its title, its embedded-server
   * warning and its Targets section (the Environment section holds those).
   */
  static String dropTitle(String markdown) {
    StringBuilder out = new StringBuilder();
    boolean skipping = false;
    for (String line : markdown.lines().toList()) {
      if (line.startsWith("# ")) {
        continue;
      }
      if (line.startsWith("## ")) {
        skipping = line.equals("## Targets");
      }
      if (!skipping && !line.equals(SummaryMarkdown.EMBEDDED_WARNING)) {
        out.append(line).append('\n');
      }
    }
    return out.toString();
  }

  /** An SVG document as an element of the page: its XML declaration and doctype go. */
  static String inlineSvg(String svg) {
    int at = svg.indexOf("<svg");
    return at < 0 ? "<p>(chart not available)</p>" : svg.substring(at).strip();
  }

  /** The figure's picture: its SVG inline, ids prefixed with the chart's, or its PNG as a data URI when that is smaller. */
  static String image(Figure f) {
    String svg = inlineSvg(f.svg());
    if (svg.startsWith("<svg")) {
      svg = UniqueIds.prefixSvg(svg, "chart-" + f.id());
    }
    if (f.png() == null || f.png().length == 0) {
      return svg;
    }
    String png = "<img src=\"data:image/png;base64," + java.util.Base64.getEncoder().encodeToString(f.png())
        + "\" width=\"" + PNG_WIDTH + "\" height=\"" + PNG_HEIGHT + "\" alt=\"" + esc(f.title()) + "\">";
    return png.length() < svg.length() ? png : svg;
  }

  /** The charts' PNG size (ChartRenderer's), so the page reserves the space before the image decodes. */
  static final int PNG_WIDTH = 960;
  static final int PNG_HEIGHT = 540;

  static String esc(String s) {
    return MarkdownHtml.escape(s);
  }
}
