package dev.ycsbmongo.orchestrator.results;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.node.ObjectNode;
import com.networknt.schema.Error;
import com.networknt.schema.InputFormat;
import com.networknt.schema.Schema;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.SchemaRegistryConfig;
import com.networknt.schema.dialect.Dialects;
import dev.ycsbmongo.orchestrator.host.ClientHostLoad;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * docs/schema/results.schema.json, the published schema of a results.jsonl line, holds for every golden record
 * (both schema versions), for a record with every optional part filled in, and rejects what is not a record.
 * It names every field (additionalProperties false), so a field added to the records fails here until the schema
 * says what it is.
 */
class ResultsSchemaTest {

  private static final Path SCHEMA = Path.of("..", "docs", "schema", "results.schema.json");
  private static final List<Path> GOLDEN = List.of(Path.of("src/test/resources/golden/phase-results.jsonl"),
      Path.of("src/test/resources/golden/phase-results-v1.jsonl"));

  private static Schema schema() throws IOException {
    // format "date-time" checked too: the 2020-12 dialect only annotates formats by default
    SchemaRegistry registry = SchemaRegistry.withDialect(Dialects.getDraft202012(), builder -> builder
        .schemaRegistryConfig(SchemaRegistryConfig.builder().formatAssertionsEnabled(true).build()));
    return registry.getSchema(Files.readString(SCHEMA, StandardCharsets.UTF_8), InputFormat.JSON);
  }

  private static List<Error> errors(Schema schema, String line) {
    return schema.validate(line, InputFormat.JSON);
  }

  @Test
  void everyGoldenRecordIsValid() throws IOException {
    Schema schema = schema();
    int lines = 0;
    for (Path golden : GOLDEN) {
      for (String line : Files.readAllLines(golden, StandardCharsets.UTF_8)) {
        assertEquals(List.of(), errors(schema, line), golden + ": " + line);
        lines++;
      }
    }
    assertEquals(9, lines, "both golden files read whole");
  }

  /** A record with every optional part a phase can have: intervals, precision, server, stress, clients, host. */
  static PhaseResult everything() {
    PhaseResult run = ResultFixtures.withClients(ResultFixtures.run(2, "aws-large", "rw-50-50", 8, 1, 420.4, 610.25,
        300_000, 300_000, ResultFixtures.MONGO), ResultFixtures.clients());
    WindowStats steady = run.steady().withThroughputCi(new Ci(9800, 10200, 9));
    List<OperationStats> ops = new ArrayList<>();
    steady.operationStats().forEach(o -> ops.add(o.withCis(new Ci(o.avgMicros() * 0.98, o.avgMicros() * 1.02, 9),
        new Ci(o.p99Micros() * 0.96, o.p99Micros() * 1.04, null))));
    Precision precision = new Precision("precise", 0.018, 0.05, 10, 0.2, 0.4, "precise: ±1.8% after 50 s", true, 52.0);
    AppliedSettings settings = new AppliedSettings(Map.of("chainingAllowed", "false"), "set by replSetReconfig",
        List.of(new AppliedSettings.Check("settings.chainingAllowed", AppliedSettings.Verification.VERIFIED, "false",
            "false", "replSetGetConfig"), new AppliedSettings.Check("label members", AppliedSettings.Verification
            .UNVERIFIED, "3", null, "not a replica set: standalone")));
    return run.toBuilder().steady(steady.withOperationStats(ops))
        .stability(new Stability(10.0, "auto", 50, 10_000, 0.0412, 0.0125, 1.5, 20.0, "throughput fell to 0",
            precision))
        .serverSettings(settings).serverMetrics(ResultFixtures.serverMetrics())
        .connections(ResultFixtures.connections(8000, "each", Map.of("10.0.0.5:3717", 8000L, "10.0.0.6:3717", 7990L)))
        .clientHostLoad(new ClientHostLoad("AMD EPYC 7B13", 2, 1.5, 0.52, 0.8, 40.0, 0.6, 0.55, 0.031, 0.003, 0.05))
        .cause("also unstable").build().asAttempt(2);
  }

  @Test
  void aRecordWithEveryOptionalPartIsValid() throws IOException {
    String line = ResultsJson.line(everything());
    for (String part : List.of("\"throughputCi\"", "\"p99Ci\"", "\"precision\"", "\"checks\"", "\"crossCheck\"",
        "\"openedByHost\"", "\"rows\"", "\"clientHostLoad\"", "\"replacesAttempt\"")) {
      assertTrue(line.contains(part), part + " in the record under test: " + line);
    }
    assertEquals(List.of(), errors(schema(), line), line);
  }

  @Test
  void rejectsWhatIsNotARecord() throws IOException {
    Schema schema = schema();
    ObjectNode good = (ObjectNode) ResultsJson.mapper().readTree(Files.readAllLines(GOLDEN.get(0)).get(1));
    ObjectNode misspelt = good.deepCopy();
    misspelt.set("throughputOpsPerSecond", misspelt.remove("throughputOpsPerSec"));
    ObjectNode noParameters = good.deepCopy();
    noParameters.remove("parameters");
    ObjectNode badStatus = good.deepCopy();
    badStatus.put("status", "OK");
    ObjectNode badTime = good.deepCopy();
    badTime.put("start", "22/11/2026 10:17");
    ObjectNode percentAsFraction = good.deepCopy();
    percentAsFraction.put("errorRate", 12.0);
    for (ObjectNode bad : List.of(misspelt, noParameters, badStatus, badTime, percentAsFraction)) {
      assertFalse(errors(schema, bad.toString()).isEmpty(), "accepted: " + bad);
    }
  }
}
