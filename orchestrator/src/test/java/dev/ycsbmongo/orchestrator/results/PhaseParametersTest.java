package dev.ycsbmongo.orchestrator.results;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.ycsbmongo.orchestrator.plan.PhaseKind;
import dev.ycsbmongo.orchestrator.plan.YcsbCounts;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** A phase's typed parameters: from its counts typed at expansion, and what a v1 record implies. */
class PhaseParametersTest {

  @Test
  void takesTheCountsAndTimesItsPropertiesSet() {
    PhaseParameters p = PhaseParameters.of("a", 1, 8, Map.of("recordcount", "1000", "operationcount", " 5000 ",
        "insertstart", "500", "insertcount", "250", "maxexecutiontime", "60", "readproportion", "0.5"));
    assertEquals(new PhaseParameters("a", 1, 8, 1000L, 5000L, 500L, 250L, 60L), p);
  }

  @Test
  void takesTheCountsTypedAtExpansion() {
    YcsbCounts counts = YcsbCounts.of(PhaseKind.RUN, Map.of("recordcount", "1000", "operationcount", "5000",
        "maxexecutiontime", "60"));
    assertEquals(new PhaseParameters("a", 2, 8, 1000L, 5000L, null, null, 60L), PhaseParameters.of("a", 2, 8, counts));
  }

  @Test
  void leavesOutWhatThePhaseDidNotSetOrIsNotAWholeNumber() {
    PhaseParameters p = PhaseParameters.of("a", 1, null, Map.of("recordcount", "lots"));
    assertNull(p.recordCount());
    assertNull(p.operationCount());
    assertNull(p.threads());
  }

  @Test
  void readsV1ThreadsFromThreadcountWhenSweptElseFromTheCommand() {
    assertEquals(16, PhaseParameters.fromV1("a", Map.of("threadcount", "16"), "scripts/ycsb run -threads 16")
        .threads());
    assertEquals(8, PhaseParameters.fromV1("a", Map.of(), "scripts/ycsb load mongodb -s -threads 8 -p x=1").threads());
    assertNull(PhaseParameters.fromV1("a", Map.of(), "scripts/orchestrator connections --count 5").threads());
    assertNull(PhaseParameters.fromV1("a", Map.of(), null).threads());
    assertEquals(1, PhaseParameters.fromV1("a", Map.of(), null).clients());
  }

  @Test
  void rejectsNoClientsAndNoThreads() {
    assertThrows(IllegalArgumentException.class, () -> new PhaseParameters("a", 0, 1, null, null, null, null, null));
    assertThrows(IllegalArgumentException.class, () -> new PhaseParameters("a", 1, 0, null, null, null, null, null));
  }
}
