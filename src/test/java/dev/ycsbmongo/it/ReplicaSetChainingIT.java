package dev.ycsbmongo.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import dev.ycsbmongo.orchestrator.replset.ManualPrompt;
import dev.ycsbmongo.orchestrator.replset.ReplicaSetConfigs;
import dev.ycsbmongo.orchestrator.replset.ServerSettingsApplier;
import dev.ycsbmongo.orchestrator.replset.ServerSettingsApplier.Action;
import dev.ycsbmongo.orchestrator.results.AppliedSettings.Check;
import dev.ycsbmongo.orchestrator.results.AppliedSettings.Verification;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.bson.Document;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.testcontainers.junit.jupiter.Testcontainers;

/**
 * server.chainingAllowed on a real three-member replica set: the applier's replSetReconfig, the
 * wait for a healthy set, the restore at the end of a plan, a change by hand read back (verified, or
 * a mismatch that fails the cell), topology labels checked against the set, and a whole plan
 * crossing chaining with write concerns. Needs Docker: without it JUnit skips the class and says so; the embedded
 * test server has no replica set, so nothing here can be shown with it.
 */
@Testcontainers(disabledWithoutDocker = true)
class ReplicaSetChainingIT {

  private static ThreeMemberReplicaSet set;

  @BeforeAll
  static void startSet() throws InterruptedException {
    set = new ThreeMemberReplicaSet().start();
    System.out.println("[it] ReplicaSetChainingIT runs against: " + set.describe());
  }

  @AfterAll
  static void stopSet() {
    if (set != null) {
      set.close();
    }
  }

  private static Document config() {
    try (MongoClient c = MongoClients.create(set.primaryUri("admin"))) {
      return c.getDatabase("admin").runCommand(new Document("replSetGetConfig", 1)).get("config", Document.class);
    }
  }

  @Test
  void applierReconfiguresWaitsForHealthAndRestores() {
    Document before = config();
    assertTrue(ReplicaSetConfigs.chainingAllowed(before));
    ServerSettingsApplier applier = ServerSettingsApplier.forRuns(ManualPrompt.NOBODY);
    ServerSettingsApplier.Outcome o = applier.prepare("rs3", set.primaryUri("admin"),
        Map.of("server.chainingAllowed", "false"));
    assertEquals(Action.RUN, o.action(), o.note());
    Document after = config();
    assertFalse(ReplicaSetConfigs.chainingAllowed(after));
    assertEquals(before.getInteger("version") + 1, after.getInteger("version"));

    assertEquals(List.of("target rs3: restored settings.chainingAllowed=true"), applier.restore());
    assertTrue(ReplicaSetConfigs.chainingAllowed(config()));
  }

  @Test
  void skipModeLeavesTheSetAlone() {
    int version = config().getInteger("version");
    ServerSettingsApplier.Outcome o = ServerSettingsApplier.forRuns(ManualPrompt.NOBODY).prepare("rs3",
        set.primaryUri("admin"), Map.of("server.chainingAllowed", "false", "server.apply", "skip"));
    assertEquals(Action.SKIP, o.action(), o.note());
    assertEquals(version, config().getInteger("version"));
  }

  /** Manual mode on a set whose config is readable: what the operator did is read back, verified or a mismatch. */
  @Test
  void manualChangeIsReadBackVerifiedOrFailsTheCellWithBothValues() {
    ServerSettingsApplier applier = ServerSettingsApplier.forRuns(instruction -> {
      // the operator, in the console: does what is asked
      try (MongoClient c = MongoClients.create(set.primaryUri("admin"))) {
        c.getDatabase("admin").runCommand(new Document("replSetReconfig",
            ReplicaSetConfigs.withChainingAllowed(config(), false)));
      }
      return true;
    });
    ServerSettingsApplier.Outcome done = applier.prepare("rs3", set.primaryUri("admin"),
        Map.of("server.chainingAllowed", "false", "server.apply", "manual"), Map.of("members", "3"));
    assertEquals(Action.RUN, done.action(), done.note());
    assertEquals(List.of(Verification.VERIFIED, Verification.VERIFIED),
        done.checks().stream().map(Check::result).toList(), done.checks().toString());

    // an operator who confirms without changing anything: the server still has false, the cell wants true
    ServerSettingsApplier.Outcome notDone = ServerSettingsApplier.forRuns(instruction -> true).prepare("rs3",
        set.primaryUri("admin"), Map.of("server.chainingAllowed", "true", "server.apply", "manual"));
    assertEquals(Action.FAIL, notDone.action());
    assertEquals(new Check("settings.chainingAllowed", Verification.MISMATCH, "true", "false", "replSetGetConfig"),
        notDone.checks().get(0));
    assertTrue(notDone.note().endsWith("but the server has settings.chainingAllowed=false (replSetGetConfig)"),
        notDone.note());
    assertTrue(applier.prepare("rs3", set.primaryUri("admin"), Map.of("server.chainingAllowed", "true")).action()
        == Action.RUN, "auto puts it back");
  }

