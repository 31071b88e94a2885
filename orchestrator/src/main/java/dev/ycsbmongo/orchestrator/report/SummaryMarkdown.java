package dev.ycsbmongo.orchestrator.report;

import static dev.ycsbmongo.orchestrator.report.MarkdownCells.cell;
import static dev.ycsbmongo.orchestrator.report.MarkdownCells.header;
import static dev.ycsbmongo.orchestrator.report.MarkdownCells.mean;
import static dev.ycsbmongo.orchestrator.report.MarkdownCells.num;

import dev.ycsbmongo.orchestrator.plan.CellProperty;
import dev.ycsbmongo.orchestrator.plan.PhaseKind;
import dev.ycsbmongo.orchestrator.results.PhaseResult;
import dev.ycsbmongo.orchestrator.results.TargetRecord;
import dev.ycsbmongo.orchestrator.results.WindowStats;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * {@code summary.md}: the field notes' tables, one per scenario. Rows are cells (target and the
 * coordinates that vary in that table), columns throughput, RAL and WAL in both definitions ({@link FigureWindow}:
 * YCSB's whole run, then the steady window), the whole run's errors, the steady p99s, the precision of the mean
 * ({@link PrecisionCell}) and Status. Repetitions of a cell are one row: means, with n and the steady throughput
 * range. Numbers use Locale.ROOT with ',' grouping and no decimals; "-" is absent.
 */
public final class SummaryMarkdown {

  public static final String EMBEDDED_WARNING = "**Measured against the embedded MongoDB-wire test server, not MongoDB: "
      + "these figures describe the client only.**";

  /** Shown wherever replayed records are: published figures restated, never measured by this tool. */
  public static final String REPLAYED_WARNING = "**Replayed, not measured: these figures are a document's published"
      + " ones, turned into records (status replayed) so that our tables and comparisons restate it.**";

  private SummaryMarkdown() {
  }

  /** True when any record is a replayed published figure. */
  public static boolean replayed(List<PhaseResult> records) {
    return records.stream().anyMatch(PhaseResult::replayed);
  }

  /** The replayed warning and what was replayed (the records' commands name the document and table). */
  public static void replayedNote(StringBuilder out, List<PhaseResult> rows) {
    if (replayed(rows)) {
      out.append('\n').append(REPLAYED_WARNING).append('\n');
      rows.stream().filter(PhaseResult::replayed).map(PhaseResult::command).filter(java.util.Objects::nonNull)
          .map(c -> c.contains("; ") ? c.substring(0, c.indexOf("; ")) : c).distinct()
          .forEach(c -> out.append("\n").append(c.substring(0, 1).toUpperCase(Locale.ROOT)).append(c.substring(1))
              .append(".\n"));
    }
  }

  /** RAL and WAL spelled out, once per table file (WAL reads as write-ahead log to a MongoDB engineer). */
  public static final String LATENCY_TERMS = "RAL = read average latency; WAL = write average latency (UPDATE, INSERT"
      + " and DELETE, weighted by count; not the write-ahead log).";

  public static String render(List<PhaseResult> records) {
    List<PhaseResult> rows = Records.latest(records);
    StringBuilder out = new StringBuilder();
    String plan = rows.isEmpty() ? "(no phases)" : rows.get(0).plan();
    out.append("# ").append(plan).append(" — summary\n\n");
    if (rows.isEmpty()) {
      out.append("No phase has finished yet.\n");
      return out.toString();
    }
    PhaseResult first = rows.get(0);
    out.append("Run `").append(first.runId()).append("`. ").append(windowNote(rows)).append('\n');
    out.append(FigureWindow.TERMS + " Errors are failed operations and their share; "
        + "latencies in µs; \"-\" where the phase measured no such operation. " + LATENCY_TERMS
        + " p99 write is the highest of their p99s.\n");
    if (rows.stream().filter(Records::measured).anyMatch(SummaryMarkdown::hasInterval)) {
      out.append(FigureIntervals.MEANING).append(' ').append(FigureIntervals.WHOLE_RUN_NOTE).append('\n');
    }
    if (rows.stream().anyMatch(r -> r.server() != null && r.server().embedded())) {
      out.append('\n').append(EMBEDDED_WARNING).append('\n');
    }
    replayedNote(out, rows);
    serverNote(out, rows);
    targets(out, rows);

    List<PhaseResult> measured = rows.stream().filter(Records::measured).toList();
    Set<String> targetNames = measured.stream().map(r -> r.target().name()).collect(Collectors.toCollection(LinkedHashSet::new));
    Map<String, List<PhaseResult>> byScenario = new LinkedHashMap<>();
    measured.forEach(r -> byScenario.computeIfAbsent(r.scenario() + " (" + r.kind().label() + ")", k -> new ArrayList<>()).add(r));
    byScenario.forEach((title, list) -> table(out, title, list, targetNames.size() > 1));

    List<PhaseResult> others = rows.stream().filter(r -> !Records.measured(r)).toList();
    if (!others.isEmpty()) {
      out.append("\n## Other phases (loads that prepare data, warm-ups)\n\n");
      out.append("| Phase | Status | " + FigureWindow.WHOLE.name(THROUGHPUT)
          + " | Runtime (s) | Loaded | Cause |\n");
      out.append("|:---|:---|---:|---:|---:|:---|\n");
      for (PhaseResult r : others) {
        CellFigures f = FigureWindow.WHOLE.figures(r);
        out.append("| ").append(cell(r.phaseId())).append(" | ").append(r.status().name().toLowerCase(Locale.ROOT))
            .append(" | ").append(num(f.throughput())).append(" | ")
            .append(String.format(Locale.ROOT, "%.1f", r.runtimeSeconds())).append(" | ")
            .append(r.loadedRecords() == null ? "-" : String.format(Locale.ROOT, "%,d", r.loadedRecords())).append(" | ")
            .append(r.cause() == null ? "" : cell(r.cause())).append(" |\n");
      }
    }
    ClientsSection.render(out, rows);
    ClientHostSection.render(out, rows);
    return out.toString();
  }

  /** Says why the server columns are missing when the server was sampled but reported none of them. */
  private static void serverNote(StringBuilder out, List<PhaseResult> rows) {
    List<PhaseResult> sampled = rows.stream().filter(r -> r.serverMetrics() != null).toList();
    boolean anyFigure = sampled.stream().map(CellFigures::of).anyMatch(f -> SERVER_COLUMNS.stream()
        .anyMatch(c -> c.value().apply(f) != null));
    if (sampled.isEmpty()) {
      return;
    }
    if (anyFigure) {
      serverColumnNotes(out, sampled);
      return;
    }
    Map<String, String> absent = sampled.get(0).serverMetrics().absent();
    String why = List.of("cpu", "opcounters", "connections", "opLatencies").stream().filter(absent::containsKey)
        .map(k -> k + " " + absent.get(k)).collect(Collectors.joining("; "));
    if (why.isEmpty()) {
      // nothing reported because nothing was sampled in time (a phase shorter than one interval)
      why = absent.entrySet().stream().filter(e -> !e.getKey().equals("crossCheck"))
          .map(e -> e.getKey() + ": " + e.getValue()).collect(Collectors.joining("; "));
      out.append("\nServer figures (primary CPU, QPS, peak connections, max lag, server RT) were sampled, but none came"
          + " through")
          .append(why.isEmpty() ? "" : ": " + why).append(".\n");
      return;
    }
    out.append("\nServer figures (primary CPU, QPS, peak connections, max lag, server RT) were sampled, but the server"
        + " reports none of them: ").append(why).append(".\n");
  }

  /**
   * What the utilisation and server RT columns mean, once; or why server RT is missing when no sampled phase
   * has it (so a missing column is explained). Server RT is the server's own average time per operation
   * ({@code opLatencies}) over the whole phase.
   */
  private static void serverColumnNotes(StringBuilder out, List<PhaseResult> sampled) {
    if (sampled.stream().map(CellFigures::of).anyMatch(f -> f.connectionsUtilisationPeak() != null)) {
      out.append("\nPeak conn. utilisation: the highest connections.current / (current + available) the primary"
          + " reported; current + available is the limit it enforces (its maxIncomingConnections as capped by its"
          + " open-files limit), not the configured setting.\n");
    }
    List<PhaseResult> measured = sampled.stream().filter(r -> Records.measured(r) && r.kind() != PhaseKind.CONNECTIONS)
        .toList();
    if (measured.isEmpty()) {
      return;  // no run table (connection stress alone): no column to explain
    }
    boolean any = measured.stream().map(CellFigures::of)
        .anyMatch(f -> f.serverReadLatency() != null || f.serverWriteLatency() != null);
    if (any) {
      out.append("\nServer read/write RT: the primary's own average time per read and per write (serverStatus"
          + " opLatencies, µs, over the whole phase), without the network and the client.\n");
      return;
    }
    String why = measured.stream().map(r -> r.serverMetrics().absent().get("opLatencies")).filter(Objects::nonNull)
        .findFirst().orElse("the server finished no reads or writes");
    out.append("\nServer read/write RT (serverStatus opLatencies) absent: ").append(why).append(".\n");
  }

  private static String windowNote(List<PhaseResult> rows) {
    if (rows.stream().allMatch(PhaseResult::replayed)) {
      return "Whole-run figures, as the document published them (YCSB's [OVERALL] throughput and average latencies):"
          + " a replayed cell has no steady window; every row is marked (full).";
    }
    Set<Double> rampUps = rows.stream().map(PhaseResult::rampUpSeconds).collect(Collectors.toCollection(LinkedHashSet::new));
    String ramp = rampUps.size() == 1 ? String.format(Locale.ROOT, "%s s", trim(rampUps.iterator().next())) : "per-phase";
    boolean auto = rows.stream().anyMatch(r -> r.stability() != null && "auto".equals(r.stability().steadyStartRule()));
    String note = auto ? "Steady figures over each phase's steady window, from where its throughput settled (at least a "
        + ramp + " ramp-up in; results.jsonl stability.steadyStartSeconds says where)."
        : "Steady figures over the steady state after a " + ramp + " ramp-up.";
    if (PrecisionCell.any(rows)) {
      note += " " + PrecisionCell.note(rows);
    }
    return note;
  }

  private static void targets(StringBuilder out, List<PhaseResult> rows) {
    Map<String, PhaseResult> byTarget = new LinkedHashMap<>();
    rows.forEach(r -> byTarget.putIfAbsent(r.target().name(), r));
    out.append("\n## Targets\n\n");
    for (PhaseResult r : byTarget.values()) {
      TargetRecord t = r.target();
      out.append("- **").append(t.name()).append("**: ").append(t.maskedUri());
      if (!t.labels().isEmpty()) {
        out.append("; ").append(t.labels().entrySet().stream().map(e -> e.getKey() + "=" + e.getValue())
            .collect(Collectors.joining(", ")));
      }
      if (r.server() != null) {
        out.append("; server ").append(r.server().describe());
      }
      out.append('\n');
    }
    if (!rows.isEmpty() && rows.get(0).client() != null) {
      var c = rows.get(0).client();
      out.append(String.format(Locale.ROOT, "- client: %s, %d cores, %.1f GiB, %s, driver %s, YCSB %s, tool %s%n",
          c.hostname(), c.cores(), c.memoryBytes() / (1024.0 * 1024 * 1024), c.jdk(), c.driverVersion(), c.ycsbVersion(),
          c.toolVersion()));
    }
  }

  private static void table(StringBuilder out, String title, List<PhaseResult> records, boolean showTarget) {
    Map<String, List<PhaseResult>> cells = new LinkedHashMap<>();
    for (PhaseResult r : records) {
      cells.computeIfAbsent(r.target().name() + "|" + r.coordinates(), k -> new ArrayList<>()).add(r);
    }
    Set<String> keys = new LinkedHashSet<>();
    records.forEach(r -> keys.addAll(r.coordinates().keySet()));
    List<String> varying = new ArrayList<>();
    Map<String, String> constant = new LinkedHashMap<>();
    for (String k : keys) {
      Set<String> values = records.stream().map(r -> r.coordinates().get(k)).collect(Collectors.toSet());
      if (values.size() > 1) {
        varying.add(k);
      } else {
        constant.put(k, values.iterator().next());
      }
    }
    out.append("\n## ").append(title).append("\n\n");
    if (!constant.isEmpty()) {
      out.append(constant.entrySet().stream().map(e -> label(e.getKey()) + "=" + e.getValue())
          .collect(Collectors.joining(", "))).append("\n\n");
    }
    List<String> head = new ArrayList<>();
    if (showTarget) {
      head.add("Target");
    }
    varying.forEach(k -> head.add(label(k)));
    int labels = head.size();
    boolean stress = records.get(0).kind() == PhaseKind.CONNECTIONS;
    List<ServerColumn> server = SERVER_COLUMNS.stream()
        .filter(c -> records.stream().anyMatch(r -> c.value().apply(CellFigures.of(r)) != null)).toList();
    boolean precision = !stress && PrecisionCell.any(records);
    if (stress) {
      head.addAll(ConnectionTable.HEAD);
    } else {
      head.addAll(FIGURE_HEAD);
      if (precision) {
        head.add(PrecisionCell.HEADER);
      }
      server.forEach(c -> head.add(c.label()));
    }
    head.add("Status");
    header(out, head, labels);
    for (List<PhaseResult> reps : cells.values()) {
      PhaseResult r = reps.get(0);
      List<String> row = new ArrayList<>();
      if (showTarget) {
        row.add(r.target().name());
      }
      varying.forEach(k -> row.add(Objects.requireNonNullElse(r.coordinates().get(k), "-")));
      row.addAll(stress ? ConnectionTable.figures(reps) : figures(reps, server, precision));
      row.add(status(reps) + Unverified.mark(reps));
      out.append("| ").append(row.stream().map(MarkdownCells::cell).collect(Collectors.joining(" | "))).append(" |\n");
    }
    out.append(Unverified.footnoteLine(records));
    if (!stress) {
      ChangeTables.render(out, records, varying, showTarget, CHANGE_FIGURES);
    }
    CrossCheckNotes.render(out, records);
  }

  private static final String THROUGHPUT = "Throughput (ops/s)";

  /** The client figures' headings, each naming its definition: throughput, RAL and WAL in both, whole run first. */
  static final List<String> FIGURE_HEAD = List.of(FigureWindow.WHOLE.name(THROUGHPUT),
      FigureWindow.STEADY.name(THROUGHPUT), FigureWindow.WHOLE.name("Errors"), FigureWindow.WHOLE.name("RAL (µs)"),
      FigureWindow.STEADY.name("RAL (µs)"), FigureWindow.WHOLE.name("WAL (µs)"), FigureWindow.STEADY.name("WAL (µs)"),
      FigureWindow.STEADY.name("p99 read (µs)"), FigureWindow.STEADY.name("p99 write (µs)"));

  /** A server figure column: shown in a table only when some cell of that table measured it. */
  record ServerColumn(String label, Function<CellFigures, Double> value, String format) {
  }

  static final List<ServerColumn> SERVER_COLUMNS = List.of(
      new ServerColumn("Primary CPU (%)", CellFigures::cpuPercent, "%,.1f"),
      new ServerColumn("QPS", CellFigures::qps, "%,.0f"),
      new ServerColumn("Peak conns", c -> c.peakConnections() == null ? null : c.peakConnections().doubleValue(), "%,.0f"),
      new ServerColumn("Peak conn. utilisation (%)", CellFigures::connectionsUtilisationPeak, "%,.1f"),
      new ServerColumn("Max lag (s)", CellFigures::maxLagSeconds, "%,.1f"),
      new ServerColumn("Server read RT (µs)", CellFigures::serverReadLatency, "%,.0f"),
      new ServerColumn("Server write RT (µs)", CellFigures::serverWriteLatency, "%,.0f"));

  /** The figures whose change between two settings the change tables show. */
  static final List<ChangeTables.Figure> CHANGE_FIGURES = List.of(
      new ChangeTables.Figure("Throughput, steady", r -> FigureWindow.STEADY.figures(r).throughput(),
          r -> FigureIntervals.throughput(r.steady())),
      new ChangeTables.Figure("RAL, steady", r -> FigureWindow.STEADY.figures(r).ral(),
          r -> FigureIntervals.ral(r.steady())),
      new ChangeTables.Figure("WAL, steady", r -> FigureWindow.STEADY.figures(r).wal(),
          r -> FigureIntervals.wal(r.steady())),
      new ChangeTables.Figure("Primary CPU", r -> CellFigures.of(r).cpuPercent()),
      new ChangeTables.Figure("QPS", r -> CellFigures.of(r).qps()));

  /** A cell's status: ok (replayed, for published figures), or its first repetition that did not succeed, with the cause. */
  public static String status(List<PhaseResult> reps) {
    return reps.stream().filter(r -> !r.succeeded()).findFirst()
        .map(r -> r.status().name() + (r.cause() == null ? "" : ": " + r.cause()))
        .orElse(reps.stream().anyMatch(PhaseResult::replayed) ? "replayed" : "ok");
  }

  /** The value columns of one cell: its repetitions' means (and throughput range) when there are several. */
  private static List<String> figures(List<PhaseResult> reps, List<ServerColumn> server, boolean precision) {
    List<PhaseResult> ok = reps.stream().filter(PhaseResult::succeeded).toList();
    List<CellFigures> f = ok.stream().map(FigureWindow.STEADY::figures).toList();
    List<CellFigures> w = ok.stream().map(FigureWindow.WHOLE::figures).toList();
    if (ok.isEmpty()) {
      List<String> none = new ArrayList<>(FIGURE_HEAD.stream().map(h -> "-").toList());
      if (precision) {
        none.add("-");
      }
      server.forEach(c -> none.add("-"));
      return none;
    }
    // one repetition: its figures with their intervals within the run; several: the mean and the range, as the
    // spread between runs says more than any one run's interval
    WindowStats one = ok.size() == 1 ? FigureWindow.STEADY.window(ok.get(0)) : null;
    String throughput = FigureIntervals.text(mean(f.stream().map(CellFigures::throughput).toList()),
        FigureIntervals.throughput(one));
    List<Double> each = f.stream().map(CellFigures::throughput).filter(Objects::nonNull).toList();
    if (each.size() > 1) {
      double min = each.stream().mapToDouble(Double::doubleValue).min().orElse(0);
      double max = each.stream().mapToDouble(Double::doubleValue).max().orElse(0);
      throughput += " (n=" + each.size() + ", " + num(min) + "–" + num(max) + ")";
    }
    List<CellFigures> counted = w.stream().filter(c -> c.failed() != null).toList();
    long failed = counted.stream().mapToLong(CellFigures::failed).sum();
    Double rate = mean(counted.stream().map(CellFigures::errorRate).toList());
    String errors = counted.isEmpty() ? "-"
        : String.format(Locale.ROOT, "%,d (%.2f%%)", failed, rate == null ? 0 : rate * 100);
    List<String> row = new ArrayList<>(List.of(num(mean(w.stream().map(CellFigures::throughput).toList())), throughput,
        errors, num(mean(w.stream().map(CellFigures::ral).toList())),
        FigureIntervals.text(mean(f.stream().map(CellFigures::ral).toList()), FigureIntervals.ral(one)),
        num(mean(w.stream().map(CellFigures::wal).toList())),
        FigureIntervals.text(mean(f.stream().map(CellFigures::wal).toList()), FigureIntervals.wal(one)),
        FigureIntervals.text(mean(f.stream().map(c -> c.p99Read() == null ? null : c.p99Read().doubleValue()).toList()),
            FigureIntervals.p99Read(one)),
        FigureIntervals.text(mean(f.stream().map(c -> c.p99Write() == null ? null : c.p99Write().doubleValue()).toList()),
            FigureIntervals.p99Write(one))));
    if (precision) {
      row.add(PrecisionCell.text(ok));
    }
    for (ServerColumn c : server) {
      Double v = mean(f.stream().map(c.value()).toList());
      row.add(v == null ? "-" : String.format(Locale.ROOT, c.format(), v));
    }
    return row;
  }

  /** Whether a record's steady figures carry some interval (then "±" is explained once). */
  static boolean hasInterval(PhaseResult r) {
    WindowStats w = r.steady();
    return w != null && (FigureIntervals.throughput(w) != null || FigureIntervals.ral(w) != null
        || FigureIntervals.wal(w) != null || FigureIntervals.p99Read(w) != null || FigureIntervals.p99Write(w) != null);
  }

  static String label(String key) {
    return CellProperty.shownAs(key);
  }

  private static String trim(double v) {
    return v == Math.rint(v) ? Long.toString((long) v) : Double.toString(v);
  }
}
