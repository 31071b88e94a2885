package dev.ycsbmongo.orchestrator.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ycsbmongo.orchestrator.exec.ProgressListener.PhaseProgress;
import dev.ycsbmongo.orchestrator.plan.Phase;
import dev.ycsbmongo.orchestrator.plan.PhaseKind;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class ConsoleProgressTest {

  private static final Phase RUN = new Phase(2, "run/local/a/threadcount=8/rep=1", PhaseKind.RUN, "local", "a",
      Map.of("threadcount", "8"), 1, "local:-", Optional.empty(), Map.of(), 8, false, false, Duration.ofHours(1), 0.01,
      Optional.empty());

  @Test
  void formatsTimeLeftAtAGlance() {
    assertEquals("45s", ConsoleProgress.elapsed(Duration.ofSeconds(45)));
    assertEquals("3m05s", ConsoleProgress.elapsed(Duration.ofSeconds(185)));
    assertEquals("2h00m", ConsoleProgress.elapsed(Duration.ofHours(2)));
  }

  @Test
  void plainModePrintsWholeLinesEveryTwoSecondsWithDoneTotalRateAndErrors() {
    StringWriter out = new StringWriter();
    AtomicLong clock = new AtomicLong();
    ConsoleProgress p = new ConsoleProgress(new PrintWriter(out), false, clock::get);
    p.phaseStarted(RUN, 2, 5, Optional.of(Duration.ofSeconds(90)));
    for (int s = 1; s <= 12; s++) {
      clock.set(s * 1000L);
      p.status(RUN, new PhaseProgress(s, s * 1000L, 20_000L, null, 1000.0, s == 12 ? 3 : 0));
    }
    String text = out.toString();
    assertFalse(text.contains("\r"), "no carriage returns off a terminal");
    assertEquals(7, text.lines().count(), text); // started, then 2, 4, ... 12 s
    assertTrue(text.contains("[phase 2/5, plan ETA 1m28s] run a threadcount=8 rep 1 on local: 2,000/20,000 ops (10%), "
        + "1,000 ops/s, 0 errors, 2s"), text);
    assertTrue(text.contains("12,000/20,000 ops (60%), 1,000 ops/s, 3 errors, 12s"), text);
  }

  @Test
  void plainModeRepeatsTheLastFiguresEveryTwoSecondsWhenYcsbIsQuiet() {
    StringWriter out = new StringWriter();
    AtomicLong clock = new AtomicLong();
    ConsoleProgress p = new ConsoleProgress(new PrintWriter(out), false, clock::get);
    p.phaseStarted(RUN, 1, 3, Optional.of(Duration.ofSeconds(60)));
    for (int s = 1; s <= 4; s++) { // the child JVM is still starting: no status line yet
      clock.set(s * 1000L);
      p.tick();
    }
    clock.set(10_000);
    p.status(RUN, new PhaseProgress(10, 5000, null, null, 500.0, 0));
    clock.set(12_000);
    p.tick();
    List<String> lines = out.toString().lines().toList();
    assertEquals(List.of(
        "[phase 1/3, plan ETA 1m00s] run a threadcount=8 rep 1 on local: started",
        "[phase 1/3, plan ETA 58s] run a threadcount=8 rep 1 on local: starting, 2s",
        "[phase 1/3, plan ETA 56s] run a threadcount=8 rep 1 on local: starting, 4s",
        "[phase 1/3, plan ETA 50s] run a threadcount=8 rep 1 on local: 5,000 ops, 500 ops/s, 0 errors, 10s",
        "[phase 1/3, plan ETA 48s] run a threadcount=8 rep 1 on local: 5,000 ops, 500 ops/s, 0 errors, 12s"), lines);
  }

  @Test
  void tickerIsSilentWhenNoPhaseRuns() {
    StringWriter out = new StringWriter();
    AtomicLong clock = new AtomicLong(60_000);
    new ConsoleProgress(new PrintWriter(out), false, clock::get).tick();
    assertEquals("", out.toString());
  }

  @Test
  void liveModeRewritesOneLine() {
    StringWriter out = new StringWriter();
    ConsoleProgress p = new ConsoleProgress(new PrintWriter(out), true, System::currentTimeMillis, () -> 200);
    p.phaseStarted(RUN, 1, 1, Optional.empty());
    p.status(RUN, new PhaseProgress(3, 300, null, 10L, 100.0, 0));
    assertTrue(out.toString().contains("\r[phase 1/1] run a threadcount=8 rep 1 on local: 300 ops, 7s left"), out.toString());
  }

  @Test
  void connectionStressCountsConnectionsNotOperations() {
    Phase stress = new Phase(1, "connections/local/hold/connections.count=500/rep=1", PhaseKind.CONNECTIONS, "local",
        "hold", Map.of("connections.count", "500"), 1, "-", Optional.empty(), Map.of("connections.count", "500"), 1,
        false, false, Duration.ofHours(1), 0.01, Optional.empty());
    StringWriter out = new StringWriter();
    AtomicLong clock = new AtomicLong();
    ConsoleProgress p = new ConsoleProgress(new PrintWriter(out), false, clock::get);
    p.phaseStarted(stress, 1, 1, Optional.empty());
    clock.set(2_000);
    p.status(stress, new PhaseProgress(2, 400, 500L, null, 200.0, 3));
    assertTrue(out.toString().contains("connections.count=500 rep 1 on local: 400/500 connections open, 200/s, 3 failed,"
        + " 2s"), out.toString());
  }
}
