package dev.ycsbmongo.orchestrator.plan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** YCSB's counts of a phase, typed once at expansion from its workload file and the plan's values. */
class YcsbCountsTest {

  private static OptionalLong of(long v) {
    return OptionalLong.of(v);
  }

  @Test
  void typesEveryCountThePhaseSets() {
    YcsbCounts c = YcsbCounts.of(PhaseKind.RUN, Map.of("recordcount", "1000", "operationcount", " 5000 ",
        "insertstart", "500", "insertcount", "250", "readproportion", "0.5"));
    assertEquals(of(1000), c.recordCount());
    assertEquals(of(5000), c.operationCount());
    assertEquals(of(500), c.insertStart());
    assertEquals(of(250), c.insertCount());
    assertEquals(OptionalLong.empty(), c.maxExecutionTimeSeconds());
    assertEquals(of(5000), c.expectedOperations(), "an untimed run must complete its operationcount");
    assertFalse(c.timed());
  }

  @Test
  void leavesOutWhatIsUnsetOrNotAWholeNumberForYcsbToReport() {
    YcsbCounts c = YcsbCounts.of(PhaseKind.RUN, Map.of("recordcount", "lots", "operationcount", "1e3"));
    assertEquals(YcsbCounts.NONE, c);
    assertEquals(OptionalLong.empty(), c.expectedOperations());
  }

  @Test
  void aLoadExpectsItsInsertcountElseItsRecordcount() {
    assertEquals(of(250), YcsbCounts.of(PhaseKind.LOAD, Map.of("recordcount", "1000", "insertcount", "250"))
        .expectedOperations());
    assertEquals(of(1000), YcsbCounts.of(PhaseKind.LOAD, Map.of("recordcount", "1000")).expectedRecords());
    assertEquals(of(1000), YcsbCounts.of(PhaseKind.LOAD, Map.of("recordcount", "1000", "operationcount", "5"))
        .expectedOperations());
    // YCSB takes insertcount when it is set at all: a bad one is not replaced by recordcount
    assertEquals(OptionalLong.empty(), YcsbCounts.of(PhaseKind.LOAD, Map.of("recordcount", "1000",
        "insertcount", "x")).expectedRecords());
  }

  @Test
  void aRunWithATimeLimitExpectsNoOperationCount() {
    YcsbCounts c = YcsbCounts.of(PhaseKind.RUN, Map.of("operationcount", "5000", "maxexecutiontime", "60"));
    assertEquals(of(60), c.maxExecutionTimeSeconds());
    assertEquals(OptionalLong.empty(), c.expectedOperations());
    assertTrue(c.timed());
    YcsbCounts zero = YcsbCounts.of(PhaseKind.WARMUP, Map.of("operationcount", "5000", "maxexecutiontime", "0"));
    assertFalse(zero.timed(), "YCSB ignores a time limit of 0");
    assertEquals(OptionalLong.empty(), zero.expectedOperations());
  }

  @Test
  void thePlansValuesWinOverTheWorkloadFilesAndTheFileFillsTheRest(@TempDir Path dir) throws IOException {
    Path workload = dir.resolve("w");
    Files.writeString(workload, "recordcount=1000\noperationcount=3000\nmaxexecutiontime=90\nreadproportion=0.5\n");
    Phase p = new Phase(1, "run/x", PhaseKind.RUN, "local", "a", Map.of(), 1, "local:-", Optional.of(workload),
        Map.of("recordcount", "50", "clients", "2", "server.profile", "0"), 4, false, false,
        java.time.Duration.ofMinutes(5), 0.01, Optional.empty());
    assertEquals(of(50), p.counts().recordCount(), "the plan's -p wins, as in YCSB");
    assertEquals(of(3000), p.counts().operationCount());
    assertEquals(of(90), p.counts().maxExecutionTimeSeconds());
    assertEquals(OptionalLong.empty(), p.counts().insertCount());
    assertFalse(p.effectiveProperties().containsKey("clients"), "the orchestrator's own keys never reach YCSB");
    assertFalse(p.effectiveProperties().containsKey("server.profile"));
  }

  @Test
  void anUnreadableWorkloadFileLeavesThePlansValues(@TempDir Path dir) {
    PhaseSettings s = PhaseSettings.of(PhaseKind.RUN, Optional.of(dir.resolve("missing")),
        Map.of("operationcount", "7"), Distribution.oneLocalClient());
    assertEquals(Map.of("operationcount", "7"), s.effective());
    assertEquals(of(7), s.counts().expectedOperations());
  }

  @Test
  void theExpansionTypesTheCountsOfEveryPhaseFromItsWorkloadFile(@TempDir Path dir) throws IOException {
    Files.writeString(dir.resolve("rw"), "workload=site.ycsb.workloads.CoreWorkload\nrecordcount=400\n"
        + "operationcount=900\n");
    Plan plan = PlanLoader.load("""
        name: q
        targets: [{name: local, uri: embedded}]
        scenarios: [{name: a, workload: rw, properties: {operationcount: 20}}]
        """, dir.resolve("plan.yaml"), Map.of());
    Matrix m = PlanExpander.expand(plan);
    Phase load = m.phases().get(0);
    Phase run = m.phases().get(1);
    assertEquals(PhaseKind.LOAD, load.kind());
    assertEquals(of(400), load.counts().expectedOperations(), "the load's records come from the workload file");
    assertEquals(of(20), run.counts().operationCount(), "the scenario's value wins over the file's");
    assertEquals("400", run.effectiveProperties().get("recordcount"));
  }
}
