package dev.ycsbmongo.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.ycsbmongo.orchestrator.embedded.EmbeddedMongoServer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A YCSB child stopped (SIGSTOP) for several seconds in the middle of a run phase and then let go:
 * it finishes operations at both ends of one long status interval, so no interval is empty, yet the
 * client did nothing for that long. The cell must fail as a stall that names the freeze, not pass as
 * steady. Against a test-owned embedded server (mongo-java-server, not MongoDB: only the verdict is tested).
 */
@Tag("alone")  // judges time itself: runs after the parallel ITs, one at a time (integration-tests/pom.xml)
class FrozenClientIT {

  private static final int FROZEN_SECONDS = 5;

  private static final String PLAN = """
      name: frozen-it
      targets:
        - {name: local, uri: "${URI}"}
      scenarios:
        - {name: rw-50-50, workload: ${ROOT}/workloads/rw-50-50}
      properties:
        recordcount: 500
        operationcount: 100000000
        maxexecutiontime: 12
      execution:
        rampUp: 1s
        acceptance: {minOperations: 10, minWindow: 2s, precision: off, maxRise: off, hostBusy: off}
      """;

  @Test
  void aChildStoppedForSecondsMidPhaseFailsAsAFreezeNamedInItsCause(@TempDir Path work) throws Exception {
    System.out.println("[it] FrozenClientIT: target is a test-owned embedded server; the YCSB child is stopped with"
        + " SIGSTOP for " + FROZEN_SECONDS + " s, 4 s into the run phase");
    try (EmbeddedMongoServer server = EmbeddedMongoServer.start(0)) {
      Path plan = Orchestrator.writePlan(work, "frozen-it", PLAN);
      Path results = work.resolve("results");
      long[] frozenPid = {-1};
      LauncherRun run = Orchestrator.run(work, Map.of("URI", server.connectionString("ycsb")), process -> {
        Orchestrator.awaitRecords(process, results, 1, Duration.ofMinutes(2));  // the load
        sleep(4000);
        ProcessHandle child = ycsbChild(process).orElseThrow(() -> new AssertionError("no YCSB child under "
            + process.pid()));
        frozenPid[0] = child.pid();
        signal("STOP", child.pid());
        try {
          sleep(FROZEN_SECONDS * 1000L);
        } finally {
          signal("CONT", child.pid());
        }
      }, "run", plan.toString(), "-o", results.toString(), "--progress", "plain");
      assertTrue(frozenPid[0] > 0, run.diagnostics());

      Path runDir = Orchestrator.onlyRunDir(results);
      List<String> lines = Orchestrator.resultLines(runDir);
      assertEquals(2, lines.size(), lines.toString());
      JsonNode cell = new ObjectMapper().readTree(lines.get(1));
      assertEquals("FAILED", cell.get("status").asText(), cell.toString());
      String cause = cell.get("cause").asText();
      System.out.println("[it] FrozenClientIT: cause: " + cause);
      assertTrue(cause.startsWith("client or server froze for ") || cause.startsWith("GC paused the client for "),
          cause);
      JsonNode stability = cell.get("stability");
      double stall = stability.get("longestStallSeconds").asDouble();
      assertTrue(stall >= FROZEN_SECONDS - 0.5 && stall < FROZEN_SECONDS + 3, "longest stall " + stall + " s");
      double at = stability.get("stallStartSeconds").asDouble();
      assertTrue(at > 1 && at < 8, "froze " + at + " s into the phase: " + stability);
      assertTrue(cause.contains(String.format(java.util.Locale.ROOT, "for %.1f s", stall))
          || cause.contains(String.format(java.util.Locale.ROOT, "for %.0f s", stall)), cause + " / " + stall);
      assertTrue(Files.isRegularFile(runDir.resolve(cell.get("outputDirectory").asText()).resolve("gc.log")),
          "the child's GC log");
      assertEquals(1, run.exitCode, run.diagnostics());
    }
  }

  @Test
  void oneOfTwoClientsStoppedMidPhaseIsNamedThoughTheMergedSeriesSmoothsIt(@TempDir Path work) throws Exception {
    System.out.println("[it] FrozenClientIT: target is a test-owned embedded server; one of a cell's two client JVMs"
        + " is stopped with SIGSTOP for " + FROZEN_SECONDS + " s, 4 s into the run phase");
    try (EmbeddedMongoServer server = EmbeddedMongoServer.start(0)) {
      Path plan = Orchestrator.writePlan(work, "frozen-clients-it", PLAN.replace("name: frozen-it",
          "name: frozen-clients-it").replace("execution:", "sweep: {clients: [2]}\nexecution:"));
      Path results = work.resolve("results");
      LauncherRun run = Orchestrator.run(work, Map.of("URI", server.connectionString("ycsb")), process -> {
        Orchestrator.awaitRecords(process, results, 1, Duration.ofMinutes(2));  // the load
        sleep(4000);
        ProcessHandle client = child(process, "dev.ycsbmongo.orchestrator.launch.ClientMain")
            .orElseThrow(() -> new AssertionError("no client JVM under " + process.pid()));
        signal("STOP", client.pid());
        try {
          sleep(FROZEN_SECONDS * 1000L);
        } finally {
          signal("CONT", client.pid());
        }
      }, "run", plan.toString(), "-o", results.toString(), "--progress", "plain");
      List<String> lines = Orchestrator.resultLines(Orchestrator.onlyRunDir(results));
      assertEquals(2, lines.size(), lines.toString());
      JsonNode cell = new ObjectMapper().readTree(lines.get(1));
      assertEquals("FAILED", cell.get("status").asText(), cell.toString());
      String cause = cell.get("cause").asText();
      System.out.println("[it] FrozenClientIT: cause: " + cause);
      assertTrue(cause.matches("(client [01] froze|GC paused client [01]) for .*"), cause);
      assertEquals(1, run.exitCode, run.diagnostics());
    }
  }

  /** The orchestrator's YCSB child: its descendant running the binding's launcher class. */
  static Optional<ProcessHandle> ycsbChild(Process orchestrator) {
    return child(orchestrator, "dev.ycsbmongo.binding.launch.YcsbMain");
  }

  /** The orchestrator's first descendant whose command line names {@code mainClass}. */
  static Optional<ProcessHandle> child(Process orchestrator, String mainClass) {
    return orchestrator.descendants().filter(p -> commandLine(p).contains(mainClass)).findFirst();
  }

  /** From /proc: ProcessHandle.Info leaves a long command line (the class path) out. */
  private static String commandLine(ProcessHandle p) {
    try {
      return new String(Files.readAllBytes(Path.of("/proc", Long.toString(p.pid()), "cmdline")),
          java.nio.charset.StandardCharsets.UTF_8).replace('\0', ' ');
    } catch (java.io.IOException e) {
      return p.info().commandLine().orElse("");
    }
  }

  static void signal(String name, long pid) {
    try {
      Process kill = new ProcessBuilder("kill", "-" + name, Long.toString(pid)).inheritIO().start();
      if (kill.waitFor() != 0) {
        throw new AssertionError("kill -" + name + " " + pid + " failed");
      }
    } catch (java.io.IOException e) {
      throw new AssertionError("cannot run kill: " + e.getMessage(), e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  private static void sleep(long millis) {
    try {
      Thread.sleep(millis);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
