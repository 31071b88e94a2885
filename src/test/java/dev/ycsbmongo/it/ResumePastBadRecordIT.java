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
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInfo;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * A bad line in the middle of results.jsonl does not stop {@code run --resume} or {@code report}: each says in one
 * line what it skipped and goes on, and the resumed run measures again the cell whose only record was that line.
 */
@ExtendWith(MongoServerExtension.class)
class ResumePastBadRecordIT {

  private static final String PLAN = PlanResumeIT.PLAN.replace("threads: [1, 2, 4]", "threads: [1, 2]");

  @Test
  void resumeAndReportReadPastABadRecordAndTheResumeMeasuresItsCellAgain(TestMongo mongo, TestInfo info,
      @TempDir Path work) throws Exception {
    String db = mongo.freshDatabase("badrecord", info);
    Path plan = Orchestrator.writePlan(work, "bad-record-it", PLAN.replace("@DATABASE@", db));
    Map<String, String> env = Map.of("IT_MONGODB_URI", mongo.uri(db));
    Path results = work.resolve("results");
    LauncherRun first = Orchestrator.run(work, env, null, "run", plan.toString(), "-o", results.toString(),
        "--progress", "none");
    assertEquals(0, first.exitCode, first.diagnostics());
    Path runDir = Orchestrator.onlyRunDir(results);
    List<String> lines = new ArrayList<>(Orchestrator.resultLines(runDir));
    assertEquals(3, lines.size(), "1 load + 2 runs: " + lines);
    String badId = new ObjectMapper().readTree(lines.get(1)).get("phaseId").asText();
    lines.set(1, "{\"schemaVersion\":2, garbage");
    Files.write(runDir.resolve("results.jsonl"), lines, StandardCharsets.UTF_8);

    LauncherRun report = Orchestrator.run(work, env, null, "report", runDir.toString());
    assertEquals(0, report.exitCode, report.diagnostics());
    String skipped = runDir.resolve("results.jsonl") + ": record on line 2 is not JSON (";
    assertEquals(1, report.stderr.lines().filter(l -> l.contains(skipped)).count(), report.diagnostics());
    assertFalse(report.stderr.contains("Exception") || report.stderr.contains("\tat "), report.diagnostics());

    LauncherRun resumed = Orchestrator.run(work, env, null, "run", "--resume", runDir.toString(), "--progress",
        "plain");
    assertEquals(0, resumed.exitCode, resumed.diagnostics());
    assertEquals(1, resumed.stderr.lines().filter(l -> l.contains(skipped)).count(), resumed.diagnostics());
    assertTrue(resumed.stderr.contains("the cells of the 1 skipped line(s) have no record: they run again"),
        resumed.diagnostics());

    List<String> after = Orchestrator.resultLines(runDir);
    assertEquals(4, after.size(), "the bad line kept, one record added: " + after);
    assertEquals("{\"schemaVersion\":2, garbage", after.get(1), "the bad line stays as it was");
    JsonNode added = new ObjectMapper().readTree(after.get(3));
    assertEquals(badId, added.get("phaseId").asText(), "only the cell of the bad line ran again");
    assertEquals("SUCCEEDED", added.get("status").asText(), after.get(3));
    String md = Files.readString(runDir.resolve("summary.md"), StandardCharsets.UTF_8);
    assertTrue(md.contains("## Lines of results.jsonl not read\n\n- line 2: the record is not JSON ("), md);
  }
}
