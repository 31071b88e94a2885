package dev.ycsbmongo.orchestrator.results;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.IntStream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * One bad line in the middle of results.jsonl is left out with a warning naming its line and why, and the records
 * around it are read; a success without figures is read as failed.
 */
class BadRecordsTest {

  private static final PhaseResult FIRST = ResultFixtures.run(2, "rs", "rw-50-50", 1, 1, 420.4, 610.25, 3000, 3000,
      ResultFixtures.MONGO);
  private static final PhaseResult THIRD = ResultFixtures.run(3, "rs", "rw-50-50", 4, 1, 400, 600, 3000, 3000,
      ResultFixtures.MONGO);

  /** Each shape of a line that is not a record, and the reason its warning gives. */
  @ParameterizedTest(name = "{0}")
  @CsvSource(delimiter = '|', value = {
      "garbage                  | {oops                      | record on line 2 is not JSON (Unexpected character ('o' (code 111)): was expecting double-quote to start field name): skipped",
      "text                     | hello world                | record on line 2 is not JSON (Unrecognized token 'hello': was expecting (JSON String, Number, Array, Object or token 'null', 'true' or 'false')): skipped",
      "an array                 | [1, 2]                     | record on line 2 is not a JSON object: skipped",
      "a number                 | 42                         | record on line 2 is not a JSON object: skipped",
      "no schemaVersion         | {\"phaseId\": \"x\"}       | record on line 2 has no schemaVersion: skipped",
      "a newer schema           | {\"schemaVersion\": 3}     | record on line 2 has schemaVersion 3; this orchestrator reads up to 2 (a newer one reads it): skipped",
      "schemaVersion 0          | {\"schemaVersion\": 0}     | record on line 2 has schemaVersion 0; this orchestrator reads up to 2: skipped",
      "only a schemaVersion     | {\"schemaVersion\": 2}     | record on line 2 lacks plan, runId, phaseId, kind, scenario, coordinates, target, properties, status, parameters: skipped",
  })
  void aBadLineInTheMiddleIsSkippedAndTheRestRead(String shape, String bad, String warning, @TempDir Path dir)
      throws IOException {
    write(dir, ResultsJson.line(FIRST), bad, ResultsJson.line(THIRD));
    ResultsReader.Read read = ResultsReader.read(dir);
    assertEquals(List.of(FIRST, THIRD), read.results());
    assertEquals(List.of(dir.resolve(ResultsWriter.FILE) + ": " + warning), read.warnings());
    assertEquals(1, read.skipped().size());
    assertEquals(2, read.skipped().get(0).line());
  }

  @Test
  void aRecordWithAFieldMissingOrOfTheWrongKindIsSkippedNamingIt(@TempDir Path dir) throws IOException {
    ObjectNode noStatus = tree(THIRD);
    noStatus.remove("status");
    ObjectNode badStatus = tree(THIRD);
    badStatus.put("status", "MAYBE");
    ObjectNode nullCoordinates = tree(THIRD);
    nullCoordinates.putNull("coordinates");
    write(dir, ResultsJson.line(FIRST), noStatus.toString(), badStatus.toString(), nullCoordinates.toString(),
        ResultsJson.line(THIRD));
    ResultsReader.Read read = ResultsReader.read(dir);
    assertEquals(List.of(FIRST, THIRD), read.results());
    assertEquals(3, read.warnings().size(), read.warnings().toString());
    assertTrue(read.warnings().get(0).endsWith(": record on line 2 lacks status: skipped"), read.warnings().get(0));
    assertTrue(read.warnings().get(1).contains(": record on line 3 does not read as a result (Cannot deserialize value"
        + " of type `dev.ycsbmongo.orchestrator.results.PhaseStatus` from String \"MAYBE\""), read.warnings().get(1));
    assertTrue(read.warnings().get(2).endsWith(": record on line 4 lacks coordinates: skipped"), read.warnings().get(2));
    assertFalse(String.join("\n", read.warnings()).contains("NullPointer")
        || String.join("\n", read.warnings()).contains("because"), "no Java internals: " + read.warnings());
  }

