package dev.ycsbmongo.orchestrator.stats;

import java.util.Arrays;

/**
 * When a run that stops once its mean is precise may stop: its rule must call the series precise
 * now and at the previous check, {@code checkEvery} values earlier, and an interval from
 * {@code sqrt(n)} batches must be within the target too.
 *
 * <p>Looking again and again and stopping at the first narrow interval picks intervals that are
 * narrow by chance: with 5 batches the variance estimate rests on 4 degrees of freedom and is often
 * low, and a stopped run's own interval then covers less than the stated 95% (measured 85-91%
 * without autocorrelation when the first precise check stops). Three guards: the rule's minimum
 * window (no look before it); two consecutive precise checks, which discards an interval narrow for
 * one look only; and a second variance estimate from {@code sqrt(n)} batches, which unlike a fixed
 * batch count grows more precise as the run lengthens (the condition under which sequential stopping
 * keeps its coverage, Glynn and Whitt 1992). A stopped run states its mean to the target precision
 * ({@link MeanInterval#widenedTo}), not to its own narrower interval. BENCHMARKS.md, "Confidence
 * intervals", gives the coverage this reaches.
 *
 * @param rule the precision rule each check applies
 * @param checkEvery values between checks (5 = every 5 seconds of a per-second series)
 */
public record EarlyStop(PrecisionRule rule, int checkEvery) {

  public EarlyStop {
    if (checkEvery < 1) {
      throw new IllegalArgumentException("checks every " + checkEvery + " values: must be at least 1");
    }
  }

  /**
   * Whether the run may stop with the steady series {@code soFar}: precise now and {@code checkEvery}
   * values ago, and within the target by {@code sqrt(n)} batches.
   */
  public boolean precisionReached(double[] soFar) {
    int previous = soFar.length - checkEvery;
    return previous >= rule.minValues() && rule.judge(soFar).precise()
        && BatchMeans.of(soFar, (int) Math.sqrt(soFar.length)).relativeHalfWidth() <= rule.precision()
        && rule.judge(Arrays.copyOf(soFar, previous)).precise();
  }
}
