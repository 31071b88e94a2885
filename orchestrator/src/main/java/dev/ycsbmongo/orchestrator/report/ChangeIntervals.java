package dev.ycsbmongo.orchestrator.report;

import dev.ycsbmongo.orchestrator.results.Ci;
import dev.ycsbmongo.orchestrator.stats.Change;
import dev.ycsbmongo.orchestrator.stats.Comparisons;
import dev.ycsbmongo.orchestrator.stats.MeanInterval;
import java.util.List;
import java.util.Locale;
import java.util.Objects;

/**
 * The 95% interval of a change between two cells, as the comparisons and summary.md's change tables state it
 * (docs/statistics.md, "Comparisons"): with at least two repetitions a side, Welch on the log ratio of their means
 * ({@link Comparisons#ofRepetitions}, run-to-run variation in it); otherwise from each side's interval, a single
 * repetition's within-run one or a side's repetitions' mean with the interval of their spread
 * ({@link Comparisons#withinRun}, within-run only). None when a side of one repetition has no interval or a mean is
 * not positive.
 */
public final class ChangeIntervals {

  private ChangeIntervals() {
  }

  /**
   * The change from A's figures to B's; {@code aloneA} is A's interval when A has one figure (ignored otherwise),
   * likewise {@code aloneB}. Null when no interval can be stated.
   */
  public static Change of(List<Double> a, Ci aloneA, List<Double> b, Ci aloneB) {
    double[] va = a.stream().filter(Objects::nonNull).mapToDouble(Double::doubleValue).toArray();
    double[] vb = b.stream().filter(Objects::nonNull).mapToDouble(Double::doubleValue).toArray();
    if (va.length == 0 || vb.length == 0 || !(mean(va) > 0 && mean(vb) > 0)) {
      return null;
    }
    if (va.length >= 2 && vb.length >= 2) {
      return Comparisons.ofRepetitions(va, vb);
    }
    MeanInterval ia = side(va, aloneA);
    MeanInterval ib = side(vb, aloneB);
    if (ia == null || ib == null) {
      return null;
    }
    Change c = Comparisons.withinRun(ia, ib);
    return Double.isNaN(c.low()) ? null : c;
  }

  /** " (-3.1% to +12.9%)", " (..., within-run only)" as a table shows an interval after its change; "" for none. */
  public static String text(Change c) {
    if (c == null) {
      return "";
    }
    return " (" + pct(c.low()) + " to " + pct(c.high()) + (c.basis() == Change.Basis.WITHIN_RUN ? ", within-run only"
        : "") + ")";
  }

  private static String pct(double ratio) {
    return String.format(Locale.ROOT, "%+.1f%%", 100 * (ratio - 1));
  }

  /**
   * One side's mean with its 95% interval: of its repetitions' spread (t on n - 1 degrees of freedom) with two or
   * more, else the single figure with its own within-run interval ({@code alone}, null for none: unknown).
   */
  static MeanInterval side(double[] v, Ci alone) {
    if (v.length >= 2) {
      double m = mean(v);
      double squares = 0;
      for (double x : v) {
        squares += (x - m) * (x - m);
      }
      double sd = Math.sqrt(squares / (v.length - 1));
      int df = v.length - 1;
      // the statistics package's own t quantile, through a unit interval's standard error
      double t = 1 / new MeanInterval(0, 1, df + 1, df, df + 1, Double.NaN).standardError();
      return new MeanInterval(m, t * sd / Math.sqrt(v.length), v.length, df, v.length, Double.NaN);
    }
    return alone == null ? null : FigureIntervals.meanInterval(v[0], alone);
  }

  private static double mean(double[] v) {
    double s = 0;
    for (double x : v) {
      s += x;
    }
    return s / v.length;
  }
}
