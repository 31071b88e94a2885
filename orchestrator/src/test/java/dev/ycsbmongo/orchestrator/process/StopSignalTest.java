package dev.ycsbmongo.orchestrator.process;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ycsbmongo.orchestrator.process.StopSignal.Reason;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The one stop signal: first request wins, listeners hear it once, a phase's child is reached by the run's. */
class StopSignalTest {

  @Test
  void isNotRequestedUntilSomeoneAsks() {
    StopSignal stop = new StopSignal();
    assertFalse(stop.isRequested());
    assertEquals(Optional.empty(), stop.reason());
  }

  @Test
  void keepsTheFirstRequestAndItsReason() {
    StopSignal stop = new StopSignal();
    assertTrue(stop.request(Reason.FAIL_FAST, "load/a failed"));
    assertFalse(stop.request(Reason.INTERRUPTED, "Ctrl-C"), "a later request does not count");
    assertTrue(stop.isRequested());
    assertTrue(stop.is(Reason.FAIL_FAST));
    assertFalse(stop.is(Reason.INTERRUPTED));
    assertEquals("load/a failed", stop.requested().orElseThrow().detail());
  }

  @Test
  void tellsEachListenerOnceAndALateListenerAtOnce() {
    StopSignal stop = new StopSignal();
    List<String> heard = new ArrayList<>();
    stop.onRequest(r -> heard.add("early " + r.reason()));
    stop.request(Reason.INTERRUPTED, "Ctrl-C");
    stop.request(Reason.INTERRUPTED, "Ctrl-C again");
    stop.onRequest(r -> heard.add("late " + r.reason()));
    assertEquals(List.of("early INTERRUPTED", "late INTERRUPTED"), heard);
  }

  @Test
  void aClosedRegistrationIsNotCalled() {
    StopSignal stop = new StopSignal();
    List<String> heard = new ArrayList<>();
    stop.onRequest(r -> heard.add("kept")).close();
    stop.request(Reason.INTERRUPTED, "Ctrl-C");
    assertEquals(List.of(), heard);
  }

  @Test
  void aChildStopsWithItsParentWithTheParentsReason() {
    StopSignal run = new StopSignal();
    try (StopSignal phase = run.child()) {
      run.request(Reason.INTERRUPTED, "Ctrl-C");
      assertTrue(phase.is(Reason.INTERRUPTED));
      assertEquals("Ctrl-C", phase.requested().orElseThrow().detail());
    }
  }

  @Test
  void aChildStoppedAloneLeavesItsParentRunning() {
    StopSignal run = new StopSignal();
    try (StopSignal phase = run.child()) {
      phase.request(Reason.TARGET_DOWN, "target a stopped answering");
      assertTrue(phase.is(Reason.TARGET_DOWN));
    }
    assertFalse(run.isRequested());
  }

  @Test
  void aClosedChildNoLongerHearsItsParent() {
    StopSignal run = new StopSignal();
    StopSignal phase = run.child();
    phase.close();
    run.request(Reason.INTERRUPTED, "Ctrl-C");
    assertFalse(phase.isRequested());
  }

  @Test
  void awaitReturnsAsSoonAsTheStopIsRequestedFromAnotherThread() throws Exception {
    StopSignal stop = new StopSignal();
    assertFalse(stop.await(Duration.ofMillis(10)));
    Thread t = new Thread(() -> stop.request(Reason.INTERRUPTED, "Ctrl-C"));
    long t0 = System.nanoTime();
    t.start();
    assertTrue(stop.await(Duration.ofMinutes(1)));
    assertTrue(System.nanoTime() - t0 < Duration.ofSeconds(30).toNanos());
    t.join();
  }
}
