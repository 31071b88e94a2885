package dev.ycsbmongo.orchestrator.report;

import dev.ycsbmongo.orchestrator.results.Ci;
import dev.ycsbmongo.orchestrator.results.OperationStats;
import dev.ycsbmongo.orchestrator.results.WindowStats;
import dev.ycsbmongo.orchestrator.stats.MeanInterval;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * The 95% intervals of a cell's steady figures, read beside the figures {@link CellFigures} takes from the same
 * window: throughput, RAL (the READ average), WAL (the count-weighted writes), p99 read and p99 write (the interval
 * of the write whose p99 is shown). Null wherever the record holds none: the whole run (YCSB's own figures carry no
 * interval), a window too short, records written before intervals, replayed published figures. What an interval
 * means is in docs/statistics.md: the cell's own window, not run-to-run variation.
 */
public final class FigureIntervals {

  /** Said once wherever a figure with an interval is shown: what "±" is. */
  public static final String MEANING = "\"± x%\": the steady figure's 95% interval within the run, half its width"
      + " relative to the figure (the cell's own window; run-to-run variation is not in it).";

  /** Said once wherever whole-run figures stand beside steady ones with intervals. */
  public static final String WHOLE_RUN_NOTE = "Whole-run figures (YCSB's own, what the documents publish) carry no"
      + " interval.";

  /**
   * Degrees of freedom given to a bootstrap interval (a percentile's), which has none: large enough that its
   * t quantile is the normal one.
   */
  static final int BOOTSTRAP_DF = 1000;

  private FigureIntervals() {
  }

  /** The throughput's interval over {@code w}; null for none or no window. */
  public static Ci throughput(WindowStats w) {
    return w == null ? null : w.throughputCi();
  }

  /** RAL's interval: the READ average's. */
  public static Ci ral(WindowStats w) {
    return read(w).map(OperationStats::avgCi).orElse(null);
  }

  /** p99 read's interval. */
  public static Ci p99Read(WindowStats w) {
    return read(w).map(OperationStats::p99Ci).orElse(null);
  }

  /**
   * WAL's interval: the writes' averages weighted by count as WAL is, their half-widths combined as independent
   * errors ({@code sqrt(sum (w_i h_i)^2)}); null unless every write that counts has one.
   */
  public static Ci wal(WindowStats w) {
    List<OperationStats> writes = writes(w);
    if (writes.isEmpty() || writes.stream().anyMatch(o -> o.avgCi() == null)) {
      return null;
    }
    if (writes.size() == 1) {
      return writes.get(0).avgCi();
    }
    long total = writes.stream().mapToLong(OperationStats::count).sum();
    double mean = 0;
    double squares = 0;
    Integer df = Integer.MAX_VALUE;
    for (OperationStats o : writes) {
      double weight = (double) o.count() / total;
      double half = (o.avgCi().high() - o.avgCi().low()) / 2;
      mean += weight * o.avgMicros();
      squares += weight * half * weight * half;
      df = df == null || o.avgCi().df() == null ? null : Math.min(df, o.avgCi().df());
    }
    double half = Math.sqrt(squares);
    return new Ci(mean - half, mean + half, df);
  }

  /** p99 write's interval: that of the write whose p99 is the highest (the one shown). */
  public static Ci p99Write(WindowStats w) {
    OperationStats top = null;
    for (OperationStats o : writes(w)) {
      if (o.p99Micros() != null && (top == null || o.p99Micros() > top.p99Micros())) {
        top = o;
      }
    }
    return top == null ? null : top.p99Ci();
  }

  /**
   * {@code value} as a table shows it: {@code 21,260 ± 2.1%} (half the interval's width relative to the figure, one
   * decimal), or the bare figure when there is no interval; "-" when absent.
   */
  public static String text(Double value, Ci ci) {
    if (value == null) {
      return "-";
    }
    String v = String.format(Locale.ROOT, "%,.0f", value);
    double rel = ci == null ? Double.NaN : ci.relativeHalfWidth(value);
    return Double.isNaN(rel) ? v : v + String.format(Locale.ROOT, " ± %.1f%%", 100 * rel);
  }

  /**
   * A figure and its interval as the statistics compare them ({@link dev.ycsbmongo.orchestrator.stats.Comparisons
   * #withinRun}): half the interval's width around the figure, on the interval's degrees of freedom (a bootstrap's:
   * {@value #BOOTSTRAP_DF}); the half-width is NaN (unknown) when {@code ci} is null.
   */
  public static MeanInterval meanInterval(double value, Ci ci) {
    if (ci == null) {
      return new MeanInterval(value, Double.NaN, 0, 0, 1, Double.NaN);
    }
    int df = ci.df() == null ? BOOTSTRAP_DF : Math.max(1, ci.df());
    return new MeanInterval(value, (ci.high() - ci.low()) / 2, df + 1, df, df + 1, Double.NaN);
  }

  private static Optional<OperationStats> read(WindowStats w) {
    return w == null ? Optional.empty() : w.operation("READ").filter(o -> o.count() > 0);
  }

  /** The writes WAL averages: those of {@link CellFigures#WRITES} that ran, with an average. */
  private static List<OperationStats> writes(WindowStats w) {
    if (w == null) {
      return List.of();
    }
    return CellFigures.WRITES.stream().map(w::operation).flatMap(Optional::stream)
        .filter(o -> o.count() > 0 && o.avgMicros() != null).toList();
  }
}
