package dev.ycsbmongo.orchestrator.stats;

import java.util.Arrays;

/**
 * When a run that stops once its mean is precise may stop: its rule must call the series precise
 * now and at the previous check, {@code checkEvery} values earlier.
 *
 * <p>Looking again and again and stopping at the first narrow interval picks intervals that are
 * narrow by chance, which cover less often than the stated 95%. Two guards: the rule's minimum
 * window (no look before it), and two consecutive precise checks, which discards an interval that
 * was narrow for one look only. Their effect is measured as the coverage of the interval a stopped
 * run reports (BENCHMARKS.md, "Confidence intervals").
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

  /** Whether the run may stop with the steady series {@code soFar}: precise now and {@code checkEvery} values ago. */
  public boolean precisionReached(double[] soFar) {
    int previous = soFar.length - checkEvery;
    return previous >= rule.minValues() && rule.judge(soFar).precise()
        && rule.judge(Arrays.copyOf(soFar, previous)).precise();
  }
}
