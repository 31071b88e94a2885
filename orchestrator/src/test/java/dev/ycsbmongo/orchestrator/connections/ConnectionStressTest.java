package dev.ycsbmongo.orchestrator.connections;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ycsbmongo.orchestrator.embedded.EmbeddedMongoServer;
import dev.ycsbmongo.orchestrator.plan.ConnectionKeys;
import dev.ycsbmongo.orchestrator.process.StopSignal;
import dev.ycsbmongo.orchestrator.results.ConnectionStressResult;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * The coordinator in-process with real worker JVMs: a worker killed while opening or holding is a
 * failure cause and the run still ends, and a requested stop signal ends a long hold at once.
 */
class ConnectionStressTest {

  /** Records what a run says and lets a test act at the moments it reaches. */
  static class Recorder implements ConnectionStress.Listener {
    final List<String> notes = new ArrayList<>();
    long lastOpened;

    @Override
    public void progress(long opened, long failed, Duration elapsed) {
      lastOpened = opened;
    }

    @Override
    public void holdStarted(Instant start) {
    }

    @Override
    public void note(String message) {
      notes.add(message);
    }
  }

  static ConnectionKeys.Settings settings(int count, double rate, Duration hold) {
    return new ConnectionKeys.Settings(count, rate, hold, Duration.ofSeconds(10));
  }

  static void assumeProc() {
    org.junit.jupiter.api.Assumptions.assumeTrue(java.nio.file.Files.isDirectory(java.nio.file.Path.of("/proc/self")),
        "finds the worker JVMs through /proc");
  }

  static String uri(EmbeddedMongoServer server) {
    return "mongodb://127.0.0.1:" + server.port() + "/";
  }

  /** Worker JVMs of this test JVM (it is their coordinator). */
  static List<ProcessHandle> workers() {
    return ProcessHandle.current().children().filter(p -> cmdline(p.pid()).contains(
        ConnectionWorkerMain.class.getName())).toList();
  }

  /** /proc/PID/cmdline, NULs as spaces ({@code ProcessHandle.Info} may leave the arguments out). */
  static String cmdline(long pid) {
    try {
      return new String(java.nio.file.Files.readAllBytes(java.nio.file.Path.of("/proc", String.valueOf(pid),
          "cmdline")), java.nio.charset.StandardCharsets.UTF_8).replace('\0', ' ');
    } catch (java.io.IOException e) {
      return "";
    }
  }

  @Test
  void aWorkerKilledWhileOpeningIsAFailureCauseAndTheRunEnds() throws Exception {
    assumeProc();
    try (EmbeddedMongoServer server = EmbeddedMongoServer.start(0)) {
      ConnectionStress stress = ConnectionStress.prepare(uri(server), settings(200, 20, Duration.ZERO),
          ConnectionStress.Options.defaults());
      Recorder listener = new Recorder() {
        @Override
        public void progress(long opened, long failed, Duration elapsed) {
          super.progress(opened, failed, elapsed);
          if (opened > 0) {
            workers().forEach(ProcessHandle::destroyForcibly);
          }
        }
      };
      ConnectionStressResult r = stress.run(listener);
      assertEquals(0, r.opened(), "what the dead worker opened died with it");
      assertEquals(200, r.failed());
      String cause = r.failuresByCause().firstKey();
      assertTrue(cause.startsWith("worker died: exited with status 137"), r.failuresByCause().toString());
      assertTrue(listener.notes.stream().anyMatch(n -> n.matches("worker 1 \\(pid \\d+\\) exited with status 137.*")),
          listener.notes.toString());
      assertNull(r.openSeconds());
    }
  }

  @Test
  void aWorkerKilledDuringTheHoldCountsItsConnectionsAsDropped() throws Exception {
    assumeProc();
    try (EmbeddedMongoServer server = EmbeddedMongoServer.start(0)) {
      ConnectionStress stress = ConnectionStress.prepare(uri(server), settings(30, 0, Duration.ofSeconds(3)),
          ConnectionStress.Options.defaults());
      Recorder listener = new Recorder() {
        @Override
        public void holdStarted(Instant start) {
          workers().forEach(ProcessHandle::destroyForcibly);
        }
      };
      ConnectionStressResult r = stress.run(listener);
      assertEquals(30, r.opened(), "reached before it died");
      assertEquals(30L, r.droppedWhileHeld());
      assertTrue(!r.allReached());
      assertNull(r.clientPeakRssBytes(), "a killed worker reports no peak");
    }
  }

  @Test
  void stopEndsALongHoldAndClosesEverything() throws Exception {
    try (EmbeddedMongoServer server = EmbeddedMongoServer.start(0)) {
      ConnectionStress stress = ConnectionStress.prepare(uri(server), settings(20, 0, Duration.ofMinutes(10)),
          ConnectionStress.Options.defaults());
      StopSignal stop = new StopSignal();
      Recorder listener = new Recorder() {
        @Override
        public void holdStarted(Instant start) {
          stop.request(StopSignal.Reason.INTERRUPTED, "Ctrl-C");
        }
      };
      long t0 = System.nanoTime();
      ConnectionStressResult r = stress.run(listener, stop);
      long seconds = (System.nanoTime() - t0) / 1_000_000_000L;
      assertTrue(seconds < 60, "a 10 min hold stopped after " + seconds + " s");
      assertTrue(r.interrupted());
      assertEquals(20, r.opened());
      assertTrue(r.holdSeconds() < 5, "held " + r.holdSeconds() + " s");
      if (java.nio.file.Files.isDirectory(java.nio.file.Path.of("/proc/self"))) {
        assertTrue(workers().isEmpty(), "no worker left behind");
      }
    }
  }

