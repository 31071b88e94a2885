package dev.ycsbmongo.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInfo;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * The launchers start java with the class data sharing archives {@code mvn package} builds
 * (scripts/lib/cds-dump.sh from scripts/lib/cds.classlist). Fails when the archive is missing,
 * refused by java (dumped for another class path), or no longer covers what a run loads: then
 * regenerate the list with bench/cds-classlist.sh.
 */
@ExtendWith(MongoServerExtension.class)
class LauncherCdsIT {

  /** Share of a run's classes that must come from the archive; a fresh list gives about 97%. */
  private static final double MIN_SHARED = 0.90;

  @TempDir
  Path workDir;

  private TestMongo mongo;
  private Path ycsb;
  private String database;

  @BeforeEach
  void setUp(TestMongo mongo, TestInfo info) {
    this.mongo = mongo;
    this.ycsb = Launchers.ycsb();
    this.database = mongo.freshDatabase("cds", info);
  }

  @Test
  void aRunLoadsItsClassesFromTheArchive() throws Exception {
    Path archive = ProjectRoot.find().resolve("mongodb-binding/target/cds/ycsb.jsa");
    assertTrue(Files.isRegularFile(archive), archive + " is missing: mvn package builds it (scripts/lib/cds-dump.sh ycsb;"
        + " see its .log next to it)");
    ycsbRun(Map.of(), "load", "-p", "recordcount=200");
    Path classLog = workDir.resolve("classes.log");

    LauncherRun run = ycsbRun(Map.of("JAVA_OPTS", "-Xlog:class+load:file=" + classLog), "run",
        "-p", "recordcount=200", "-p", "operationcount=400");

    List<String> loaded = Files.readAllLines(classLog).stream().filter(l -> l.contains("[class,load]")).toList();
    long shared = loaded.stream().filter(l -> l.contains("source: shared objects file")).count();
    assertTrue(loaded.size() > 1000, "a YCSB run loads thousands of classes: " + loaded.size());
    assertTrue(shared >= MIN_SHARED * loaded.size(), shared + " of " + loaded.size()
        + " classes from the archive, expected at least " + MIN_SHARED + "; not shared:\n"
        + String.join("\n", loaded.stream().filter(l -> !l.contains("shared objects file")).limit(30).toList())
        + "\n" + run.diagnostics());
    for (String hot : List.of("dev.ycsbmongo.binding.MongoDbClient ", "site.ycsb.Client ",
        "com.mongodb.internal.connection.InternalStreamConnection ")) {
      assertTrue(loaded.stream().anyMatch(l -> l.contains(hot) && l.contains("shared objects file")),
          hot.trim() + " is not loaded from the archive");
    }
  }

  @Test
  void theUsersOwnSharingOptionsWin() throws Exception {
    String defaults = dryRun(ycsb, Map.of());
    assertTrue(defaults.contains("-XX:SharedArchiveFile=") && defaults.contains("-Xlog:cds=off"), defaults);

    for (String own : List.of("-Xshare:off", "-XX:SharedArchiveFile=/elsewhere.jsa", "-XX:DumpLoadedClassList=/tmp/x")) {
      String line = dryRun(ycsb, Map.of("JAVA_OPTS", own));
      assertEquals(1, count(line, "-XX:SharedArchiveFile=") + count(line, "-Xshare:") + count(line, "DumpLoadedClassList"),
          own + " alone chooses: " + line);
      assertFalse(line.contains("ycsb.jsa"), line);
    }
  }

  @Test
  void theOrchestratorAndItsChildrenStartWithTheirArchive() throws Exception {
    Path orchestrator = ProjectRoot.find().resolve("scripts/orchestrator");
    String line = dryRun(orchestrator, Map.of(), "validate", "plan.yaml");
    Path archive = ProjectRoot.find().resolve("orchestrator/target/cds/orchestrator.jsa");
    assertTrue(line.contains("-XX:SharedArchiveFile=" + archive), line);
    assertTrue(line.contains("-Dycsbmongo.child.sharedArchive=" + archive), "children get the same archive: " + line);
  }

  private LauncherRun ycsbRun(Map<String, String> env, String phase, String... extra) throws Exception {
    LauncherRun run = Launchers.run(workDir, ycsb, mongo.uri(database), env, phase, 2, Duration.ofSeconds(120), extra);
    assertEquals(0, run.exitCode, run.diagnostics());
    return run;
  }

  /** The java command line the launcher would run (its YCSB_LAUNCHER_DEBUG=dry-run line). */
  private String dryRun(Path launcher, Map<String, String> env, String... args) throws Exception {
    Map<String, String> all = new HashMap<>(env);
    all.put("YCSB_LAUNCHER_DEBUG", "dry-run");
    List<String> command = new ArrayList<>(List.of(launcher.toString()));
    command.addAll(args.length > 0 ? List.of(args) : List.of("run", "mongodb", "-p", "recordcount=10"));
    LauncherRun run = LauncherRun.run(workDir, Duration.ofSeconds(30), all, null, command);
    assertEquals(0, run.exitCode, run.diagnostics());
    return run.stderr.lines().filter(l -> l.contains("debug:")).findFirst().orElseThrow(
        () -> new AssertionError("no debug line\n" + run.diagnostics()));
  }

  private static int count(String text, String part) {
    int n = 0;
    for (int i = text.indexOf(part); i >= 0; i = text.indexOf(part, i + 1)) {
      n++;
    }
    return n;
  }
}
