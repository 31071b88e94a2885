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
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;

/**
 * A run with {@code execution.acceptance.precision} treats its {@code maxexecutiontime} as a budget: the
 * orchestrator reads the run's series as it grows (the HDR logs of one child, the merged frames of a cell's
 * clients), and once the steady window's mean is known to the precision it writes the stop file the YCSB
 * child, or every client, watches; each ends as its deadline would have ended it. Against the plan's own
 * embedded test server, not MongoDB.
 *
 * <p>The two methods run at once: each spends its ~40 s waiting on a run throttled to 300 ops/s, and each has its
 * own work directory and its own embedded server on a free port.
 */
class PrecisionStopIT {

  @Test
  @Execution(ExecutionMode.CONCURRENT)
  void aRunStopsOnceItsMeanIsPreciseWellInsideItsBudget(@TempDir Path work) throws Exception {
    JsonNode r = runStopped(work, "one client", "");
    Path dir = Orchestrator.onlyRunDir(work.resolve("results")).resolve(r.get("outputDirectory").asText());
    assertTrue(Files.readString(dir.resolve("stop")).startsWith("precise: ±"), "the stop file's first line is the reason");
  }

  @Test
  @Execution(ExecutionMode.CONCURRENT)
  void theClientsOfACellStopTogetherOnTheirMergedSeries(@TempDir Path work) throws Exception {
    JsonNode r = runStopped(work, "2 clients", "sweep: {clients: [2]}\n");
    Path dir = Orchestrator.onlyRunDir(work.resolve("results")).resolve(r.get("outputDirectory").asText());
    for (int i = 0; i < 2; i++) {
      assertTrue(Files.readString(dir.resolve("clients/client-" + i + ".err"))
          .contains("ycsb: stop requested by the orchestrator: precise: ±"), "client " + i + " stopped on the file");
    }
    assertEquals(2, r.get("clients").get("count").asInt(), r.get("clients").toString());
  }

  /**
   * Runs the throttled plan (with {@code extra} YAML lines) and checks its run phase stopped early, precise;
   * {@code label} tells this method's console lines from the other's, which runs at the same time.
   */
  private static JsonNode runStopped(Path work, String label, String extra) throws Exception {
    System.out.println("[it] PrecisionStopIT (" + label + ") runs against: the plan's own embedded test server"
        + " (uri: embedded)");
    Path workload = ProjectRoot.find().resolve("workloads/rw-95-5");
    // YCSB's target of 300 ops/s: a throttled run's per-second throughput is what the throttle allows, so
    // its mean settles on a busy 2-core machine too; what is checked is the stop, not this machine's steadiness
    Path plan = work.resolve("precise.yaml");
    Files.writeString(plan, """
        name: precise
        targets: [{name: embedded, uri: embedded}]
        scenarios: [{name: rw, workload: %s}]
        properties: {recordcount: 1000, operationcount: 100000000, maxexecutiontime: 120, target: 300}
        %sexecution:
          load: {threads: 2}
          rampUp: 2s
          acceptance: {precision: 5%%, hostBusy: off}
        """.formatted(workload, extra), StandardCharsets.UTF_8);
    Path results = work.resolve("results");
    long t0 = System.nanoTime();
    LauncherRun run = Orchestrator.run(work, Map.of(), null, "run", plan.toString(), "-o", results.toString());
    double wall = (System.nanoTime() - t0) / 1e9;
    assertEquals(0, run.exitCode, run.diagnostics());

    Path runDir = Orchestrator.onlyRunDir(results);
    List<String> lines = Orchestrator.resultLines(runDir);
    JsonNode r = new ObjectMapper().readTree(lines.stream().filter(l -> l.contains("\"kind\":\"RUN\"")).findFirst()
        .orElseThrow());
    System.out.printf("[it] PrecisionStopIT (%s): run phase %.1f s, plan %.1f s; precision %s%n", label,
        r.get("runtimeSeconds").asDouble(), wall, r.get("stability").get("precision"));
    assertEquals("SUCCEEDED", r.get("status").asText(), r.toString());
    JsonNode p = r.get("stability").get("precision");
    assertTrue(p.get("stoppedEarly").asBoolean(), p.toString());
    assertEquals("precise", p.get("verdict").asText(), p.toString());
    double stoppedAt = p.get("stoppedAtSeconds").asDouble();
    assertTrue(stoppedAt >= 22 && stoppedAt < 90, "stopped at " + stoppedAt + " s: after the 20 s minimum window and"
        + " a second look, well before the 120 s budget");
    assertTrue(r.get("runtimeSeconds").asDouble() < 100, "the run phase took " + r.get("runtimeSeconds") + " s of 120");
    // a stopped run states its mean to the target, within it
    JsonNode steady = r.get("steady");
    double throughput = steady.get("throughputOpsPerSec").asDouble();
    JsonNode ci = steady.get("throughputCi");
    double half = (ci.get("high").asDouble() - ci.get("low").asDouble()) / 2 / throughput;
    assertEquals(0.05, half, 0.002, ci.toString());
    assertTrue(p.get("relativeHalfWidth").asDouble() <= 0.05, p.toString());
    // the steady window ends where the stop was decided: the record judged the seconds the live check read
    double end = steady.get("startSeconds").asDouble() + steady.get("durationSeconds").asDouble();
    assertTrue(end <= stoppedAt + 0.01 && end > stoppedAt - 1.5, "steady window ends at " + end + " s, stopped at "
        + stoppedAt + " s");
    assertTrue(steady.get("operationStats").get(0).has("p99Ci"), steady.toString());
    return r;
  }
}