  @Test
  void checkSaysWhyWithoutOpeningAnything() {
    assertEquals(Optional.empty(), ConnectionStress.check("mongodb://127.0.0.1:1/", settings(10, 0, Duration.ZERO),
        ConnectionStress.Options.defaults()));
    Optional<String> why = ConnectionStress.check("mongodb://127.0.0.1:1,127.0.0.1:1/", settings(10, 0, Duration.ZERO),
        ConnectionStress.Options.defaults());
    assertEquals(Optional.of("connection string lists 127.0.0.1:1 twice (127.0.0.1:1 and 127.0.0.1:1): list each"
        + " target host once"), why);
  }

  /**
   * A server that takes 20 connections and turns the rest down, stopped while the openings fail:
   * what it held and when opening stopped working is the result, not "worker died".
   */
  @Test
  void aStopWhileOpeningsFailRecordsWhatWasHeldAndTheLimitsCause() throws Exception {
    try (FakeServer server = FakeServer.answeringFirst(20, id -> FakeServer.opMsg(id, "{ok: 1}"))) {
      ConnectionStressResult r = stopWhenFailing(server, false);
      assertPartial(r);
    }
  }

  /** The same with the signal reaching the workers too (Ctrl-C to the process group, a deleted pod). */
  @Test
  void aSignalThatReachesTheWorkersStillReportsWhatTheyHeld() throws Exception {
    assumeProc();
    try (FakeServer server = FakeServer.answeringFirst(20, id -> FakeServer.opMsg(id, "{ok: 1}"))) {
      ConnectionStressResult r = stopWhenFailing(server, true);
      assertPartial(r);
    }
  }

  /** Workers gone at the stop before they could report: what they held at their last report counts. */
  @Test
  void workersKilledAtTheStopCountWhatTheyLastReportedHeld() throws Exception {
    assumeProc();
    try (FakeServer server = FakeServer.answeringFirst(20, id -> FakeServer.opMsg(id, "{ok: 1}"))) {
      ConnectionStress stress = ConnectionStress.prepare("mongodb://127.0.0.1:" + server.port() + "/", settings(60, 20,
          Duration.ofMinutes(10)), ConnectionStress.Options.defaults());
      StopSignal stop = new StopSignal();
      Recorder listener = new Recorder() {
        @Override
        public void progress(long opened, long failed, Duration elapsed) {
          super.progress(opened, failed, elapsed);
          if (failed >= 5 && !stop.isRequested()) {
            stop.request(StopSignal.Reason.INTERRUPTED, "SIGTERM");
            workers().forEach(ProcessHandle::destroyForcibly);
          }
        }
      };
      assertPartial(stress.run(listener, stop));
    }
  }

  private static ConnectionStressResult stopWhenFailing(FakeServer server, boolean signalWorkers) {
    ConnectionStress stress;
    try {
      stress = ConnectionStress.prepare("mongodb://127.0.0.1:" + server.port() + "/", settings(60, 20,
          Duration.ofMinutes(10)), ConnectionStress.Options.defaults());
    } catch (ConnectionLimitException e) {
      throw new AssertionError(e);
    }
    StopSignal stop = new StopSignal();
    Recorder listener = new Recorder() {
      @Override
      public void progress(long opened, long failed, Duration elapsed) {
        super.progress(opened, failed, elapsed);
        if (failed >= 5 && !stop.isRequested()) {
          if (signalWorkers) {
            workers().forEach(ProcessHandle::destroy);  // SIGTERM
          }
          stop.request(StopSignal.Reason.INTERRUPTED, "SIGTERM");
        }
      }
    };
    return stress.run(listener, stop);
  }

  private static void assertPartial(ConnectionStressResult r) {
    assertTrue(r.interrupted());
    assertEquals(20, r.opened(), r.toString());
    assertEquals(20L, r.openedByHost().values().stream().mapToLong(Long::longValue).sum(), "per server adds up");
    assertTrue(r.failuresByCause().keySet().stream().noneMatch(k -> k.startsWith(FailureCause.WORKER_DIED)),
        r.failuresByCause().toString());
    assertTrue(r.failuresByCause().getOrDefault(FailureCause.CLOSED_BY_SERVER, 0L) >= 5, r.failuresByCause().toString());
    assertTrue(r.failuresByCause().getOrDefault(FailureCause.NOT_ATTEMPTED, 0L) > 0, r.failuresByCause().toString());
    ConnectionStressResult.Opening o = r.opening();
    assertEquals(20, o.peakHeld());
    assertEquals(FailureCause.CLOSED_BY_SERVER, o.limitCause());
    assertTrue(o.lastOpenSeconds() != null && o.failingFromSeconds() != null
        && o.failingFromSeconds() >= o.lastOpenSeconds() - 0.5, o.toString());
    assertTrue(o.describe(r.requested()).startsWith("held 20 of 60; opening failed from "), o.describe(r.requested()));
  }

  @Test
  void progressSaysWhenOpeningsStalledAndElseHowLongIsLeft() {
    assertEquals("stalled: no new connection for 30 s", ConnectionStress.outlook(19_909, 400, 25_000, 200, 30.4));
    assertEquals("about 10 s left", ConnectionStress.outlook(500, 0, 1000, 10, 0.5));
    assertEquals("about 3 min left", ConnectionStress.outlook(100, 0, 2000, 10, 0.5));
    assertEquals("", ConnectionStress.outlook(0, 0, 1000, 0.5, 0.5));
    assertEquals("", ConnectionStress.outlook(1000, 0, 1000, 10, 40));
  }
}
