package dev.ycsbmongo.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInfo;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * Who owns a run directory while a run writes it, and what a killed orchestrator leaves: a second
 * {@code run --resume} is refused while the first runs; {@code kill -9} of the orchestrator ends its
 * YCSB child within seconds and leaves no connection file; the dead run's lock is then taken over.
 */
@ExtendWith(MongoServerExtension.class)
class RunDirectoryOwnershipIT {

  private static final String PLAN = """
      name: ownership-it
      targets:
        - name: test-server
          uri: ${IT_MONGODB_URI}
      scenarios:
        - name: long-reads
          workload: ${ROOT}/workloads/rw-50-50
      properties:
        recordcount: 200
        operationcount: 100000000
        maxexecutiontime: 120
        mongodb.database: @DATABASE@
      """;
  private static final Duration CHILD_GONE_WITHIN = Duration.ofSeconds(5);

  @Test
  void refusesASecondWriterAndLeavesNothingRunningWhenTheOrchestratorIsKilled(TestMongo mongo, TestInfo info,
      @TempDir Path work) throws Exception {
    String db = mongo.freshDatabase("owner", info);
    Path plan = Orchestrator.writePlan(work, "ownership-it", PLAN.replace("@DATABASE@", db));
    Path tmp = Files.createDirectories(work.resolve("tmp"));
    Map<String, String> env = Map.of("IT_MONGODB_URI", mongo.uri(db), "JAVA_OPTS", "-Djava.io.tmpdir=" + tmp);
    Path results = work.resolve("results");
    List<ProcessHandle> children = new ArrayList<>();
    long[] orchestratorPid = {0};
    LauncherRun[] second = new LauncherRun[1];

    LauncherRun first = Orchestrator.run(work, env, process -> {
      try {
        orchestratorPid[0] = process.pid();
        Orchestrator.awaitRecords(process, results, 1, Duration.ofMinutes(2));  // the load: the run phase is next
        ProcessHandle ycsb = awaitYcsbChild(process);
        Path runDir = Orchestrator.onlyRunDir(results);
        assertTrue(connectionDirs(tmp, process.pid()).size() == 1, "the running phase's connection file is in " + tmp);

        second[0] = Orchestrator.run(work, env, null, "run", "--resume", runDir.toString(), "--progress", "none");

        process.descendants().forEach(children::add);
        assertTrue(children.contains(ycsb), children.toString());
        process.destroyForcibly();  // kill -9: no shutdown hook runs
        process.waitFor(10, TimeUnit.SECONDS);
      } catch (Exception e) {
        throw new AssertionError(e);
      }
    }, "run", plan.toString(), "-o", results.toString(), "--progress", "plain");
    Path runDir = Orchestrator.onlyRunDir(results);

    // the second writer was refused in one line naming the first
    assertEquals(2, second[0].exitCode, second[0].diagnostics());
    assertTrue(Pattern.matches("orchestrator: " + Pattern.quote(runDir.toString()) + " is in use by PID "
        + orchestratorPid[0] + " \\(run, started \\d\\d:\\d\\d:\\d\\d on [^)]+\\); wait for it or stop it\n",
        second[0].stderr), second[0].diagnostics());
    assertEquals(137, first.exitCode, first.diagnostics());

    // the YCSB child (and anything else the orchestrator started) ends by itself, and takes its URL file along
    long deadline = System.nanoTime() + CHILD_GONE_WITHIN.toNanos();
    while (children.stream().anyMatch(ProcessHandle::isAlive) && System.nanoTime() < deadline) {
      Thread.sleep(100);
    }
    List<ProcessHandle> alive = children.stream().filter(ProcessHandle::isAlive).toList();
    List<String> described = alive.stream().map(p -> p.pid() + " " + LauncherRun.cmdline(p.pid())).toList();
    alive.forEach(ProcessHandle::destroyForcibly);  // never leave one behind, even when the test fails
    assertEquals(List.of(), described, "children still running " + CHILD_GONE_WITHIN.toSeconds() + " s after kill -9 of the orchestrator");
    assertEquals(List.of(), connectionDirs(tmp, orchestratorPid[0]), "a connection file outlived the run");

    // the dead run's lock is taken over, with a note
    LauncherRun report = Orchestrator.run(work, env, null, "report", runDir.toString());
    assertEquals(0, report.exitCode, report.diagnostics());
    assertTrue(Pattern.compile("orchestrator: note: " + Pattern.quote(runDir.toString()) + ": taking over the lock "
        + "left by PID " + orchestratorPid[0] + " \\(run, started [^)]+\\), which is no longer running\n")
        .matcher(report.stderr).find(), report.diagnostics());
  }

  /** The YCSB child of the running phase, once it has started. */
  private static ProcessHandle awaitYcsbChild(Process orchestrator) throws InterruptedException {
    long deadline = System.nanoTime() + Duration.ofMinutes(1).toNanos();
    while (System.nanoTime() < deadline) {
      for (ProcessHandle p : orchestrator.descendants().toList()) {
        List<String> argv = LauncherRun.cmdline(p.pid());
        if (argv.contains("dev.ycsbmongo.binding.launch.YcsbMain") && argv.contains("-t")) {
          Thread.sleep(2000);  // well into its run: connected, loading the server
          return p;
        }
      }
      if (!orchestrator.isAlive()) {
        throw new AssertionError("the orchestrator ended before its run phase started");
      }
      Thread.sleep(100);
    }
    throw new AssertionError("no YCSB child of a run phase within a minute");
  }

  private static List<Path> connectionDirs(Path tmp, long pid) throws Exception {
    try (Stream<Path> s = Files.list(tmp)) {
      return s.filter(p -> p.getFileName().toString().startsWith("ycsb-orchestrator-" + pid + "-")).toList();
    }
  }
}
