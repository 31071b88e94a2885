package dev.ycsbmongo.orchestrator.report;

import dev.ycsbmongo.orchestrator.clients.ClientCpu;
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
 * of the cell's other clients and the rule's reasons; then every client that used nearly all its cores over
 * its run (it may have been the cell's bottleneck: a note, not an outlier reason); then both rules, stated
 * from {@link Outliers}' and {@link ClientCpu}'s thresholds. Each cell is named with its clients' CPU per
 * operation when they said it. A run whose cells have no such client has no such section: the cell's
 * merged figures already say everything.
 */
final class ClientsSection {

  static final String TITLE = "## Clients";

  private ClientsSection() {
  }

  /** The section for the current records, or nothing when no cell has an outlier or a saturated client. */
  static void render(StringBuilder out, List<PhaseResult> rows) {
    List<PhaseResult> withOutliers = rows.stream()
        .filter(r -> r.clients() != null && !r.clients().outliers().isEmpty()).toList();
    List<PhaseResult> withSaturated = rows.stream()
        .filter(r -> r.clients() != null && !saturated(r.clients()).isEmpty()).toList();
    if (withOutliers.isEmpty() && withSaturated.isEmpty()) {
      return;
    }
    out.append('\n').append(TITLE).append("\n\n");
    if (!withOutliers.isEmpty()) {
      outlierTable(out, withOutliers);
    }
    if (!withSaturated.isEmpty()) {
      out.append("Clients that may have been their cell's bottleneck (a benchmark whose client is saturated measures"
          + " the client, not the server):\n\n");
      for (PhaseResult r : withSaturated) {
        for (ClientFigures f : saturated(r.clients())) {
          out.append("- ").append(MarkdownCells.cell(cellLine(r)))
              .append(String.format(Locale.ROOT, ": client %d used %.0f%% of its %d %s: the client may be the"
                  + " bottleneck", f.client(), f.cpuShareOfCores() * 100, f.cores(), f.cores() == 1 ? "core" : "cores"))
              .append('\n');
        }
      }
      out.append('\n');
    }
    out.append(rule()).append("\n\n").append(cpuRule()).append('\n');
  }

  private static void outlierTable(StringBuilder out, List<PhaseResult> flagged) {
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
        List<String> row = List.of(cellLine(r), f.client() + " on " + f.host(),
            String.format(Locale.ROOT, "%,.0f", f.throughputOpsPerSec()),
            others.isEmpty() ? "-" : String.format(Locale.ROOT, "%,.0f", medianThroughput),
            p99.isEmpty() ? "-" : p99, othersP99.isEmpty() ? "-" : othersP99, String.join("; ", f.outlierReasons()));
        out.append("| ").append(row.stream().map(MarkdownCells::cell).collect(Collectors.joining(" | ")))
            .append(" |\n");
      }
    }
    out.append('\n');
  }

  /** The cell, how it was driven, and the range of its clients' CPU per operation when any client said it. */
  static String cellLine(PhaseResult r) {
    PhaseClients c = r.clients();
    double[] cpu = c.rows().stream().map(ClientFigures::cpuMicrosPerOperation).filter(v -> v != null)
        .mapToDouble(Double::doubleValue).sorted().toArray();
    String cpuText = "";
    if (cpu.length > 0) {
      String lo = micros(cpu[0]);
      String hi = micros(cpu[cpu.length - 1]);
      cpuText = ", client CPU " + (lo.equals(hi) ? lo : lo + "-" + hi) + " µs/op";
    }
    return String.format(Locale.ROOT, "%s (%d clients, %s, start skew %,d ms%s)", r.phaseId(), c.count(),
        c.backend(), c.startSkewMillis(), cpuText);
  }

  /** Whole µs as a client's CPU per operation usually is; a tenth below 10 µs, where whole ones hide a 2x spread. */
  private static String micros(double v) {
    return String.format(Locale.ROOT, v < 10 ? "%.1f" : "%,.0f", v);
  }

  /** The clients of {@code c} that used nearly all their cores, by index. */
  private static List<ClientFigures> saturated(PhaseClients c) {
    return c.rows().stream().filter(f -> ClientCpu.saturated(f.cpuShareOfCores()) && f.cores() != null).toList();
  }

  /** The outlier rule in one sentence, its factors taken from {@link Outliers} so the text cannot drift from it. */
  static String rule() {
    return "Rule: a client is listed when its throughput is below " + Outliers.factor(Outliers.LOW) + "x or above "
        + Outliers.factor(Outliers.HIGH) + "x the median of the cell's other clients, or its p99 of some operation is above "
        + Outliers.factor(Outliers.P99) + "x their median p99 of that operation; a cell of one client has none.";
  }

  /** The saturation note's rule in one sentence, its threshold taken from {@link ClientCpu}. */
  static String cpuRule() {
    return String.format(Locale.ROOT, "Client CPU: a client is noted as a possible bottleneck when its CPU time over"
        + " its run is at least %.0f%% of its run time x its cores (the processors its JVM could use; in a pod, its"
        + " CPU limit); its JVM's start is in its CPU time. A note, not an outlier reason.", ClientCpu.SATURATED * 100);
  }

  /** The number of a cell's outlier clients for summary.csv; empty for a cell of one client. */
  static String outlierCount(PhaseClients c) {
    return c == null ? "" : Integer.toString(c.outliers().size());
  }
}
