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
import org.junit.jupiter.api.io.TempDir;

/**
 * A plan with a {@code kind: connections} scenario, run by scripts/orchestrator against the plan's
 * own embedded test server: each cell opens, holds and closes its connections in worker JVMs beside
 * the server sampler, and its record, command and table say what it reached. A cell this machine
 * cannot hold is skipped with the limit while the others run; a plan none of whose cells can is refused.
 */
class ConnectionPlanIT {

  private static final String SERVER = "the plan's own embedded test server (uri: embedded), not MongoDB";

  @Test
  void connectionCellsAreRecordedWithWhatTheyReached(@TempDir Path work) throws Exception {
    System.out.println("[it] ConnectionPlanIT runs against: " + SERVER);
    Path plan = Orchestrator.writePlan(work, "stress", """
        name: stress
        targets: [{name: local, uri: embedded}]
        scenarios:
          - {name: hold, kind: connections, properties: {connections.hold: 2s, connections.rate: 500}}
        sweep: {connections.count: [50, 250]}
        report:
          compare:
            - connections.count=50,250
        """);
    LauncherRun run = Orchestrator.run(work, Map.of(), null, "run", plan.toString(), "-o",
        work.resolve("results").toString(), "--progress", "plain");
    assertEquals(0, run.exitCode, run.diagnostics());
    Path runDir = Orchestrator.onlyRunDir(work.resolve("results"));
    String comparison = Files.readString(runDir.resolve("comparison-connections.count-50-vs-250.md"),
        StandardCharsets.UTF_8);
    assertTrue(comparison.contains("- Connections reached: connections.count=250 is 5.0x higher than"
        + " connections.count=50 (+400.0%; 1 cell)"), comparison);
    List<String> lines = Orchestrator.resultLines(runDir);
    assertEquals(2, lines.size(), String.join("\n", lines));
    ObjectMapper json = new ObjectMapper();
    int[] counts = {50, 250};
    for (int i = 0; i < 2; i++) {
      JsonNode r = json.readTree(lines.get(i));
      assertEquals("connections", r.get("kind").asText().toLowerCase(java.util.Locale.ROOT), lines.get(i));
      assertEquals("SUCCEEDED", r.get("status").asText(), lines.get(i));
      JsonNode c = r.get("connections");
      assertEquals(counts[i], c.get("requested").asLong(), lines.get(i));
      assertEquals(counts[i], c.get("opened").asLong(), lines.get(i));
      assertEquals(0, c.get("failed").asLong(), lines.get(i));
      assertTrue(c.get("clientPeakRssBytes").asLong() > 0, lines.get(i));
      assertTrue(c.has("holdStart") && c.has("holdEnd"), lines.get(i));
      // the sampler ran beside the stress, and says what this server does not report
      JsonNode m = r.get("serverMetrics");
      assertTrue(m.get("samples").asInt() >= 1, lines.get(i));
      assertTrue(m.get("absent").has("cpu"), lines.get(i));
      Path phaseDir = runDir.resolve(r.get("outputDirectory").asText());
      String command = Files.readString(phaseDir.resolve("command.txt"), StandardCharsets.UTF_8);
      assertTrue(command.contains("scripts/orchestrator connections --uri embedded --count " + counts[i]
          + " --rate 500 --hold 2s --timeout 10s"), command);
      assertTrue(Files.isRegularFile(phaseDir.resolve("server-samples.jsonl")), phaseDir.toString());
    }
    String md = Files.readString(runDir.resolve("summary.md"), StandardCharsets.UTF_8);
    assertTrue(md.contains("## hold (connections)"), md);
    assertTrue(md.contains("| 250 | 250 | 250 |"), md);
    assertFalse(run.stderr.contains("Exception"), run.stderr);
  }

