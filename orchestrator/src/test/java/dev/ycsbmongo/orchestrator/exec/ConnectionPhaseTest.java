package dev.ycsbmongo.orchestrator.exec;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.ycsbmongo.orchestrator.plan.ConnectionKeys;
import dev.ycsbmongo.orchestrator.plan.PhaseKind;
import dev.ycsbmongo.orchestrator.results.ConnectionStressResult;
import dev.ycsbmongo.orchestrator.results.PhaseStatus;
import dev.ycsbmongo.orchestrator.results.ResultFixtures;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** A connection-stress cell's verdict (maxErrorRate 1%) and the command it is equivalent to. */
class ConnectionPhaseTest {

  private static final dev.ycsbmongo.orchestrator.plan.Phase PHASE = Phases.of(PhaseKind.CONNECTIONS,
      Map.of(ConnectionKeys.COUNT, "1000"), 1, Optional.empty());

  private static ConnectionStressResult dropped(ConnectionStressResult r, long dropped) {
    return r.toBuilder().droppedWhileHeld(dropped).build();
  }

  @Test
  void succeedsWhenFailuresStayWithinTheErrorRate() {
    assertEquals(PhaseVerdict.OK, ConnectionPhase.verdict(PHASE, ResultFixtures.connections(1000, 1000), false));
    assertEquals(PhaseVerdict.OK, ConnectionPhase.verdict(PHASE, ResultFixtures.connections(1000, 990), false));
  }

  @Test
  void failsPastTheErrorRateNamingTheCauses() {
    PhaseVerdict v = ConnectionPhase.verdict(PHASE, ResultFixtures.connections(1000, 900), false);
    assertEquals(PhaseStatus.FAILED, v.status());
    assertEquals("100 of 1,000 connections failed (10.00%, limit 1%, execution.maxErrorRate): refused x100", v.cause());
  }

  @Test
  void countsConnectionsDroppedDuringTheHoldAgainstTheCell() {
    PhaseVerdict v = ConnectionPhase.verdict(PHASE, dropped(ResultFixtures.connections(1000, 1000), 50), false);
    assertEquals(PhaseStatus.FAILED, v.status());
    assertEquals("0 of 1,000 connections failed and 50 were dropped while held (5.00%, limit 1%,"
        + " execution.maxErrorRate): no cause recorded", v.cause());
  }

  @Test
  void anInterruptedCellIsInterruptedWhateverItReached() {
    assertEquals(PhaseStatus.INTERRUPTED,
        ConnectionPhase.verdict(PHASE, ResultFixtures.connections(1000, 1000), true).status());
  }

  @Test
  void writesTheEquivalentCommandWithTheMaskedUri() {
    assertEquals("scripts/orchestrator connections --uri 'mongodb://u:****@h1:27017,h2:27017/' --count 500 --rate 250"
        + " --hold 20s --timeout 10s", ConnectionPhase.command("mongodb://u:****@h1:27017,h2:27017/",
        new ConnectionKeys.Settings(500, 250, Duration.ofSeconds(20), Duration.ofSeconds(10))));
  }

  @Test
  void anInterruptedStressSaysWhatItHeldAndWhereOpeningStopped() {
    ConnectionStressResult r = withOpening(ResultFixtures.connections(25_000, 19_909),
        new ConnectionStressResult.Opening(19_909, 55.0, 41.2, "refused"));
    PhaseVerdict v = ConnectionPhase.verdict(PHASE, r, true);
    assertEquals(PhaseStatus.INTERRUPTED, v.status());
    assertEquals("interrupted (Ctrl-C or SIGTERM) with 19909 of 25000 connections open; held 19,909 of 25,000;"
        + " opening failed from 41.2 s: refused; last connection opened at 55.0 s", v.cause());
  }

  private static ConnectionStressResult withOpening(ConnectionStressResult r, ConnectionStressResult.Opening o) {
    return r.toBuilder().opening(o).build();
  }
}
