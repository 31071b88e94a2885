package dev.ycsbmongo.orchestrator.report;

import dev.ycsbmongo.orchestrator.clients.Outliers;
import dev.ycsbmongo.orchestrator.results.ClientFigures;
import dev.ycsbmongo.orchestrator.results.PhaseClients;
import dev.ycsbmongo.orchestrator.results.PhaseResult;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * The "Clients" section of summary.md (and so of report.html): every cell driven by several clients in
 * which some client is an outlier, one row per such client, with its throughput and p99 beside the median
 * of the cell's other clients and the rule's reasons; then the rule itself, stated from {@link Outliers}'
 * thresholds. A run whose cells have no outlier client has no such section: the cell's merged figures
 * already say everything.
 */
final class ClientsSection {

  static final String TITLE = "## Clients";

  private ClientsSection() {
  }

  /** The section for the current records, or nothing when no cell has an outlier client. */
  static void render(StringBuilder out, List<PhaseResult> rows) {
    List<PhaseResult> flagged = rows.stream().filter(r -> r.clients() != null && !r.clients().outliers().isEmpty())
        .toList();
    if (flagged.isEmpty()) {
      return;
    }
    out.append('\n').append(TITLE).append("\n\n");
    out.append("Clients that ran unlike the others of their cell, each beside the median of the cell's other"
        + " clients over the cell's common window. The cell's own figures above are the exact merge of all its"
        + " clients; every client's row is in its phase directory's clients.csv.\n\n");
    out.append("| Cell | Client (index 0 to N-1) on host | Throughput (ops/s) | Others' median (ops/s) | p99 (µs)"
        + " | Others' median p99 (µs) | Why |\n")
        .append("|:---|:---|---:|---:|:---|:---|:---|\n");
    for (PhaseResult r : flagged) {
      PhaseClients c = r.clients();
      for (ClientFigures f : c.outliers()) {
        List<ClientFigures> others = c.rows().stream().filter(o -> o.client() != f.client()).toList();
        double medianThroughput = Outliers.median(others.stream().mapToDouble(ClientFigures::throughputOpsPerSec).toArray());
        String p99 = f.p99MicrosByOperation().entrySet().stream()
            .map(e -> e.getKey() + " " + String.format(Locale.ROOT, "%,d", e.getValue()))
            .collect(Collectors.joining("; "));
        String othersP99 = f.p99MicrosByOperation().keySet().stream().map(op -> {
          double[] theirs = others.stream().filter(o -> o.p99MicrosByOperation().containsKey(op))
              .mapToDouble(o -> o.p99MicrosByOperation().get(op)).toArray();
          return op + " " + (theirs.length == 0 ? "-" : String.format(Locale.ROOT, "%,.0f", Outliers.median(theirs)));
        }).collect(Collectors.joining("; "));
        List<String> row = List.of(String.format(Locale.ROOT, "%s (%d clients, %s, start skew %,d ms)", r.phaseId(),
            c.count(), c.backend(), c.startSkewMillis()), f.client() + " on " + f.host(),
            String.format(Locale.ROOT, "%,.0f", f.throughputOpsPerSec()),
            others.isEmpty() ? "-" : String.format(Locale.ROOT, "%,.0f", medianThroughput),
            p99.isEmpty() ? "-" : p99, othersP99.isEmpty() ? "-" : othersP99, String.join("; ", f.outlierReasons()));
        out.append("| ").append(row.stream().map(SummaryMarkdown::cell).collect(Collectors.joining(" | ")))
            .append(" |\n");
      }
    }
    out.append('\n').append(rule()).append('\n');
  }

  /** The outlier rule in one sentence, its factors taken from {@link Outliers} so the text cannot drift from it. */
  static String rule() {
    return "Rule: a client is listed when its throughput is below " + Outliers.factor(Outliers.LOW) + "x or above "
        + Outliers.factor(Outliers.HIGH) + "x the median of the cell's other clients, or its p99 of some operation is above "
        + Outliers.factor(Outliers.P99) + "x their median p99 of that operation; a cell of one client has none.";
  }

  /** The number of a cell's outlier clients for summary.csv; empty for a cell of one client. */
  static String outlierCount(PhaseClients c) {
    return c == null ? "" : Integer.toString(c.outliers().size());
  }
}
