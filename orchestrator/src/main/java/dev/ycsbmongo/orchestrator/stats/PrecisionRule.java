package dev.ycsbmongo.orchestrator.stats;

import java.util.Locale;

/**
 * Whether a steady window's mean is known: to a target precision, over at least a minimum window,
 * and not drifting. Judged on the mean's interval, not on how much single seconds vary: 30 seconds
 * with a 40% per-second spread can still give the mean to a few percent, while a slow drift with a
 * small spread leaves it unknown.
 *
 * <p>In order: a window shorter than {@code minValues} is not precise (the interval's coverage was
 * only measured from {@link #SHORTEST_MEASURED} values on); a significant trend
 * ({@link Trend#pValue()} under {@link #TREND_ALPHA}) that moves the mean by more than the target
 * precision across the window is drifting; a series whose lag-1 autocorrelation is above
 * {@link #MAX_LAG1} is not precise (its interval under-covers, see {@link BatchMeans}); otherwise
 * precise when the relative half-width is at most the target.
 *
 * @param precision the target relative half-width, e.g. 0.03 for ±3%
 * @param minValues the fewest values (seconds) a window needs before it can be called precise
 * @param secondsPerValue the length of one value, for the reason text (1 for per-second series)
 */
public record PrecisionRule(double precision, int minValues, double secondsPerValue) {

  /** Below this many values the intervals' coverage was not measured good enough to call anything precise (5 batches of 4). */
  public static final int SHORTEST_MEASURED = 20;

  /**
   * The trend test's significance level. At 0.05 and with the drift also required to exceed the
   * target precision, stationary AR(1) series up to a lag-1 correlation of 0.5 are called drifting
   * in 3.0-6.5% of cases (10.8% at 0.8 in 30 s; BENCHMARKS.md, "Confidence intervals"); a stricter level would
   * miss the slow drifts this test exists for on 30-60 s windows with only 5 batch means.
   */
  public static final double TREND_ALPHA = 0.05;

  /**
   * The largest lag-1 autocorrelation of the series for which the interval is trusted. Measured,
   * batch-means intervals cover 94.1% at a lag-1 correlation of 0.8 from 120 values but 83.5% at 30;
   * a sample correlation above 0.8 means the window is too short for its own correlation, whatever
   * the width says.
   */
  public static final double MAX_LAG1 = 0.8;

  public PrecisionRule {
    if (!(precision > 0 && precision < 1)) {
      throw new IllegalArgumentException("precision " + precision + " must be a share between 0 and 1 (0.03 = ±3%)");
    }
    if (minValues < SHORTEST_MEASURED) {
      throw new IllegalArgumentException("minimum window " + minValues + " values is under " + SHORTEST_MEASURED
          + ", below which the intervals' coverage was not measured");
    }
    if (!(secondsPerValue > 0)) {
      throw new IllegalArgumentException("seconds per value " + secondsPerValue + " must be positive");
    }
  }

  /** A rule for per-second series. */
  public static PrecisionRule perSecond(double precision, int minSeconds) {
    return new PrecisionRule(precision, minSeconds, 1);
  }

  public Judgement judge(double[] xs) {
    MeanInterval interval = BatchMeans.of(xs);
    Trend trend = Trend.of(xs, BatchMeans.DEFAULT_BATCHES);
    double lag1 = Series.lag1(xs);
    String after = String.format(Locale.ROOT, "after %s s", seconds(xs.length));
    String target = String.format(Locale.ROOT, "(target ±%s%%)", percent(precision));
    if (xs.length < minValues) {
      return new Judgement(Verdict.NOT_PRECISE, interval, trend, lag1,
          "not precise: only " + seconds(xs.length) + " s of steady window, needs " + seconds(minValues) + " s");
    }
    if (trend.pValue() < TREND_ALPHA && Math.abs(trend.change()) > precision) {
      return new Judgement(Verdict.DRIFTING, interval, trend, lag1, String.format(Locale.ROOT,
          "drifting: the mean %s %s%% across %s s (trend p = %.3f)", trend.change() > 0 ? "rose" : "fell",
          percent(Math.abs(trend.change())), seconds(xs.length), trend.pValue()));
    }
    if (lag1 > MAX_LAG1) {
      return new Judgement(Verdict.NOT_PRECISE, interval, trend, lag1, String.format(Locale.ROOT,
          "not precise: seconds too correlated (lag-1 %.2f) to state the mean %s", lag1, after));
    }
    String width = "±" + percent(interval.relativeHalfWidth()) + "% " + after;
    return interval.relativeHalfWidth() <= precision
        ? new Judgement(Verdict.PRECISE, interval, trend, lag1, "precise: " + width)
        : new Judgement(Verdict.NOT_PRECISE, interval, trend, lag1, "not precise: " + width + " " + target);
  }

  private String seconds(int values) {
    double s = values * secondsPerValue;
    return s == Math.rint(s) ? String.valueOf((long) s) : String.format(Locale.ROOT, "%.1f", s);
  }

  private static String percent(double share) {
    return String.format(Locale.ROOT, "%.1f", 100 * share);
  }
}
