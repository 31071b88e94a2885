package dev.ycsbmongo.orchestrator.exec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ycsbmongo.orchestrator.plan.Phase;
import dev.ycsbmongo.orchestrator.plan.PhaseKind;
import dev.ycsbmongo.orchestrator.results.OperationStats;
import dev.ycsbmongo.orchestrator.results.PhaseStatus;
import dev.ycsbmongo.orchestrator.results.WindowStats;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class PhaseVerdictTest {

  private static final Phase RUN = Phases.of(PhaseKind.RUN, Map.of("operationcount", "1000"), 4, Optional.empty());
  private static final ChildProcess.Outcome CLEAN = new ChildProcess.Outcome(0, false, false, Duration.ofSeconds(3), List.of());

  private static WindowStats window(long ok, long failed) {
    OperationStats read = new OperationStats("READ", ok, failed == 0 ? Map.of() : Map.of("ERROR", failed), 100.0, 10L,
        90L, 200L, 300L, 400L, 500L);
    double rate = ok + failed == 0 ? 0 : (double) failed / (ok + failed);
    return new WindowStats(WindowStats.FULL, 0, 3, ok, failed, ok / 3.0, rate, List.of(read));
  }

  @Test
  void succeedsWhenEveryOperationRanWithErrorsUnderTheLimit() {
    assertEquals(PhaseVerdict.OK, PhaseVerdict.of(RUN, CLEAN, window(995, 5), null));
  }

  @Test
  void failsOverTheErrorLimitNamingTheStatuses() {
    PhaseVerdict v = PhaseVerdict.of(RUN, CLEAN, window(980, 20), null);
    assertEquals(PhaseStatus.FAILED, v.status());
    assertEquals("error rate 2.00% over the 1% limit (execution.maxErrorRate): READ ERROR x20", v.cause());
  }

  @Test
  void failsWhenYcsbStoppedEarlyEvenWithExitZero() {
    PhaseVerdict v = PhaseVerdict.of(RUN, CLEAN, window(600, 0), null);
    assertEquals(PhaseStatus.FAILED, v.status());
    assertTrue(v.cause().startsWith("YCSB ended after 600 of 1000 operations"), v.cause());
  }

  @Test
  void failsOnExitStatusTimeoutAndMissingMeasurements() {
    var crashed = new ChildProcess.Outcome(2, false, false, Duration.ofSeconds(1), List.of("ycsb: mongodb.writeConcern: 'x' is not valid"));
    assertEquals("YCSB exited with status 2: ycsb: mongodb.writeConcern: 'x' is not valid",
        PhaseVerdict.of(RUN, crashed, null, null).cause());
    var hung = new ChildProcess.Outcome(143, true, false, Duration.ofMinutes(5), List.of());
    assertEquals("timed out: still running after 5m (execution.phaseTimeout), killed",
        PhaseVerdict.of(RUN, hung, null, null).cause());
    assertEquals("no measurements: measurements.json is missing", PhaseVerdict.of(RUN, CLEAN, null,
        "measurements.json is missing").cause());
  }

  @Test
  void interruptedWinsOverEverythingElse() {
    var stopped = new ChildProcess.Outcome(143, false, true, Duration.ofSeconds(7), List.of());
    assertEquals(PhaseStatus.INTERRUPTED, PhaseVerdict.of(RUN, stopped, null, null).status());
  }

  @Test
  void maxExecutionTimeRunsAreNotHeldToTheirOperationCount() {
    Phase timed = Phases.of(PhaseKind.RUN, Map.of("operationcount", "1000000", "maxexecutiontime", "5"), 4, Optional.empty());
    assertEquals(PhaseVerdict.OK, PhaseVerdict.of(timed, CLEAN, window(600, 0), null));
    Phase load = Phases.of(PhaseKind.LOAD, Map.of("recordcount", "1000"), 4, Optional.empty());
    assertEquals(PhaseStatus.FAILED, PhaseVerdict.of(load, CLEAN, window(600, 0), null).status());
  }
}
