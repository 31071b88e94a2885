package dev.ycsbmongo.orchestrator.exec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ycsbmongo.orchestrator.plan.Acceptance;
import dev.ycsbmongo.orchestrator.plan.PhaseKind;
import dev.ycsbmongo.orchestrator.results.YcsbOutput.IntervalCount;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.IntToLongFunction;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class LiveStopTest {

  private static final Acceptance FIVE_PERCENT = new Acceptance(1000, Duration.ofSeconds(5),
      Acceptance.SteadyStateRule.AUTO, 0.25, 0.25, Duration.ofSeconds(3), Duration.ofSeconds(15), 0.05);

  @TempDir
  Path dir;

  private LiveStop live() {
    return new LiveStop(CellPrecision.rule(FIVE_PERCENT, 1), 2, Acceptance.SteadyStateRule.AUTO, dir.resolve("stop"));
  }

  /**
   * Shows it one more complete second at a time, {@code perSecond(s)} operations in second s, until it stops or
   * {@code seconds} pass; the second it stopped at, or -1.
   */
  private static long feed(LiveStop live, int seconds, IntToLongFunction perSecond) {
    List<IntervalCount> whole = new ArrayList<>();
    for (int s = 1; s <= seconds; s++) {
      whole.add(new IntervalCount(s - 1, s, perSecond.applyAsLong(s), 0));
      if (live.check(List.copyOf(whole))) {
        return s;
      }
    }
    return -1;
  }

  @Test
  void stopsAtTheSecondTwoChecksInARowFindTheSteadyMeanPrecise() throws IOException {
    LiveStop live = live();
    // 1,000 ops/s +-1% from second 3 on, after a two-second ramp the cut takes away: the steady part needs the
    // 20 s minimum, then a second precise look 5 s later: 25 steady seconds, the 27th second of the phase
    long at = feed(live, 120, s -> s <= 2 ? 100 * s : (s % 2 == 0 ? 1010 : 990));
    assertEquals(27, at);
    assertEquals(27.0, live.stoppedAtSeconds());
    String reason = Files.readAllLines(dir.resolve("stop")).get(0);
    assertTrue(reason.startsWith("precise: ±") && reason.endsWith("(target ±5.0%, checked at 27 s)"), reason);
    // asked once: later looks change nothing
    List<IntervalCount> later = new ArrayList<>();
    for (int s = 1; s <= 40; s++) {
      later.add(new IntervalCount(s - 1, s, 5, 0));
    }
    assertTrue(live.check(later));
    assertEquals(27.0, live.stoppedAtSeconds());
  }

  @Test
  void theRecordJudgesTheIntervalsTheStopWasDecidedOn() {
    List<IntervalCount> whole = new ArrayList<>();
    for (int s = 1; s <= 30; s++) {
      whole.add(new IntervalCount(s - 1, s, 1000, 0));
    }
    assertEquals(whole.subList(0, 27), LiveStop.judged(whole, 27.0), "the seconds after the decision are left out");
    assertEquals(whole, LiveStop.judged(whole, null), "a run not stopped keeps all");
    assertEquals(List.of(), LiveStop.judged(whole, 0.5));
  }

  @Test
  void aNoisyOrDriftingRunRunsItsBudgetOut() {
    LiveStop drifting = live();
    // rising 1% a second: never one mean to state
    assertEquals(-1, feed(drifting, 120, s -> 1000 + 10L * s));
    assertNull(drifting.stoppedAtSeconds());
    assertFalse(Files.exists(dir.resolve("stop")));
    LiveStop noisy = live();
    java.util.Random r = new java.util.Random(5);
    // +-100% per second: the mean needs far more than 60 s to be known to 5%
    assertEquals(-1, feed(noisy, 60, s -> Math.max(0, Math.round(1000 * (1 + r.nextGaussian())))));
  }

  @Test
  void onlyTimedRunsWithThePlansOwnPrecisionStopEarly() {
    var timedRun = Phases.of(PhaseKind.RUN, Map.of("operationcount", "100000000", "maxexecutiontime", "120"), 4,
        Optional.empty());
    assertTrue(LiveStop.applies(timedRun, FIVE_PERCENT));
    assertFalse(LiveStop.applies(timedRun, Acceptance.defaults()), "the default precision judges but never stops a run");
    assertFalse(LiveStop.applies(Phases.of(PhaseKind.LOAD, Map.of("recordcount", "100000", "maxexecutiontime", "120"),
        4, Optional.empty()), FIVE_PERCENT), "a load inserts every record");
    assertFalse(LiveStop.applies(Phases.of(PhaseKind.RUN, Map.of("operationcount", "100000"), 4, Optional.empty()),
        FIVE_PERCENT), "a run bounded by its operations has no budget to cut");
  }

  @Test
  void theChildIsToldWhereTheStopFileIs() {
    assertEquals("-Dycsbmongo.stopFile=" + dir.resolve("stop"), live().jvmOption());
    assertEquals("ycsbmongo.stopFile=" + dir.resolve("stop"), live().property(), "the clients of a cell: one file");
  }

  @Test
  void readsItsSeriesOnItsOwnThreadUntilClosed() throws Exception {
    java.util.concurrent.atomic.AtomicInteger reads = new java.util.concurrent.atomic.AtomicInteger();
    List<IntervalCount> steady = new ArrayList<>();
    for (int s = 1; s <= 40; s++) {
      steady.add(new IntervalCount(s - 1, s, s % 2 == 0 ? 1010 : 990, 0));
    }
    try (LiveStop live = live()) {
      live.watch(() -> {
        reads.incrementAndGet();
        return steady;
      });
      long deadline = System.nanoTime() + java.util.concurrent.TimeUnit.SECONDS.toNanos(10);
      while (live.stoppedAtSeconds() == null && System.nanoTime() < deadline) {
        Thread.sleep(50);
      }
      assertEquals(40.0, live.stoppedAtSeconds());
      assertTrue(Files.exists(dir.resolve("stop")));
    }
    int after = reads.get();
    Thread.sleep(1500);
    assertEquals(after, reads.get(), "no read once stopped and closed");
  }
}
