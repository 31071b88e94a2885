package dev.ycsbmongo.orchestrator.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code report --replay}: a published table on its plan, written as a run directory of replayed records. */
class ReplayCliTest {

  private static final Path PLAN = Path.of("..", "workloads", "plans", "chaining-write-concern.yaml");

  @TempDir
  Path tmp;

  private Path published(String cells) throws IOException {
    return Files.writeString(tmp.resolve("published.yaml"), "source: a test table\ncells:\n" + cells);
  }

  private static final String TWO = """
        - {table: "t 1", target: rs7, scenario: load, throughput: 14414, cpu: 91, with: {server.chainingAllowed: true, mongodb.writeConcern: "1"}}
        - {table: "t 2", target: rs7, scenario: load, throughput: 11492, cpu: 93, with: {server.chainingAllowed: false, mongodb.writeConcern: "1"}}
      """;

  @Test
  void writesTheReportsOfAPublishedTableAndARunComparesWithIt() throws IOException {
    Path out = tmp.resolve("replay");
    InProcessCli r = InProcessCli.run("report", "--replay", published(TWO).toString(), "--plan", PLAN.toString(),
        out.toString());
    assertEquals(0, r.exit(), r.err());
    assertTrue(r.out().contains("**Replayed, not measured"), r.out());
    assertTrue(r.out().contains("Replayed 2 published cells of "), r.out());
    String cmp = Files.readString(out.resolve("comparison-server.chainingAllowed-true-vs-false.md"));
    assertTrue(cmp.contains("| 14,414 | 11,492 | -20.3% |"), cmp);
    // the replay directory is a run directory: report redraws it, and another run compares against it
    assertEquals(0, InProcessCli.run("report", out.toString()).exit());
    InProcessCli again = InProcessCli.run("report", "--replay", published(TWO).toString(), "--plan", PLAN.toString(),
        out.toString());
    assertEquals(0, again.exit(), "an earlier replay's directory is replayed over: " + again.err());
  }

  @Test
  void badInputIsOneLineNamingTheEntryAndWhatIsAccepted() throws IOException {
    Path out = tmp.resolve("replay");
    InProcessCli unknownTarget = InProcessCli.run("report", "--replay", published(
        "  - {table: t, target: rs9, scenario: load, throughput: 1}\n").toString(), "--plan", PLAN.toString(),
        out.toString());
    assertEquals(2, unknownTarget.exit());
    assertEquals("orchestrator: " + tmp.resolve("published.yaml") + ":3: target: 'rs9' is not a target of plan"
        + " chaining-write-concern; its targets: rs3, rs7, rs15\n", unknownTarget.err());
    InProcessCli ambiguous = InProcessCli.run("report", "--replay", published(
        "  - {table: t, target: rs7, scenario: load, throughput: 1}\n").toString(), "--plan", PLAN.toString(),
        out.toString());
    assertEquals(2, ambiguous.exit());
    assertTrue(ambiguous.err().contains(":3: 4 cells of rs7/load with; give threads or with to pick one; the plan has:"
        + " threads=8 server.chainingAllowed=true mongodb.writeConcern=1;"), ambiguous.err());
    InProcessCli badKey = InProcessCli.run("report", "--replay", published(
        "  - {table: t, target: rs7, scenario: load, throughput: 1, thruput: 2}\n").toString(), "--plan",
        PLAN.toString(), out.toString());
    assertEquals(2, badKey.exit());
    assertTrue(badKey.err().endsWith(":3: cells[0].thruput: unknown key; accepted: table, target, scenario, threads,"
        + " with, throughput, ral, wal, cpu, qps, connections\n"), badKey.err());
    InProcessCli noPlan = InProcessCli.run("report", "--replay", published(TWO).toString(), out.toString());
    assertEquals(2, noPlan.exit());
    assertTrue(noPlan.err().contains("names no plan; give --plan PLAN"), noPlan.err());
    for (InProcessCli r : new InProcessCli[] {unknownTarget, ambiguous, badKey, noPlan}) {
      assertEquals(1, r.err().lines().count(), r.err());
      assertFalse(r.err().contains("Exception"), r.err());
    }
    assertFalse(Files.exists(out.resolve("results.jsonl")), "nothing written from bad input");
  }

  @Test
  void neverWritesOverMeasuredResults() throws IOException {
    Path run = Files.createDirectories(tmp.resolve("run"));
    Files.writeString(run.resolve("results.jsonl"), Files.readString(Path.of("src", "test", "resources",
        "golden", "phase-results.jsonl")));
    InProcessCli r = InProcessCli.run("report", "--replay", published(TWO).toString(), "--plan", PLAN.toString(),
        run.toString());
    assertEquals(2, r.exit());
    assertTrue(r.err().contains("holds measured results; a replay is written to a directory of its own"), r.err());
  }

  @Test
  void neverDeletesALineItCannotRead() throws IOException {
    Path run = Files.createDirectories(tmp.resolve("newer"));
    Files.writeString(run.resolve("results.jsonl"), "{\"schemaVersion\":3}\n");
    InProcessCli r = InProcessCli.run("report", "--replay", published(TWO).toString(), "--plan", PLAN.toString(),
        run.toString());
    assertEquals(2, r.exit(), r.err());
    assertTrue(r.err().contains("holds results.jsonl lines this orchestrator cannot read (line 1 first)"), r.err());
    assertEquals("{\"schemaVersion\":3}\n", Files.readString(run.resolve("results.jsonl")));
  }
}
