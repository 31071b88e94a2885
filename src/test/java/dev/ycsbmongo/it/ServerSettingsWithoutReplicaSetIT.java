package dev.ycsbmongo.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.io.TempDir;

/**
 * A plan that varies server.chainingAllowed against a server without a replica set (the plan's
 * own embedded test server, which has no replSetGetConfig): with apply auto every such cell fails
 * with the server's reason, with apply skip it is skipped, and cells without the setting still run; with
 * apply manual the cells run on the operator's word and are marked unverified wherever they are shown.
 * What the setting does on a real replica set is ReplicaSetChainingIT's (Docker only).
 */
class ServerSettingsWithoutReplicaSetIT {

  @ParameterizedTest
  @CsvSource({"auto, FAILED, 1", "skip, SKIPPED, 1"})
  void cellsThatNeedAReplicaSetAreRecordedWithTheReason(String apply, String status, int exit, @TempDir Path work)
      throws Exception {
    System.out.println("[it] ServerSettingsWithoutReplicaSetIT runs against: the plan's own embedded test server"
        + " (uri: embedded), which has no replica set");
    Path plan = Orchestrator.writePlan(work, "chaining", """
        name: chaining
        targets: [{name: local, uri: embedded}]
        scenarios:
          - {name: plain, kind: load, workload: ${ROOT}/workloads/load-only}
          - {name: chained, kind: load, workload: ${ROOT}/workloads/load-only,
             properties: {server.chainingAllowed: [true, false]}}
        properties: {recordcount: 200, threads: 2, server.apply: %s}
        execution: {acceptance: {minOperations: 0, minWindow: 0s, precision: off, maxRise: off, hostBusy: off}}
        """.formatted(apply));
    LauncherRun run = Orchestrator.run(work, Map.of(), null, "run", plan.toString(), "-o",
        work.resolve("results").toString(), "--progress", "plain");
    assertEquals(exit, run.exitCode, run.diagnostics());
    Path runDir = Orchestrator.onlyRunDir(work.resolve("results"));
    List<String> lines = Orchestrator.resultLines(runDir);
    assertEquals(3, lines.size(), String.join("\n", lines));
    ObjectMapper json = new ObjectMapper();
    JsonNode plain = json.readTree(lines.get(0));
    assertEquals("SUCCEEDED", plain.get("status").asText(), lines.get(0));
    for (String line : lines.subList(1, 3)) {
      JsonNode r = json.readTree(line);
      assertEquals(status, r.get("status").asText(), line);
      String cause = r.get("cause").asText();
      assertTrue(apply.equals("auto")
          ? cause.startsWith("cannot read the replica set config (replSetGetConfig: ")
              && cause.endsWith("server.chainingAllowed needs a replica set and the privilege to reconfigure it (on a"
              + " managed service set server.apply: manual)")
          : cause.startsWith("server.apply is skip and the replica set config cannot be read"), cause);
      assertEquals(cause, r.get("serverSettings").get("note").asText());
    }
    String md = Files.readString(runDir.resolve("summary.md"), StandardCharsets.UTF_8);
    assertTrue(md.contains(status + ": "), md);
  }

  /**
   * Manual mode where nothing can be read back: the cells run on the operator's word, are recorded
   * UNVERIFIED with the server's reason, the prompt comes once per change (not per cell), the topology
   * label fails nothing it cannot check, and the comparison's finding says first that it is unverified.
   */
  @Test
  void manualSettingsTheServerCannotConfirmAreMarkedUnverifiedEverywhere(@TempDir Path work) throws Exception {
    System.out.println("[it] ServerSettingsWithoutReplicaSetIT runs against: the plan's own embedded test server"
        + " (uri: embedded), which has no replica set");
    Path plan = Orchestrator.writePlan(work, "chaining", """
        name: chaining
        targets: [{name: rs3, uri: embedded, labels: {members: 3, engine: "5.0"}}]
        scenarios:
          - {name: load, kind: load, workload: ${ROOT}/workloads/load-only}
        properties: {recordcount: 200, threads: 2, server.apply: manual}
        sweep:
          server.chainingAllowed: [true, false]
          mongodb.writeConcern: [1, majority]
        execution: {acceptance: {minOperations: 0, minWindow: 0s, precision: off, maxRise: off, hostBusy: off}}
        report:
          compare:
            - server.chainingAllowed=true,false
        """);
    LauncherRun run = LauncherRun.run(work, Orchestrator.TIMEOUT, Map.of(), null, "\n".repeat(10),
        List.of(Orchestrator.launcher().toString(), "run", plan.toString(), "-o", work.resolve("results").toString(),
            "--progress", "plain"));
    assertEquals(0, run.exitCode, run.diagnostics());
    assertEquals(2, run.stderr.split("ACTION NEEDED", -1).length - 1, "one prompt per change of chaining, not one"
        + " per cell:\n" + run.stderr);
    assertTrue(run.stderr.contains("(it cannot be read back here: not a replica set (replSetGetConfig: "),
        run.stderr);
    Path runDir = Orchestrator.onlyRunDir(work.resolve("results"));
    List<String> lines = Orchestrator.resultLines(runDir);
    assertEquals(4, lines.size(), String.join("\n", lines));
    ObjectMapper json = new ObjectMapper();
    for (String line : lines) {
      JsonNode r = json.readTree(line);
      assertEquals("SUCCEEDED", r.get("status").asText(), line);
      JsonNode s = r.get("serverSettings");
      assertEquals("UNVERIFIED", s.get("verification").asText(), line);
      List<String> subjects = new java.util.ArrayList<>();
      for (JsonNode c : s.get("checks")) {
        subjects.add(c.get("subject").asText());
        assertEquals("UNVERIFIED", c.get("result").asText(), line);
        assertTrue(c.get("why").asText().startsWith("not a replica set (replSetGetConfig: "), line);
      }
      assertEquals(List.of("label members", "settings.chainingAllowed"), subjects, line);
    }
    String md = Files.readString(runDir.resolve("summary.md"), StandardCharsets.UTF_8);
    assertTrue(md.contains("| ok † |"), md);
    assertTrue(md.contains("† unverified: label members, setting settings.chainingAllowed were not confirmed on the"
        + " server (rs3: not a replica set (replSetGetConfig: "), md);
    String comparison = Files.readString(runDir.resolve("comparison-server.chainingAllowed-true-vs-false.md"),
        StandardCharsets.UTF_8);
    assertTrue(comparison.contains("\n- unverified: label members, setting settings.chainingAllowed were not"
        + " confirmed on the server; Throughput: server.chainingAllowed=false is "), comparison);
    assertFalse(comparison.contains("\n- Throughput:"), "no finding without its mark:\n" + comparison);
    String csv = Files.readString(runDir.resolve("summary.csv"), StandardCharsets.UTF_8);
    assertTrue(csv.lines().findFirst().orElseThrow().contains(",verification,unconfirmed,coord_"), csv);
  }
}
