package dev.ycsbmongo.orchestrator.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The command line in-process: exit codes, one-line errors, help with defaults. */
class CommandLineTest {

  private static InProcessCli run(String... args) {
    return InProcessCli.run(args);
  }

  @Test
  void validatePrintsTheMatrixAndProbesTheEmbeddedTarget(@TempDir Path dir) throws Exception {
    Path plan = dir.resolve("p.yaml");
    Files.writeString(plan, """
        name: p
        targets: [{name: local, uri: embedded}]
        scenarios: [{name: a, properties: {readproportion: 1}}]
        properties: {workload: site.ycsb.workloads.CoreWorkload, recordcount: 10, operationcount: 10}
        sweep: {threads: [1, 2]}
        """);
    InProcessCli r = run("validate", plan.toString());
    assertEquals(0, r.exit(), r.err());
    assertTrue(r.out().contains("run/local/a/threadcount=2/rep=1"), r.out());
    assertTrue(r.out().contains("target local: 5.0.0, standalone (embedded test server, not MongoDB)"), r.out());
  }

  @Test
  void validateSaysWhatTheUntimedPhasesDoAndTheirTimeAtAnAssumedRate(@TempDir Path dir) throws Exception {
    Path plan = dir.resolve("p.yaml");
    Files.writeString(plan, """
        name: p
        targets: [{name: local, uri: embedded}]
        scenarios: [{name: a, properties: {readproportion: 1}}]
        properties: {workload: site.ycsb.workloads.CoreWorkload, recordcount: 3000, operationcount: 600}
        """);
    InProcessCli plain = run("validate", "--no-probe", plan.toString());
    assertEquals(0, plain.exit(), plain.err());
    assertTrue(plain.out().contains("unbounded: 1 load inserts 3,000 records, 1 run completes 600 operations; their"
        + " time depends on the server: pass --assume-rate"), plain.out());
    InProcessCli rated = run("validate", "--no-probe", "--assume-rate", "120", plan.toString());
    assertTrue(rated.out().contains("at an assumed 120 operations/s (--assume-rate) about 30 s"), rated.out());
    for (String bad : new String[] {"0", "-5", "NaN", "Infinity"}) {
      InProcessCli r = run("validate", "--no-probe", "--assume-rate", bad, plan.toString());
      assertEquals(2, r.exit(), bad + ": " + r.err());
      assertEquals(1, r.err().strip().lines().count(), r.err());
      assertTrue(r.err().contains("--assume-rate") && r.err().contains("a number above 0"), r.err());
      assertEquals("", r.out(), "a refused option prints no matrix");
    }
    InProcessCli word = run("validate", "--no-probe", "--assume-rate", "fast", plan.toString());
    assertEquals(2, word.exit(), word.err());
    assertTrue(word.err().contains("'fast' is not a double"), word.err());
  }

  @Test
  void validateWarnsThatChainingCellsNeedAReplicaSet(@TempDir Path dir) throws Exception {
    Path plan = dir.resolve("p.yaml");
    Files.writeString(plan, """
        name: p
        targets: [{name: local, uri: embedded}]
        scenarios: [{name: a, kind: load, properties: {workload: site.ycsb.workloads.CoreWorkload}}]
        sweep: {server.chainingAllowed: [true, false]}
        """);
    InProcessCli r = run("validate", plan.toString());
    assertEquals(0, r.exit(), r.err());
    assertEquals("orchestrator: warning: target local is standalone, not a replica set: its 2 phase(s) with"
        + " server.chainingAllowed will fail (server.apply auto), run unverified on your word (manual) or be skipped"
        + " (skip)\n", r.err());
  }

  @Test
  void validateWarnsThatTopologyLabelsCannotBeConfirmedWithoutAReplicaSet(@TempDir Path dir) throws Exception {
    Path plan = dir.resolve("p.yaml");
    Files.writeString(plan, """
        name: p
        targets: [{name: local, uri: embedded, labels: {members: 3, engine: "5.0", hidden: 1}}]
        scenarios: [{name: a, kind: load, properties: {workload: site.ycsb.workloads.CoreWorkload}}]
        """);
    InProcessCli r = run("validate", plan.toString());
    assertEquals(0, r.exit(), r.err());
    assertEquals("orchestrator: warning: target local is standalone, not a replica set: its label(s) members, hidden"
        + " cannot be confirmed, and its cells will be marked unverified\n", r.err());
  }

  @Test
  void validateExitsTwoWhenATargetDoesNotAnswerWithoutShowingThePassword(@TempDir Path dir) throws Exception {
    Path plan = dir.resolve("p.yaml");
    Files.writeString(plan, """
        name: p
        targets: [{name: gone, uri: "mongodb://u:Hidden99@127.0.0.1:1/ycsb"}]
        scenarios: [{name: a}]
        properties: {workload: site.ycsb.workloads.CoreWorkload, operationcount: 10}
        """);
    InProcessCli r = run("validate", "--probe-timeout", "500", plan.toString());
    assertEquals(2, r.exit());
    assertEquals("orchestrator: " + plan + ": target gone (mongodb://u:****@127.0.0.1:1/ycsb) cannot be used: connection"
        + " refused: nothing listens at 127.0.0.1:1", r.err().strip());
    assertFalse((r.out() + r.err()).contains("Hidden99"));
  }

  @Test
  void badPlanIsOneLineAndExitTwo(@TempDir Path dir) throws Exception {
    Path plan = dir.resolve("p.yaml");
    Files.writeString(plan, "name: p\ntargets: [{name: a, uri: embedded}]\nscenarois: []\n");
    InProcessCli r = run("run", plan.toString(), "-o", dir.resolve("results").toString());
    assertEquals(2, r.exit());
    assertEquals(1, r.err().lines().count(), r.err());
    assertTrue(r.err().contains("p.yaml:3: scenarois: unknown key") && r.err().contains("did you mean 'scenarios'?"), r.err());
    assertFalse(Files.exists(dir.resolve("results")), "nothing created for a plan that does not load");
  }

  @Test
  void missingPlanFileAndBadRunDirectoryAreBadInput(@TempDir Path dir) {
    InProcessCli missing = run("run", dir.resolve("nope.yaml").toString());
    assertEquals(2, missing.exit());
    assertTrue(missing.err().contains("nope.yaml: no such plan file"), missing.err());
    InProcessCli notARun = run("run", "--resume", dir.toString());
    assertEquals(2, notARun.exit());
    assertTrue(notARun.err().contains("not a run directory"), notARun.err());
    InProcessCli report = run("report", dir.toString());
    assertEquals(2, report.exit());
    InProcessCli noPlan = run("run");
    assertEquals(2, noPlan.exit());
    assertTrue(noPlan.err().contains("give a PLAN file, or --resume RUN_DIR"), noPlan.err());
  }

  @Test
  void unknownOptionsAreBadInput() {
    InProcessCli r = run("run", "--fail-fats", "x.yaml");
    assertEquals(2, r.exit());
    assertTrue(r.err().startsWith("orchestrator: Unknown option: '--fail-fats'"), r.err());
  }

  @Test
  void helpShowsDefaults() {
    InProcessCli r = run("run", "--help");
    assertEquals(0, r.exit());
    assertTrue(r.out().contains("Default: results") && r.out().contains("Default: auto"), r.out());
  }
}
