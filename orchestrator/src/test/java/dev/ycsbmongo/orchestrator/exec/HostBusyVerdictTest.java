package dev.ycsbmongo.orchestrator.exec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ycsbmongo.orchestrator.host.ClientHostLoad;
import dev.ycsbmongo.orchestrator.host.HostBusyRule;
import dev.ycsbmongo.orchestrator.plan.Acceptance;
import dev.ycsbmongo.orchestrator.plan.Defaults;
import dev.ycsbmongo.orchestrator.plan.HostBusyLimits;
import dev.ycsbmongo.orchestrator.plan.Phase;
import dev.ycsbmongo.orchestrator.plan.PhaseKind;
import dev.ycsbmongo.orchestrator.results.OperationStats;
import dev.ycsbmongo.orchestrator.results.PhaseMeasurements;
import dev.ycsbmongo.orchestrator.results.PhaseStatus;
import dev.ycsbmongo.orchestrator.results.Stability;
import dev.ycsbmongo.orchestrator.results.WindowStats;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** A measured cell run while other work used the client host's cores is set apart: {@link PhaseStatus#HOST_BUSY}. */
class HostBusyVerdictTest {

  private static final Acceptance DEFAULTS = Acceptance.defaults();
  private static final Phase TIMED = Phases.of(PhaseKind.RUN, Map.of("operationcount", "100000000",
      "maxexecutiontime", "12"), 4, Optional.empty());
  private static final ChildProcess.Outcome CLEAN = new ChildProcess.Outcome(0, false, false, Duration.ofSeconds(13),
      List.of());
  private static final Stability STEADY = new Stability(2, "auto", 10, 10_000, 0.05, 0.02, 0, null, null);
  private static final Stability RISING = new Stability(2, "auto", 10, 3_000, 0.2, 0.4, 0, null, null);

  private static ClientHostLoad load(Double others, Double steal) {
    return new ClientHostLoad("AMD EPYC 7B13", 2, 2.0, 1.15, 3.23, 12.0, null, 0.2, others, steal, null);
  }

  private static WindowStats window(String name, double start, double seconds, long ok, long failed) {
    OperationStats read = new OperationStats("READ", ok, failed == 0 ? Map.of() : Map.of("ERROR", failed), 100.0, 10L,
        90L, 200L, 300L, 400L, 500L);
    double rate = ok + failed == 0 ? 0 : (double) failed / (ok + failed);
    return new WindowStats(name, start, seconds, ok, failed, ok / seconds, rate, List.of(read));
  }

  private static PhaseMeasurements measured(long ok, long failed) {
    return new PhaseMeasurements(12_000.0, (ok + failed) / 12.0, window(WindowStats.FULL, 0, 12, ok, failed),
        window(WindowStats.STEADY, 2, 10, ok * 5 / 6, failed * 5 / 6), null);
  }

  private static PhaseVerdict judge(Phase phase, PhaseMeasurements m, Stability s, ClientHostLoad host, Acceptance a) {
    return PhaseVerdict.of(phase, new PhaseVerdict.Evidence(CLEAN, m, null, s, null, null, host), a);
  }

  private static Acceptance withHostBusy(HostBusyLimits limits) {
    return new Acceptance(DEFAULTS.minOperations(), DEFAULTS.minWindow(), DEFAULTS.steadyState(), DEFAULTS.maxCv(),
        DEFAULTS.maxRise(), DEFAULTS.maxStall(), DEFAULTS.grace(), limits);
  }

  @Test
  void aCellWhoseNeighboursTookMoreThanTheLimitIsHostBusyNamingTheirShare() {
    PhaseVerdict v = judge(TIMED, measured(60_000, 0), STEADY, load(0.61, 0.0), DEFAULTS);
    assertEquals(new PhaseVerdict(PhaseStatus.HOST_BUSY, "client host busy: other processes used 61% of the cores"
        + " (limit 25%) (execution.acceptance.hostBusy)"), v);
    PhaseVerdict stolen = judge(TIMED, measured(60_000, 0), STEADY, load(0.3, 0.18), DEFAULTS);
    assertEquals("client host busy: other processes used 30% of the cores (limit 25%) and steal time 18% of the cores"
        + " (limit 10%) (execution.acceptance.hostBusy)", stolen.cause());
  }

