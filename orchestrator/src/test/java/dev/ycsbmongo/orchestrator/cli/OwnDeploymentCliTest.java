package dev.ycsbmongo.orchestrator.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** {@code init}, and run/validate's --uri, --uri-file, --only and --set as the command line takes them. */
class OwnDeploymentCliTest {

  private static final String PASSWORD = "Init-Pass-4417";

  @ParameterizedTest
  @ValueSource(strings = {"quick", "thread-sweep", "mixes"})
  void initWritesAPlanThatValidatesFromWhereverItIs(String study, @TempDir Path dir) throws Exception {
    Path file = dir.resolve("my-" + study + ".yaml");
    InProcessCli init = InProcessCli.run("init", "--study", study, "--uri", "mongodb://10.1.2.3:27017", "-o",
        file.toString());
    assertEquals(0, init.exit(), init.err());
    String text = Files.readString(file);
    assertTrue(text.contains("name: my-" + study + "\n"), text);
    assertTrue(text.contains("uri: \"mongodb://10.1.2.3:27017\""), text);
    assertTrue(init.out().contains("next: scripts/orchestrator validate " + file), init.out());

    InProcessCli validate = InProcessCli.run("validate", file.toString(), "--no-probe");
    assertEquals(0, validate.exit(), validate.err());
    assertTrue(validate.err().contains("is not beside the plan; using the project's"), validate.err());
  }

  @Test
  void initKeepsAPasswordOutOfTheFileAndLeavesAnExistingFileAlone(@TempDir Path dir) throws Exception {
    Path file = dir.resolve("sweep.yaml");
    InProcessCli init = InProcessCli.run("init", "--study", "thread-sweep", "--target", "prod-1", "--uri",
        "mongodb://bench:" + PASSWORD + "@10.1.2.3:27017/admin", "-o", file.toString());
    assertEquals(0, init.exit(), init.err());
    String text = Files.readString(file);
    assertTrue(text.contains("uri: \"${PROD_1_URI}\""), text);
    assertFalse(text.contains(PASSWORD) || init.out().contains(PASSWORD) || init.err().contains(PASSWORD),
        init.out() + init.err());
    assertTrue(init.out().contains("export PROD_1_URI=..."), init.out());

    InProcessCli again = InProcessCli.run("init", "--study", "quick", "-o", file.toString());
    assertEquals(2, again.exit());
    assertEquals("orchestrator: init: " + file + " already exists and is left alone; give another file with -o FILE",
        again.err().strip());
    assertEquals(text, Files.readString(file));

    InProcessCli unknown = InProcessCli.run("init", "--study", "thread-swep", "-o", dir.resolve("x.yaml").toString());
    assertEquals("orchestrator: init --study thread-swep: not a study init writes; accepted: quick, thread-sweep,"
        + " mixes (did you mean 'thread-sweep'?)", unknown.err().strip());
  }

  @Test
  void validateTakesUrisFromAFileAndRefusesABadLineWithoutShowingIt(@TempDir Path dir) throws Exception {
    Path plan = dir.resolve("q.yaml");
    assertEquals(0, InProcessCli.run("init", "--study", "quick", "--target", "db", "-o", plan.toString()).exit());
    Path uris = dir.resolve("uris");
    Files.writeString(uris, "# mine\n\ndb=embedded\n");
    InProcessCli ok = InProcessCli.run("validate", plan.toString(), "--no-probe", "--uri-file", uris.toString(),
        "--only", "scenario=rw-50-50", "--set", "maxexecutiontime=50");
    assertEquals(0, ok.exit(), ok.err());
    assertFalse(ok.out().contains("rw-95-5"), ok.out());

    Files.writeString(uris, "mongodb://u:" + PASSWORD + "@h/db\n");
    InProcessCli bad = InProcessCli.run("validate", plan.toString(), "--no-probe", "--uri-file", uris.toString());
    assertEquals(2, bad.exit());
    assertEquals("orchestrator: " + uris + ":1: --uri: expected TARGET=URI, the name of a target of the plan and its"
        + " connection string (e.g. --uri small=mongodb://host:27017), or TARGET=env:NAME", bad.err().strip());

    InProcessCli missing = InProcessCli.run("validate", plan.toString(), "--no-probe");
    assertEquals(2, missing.exit());
    assertTrue(missing.err().contains("environment variable DB_URI is not set; it is referenced as ${DB_URI}; export"
        + " it, give the connection string with --uri db=URI (or --uri-file FILE)"), missing.err());
  }

  @Test
  void aResumeKeepsItsSelectionAndAsksForTheUrisAgain(@TempDir Path dir) throws Exception {
    Path plan = dir.resolve("q.yaml");
    assertEquals(0, InProcessCli.run("init", "--study", "quick", "--target", "db", "-o", plan.toString()).exit());
    Path run = Files.createDirectories(dir.resolve("q-20261126-000000"));
    Files.copy(plan, run.resolve("plan.source.yaml"));
    Files.writeString(run.resolve("run.json"), "{\"planFile\": \"" + plan + "\", \"runId\": \"r1\", \"toolVersion\":"
        + " \"t\", \"sessionsStarted\": [], \"overrides\": {\"targets\": [], \"scenarios\": [\"rw-50-50\"], \"set\":"
        + " {\"maxexecutiontime\": \"50\"}, \"uriTargets\": [\"db\"]}}");

    InProcessCli noUri = InProcessCli.run("run", "--resume", run.toString(), "--progress", "none");
    assertEquals(2, noUri.exit(), noUri.err());
    assertEquals("orchestrator: run --resume " + run + ": target db had its connection string from --uri, which runs"
        + " never store; give it again (--uri db=URI or --uri-file FILE)", noUri.err().strip());

    InProcessCli other = InProcessCli.run("run", "--resume", run.toString(), "--uri", "db=embedded", "--only",
        "scenario=rw-95-5");
    assertEquals(2, other.exit(), other.err());
    assertEquals("orchestrator: run --resume: a resumed run keeps the --only and --set it started with (--only"
        + " scenario=rw-50-50 --set maxexecutiontime=50, in " + run.resolve("run.json") + "); leave them out, or start"
        + " a new run", other.err().strip());
  }
}
