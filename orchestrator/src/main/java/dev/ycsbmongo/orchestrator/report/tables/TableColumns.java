package dev.ycsbmongo.orchestrator.report.tables;

import dev.ycsbmongo.orchestrator.report.AcceptedConnections;
import dev.ycsbmongo.orchestrator.report.CellFigures;
import dev.ycsbmongo.orchestrator.report.Curves;
import dev.ycsbmongo.orchestrator.report.MarkdownCells;
import dev.ycsbmongo.orchestrator.report.PrecisionCell;
import dev.ycsbmongo.orchestrator.report.SummaryMarkdown;
import dev.ycsbmongo.orchestrator.results.ConnectionStressResult;
import dev.ycsbmongo.orchestrator.results.PhaseResult;
import dev.ycsbmongo.orchestrator.results.ServerMetrics;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.function.Function;

/**
 * The figure keys a plan's {@code report.tables} may name, with their default headings (summary.md's)
 * and how each is read from a cell. One line per figure: a new one (a server latency, a connection
 * utilisation) is one more entry of {@link #ALL}. Cell figures are the means of the cell's repetitions
 * that succeeded, as summary.md shows them: a cell that failed or was unstable has none ("-"). Curve
 * figures are those of the cell's curve ({@link Curves}).
 */
public final class TableColumns {

  /** Whether a figure belongs to one cell or to its thread curve. */
  public enum Kind { CELL, CURVE }

  /** A value as the Markdown shows it and as the CSV holds it (plain number, empty when absent). */
  public record Value(String text, String csv) {
    public static final Value ABSENT = new Value("-", "");

    public static Value of(String s) {
      return s == null ? ABSENT : new Value(s, s);
    }
  }

  /** What a column reads: a cell's repetitions and the curve it lies on. */
  public record Cell(List<PhaseResult> reps, Curves.Curve curve) {
    public Cell {
      reps = List.copyOf(reps);
    }

    List<PhaseResult> succeeded() {
      return reps.stream().filter(PhaseResult::succeeded).toList();
    }
  }

  /** A figure key, its default heading and its value. */
  public record Column(String key, String header, Kind kind, Function<Cell, Value> value) {
  }

  public static final List<Column> ALL = List.of(
      mean("throughput", "Throughput (ops/s)", fig(CellFigures::throughput), "%,.0f"),
      new Column("errors", "Errors", Kind.CELL, TableColumns::errors),
      mean("ral", "RAL (µs)", fig(CellFigures::ral), "%,.0f"),
      mean("wal", "WAL (µs)", fig(CellFigures::wal), "%,.0f"),
      mean("p99read", "p99 read (µs)", fig(f -> toDouble(f.p99Read())), "%,.0f"),
      mean("p99write", "p99 write (µs)", fig(f -> toDouble(f.p99Write())), "%,.0f"),
      new Column("precision", PrecisionCell.HEADER, Kind.CELL, TableColumns::precision),
      new Column("cv", "Per-second spread (CV)", Kind.CELL, TableColumns::spread),
      mean("cpu", "Primary CPU (%)", fig(CellFigures::cpuPercent), "%,.1f"),
      mean("qps", "QPS", fig(CellFigures::qps), "%,.0f"),
      mean("peakConnections", "Peak conns", fig(f -> toDouble(f.peakConnections())), "%,.0f"),
      mean("maxLag", "Max lag (s)", fig(CellFigures::maxLagSeconds), "%,.1f"),
      mean("serverReadLatency", "Server read RT (µs)", fig(CellFigures::serverReadLatency), "%,.0f"),
      mean("serverWriteLatency", "Server write RT (µs)", fig(CellFigures::serverWriteLatency), "%,.0f"),
      mean("serverCommandLatency", "Server command RT (µs)", fig(CellFigures::serverCommandLatency), "%,.0f"),
      mean("connectionsLimit", "Server conn. limit", fig(f -> toDouble(f.connectionsLimit())), "%,.0f"),
      mean("connectionUtilisation", "Peak conn. utilisation (%)", fig(CellFigures::connectionsUtilisationPeak),
          "%,.1f"),
      conn("connectionsRequested", "Requested", c -> (double) c.requested(), "%,.0f"),
      conn("connectionsReached", "Reached", c -> (double) c.opened(), "%,.0f"),
      conn("connectionsFailed", "Failures", c -> (double) c.failed(), "%,.0f"),
      conn("seenByServer", "Seen by server", c -> toDouble(c.seenByServer()), "%,.0f"),
      new Column("maxAccepted", "Accepted (measured max)", Kind.CELL, c -> accepted(c, true)),
      new Column("refusalCause", "Refused past it (cause)", Kind.CELL, c -> accepted(c, false)),
      conn("openSeconds", "Open time (s)", ConnectionStressResult::openSeconds, "%,.1f"),
      conn("openP99", "Open p99 (ms)", ConnectionStressResult::openLatencyP99Millis, "%,.1f"),
      stressed("serverCpu", "Server CPU (%)", m -> m.cpuMeanPercent(), "%,.1f"),
      stressed("serverMemory", "Server memory (MB)", m -> toDouble(m.residentMbPeak()), "%,.0f"),
      new Column("status", "Status", Kind.CELL, c -> Value.of(SummaryMarkdown.status(c.reps()))),
      new Column("bestThreads", "Best threads", Kind.CURVE, TableColumns::bestThreads),
      new Column("peakThroughput", "Peak throughput (ops/s)", Kind.CURVE, TableColumns::peak),
      new Column("peakNeighbours", dev.ycsbmongo.orchestrator.report.CurveSummary.NEIGHBOURS, Kind.CURVE,
          c -> c.curve() == null || !c.curve().hasIntervals() ? Value.ABSENT : Value.of(c.curve().neighboursText())),
      new Column("kneeThreads", "Knee (threads)", Kind.CURVE, TableColumns::knee));

