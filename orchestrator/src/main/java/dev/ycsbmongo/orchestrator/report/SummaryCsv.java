package dev.ycsbmongo.orchestrator.report;

import dev.ycsbmongo.orchestrator.report.tables.ExecutedOperations;
import dev.ycsbmongo.orchestrator.results.OperationStats;
import dev.ycsbmongo.orchestrator.results.PhaseResult;
import dev.ycsbmongo.orchestrator.results.WindowStats;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.OptionalLong;
import java.util.Set;

/**
 * {@code summary.csv}: one raw row per phase (the last record of each), every phase kind, for
 * spreadsheets and scripts. Plain numbers (no grouping), Locale.ROOT, RFC 4180 quoting, {@code \n}
 * line ends; an absent figure is an empty field. The server sampler's and the connection stress's
 * columns appear only when some phase of the run has them, so a run without them keeps its old shape.
 * Column names are unique. The client figures come in both definitions ({@link FigureWindow}), named by a
 * {@code _whole} or {@code _steady} before the unit: {@code throughput_whole_ops_per_sec} is YCSB's own [OVERALL]
 * Throughput, {@code throughput_steady_ops_per_sec} the steady window's successful operations per second;
 * {@code read_avg_*} and {@code write_avg_*} are RAL and WAL (READ; the count-weighted writes). A phase without a
 * steady window has its {@code _steady} columns empty. Each steady figure with an interval (throughput, read and
 * write average and p99) is followed by its 95% interval's ends, {@code <column>_ci_low} and {@code _ci_high}, empty
 * where the record holds none (records written before intervals, windows too short, replayed figures). {@code operations_executed} is what YCSB ran (failed
 * operations included, a read-modify-write once) and {@code time_bounded} whether maxexecutiontime ended the
 * phase before its configured count. {@code op_<operation>_*} are each operation YCSB measured, over
 * {@code window} (steady, or full when the phase had no steady window). {@code clients}
 * is the phase's client processes (every row); {@code start_skew_ms} and {@code outlier_clients} are filled
 * for cells driven by several clients only (their phase directories' clients.csv has every client's row).
 * {@code host_*} are what the client host did during the phase ({@link HostCsvColumns}), when it was watched.
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
    header.addAll(List.of("status", "cause", "runtime_s", "operations_executed", "time_bounded"));
    for (FigureWindow fw : FigureWindow.values()) {
      header.addAll(windowHead(fw));
    }
    header.add("window");
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
    // only when some phase's client host was watched, so runs recorded before the watch keep their shape (before
    // verification and unconfirmed, which end the header wherever they appear)
    boolean watched = rows.stream().anyMatch(r -> r.clientHostLoad() != null);
    if (watched) {
      header.addAll(HostCsvColumns.HEAD);
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
      List<String> row = new ArrayList<>(List.of(Integer.toString(r.index()), r.phaseId(), r.kind().label(),
          Boolean.toString(Records.measured(r)), r.target().name(), r.scenario(), Integer.toString(r.repetition())));
      coords.forEach(c -> row.add(r.coordinates().getOrDefault(c, "")));
      row.add(r.status().name());
      row.add(r.cause() == null ? "" : r.cause());
      row.add(num(r.runtimeSeconds()));
      OptionalLong ran = ExecutedOperations.of(r);
      row.add(ran.isPresent() ? Long.toString(ran.getAsLong()) : "");
      row.add(ran.isPresent() ? Boolean.toString(timeBounded(r)) : "");
      for (FigureWindow fw : FigureWindow.values()) {
        row.addAll(windowValues(fw, r));
      }
      row.add(w == null ? "" : w.window());
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
      if (watched) {
        row.addAll(HostCsvColumns.values(r.clientHostLoad()));
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

  /**
   * One definition's columns ({@link FigureWindow}), its name before the unit: {@code throughput_whole_ops_per_sec},
   * {@code operations_whole}, ..., {@code write_p99_steady_us}.
   */
  static List<String> windowHead(FigureWindow fw) {
    String s = fw.csvSuffix();
    List<String> head = new ArrayList<>();
    head.addAll(withCi(fw, "throughput_" + s + "_ops_per_sec"));
    head.addAll(List.of("operations_" + s, "failed_operations_" + s, "error_rate_" + s));
    head.addAll(withCi(fw, "read_avg_" + s + "_us"));
    head.addAll(withCi(fw, "read_p99_" + s + "_us"));
    head.addAll(withCi(fw, "write_avg_" + s + "_us"));
    head.addAll(withCi(fw, "write_p99_" + s + "_us"));
    return head;
  }

  /**
   * A figure's column and, for a steady figure, its 95% interval's ends right after it ({@code _ci_low},
   * {@code _ci_high}: empty where the record has none); the whole run's figures have none.
   */
  private static List<String> withCi(FigureWindow fw, String column) {
    return fw == FigureWindow.STEADY ? List.of(column, column + "_ci_low", column + "_ci_high") : List.of(column);
  }

  private static List<String> windowValues(FigureWindow fw, PhaseResult r) {
    WindowStats w = fw.window(r);
    if (w == null) {
      return windowHead(fw).stream().map(h -> "").toList();
    }
    CellFigures f = fw.figures(r);
    List<String> values = new ArrayList<>();
    values.add(num(f.throughput()));
    ci(fw, values, FigureIntervals.throughput(w));
    values.addAll(List.of(Long.toString(w.operations()), Long.toString(w.failedOperations()),
        String.format(Locale.ROOT, "%.6f", w.errorRate()), num(f.ral())));
    ci(fw, values, FigureIntervals.ral(w));
    values.add(f.p99Read() == null ? "" : Long.toString(f.p99Read()));
    ci(fw, values, FigureIntervals.p99Read(w));
    values.add(num(f.wal()));
    ci(fw, values, FigureIntervals.wal(w));
    values.add(f.p99Write() == null ? "" : Long.toString(f.p99Write()));
    ci(fw, values, FigureIntervals.p99Write(w));
    return values;
  }

  private static void ci(FigureWindow fw, List<String> values, dev.ycsbmongo.orchestrator.results.Ci ci) {
    if (fw == FigureWindow.STEADY) {
      values.add(ci == null ? "" : num(ci.low()));
      values.add(ci == null ? "" : num(ci.high()));
    }
  }

  /** Whether maxexecutiontime ended the phase before its configured count (operationcount; a load's inserts). */
  static boolean timeBounded(PhaseResult r) {
    Long asked = switch (r.kind()) {
      case RUN -> r.parameters().operationCount();
      case LOAD -> r.parameters().insertCount() != null ? r.parameters().insertCount() : r.parameters().recordCount();
      default -> null;
    };
    return asked != null && ExecutedOperations.timeBounded(r, asked);
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
