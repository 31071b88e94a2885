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
import java.util.Map;
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
  void plainModePrintsWholeLinesEveryTenSecondsWithDoneTotalRateAndErrors() {
    StringWriter out = new StringWriter();
    ConsoleProgress p = new ConsoleProgress(new PrintWriter(out), false);
    p.phaseStarted(RUN, 2, 5, Optional.of(Duration.ofSeconds(90)));
    for (int s = 1; s <= 12; s++) {
      p.status(RUN, new PhaseProgress(s, s * 1000L, 20_000L, null, 1000.0, s == 12 ? 3 : 0));
    }
    String text = out.toString();
    assertFalse(text.contains("\r"), "no carriage returns off a terminal");
    assertEquals(3, text.lines().count(), text);
    assertTrue(text.contains("[phase 2/5, plan ETA 1m30s] run a threadcount=8 rep 1 on local: 1,000/20,000 ops (5%), "
        + "1,000 ops/s, 0 errors, 1s"), text);
    assertTrue(text.contains("11,000/20,000 ops (55%)"), text);
  }

  @Test
  void liveModeRewritesOneLine() {
    StringWriter out = new StringWriter();
    ConsoleProgress p = new ConsoleProgress(new PrintWriter(out), true);
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
    ConsoleProgress p = new ConsoleProgress(new PrintWriter(out), false);
    p.phaseStarted(stress, 1, 1, Optional.empty());
    p.status(stress, new PhaseProgress(2, 400, 500L, null, 200.0, 3));
    assertTrue(out.toString().contains("connections.count=500 rep 1 on local: 400/500 connections open, 200/s, 3 failed,"
        + " 2s"), out.toString());
  }
}