  private TableColumns() {
  }

  /** The figure named {@code key}, if it is one. */
  public static Optional<Column> named(String key) {
    return ALL.stream().filter(c -> c.key().equals(key)).findFirst();
  }

  /** Every figure key, in registry order, for messages. */
  public static List<String> keys(Kind kind) {
    return ALL.stream().filter(c -> c.kind() == kind).map(Column::key).toList();
  }

  /** A cell figure: the mean over the repetitions that succeeded, absent when none measured it. */
  private static Column mean(String key, String header, Function<PhaseResult, Double> figure, String format) {
    return new Column(key, header, Kind.CELL, c -> number(MarkdownCells.mean(c.succeeded().stream().map(figure)
        .toList()), format));
  }

  /**
   * A connection-stress figure: the mean over every repetition that got as far as opening, failed ones
   * included, as the connection table shows it (reaching a limit is such a study's finding).
   */
  private static Column conn(String key, String header, Function<ConnectionStressResult, Double> figure,
      String format) {
    return new Column(key, header, Kind.CELL, c -> number(MarkdownCells.mean(c.reps().stream()
        .filter(r -> r.connections() != null).map(r -> figure.apply(r.connections())).toList()), format));
  }

  /** A server figure over a connection stress, from every repetition that opened connections, as above. */
  private static Column stressed(String key, String header, Function<ServerMetrics, Double> figure, String format) {
    return new Column(key, header, Kind.CELL, c -> number(MarkdownCells.mean(c.reps().stream()
        .filter(r -> r.connections() != null && r.serverMetrics() != null).map(r -> figure.apply(r.serverMetrics()))
        .toList()), format));
  }

  /**
   * A curve figure; on an incomplete curve (a thread count not measured) marked {@value Curves#INCOMPLETE}
   * in the Markdown and the CSV alike, since the CSV has no other place to say it.
   */
  private static Column curve(String key, String header, Function<Curves.Curve, Double> figure, String format) {
    return new Column(key, header, Kind.CURVE, c -> {
      if (c.curve() == null) {
        return Value.ABSENT;
      }
      Value v = number(figure.apply(c.curve()), format);
      if (c.curve().complete()) {
        return v;
      }
      String marked = v.text() + " " + Curves.INCOMPLETE;
      return new Value(marked, marked);
    });
  }

  /** The best thread count, with the thread counts within the peak tolerance beside it and the incomplete mark. */
  private static Value bestThreads(Cell c) {
    if (c.curve() == null || c.curve().bestThreads() == null && c.curve().complete()) {
      return Value.ABSENT;
    }
    Curves.Curve k = c.curve();
    return k.complete() && k.nearPeak().isEmpty() ? Value.of(k.bestThreads().toString()) : Value.of(k.markedBest());
  }

