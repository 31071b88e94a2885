package dev.ycsbmongo.orchestrator.check;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ycsbmongo.orchestrator.plan.MatrixSize;
import dev.ycsbmongo.orchestrator.plan.PlanException;
import dev.ycsbmongo.orchestrator.process.HostLimits;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The checks validate and run share, on plans held in memory and a machine the test stands in for. */
class PlanCheckTest {

  /** A 2-core machine with Linux's default pid_max and a few hundred threads running. */
  private static final HostLimits SMALL = HostLimits.fixed(32_310,
      "pid limit 32,768 from /proc/sys/kernel/pid_max, less 394 threads running and 64 for the JVM itself");

  private static String plan(String threads, String extra) {
    return """
        name: p
        targets: [{name: local, uri: embedded}]
        scenarios:
          - name: a
            properties: {threads: %s}
        properties: {workload: site.ycsb.workloads.CoreWorkload, recordcount: 10, operationcount: 10}
        %s""".formatted(threads, extra);
  }

  private static PlanCheck.Checked check(String yaml, PlanCheck.Options options) {
    return PlanCheck.load(yaml, Path.of("plan.yaml"), Map.of(), options);
  }

  @Test
  void refusesATimeLimitAWorkloadFileSetsBeyondThePhaseTimeout(@TempDir Path dir) throws IOException {
    Files.writeString(dir.resolve("w"), "workload=site.ycsb.workloads.CoreWorkload\nrecordcount=10\n"
        + "maxexecutiontime=3600\n");
    PlanException e = assertThrows(PlanException.class, () -> PlanCheck.load("""
        name: p
        targets: [{name: local, uri: embedded}]
        scenarios: [{name: a, workload: w}]
        execution: {phaseTimeout: 30m}
        """, dir.resolve("plan.yaml"), Map.of(), new PlanCheck.Options(false, SMALL)));
    assertEquals(dir.resolve("plan.yaml") + ":3: scenarios[0].workload: maxexecutiontime 3600 s is not shorter than"
        + " execution.phaseTimeout 30m: phase load/local/-/#1 would be killed and recorded failed; raise"
        + " phaseTimeout or shorten the phase", e.getMessage());
  }

  @Test
  void refusesASweepTheConnectionStringsOptionWouldOverride() {
    // the binding keeps YCSB 0.17.0's precedence: the URL's w wins over mongodb.writeConcern
    PlanException e = assertThrows(PlanException.class, () -> check("""
        name: p
        targets: [{name: rs, uri: "mongodb://127.0.0.1:27017/ycsb?w=1"}]
        scenarios: [{name: a}]
        properties: {workload: site.ycsb.workloads.CoreWorkload, recordcount: 10, operationcount: 10}
        sweep:
          mongodb.writeConcern: [1, majority]
        """, new PlanCheck.Options(false, SMALL)));
    assertTrue(e.getMessage().startsWith("plan.yaml:6: sweep.mongodb.writeConcern: mongodb.writeConcern: target rs's"
        + " connection string sets w=1, which wins over mongodb.writeConcern as in YCSB 0.17.0"), e.getMessage());
  }

  @Test
  void acceptsAPropertyTheConnectionStringDoesNotSet() {
    check("""
        name: p
        targets: [{name: rs, uri: "mongodb://127.0.0.1:27017/ycsb?maxPoolSize=50"}]
        scenarios: [{name: a}]
        properties: {workload: site.ycsb.workloads.CoreWorkload, recordcount: 10, operationcount: 10}
        sweep:
          mongodb.writeConcern: [1, majority]
          mongodb.readPreference: [primary]
        """, new PlanCheck.Options(false, SMALL));
  }

  @Test
  void rejectsFiftyThousandThreadsNamingTheFigureAndWhereItComesFrom() {
    PlanException e = assertThrows(PlanException.class,
        () -> check(plan("50000", ""), new PlanCheck.Options(false, SMALL)));
    assertEquals("plan.yaml:5: scenarios[0].properties.threads: 50,000 threads is more than this machine can host:"
        + " at most 32,310 (pid limit 32,768 from /proc/sys/kernel/pid_max, less 394 threads running and 64 for the"
        + " JVM itself); lower the thread count, run the client on a larger machine, or spread the cell over several"
        + " client machines (clients: N with execution.backend: kubernetes)", e.getMessage());
  }

