package dev.ycsbmongo.orchestrator.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** --version with the commit, examples in every --help, completion, validate --json, -q. */
class ConventionsCliTest {

  private static final ObjectMapper JSON = new ObjectMapper();

  private static final String PLAN = """
      name: p
      targets: [{name: local, uri: embedded}]
      scenarios: [{name: a}]
      properties: {workload: site.ycsb.workloads.CoreWorkload, operationcount: 10, recordcount: 100}
      sweep: {threads: [1, 2]}
      """;

  @Test
  void versionNamesTheCommitItWasBuiltFrom() {
    InProcessCli r = InProcessCli.run("--version");
    assertEquals(0, r.exit(), r.err());
    String line = r.out().strip();
    assertTrue(line.matches("orchestrator \\S+, commit \\S+( with local changes)? \\(YCSB 0\\.17\\.0, MongoDB Java"
        + " driver .+, Java .+\\)"), line);
    if (Files.exists(Path.of("..", ".git"))) {  // built in a clone: git named the commit
      assertTrue(line.matches(".*, commit [0-9a-f]{12}\\b.*"), line);
    }
  }

  @Test
  void everyCommandsHelpEndsWithExamples() {
    for (String command : new String[] {"run", "validate", "report", "connections", "generate-completion"}) {
      InProcessCli r = InProcessCli.run(command, "--help");
      assertEquals(0, r.exit(), command + ": " + r.err());
      assertTrue(r.out().contains("Examples:\n  scripts/orchestrator ") || r.out().contains("Examples:\n  source <("),
          command + " --help\n" + r.out());
    }
    InProcessCli root = InProcessCli.run("--help");
    assertEquals(0, root.exit());
    assertTrue(root.out().contains("Examples:") && root.out().contains("generate-completion"), root.out());
  }

  @Test
  void generatesAShellCompletionScriptForEveryCommand() {
    InProcessCli r = InProcessCli.run("generate-completion");
    assertEquals(0, r.exit(), r.err());
    assertTrue(r.out().contains("complete -F _complete_orchestrator"), r.out());
    for (String word : new String[] {"validate", "--resume", "--probe-timeout", "--json", "--quiet"}) {
      assertTrue(r.out().contains(word), word);
    }
  }

  @Test
  void validateJsonDescribesEveryPhase(@TempDir Path dir) throws Exception {
    Path plan = Files.writeString(dir.resolve("p.yaml"), PLAN);
    InProcessCli r = InProcessCli.run("validate", "--json", "--no-probe", plan.toString());
    assertEquals(0, r.exit(), r.err());
    JsonNode doc = JSON.readTree(r.out());
    assertTrue(doc.path("valid").asBoolean(), r.out());
    assertEquals("p", doc.path("plan").asText());
    assertEquals(3, doc.path("phases").size(), r.out());  // a load, then two run cells
    assertEquals(3, doc.path("size").path("phases").asInt());
    JsonNode last = doc.path("phases").get(2);
    assertEquals("run", last.path("kind").asText());
    assertEquals("2", last.path("coordinates").path("threadcount").asText());
    assertEquals("10", last.path("properties").path("operationcount").asText());
    assertFalse(doc.has("targets"), "not probed");
    assertFalse(r.out().contains("plan p:"), "no text beside the JSON");
  }

  @Test
  void validateJsonSaysWhyAPlanIsRefused(@TempDir Path dir) throws Exception {
    Path plan = Files.writeString(dir.resolve("p.yaml"), PLAN.replace("operationcount: 10",
        "operationcount: 10, maxexecutiontme: 40"));
    InProcessCli r = InProcessCli.run("validate", "--json", plan.toString());
    assertEquals(2, r.exit());
    JsonNode doc = JSON.readTree(r.out());
    assertFalse(doc.path("valid").asBoolean(true));
    assertTrue(doc.path("error").asText().contains("did you mean 'maxexecutiontime'?"), r.out());
    assertEquals("orchestrator: " + doc.path("error").asText(), r.err().strip(), "the same one line on stderr");
  }

  @Test
  void validateJsonNamesATargetThatCannotBeUsedInTheLaunchersWords(@TempDir Path dir) throws Exception {
    Path plan = Files.writeString(dir.resolve("p.yaml"), PLAN.replace("uri: embedded",
        "uri: \"mongodb://u:Hidden99@127.0.0.1:1/ycsb\""));
    long started = System.nanoTime();
    InProcessCli r = InProcessCli.run("validate", "--json", plan.toString());
    long millis = (System.nanoTime() - started) / 1_000_000;
    assertEquals(2, r.exit(), r.err());
    JsonNode target = JSON.readTree(r.out()).path("targets").get(0);
    assertFalse(target.path("usable").asBoolean(true), r.out());
    assertEquals("connection refused: nothing listens at 127.0.0.1:1", target.path("error").asText());
    assertEquals("mongodb://u:****@127.0.0.1:1/ycsb", target.path("uri").asText());
    assertFalse((r.out() + r.err()).contains("Hidden99"));
    assertTrue(millis < 5000, "a closed port is named at once, not after the probe timeout: " + millis + " ms");
  }

  @Test
  void verboseIsReadFromTheCommandThatRuns() {
    assertTrue(Verbosity.verbose(Main.commandLine().parseArgs("run", "-v", "plan.yaml").subcommand().commandSpec()));
    assertTrue(Verbosity.verbose(Main.commandLine().parseArgs("report", "--verbose", "dir").subcommand()
        .commandSpec()));
    assertFalse(Verbosity.verbose(Main.commandLine().parseArgs("validate", "plan.yaml").subcommand().commandSpec()));
    assertFalse(Verbosity.verbose(Main.commandLine().getSubcommands().get("connections").getCommandSpec()));
  }

  @Test
  void quietValidatePrintsNothingButProblems(@TempDir Path dir) throws Exception {
    Path plan = Files.writeString(dir.resolve("p.yaml"), PLAN);
    InProcessCli r = InProcessCli.run("validate", "-q", "--no-probe", plan.toString());
    assertEquals(0, r.exit(), r.err());
    assertEquals("", r.out());
    assertEquals("", r.err());
  }
}
