package dev.ycsbmongo.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInfo;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * The shipped quickstart plan, copied to a directory of its own (its {@code ../rw-95-5} no longer beside it),
 * pointed at a server with {@code --uri} and cut down with {@code --only} and {@code --set}: validate says where
 * the workload was found, the run measures only the selected scenario against the given server, and the
 * connection string appears in no process's argv (the launcher hands it over in the environment).
 * Figures are not the point: phases of a few seconds against the embedded test server (not MongoDB).
 */
@ExtendWith(MongoServerExtension.class)
class OwnDeploymentIT {

  @Test
  void runsACopiedPlanAgainstTheGivenUriWithOnlyTheSelectedCells(TestMongo mongo, TestInfo info, @TempDir Path work)
      throws Exception {
    String db = mongo.freshDatabase("own", info);
    Path plan = work.resolve("copied/my-study.yaml");
    Files.createDirectories(plan.getParent());
    Files.copy(ProjectRoot.find().resolve("workloads/plans/quickstart.yaml"), plan);
    String uri = mongo.uri(db);
    List<String> shortCells = List.of("--set", "mongodb.database=" + db, "--set", "recordcount=300",
        "--set", "maxexecutiontime=3", "--set", "execution.rampUp=1s",
        // this test is not about the figures' minimums: tiny phases are fine
        "--set", "execution.acceptance.precision=off", "--set", "execution.acceptance.minWindow=0s",
        "--set", "execution.acceptance.minOperations=0", "--set", "execution.acceptance.maxRise=off",
        "--set", "execution.acceptance.hostBusy=off");

    Path uriFile = work.resolve("uris");
    Files.writeString(uriFile, "# target=connection string\nembedded=" + uri + "\n", StandardCharsets.UTF_8);
    List<String> validate = new ArrayList<>(List.of("validate", plan.toString(), "--uri-file", uriFile.toString(),
        "--only", "scenario=rw-95-5"));
    validate.addAll(shortCells);
    LauncherRun checked = Orchestrator.run(work, Map.of(), null, validate.toArray(String[]::new));
    assertEquals(0, checked.exitCode, checked.diagnostics());
    Path projectWorkload = ProjectRoot.find().resolve("workloads/rw-95-5");
    assertTrue(checked.stderr.contains("../rw-95-5 is not beside the plan; using the project's " + projectWorkload),
        checked.diagnostics());
    assertFalse(checked.stdout.contains("rw-50-50"), "--only left rw-50-50 out: " + checked.diagnostics());

    List<String> run = new ArrayList<>(List.of("run", plan.toString(), "--uri", "embedded=" + uri,
        "--only", "target=embedded,scenario=rw-95-5", "-o", work.resolve("results").toString(),
        "--progress", "plain"));
    run.addAll(shortCells);
    List<String> uriInArgv = new ArrayList<>();
    LauncherRun ran = Orchestrator.run(work, Map.of(), process -> watchArgv(process, uri, uriInArgv),
        run.toArray(String[]::new));
    assertEquals(0, ran.exitCode, ran.diagnostics());
    assertEquals(List.of(), uriInArgv, "the connection string was in a process's argv");

    Path runDir = Orchestrator.onlyRunDir(work.resolve("results"));
    ObjectMapper json = new ObjectMapper();
    Set<String> scenarios = new TreeSet<>();
    Set<String> threads = new TreeSet<>();
    List<String> records = Orchestrator.resultLines(runDir);
    for (String line : records) {
      JsonNode r = json.readTree(line);
      assertEquals("SUCCEEDED", r.get("status").asText(), line);
      scenarios.add(r.get("scenario").asText());
      if (r.get("kind").asText().equals("RUN")) {
        threads.add(r.path("parameters").path("threads").asText());
        assertEquals("3", r.path("properties").path("maxexecutiontime").asText(), "--set reached the cell: " + line);
      }
    }
    assertEquals(Set.of("rw-95-5"), scenarios, "only the selected scenario ran: " + records);
    assertEquals(Set.of("1", "8"), threads, "the plan's own sweep still applies: " + records);
    assertEquals(3, records.size(), "a load and two runs: " + records);
    JsonNode runInfo = json.readTree(runDir.resolve("run.json").toFile());
    assertEquals("[\"rw-95-5\"]", runInfo.get("overrides").get("scenarios").toString(), runInfo.toString());
    assertEquals("[\"embedded\"]", runInfo.get("overrides").get("uriTargets").toString(), runInfo.toString());

    LauncherRun unknown = Orchestrator.run(work, Map.of(), null, "validate", plan.toString(), "--no-probe",
        "--only", "scenario=rw-95-6");
    assertEquals(2, unknown.exitCode, unknown.diagnostics());
    assertEquals(plan + ": --only scenario=rw-95-6: the plan has no scenario named so; its scenarios: rw-95-5,"
        + " rw-50-50 (did you mean 'rw-95-5'?)", unknown.stderr.strip().replaceFirst("^orchestrator: ", ""),
        unknown.diagnostics());
  }

  /**
   * Until {@code process} ends, reads the argv of it (once it is java) and of every descendant, noting any that
   * holds {@code uri}.
   */
  private static void watchArgv(Process process, String uri, List<String> found) {
    while (process.isAlive()) {
      List<ProcessHandle> all = new ArrayList<>();
      all.add(process.toHandle());
      process.descendants().forEach(all::add);
      for (ProcessHandle p : all) {
        List<String> args = LauncherRun.cmdline(p.pid());
        if (args.size() > 1 && args.get(1).endsWith("scripts/orchestrator")) {
          continue;  // the launcher as typed (and its subshells), until it execs java
        }
        String argv = String.join(" ", args);
        if (argv.contains(uri) || argv.contains("mongodb://")) {
          found.add(p.pid() + ": " + argv);
          return;
        }
      }
      try {
        Thread.sleep(50);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return;
      }
    }
  }
}
