package dev.ycsbmongo.orchestrator.host;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The host-busy verdict: other processes' and steal shares over the cell against their limits. */
class HostBusyRuleTest {

  private static ClientHostLoad load(Double others, Double steal) {
    return new ClientHostLoad("x", 2, 2.0, 1.0, 1.0, 30.0, 0.9, 0.3, others, steal, null);
  }

  @Test
  void aHostWithinBothLimitsIsNotBusy() {
    assertEquals(Optional.empty(), HostBusyRule.DEFAULT.cause(load(0.25, 0.10)));
    assertEquals(Optional.empty(), HostBusyRule.DEFAULT.cause(load(0.03, 0.0)));
  }

  @Test
  void othersAboveTheirLimit() {
    assertEquals(Optional.of("client host busy: other processes used 61% of the cores (limit 25%)"),
        HostBusyRule.DEFAULT.cause(load(0.61, 0.0)));
  }

  @Test
  void stealAboveItsLimit() {
    assertEquals(Optional.of("client host busy: steal time 18% of the cores (limit 10%)"),
        HostBusyRule.DEFAULT.cause(load(0.02, 0.18)));
  }

  @Test
  void bothAreNamed() {
    assertEquals(Optional.of("client host busy: other processes used 40% of the cores (limit 30%)"
        + " and steal time 5.5% of the cores (limit 5.0%)"), new HostBusyRule(0.30, 0.05).cause(load(0.40, 0.055)));
  }

  @Test
  void unknownSharesAreNeverBusy() {
    assertEquals(Optional.empty(), HostBusyRule.DEFAULT.cause(load(null, null)));
    assertEquals(Optional.empty(), HostBusyRule.DEFAULT.cause(null));
  }

  @Test
  void limitsAreShares() {
    assertThrows(IllegalArgumentException.class, () -> new HostBusyRule(25, 0.1));
    assertThrows(IllegalArgumentException.class, () -> new HostBusyRule(0.25, 0));
  }
}