  @Test
  void acceptsTenThousandThreadsOnTheSameMachine() {
    assertEquals(2, check(plan("10000", ""), new PlanCheck.Options(false, SMALL)).matrix().phases().size());
  }

  @Test
  void acceptsAnyThreadCountWhereNoLimitIsKnown() {
    HostLimits unknown = java.util.Optional::empty;
    assertEquals(2, check(plan("50000", ""), new PlanCheck.Options(false, unknown)).matrix().phases().size());
  }

  @Test
  void refusesAThousandThreadsInACgroupV1GroupOfFourHundredPids(@TempDir Path root) throws IOException {
    // docker --pids-limit 400 on a cgroup-v1 host: the machine's own limits are far away
    Files.createDirectories(root.resolve("proc/sys/kernel"));
    Files.writeString(root.resolve("proc/sys/kernel/pid_max"), "4194304\n");
    Files.createDirectories(root.resolve("proc/self"));
    Files.writeString(root.resolve("proc/self/cgroup"), "12:pids:/docker/abc\n4:memory:/docker/abc\n");
    Files.createDirectories(root.resolve("sys/fs/cgroup/pids/docker/abc"));
    Files.writeString(root.resolve("sys/fs/cgroup/pids/docker/abc/pids.max"), "400\n");
    Files.writeString(root.resolve("sys/fs/cgroup/pids/docker/abc/pids.current"), "3\n");
    PlanException e = assertThrows(PlanException.class,
        () -> check(plan("1000", ""), new PlanCheck.Options(false, new HostLimits.Proc(root))));
    assertEquals("plan.yaml:5: scenarios[0].properties.threads: 1,000 threads is more than this machine can host:"
        + " at most 333 (cgroup pids.max 400 from /sys/fs/cgroup/pids/docker/abc/pids.max, less 3 in use and 64 for"
        + " the JVM itself); lower the thread count, run the client on a larger machine, or spread the cell over"
        + " several client machines (clients: N with execution.backend: kubernetes)", e.getMessage());
  }

  @Test
  void blamesTheLoadThreadsOfThePreparingLoad() {
    HostLimits tiny = HostLimits.fixed(4, "max user processes 100 from ulimit -u");
    PlanException e = assertThrows(PlanException.class, () -> check(plan("2", "execution: {load: {threads: 8}}\n"),
        new PlanCheck.Options(false, tiny)));
    assertTrue(e.getMessage().startsWith("plan.yaml:7: execution.load.threads: 8 threads is more than this machine"
        + " can host: at most 4 (max user processes 100 from ulimit -u)"), e.getMessage());
  }

  private static String sweep(int n) {
    return "sweep: {operationcount: [" + IntStream.rangeClosed(1, n).mapToObj(i -> String.valueOf(i * 10))
        .collect(Collectors.joining(", ")) + "]}\n";
  }

  @Test
  void rejectsAMatrixAboveTheLimitUnlessConfirmed() {
    String yaml = plan("1", sweep(10_000));
    PlanException e = assertThrows(PlanException.class, () -> check(yaml, new PlanCheck.Options(false, SMALL)));
    assertEquals("plan.yaml:7: sweep: the plan expands to at least 10,001 phases; 10,001 phases have no"
        + " maxexecutiontime (they last as long as the operations or records asked for take): more than 10,000"
        + " phases, too many to be meant; make the sweep smaller or split the plan, or pass --allow-large-matrix to"
        + " run it as it is", e.getMessage());
    PlanCheck.Checked confirmed = check(yaml, new PlanCheck.Options(true, SMALL));
    assertEquals(10_001, confirmed.matrix().phases().size());
    assertTrue(confirmed.size().exact());
  }

