package dev.ycsbmongo.orchestrator.report;

import dev.ycsbmongo.orchestrator.report.tables.ExecutedOperations;
import dev.ycsbmongo.orchestrator.results.OperationStats;
import dev.ycsbmongo.orchestrator.results.PhaseResult;
import dev.ycsbmongo.orchestrator.results.WindowStats;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.OptionalLong;
import java.util.Set;

/**
 * {@code summary.csv}: one raw row per phase (the last record of each), every phase kind, for spreadsheets,
 * notebooks and warehouses. Plain numbers (no grouping), Locale.ROOT, RFC 4180 quoting, {@code \n} line ends; an
 * absent figure is an empty field. Column names are unique snake_case (no dots: a warehouse takes them as they
 * are), and every run has the same columns in the same order ({@link #FIXED}): a tool reads any run's file
 * with one mapping. Only two groups follow them and depend on the run: each coordinate the plan swept other
 * than threads and clients ({@code coord_<name>}, e.g. {@code coord_server_chaining_allowed}), then any operation
 * YCSB measured beyond its six.
 *
 * <p>Units are in the names, one per kind: {@code _pct} percent (never a fraction), {@code _s} seconds for a span
 * of time, {@code _us} microseconds for a latency, {@code _bytes}, {@code _ops_per_sec}; a count has none.
 * The client figures come in both definitions ({@link FigureWindow}), named by a {@code _whole} or {@code _steady}
 * before the unit: {@code throughput_whole_ops_per_sec} is YCSB's own [OVERALL] Throughput,
 * {@code throughput_steady_ops_per_sec} the steady window's successful operations per second; {@code read_avg_*}
 * and {@code write_avg_*} are RAL and WAL (READ; the count-weighted writes). A phase without a steady window has
 * its {@code _steady} columns empty. Each steady figure with an interval (throughput, read and write average and
 * p99) is followed by its 95% interval's ends, {@code <column>_ci_low} and {@code _ci_high}, empty where the record
 * holds none. {@code operations_executed} is what YCSB ran (failed operations included, a read-modify-write once)
 * and {@code time_bounded} whether maxexecutiontime ended the phase before its configured count.
 * {@code op_<operation>_*} are each operation over {@code window} (steady, or full when the phase had no steady
 * window). {@code threads} and {@code clients} are what drove the phase, in every row whether or not the plan
 * swept them; {@code start_skew_s} and {@code outlier_clients} are filled for cells driven by several clients only.
 * The server's, the connection stress's, the stability's and the client host's columns ({@code host_*},
 * {@link HostCsvColumns}) are empty where the phase has none.
 */
public final class SummaryCsv {

  /** Starts the per-operation columns ({@code op_read_count}, {@code op_read_modify_write_p99_us}, ...). */
  static final String OP_PREFIX = "op_";

  /** The operations YCSB measures, in its order: each has its {@code op_} columns in every run. */
  static final List<String> OPERATIONS = List.of("READ", "UPDATE", "INSERT", "SCAN", "DELETE", "READ-MODIFY-WRITE");

  /** Starts the columns of a swept coordinate ({@code coord_recordcount}). */
  static final String COORD_PREFIX = "coord_";

  /** Every run's columns, in order: what precedes the swept coordinates. */
  public static final List<String> FIXED = fixedHead();

  /** Coordinates with a fixed column of their own ({@code threads}, {@code clients}). */
  private static final Set<String> OWN_COLUMN = Set.of("threadcount", "threads", "clients");

  private SummaryCsv() {
  }

  private static List<String> fixedHead() {
    List<String> header = new ArrayList<>(List.of("run_id", "start_time", "target", "scenario", "threads", "clients",
        "repetition", "phase_index", "phase_id", "kind", "measured", "status", "cause", "end_time", "runtime_s",
        "operations_executed", "time_bounded"));
    for (FigureWindow fw : FigureWindow.values()) {
      header.addAll(windowHead(fw));
    }
    header.add("window");
    OPERATIONS.forEach(op -> header.addAll(opHead(op)));
    header.addAll(List.of("start_skew_s", "outlier_clients", "server_version", "topology", "embedded"));
    header.addAll(ServerCsvColumns.HEAD);
    header.addAll(ConnectionCsvColumns.HEAD);
    header.addAll(StabilityCsvColumns.HEAD);
    header.addAll(HostCsvColumns.HEAD);
    header.addAll(List.of("verification", "unconfirmed"));
    return List.copyOf(header);
  }

  /** An operation's columns: prefixed, else the READ operation's would repeat read_avg_*_us above. */
  private static List<String> opHead(String op) {
    String p = OP_PREFIX + snake(op);
    return List.of(p + "_count", p + "_avg_us", p + "_p99_us");
  }

