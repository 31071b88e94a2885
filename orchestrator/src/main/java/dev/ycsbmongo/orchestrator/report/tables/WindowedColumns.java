package dev.ycsbmongo.orchestrator.report.tables;

import dev.ycsbmongo.orchestrator.plan.TableSpec;
import dev.ycsbmongo.orchestrator.report.CellFigures;
import dev.ycsbmongo.orchestrator.report.FigureWindow;
import dev.ycsbmongo.orchestrator.report.MarkdownCells;
import dev.ycsbmongo.orchestrator.report.tables.TableColumns.Cell;
import dev.ycsbmongo.orchestrator.report.tables.TableColumns.Column;
import dev.ycsbmongo.orchestrator.report.tables.TableColumns.Kind;
import dev.ycsbmongo.orchestrator.report.tables.TableColumns.Value;
import dev.ycsbmongo.orchestrator.results.PhaseResult;
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

  private record Figure(Function<CellFigures, Double> value, String format) {
  }

  private static final Map<String, Figure> FIGURES = Map.of(
      "throughput", new Figure(CellFigures::throughput, "%,.0f"),
      "ral", new Figure(CellFigures::ral, "%,.0f"),
      "wal", new Figure(CellFigures::wal, "%,.0f"),
      "p99read", new Figure(f -> f.p99Read() == null ? null : f.p99Read().doubleValue(), "%,.0f"),
      "p99write", new Figure(f -> f.p99Write() == null ? null : f.p99Write().doubleValue(), "%,.0f"));

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
    return new Column(key, header, Kind.CELL, c -> TableColumns.number(MarkdownCells.mean(succeeded(c).stream()
        .map(r -> f.value().apply(window.figures(r))).toList()), f.format()));
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