  @Test
  void rejectsAHugeMatrixBeforeExpandingIt() {
    String five = IntStream.rangeClosed(1, 100).mapToObj(String::valueOf).collect(Collectors.joining(", "));
    String yaml = plan("1", "sweep: {target: [" + five + "], fieldcount: [" + five + "], fieldlength: [" + five
        + "], maxscanlength: [" + five + "], minscanlength: [1]}\n");
    long start = System.nanoTime();
    PlanException e = assertThrows(PlanException.class, () -> check(yaml, new PlanCheck.Options(true, SMALL)));
    assertTrue(e.getMessage().contains("at least 100,000,001 phases")
        && e.getMessage().contains("the most one run can hold in memory"), e.getMessage());
    assertTrue(System.nanoTime() - start < 5_000_000_000L, "refused by arithmetic, not by expanding");
  }

  @Test
  void sumsMaxExecutionTimeOverTheMatrix() {
    String yaml = """
        name: p
        targets: [{name: local, uri: embedded}]
        scenarios:
          - {name: a, properties: {maxexecutiontime: [20, 40]}}
          - {name: b}
        properties: {workload: site.ycsb.workloads.CoreWorkload, recordcount: 10, operationcount: 10}
        sweep: {threads: [1, 2, 4]}
        execution: {repetitions: 2, rampUp: 5s, warmup: {maxexecutiontime: 10}}
        """;
    MatrixSize size = check(yaml, new PlanCheck.Options(false, SMALL)).size();
    // a: 2 x 3 cells x (2 runs of 20 or 40 s + a 10 s warm-up); b: 3 cells x 2 runs without a limit + 3 warm-ups
    assertEquals(2 * 3 * 2 * 30 + 6 * 10 + 3 * 10, size.timedSeconds());
    assertEquals(6 + 1, size.untimedPhases());
    assertEquals(6 * 3 + 3 * 3 + 1, size.phases());
    assertEquals("28 phases; maxexecutiontime adds up to 7 min 30 s, and 7 phases have no maxexecutiontime (they last"
        + " as long as the operations or records asked for take)", size.describe());
  }

  @Test
  void countsBeforeExpansionWhatTheExpansionBuilds() {
    String yaml = """
        name: p
        targets: [{name: x, uri: embedded}, {name: y, uri: embedded, properties: {threads: [1, 2]}}]
        scenarios:
          - {name: load, kind: load}
          - {name: a, properties: {readproportion: [0.5, 1]}}
        properties: {workload: site.ycsb.workloads.CoreWorkload, recordcount: 10, operationcount: 10}
        zip: [{threads: [1, 4, 8], target: [10, 40, 80]}]
        execution: {repetitions: 3}
        """;
    PlanCheck.Checked c = check(yaml, new PlanCheck.Options(false, SMALL));
    assertEquals(MatrixSize.of(c.matrix().plan()).phases(), c.matrix().phases().size());
  }

  @Test
  void rejectsADataSetTooSmallForItsInsertStartAtTheLineThatSetsIt() {
    PlanException e = assertThrows(PlanException.class, () -> check(plan("1",
        "execution: {load: {properties: {insertstart: 10}}}\n"), new PlanCheck.Options(false, SMALL)));
    assertTrue(e.getMessage().startsWith("plan.yaml:7: execution.load.properties.insertstart: insertstart, recordcount:"
        + " insertstart 10 is beyond recordcount 10"), e.getMessage());
  }

  @Test
  void rejectsAPreparingLoadWithoutAWorkloadClassItsScenarioHas() {
    PlanException e = assertThrows(PlanException.class, () -> check("""
        name: p
        targets: [{name: local, uri: embedded}]
        scenarios: [{name: a, properties: {workload: site.ycsb.workloads.CoreWorkload}}]
        properties: {recordcount: 10, operationcount: 10}
        """, new PlanCheck.Options(false, SMALL)));
    assertTrue(e.getMessage().startsWith("plan.yaml:3: scenarios[0]: scenario a has no YCSB workload: it has no"
        + " workload file and no workload property; the load that prepares its data takes the plan's and target's"
        + " properties"), e.getMessage());
  }

  @Test
  void acceptsAConnectionsScenarioWithoutAWorkload() {
    String yaml = """
        name: p
        targets: [{name: local, uri: embedded}]
        scenarios: [{name: hold, kind: connections, properties: {connections.count: 10}}]
        """;
    assertEquals(1, check(yaml, new PlanCheck.Options(false, SMALL)).matrix().phases().size());
  }

