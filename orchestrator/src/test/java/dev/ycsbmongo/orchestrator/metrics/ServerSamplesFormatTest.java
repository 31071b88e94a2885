package dev.ycsbmongo.orchestrator.metrics;

import static dev.ycsbmongo.orchestrator.results.ResultFixtures.op;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ycsbmongo.orchestrator.results.ResultFixtures;
import dev.ycsbmongo.orchestrator.results.ResultsJson;
import dev.ycsbmongo.orchestrator.results.ServerMetrics;
import dev.ycsbmongo.orchestrator.results.ServerSample;
import dev.ycsbmongo.orchestrator.results.ServerSamples;
import dev.ycsbmongo.orchestrator.results.WindowStats;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The server-samples.jsonl line format and the ServerMetrics JSON, sealed by golden files derived
 * from the MongoDB 7.0 fixtures; regenerate with -Dgolden.update=true after a deliberate change.
 */
class ServerSamplesFormatTest {

  private static final Path SAMPLES_GOLDEN = Path.of("src/test/resources/golden/server-samples.jsonl");
  private static final Path METRICS_GOLDEN = Path.of("src/test/resources/golden/server-metrics.json");

  private static String text(List<ServerSample> samples) {
    StringBuilder text = new StringBuilder();
    samples.forEach(s -> text.append(ServerSamples.line(s)).append('\n'));
    return text.toString();
  }

  private static void assertGolden(Path golden, String actual) throws IOException {
    if (Boolean.getBoolean("golden.update")) {
      Files.writeString(golden, actual);
    }
    assertEquals(Files.readString(golden, StandardCharsets.UTF_8), actual);
  }

  @Test
  void writesSamplesExactlyAsTheGoldenFile() throws IOException {
    assertGolden(SAMPLES_GOLDEN, text(ServerMetricsCalculatorTest.restartedSeries().samples()));
  }

  @Test
  void writesServerMetricsExactlyAsTheGoldenFile() throws IOException {
    WindowStats ycsb = ResultFixtures.window(WindowStats.FULL, 0, 2, List.of(
        op("INSERT", 3_000, 310.5, 1_200, Map.of()),
        op("READ", 500, 250.0, 800, Map.of()),
        op("UPDATE", 248, 420.0, 1_500, Map.of("ERROR", 2L))));
    ServerMetrics m = ServerMetricsCalculator.summarize(ServerMetricsCalculatorTest.restartedSeries(), Replies.at(0),
        Replies.at(2));
    m = m.withCrossCheck(OpCountCrossCheck.of(m, ycsb, Map.of("mongodb.readPreference", "primary"), false))
        .withSeriesFile("phases/2/" + ServerSamples.FILE);
    assertGolden(METRICS_GOLDEN, ResultsJson.line(m) + "\n");
  }

  @Test
  void appendsAndReadsBack(@TempDir Path dir) throws IOException {
    List<ServerSample> samples = ServerMetricsCalculatorTest.restartedSeries().samples();
    Path file = dir.resolve("phases/1").resolve(ServerSamples.FILE);
    try (ServerSamples out = ServerSamples.open(file)) {
      for (ServerSample s : samples) {
        out.append(s);
      }
    }
    assertEquals(samples, ServerSamples.read(file));
    assertEquals(List.of(), ServerSamples.read(dir.resolve("missing.jsonl")));
  }

  @Test
  void leavesOutALastLineCutOffByACrash(@TempDir Path dir) throws IOException {
    List<ServerSample> samples = ServerMetricsCalculatorTest.restartedSeries().samples();
    String line = ServerSamples.line(samples.get(0));
    Path file = dir.resolve(ServerSamples.FILE);
    Files.writeString(file, line + "\n" + line.substring(0, 40));
    assertEquals(List.of(samples.get(0)), ServerSamples.read(file));
  }

  @Test
  void rejectsABadLineInTheMiddleNamingItsLine(@TempDir Path dir) throws IOException {
    String line = ServerSamples.line(ServerMetricsCalculatorTest.restartedSeries().samples().get(0));
    Path file = dir.resolve(ServerSamples.FILE);
    Files.writeString(file, line + "\n{oops\n" + line + "\n");
    IOException e = assertThrows(IOException.class, () -> ServerSamples.read(file));
    assertTrue(e.getMessage().contains(ServerSamples.FILE + ":2: not a server sample"), e.getMessage());
  }
}
