package dev.ycsbmongo.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.ycsbmongo.orchestrator.embedded.EmbeddedMongoServer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;
import org.junit.jupiter.api.parallel.ResourceLock;

/**
 * A target that dies or stalls in the middle of a run phase: the cell fails within seconds with the
 * cause, the plan stops before the next cell with one line saying how to resume, nothing measured
 * is lost, and {@code run --resume} once the server is back runs what is missing. Against test-owned
 * embedded servers (they must be killed and stalled), not the extension's.
 *
 * <p>The late server's method runs beside the other two: it mostly waits (the run's 10 s probe of a target that is
 * down, then its checks until it answers). The killed and the stalled server's methods take turns ({@link
 * #TWO_PLANS_AT_MOST}): with all three at once and another IT JVM busy, a loaded 2-core machine stretched their
 * plans past the 60 s they are held to. Each method has its own work directory and its own servers on free
 * ports; nothing static is shared but the plan's text.
 */
class TargetDownIT {

  /** The lock the killed and the stalled server's methods share, so that they run one after the other. */
  private static final String TWO_PLANS_AT_MOST = "TargetDownIT: a plan whose server dies or stalls";

  /**
   * Two scenarios on one target; acceptance loosened so the noisy machine's stability is not what is tested.
   * Throttled to 200 ops/s ({@code target}): what is tested is how a death or a stall is noticed, which needs
   * operations going on, not as many as the machine allows; flat out, the methods running at once (and the other
   * IT JVM) would compete for the 2 cores and stretch the plan's times the checks bound.
   */
  private static final String PLAN = """
      name: %s
      targets:
        - {name: doomed, uri: "${DOOMED_URI}"}
      scenarios:
        - {name: rw-50-50, workload: ${ROOT}/workloads/rw-50-50}
        - {name: rw-95-5, workload: ${ROOT}/workloads/rw-95-5}
      properties:
        recordcount: 500
        operationcount: 100000000
        maxexecutiontime: 12
        target: 200
      execution:
        rampUp: 1s
        targetDownAfter: 2s
        acceptance: {minOperations: 10, minWindow: 2s, precision: off, maxRise: off, hostBusy: off}
      """;

  @Test
  @Execution(ExecutionMode.CONCURRENT)
  @ResourceLock(TWO_PLANS_AT_MOST)
  void serverKilledMidPhaseFailsTheCellWithinSecondsStopsThePlanAndResumeFinishesIt(@TempDir Path work)
      throws Exception {
    System.out.println("[it] TargetDownIT: target is a test-owned embedded server, closed 2 s after its run phase reported operations");
    EmbeddedMongoServer first = EmbeddedMongoServer.start(0);
    EmbeddedMongoServer doomed = first;
    int port = first.port();
    Path plan = Orchestrator.writePlan(work, "down-it", PLAN.formatted("down-it"));
    Path results = work.resolve("results");
    Instant[] killedAt = new Instant[1];
    try {
      long t0 = System.nanoTime();
      LauncherRun run = Orchestrator.run(work, Map.of("DOOMED_URI", first.connectionString("ycsb")), process -> {
        Orchestrator.awaitRecords(process, results, 1, Duration.ofMinutes(2));  // the load
        // the run phase's child at work against the server: on a loaded machine its JVM alone can take seconds
        Orchestrator.awaitPhaseAtWork(process, work, 2, Duration.ofMinutes(2));
        sleep(2000);
        killedAt[0] = Instant.now();
        first.close();
      }, "run", plan.toString(), "-o", results.toString(), "--progress", "plain");
      double seconds = (System.nanoTime() - t0) / 1e9;
      assertEquals(1, run.exitCode, run.diagnostics());
      assertTrue(seconds < 60, "the plan took " + seconds + " s: it waited out timeouts instead of noticing");

      Path runDir = Orchestrator.onlyRunDir(results);
      List<JsonNode> records = records(runDir);
      assertEquals(2, records.size(), "the load and the cell the server died in; no later cell ran: " + records);
      JsonNode failed = records.get(1);
      assertEquals("FAILED", failed.get("status").asText(), failed.toString());
      String cause = failed.get("cause").asText();
      assertTrue(cause.startsWith("server stopped answering ") && cause.contains("connection refused"), cause);
      double deathToRecord = Duration.between(killedAt[0], Instant.parse(failed.get("end").asText())).toMillis() / 1000.0;
      System.out.printf("[it] TargetDownIT: server death to the failed cell's record: %.1f s%n", deathToRecord);
      assertTrue(deathToRecord < 15, "took " + deathToRecord + " s from the server's death to the record");
      assertTrue(run.stderr.contains("is not answering: stopping the plan") && run.stderr.contains("run --resume "
          + runDir), run.stderr);
      assertTrue(run.stdout.contains("stopped: target doomed"), run.stdout);
      assertTrue(!run.stdout.contains("Exception") && !run.stderr.contains("\tat "), run.diagnostics());

      // the server is back (empty: the resume reloads), and the resume runs the failed and missing cells
      doomed = EmbeddedMongoServer.start(port);
      LauncherRun resume = Orchestrator.run(work, Map.of("DOOMED_URI", doomed.connectionString("ycsb")), null,
          "run", "--resume", runDir.toString(), "--progress", "plain");
      assertEquals(0, resume.exitCode, resume.diagnostics());
      List<JsonNode> after = records(runDir);
      assertEquals("FAILED", after.get(1).get("status").asText(), "the failed attempt is kept: nothing is lost");
      long okRuns = after.stream().filter(r -> r.get("kind").asText().equals("RUN")
          && r.get("status").asText().equals("SUCCEEDED")).count();
      assertEquals(2, okRuns, after.toString());
    } finally {
      doomed.close();
    }
  }

