package dev.ycsbmongo.orchestrator.results;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** ServerMetrics as a phase record will carry it: the golden JSON reads back into the same record. */
class ServerMetricsJsonTest {

  @Test
  void readsTheGoldenServerMetricsBackUnchanged() throws IOException {
    String golden = Files.readString(Path.of("src/test/resources/golden/server-metrics.json"), StandardCharsets.UTF_8)
        .strip();
    ServerMetrics m = ResultsJson.MAPPER.readValue(golden, ServerMetrics.class);
    assertEquals(golden, ResultsJson.line(m));
    assertEquals("phases/2/server-samples.jsonl", m.seriesFile());
    assertEquals(4, m.crossCheck().comparisons().size());
  }
}
