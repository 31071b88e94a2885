package dev.ycsbmongo.orchestrator.results;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The results.jsonl format, sealed by a golden file; regenerate with -Dgolden.update=true after a deliberate change. */
class ResultsJsonTest {

  private static final Path GOLDEN = Path.of("src/test/resources/golden/phase-results.jsonl");
  /** The same records as written by schema v1 (before parameters): sealed for good, never regenerated. */
  private static final Path GOLDEN_V1 = Path.of("src/test/resources/golden/phase-results-v1.jsonl");

  private static List<PhaseResult> records() {
    PhaseResult run = ResultFixtures.run(2, "aws-large", "rw-50-50", 8, 1, 420.4, 610.25, 300_000, 300_000,
        ResultFixtures.MONGO);
    return List.of(ResultFixtures.load(1, "aws-large", ResultFixtures.MONGO), run,
        ResultFixtures.failed(ResultFixtures.run(3, "aws-large", "rw-50-50", 16, 1, 1, 1, 1, 1, ResultFixtures.MONGO),
            PhaseStatus.FAILED, "YCSB exited with status 1: out of memory"),
        ResultFixtures.run(3, "aws-large", "rw-50-50", 16, 1, 500, 700, 10, 10, ResultFixtures.MONGO).asAttempt(2),
        ResultFixtures.withClients(ResultFixtures.run(4, "aws-large", "rw-50-50", 32, 1, 450, 650, 400_000, 400_000,
            ResultFixtures.MONGO), ResultFixtures.clients()));
  }

  @Test
  void serialisesRecordsExactlyAsTheGoldenFile() throws IOException {
    StringBuilder text = new StringBuilder();
    records().forEach(r -> text.append(ResultsJson.line(r)).append('\n'));
    if (Boolean.getBoolean("golden.update")) {
      Files.writeString(GOLDEN, text);
    }
    assertEquals(Files.readString(GOLDEN, StandardCharsets.UTF_8), text.toString());
  }

  @Test
  void readsSchemaV1LinesFillingTheirParametersFromPropertiesAndCommand(@TempDir Path dir) throws IOException {
    Files.copy(GOLDEN_V1, dir.resolve(ResultsWriter.FILE));
    List<PhaseResult> read = ResultsReader.read(dir).results();
    assertEquals(4, read.size());
    PhaseResult load = read.get(0);
    assertEquals(1, load.schemaVersion());
    // a load whose threads were not swept: v1 kept them only in its command ("-threads 8")
    assertEquals(new PhaseParameters("aws-large", 1, 8, 100_000L, null, null, null, null), load.parameters());
    assertEquals(new PhaseParameters("aws-large", 1, 8, 100_000L, 1_000_000L, null, null, null),
        read.get(1).parameters());
    assertEquals(16, read.get(3).parameters().threads());
    // apart from the schema version and the parameters it implies, a v1 line reads as the v2 record
    for (int i = 0; i < read.size(); i++) {
      PhaseResult v1 = read.get(i);
      PhaseResult v2 = records().get(i);
      assertEquals(ResultsJson.line(v2).replace("\"schemaVersion\":2", "\"schemaVersion\":1"), ResultsJson.line(v1));
    }
  }

  @Test
  void keepsEveryClientRowOfAMultiClientCellAndLeavesTheFieldOutForOneClient() throws IOException {
    PhaseResult cell = records().get(4);
    String line = ResultsJson.line(cell);
    // the record's last field, after attempt (a first attempt replaces none)
    assertTrue(line.contains(",\"attempt\":1,\"clients\":{\"count\":4,"
        + "\"backend\":\"kubernetes\",\"startSkewMillis\":12,\"windowSeconds\":50.0,\"rows\":[{\"client\":0,"
        + "\"host\":\"ycsb-cell-0-x7k2p\",\"windowSeconds\":50.0,\"windowOperations\":250000,"
        + "\"throughputOpsPerSec\":5000.0,\"p99MicrosByOperation\":{\"READ\":1200,\"UPDATE\":1500},"
        + "\"runOperations\":300000,\"cpuMicrosPerOperation\":61.2,\"cores\":2,\"cpuShareOfCores\":0.153,"
        + "\"outlierReasons\":[]},"), line);
    assertFalse(line.contains("\"outlier\"") || line.contains("\"outliers\""),
        "derived views are not stored: " + line);
    PhaseResult read = ResultsReader.parse(line);
    assertEquals(cell, read);
    assertEquals(List.of(2), read.clients().outliers().stream().map(ClientFigures::client).toList());
    assertEquals(4, read.parameters().clients());
    assertFalse(ResultsJson.line(records().get(1)).contains("\"clients\":{"), "one client: no clients field");
    assertNull(ResultsReader.parse(ResultsJson.line(records().get(1))).clients());
  }

