package dev.ycsbmongo.orchestrator.stats;

import java.util.Locale;

/**
 * The change from a base figure to another, as their ratio with a 95% interval.
 *
 * @param ratio other mean / base mean (1.167 = +16.7%)
 * @param low, high the ratio's interval
 * @param df degrees of freedom of the t quantile (Welch-Satterthwaite)
 * @param basis what variation the interval includes
 */
public record Change(double ratio, double low, double high, double df, Basis basis) {

  /** What the interval's standard error was estimated from. */
  public enum Basis {
    /** Run means of repetitions (separate JVMs): includes run-to-run variation. */
    REPETITIONS,
    /** One run per side, each with its within-run interval: leaves run-to-run variation out. */
    WITHIN_RUN
  }

  /** Whether the interval leaves out a ratio of 1 (no change); false when it cannot be stated. */
  public boolean significant() {
    return !Double.isNaN(low) && (low > 1 || high < 1);
  }

  /** As a table shows it: {@code +16.7% (+3.1% to +32.0%)}, with {@code n.s.} or {@code within-run} marks. */
  public String text() {
    String s = pct(ratio);
    if (Double.isNaN(low)) {
      return s + " (no interval)";
    }
    s += " (" + pct(low) + " to " + pct(high) + (basis == Basis.WITHIN_RUN ? ", within-run only" : "") + ")";
    return significant() ? s : s + " n.s.";
  }

  private static String pct(double r) {
    return String.format(Locale.ROOT, "%+.1f%%", 100 * (r - 1));
  }
}
