package dev.ycsbmongo.orchestrator.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** Expected values computed by hand (and checked with scipy.stats.t): see each test's comment. */
class ComparisonsTest {

  @Test
  void significantTenPercentFromRepetitions() {
    // means 100 and 110, variances 2.5 each, 5 runs: var(log) = 2.5/5/100^2 + 2.5/5/110^2 = 9.1322e-5,
    // Welch df 7.9284, t 2.30963: 1.1 * exp(±2.30963 * 0.0095562) = 1.07599 .. 1.12455
    Change c = Comparisons.ofRepetitions(new double[] {100, 102, 98, 101, 99}, new double[] {110, 112, 108, 111, 109});
    assertEquals(1.1, c.ratio(), 1e-12);
    assertEquals(7.9284, c.df(), 1e-4);
    assertEquals(1.07599, c.low(), 1e-5);
    assertEquals(1.12455, c.high(), 1e-5);
    assertTrue(c.significant());
    assertEquals(Change.Basis.REPETITIONS, c.basis());
    assertEquals("+10.0% (+7.6% to +12.5%)", c.text());
  }

  @Test
  void noisyFivePercentIsNotSignificant() {
    // means 100 and 105 with spreads of ±20: df 7.9173, t 2.31021, interval 0.84261 .. 1.30844
    // (Welch's t test on the difference agrees: p = 0.62)
    Change c = Comparisons.ofRepetitions(new double[] {100, 120, 80, 110, 90}, new double[] {105, 125, 85, 112, 98});
    assertEquals(1.05, c.ratio(), 1e-12);
    assertEquals(0.84261, c.low(), 1e-5);
    assertEquals(1.30844, c.high(), 1e-5);
    assertFalse(c.significant());
    assertEquals("+5.0% (-15.7% to +30.8%) n.s.", c.text());
  }

  @Test
  void oneRunPerSideIsWithinRunOnly() {
    // 1000 ± 30 and 1100 ± 44, both on 4 df (t 2.776445): relative standard errors 0.010805 and 0.014407,
    // Welch df 7.4184, t 2.33786: 1.1 * exp(±2.33786 * 0.018009) = 1.05465 .. 1.14730
    Change c = Comparisons.withinRun(new MeanInterval(1000, 30, 5, 4, 60, 0), new MeanInterval(1100, 44, 5, 4, 60, 0));
    assertEquals(1.05465, c.low(), 1e-5);
    assertEquals(1.14730, c.high(), 1e-5);
    assertEquals(7.4184, c.df(), 1e-4);
    assertEquals(Change.Basis.WITHIN_RUN, c.basis());
    assertEquals("+10.0% (+5.5% to +14.7%, within-run only)", c.text());
  }

  @Test
  void unknownIntervalGivesNoInterval() {
    Change c = Comparisons.withinRun(new MeanInterval(1000, Double.NaN, 3, 0, 3, Double.NaN),
        new MeanInterval(1100, 44, 5, 4, 60, 0));
    assertFalse(c.significant());
    assertEquals("+10.0% (no interval)", c.text());
  }

  @Test
  void oneRepetitionIsRefused() {
    assertThrows(IllegalArgumentException.class, () -> Comparisons.ofRepetitions(new double[] {1}, new double[] {1, 2}));
  }
}
