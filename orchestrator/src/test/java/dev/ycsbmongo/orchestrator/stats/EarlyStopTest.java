package dev.ycsbmongo.orchestrator.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.Test;

class EarlyStopTest {

  private static final PrecisionRule RULE = PrecisionRule.perSecond(0.03, 30);
  private static final EarlyStop STOP = new EarlyStop(RULE, 5);

  @Test
  void needsTheMinimumWindowAndTwoPreciseChecks() {
    double[] quiet = new Ar1(1000, 5, 0).series(40, new Random(1));
    assertFalse(STOP.precisionReached(Arrays.copyOf(quiet, 30)), "no check before 30 s, so none 5 s earlier");
    assertTrue(STOP.precisionReached(Arrays.copyOf(quiet, 35)));
    // borderline series (±3% is reached around 30-40 s): one precise at 35 s but not at 30 s must not stop
    Random r = new Random(2);
    Ar1 borderline = new Ar1(1000, 80, 0);
    for (int tries = 0; tries < 1000; tries++) {
      double[] xs = borderline.series(35, r);
      if (RULE.judge(xs).precise() && !RULE.judge(Arrays.copyOf(xs, 30)).precise()) {
        assertFalse(STOP.precisionReached(xs));
        return;
      }
    }
    throw new AssertionError("no borderline series in 1,000 tries");
  }

  /**
   * Repeated looks: the stopped runs' own intervals cover less than 95% (measured 85-91% without
   * autocorrelation), but their mean lies within the target precision of the truth at least 95% of
   * the time: a stopped run may claim the target, not its own narrower interval. With a lag-1
   * correlation of 0.5 and a 300 s budget, at most about 5% of all runs stop with a mean off by more
   * than the target.
   */
  @Test
  void stoppedRunsHoldTheTarget() {
    for (int budget : new int[] {120, 300}) {
      double[] e = Coverage.earlyStop(STOP, 0, budget, 1000);
      assertTrue(e[0] > 0.8, "stopped early " + e[0]);
      assertTrue(e[1] < 0.93, "own-interval coverage " + e[1] + ": repeated looks should show");
      assertTrue(e[4] >= 0.95, "coverage of ±target " + e[4]);
      assertEquals(0.95, e[3], 0.025, "fixed-length coverage");
    }
    double[] correlated = Coverage.earlyStop(STOP, 0.5, 300, 2000);
    assertTrue(correlated[5] <= 0.06, "runs stopped wrongly " + correlated[5]);
  }
}
