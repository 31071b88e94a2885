package dev.ycsbmongo.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.ycsbmongo.orchestrator.clients.ClientOutput;
import dev.ycsbmongo.orchestrator.clients.FrameReader;
import dev.ycsbmongo.orchestrator.clients.OpInterval;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The {@code local} backend end to end: one plan sweeping {@code clients: [1, 2, 4]} over a load
 * and a run, run by scripts/orchestrator against its own embedded test server. Each cell of N
 * clients is N child JVMs; the records must add up exactly (the load inserts every record once,
 * the run's operations are the plan's operationcount) and the merged percentiles must be those of
 * one histogram holding every client's values (here: every interval frame the clients wrote).
 */
class ManyClientsPlanIT {

  static final int RECORDS = 20_000;
  static final int OPERATIONS = 40_000;

  static final String PLAN = """
      name: many-clients-it
      targets: [{name: local, uri: embedded}]
      scenarios:
        - {name: load, kind: load, workload: ${ROOT}/workloads/load-only}
        - {name: rw, workload: ${ROOT}/workloads/rw-50-50}
      properties: {recordcount: %d, operationcount: %d}
      sweep:
        clients: [1, 2, 4]
        threads: [2]
      execution:
        rampUp: 0s
        acceptance: {minOperations: 0, minWindow: 0s, precision: off, maxRise: off, hostBusy: off}   # this test is about counts, not the figures' minimums
        phaseTimeout: 4m
      """.formatted(RECORDS, OPERATIONS);

  @Test
  void cellsOfOneTwoAndFourClientsAddUpExactly(@TempDir Path work) throws Exception {
    System.out.println("[it] ManyClientsPlanIT runs against: the plan's own embedded test server "
        + "(uri: embedded, in the orchestrator's JVM; not MongoDB), clients as local child JVMs");
    Path plan = Orchestrator.writePlan(work, "many-clients-it", PLAN);
    Path results = work.resolve("results");
    LauncherRun run = Orchestrator.run(work, Map.of(), null, "run", plan.toString(), "-o", results.toString(),
        "--progress", "plain");
    System.out.println("[it] " + run.describe());
    assertEquals(0, run.exitCode, run.diagnostics());
    Path runDir = Orchestrator.onlyRunDir(results);
    ObjectMapper json = new ObjectMapper();
    Set<Integer> seen = new HashSet<>();
    for (String line : Orchestrator.resultLines(runDir)) {
      JsonNode r = json.readTree(line);
      assertEquals("SUCCEEDED", r.get("status").asText(), line);
      int clients = r.get("parameters").get("clients").asInt();
      seen.add(clients);
      boolean load = r.get("kind").asText().equals("LOAD");
      long expected = load ? RECORDS : OPERATIONS;
      JsonNode full = r.get("full");
      assertEquals(expected, full.get("operations").asLong() + full.get("failedOperations").asLong(), line);
      if (load) {
        assertEquals(RECORDS, r.get("loadedRecords").asLong(), "every key inserted once: " + line);
      }
      if (clients == 1) {
        continue;
      }
      JsonNode c = r.get("clients");
      assertTrue(c != null, "a cell of several clients keeps their rows (it lasted several status intervals): " + line);
      assertEquals(clients, c.get("count").asInt(), line);
      assertEquals("local", c.get("backend").asText(), line);
      long runOps = 0;
      for (JsonNode row : c.get("rows")) {
        runOps += row.get("runOperations").asLong();
      }
      assertEquals(full.get("operations").asLong(), runOps, "the clients' own totals add up: " + line);
      Path phaseDir = runDir.resolve(r.get("outputDirectory").asText());
      assertTrue(Files.isRegularFile(phaseDir.resolve("clients.csv")), phaseDir.toString());
      assertPercentilesAreThoseOfAllValues(phaseDir, clients, full);
    }
    assertEquals(Set.of(1, 2, 4), seen);
    assertFalse(run.stderr.contains("Exception"), run.stderr);
  }

  /** The record's whole-run percentiles equal those of one histogram fed every interval of every client. */
  private static void assertPercentilesAreThoseOfAllValues(Path phaseDir, int clients, JsonNode full) throws Exception {
    Map<String, Histogram> all = new java.util.TreeMap<>();
    for (int i = 0; i < clients; i++) {
      try (Reader in = Files.newBufferedReader(phaseDir.resolve("clients/client-" + i + ".out"), StandardCharsets.UTF_8)) {
        List<ClientOutput> outputs = FrameReader.read(in, "client " + i);
        for (OpInterval interval : outputs.get(0).intervals()) {
          all.computeIfAbsent(interval.operation(), k -> new Histogram(OpInterval.SIGNIFICANT_DIGITS))
              .add(interval.histogram());
        }
      }
    }
    for (JsonNode op : full.get("operationStats")) {
      Histogram h = all.get(op.get("operation").asText());
      assertEquals(h.getTotalCount(), op.get("count").asLong(), op.toString());
      assertEquals(h.getValueAtPercentile(50), op.get("p50Micros").asLong(), op.toString());
      assertEquals(h.getValueAtPercentile(99), op.get("p99Micros").asLong(), op.toString());
      assertEquals(h.getMaxValue(), op.get("maxMicros").asLong(), op.toString());
    }
  }
}
