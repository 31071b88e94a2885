package dev.ycsbmongo.orchestrator.report.tables;

import dev.ycsbmongo.orchestrator.plan.TableSpec;
import dev.ycsbmongo.orchestrator.report.CellFigures;
import dev.ycsbmongo.orchestrator.report.FigureIntervals;
import dev.ycsbmongo.orchestrator.report.FigureWindow;
import dev.ycsbmongo.orchestrator.report.MarkdownCells;
import dev.ycsbmongo.orchestrator.report.tables.TableColumns.Cell;
import dev.ycsbmongo.orchestrator.report.tables.TableColumns.Column;
import dev.ycsbmongo.orchestrator.report.tables.TableColumns.Kind;
import dev.ycsbmongo.orchestrator.report.tables.TableColumns.Value;
import dev.ycsbmongo.orchestrator.results.Ci;
import dev.ycsbmongo.orchestrator.results.PhaseResult;
import dev.ycsbmongo.orchestrator.results.WindowStats;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Function;

/**
 * The figures that have two definitions ({@link FigureWindow}: YCSB's whole run, or the steady window) and
 * the columns a table spec's {@code figures} turns each into: one or two, each heading naming its window. The
 * server's figures (CPU, QPS, ...) and the curve figures have one definition and stay as {@link TableColumns}
 * has them.
 */
public final class WindowedColumns {

  /** @param interval the figure's 95% interval over a window (null where none: the whole run, older records) */
  private record Figure(Function<CellFigures, Double> value, String format, Function<WindowStats, Ci> interval) {
  }

  private static final Map<String, Figure> FIGURES = Map.of(
      "throughput", new Figure(CellFigures::throughput, "%,.0f", FigureIntervals::throughput),
      "ral", new Figure(CellFigures::ral, "%,.0f", FigureIntervals::ral),
      "wal", new Figure(CellFigures::wal, "%,.0f", FigureIntervals::wal),
      "p99read", new Figure(f -> f.p99Read() == null ? null : f.p99Read().doubleValue(), "%,.0f",
          FigureIntervals::p99Read),
      "p99write", new Figure(f -> f.p99Write() == null ? null : f.p99Write().doubleValue(), "%,.0f",
          FigureIntervals::p99Write));

  private static final String ERRORS = "errors";

  private WindowedColumns() {
  }

  /** Whether the figure {@code key} has a whole-run and a steady definition. */
  public static boolean windowed(String key) {
    return FIGURES.containsKey(key) || key.equals(ERRORS);
  }

  /** The windows a spec's {@code figures} shows, in column order: the whole run first. */
  public static List<FigureWindow> windows(TableSpec.Figures figures) {
    return switch (figures) {
      case WHOLE -> List.of(FigureWindow.WHOLE);
      case STEADY -> List.of(FigureWindow.STEADY);
      case BOTH -> List.of(FigureWindow.WHOLE, FigureWindow.STEADY);
    };
  }

  /**
   * The column of figure {@code key} under {@code window}, headed {@code heading} named for the window (the
   * plan's heading or the figure's default); {@code key} must be {@link #windowed}.
   */
  public static Column column(String key, FigureWindow window, String heading) {
    String header = window.name(heading);
    if (key.equals(ERRORS)) {
      return new Column(key, header, Kind.CELL, c -> errors(c, window));
    }
    Figure f = FIGURES.get(key);
    if (f == null) {
      throw new IllegalArgumentException("'" + key + "' has one definition only");
    }
    return new Column(key, header, Kind.CELL, c -> withInterval(TableColumns.number(MarkdownCells.mean(succeeded(c)
        .stream().map(r -> f.value().apply(window.figures(r))).toList()), f.format()), c, f, window));
  }

  /**
   * A steady figure of one successful repetition as summary.md shows it, "21,260 ± 2.1%", where the record holds
   * its interval; the CSV keeps the bare number. With repetitions the mean is no single run's figure: bare.
   */
  private static Value withInterval(Value v, Cell c, Figure f, FigureWindow window) {
    List<PhaseResult> ok = succeeded(c);
    if (window != FigureWindow.STEADY || ok.size() != 1 || v == Value.ABSENT) {
      return v;
    }
    Ci ci = f.interval().apply(window.window(ok.get(0)));
    Double value = f.value().apply(window.figures(ok.get(0)));
    return ci == null || value == null ? v : new Value(FigureIntervals.text(value, ci), v.csv());
  }

  private static List<PhaseResult> succeeded(Cell c) {
    return c.reps().stream().filter(PhaseResult::succeeded).toList();
  }

  /** Failed operations in the window over the successful repetitions and their mean share, as summary.md writes them. */
  private static Value errors(Cell c, FigureWindow window) {
    List<CellFigures> f = succeeded(c).stream().map(window::figures).filter(x -> x.failed() != null).toList();
    if (f.isEmpty()) {
      return Value.ABSENT;
    }
    long failed = f.stream().mapToLong(CellFigures::failed).sum();
    Double rate = MarkdownCells.mean(f.stream().map(CellFigures::errorRate).toList());
    return new Value(String.format(Locale.ROOT, "%,d (%.2f%%)", failed, rate == null ? 0 : rate * 100),
        Long.toString(failed));
  }
}
