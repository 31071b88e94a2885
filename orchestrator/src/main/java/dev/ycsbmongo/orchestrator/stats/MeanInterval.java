package dev.ycsbmongo.orchestrator.stats;

import java.util.Locale;

/**
 * A mean with its 95% confidence interval, {@code mean ± halfWidth}.
 *
 * @param mean the point estimate (the series' mean, or a weighted mean)
 * @param halfWidth half the interval's width, in the mean's unit; NaN when it cannot be stated (too few batches)
 * @param batches how many batches (or blocks) the interval's standard error came from
 * @param df degrees of freedom of the t quantile used ({@code batches - 1} for batch means)
 * @param n how many values (intervals, seconds) the mean covers
 * @param batchMeansLag1 lag-1 autocorrelation of the batch means: near 0 when the batches are long
 *     enough to be nearly independent, which is what the interval assumes; NaN under 3 batches
 */
public record MeanInterval(double mean, double halfWidth, int batches, int df, int n, double batchMeansLag1) {

  public double low() {
    return mean - halfWidth;
  }

  public double high() {
    return mean + halfWidth;
  }

  /** Half-width over the mean (0.021 = ±2.1%); NaN when the mean is 0 or the half-width unknown. */
  public double relativeHalfWidth() {
    return mean != 0 ? halfWidth / Math.abs(mean) : Double.NaN;
  }

  /** The standard error the half-width came from ({@code halfWidth / t}). */
  public double standardError() {
    return df > 0 ? halfWidth / TQuantile.twoSided95(df) : Double.NaN;
  }

  /**
   * This interval with a half-width of at least {@code relative} of the mean: what a run stopped by
   * {@link EarlyStop} states (the target it stopped at, not its own, by-chance narrower interval).
   */
  public MeanInterval widenedTo(double relative) {
    double floor = relative * Math.abs(mean);
    return known() && halfWidth < floor ? new MeanInterval(mean, floor, batches, df, n, batchMeansLag1) : this;
  }

  public boolean known() {
    return !Double.isNaN(halfWidth);
  }

  public boolean contains(double value) {
    return known() && value >= low() && value <= high();
  }

  /** As a table shows it: {@code 21,260 ± 2.1%}, or the mean alone when the interval is unknown. */
  public String text() {
    String m = String.format(Locale.ROOT, "%,.0f", mean);
    return known() ? m + String.format(Locale.ROOT, " ± %.1f%%", 100 * relativeHalfWidth()) : m;
  }
}