  /** The set's shape against a target's labels: three members, none hidden; a label of five fails the cell. */
  @Test
  void topologyLabelsAreCheckedAgainstTheSet() {
    ServerSettingsApplier applier = ServerSettingsApplier.forRuns(ManualPrompt.NOBODY);
    ServerSettingsApplier.Outcome right = applier.prepare("rs3", set.primaryUri("admin"), Map.of(),
        Map.of("members", "3", "voting", "3", "hidden", "0", "arbiters", "0"));
    assertEquals(Action.RUN, right.action(), right.note());
    assertTrue(right.checks().stream().allMatch(c -> c.result() == Verification.VERIFIED), right.checks().toString());
    ServerSettingsApplier.Outcome wrong = applier.prepare("rs3", set.primaryUri("admin"), Map.of(),
        Map.of("members", "5"));
    assertEquals(Action.FAIL, wrong.action());
    assertEquals("the target's labels do not match its replica set: label members=5, but the replica set has 3"
        + " (replSetGetConfig)", wrong.note());
  }

  @Test
  void planCrossingChainingAndWriteConcernRunsEveryCellAndRestoresTheSet(@TempDir Path work) throws Exception {
    Path plan = Orchestrator.writePlan(work, "chaining", """
        name: chaining
        targets: [{name: rs3, uri: "%s"}]
        scenarios: [{name: load, kind: load, workload: ${ROOT}/workloads/load-only}]
        properties: {recordcount: 2000, threads: 4, table: test}
        execution: {acceptance: {minOperations: 0, minWindow: 0s, precision: off, maxRise: off, hostBusy: off}}
        sweep:
          server.chainingAllowed: [true, false]
          mongodb.writeConcern: [1, majority]
        report:
          compare:
            - server.chainingAllowed=true,false
        """.formatted(set.primaryUri("ycsb")));
    LauncherRun run = Orchestrator.run(work, Map.of(), null, "run", plan.toString(), "-o",
        work.resolve("results").toString(), "--progress", "plain");
    assertEquals(0, run.exitCode, run.diagnostics());
    List<String> lines = Orchestrator.resultLines(Orchestrator.onlyRunDir(work.resolve("results")));
    assertEquals(4, lines.size(), String.join("\n", lines));
    ObjectMapper json = new ObjectMapper();
    for (String line : lines) {
      JsonNode r = json.readTree(line);
      assertEquals("SUCCEEDED", r.get("status").asText(), line);
      assertEquals(r.get("coordinates").get("server.chainingAllowed").asText(),
          r.get("serverSettings").get("requested").get("server.chainingAllowed").asText(), line);
      assertEquals("VERIFIED", r.get("serverSettings").get("verification").asText(), line);
      // study 3's figures from the sampler on the primary: CPU, QPS, lag, and YCSB's inserts seen by the server
      JsonNode m = r.get("serverMetrics");
      assertTrue(m.get("cpuMeanPercent").asDouble() > 0, line);
      assertTrue(m.get("qpsByOperation").get("insert").asDouble() > 0, line);
      assertTrue(m.has("maxLagSeconds"), line);
      // study 3's RT: the primary's own average write latency (opLatencies)
      assertTrue(m.get("opLatencyMeanMicros").get("writes").asDouble() > 0, line);
      JsonNode insert = m.get("crossCheck").get("comparisons").get(0);
      assertEquals("insert", insert.get("operation").asText(), line);
      assertEquals(2000, insert.get("ycsbOperations").asLong(), line);
      assertFalse(insert.get("flagged").asBoolean(), line);
    }
    String md = Files.readString(Orchestrator.onlyRunDir(work.resolve("results")).resolve("summary.md"));
    assertTrue(md.contains("| Primary CPU (%) | QPS | Peak conns | Peak conn. utilisation (%) | Max lag (s) |"), md);
    assertTrue(md.contains(" | Server write RT (µs) | Status |"), md);
    assertTrue(md.contains("### Change from server.chainingAllowed=true to false"), md);
    // study 3's percentages as the plan asks for them: throughput and the primary's CPU, per write concern
    String comparison = Files.readString(Orchestrator.onlyRunDir(work.resolve("results"))
        .resolve("comparison-server.chainingAllowed-true-vs-false.md"));
    assertTrue(comparison.contains("- Throughput: server.chainingAllowed=false is "), comparison);
    assertFalse(comparison.contains("†"), "a set that confirmed its setting leaves nothing marked:\n" + comparison);
    assertTrue(comparison.contains("- Primary CPU: server.chainingAllowed=false is "), comparison);
    assertTrue(run.stderr.contains("restored settings.chainingAllowed=true"), run.stderr);
    assertTrue(ReplicaSetConfigs.chainingAllowed(config()), "the set is back as it was");
  }
}
