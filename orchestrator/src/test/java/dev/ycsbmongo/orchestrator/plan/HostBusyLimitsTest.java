package dev.ycsbmongo.orchestrator.plan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** {@code execution.acceptance.hostBusy}: the default limits, off, each limit set or off, and bad values refused in one line. */
class HostBusyLimitsTest {

  private static final String BASE = """
      name: q
      targets:
        - name: local
          uri: embedded
      scenarios:
        - name: a
      execution:
        acceptance:
      """;

  private static HostBusyLimits load(String hostBusy) {
    return PlanLoader.load(BASE + "    hostBusy: " + hostBusy + "\n", Path.of("plan.yaml"), Map.of()).settings()
        .acceptance().hostBusy();
  }

  private static void assertRejected(String hostBusy, String expected) {
    PlanException e = assertThrows(PlanException.class, () -> load(hostBusy));
    assertEquals(expected, e.getMessage());
    assertFalse(e.getMessage().contains("\n"), "one line");
  }

  @Test
  void defaultsToAQuarterOfTheCoresForOthersAndATenthForSteal() {
    HostBusyLimits d = PlanLoader.load(BASE.replace("  acceptance:\n", "  rampUp: 1s\n"), Path.of("plan.yaml"), Map.of())
        .settings().acceptance().hostBusy();
    assertEquals(new HostBusyLimits(0.25, 0.10), d);
    assertEquals(Map.of("others", "25%", "steal", "10%"), d.asPlanValue());
  }

  @Test
  void readsOffAndEachLimitWithTheOtherDefaulted() {
    assertTrue(load("off").off());
    assertEquals("off", load("off").asPlanValue());
    assertEquals(new HostBusyLimits(0.4, 0.10), load("{others: 40%}"));
    assertEquals(new HostBusyLimits(0.25, Double.POSITIVE_INFINITY), load("{steal: off}"));
    assertEquals(new HostBusyLimits(1.0, 0.05), load("{others: 100%, steal: 0.05}"));
    assertEquals(Map.of("others", "25%", "steal", "off"), load("{steal: off}").asPlanValue());
  }

  @Test
  void refusesWhatIsNotAShareOfTheCoresInOneLine() {
    assertRejected("sometimes", "plan.yaml:9: execution.acceptance.hostBusy: 'sometimes' is not accepted; expected off,"
        + " or a map such as {others: 25%, steal: 10%} (shares of the client's cores above 0% and at most 100%, each"
        + " also off)");
    assertRejected("{others: 150%}", "plan.yaml:9: execution.acceptance.hostBusy.others: '150%' is not accepted;"
        + " expected a share of the client's cores above 0% and at most 100% such as 25%, or off");
    assertRejected("{steal: 0%}", "plan.yaml:9: execution.acceptance.hostBusy.steal: '0%' is not accepted;"
        + " expected a share of the client's cores above 0% and at most 100% such as 25%, or off");
    assertRejected("{other: 30%}", "plan.yaml:9: execution.acceptance.hostBusy.other: unknown key; accepted: others,"
        + " steal (did you mean 'others'?)");
  }
}
