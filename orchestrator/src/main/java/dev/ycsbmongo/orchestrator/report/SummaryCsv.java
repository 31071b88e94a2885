package dev.ycsbmongo.orchestrator.report;

import dev.ycsbmongo.orchestrator.results.OperationStats;
import dev.ycsbmongo.orchestrator.results.PhaseResult;
import dev.ycsbmongo.orchestrator.results.WindowStats;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * {@code summary.csv}: one raw row per phase (the last record of each), every phase kind, for
 * spreadsheets and scripts. Plain numbers (no grouping), Locale.ROOT, RFC 4180 quoting, {@code \n}
 * line ends; an absent figure is an empty field. The server sampler's and the connection stress's
 * columns appear only when some phase of the run has them, so a run without them keeps its old shape.
 * Column names are unique: {@code read_avg_us} and {@code write_avg_us} are the figures the tables show
 * (READ; the count-weighted writes), {@code op_<operation>_*} each operation YCSB measured. {@code clients}
 * is the phase's client processes (every row); {@code start_skew_ms} and {@code outlier_clients} are filled
 * for cells driven by several clients only (their phase directories' clients.csv has every client's row).
 */
public final class SummaryCsv {

  /** Starts the per-operation columns ({@code op_read_count}, {@code op_read_modify_write_p99_us}, ...). */
  static final String OP_PREFIX = "op_";

  private SummaryCsv() {
  }

  public static String render(List<PhaseResult> records) {
    List<PhaseResult> rows = Records.latest(records);
    Set<String> coords = new LinkedHashSet<>();
    Set<String> ops = new LinkedHashSet<>();
    for (PhaseResult r : rows) {
      coords.addAll(r.coordinates().keySet());
      if (r.tableWindow() != null) {
        r.tableWindow().operationStats().forEach(o -> ops.add(o.operation()));
      }
    }
    List<String> header = new ArrayList<>(List.of("phase_index", "phase_id", "kind", "measured", "target", "scenario",
        "repetition"));
    coords.forEach(c -> header.add("coord." + c));
    header.addAll(List.of("status", "cause", "window", "runtime_s", "throughput_ops_per_sec",
        "ycsb_throughput_ops_per_sec", "operations", "failed_operations", "error_rate", "read_avg_us", "read_p99_us",
        "write_avg_us", "write_p99_us"));
    for (String op : ops) {
      // prefixed: the READ operation's own columns would otherwise repeat the read_avg_us/read_p99_us above
      String p = OP_PREFIX + op.toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9]+", "_");
      header.addAll(List.of(p + "_count", p + "_avg_us", p + "_p99_us"));
    }
    header.addAll(List.of("clients", "start_skew_ms", "outlier_clients"));
    header.addAll(List.of("server_version", "topology", "embedded"));
    boolean sampled = rows.stream().anyMatch(r -> r.serverMetrics() != null);
    boolean stress = rows.stream().anyMatch(r -> r.connections() != null);
    if (sampled) {
      header.addAll(ServerCsvColumns.HEAD);
    }
    if (stress) {
      header.addAll(ConnectionCsvColumns.HEAD);
    }
    boolean judged = rows.stream().anyMatch(r -> r.stability() != null);
    if (judged) {
      header.addAll(StabilityCsvColumns.HEAD);
    }
    // only when the server was asked to confirm something, so other runs keep their shape
    boolean checked = rows.stream().anyMatch(r -> r.serverSettings() != null && r.serverSettings().verification() != null);
    if (checked) {
      header.addAll(List.of("verification", "unconfirmed"));
    }

    StringBuilder out = new StringBuilder();
    line(out, header);
    for (PhaseResult r : rows) {
      WindowStats w = r.tableWindow();
      CellFigures f = CellFigures.of(r);
      List<String> row = new ArrayList<>(List.of(Integer.toString(r.index()), r.phaseId(), r.kind().label(),
          Boolean.toString(Records.measured(r)), r.target().name(), r.scenario(), Integer.toString(r.repetition())));
      coords.forEach(c -> row.add(r.coordinates().getOrDefault(c, "")));
      row.add(r.status().name());
      row.add(r.cause() == null ? "" : r.cause());
      row.add(w == null ? "" : w.window());
      row.add(num(r.runtimeSeconds()));
      row.add(w == null ? "" : num(w.throughputOpsPerSec()));
      row.add(r.ycsbThroughputOpsPerSec() == null ? "" : num(r.ycsbThroughputOpsPerSec()));
      row.add(w == null ? "" : Long.toString(w.operations()));
      row.add(w == null ? "" : Long.toString(w.failedOperations()));
      row.add(w == null ? "" : String.format(Locale.ROOT, "%.6f", w.errorRate()));
      row.add(num(f.ral()));
      row.add(f.p99Read() == null ? "" : Long.toString(f.p99Read()));
      row.add(num(f.wal()));
      row.add(f.p99Write() == null ? "" : Long.toString(f.p99Write()));
      for (String op : ops) {
        OperationStats s = w == null ? null : w.operation(op).orElse(null);
        row.add(s == null ? "" : Long.toString(s.count()));
        row.add(s == null ? "" : num(s.avgMicros()));
        row.add(s == null || s.p99Micros() == null ? "" : Long.toString(s.p99Micros()));
      }
      row.add(Integer.toString(r.parameters().clients()));
      row.add(r.clients() == null ? "" : Long.toString(r.clients().startSkewMillis()));
      row.add(ClientsSection.outlierCount(r.clients()));
      row.add(r.server() == null || r.server().version() == null ? "" : r.server().version());
      row.add(r.server() == null ? "" : r.server().topology());
      row.add(r.server() == null ? "" : Boolean.toString(r.server().embedded()));
      if (sampled) {
        row.addAll(ServerCsvColumns.values(r.serverMetrics()));
      }
      if (stress) {
        row.addAll(ConnectionCsvColumns.values(r.connections()));
      }
      if (judged) {
        row.addAll(StabilityCsvColumns.values(r.stability()));
      }
      if (checked) {
        var v = r.serverSettings() == null ? null : r.serverSettings().verification();
        row.add(v == null ? "" : v.name());
        row.add(r.serverSettings() == null ? "" : String.join("; ", r.serverSettings().unverified().stream()
            .map(c -> c.subject() + "=" + c.expected() + ": " + c.why()).toList()));
      }
      line(out, row);
    }
    return out.toString();
  }

  static String num(Double v) {
    return v == null ? "" : String.format(Locale.ROOT, "%.2f", v);
  }

  private static void line(StringBuilder out, List<String> fields) {
    for (int i = 0; i < fields.size(); i++) {
      if (i > 0) {
        out.append(',');
      }
      out.append(quote(fields.get(i)));
    }
    out.append('\n');
  }

  /** RFC 4180 quoting of one field (also used by the comparison CSV). */
  public static String quote(String field) {
    if (field.indexOf(',') < 0 && field.indexOf('"') < 0 && field.indexOf('\n') < 0 && field.indexOf('\r') < 0) {
      return field;
    }
    return '"' + field.replace("\"", "\"\"") + '"';
  }
}