  @Test
  void readsAClientRowWithoutCpuAsWrittenBeforeClientsSaidTheirs() throws IOException {
    String line = ResultsJson.line(records().get(4))
        .replaceAll(",\"cpuMicrosPerOperation\":[0-9.]+,\"cores\":[0-9]+,\"cpuShareOfCores\":[0-9.]+", "");
    assertFalse(line.contains("cpu") || line.contains("\"cores\":2"), line);
    PhaseClients read = ResultsReader.parse(line).clients();
    for (ClientFigures f : read.rows()) {
      assertNull(f.cpuMicrosPerOperation());
      assertNull(f.cores());
      assertNull(f.cpuShareOfCores());
    }
    assertEquals(ResultFixtures.clients().rows().get(2).outlierReasons(), read.rows().get(2).outlierReasons());
    PhaseResult unknownCpu = ResultsReader.parse(line);
    assertEquals(line, ResultsJson.line(unknownCpu), "unknown CPU is left out again, never written as null or 0");
  }

  @Test
  void readsSchemaV1LinesWithoutClientRows(@TempDir Path dir) throws IOException {
    Files.copy(GOLDEN_V1, dir.resolve(ResultsWriter.FILE));
    assertTrue(ResultsReader.read(dir).results().stream().allMatch(r -> r.clients() == null));
  }

  @Test
  void rejectsClientRowsThatDoNotDescribeTheirCellsClients() {
    List<ClientFigures> rows = ResultFixtures.clients().rows();
    assertEquals("4 clients but 3 client rows", assertThrows(IllegalArgumentException.class,
        () -> new PhaseClients(4, PhaseClients.LOCAL, 0, 50, rows.subList(0, 3))).getMessage());
    assertEquals("client row 0 is client 1: rows go by client index 0 to 1", assertThrows(
        IllegalArgumentException.class, () -> new PhaseClients(2, PhaseClients.LOCAL, 0, 50, rows.subList(1, 3)))
        .getMessage());
    assertEquals("clients backend 'docker': accepted are local, kubernetes", assertThrows(
        IllegalArgumentException.class, () -> new PhaseClients(4, "docker", 0, 50, rows)).getMessage());
    String line = ResultsJson.line(records().get(4)).replace("\"count\":4", "\"count\":5");
    assertThrows(IOException.class, () -> ResultsReader.parse(line), "a record whose rows disagree is not read");
  }

  @Test
  void rejectsASchemaV2LineWithoutParameters() {
    String line = ResultsJson.line(records().get(1)).replaceFirst(",\"parameters\":\\{[^}]*\\}", "");
    assertTrue(!line.contains("parameters"), line);
    assertThrows(IOException.class, () -> ResultsReader.parse(line));
  }

  @Test
  void roundTripsThroughTheWriterAndReader(@TempDir Path dir) throws IOException {
    try (ResultsWriter w = ResultsWriter.open(dir)) {
      for (PhaseResult r : records()) {
        w.append(r);
      }
    }
    ResultsReader.Read read = ResultsReader.read(dir);
    assertEquals(records(), read.results());
    assertEquals(List.of(), read.warnings());
  }

  @Test
  void leavesOutALastLineCutOffByACrash(@TempDir Path dir) throws IOException {
    String line = ResultsJson.line(records().get(1));
    Files.writeString(dir.resolve(ResultsWriter.FILE), line + "\n" + line.substring(0, 80));
    ResultsReader.Read read = ResultsReader.read(dir);
    assertEquals(1, read.results().size());
    assertTrue(read.warnings().get(0).endsWith(":2: incomplete last line left out (the run stopped while writing it)"),
        read.warnings().toString());
  }