  @Test
  void aQuietOrUnwatchedHostLeavesTheVerdictAlone() {
    assertEquals(PhaseVerdict.OK, judge(TIMED, measured(60_000, 0), STEADY, load(0.25, 0.10), DEFAULTS));
    assertEquals(PhaseVerdict.OK, judge(TIMED, measured(60_000, 0), STEADY, null, DEFAULTS));
    // a host that did not say (no /proc/stat) is never called busy
    assertEquals(PhaseVerdict.OK, judge(TIMED, measured(60_000, 0), STEADY, load(null, null), DEFAULTS));
  }

  @Test
  void aBusyHostExplainsAnUnstableCellAndKeepsItsCause() {
    PhaseVerdict v = judge(TIMED, measured(60_000, 0), RISING, load(0.9, 0.0), DEFAULTS);
    assertEquals(PhaseStatus.HOST_BUSY, v.status());
    assertTrue(v.cause().startsWith("client host busy: other processes used 90% of the cores"), v.cause());
    assertTrue(v.cause().endsWith("; also unstable: throughput still rising 40% over the steady window (limit 25%:"
        + " execution.acceptance.maxRise): warm-up not over; lengthen the phase"), v.cause());
  }

  @Test
  void aFailedCellStaysFailedAndPhasesNotJudgedOnFiguresAreNotJudgedOnTheHost() {
    assertEquals(PhaseStatus.FAILED, judge(TIMED, measured(58_000, 2_000), STEADY, load(0.9, 0.0), DEFAULTS).status());
    Phase warmup = Phases.of(PhaseKind.WARMUP, Map.of("operationcount", "100"), 4, Optional.empty());
    assertEquals(PhaseVerdict.OK, judge(warmup, measured(100, 0), null, load(0.9, 0.0), DEFAULTS));
  }

  @Test
  void thePlansLimitsDecideAndOffSwitchesTheRuleOrOneLimitOff() {
    assertEquals(PhaseVerdict.OK, judge(TIMED, measured(60_000, 0), STEADY, load(0.9, 0.5),
        withHostBusy(HostBusyLimits.OFF)));
    Acceptance stealOff = withHostBusy(new HostBusyLimits(0.5, Double.POSITIVE_INFINITY));
    assertEquals(PhaseVerdict.OK, judge(TIMED, measured(60_000, 0), STEADY, load(0.4, 0.9), stealOff));
    assertEquals("client host busy: other processes used 61% of the cores (limit 50%) (execution.acceptance.hostBusy)",
        judge(TIMED, measured(60_000, 0), STEADY, load(0.61, 0.9), stealOff).cause());
  }

  @Test
  void thePlansDefaultsAreTheRulesDefaults() {
    assertEquals(HostBusyRule.DEFAULT, new HostBusyRule(Defaults.HOST_BUSY_OTHERS, Defaults.HOST_BUSY_STEAL));
    assertEquals(HostBusyLimits.defaults(), DEFAULTS.hostBusy());
  }

  @Test
  void aTargetOnThisHostIsFoundByItsLoopbackPortsOnly() {
    assertEquals(List.of(27017, 27018), ClientHostWatch.localPorts("mongodb://127.0.0.1,localhost:27018/ycsb"));
    assertEquals(List.of(28000), ClientHostWatch.localPorts("mongodb://[::1]:28000,db.example.com:27017/?tls=true"));
    assertEquals(List.of(), ClientHostWatch.localPorts("mongodb://10.0.0.5:27017"));
    assertEquals(List.of(), ClientHostWatch.localPorts("not a uri"));
  }
}
