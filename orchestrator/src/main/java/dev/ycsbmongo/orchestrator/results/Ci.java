package dev.ycsbmongo.orchestrator.results;

/**
 * A 95% confidence interval of a figure measured in one cell, from that cell's own steady window: it
 * allows for the window's noise and autocorrelation, not for run-to-run variation (a second run in
 * another JVM, another day), which only repetitions show. docs/statistics.md says how each is made.
 *
 * @param low lower bound, in the figure's unit
 * @param high upper bound, in the figure's unit
 * @param df degrees of freedom of the t quantile it was built with (batch means: batches - 1); null for
 *     a bootstrap interval, which has none
 */
public record Ci(double low, double high, Integer df) {

  public Ci {
    if (!(low <= high)) {
      throw new IllegalArgumentException("a confidence interval needs low <= high, got " + low + " and " + high);
    }
  }

  /** Half its width, relative to {@code value}: 0.021 for "21,260 ± 2.1%"; NaN when value is 0. */
  public double relativeHalfWidth(double value) {
    return value == 0 ? Double.NaN : (high - low) / 2 / Math.abs(value);
  }

  public boolean contains(double value) {
    return value >= low && value <= high;
  }
}