  @Test
  @Execution(ExecutionMode.CONCURRENT)
  @ResourceLock(TWO_PLANS_AT_MOST)
  void stalledServerFailsTheCellWithNoReplyAndStopsThePlan(@TempDir Path work) throws Exception {
    System.out.println("[it] TargetDownIT: target is a test-owned embedded server behind a proxy that stalls 2 s after its"
        + " run phase reported operations (accepts, never answers)");
    try (EmbeddedMongoServer server = EmbeddedMongoServer.start(0);
         StallingProxy proxy = new StallingProxy("127.0.0.1", server.port())) {
      Path plan = Orchestrator.writePlan(work, "stall-it", PLAN.formatted("stall-it"));
      Path results = work.resolve("results");
      long t0 = System.nanoTime();
      LauncherRun run = Orchestrator.run(work, Map.of("DOOMED_URI", "mongodb://127.0.0.1:" + proxy.port() + "/ycsb"),
          process -> {
            Orchestrator.awaitRecords(process, results, 1, Duration.ofMinutes(2));
            Orchestrator.awaitPhaseAtWork(process, work, 2, Duration.ofMinutes(2));
            sleep(2000);
            proxy.stall();
          }, "run", plan.toString(), "-o", results.toString(), "--progress", "plain");
      double seconds = (System.nanoTime() - t0) / 1e9;
      assertEquals(1, run.exitCode, run.diagnostics());
      assertTrue(seconds < 60, "took " + seconds + " s");
      List<JsonNode> records = records(Orchestrator.onlyRunDir(results));
      assertEquals(2, records.size(), records.toString());
      String cause = records.get(1).get("cause").asText();
      assertTrue(cause.startsWith("server stopped answering ") && cause.contains("did not answer"), cause);
    }
  }

  @Test
  @Execution(ExecutionMode.CONCURRENT)
  void onTargetDownWaitWaitsForTheServerAndGoesOn(@TempDir Path work) throws Exception {
    System.out.println("[it] TargetDownIT: target is a test-owned embedded server started once the run says it waits"
        + " for it (after the run's 10 s probe of its targets found it down)");
    int port;
    try (java.net.ServerSocket s = new java.net.ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
      port = s.getLocalPort();
    }
    Path plan = Orchestrator.writePlan(work, "wait-it", PLAN.formatted("wait-it").replace("maxexecutiontime: 12",
        "maxexecutiontime: 6").replace("  rampUp: 1s", "  rampUp: 1s\n  onTargetDown: wait\n  targetWait: 2m"));
    Path results = work.resolve("results");
    EmbeddedMongoServer[] late = new EmbeddedMongoServer[1];
    try {
      LauncherRun run = Orchestrator.run(work, Map.of("DOOMED_URI", "mongodb://127.0.0.1:" + port + "/ycsb"),
          process -> {
            // not a fixed delay: the server must stay down through the run's probe and its first check before
            // waiting, however long a loaded machine takes to start the orchestrator's JVM
            Orchestrator.poll(process, Duration.ofMinutes(2), "the run said it waits for the target",
                () -> stderrSays(work, "waiting up to 2m for it (execution.onTargetDown: wait)"));
            late[0] = EmbeddedMongoServer.start(port);
          }, "run", plan.toString(), "-o", results.toString(), "--progress", "plain");
      assertTrue(run.stderr.contains("waiting up to 2m for it (execution.onTargetDown: wait)"), run.stderr);
      assertTrue(run.stderr.contains("target doomed answers again; going on"), run.stderr);
      assertEquals(0, run.exitCode, run.diagnostics());
      assertEquals(3, records(Orchestrator.onlyRunDir(results)).size());
    } finally {
      if (late[0] != null) {
        late[0].close();
      }
    }
  }

  /** Whether the standard error of a launcher run in {@code work} (see {@link LauncherRun}) holds {@code text}. */
  private static boolean stderrSays(Path work, String text) throws java.io.IOException {
    try (Stream<Path> files = Files.list(work)) {
      for (Path f : files.filter(f -> f.getFileName().toString().matches("run-.*\\.stderr")).toList()) {
        if (Files.readString(f).contains(text)) {
          return true;
        }
      }
    }
    return false;
  }

  private static List<JsonNode> records(Path runDir) throws Exception {
    ObjectMapper json = new ObjectMapper();
    List<JsonNode> out = new ArrayList<>();
    for (String line : Orchestrator.resultLines(runDir)) {
      out.add(json.readTree(line));
    }
    return out;
  }

  private static void sleep(long millis) {
    try {
      Thread.sleep(millis);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
