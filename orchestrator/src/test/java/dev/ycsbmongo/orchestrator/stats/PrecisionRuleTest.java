package dev.ycsbmongo.orchestrator.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class PrecisionRuleTest {

  private static final PrecisionRule RULE = PrecisionRule.perSecond(0.03, 30);
  private static final int REPLICATES = 2000;

  @Test
  void quietLongSeriesIsPrecise() {
    double[] xs = new Ar1(1000, 20, 0.3).series(60, new Random(1));
    Judgement j = RULE.judge(xs);
    assertEquals(Verdict.PRECISE, j.verdict(), j.reason());
    assertTrue(j.reason().startsWith("precise: ±") && j.reason().endsWith("% after 60 s"), j.reason());
  }

  @Test
  void wideIntervalSaysHowWideAfterHowLong() {
    double[] xs = new Ar1(1000, 300, 0).series(60, new Random(2));
    Judgement j = RULE.judge(xs);
    assertEquals(Verdict.NOT_PRECISE, j.verdict(), j.reason());
    assertTrue(j.reason().matches("not precise: ±\\d+\\.\\d% after 60 s \\(target ±3\\.0%\\)"), j.reason());
  }

  @Test
  void shortWindowIsNotPrecise() {
    Judgement j = RULE.judge(new Ar1(1000, 1, 0).series(25, new Random(3)));
    assertEquals(Verdict.NOT_PRECISE, j.verdict());
    assertEquals("not precise: only 25 s of steady window, needs 30 s", j.reason());
  }

  @Test
  void steadyClimbIsDrifting() {
    double[] xs = new Ar1(1000, 20, 0).drifting(60, 0.2, new Random(4));
    Judgement j = RULE.judge(xs);
    assertEquals(Verdict.DRIFTING, j.verdict(), j.reason());
    assertTrue(j.reason().startsWith("drifting: the mean rose "), j.reason());
  }

  @Test
  void stronglyCorrelatedSeriesIsRefused() {
    // a slow wander: narrow batch means by chance, but lag-1 near 1
    double[] xs = new double[60];
    for (int i = 0; i < xs.length; i++) {
      xs[i] = 1000 + 5 * Math.sin(i / 6.0);
    }
    Judgement j = RULE.judge(xs);
    assertTrue(j.lag1() > PrecisionRule.MAX_LAG1);
    assertEquals(Verdict.NOT_PRECISE, j.verdict(), j.reason());
    assertTrue(j.reason().startsWith("not precise: seconds too correlated"), j.reason());
  }

  @Test
  void badSettingsAreRefused() {
    assertThrows(IllegalArgumentException.class, () -> PrecisionRule.perSecond(3, 30));
    assertThrows(IllegalArgumentException.class, () -> PrecisionRule.perSecond(0.03, 10));
  }

  /** Stationary series called drifting: about the trend test's 5% or less where batch means are near independent. */
  @ParameterizedTest(name = "phi {0}, n {1}")
  @CsvSource({"0, 30", "0, 60", "0, 120", "0, 300", "0.5, 60", "0.5, 120", "0.5, 300"})
  void stationarySeriesAreRarelyDrifting(double phi, int n) {
    double drifting = Coverage.verdicts(RULE, phi, n, 0, false, REPLICATES)[Verdict.DRIFTING.ordinal()];
    assertTrue(drifting <= 0.065, "drifting " + drifting);
  }

  /** A 20% change across the window is caught in most 60-120 s windows (a step more often than a ramp). */
  @ParameterizedTest(name = "step {0}, n {1}")
  @CsvSource({"false, 60, 0.45", "true, 60, 0.5", "false, 120, 0.65", "true, 120, 0.7"})
  void largeDriftsAreCaught(boolean step, int n, double atLeast) {
    double drifting = Coverage.verdicts(RULE, 0.5, n, 0.2, step, REPLICATES)[Verdict.DRIFTING.ordinal()];
    assertTrue(drifting >= atLeast, "drifting " + drifting);
  }
}