  @Test
  void aResumedWriterSetsACutOffLineAsideInsteadOfGluingTheNextRecordToIt(@TempDir Path dir) throws IOException {
    String line = ResultsJson.line(records().get(1));
    Files.writeString(dir.resolve(ResultsWriter.FILE), line + "\n" + line.substring(0, 80));
    try (ResultsWriter w = ResultsWriter.open(dir)) {
      w.append(records().get(2));
    }
    ResultsReader.Read read = ResultsReader.read(dir);
    assertEquals(List.of(records().get(1), records().get(2)), read.results());
    assertEquals(List.of(), read.warnings());
    assertEquals(line.substring(0, 80), Files.readString(dir.resolve(ResultsWriter.CUT_FILE)));
  }

  @Test
  void skipsABadLineInTheMiddleNamingItsLine(@TempDir Path dir) throws IOException {
    String line = ResultsJson.line(records().get(1));
    Files.writeString(dir.resolve(ResultsWriter.FILE), line + "\n{oops\n" + line + "\n");
    ResultsReader.Read read = ResultsReader.read(dir);
    assertEquals(2, read.results().size());
    assertTrue(read.warnings().get(0).contains("results.jsonl: record on line 2 is not JSON ("), read.warnings().get(0));
  }

  @Test
  void toleratesFieldsFromNewerWritersButNotANewerSchema() throws IOException {
    String line = ResultsJson.line(records().get(1));
    String extra = line.replaceFirst("\\{", "{\"futureField\":42,");
    assertEquals(records().get(1), ResultsReader.parse(extra));
    String newer = line.replace("\"schemaVersion\":2", "\"schemaVersion\":99");
    assertTrue(assertThrows(IOException.class, () -> ResultsReader.parse(newer)).getMessage()
        .contains("has schemaVersion 99; this orchestrator reads up to 2 (a newer one reads it)"));
  }

  @Test
  void numbersAttemptsAndNamesTheOneEachReplaces() {
    PhaseResult first = records().get(2);
    PhaseResult second = records().get(3);
    assertEquals(1, first.attempt());
    assertEquals(null, first.replacesAttempt());
    assertEquals(2, second.attempt());
    assertEquals(2, second.replacesAttempt() + 1);
    assertTrue(ResultsJson.line(second).endsWith("\"attempt\":2,\"replacesAttempt\":1}"), ResultsJson.line(second));
    assertThrows(IllegalArgumentException.class, () -> first.asAttempt(0));
  }

  @Test
  void theCurrentRecordOfAPhaseIsItsHighestAttemptWhereverItsLineIs() {
    List<PhaseResult> r = records();
    var current = ResultsReader.currentByPhaseId(List.of(r.get(0), r.get(3), r.get(1), r.get(2)));
    assertEquals(3, current.size());
    assertEquals(2, current.get(r.get(3).phaseId()).attempt());
    assertEquals(PhaseStatus.SUCCEEDED, current.get(r.get(3).phaseId()).status());
    assertEquals(java.util.Map.of(r.get(0).phaseId(), 1, r.get(1).phaseId(), 1, r.get(3).phaseId(), 2),
        ResultsReader.lastAttempts(r.subList(0, 4)));
  }

  @Test
  void numbersTheRecordsOfAFileWrittenBeforeAttemptsByTheirLineOrder(@TempDir Path dir) throws IOException {
    StringBuilder old = new StringBuilder();
    records().forEach(r -> old.append(ResultsJson.line(r).replaceAll(",\"attempt\":\\d+(,\"replacesAttempt\":\\d+)?", ""))
        .append('\n'));
    assertTrue(old.indexOf("attempt") < 0, old.toString());
    Files.writeString(dir.resolve(ResultsWriter.FILE), old);
    assertEquals(records(), ResultsReader.read(dir).results());
  }

  @Test
  void keepsTheLastRecordOfEachPhase() {
    List<PhaseResult> r = records();
    PhaseResult retried = ResultFixtures.run(3, "aws-large", "rw-50-50", 16, 1, 500, 700, 10, 10, ResultFixtures.MONGO);
    var latest = ResultsReader.latestByPhaseId(List.of(r.get(0), r.get(1), r.get(2), retried));
    assertEquals(3, latest.size());
    assertEquals(PhaseStatus.SUCCEEDED, latest.get(retried.phaseId()).status());
  }
}
