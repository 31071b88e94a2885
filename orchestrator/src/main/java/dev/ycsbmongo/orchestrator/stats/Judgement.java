package dev.ycsbmongo.orchestrator.stats;

/**
 * {@link PrecisionRule}'s answer for one series.
 *
 * @param verdict precise, not precise or drifting
 * @param interval the mean with its interval
 * @param trend the trend test behind a {@link Verdict#DRIFTING}
 * @param lag1 the series' own lag-1 autocorrelation (NaN under 3 values)
 * @param reason one line for a verdict table, e.g. {@code not precise: ±9.0% after 60 s (target ±3%)}
 */
public record Judgement(Verdict verdict, MeanInterval interval, Trend trend, double lag1, String reason) {

  public boolean precise() {
    return verdict == Verdict.PRECISE;
  }
}
