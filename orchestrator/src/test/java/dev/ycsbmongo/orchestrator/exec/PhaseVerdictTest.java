package dev.ycsbmongo.orchestrator.exec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ycsbmongo.orchestrator.plan.Acceptance;
import dev.ycsbmongo.orchestrator.plan.Phase;
import dev.ycsbmongo.orchestrator.plan.PhaseKind;
import dev.ycsbmongo.orchestrator.process.HostLimits;
import dev.ycsbmongo.orchestrator.results.OperationStats;
import dev.ycsbmongo.orchestrator.results.PhaseMeasurements;
import dev.ycsbmongo.orchestrator.results.PhaseStatus;
import dev.ycsbmongo.orchestrator.results.Stability;
import dev.ycsbmongo.orchestrator.results.WindowStats;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PhaseVerdictTest {

  private static final Acceptance DEFAULTS = Acceptance.defaults();
  private static final Phase RUN = Phases.of(PhaseKind.RUN, Map.of("operationcount", "100000"), 4, Optional.empty());
  private static final Phase TIMED = Phases.of(PhaseKind.RUN, Map.of("operationcount", "100000000",
      "maxexecutiontime", "12"), 4, Optional.empty());
  private static final ChildProcess.Outcome CLEAN = new ChildProcess.Outcome(0, false, false, Duration.ofSeconds(13),
      List.of("Loading workload...", "[mongodb] pool summary: 4 connections created"));
  private static final Stability STEADY = new Stability(2, "auto", 10, 10_000, 0.05, 0.02, 0, null, null);

  private static WindowStats window(String name, double start, double seconds, long ok, long failed) {
    OperationStats read = new OperationStats("READ", ok, failed == 0 ? Map.of() : Map.of("ERROR", failed), 100.0, 10L,
        90L, 200L, 300L, 400L, 500L);
    double rate = ok + failed == 0 ? 0 : (double) failed / (ok + failed);
    return new WindowStats(name, start, seconds, ok, failed, ok / seconds, rate, List.of(read));
  }

  /** A phase that ran 12 s: the full window, and a steady one from 2 s holding five sixths of the operations. */
  private static PhaseMeasurements measured(long ok, long failed) {
    return new PhaseMeasurements(12_000.0, (ok + failed) / 12.0, window(WindowStats.FULL, 0, 12, ok, failed),
        window(WindowStats.STEADY, 2, 10, ok * 5 / 6, failed * 5 / 6), null);
  }

  private static PhaseVerdict judge(Phase phase, ChildProcess.Outcome o, PhaseMeasurements m, Stability s) {
    return PhaseVerdict.of(phase, new PhaseVerdict.Evidence(o, m, m == null ? "measurements.json is missing" : null, s,
        null, null), DEFAULTS);
  }

  @Test
  void succeedsWhenEveryOperationRanSteadilyWithErrorsUnderTheLimit() {
    assertEquals(PhaseVerdict.OK, judge(RUN, CLEAN, measured(99_500, 500), STEADY));
  }

  @Test
  void failsOverTheErrorLimitNamingTheStatuses() {
    PhaseVerdict v = judge(RUN, CLEAN, measured(98_000, 2_000), STEADY);
    assertEquals(PhaseStatus.FAILED, v.status());
    assertEquals("error rate 2.00% over the 1% limit (execution.maxErrorRate): READ ERROR x2000", v.cause());
  }

  @Test
  void failsWhenYcsbStoppedEarlyEvenWithExitZero() {
    PhaseVerdict v = judge(RUN, CLEAN, measured(60_000, 0), STEADY);
    assertEquals(PhaseStatus.FAILED, v.status());
    assertTrue(v.cause().startsWith("YCSB ended after 60000 of 100000 operations"), v.cause());
  }

  @Test
  void failsOnExitStatusTimeoutAndMissingMeasurementsWithTheChildsOwnReason() {
    var crashed = new ChildProcess.Outcome(2, false, false, Duration.ofSeconds(1),
        List.of("ycsb: cannot connect to mongodb://127.0.0.1:1/ycsb: connection refused", "[mongodb] pool summary: 0"));
    assertEquals("YCSB exited with status 2: ycsb: cannot connect to mongodb://127.0.0.1:1/ycsb: connection refused",
        judge(RUN, crashed, null, null).cause());
    var hung = new ChildProcess.Outcome(143, true, false, Duration.ofMinutes(5), List.of());
    assertEquals("timed out: still running after 5m (execution.phaseTimeout), killed", judge(RUN, hung, null, null).cause());
    assertEquals("no measurements: measurements.json is missing", judge(RUN, CLEAN, null, null).cause());
    // YCSB reports some failures on stdout only: that line is the reason, not the routine stderr
    PhaseVerdict fromStdout = PhaseVerdict.of(RUN, new PhaseVerdict.Evidence(CLEAN, null, "measurements.json is missing",
        null, null, "Unknown request distribution \"gaussianish\""), DEFAULTS);
    assertEquals("no measurements: measurements.json is missing; YCSB's last message: Unknown request distribution"
        + " \"gaussianish\"", fromStdout.cause());
  }

  @Test
  void aYcsbChildKilledByASignalIsNamedByTheSignalNotByItsLastStatusLine() {
    var killed = new ChildProcess.Outcome(137, false, false, Duration.ofSeconds(4),
        List.of("2026-11-26 03:00:04:123 4 sec: 31544 operations; 7886 current ops/sec; [READ: Count=15770, Max=..."));
    assertEquals("YCSB killed by SIGKILL (exit 137)", judge(RUN, killed, null, null).cause());
  }

  @Test
  void aTimedPhaseIsBoundedByItsMaxExecutionTimePlusGraceNotByThePhaseTimeout() {
    Acceptance grace30 = new Acceptance(DEFAULTS.minOperations(), DEFAULTS.minWindow(), DEFAULTS.steadyState(),
        DEFAULTS.maxCv(), DEFAULTS.maxRise(), DEFAULTS.maxStall(), Duration.ofSeconds(30));
    Phase eight = Phases.of(PhaseKind.RUN, Map.of("operationcount", "100000000", "maxexecutiontime", "8"), 1000,
        Optional.empty());
    assertEquals(Duration.ofSeconds(38), PhaseBound.of(eight, grace30).limit());
    // an operation-count phase has no time of its own: the phase timeout bounds it
    assertEquals(Duration.ofMinutes(5), PhaseBound.of(RUN, grace30).limit());
    // a maxexecutiontime whose grace reaches the phase timeout: the timeout is the tighter bound
    Phase long4m = Phases.of(PhaseKind.RUN, Map.of("operationcount", "1", "maxexecutiontime", "280"), 4,
        Optional.empty());
    assertEquals(Duration.ofMinutes(5), PhaseBound.of(long4m, grace30).limit());

    var stopped = new ChildProcess.Outcome(137, true, false, Duration.ofMillis(38_200), List.of());
    PhaseVerdict v = PhaseVerdict.of(eight, new PhaseVerdict.Evidence(stopped, measured(40_000, 0), null, STEADY, null,
        null), grace30);
    assertEquals(new PhaseVerdict(PhaseStatus.FAILED, "phase ran past its bound: maxexecutiontime 8 s + grace 30s"
        + " (execution.acceptance.grace); child stopped at 38.2 s"), v);
  }

  @Test
  void aChildThatCannotStartItsThreadsFailsWithTheHostsLimit() {
    Phase thousand = Phases.of(PhaseKind.RUN, Map.of("operationcount", "100000000", "maxexecutiontime", "8"), 1000,
        Optional.empty());
    var died = new ChildProcess.Outcome(137, false, false, Duration.ofMillis(2_100), List.of(
        "Exception in thread \"main\" java.lang.OutOfMemoryError: unable to create native thread: possibly out of"
            + " memory or process/resource limits reached"), "unable to create native thread");
    HostLimits host = HostLimits.fixed(333,
        "cgroup pids.max 400 from /sys/fs/cgroup/pids/docker/abc/pids.max, less 3 in use and 64 for the JVM itself");
    PhaseVerdict v = PhaseVerdict.of(thousand, new PhaseVerdict.Evidence(died, null, "measurements.json is missing",
        null, null, null), DEFAULTS, host);
    assertEquals(new PhaseVerdict(PhaseStatus.FAILED, "client could not start its threads (unable to create native"
        + " thread): 1,000 threads asked; this host allows at most 333 (cgroup pids.max 400 from"
        + " /sys/fs/cgroup/pids/docker/abc/pids.max, less 3 in use and 64 for the JVM itself)"), v);
  }

  @Test
  void recognisesTheWaysAJvmSaysItCouldNotStartAThread() {
    assertEquals(Optional.of("unable to create native thread"), ThreadStartFailure.reason("Exception in thread"
        + " \"main\" java.lang.OutOfMemoryError: unable to create native thread: possibly out of memory"));
    assertEquals(Optional.of("unable to create native thread"), ThreadStartFailure.reason(
        "java.lang.OutOfMemoryError: unable to create new native thread"));
    assertEquals(Optional.of("Cannot create worker GC thread"), ThreadStartFailure.reason(
        "# Cannot create worker GC thread. Out of system resources."));
    assertEquals(Optional.of("pthread_create failed"), ThreadStartFailure.reason("[0.412s][warning][os,thread] Failed"
        + " to start thread \"Unknown thread\" - pthread_create failed (EAGAIN) for attributes: stacksize: 256k"));
    assertEquals(Optional.empty(), ThreadStartFailure.reason("[OVERALL], RunTime(ms), 8000"));
  }

  @Test
  void interruptedWinsOverEverythingButADeadTarget() {
    var stopped = new ChildProcess.Outcome(143, false, true, Duration.ofSeconds(7), List.of());
    assertEquals(PhaseStatus.INTERRUPTED, judge(RUN, stopped, null, null).status());
    var killed = new ChildProcess.Outcome(143, false, false, Duration.ofSeconds(9), List.of());
    PhaseVerdict v = PhaseVerdict.of(RUN, new PhaseVerdict.Evidence(killed, measured(40_000, 10), null, STEADY,
        new TargetWatch.Down(4.1, "connection refused"), null), DEFAULTS);
    assertEquals(new PhaseVerdict(PhaseStatus.FAILED, "server stopped answering 4.1 s into the phase (connection refused)"), v);
  }

  @Test
  void failsWhenThroughputStalledAtZeroWhileThePhaseWentOn() {
    Stability stalled = new Stability(2, "auto", 10, 3_000, 1.2, -0.9, 6, 5.0, "throughput fell to 0");
    PhaseVerdict v = judge(TIMED, CLEAN, measured(40_000, 4), stalled);
    assertEquals(PhaseStatus.FAILED, v.status());
    assertEquals("throughput fell to 0 for 6 s from 5 s into the phase while it went on (limit 3s:"
        + " execution.acceptance.maxStall); errors: READ ERROR x4", v.cause());
  }

  @Test
  void failsAFrozenClientAsAStallAndNamesTheFreeze() {
    // the SIGSTOP shape: steady figures, but one 12.2 s interval where 1 s was due
    Stability frozen = new Stability(2, "auto", 10, 3_000, 0.05, 0.02, 12.2, 6.1, "client or server froze");
    PhaseVerdict v = judge(TIMED, CLEAN, measured(40_000, 0), frozen);
    assertEquals(new PhaseVerdict(PhaseStatus.FAILED, "client or server froze for 12.2 s at 6.1 s into the phase"
        + " (no status interval closed for that long; limit 3s: execution.acceptance.maxStall)"), v);
    Stability gc = new Stability(2, "auto", 10, 3_000, 0.05, 0.02, 4.2, 12.0, "GC paused the client");
    assertEquals("GC paused the client for 4.2 s at 12 s into the phase (its GC log; limit 3s:"
        + " execution.acceptance.maxStall)", judge(TIMED, CLEAN, measured(40_000, 0), gc).cause());
    Stability client = new Stability(2, "auto", 10, 3_000, 0.05, 0.02, 6, 4.5, "client 2 froze");
    assertEquals("client 2 froze for 6 s at 4.5 s into the phase (no status interval closed for that long; limit 3s:"
        + " execution.acceptance.maxStall)", judge(TIMED, CLEAN, measured(40_000, 0), client).cause());
    Stability brief = new Stability(2, "auto", 10, 3_000, 0.05, 0.02, 1.4, 12.0, "GC paused the client");
    assertEquals(PhaseVerdict.OK, judge(TIMED, CLEAN, measured(40_000, 0), brief), "under maxStall: recorded, not failed");
  }

  @Test
  void judgesByTheTimeLimitItsWorkloadFileSets(@TempDir Path dir) throws IOException {
    Path workload = dir.resolve("w");
    Files.writeString(workload, "maxexecutiontime=12\n");
    Phase fromFile = Phases.of(PhaseKind.RUN, Map.of("operationcount", "100000000"), 4, Optional.of(workload));
    assertEquals(PhaseVerdict.OK, judge(fromFile, CLEAN, measured(40_000, 0), STEADY),
        "a time limit ends the run before its operationcount");
    var slow = new ChildProcess.Outcome(0, false, false, Duration.ofSeconds(36), List.of());
    assertTrue(judge(fromFile, slow, measured(40_000, 0), STEADY).cause().startsWith("ran 36.0 s, past its 12 s"));
  }

  @Test
  void failsWhenItRanPastMaxExecutionTimePlusGrace() {
    var slow = new ChildProcess.Outcome(0, false, false, Duration.ofSeconds(36), List.of());
    PhaseVerdict v = judge(TIMED, slow, measured(40_000, 0), STEADY);
    assertEquals("ran 36.0 s, past its 12 s maxexecutiontime plus 15s grace (execution.acceptance.grace): operations"
        + " were stuck", v.cause());
    assertEquals(PhaseVerdict.OK, judge(TIMED, new ChildProcess.Outcome(0, false, false, Duration.ofSeconds(26),
        List.of()), measured(40_000, 0), STEADY));
  }

  @Test
  void failsACellThatMeasuredAlmostNothing() {
    PhaseMeasurements one = new PhaseMeasurements(10_000.0, 0.1, window(WindowStats.FULL, 0, 10, 1, 0),
        window(WindowStats.STEADY, 2, 8, 1, 0), null);
    PhaseVerdict v = judge(TIMED, CLEAN, one, STEADY);
    assertEquals(new PhaseVerdict(PhaseStatus.FAILED, "only 1 successful operation in the 8 s steady window (minimum"
        + " 1,000: execution.acceptance.minOperations)"), v);
  }

  @Test
  void failsASteadyWindowShorterThanTheMinimumOrAbsent() {
    PhaseMeasurements shortWindow = new PhaseMeasurements(6_000.0, 10_000.0, window(WindowStats.FULL, 0, 6, 60_000, 0),
        window(WindowStats.STEADY, 3, 3, 30_000, 0), null);
    assertEquals("steady window only 3 s from 3 s in (minimum 5s: execution.acceptance.minWindow); lengthen the phase"
        + " (maxexecutiontime or operationcount)", judge(TIMED, CLEAN, shortWindow, STEADY).cause());
    PhaseMeasurements none = new PhaseMeasurements(1_000.0, 10_000.0, window(WindowStats.FULL, 0, 1, 10_000, 0), null,
        "phase shorter than the 10 s ramp-up");
    assertTrue(judge(TIMED, CLEAN, none, null).cause().startsWith("no steady window to state figures from: phase shorter"
        + " than the 10 s ramp-up"));
  }

  @Test
  void marksAStillRisingOrScatteredThroughputUnstable() {
    PhaseVerdict rising = judge(TIMED, CLEAN, measured(40_000, 0), new Stability(2, "auto", 10, 3_000, 0.2, 0.4, 0, null, null));
    assertEquals(new PhaseVerdict(PhaseStatus.UNSTABLE, "throughput still rising 40% over the steady window (limit 25%:"
        + " execution.acceptance.maxRise): warm-up not over; lengthen the phase"), rising);
  }

  /** Seconds of {@code mean} with independent noise of {@code spread} (a share) and a linear change of {@code drift} across them. */
  private static double[] series(int seconds, double mean, double spread, double drift, long seed) {
    java.util.Random r = new java.util.Random(seed);
    double[] xs = new double[seconds];
    for (int i = 0; i < seconds; i++) {
      xs[i] = mean * (1 + drift * i / (seconds - 1) + spread * r.nextGaussian());
    }
    return xs;
  }

  private static PhaseVerdict judgeSeries(double[] xs, Acceptance a) {
    Stability s = new Stability(2, "auto", xs.length, 10_000, 0.4, 0.0, 0, null, null);
    if (a.judgesPrecision()) {  // as the runners: precision: off leaves the judgement out
      s = s.withPrecision(CellPrecision.judge(xs, CellPrecision.rule(a, 1), null));
    }
    return PhaseVerdict.of(TIMED, new PhaseVerdict.Evidence(CLEAN, measured(400_000, 0), null, s, null, null), a,
        HostLimits.current());
  }

  private static Acceptance withPrecision(Double precision) {
    return new Acceptance(1000, Duration.ofSeconds(5), Acceptance.SteadyStateRule.AUTO, 0.25, 0.25,
        Duration.ofSeconds(3), Duration.ofSeconds(15), precision);
  }

  @Test
  void judgesTheMeanNotThePerSecondSpread() {
    // 30% per-second spread over 10 minutes: the old CV rule (25%) called it unstable, yet its mean is known to ±3-4%
    double[] scattered = series(600, 10_000, 0.3, 0, 7);
    assertEquals(PhaseVerdict.OK, judgeSeries(scattered, DEFAULTS));
    // the same spread against a ±1% target is not precise, and says by how much
    PhaseVerdict strict = judgeSeries(scattered, withPrecision(0.01));
    assertEquals(PhaseStatus.UNSTABLE, strict.status());
    assertTrue(strict.cause().matches("not precise: ±[0-9.]+% after 600 s \\(target ±1\\.0%\\)"
        + " \\(execution\\.acceptance\\.precision\\)"), strict.cause());
    // a steady 30% rise with little spread: the mean keeps moving, however narrow its interval
    PhaseVerdict drifting = judgeSeries(series(60, 10_000, 0.02, 0.3, 3), DEFAULTS);
    assertEquals(PhaseStatus.UNSTABLE, drifting.status());
    assertTrue(drifting.cause().startsWith("drifting: the mean rose "), drifting.cause());
    assertTrue(drifting.cause().endsWith("(execution.acceptance.precision, default 5%)"), drifting.cause());
    // precision: off judges nothing, even a judgement recorded before
    assertEquals(PhaseVerdict.OK, judgeSeries(series(60, 10_000, 0.02, 0.3, 3), withPrecision(Double.POSITIVE_INFINITY)));
    Stability judged = new Stability(2, "auto", 60, 10_000, 0.02, 0.0, 0, null, null).withPrecision(
        CellPrecision.judge(series(60, 10_000, 0.02, 0.3, 3), CellPrecision.rule(DEFAULTS, 1), null));
    assertEquals(PhaseVerdict.OK, PhaseVerdict.of(TIMED, new PhaseVerdict.Evidence(CLEAN, measured(400_000, 0), null,
        judged, null, null), withPrecision(Double.POSITIVE_INFINITY), HostLimits.current()));
  }

  @Test
  void aShortWindowIsHeldToPrecisionOnlyWhenThePlanAskedForIt() {
    double[] twelve = series(12, 10_000, 0.01, 0, 1);
    assertEquals(PhaseVerdict.OK, judgeSeries(twelve, DEFAULTS));
    assertEquals(new PhaseVerdict(PhaseStatus.UNSTABLE, "not precise: only 12 s of steady window, needs 20 s"
        + " (execution.acceptance.precision)"), judgeSeries(twelve, withPrecision(0.05)));
  }

  @Test
  void holdsOnlyMeasuredCellsToTheFiguresMinimums() {
    PhaseMeasurements tiny = new PhaseMeasurements(500.0, 200.0, window(WindowStats.FULL, 0, 0.5, 100, 0), null,
        "phase shorter than the 10 s ramp-up");
    assertEquals(PhaseVerdict.OK, judge(Phases.preparingLoad(Map.of("recordcount", "100")), CLEAN, tiny, null));
    Phase warmup = Phases.of(PhaseKind.WARMUP, Map.of("operationcount", "100"), 4, Optional.empty());
    assertEquals(PhaseVerdict.OK, judge(warmup, CLEAN, tiny, null));
    // but a stalled load fails like any phase
    assertEquals(PhaseStatus.FAILED, judge(Phases.preparingLoad(Map.of("recordcount", "100")), CLEAN, tiny,
        new Stability(0, "fixed", 0, 0, null, null, 4, 1.0, null)).status());
  }

  @Test
  void maxExecutionTimeRunsAreNotHeldToTheirOperationCountButLoadsAre() {
    assertEquals(PhaseVerdict.OK, judge(TIMED, CLEAN, measured(60_000, 0), STEADY));
    Phase load = Phases.of(PhaseKind.LOAD, Map.of("recordcount", "100000"), 4, Optional.empty());
    assertEquals(PhaseStatus.FAILED, judge(load, CLEAN, measured(60_000, 0), STEADY).status());
  }
}
