package dev.ycsbmongo.orchestrator.exec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ycsbmongo.orchestrator.plan.Acceptance.SteadyStateRule;
import dev.ycsbmongo.orchestrator.results.Stability;
import dev.ycsbmongo.orchestrator.results.YcsbOutput.IntervalCount;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class SteadyStateTest {

  /** One-second intervals with these successful operations, then YCSB's final partial flush. */
  private static List<IntervalCount> series(long... ops) {
    List<IntervalCount> out = new ArrayList<>();
    for (int i = 0; i < ops.length; i++) {
      out.add(new IntervalCount(i, i + 1, ops[i], 0));
    }
    out.add(new IntervalCount(ops.length, ops.length + 0.2, 5, 0));
    return out;
  }

  @Test
  void leavesOutYcsbsFinalPartialInterval() {
    List<IntervalCount> whole = SteadyState.whole(series(10, 10, 10));
    assertEquals(3, whole.size());
  }

  @Test
  void cutsAJitWarmUpWhereThroughputSettles() {
    // the quickstart's shape on a busy machine: 8 s climbing from 1,000 to 10,000 ops/s, then flat
    List<IntervalCount> xs = SteadyState.whole(series(1000, 2000, 3500, 5000, 6500, 8000, 9000, 9800,
        10000, 10100, 9900, 10050, 9950, 10000, 10100, 9900, 10000, 10050, 9950, 10000));
    int start = SteadyState.start(xs, 2, SteadyStateRule.AUTO);
    assertTrue(start >= 7 && start <= 8, "cut at " + start);
    Stability s = SteadyState.of(xs, xs, start, SteadyStateRule.AUTO);
    assertTrue(s.cv() < 0.05, "cv " + s.cv());
    assertTrue(Math.abs(s.rise()) < 0.05, "rise " + s.rise());
  }

  @Test
  void neverCutsBeforeTheRampUpNorPastTheMiddle() {
    List<IntervalCount> flat = SteadyState.whole(series(100, 100, 100, 100, 100, 100, 100, 100));
    assertEquals(3, SteadyState.start(flat, 3, SteadyStateRule.AUTO));
    // a series that rises to its end: the cut stops at the middle, and the rise stays visible
    List<IntervalCount> ramp = SteadyState.whole(series(100, 200, 300, 400, 500, 600, 700, 800, 900, 1000));
    int start = SteadyState.start(ramp, 0, SteadyStateRule.AUTO);
    assertTrue(start <= 5, "cut at " + start);
    assertTrue(SteadyState.of(ramp, ramp, start, SteadyStateRule.AUTO).rise() > 0.25);
  }

  @Test
  void fixedRuleCutsExactlyAtTheRampUp() {
    List<IntervalCount> xs = SteadyState.whole(series(1000, 2000, 3500, 5000, 6500, 8000, 9000, 9800));
    assertEquals(2, SteadyState.start(xs, 2, SteadyStateRule.FIXED));
  }

  @Test
  void findsTheLongestStallAfterTheFirstOperationAndBeforeTheEnd() {
    // threads starting (0 at first) is no stall; 3 s at 0 in the middle is
    List<IntervalCount> all = series(0, 500, 600, 0, 0, 0, 550, 0, 600);
    double[] stall = SteadyState.longestStall(all);
    assertEquals(3.0, stall[0], 1e-9);
    assertEquals(3.0, stall[1], 1e-9);
    Stability s = SteadyState.of(all, SteadyState.whole(all), 1, SteadyStateRule.FIXED);
    assertEquals(3.0, s.longestStallSeconds());
    assertEquals(3.0, s.stallStartSeconds());
    Stability none = SteadyState.of(series(5, 5, 5), SteadyState.whole(series(5, 5, 5)), 0, SteadyStateRule.FIXED);
    assertEquals(0.0, none.longestStallSeconds());
    assertNull(none.stallStartSeconds());
  }
}
