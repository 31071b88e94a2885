package dev.ycsbmongo.orchestrator.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
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
   * Exponential latencies of mean 1,000 µs (p99 = 1000 ln 100 = 4,605 µs, p50 = 693 µs), 60
   * intervals of 400 operations: the block-bootstrap interval holds the true percentile in
   * 90-99.5% of 200 windows (binomial standard error 1.5% at 95%).
   */
  @Test
  void coversKnownPercentiles() {
    Random r = new Random(Coverage.SEED);
    int reps = 200;
    int cover99 = 0;
    int cover50 = 0;
    for (int i = 0; i < reps; i++) {
      List<LatencyHistogram> xs = exponentialIntervals(r, 60, 400);
      cover99 += PercentileBootstrap.of(xs, 99, PercentileBootstrap.blockLength(60), 500, i).contains(1000 * Math.log(100)) ? 1 : 0;
      cover50 += PercentileBootstrap.of(xs, 50, PercentileBootstrap.blockLength(60), 500, i).contains(1000 * Math.log(2)) ? 1 : 0;
    }
    assertTrue(cover99 >= 0.90 * reps && cover99 <= 0.995 * reps, "p99 coverage " + cover99 + "/" + reps);
    assertTrue(cover50 >= 0.90 * reps && cover50 <= 0.995 * reps, "p50 coverage " + cover50 + "/" + reps);
  }

  private static List<LatencyHistogram> exponentialIntervals(Random r, int n, int perInterval) {
    List<LatencyHistogram> out = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      Histogram h = new Histogram(3);
      for (int k = 0; k < perInterval; k++) {
        h.recordValue(Math.round(-1000 * Math.log(1 - r.nextDouble())));
      }
      out.add(LatencyHistogram.of(h));
    }
    return out;
  }
}
