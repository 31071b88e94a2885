package dev.ycsbmongo.orchestrator.plan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** A phase's own settings, typed once at expansion. */
class PhaseSettingsTest {

  @Test
  void typesAConnectionStressPhasesSettingsWithTheirDefaults() {
    PhaseSettings s = PhaseSettings.of(PhaseKind.CONNECTIONS, Map.of(ConnectionKeys.COUNT, " 500 ",
        ConnectionKeys.HOLD, "20s", "recordcount", "10"));
    ConnectionKeys.Settings c = s.connections().orElseThrow();
    assertEquals(500, c.count());
    assertEquals(Duration.ofSeconds(20), c.hold());
    assertEquals(ConnectionKeys.DEFAULT_TIMEOUT, c.timeout());
    assertEquals(ConnectionKeys.DEFAULT_TO, c.to());
  }

  @Test
  void aYcsbPhaseHasNoConnectionSettings() {
    assertTrue(PhaseSettings.of(PhaseKind.RUN, Map.of(ConnectionKeys.COUNT, "5")).connections().isEmpty());
  }

  @Test
  void rejectsConnectionSettingsOnAPhaseOfAnotherKind() {
    PhaseSettings stress = PhaseSettings.of(PhaseKind.CONNECTIONS, Map.of(ConnectionKeys.COUNT, "5"));
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> new Phase(1, "run/x", PhaseKind.RUN,
        "local", "a", Map.of(), 1, "-", Optional.empty(), Map.of(), 1, false, false, Duration.ofMinutes(1), 0.01,
        Optional.empty(), stress));
    assertEquals("run/x: connection settings belong to connection-stress phases only", e.getMessage());
  }
}
