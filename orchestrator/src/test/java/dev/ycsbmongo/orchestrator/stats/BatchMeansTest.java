package dev.ycsbmongo.orchestrator.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class BatchMeansTest {

  @Test
  void handComputedTenValuesInFiveBatches() {
    // batches (1,3) (2,4) (6,8) (5,7) (10,14): means 2, 3, 7, 6, 12; grand mean 6
    double[] xs = {1, 3, 2, 4, 6, 8, 5, 7, 10, 14};
    MeanInterval m = BatchMeans.of(xs);
    // deviations -4 -3 1 0 6: sum of squares 62, variance 15.5, se sqrt(15.5 / 5) = 1.76068; t(4) = 2.776445
    assertEquals(6, m.mean(), 1e-12);
    assertEquals(2.776445 * Math.sqrt(15.5 / 5), m.halfWidth(), 1e-5);
    assertEquals(5, m.batches());
    assertEquals(4, m.df());
    assertEquals(10, m.n());
    assertEquals(m.halfWidth() / 6, m.relativeHalfWidth(), 1e-12);
    assertEquals(Math.sqrt(15.5 / 5), m.standardError(), 1e-6);
  }

  @Test
  void unevenLengthsUseEveryValue() {
    double[] xs = {1, 2, 3, 4, 5, 6, 7};
    assertEquals(4, BatchMeans.of(xs).mean(), 1e-12);
    assertEquals(7, BatchMeans.of(xs).n());
  }

  @Test
  void tooShortHasNoInterval() {
    MeanInterval m = BatchMeans.of(new double[] {5, 6, 7});
    assertEquals(6, m.mean(), 1e-12);
    assertFalse(m.known());
    assertFalse(m.contains(6));
    assertEquals("6", m.text());
  }

  @Test
  void textAsATableShowsIt() {
    assertEquals("21,260 ± 2.1%", new MeanInterval(21260, 446.46, 5, 4, 60, 0).text());
  }

  @Test
  void constantSeriesHasZeroWidth() {
    MeanInterval m = BatchMeans.of(new double[] {3, 3, 3, 3, 3, 3});
    assertEquals(0, m.halfWidth(), 0);
    assertTrue(m.contains(3));
  }
}
