package dev.ycsbmongo.orchestrator.report.html;

import dev.ycsbmongo.orchestrator.report.Records;
import dev.ycsbmongo.orchestrator.report.charts.ChartPlanner;
import dev.ycsbmongo.orchestrator.results.PhaseResult;
import dev.ycsbmongo.orchestrator.results.PhaseStatus;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * The top of report.html, the answer first: how many measured cells got each verdict, then every phase that did
 * not succeed (measured cells and the loads they read alike) with its cause and a link to its per-second charts,
 * on the page or beside it in {@code charts/}.
 */
final class Verdicts {

  /** The per-second charts of a phase, in the order a reader wants them: throughput first. */
  private static final List<String> PER_SECOND = List.of("ops", "p99", "server");

  private Verdicts() {
  }

  /**
   * @param shown the ids of the charts drawn on the page
   * @param linked the ids of the charts only linked, beside the page
   */
  static void render(StringBuilder b, List<PhaseResult> records, Set<String> shown, Set<String> linked) {
    List<PhaseResult> cells = records.stream().filter(Records::measured).toList();
    Map<PhaseStatus, Integer> count = new EnumMap<>(PhaseStatus.class);
    cells.forEach(r -> count.merge(r.status(), 1, Integer::sum));
    b.append("<section id=\"verdicts\">\n<h2>Verdicts</h2>\n");
    if (cells.isEmpty()) {
      b.append("<p>No measured cell: this run only prepared data.</p>\n");
    } else {
      b.append("<table class=\"verdicts\">\n<thead><tr><th>Verdict</th><th class=\"num\">Cells</th><th>Means</th></tr>"
          + "</thead>\n<tbody>\n");
      count.forEach((status, n) -> b.append("<tr class=\"verdict-").append(label(status)).append("\"><td>")
          .append(label(status)).append("</td><td class=\"num\">").append(n).append("</td><td>")
          .append(HtmlReport.esc(means(status))).append("</td></tr>\n"));
      b.append("</tbody>\n</table>\n");
    }
    b.append("</section>\n");
    List<PhaseResult> bad = records.stream().filter(r -> !r.succeeded()).toList();
    if (bad.isEmpty()) {
      return;
    }
    b.append("<section id=\"problems\">\n<h2>Phases that did not succeed</h2>\n<table>\n<thead><tr><th>#</th>"
        + "<th>Phase</th><th>Verdict</th><th>Cause</th><th>Per second</th></tr></thead>\n<tbody>\n");
    for (PhaseResult r : bad) {
      b.append("<tr class=\"verdict-").append(label(r.status())).append("\"><td class=\"num\">").append(r.index())
          .append("</td><td><code>").append(HtmlReport.esc(r.phaseId())).append("</code></td><td>")
          .append(label(r.status())).append("</td><td>").append(HtmlReport.esc(r.cause() == null ? "" : r.cause()))
          .append("</td><td>").append(charts(r, shown, linked)).append("</td></tr>\n");
    }
    b.append("</tbody>\n</table>\n</section>\n");
  }

  /** Links to the phase's per-second charts: to the figure on the page, or to the file beside it; "-" for none. */
  private static String charts(PhaseResult r, Set<String> shown, Set<String> linked) {
    StringBuilder links = new StringBuilder();
    for (String kind : PER_SECOND) {
      String id = ChartPlanner.id(kind, r.phaseId());
      String href = shown.contains(id) ? "#chart-" + id : linked.contains(id) ? "charts/" + id + ".svg" : null;
      if (href != null) {
        links.append(links.length() == 0 ? "" : ", ").append("<a href=\"").append(HtmlReport.esc(href)).append("\">")
            .append(kind.equals("ops") ? "throughput" : kind.equals("p99") ? "p99" : "server").append("</a>");
      }
    }
    return links.length() == 0 ? "-" : links.toString();
  }

  /** The verdict as the tables write it: ok, failed, unstable, host busy, ... */
  static String label(PhaseStatus s) {
    return s == PhaseStatus.SUCCEEDED ? "ok" : s.name().toLowerCase(Locale.ROOT).replace('_', '-');
  }

  private static String means(PhaseStatus s) {
    return switch (s) {
      case SUCCEEDED -> "measured and steady: tabled, compared and drawn";
      case UNSTABLE -> "measured, but its mean is not known to the plan's precision (or still rising): shown,"
          + " never compared; run --resume runs it again";
      case HOST_BUSY -> "measured while other work used the client host's cores: shown, never compared; run --resume"
          + " runs it again";
      case FAILED -> "did not measure what it must (errors, a stall, too short a window, YCSB failed)";
      case SKIPPED -> "not run: the load it reads did not succeed";
      case INTERRUPTED -> "stopped by Ctrl-C or SIGTERM";
      case REPLAYED -> "a published figure replayed, not measured";
    };
  }
}