  /** The peak throughput, with its 95% interval in the Markdown ("21,260 ± 2.1%") where it has one, marked as curves are. */
  private static Value peak(Cell c) {
    Value v = curve("peakThroughput", "", Curves.Curve::peakThroughput, "%,.0f").value().apply(c);
    if (c.curve() == null || c.curve().peakInterval() == null || c.curve().peakThroughput() == null) {
      return v;
    }
    String text = c.curve().peakText() + (c.curve().complete() ? "" : " " + Curves.INCOMPLETE);
    return new Value(text, v.csv());
  }

  /** The knee, marked {@value Curves.KneeStep#NOT_CERTAIN} in the Markdown where its step does not hold over the intervals. */
  private static Value knee(Cell c) {
    Value v = curve("kneeThreads", "", k -> toDouble(k.kneeThreads()), "%d").value().apply(c);
    Curves.KneeStep step = c.curve() == null ? null : c.curve().kneeStep();
    if (step == null || step.certain() || c.curve().kneeThreads() == null) {
      return v;
    }
    return new Value(v.text().replaceFirst("^(\\S+)", "$1 " + Curves.KneeStep.NOT_CERTAIN), v.csv());
  }

  private static Function<PhaseResult, Double> fig(Function<CellFigures, Double> f) {
    return r -> f.apply(CellFigures.of(r));
  }

  /** Failed operations of the successful repetitions and their mean share, as summary.md writes them. */
  private static Value errors(Cell c) {
    List<CellFigures> f = c.succeeded().stream().map(CellFigures::of).toList();
    if (f.isEmpty()) {
      return Value.ABSENT;
    }
    long failed = f.stream().mapToLong(x -> x.failed() == null ? 0 : x.failed()).sum();
    Double rate = MarkdownCells.mean(f.stream().map(CellFigures::errorRate).toList());
    return new Value(String.format(Locale.ROOT, "%,d (%.2f%%)", failed, rate == null ? 0 : rate * 100),
        Long.toString(failed));
  }

  /** The most connections the server accepted in the cell ({@link AcceptedConnections}), or why it stopped. */
  private static Value accepted(Cell c, boolean figure) {
    return AcceptedConnections.of(c.reps().stream().map(PhaseResult::connections).toList())
        .map(a -> figure ? new Value(a.text(), a.csv()) : Value.of(a.cause())).orElse(Value.ABSENT);
  }

  /** The precision of the mean ({@link PrecisionCell}); the CSV holds the widest relative half-width (0.021). */
  private static Value precision(Cell c) {
    List<PhaseResult> ok = c.succeeded();
    if (!PrecisionCell.any(ok)) {
      return Value.ABSENT;
    }
    Double widest = PrecisionCell.widest(ok);
    return new Value(PrecisionCell.text(ok), widest == null ? "" : String.format(Locale.ROOT, "%.4f", widest));
  }

  /**
   * How much the per-second throughput varied (standard deviation / mean): a description of the seconds, kept for
   * plans that name it, not a measure of how well the mean is known ({@link #precision}).
   */
  private static Value spread(Cell c) {
    Double cv = MarkdownCells.mean(c.succeeded().stream()
        .map(r -> r.stability() == null ? null : r.stability().cv()).toList());
    return cv == null ? Value.ABSENT
        : new Value(String.format(Locale.ROOT, "%.1f%%", cv * 100), String.format(Locale.ROOT, "%.4f", cv));
  }

  /** A number as the Markdown shows it ({@code format}, Locale.ROOT) and as the CSV holds it (no grouping). */
  static Value number(Double v, String format) {
    if (v == null) {
      return Value.ABSENT;
    }
    boolean whole = format.equals("%d");
    String text = whole ? Long.toString(Math.round(v)) : String.format(Locale.ROOT, format, v);
    String csv = whole || v == Math.rint(v) ? Long.toString(Math.round(v)) : String.format(Locale.ROOT, "%.2f", v);
    return new Value(text, csv);
  }

  private static Double toDouble(Number n) {
    return n == null ? null : n.doubleValue();
  }
}