  /**
   * A name as a snake_case column name: {@code server.chainingAllowed} is {@code server_chaining_allowed},
   * {@code READ-MODIFY-WRITE} {@code read_modify_write}.
   */
  public static String snake(String name) {
    String s = name.replaceAll("([a-z0-9])([A-Z])", "$1_$2").toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9]+", "_");
    return s.replaceAll("^_+|_+$", "");
  }

  public static String render(List<PhaseResult> records) {
    List<PhaseResult> rows = Records.latest(records);
    Set<String> coords = new LinkedHashSet<>();
    Set<String> extraOps = new LinkedHashSet<>();
    for (PhaseResult r : rows) {
      r.coordinates().keySet().stream().filter(k -> !OWN_COLUMN.contains(k)).forEach(coords::add);
      if (r.tableWindow() != null) {
        r.tableWindow().operationStats().stream().map(o -> o.operation()).filter(o -> !OPERATIONS.contains(o))
            .forEach(extraOps::add);
      }
    }
    List<String> header = new ArrayList<>(FIXED);
    Map<String, String> coordColumns = new LinkedHashMap<>();
    for (String c : coords) {
      String column = COORD_PREFIX + snake(c);
      while (header.contains(column)) {  // two keys that differ only in punctuation or case
        column += "_";
      }
      header.add(column);
      coordColumns.put(c, column);
    }
    extraOps.forEach(op -> header.addAll(opHead(op)));

    StringBuilder out = new StringBuilder();
    line(out, header);
    for (PhaseResult r : rows) {
      WindowStats w = r.tableWindow();
      Integer threads = r.parameters().threads();
      List<String> row = new ArrayList<>(List.of(text(r.runId()), instant(r.start()), r.target().name(), r.scenario(),
          threads == null ? "" : Integer.toString(threads), Integer.toString(r.parameters().clients()),
          Integer.toString(r.repetition()), Integer.toString(r.index()), r.phaseId(), r.kind().label(),
          Boolean.toString(Records.measured(r)), r.status().name(), text(r.cause()), instant(r.end()),
          num(r.runtimeSeconds())));
      OptionalLong ran = ExecutedOperations.of(r);
      row.add(ran.isPresent() ? Long.toString(ran.getAsLong()) : "");
      row.add(ran.isPresent() ? Boolean.toString(timeBounded(r)) : "");
      for (FigureWindow fw : FigureWindow.values()) {
        row.addAll(windowValues(fw, r));
      }
      row.add(w == null ? "" : w.window());
      OPERATIONS.forEach(op -> row.addAll(opValues(w, op)));
      row.add(r.clients() == null ? "" : String.format(Locale.ROOT, "%.3f", r.clients().startSkewMillis() / 1000.0));
      row.add(ClientsSection.outlierCount(r.clients()));
      row.add(r.server() == null || r.server().version() == null ? "" : r.server().version());
      row.add(r.server() == null ? "" : r.server().topology());
      row.add(r.server() == null ? "" : Boolean.toString(r.server().embedded()));
      row.addAll(ServerCsvColumns.values(r.serverMetrics()));
      row.addAll(ConnectionCsvColumns.values(r.connections()));
      row.addAll(StabilityCsvColumns.values(r.stability()));
      row.addAll(HostCsvColumns.values(r.clientHostLoad()));
      var v = r.serverSettings() == null ? null : r.serverSettings().verification();
      row.add(v == null ? "" : v.name());
      row.add(r.serverSettings() == null ? "" : String.join("; ", r.serverSettings().unverified().stream()
          .map(c -> c.subject() + "=" + c.expected() + ": " + c.why()).toList()));
      coordColumns.keySet().forEach(c -> row.add(r.coordinates().getOrDefault(c, "")));
      extraOps.forEach(op -> row.addAll(opValues(w, op)));
      line(out, row);
    }
    return out.toString();
  }

  private static List<String> opValues(WindowStats w, String op) {
    OperationStats s = w == null ? null : w.operation(op).orElse(null);
    return List.of(s == null ? "" : Long.toString(s.count()), s == null ? "" : num(s.avgMicros()),
        s == null || s.p99Micros() == null ? "" : Long.toString(s.p99Micros()));
  }

  /** ISO-8601 UTC, to the millisecond at most: {@code 2026-11-22T10:15:00Z}. */
  static String instant(java.time.Instant i) {
    return i == null ? "" : i.truncatedTo(java.time.temporal.ChronoUnit.MILLIS).toString();
  }

  private static String text(String s) {
    return s == null ? "" : s;
  }

  /**
   * One definition's columns ({@link FigureWindow}), its name before the unit: {@code throughput_whole_ops_per_sec},
   * {@code operations_whole}, ..., {@code write_p99_steady_us}.
   */
  static List<String> windowHead(FigureWindow fw) {
    String s = fw.csvSuffix();
    List<String> head = new ArrayList<>();
    head.addAll(withCi(fw, "throughput_" + s + "_ops_per_sec"));
    head.addAll(List.of("operations_" + s, "failed_operations_" + s, "error_rate_" + s + "_pct"));
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
        String.format(Locale.ROOT, "%.4f", w.errorRate() * 100), num(f.ral())));
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