  @Test
  void rejectsAWarmUpThatNeverEnds() {
    PlanException e = assertThrows(PlanException.class, () -> check(plan("1",
        "execution: {warmup: {operationcount: 0}}\n"), new PlanCheck.Options(false, SMALL)));
    assertTrue(e.getMessage().startsWith("plan.yaml:7: execution.warmup.operationcount: phase warmup/local/a/-/warmup"
        + " has operationcount 0 and no maxexecutiontime"), e.getMessage());
  }

  /** Study 1 in small: two sizes per storage family, each at its own threads (8c32g: cloud disk 64, local SSD 32). */
  private static String sizes(String compare) {
    return """
        name: sizes
        targets:
          - {name: disk-4c8g, uri: embedded, labels: {storage: cloud disk, size: 4c8g}, properties: {threads: 16}}
          - {name: ssd-4c8g, uri: embedded, labels: {storage: local SSD, size: 4c8g}, properties: {threads: 16}}
          - {name: disk-8c32g, uri: embedded, labels: {storage: cloud disk, size: 8c32g}, properties: {threads: 64}}
          - {name: ssd-8c32g, uri: embedded, labels: {storage: local SSD, size: 8c32g}, properties: {threads: 32}}
        scenarios:
          - {name: rw-95-5}
          - {name: rw-50-50}
        properties: {workload: site.ycsb.workloads.CoreWorkload, recordcount: 10, operationcount: 10}
        report:
          compare:
        %s""".formatted(compare);
  }

  @Test
  void warnsOfPairsAComparisonWillRefuseNamingTheCellsAndTheDifferingToAdd() {
    PlanCheck.Checked checked = check(sizes("    - storage=cloud disk,local SSD\n"), new PlanCheck.Options(false, SMALL));
    assertEquals(java.util.List.of("plan.yaml:13: report.compare[0]: 'storage=cloud disk,local SSD' will not compare"
        + " 2 pairs whose cells run differently: disk-8c32g vs ssd-8c32g: threads 64 vs 32 (rw-95-5, rw-50-50); if"
        + " intended, write this entry as a map with by: storage=cloud disk,local SSD and differing: [threads]"),
        checked.warnings());
  }

  @Test
  void warnsThatMaxCvIsNoLongerUsed() {
    PlanCheck.Checked checked = check(plan("1", "execution:\n  acceptance: {maxCv: 30%, precision: 3%}\n"),
        new PlanCheck.Options(false, SMALL));
    assertEquals(java.util.List.of("execution.acceptance.maxCv (line 8) is no longer used: a cell is judged on how"
        + " well its mean is known (execution.acceptance.precision, docs/verdicts.md), not on per-second spread;"
        + " remove it"), checked.warnings());
  }

  @Test
  void warnsOfNothingWhenThePlanAcceptsTheDifference() {
    PlanCheck.Checked checked = check(sizes("    - by: storage=cloud disk,local SSD\n      differing: [threads]\n"),
        new PlanCheck.Options(false, SMALL));
    assertEquals(java.util.List.of(), checked.warnings());
  }

  /** An embedded target's count beyond the orchestrator's open-files limit: it cannot run on this machine. */
  private static final long TOO_MANY = Math.max(60_000, openFiles() + 1);

  private static long openFiles() {
    return java.lang.management.ManagementFactory.getOperatingSystemMXBean()
        instanceof com.sun.management.UnixOperatingSystemMXBean unix ? unix.getMaxFileDescriptorCount() : 60_000;
  }

  private static String connections(String counts, String backend) {
    return """
        name: c
        targets: [{name: local, uri: embedded}]
        scenarios: [{name: hold, kind: connections}]
        sweep: {connections.count: [%s]}
        execution: {repetitions: 2%s}
        """.formatted(counts, backend);
  }

