package dev.ycsbmongo.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ycsbmongo.binding.UriMasker;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * No file of a run directory, and nothing the orchestrator prints, holds the password, in any form
 * (raw, percent-encoded or -decoded, JSON-, YAML-, HTML- or shell-escaped): neither one given through
 * ${ENV_VAR} (the whole connection string, or only its password) nor one written literally in the plan
 * (folded over two lines of it).
 * The passwords are the ones an adversary picks: '@' and ':' and '/' percent-encoded, quotes, '<' '&' '>',
 * braces, brackets, a comma, a space, '#', a scheme inside, non-ASCII. The test server refuses every
 * login (it has no authentication), so the run measures the password-less target, then stops at the first
 * one with a password, as a run with a wrong password does: its cause, summary, report.html and resume hint
 * are written with the three passwords known to the process.
 */
@ExtendWith(MongoServerExtension.class)
class RunDirectorySecretsIT {

  // the password inside ${IT_PW}: raw where the driver takes it raw (the characters that once ended a token in
  // free text among them), so the masker must still find the '@' after them
  static final String ENV_PASSWORD = "EnvPa,ss)w0rd\"}<&>' é#-7731";
  // the whole connection string in ${IT_URI}; its password percent-encoded where the driver asks for it
  static final String URI_PASSWORD = "Uri@Pa:ss/w0rd?mongodb://x]-4410";
  static final String LITERAL_PASSWORD = "LiteralPa ss'w0rd}&amp;\\u0027-9924";

  @Test
  void keepsPasswordsOutOfEveryFileAndOutput(TestMongo mongo, @TempDir Path work) throws Exception {
    String base = mongo.uri("ycsb");
    String viaEnv = ConnectionStrings.withCredentials(base, "bench", "${IT_PW}");
    String viaUri = ConnectionStrings.withCredentials(base, "bench", URLEncoder.encode(URI_PASSWORD, StandardCharsets.UTF_8));
    String literal = ConnectionStrings.withCredentials(base, "bench", LITERAL_PASSWORD);
    Path plan = Orchestrator.writePlan(work, "secrets-it", """
        name: secrets-it
        targets:
          - {name: local, uri: embedded}
          - {name: via-env, uri: "ENV_URI"}
          - {name: via-uri, uri: "${IT_URI}"}
          - name: literal
            uri: 'LITERAL_URI'
        scenarios:
          - {name: rw-50-50, workload: ${ROOT}/workloads/rw-50-50}
        properties:
          recordcount: 50
          operationcount: 100
          mongodb.serverSelectionTimeoutMs: 2000
        execution:
          rampUp: 1s
          acceptance: {minOperations: 0, minWindow: 0s, precision: off, maxRise: off, hostBusy: off}   # this test is not about the figures' minimums (execution.acceptance): tiny phases are fine
        """.replace("ENV_URI", viaEnv).replace("LITERAL_URI",
            // folded at the password's space, as a long literal uri may be: plan.source.yaml keeps the break
            literal.replace("'", "''").replaceFirst(" ", "\n              ")));
    Path results = work.resolve("results");
    Map<String, String> env = Map.of("IT_PW", ENV_PASSWORD, "IT_URI", viaUri);
    LauncherRun run = Orchestrator.run(work, env, null, "run", plan.toString(), "-o", results.toString(),
        "--progress", "plain");
    System.out.println("[it] RunDirectorySecretsIT against " + mongo.description() + ": " + run.describe());
    Path runDir = Orchestrator.onlyRunDir(results);
    assertTrue(Files.exists(runDir.resolve("results.jsonl")), run.diagnostics());
    assertTrue(Files.exists(runDir.resolve("report.html")), run.diagnostics());

    LauncherRun validate = Orchestrator.run(work, env, null, "validate", plan.toString());
    LauncherRun report = Orchestrator.run(work, env, null, "report", runDir.toString());
    Set<String> forms = new LinkedHashSet<>();
    for (String pw : List.of(ENV_PASSWORD, URI_PASSWORD, LITERAL_PASSWORD)) {
      forms.addAll(UriMasker.forms(pw));
      // a password folded at a space shows as its words
      for (String word : pw.split(" ")) {
        if (!word.equals(pw) && word.length() >= 6) {
          forms.add(word);
        }
      }
    }
    for (LauncherRun r : List.of(run, validate, report)) {
      for (String form : forms) {
        assertFalse(r.stdout.contains(form), "password form '" + form + "' on stdout\n" + r.diagnostics());
        assertFalse(r.stderr.contains(form), "password form '" + form + "' on stderr\n" + r.diagnostics());
      }
    }
    List<String> leaks = new ArrayList<>();
    int files = 0;
    try (Stream<Path> all = Files.walk(results)) {
      for (Path f : all.filter(Files::isRegularFile).toList()) {
        files++;
        String text = new String(Files.readAllBytes(f), StandardCharsets.UTF_8);
        for (String form : forms) {
          if (text.contains(form)) {
            leaks.add(results.relativize(f) + " holds '" + form + "'");
          }
        }
      }
    }
    assertEquals(List.of(), leaks, "files of the run directory holding a password");
    // the hosts are still shown where the targets are listed
    String html = Files.readString(runDir.resolve("report.html"));
    assertTrue(html.contains("bench:" + UriMasker.MASK + "@"), "report.html shows no masked target URI");
    System.out.println("[it] RunDirectorySecretsIT: " + files + " files, console of run/validate/report, "
        + forms.size() + " password forms: none found");
  }
}
