package dev.ycsbmongo.orchestrator.report.compare;

import dev.ycsbmongo.orchestrator.plan.CompareSpec;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ycsbmongo.orchestrator.results.PhaseResult;
import dev.ycsbmongo.orchestrator.results.ResultFixtures;
import dev.ycsbmongo.orchestrator.results.WindowStats;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The comparison's Markdown and CSV, sealed by golden files (regenerate with -Dgolden.update=true
 * after a deliberate format change, and read the diff).
 */
class ComparisonFormatTest {

  private static final Path GOLDEN = Path.of("src/test/resources/golden");

  private static void assertGolden(String file, String actual) throws IOException {
    if (Boolean.getBoolean("golden.update")) {
      Files.writeString(GOLDEN.resolve(file), actual, StandardCharsets.UTF_8);
    }
    assertEquals(Files.readString(GOLDEN.resolve(file), StandardCharsets.UTF_8), actual);
  }

  private static Comparison chaining() {
    return Comparison.of(CompareFixtures.chainingStudy(), CompareSpec.parse("server.chainingAllowed=true,false"));
  }

  @Test
  void rendersTheMarkdownExactlyAsTheGoldenFile() throws IOException {
    assertGolden("comparison.md", ComparisonMarkdown.render(chaining()));
  }

  @Test
  void rendersTheCsvExactlyAsTheGoldenFile() throws IOException {
    assertGolden("comparison.csv", ComparisonCsv.render(chaining()));
  }

  @Test
  void saysFasterForMoreThroughputAndForLessLatency() {
    CompareSpec s = CompareSpec.parse("storage=ssd,cloud");
    assertEquals("Throughput: storage=cloud is 7.0% to 50.0% faster than storage=ssd (+7.0% to +50.0%, mean +20.0%; 3 cells)",
        ComparisonMarkdown.sentence(new Range("t", "", Figure.THROUGHPUT, 3, 0, 7, 50, 20), s));
    assertEquals("RAL: storage=cloud is 7.0% to 50.0% faster than storage=ssd (-50.0% to -7.0%, mean -20.0%; 3 cells, 1 n.s.)",
        ComparisonMarkdown.sentence(new Range("t", "", Figure.RAL, 3, 1, -50, -7, -20), s));
    assertEquals("Throughput: storage=cloud is 20.3% slower than storage=ssd (-20.3%; 1 cell)",
        ComparisonMarkdown.sentence(new Range("t", "", Figure.THROUGHPUT, 1, 0, -20.3, -20.3, -20.3), s));
    assertEquals("WAL: storage=cloud is from 10.0% slower to 5.0% faster than storage=ssd (-5.0% to +10.0%, mean +2.5%; 2 cells)",
        ComparisonMarkdown.sentence(new Range("t", "", Figure.WAL, 2, 0, -5, 10, 2.5), s));
  }

  @Test
  void showsAbsentFiguresAsADashNeverZero() {
    PhaseResult reads = CompareFixtures.cell(1, "t", true, 1, 10, 400);
    PhaseResult r = CompareFixtures.cell(2, "t", false, 1, 10, 400);
    WindowStats insertsOnly = ResultFixtures.window(WindowStats.STEADY, 10, 50,
        List.of(ResultFixtures.op("INSERT", 500_000, 250, 900, Map.<String, Long>of())));
    PhaseResult inserts = r.toBuilder().cause(null).throughputOpsPerSec(10_000.0).ycsbThroughputOpsPerSec(10_000.0)
        .errorRate(0.0).full(insertsOnly).steady(insertsOnly).steadyAbsentReason(null).rampUpSeconds(10)
        .loadedRecords(null).serverSettings(null).serverMetrics(null).connections(null).stability(null).clients(null)
        .build();
    Comparison c = Comparison.of(List.of(reads, inserts), CompareSpec.parse("server.chainingAllowed=true,false"));
    String md = ComparisonMarkdown.render(c);
    assertTrue(md.contains("| 10,000 | 10,000 | +0.0% | 400 | - | - | 600 | 250 | -58.3% |"), md);
    String csv = ComparisonCsv.render(c);
    assertTrue(csv.lines().skip(1).findFirst().orElseThrow().contains(",1,400.00,400.00,400.00,,0,,,,,,,"), csv);
  }
}