  @Test
  void aCellTheEmbeddedServerCannotAcceptIsSkippedWithTheLimitAndTheOthersRun(@TempDir Path work) throws Exception {
    System.out.println("[it] ConnectionPlanIT runs against: " + SERVER + " (one cell skipped before it starts)");
    Path plan = Orchestrator.writePlan(work, "too-many", """
        name: too-many
        targets: [{name: local, uri: embedded}]
        scenarios: [{name: hold, kind: connections, properties: {connections.hold: 1s}}]
        sweep: {connections.count: [100, 60000]}
        """);
    LauncherRun validate = Orchestrator.run(work, Map.of(), null, "validate", "--no-probe", plan.toString());
    assertEquals(0, validate.exitCode, validate.diagnostics());
    assertTrue(validate.stderr.contains("will not run here, recorded as skipped: phase connections/local/hold/"
        + "connections.count=60000/rep=1") && validate.stderr.contains("ulimit -n"), validate.stderr);
    LauncherRun run = Orchestrator.run(work, Map.of(), null, "run", plan.toString(), "-o",
        work.resolve("results").toString(), "--progress", "plain");
    assertEquals(1, run.exitCode, run.diagnostics());  // not every phase succeeded
    assertTrue(run.stdout.contains("1 phase(s) skipped"), run.stdout);
    List<String> lines = Orchestrator.resultLines(Orchestrator.onlyRunDir(work.resolve("results")));
    assertEquals(2, lines.size(), String.join("\n", lines));
    ObjectMapper json = new ObjectMapper();
    JsonNode ran = json.readTree(lines.get(0));
    assertEquals("SUCCEEDED", ran.get("status").asText(), lines.get(0));
    assertEquals(100, ran.get("connections").get("opened").asLong(), lines.get(0));
    JsonNode skipped = json.readTree(lines.get(1));
    assertEquals("SKIPPED", skipped.get("status").asText(), lines.get(1));
    assertTrue(lines.get(1).contains("not run here (this machine's limits)") && lines.get(1).contains("ulimit -n"),
        lines.get(1));
  }

  @Test
  void aPlanNoCellOfWhichCanRunHereIsRefusedBeforeAnythingRuns(@TempDir Path work) throws Exception {
    System.out.println("[it] ConnectionPlanIT runs against: " + SERVER + " (refused before it starts)");
    Path plan = Orchestrator.writePlan(work, "too-many", """
        name: too-many
        targets: [{name: local, uri: embedded}]
        scenarios: [{name: hold, kind: connections}]
        sweep: {connections.count: [60000]}
        """);
    LauncherRun run = Orchestrator.run(work, Map.of(), null, "run", plan.toString(), "-o",
        work.resolve("results").toString(), "--progress", "plain");
    assertEquals(2, run.exitCode, run.diagnostics());
    assertTrue(run.stderr.strip().lines().count() == 1 && run.stderr.contains("connections.count=60000")
        && run.stderr.contains("ulimit -n") && run.stderr.contains("no phase of the plan can run here"), run.stderr);
    assertFalse(Files.exists(work.resolve("results")), "no run directory for a refused plan");
  }

  @Test
  void primaryPutsTheCountOnTheServerThatSaysItIsPrimaryAndTheTableAndCsvSaySo(@TempDir Path work)
      throws Exception {
    // a plan's target must be one deployment the driver accepts, so several standalone embedded servers cannot
    // be one target (ConnectionStressIT puts a count on each of three through the connections command); the
    // plan's own embedded server answers isMaster as the writable primary
    System.out.println("[it] ConnectionPlanIT runs against: " + SERVER);
    Path plan = Orchestrator.writePlan(work, "to-primary", """
        name: to-primary
        targets: [{name: local, uri: embedded}]
        scenarios:
          - {name: hold, kind: connections, properties: {connections.count: 40, connections.hold: 1s, connections.to: primary}}
        """);
    LauncherRun run = Orchestrator.run(work, Map.of(), null, "run", plan.toString(), "-o",
        work.resolve("results").toString(), "--progress", "plain");
    assertEquals(0, run.exitCode, run.diagnostics());
    Path runDir = Orchestrator.onlyRunDir(work.resolve("results"));
    JsonNode c = new ObjectMapper().readTree(Orchestrator.resultLines(runDir).get(0)).get("connections");
    assertEquals(40, c.get("requested").asLong(), c.toString());
    assertEquals("primary", c.get("to").asText(), c.toString());
    String primary = c.get("targetHosts").get(0).asText();
    assertEquals(40, c.get("openedByHost").get(primary).asLong(), c.toString());
    String md = Files.readString(runDir.resolve("summary.md"), StandardCharsets.UTF_8);
    assertTrue(md.contains("| 40 to the primary (" + primary + ") | 40 |"), md);
    List<String> csv = Files.readAllLines(runDir.resolve("summary.csv"), StandardCharsets.UTF_8);
    List<String> head = List.of(csv.get(0).split(","));
    List<String> row = List.of(csv.get(1).split(",", -1));
    assertEquals("primary", row.get(head.indexOf("connections_to")), csv.toString());
    assertEquals("40", row.get(head.indexOf("connections_per_server")), csv.toString());
    assertEquals(primary + "=40", row.get(head.indexOf("connections_reached_by_server")), csv.toString());
    String command = Files.readString(Files.list(runDir.resolve("phases")).filter(Files::isDirectory).findFirst()
        .orElseThrow().resolve("command.txt"), StandardCharsets.UTF_8);
    assertTrue(command.contains(" --to primary"), command);
  }
}
