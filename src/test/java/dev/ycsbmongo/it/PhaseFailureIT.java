package dev.ycsbmongo.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.ycsbmongo.orchestrator.embedded.EmbeddedMongoServer;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInfo;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * A target that goes away after its data is loaded: its run phase is recorded as failed, with the
 * cause, and the plan goes on to the next target's phases, which succeed.
 */
@ExtendWith(MongoServerExtension.class)
class PhaseFailureIT {

  @Test
  void recordsPhaseAgainstVanishedServerAsFailedAndRunsTheRest(TestMongo mongo, TestInfo info, @TempDir Path work)
      throws Exception {
    System.out.println("[it] PhaseFailureIT: target 'doomed' is a test-owned embedded server stopped mid-plan; "
        + "target 'healthy' is " + mongo.description());
    String db = mongo.freshDatabase("failure", info);
    EmbeddedMongoServer doomed = EmbeddedMongoServer.start(0);
    try {
      Path plan = Orchestrator.writePlan(work, "failure-it", """
          name: failure-it
          targets:
            - {name: doomed, uri: "${DOOMED_URI}"}
            - {name: healthy, uri: "${HEALTHY_URI}"}
          scenarios:
            - name: rw-50-50
              workload: ${ROOT}/workloads/rw-50-50
          properties:
            recordcount: 300
            operationcount: 2000
            maxexecutiontime: 6
            mongodb.serverSelectionTimeoutMs: 1000
            mongodb.connectTimeoutMs: 1000
          sweep:
            threads: [2]
          execution:
            rampUp: 1s
          """);
      Path results = work.resolve("results");
      LauncherRun run = Orchestrator.run(work,
          Map.of("DOOMED_URI", doomed.connectionString("ycsb"), "HEALTHY_URI", mongo.uri(db)),
          process -> {
            Orchestrator.awaitRecords(process, results, 1, Duration.ofMinutes(2));  // the doomed target's load
            doomed.close();
          }, "run", plan.toString(), "-o", results.toString(), "--progress", "plain");
      assertEquals(1, run.exitCode, run.diagnostics());

      ObjectMapper json = new ObjectMapper();
      List<JsonNode> records = new ArrayList<>();
      for (String line : Orchestrator.resultLines(Orchestrator.onlyRunDir(results))) {
        records.add(json.readTree(line));
      }
      assertEquals(4, records.size(), records.toString());
      assertEquals("SUCCEEDED", records.get(0).get("status").asText(), "doomed load, before the server went");
      JsonNode failed = records.get(1);
      assertEquals("doomed", failed.get("target").get("name").asText());
      assertEquals("FAILED", failed.get("status").asText(), failed.toString());
      // scripts/ycsb's connection check ends the phase before any operation, naming the cause
      assertTrue(failed.get("cause").asText().contains("connection refused"), failed.get("cause").asText());
      assertEquals("SUCCEEDED", records.get(2).get("status").asText(), "healthy load: " + records.get(2));
      assertEquals("SUCCEEDED", records.get(3).get("status").asText(), "healthy run: " + records.get(3));
    } finally {
      doomed.close();
    }
  }
}
