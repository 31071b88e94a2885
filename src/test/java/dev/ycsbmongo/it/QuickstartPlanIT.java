package dev.ycsbmongo.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The README's main command end to end: {@code scripts/orchestrator run workloads/plans/quickstart.yaml}.
 * Runs against the plan's own embedded test server ({@code uri: embedded}), not the extension's.
 */
class QuickstartPlanIT {

  @Test
  void quickstartRunsEveryPhaseAndReportReproducesTheTables(@TempDir Path work) throws Exception {
    System.out.println("[it] QuickstartPlanIT runs against: the plan's own embedded test server (uri: embedded)");
    Path plan = ProjectRoot.find().resolve("workloads/plans/quickstart.yaml");
    Path results = work.resolve("results");
    LauncherRun run = Orchestrator.run(work, Map.of(), null, "run", plan.toString(), "-o", results.toString());
    assertEquals(0, run.exitCode, run.diagnostics());

    Path runDir = Orchestrator.onlyRunDir(results);
    List<String> lines = Orchestrator.resultLines(runDir);
    assertEquals(5, lines.size(), "1 load + 2 scenarios x 2 thread counts\n" + String.join("\n", lines));
    ObjectMapper json = new ObjectMapper();
    for (String line : lines) {
      JsonNode r = json.readTree(line);
      assertEquals("SUCCEEDED", r.get("status").asText(), line);
      assertTrue(r.get("server").get("embedded").asBoolean(), line);
      if (r.get("kind").asText().equals("RUN")) {
        assertTrue(r.get("throughputOpsPerSec").asDouble() > 0, line);
        assertTrue(r.get("full").get("operationStats").size() >= 2, line);
      }
    }
    String md = Files.readString(runDir.resolve("summary.md"), StandardCharsets.UTF_8);
    assertTrue(md.contains("embedded"), md);
    assertTrue(run.stdout.contains("rw-95-5") && run.stdout.contains("rw-50-50"), run.stdout);
    for (String f : List.of("plan.yaml", "plan.source.yaml", "matrix.txt", "summary.csv", "run.json")) {
      assertTrue(Files.isRegularFile(runDir.resolve(f)), f);
    }

    byte[] csv = Files.readAllBytes(runDir.resolve("summary.csv"));
    byte[] mdBytes = Files.readAllBytes(runDir.resolve("summary.md"));
    Files.delete(runDir.resolve("summary.csv"));
    Files.delete(runDir.resolve("summary.md"));
    LauncherRun report = Orchestrator.run(work, Map.of(), null, "report", runDir.toString());
    assertEquals(0, report.exitCode, report.diagnostics());
    assertEquals(new String(csv, StandardCharsets.UTF_8), Files.readString(runDir.resolve("summary.csv")));
    assertEquals(new String(mdBytes, StandardCharsets.UTF_8), Files.readString(runDir.resolve("summary.md")));
  }
}