  @Test
  void onTheLocalBackendACellThisMachineCannotHoldIsListedAndTheOthersRun() {
    PlanCheck.Checked checked = check(connections("100, " + TOO_MANY, ""), new PlanCheck.Options(false, SMALL));
    assertEquals(4, checked.matrix().phases().size());
    java.util.List<String> skipped = checked.warnings().stream().filter(w -> w.startsWith("will not run here")).toList();
    assertEquals(1, skipped.size(), checked.warnings().toString());  // one line per cell, not per repetition
    assertTrue(skipped.get(0).contains("connections.count=" + TOO_MANY + "/rep=1") && skipped.get(0).contains("ulimit -n"),
        skipped.get(0));
  }

  @Test
  void aPlanOfWhichNoCellCanRunHereIsRefused() {
    PlanException e = assertThrows(PlanException.class,
        () -> check(connections(String.valueOf(TOO_MANY), ""), new PlanCheck.Options(false, SMALL)));
    assertTrue(e.getMessage().contains("ulimit -n") && e.getMessage().endsWith("no phase of the plan can run here"),
        e.getMessage());
  }

  private static String timed(int seconds, String execution) {
    return """
        name: p
        targets: [{name: local, uri: embedded}]
        scenarios: [{name: a}]
        properties: {workload: site.ycsb.workloads.CoreWorkload, recordcount: 10, operationcount: 100000000,
          maxexecutiontime: %d}
        execution: %s
        """.formatted(seconds, execution);
  }

  @Test
  void refusesAPhaseWhoseSteadyWindowTheVerdictWouldFindTooShort() {
    // 6 s, rampUp 1 s, minWindow 5 s: YCSB's last interval is not judged, so at most 4 s are left
    PlanException fixed = assertThrows(PlanException.class, () -> check(timed(6,
        "{rampUp: 1s, acceptance: {minWindow: 5s, steadyState: fixed}}"), new PlanCheck.Options(false, SMALL)));
    assertEquals("plan.yaml:5: properties.maxexecutiontime: maxexecutiontime 6 s leaves phase run/local/a/-/rep=1 a steady"
        + " window of 4 s at most (6 s, less the 1s rampUp, less YCSB's last status interval, which is not judged),"
        + " under execution.acceptance.minWindow 5s: its verdict would always be failed; maxexecutiontime 7 s or more"
        + " would fit, or shorten rampUp or lower acceptance.minWindow", fixed.getMessage());
    // the same under steadyState auto, which may start the window as late as 3 s in
    PlanException auto = assertThrows(PlanException.class, () -> check(timed(6,
        "{rampUp: 1s, acceptance: {minWindow: 5s}}"), new PlanCheck.Options(false, SMALL)));
    assertTrue(auto.getMessage().contains("a steady window of 2 s at most (6 s, less YCSB's last status interval, which"
        + " is not judged, from 3 s in: the latest start steadyState auto may choose)"), auto.getMessage());
    assertTrue(auto.getMessage().endsWith("maxexecutiontime 11 s or more would fit, or steadyState: fixed with 7 s"),
        auto.getMessage());
    // 8 s with rampUp 2 s failed every cell: auto may start the window at 4 s, leaving 3 s of the 5 s asked
    PlanException eight = assertThrows(PlanException.class, () -> check(timed(8, "{rampUp: 2s}"),
        new PlanCheck.Options(false, SMALL)));
    assertTrue(eight.getMessage().contains("a steady window of 3 s at most"), eight.getMessage());
    assertTrue(eight.getMessage().contains("its verdict would be failed whenever steadyState auto starts the window"
        + " after 2 s in; maxexecutiontime 12 s or more would fit, or steadyState: fixed with 8 s"), eight.getMessage());
  }

  @Test
  void acceptsAPhaseLongEnoughWhereverAutoStartsTheWindow() {
    check(timed(12, "{rampUp: 1s, acceptance: {minWindow: 5s}}"), new PlanCheck.Options(false, SMALL));
    check(timed(7, "{rampUp: 1s, acceptance: {minWindow: 5s, steadyState: fixed}}"), new PlanCheck.Options(false,
        SMALL));
    check(timed(20, "{}"), new PlanCheck.Options(false, SMALL));  // the defaults: rampUp 10s, minWindow 5s
  }
}
