package dev.ycsbmongo.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInfo;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * A plan stopped (SIGTERM, as Ctrl-C) after its second phase and then resumed runs only the
 * phases without a successful record, and ends with the same cells as an uninterrupted run.
 */
@ExtendWith(MongoServerExtension.class)
class PlanResumeIT {

  static final String PLAN = """
      name: resume-it
      targets:
        - name: test-server
          uri: ${IT_MONGODB_URI}
      scenarios:
        - name: rw-50-50
          workload: ${ROOT}/workloads/rw-50-50
      properties:
        recordcount: 500
        operationcount: 3000
        mongodb.database: @DATABASE@
      sweep:
        threads: [1, 2, 4]
      execution:
        rampUp: 1s
        acceptance: {minOperations: 0, minWindow: 0s, precision: off, maxRise: off, hostBusy: off}   # this test is not about the figures' minimums (execution.acceptance): tiny phases are fine
      """;

  @Test
  void resumesOnlyMissingPhasesAndEndsWithCompleteTables(TestMongo mongo, TestInfo info, @TempDir Path work)
      throws Exception {
    String db = mongo.freshDatabase("resume", info);
    Path plan = Orchestrator.writePlan(work, "resume-it", PLAN.replace("@DATABASE@", db));
    Path tmp = java.nio.file.Files.createDirectories(work.resolve("tmp"));
    Map<String, String> env = Map.of("IT_MONGODB_URI", mongo.uri(db), "JAVA_OPTS", "-Djava.io.tmpdir=" + tmp);
    Path results = work.resolve("results");

    LauncherRun first = Orchestrator.run(work, env, process -> {
      Orchestrator.awaitRecords(process, results, 2, Duration.ofMinutes(2));
      process.destroy();  // SIGTERM: the same shutdown path as Ctrl-C
    }, "run", plan.toString(), "-o", results.toString(), "--progress", "plain");
    System.out.println("[it] first session: " + first.describe());
    // a signal ends the JVM with 128 + the signal's number, as shells expect (130 for Ctrl-C)
    assertEquals(143, first.exitCode, first.diagnostics());
    assertTrue(first.stderr.contains("interrupted") || first.stdout.contains("interrupted"), first.diagnostics());
    try (var left = java.nio.file.Files.list(tmp)) {
      assertEquals(List.of(), left.toList(), "SIGTERM left a connection file behind");
    }
    Path runDir = Orchestrator.onlyRunDir(results);
    Map<String, List<String>> before = statusesById(Orchestrator.resultLines(runDir));
    long succeededBefore = before.values().stream().filter(s -> s.get(s.size() - 1).equals("SUCCEEDED")).count();
    assertTrue(succeededBefore >= 2 && succeededBefore < 4, "interrupted after two phases: " + before);

    LauncherRun resumed = Orchestrator.run(work, env, null, "run", "--resume", runDir.toString(), "--progress", "plain");
    assertEquals(0, resumed.exitCode, resumed.diagnostics());
    assertFalse(resumed.stderr.contains("taking over the lock"), "SIGTERM released the lock: " + resumed.diagnostics());
    Map<String, List<String>> after = statusesById(Orchestrator.resultLines(runDir));
    before.forEach((id, statuses) -> {
      if (statuses.get(statuses.size() - 1).equals("SUCCEEDED")) {
        assertEquals(statuses, after.get(id), "a phase that had succeeded ran again: " + id);
      }
    });
    assertEquals(4, after.size(), "1 load + 3 runs: " + after);
    assertAttemptsNumberedInOrder(Orchestrator.resultLines(runDir));
    after.forEach((id, s) -> assertEquals("SUCCEEDED", s.get(s.size() - 1), id + " " + s));

    // the same plan, uninterrupted, has the same cells in its tables
    Path fresh = work.resolve("fresh");
    String db2 = mongo.freshDatabase("resume", info);  // the same name: ids hold the database
    Path plan2 = Orchestrator.writePlan(work, "resume-it-2", PLAN.replace("@DATABASE@", db2));
    LauncherRun whole = Orchestrator.run(work, Map.of("IT_MONGODB_URI", mongo.uri(db2)), null,
        "run", plan2.toString(), "-o", fresh.toString(), "--progress", "none");
    assertEquals(0, whole.exitCode, whole.diagnostics());
    assertEquals(cells(Orchestrator.onlyRunDir(fresh)), cells(runDir));
  }

  /** Each phase's records are attempts 1, 2, ... in file order, each replacing the one before. */
  private static void assertAttemptsNumberedInOrder(List<String> lines) throws Exception {
    ObjectMapper json = new ObjectMapper();
    Map<String, Integer> last = new LinkedHashMap<>();
    for (String line : lines) {
      JsonNode r = json.readTree(line);
      String id = r.get("phaseId").asText();
      int expected = last.merge(id, 1, Integer::sum);
      assertEquals(expected, r.get("attempt").asInt(), line);
      JsonNode replaces = r.get("replacesAttempt");
      assertEquals(expected == 1 ? null : expected - 1, replaces == null ? null : replaces.asInt(), line);
    }
  }

  /** Every record's status, by phase id, in file order. */
  private static Map<String, List<String>> statusesById(List<String> lines) throws Exception {
    ObjectMapper json = new ObjectMapper();
    Map<String, List<String>> byId = new LinkedHashMap<>();
    for (String line : lines) {
      JsonNode r = json.readTree(line);
      byId.computeIfAbsent(r.get("phaseId").asText(), k -> new ArrayList<>()).add(r.get("status").asText());
    }
    return byId;
  }

  /** The summary table's data rows, figures left out: which cells the tables show, and how often. */
  private static Map<String, Integer> cells(Path runDir) throws Exception {
    List<String> csv = java.nio.file.Files.readAllLines(runDir.resolve("summary.csv"));
    List<String> header = List.of(csv.get(0).split(","));
    int id = header.indexOf("phase_id");
    assertTrue(id >= 0, "summary.csv has a phase_id column: " + csv.get(0));
    Map<String, Integer> counts = new TreeMap<>();
    for (String row : csv.subList(1, csv.size())) {
      counts.merge(row.split(",")[id], 1, Integer::sum);
    }
    return counts;
  }
}
