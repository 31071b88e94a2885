package dev.ycsbmongo.orchestrator.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.ycsbmongo.orchestrator.results.PhaseResult;
import dev.ycsbmongo.orchestrator.results.ResultFixtures;
import dev.ycsbmongo.orchestrator.results.ResultsJson;
import dev.ycsbmongo.orchestrator.results.ResultsWriter;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code report} reads past a bad line of results.jsonl, saying what it skipped in one line; a file without any
 * record is one line of bad input; a success without figures is tabled as failed, not as an ok row of dashes.
 */
class BadRecordsCliTest {

  /** A plan.yaml asking for a comparison by thread count: with no records it raised "not a coordinate". */
  private static final String PLAN_YAML = "name: sweep\nreport:\n  compare:\n    - threadcount=1,4\n";

  private static List<PhaseResult> sweep() {
    int[] threads = {1, 2, 4};
    return java.util.stream.IntStream.range(0, threads.length).mapToObj(i -> ResultFixtures.run(i + 1, "rs",
        "rw-50-50", threads[i], 1, 100 * (i + 1), 300, 6000L * (i + 1), 6000L * (i + 1), ResultFixtures.MONGO)).toList();
  }

  private static Path runDir(Path tmp, String... lines) throws IOException {
    Path dir = Files.createDirectories(tmp.resolve("sweep-1"));
    Files.writeString(dir.resolve(ResultsWriter.FILE), lines.length == 0 ? "" : String.join("\n", lines) + "\n");
    Files.writeString(dir.resolve("plan.yaml"), PLAN_YAML);
    return dir;
  }

  @Test
  void reportReadsPastABadLineAndSaysWhatItSkipped(@TempDir Path tmp) throws IOException {
    List<PhaseResult> r = sweep();
    Path dir = runDir(tmp, ResultsJson.line(r.get(0)), "{\"schemaVersion\":2}", ResultsJson.line(r.get(2)));

    InProcessCli report = InProcessCli.run("report", dir.toString());

    assertEquals(0, report.exit(), report.err());
    assertEquals(List.of("orchestrator: warning: " + dir.resolve(ResultsWriter.FILE) + ": record on line 2 lacks plan,"
        + " runId, phaseId, kind, scenario, coordinates, target, properties, status, parameters: skipped"),
        report.err().lines().toList());
    String md = Files.readString(dir.resolve("summary.md"));
    assertTrue(md.contains("\n## Lines of results.jsonl not read\n\n- line 2: the record lacks plan, runId,"), md);
    assertTrue(md.contains("\n| 1 | 202 | 200 |") && md.contains("\n| 4 | 606 | 600 |"), "both good records tabled: " + md);
    assertTrue(Files.readString(dir.resolve("report.html")).contains("Lines of results.jsonl not read"));
  }

  @Test
  void reportOnAnEmptyRecordFileSaysSoInOneLine(@TempDir Path tmp) throws IOException {
    Path dir = runDir(tmp);

    InProcessCli report = InProcessCli.run("report", dir.toString());

    assertEquals(2, report.exit(), report.err());
    assertEquals(List.of("orchestrator: no records in " + dir.resolve(ResultsWriter.FILE) + "; a run appends one as"
        + " each phase ends"), report.err().lines().toList());
    assertFalse(report.err().contains("coordinate"), report.err());
    assertEquals("", report.out());
  }

  @Test
  void reportOnOnlyBadLinesNamesThemThenSaysThereAreNoRecords(@TempDir Path tmp) throws IOException {
    Path dir = runDir(tmp, "{oops", "[]");

    InProcessCli report = InProcessCli.run("report", dir.toString());

    assertEquals(2, report.exit(), report.err());
    List<String> err = report.err().lines().toList();
    assertEquals(3, err.size(), report.err());
    assertTrue(err.get(0).endsWith(": record on line 1 is not JSON (Unexpected character ('o' (code 111)): was"
        + " expecting double-quote to start field name): skipped"), err.get(0));
    assertTrue(err.get(1).endsWith(": record on line 2 is not a JSON object: skipped"), err.get(1));
    assertEquals("orchestrator: no records in " + dir.resolve(ResultsWriter.FILE) + " (2 line(s) skipped, above); a"
        + " run appends one as each phase ends", err.get(2));
    assertFalse(report.err().contains("coordinate"), report.err());
  }

  @Test
  void compareOnAnEmptyRecordFileSaysSoInOneLine(@TempDir Path tmp) throws IOException {
    Path dir = runDir(tmp);

    InProcessCli report = InProcessCli.run("report", dir.toString(), "--compare", "threadcount=1,4");

    assertEquals(2, report.exit(), report.err());
    assertEquals(List.of("orchestrator: no records in " + dir.resolve(ResultsWriter.FILE) + "; a run appends one as"
        + " each phase ends"), report.err().lines().toList());
  }

  @Test
  void aSuccessWithoutFiguresIsTabledAsFailedNotAsOk(@TempDir Path tmp) throws IOException {
    List<PhaseResult> r = sweep();
    ObjectNode bare = (ObjectNode) ResultsJson.mapper().valueToTree(r.get(1));
    bare.remove(List.of("full", "steady", "throughputOpsPerSec", "ycsbThroughputOpsPerSec", "errorRate", "stability"));
    Path dir = runDir(tmp, ResultsJson.line(r.get(0)), bare.toString(), ResultsJson.line(r.get(2)));

    InProcessCli report = InProcessCli.run("report", dir.toString());

    assertEquals(0, report.exit(), report.err());
    assertTrue(report.err().contains("record on line 2 (" + r.get(1).phaseId() + ") says SUCCEEDED but holds no"
        + " throughput or latency figures: read as failed (no figures)"), report.err());
    String row = Files.readAllLines(dir.resolve("summary.csv")).stream()
        .filter(l -> l.contains(r.get(1).phaseId())).findFirst().orElseThrow();
    assertTrue(row.contains(",FAILED,\"no figures: recorded as succeeded without any throughput or latency"), row);
    String md = Files.readString(dir.resolve("summary.md"));
    // no precision column: these records carry no precision judgement (the per-second spread is no longer shown)
    assertTrue(md.contains("\n| 2 | - | - | - | - | - | - | - | - | - | FAILED: no figures: recorded as succeeded"
        + " without any throughput or latency, so nothing was measured |\n"), "failed with its cause, not ok: " + md);
    assertTrue(md.contains("| rs | 1, 4 | 4 (incomplete) |"), "thread count 2 not measured: " + md);
  }
}
