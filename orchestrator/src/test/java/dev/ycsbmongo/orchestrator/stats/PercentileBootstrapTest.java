package dev.ycsbmongo.orchestrator.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Random;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

class PercentileBootstrapTest {

  @Test
  void percentileOfBuckets() {
    long[] grid = {10, 20, 30, 40};
    long[] counts = {50, 40, 9, 1};
    assertEquals(10, PercentileBootstrap.percentile(grid, counts, 50));
    assertEquals(20, PercentileBootstrap.percentile(grid, counts, 90));
    assertEquals(30, PercentileBootstrap.percentile(grid, counts, 99));
    assertEquals(40, PercentileBootstrap.percentile(grid, counts, 100));
  }

  @Test
  void fromHdrKeepsOnlyRecordedBuckets() {
    Histogram h = new Histogram(3);
    h.recordValueWithCount(100, 5);
    h.recordValueWithCount(5000, 2);
    LatencyHistogram l = LatencyHistogram.of(h);
    assertEquals(2, l.upperBounds().length);
    assertEquals(7, l.total());
    assertEquals(h.getValueAtPercentile(99), PercentileBootstrap.of(List.of(l), 99, 1, 10, 1).valueMicros());
  }

  @Test
  void sameSeedSameInterval() {
    List<LatencyHistogram> xs = exponentialIntervals(new Random(3), 30, 200);
    assertEquals(PercentileBootstrap.of(xs, 99, 7), PercentileBootstrap.of(xs, 99, 7));
  }

  @Test
  void badInputIsRefused() {
    assertThrows(IllegalArgumentException.class, () -> PercentileBootstrap.of(List.of(), 99, 1));
    assertThrows(IllegalArgumentException.class,
        () -> new LatencyHistogram(new long[] {20, 10}, new long[] {1, 1}));
  }

  /**
   * Exponential latencies of mean 1,000 µs (p99 = 1000 ln 100 = 4,605 µs), 60 intervals of 400
   * operations: the block-bootstrap interval holds the true p99 in 90-99.5% of 200 windows (binomial
   * standard error 1.5% at 95%). Other percentiles and lengths: bench/ci-coverage.sh.
   */
  @Test
  void coversAKnownP99() {
    double c99 = Coverage.percentile(99, 60, 400, 200);
    assertTrue(c99 >= 0.90 && c99 <= 0.995, "p99 coverage " + c99);
  }

  private static List<LatencyHistogram> exponentialIntervals(Random r, int n, int perInterval) {
    return Coverage.exponentialIntervals(r, n, perInterval);
  }
}
