package dev.ycsbmongo.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * No file of a run directory, and nothing the orchestrator prints, holds the password: neither one
 * given through ${ENV_VAR} nor one written literally in the plan. The test server may reject the
 * credentials; the phases' outcome does not matter here.
 */
@ExtendWith(MongoServerExtension.class)
class RunDirectorySecretsIT {

  // characters the driver takes as they are in a password and that end a token in free text: the masker must
  // still find the '@' after them
  static final String ENV_PASSWORD = "EnvPa,ss)w0rd-7731";
  static final String LITERAL_PASSWORD = "LiteralPa ss'w0rd}-9924";

  @Test
  void keepsPasswordsOutOfEveryFileAndOutput(TestMongo mongo, @TempDir Path work) throws Exception {
    String base = mongo.uri("ycsb");
    String viaEnv = ConnectionStrings.withCredentials(base, "bench", "${IT_PW}");
    String literal = ConnectionStrings.withCredentials(base, "bench", LITERAL_PASSWORD);
    Path plan = Orchestrator.writePlan(work, "secrets-it", """
        name: secrets-it
        targets:
          - {name: via-env, uri: "ENV_URI"}
          - {name: literal, uri: "LITERAL_URI"}
        scenarios:
          - {name: rw-50-50, workload: ${ROOT}/workloads/rw-50-50}
        properties:
          recordcount: 50
          operationcount: 100
          mongodb.serverSelectionTimeoutMs: 2000
        execution:
          rampUp: 1s
          acceptance: {minOperations: 0, minWindow: 0s, maxCv: off, maxRise: off}   # this test is not about the figures' minimums (execution.acceptance): tiny phases are fine
        """.replace("ENV_URI", viaEnv).replace("LITERAL_URI", literal));
    Path results = work.resolve("results");
    LauncherRun run = Orchestrator.run(work, Map.of("IT_PW", ENV_PASSWORD), null,
        "run", plan.toString(), "-o", results.toString(), "--progress", "plain");
    System.out.println("[it] RunDirectorySecretsIT against " + mongo.description() + ": " + run.describe());
    assertTrue(Files.exists(Orchestrator.onlyRunDir(results).resolve("results.jsonl")), run.diagnostics());

    LauncherRun validate = Orchestrator.run(work, Map.of("IT_PW", ENV_PASSWORD), null, "validate", plan.toString());
    for (LauncherRun r : List.of(run, validate)) {
      for (String pw : List.of(ENV_PASSWORD, LITERAL_PASSWORD)) {
        assertFalse(r.stdout.contains(pw), "password on stdout\n" + r.diagnostics());
        assertFalse(r.stderr.contains(pw), "password on stderr\n" + r.diagnostics());
      }
    }
    List<String> leaks = new ArrayList<>();
    try (Stream<Path> files = Files.walk(results)) {
      for (Path f : files.filter(Files::isRegularFile).toList()) {
        String text = new String(Files.readAllBytes(f), StandardCharsets.ISO_8859_1);
        if (text.contains(ENV_PASSWORD) || text.contains(LITERAL_PASSWORD)) {
          leaks.add(results.relativize(f).toString());
        }
      }
    }
    assertEquals(List.of(), leaks, "files of the run directory holding a password");
  }
}
