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
    double[] stall = SteadyState.longestZeroRun(all);
    assertEquals(3.0, stall[0], 1e-9);
    assertEquals(3.0, stall[1], 1e-9);
    Stability s = SteadyState.of(all, SteadyState.whole(all), 1, SteadyStateRule.FIXED);
    assertEquals(3.0, s.longestStallSeconds());
    assertEquals(3.0, s.stallStartSeconds());
    Stability none = SteadyState.of(series(5, 5, 5), SteadyState.whole(series(5, 5, 5)), 0, SteadyStateRule.FIXED);
    assertEquals(0.0, none.longestStallSeconds());
    assertNull(none.stallStartSeconds());
  }

  /** The SIGSTOP shape: 1 s intervals, then one of 12.2 s with a few operations at each end, then 1 s again. */
  private static List<IntervalCount> frozen() {
    List<IntervalCount> out = new ArrayList<>();
    for (int i = 0; i < 6; i++) {
      out.add(new IntervalCount(i + 0.1, i + 1.1, 3000, 0));
    }
    out.add(new IntervalCount(6.1, 18.3, 40, 0));
    out.add(new IntervalCount(18.3, 19.3, 3000, 0));
    out.add(new IntervalCount(19.3, 20.1, 3000, 0));
    out.add(new IntervalCount(20.1, 20.2, 300, 0));
    return out;
  }

  @Test
  void anIntervalFarLongerThanTheStatusIntervalIsAStallOfItsLength() {
    List<IntervalCount> all = frozen();
    Stability s = SteadyState.of(all, SteadyState.whole(all), 0, SteadyStateRule.FIXED, 1.0, List.of());
    assertEquals(12.2, s.longestStallSeconds());
    assertEquals(6.1, s.stallStartSeconds());
    assertEquals("client or server froze", s.stallCause());
  }

  @Test
  void aLongIntervalThatHeldItsWorkIsAStarvedStatusThreadNotAFreeze() {
    // a busy host held YCSB's status thread back 3.3 s while the workers went on: the interval holds 4.3 s of work
    List<IntervalCount> all = new ArrayList<>(series(3000, 3000, 3000, 3000, 3000, 3000));
    all.set(2, new IntervalCount(2, 6.3, 12_900, 0));
    Stability s = SteadyState.of(all, SteadyState.whole(all), 0, SteadyStateRule.FIXED, 1.0, List.of());
    assertEquals(0.0, s.longestStallSeconds());
    assertNull(s.stallCause());
    // the same interval with a third of its work: the client stood still for most of it
    all.set(2, new IntervalCount(2, 6.3, 4_300, 0));
    assertEquals(4.3, SteadyState.of(all, SteadyState.whole(all), 0, SteadyStateRule.FIXED, 1.0, List.of())
        .longestStallSeconds());
  }

  @Test
  void aLateStatusTickUnderASecondIsNoFreeze() {
    List<IntervalCount> all = new ArrayList<>(series(100, 100, 100, 100));
    all.set(1, new IntervalCount(1, 2.6, 100, 0));  // a busy machine's late tick
    Stability s = SteadyState.of(all, SteadyState.whole(all), 0, SteadyStateRule.FIXED, 1.0, List.of());
    assertEquals(0.0, s.longestStallSeconds());
    assertNull(s.stallCause());
    // nor a long first interval: a thousand threads starting may hold the status thread back
    List<IntervalCount> slowStart = new ArrayList<>(series(100, 100, 100, 100, 100));
    slowStart.set(0, new IntervalCount(0, 4, 100, 0));
    assertEquals(0.0, SteadyState.of(slowStart, SteadyState.whole(slowStart), 0, SteadyStateRule.FIXED, 1.0, List.of())
        .longestStallSeconds());
  }

  @Test
  void aGcPauseFoundInTheLogNamesTheFreezeItCaused() {
    List<IntervalCount> all = frozen();
    Stall gc = new Stall(11.9, 6.2, "GC paused the client");
    Stability s = SteadyState.of(all, SteadyState.whole(all), 0, SteadyStateRule.FIXED, 1.0, List.of(gc));
    assertEquals(11.9, s.longestStallSeconds());
    assertEquals(6.2, s.stallStartSeconds());
    assertEquals("GC paused the client", s.stallCause());
    // a short pause inside a long freeze does not explain it
    Stability other = SteadyState.of(all, SteadyState.whole(all), 0, SteadyStateRule.FIXED, 1.0,
        List.of(new Stall(1.4, 12.0, "GC paused the client")));
    assertEquals(12.2, other.longestStallSeconds());
    assertEquals("client or server froze", other.stallCause());
  }

  @Test
  void aStatusIntervalOfFiveSecondsIsNoFreeze() {
    List<IntervalCount> all = new ArrayList<>();
    for (int i = 0; i < 6; i++) {
      all.add(new IntervalCount(i * 5, i * 5 + 5, 5000, 0));
    }
    all.add(new IntervalCount(30, 30.4, 100, 0));
    assertEquals(0.0, SteadyState.of(all, SteadyState.whole(all), 0, SteadyStateRule.FIXED, 5.0, List.of())
        .longestStallSeconds());
  }
}