  @Test
  void manyBadLinesAreNamedUpToTenThenCounted(@TempDir Path dir) throws IOException {
    List<String> lines = new java.util.ArrayList<>(List.of(ResultsJson.line(FIRST)));
    IntStream.range(0, 25).forEach(i -> lines.add("garbage " + i));
    lines.add(ResultsJson.line(THIRD));
    write(dir, lines.toArray(String[]::new));
    ResultsReader.Read read = ResultsReader.read(dir);
    assertEquals(List.of(FIRST, THIRD), read.results());
    assertEquals(25, read.skipped().size());
    assertEquals(11, read.warnings().size());
    assertEquals(dir.resolve(ResultsWriter.FILE) + ": 15 more lines skipped, the last on line 26 (not records this"
        + " orchestrator reads)", read.warnings().get(10));
  }

  @Test
  void aCutLastLineIsStillNamedAsSuch(@TempDir Path dir) throws IOException {
    String line = ResultsJson.line(THIRD);
    Files.writeString(dir.resolve(ResultsWriter.FILE), ResultsJson.line(FIRST) + "\n{oops\n" + line.substring(0, 80));
    ResultsReader.Read read = ResultsReader.read(dir);
    assertEquals(List.of(FIRST), read.results());
    assertEquals(2, read.warnings().size());
    assertTrue(read.warnings().get(1).endsWith(":3: incomplete last line left out (the run stopped while writing it)"));
  }

  @Test
  void aSuccessWithoutFiguresIsReadAsFailedWithThatCause(@TempDir Path dir) throws IOException {
    ObjectNode bare = tree(THIRD);
    bare.remove(List.of("full", "steady", "throughputOpsPerSec", "ycsbThroughputOpsPerSec", "errorRate", "stability"));
    ObjectNode noThroughput = tree(THIRD);
    noThroughput.remove("throughputOpsPerSec");
    write(dir, ResultsJson.line(FIRST), bare.toString(), noThroughput.toString());
    ResultsReader.Read read = ResultsReader.read(dir);
    assertEquals(3, read.results().size());
    assertEquals(FIRST, read.results().get(0));
    for (PhaseResult r : read.results().subList(1, 3)) {
      assertEquals(PhaseStatus.FAILED, r.status());
      assertEquals(ResultsReader.NO_FIGURES, r.cause());
      assertFalse(r.succeeded());
    }
    assertEquals(2, read.warnings().size());
    assertTrue(read.warnings().get(0).endsWith(": record on line 2 (" + THIRD.phaseId() + ") says SUCCEEDED but holds"
        + " no throughput or latency figures: read as failed (no figures)"), read.warnings().get(0));
    assertEquals(List.of(), read.skipped());
  }

  @Test
  void aConnectionStressSucceedsOnItsConnectionFiguresAlone(@TempDir Path dir) throws IOException {
    PhaseResult stress = ResultFixtures.with(THIRD, dev.ycsbmongo.orchestrator.plan.PhaseKind.CONNECTIONS,
        java.util.Map.of(), "connections/rs/#1", PhaseStatus.SUCCEEDED, null, null,
        ResultFixtures.connections(1000, 1000));
    ObjectNode held = tree(stress);
    ObjectNode none = held.deepCopy();
    none.remove("connections");
    write(dir, held.toString(), none.toString());
    List<PhaseResult> read = ResultsReader.read(dir).results();
    assertEquals(PhaseStatus.SUCCEEDED, read.get(0).status());
    assertEquals(PhaseStatus.FAILED, read.get(1).status());
  }

  private static ObjectNode tree(PhaseResult r) {
    return (ObjectNode) ResultsJson.MAPPER.valueToTree(r);
  }

  private static void write(Path dir, String... lines) throws IOException {
    Files.writeString(dir.resolve(ResultsWriter.FILE), String.join("\n", lines) + "\n");
  }
}
