package dev.ycsbmongo.orchestrator.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ycsbmongo.orchestrator.process.StopSignal;
import java.time.Duration;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;
import sun.misc.Signal;

/**
 * The run's Ctrl-C and SIGTERM: the thread that stops the run is running before any signal (a signal then needs no
 * thread but the JVM's own short-lived handler), and a SIGTERM stops the run without ending the JVM.
 */
class InterruptsTest {

  private static boolean running(String name) {
    return Thread.getAllStackTraces().keySet().stream().anyMatch(t -> t.getName().equals(name) && t.isAlive());
  }

  @Test
  void theStoppingThreadRunsBeforeAnySignalAndEndsWithTheRun() throws Exception {
    StopSignal stop = new StopSignal();
    Interrupts i = Interrupts.install(stop, Duration.ofSeconds(60));
    try {
      assertTrue(i.ready());
      assertTrue(running(Interrupts.THREAD_NAME), "started at install, before any signal");
      assertFalse(stop.isRequested());
      assertEquals(OptionalInt.empty(), i.exitStatus());
    } finally {
      i.close();
    }
    for (int n = 0; n < 50 && i.ready(); n++) {
      Thread.sleep(20);
    }
    assertFalse(i.ready(), "the run ended without a signal: its stopping thread ends");
  }

  @Test
  void aSigtermStopsTheRunAndGivesStatus143WithoutEndingTheJvm() throws Exception {
    StopSignal stop = new StopSignal();
    Interrupts i = Interrupts.install(stop, Duration.ofSeconds(60));
    try {
      Signal.raise(new Signal("TERM"));
      assertTrue(stop.await(Duration.ofSeconds(10)), "the run was asked to stop");
      assertEquals(StopSignal.Reason.INTERRUPTED, stop.reason().orElseThrow());
      assertEquals(OptionalInt.of(143), i.exitStatus());
    } finally {
      i.close();
    }
  }
}
