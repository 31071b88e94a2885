package dev.ycsbmongo.orchestrator.results;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ycsbmongo.orchestrator.plan.PhaseKind;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The builders copy every field, change only the one asked, and fill in what a record made by hand leaves out. */
class RecordBuildersTest {

  /** A record with every optional part present: server figures, a connection stress, clients, a later attempt. */
  private static PhaseResult everything() {
    PhaseResult r = ResultFixtures.with(ResultFixtures.run(3, "t", "a", 8, 1, 300, 900, 6000, 6000,
        ResultFixtures.MONGO), PhaseKind.RUN, Map.of("threadcount", "8"), "run/t/a/threadcount=8/rep=1",
        PhaseStatus.SUCCEEDED, null, ResultFixtures.serverMetrics(),
        ResultFixtures.connections(10, "each", Map.of("h:1", 10L)));
    return ResultFixtures.withClients(r, ResultFixtures.clients()).toBuilder().cause("slow").loadedRecords(6000L)
        .steadyAbsentReason("none")
        .serverSettings(new AppliedSettings(Map.of("server.x", "1"), "n", java.util.List.of()))
        .clientHostLoad(new dev.ycsbmongo.orchestrator.host.ClientHostLoad("cpu", 2, 2.0, 0.5, 0.6, 60.0, 0.5, 0.4,
            0.1, 0.0, 0.2))
        .build().asAttempt(3);
  }

  /** Every component set (no null, no 0), so that a field a builder forgets to copy shows. */
  private static void assertEveryFieldSet(Record r) throws ReflectiveOperationException {
    for (java.lang.reflect.RecordComponent c : r.getClass().getRecordComponents()) {
      Object v = c.getAccessor().invoke(r);
      assertNotNull(v, c.getName());
      if (v instanceof Number n) {
        assertNotEquals(0.0, n.doubleValue(), c.getName());
      }
      if (v instanceof Boolean b) {
        assertTrue(b, c.getName());
      }
    }
  }

  @Test
  void aPhaseResultCopiedWithoutChangesEqualsItselfAndWritesTheSameLine() throws ReflectiveOperationException {
    PhaseResult r = everything();
    assertEveryFieldSet(r);
    PhaseResult copy = r.toBuilder().build();
    assertEquals(r, copy);
    assertEquals(ResultsJson.line(r), ResultsJson.line(copy));
  }

  @Test
  void aPhaseResultCopiedWithOneChangeDiffersInThatFieldAlone() {
    PhaseResult r = everything();
    PhaseResult failed = r.toBuilder().status(PhaseStatus.FAILED).build();
    assertEquals(PhaseStatus.FAILED, failed.status());
    assertEquals(r, failed.toBuilder().status(r.status()).build());
  }

  @Test
  void aNewPhaseResultIsAFirstAttemptOfTheCurrentSchemaWithItsParametersFromItsProperties() {
    PhaseResult r = PhaseResult.builder().phaseId("run/t/a").kind(PhaseKind.RUN)
        .target(new TargetRecord("t", "mongodb://h:1/ycsb", Map.of()))
        .properties(Map.of("threadcount", "16", "recordcount", "1000")).status(PhaseStatus.SUCCEEDED).build();
    assertEquals(PhaseResult.SCHEMA_VERSION, r.schemaVersion());
    assertEquals(1, r.attempt());
    assertNull(r.replacesAttempt());
    assertEquals(16, (int) r.parameters().threads());
    assertEquals(1000L, (long) r.parameters().recordCount());
    assertEquals("t", r.parameters().target());
    assertEquals(Map.of(), r.coordinates());
  }

  @Test
  void aConnectionStressCopiedWithoutChangesEqualsItselfAndWritesTheSameLine() throws ReflectiveOperationException {
    ConnectionStressResult c = ResultFixtures.connections(10, "primary", Map.of("h:1", 7L)).toBuilder()
        .droppedWhileHeld(1L).interrupted(true).opening(new ConnectionStressResult.Opening(7, 1.5, 1.0, "refused"))
        .build();
    assertEveryFieldSet(c);
    assertEquals(c, c.toBuilder().build());
    assertEquals(c.toJson(), c.toBuilder().build().toJson());
    assertEquals(3L, c.toBuilder().opened(3).build().opened());
    assertEquals(c.failed(), c.toBuilder().opened(3).build().failed(), "only the field asked changes");
  }

  @Test
  void aNewConnectionStressHasNoFiguresRatherThanZeros() {
    ConnectionStressResult c = ConnectionStressResult.builder().requested(5).opened(5).build();
    assertEquals(ConnectionStressResult.SCHEMA_VERSION, c.schemaVersion());
    assertNull(c.seenByServer());
    assertNull(c.openSeconds());
    assertEquals(Map.of(), c.openedByHost());
    assertEquals(Map.of(), c.failuresByCause());
  }
}
