package dev.ycsbmongo.orchestrator.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.ycsbmongo.orchestrator.results.RunDirectory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CapacityReportTest {

  private static final String[] LINES = {
      "{\"record\":\"step\",\"cell\":\"run/e/s/rep=1\",\"step\":1,\"offered\":100.0,\"achieved\":99.0,\"threads\":2,"
          + "\"intendedMicros\":4000.0,\"operationMicros\":3000.0,\"outcome\":\"pass\",\"reason\":\"within the SLO\"}",
      "{\"record\":\"step\",\"cell\":\"run/e/s/rep=1\",\"step\":2,\"offered\":200.0,\"achieved\":150.0,\"threads\":4,"
          + "\"intendedMicros\":900000.0,\"operationMicros\":3000.0,\"outcome\":\"not-sustained\","
          + "\"reason\":\"not sustained: achieved 75% of offered\"}",
      "{\"record\":\"search\",\"cell\":\"run/e/s/rep=1\",\"target\":\"e\",\"scenario\":\"s\",\"coordinates\":"
          + "{\"threadcount\":\"4\"},\"percentile\":99.0,\"sloMicros\":10000.0,\"sustain\":0.95,\"precision\":0.05,"
          + "\"latency\":\"intended\",\"capacity\":100.0,\"failsAbove\":157.9,\"intendedP50Micros\":1000.0,"
          + "\"intendedP99Micros\":4000.0,\"intendedP999Micros\":6000.0,\"ending\":\"step_limit\",\"steps\":2,"
          + "\"seconds\":40.2,\"summary\":\"capacity 100 ops/s within p99 <= 10 ms; stopped after 2 steps\"}"};

  private static List<JsonNode> lines() throws Exception {
    List<JsonNode> out = new ArrayList<>();
    for (String l : LINES) {
      out.add(new ObjectMapper().readTree(l));
    }
    return out;
  }

  @Test
  void tableSaysWhichLatencyAndShowsEveryStep() throws Exception {
    String md = CapacityReport.markdown(lines());
    assertTrue(md.contains("## Capacity within the SLO"), md);
    assertTrue(md.contains("Latency here is intended-time"), md);
    assertTrue(md.contains("| e | s | threadcount=4 | p99 <= 10 ms, 95% sustained | 100 | 158 | 1.00 | 4.00 | 6.00 | 2 | 40 |"),
        md);
    assertTrue(md.contains("| 2 | 200 | 150 | 75% | 4 | 900 | 3.00 | not sustained: achieved 75% of offered |"), md);
  }

  @Test
  void csvHasOneRowPerSearch() throws Exception {
    String[] csv = CapacityReport.csv(lines()).split("\n");
    assertEquals(CapacityReport.CSV_HEADER, csv[0]);
    assertEquals(2, csv.length);
    assertEquals("e,s,run/e/s/rep=1,99,10,0.95,0.05,intended,100,157.9,1,4,6,2,40.2,step_limit", csv[1]);
  }

  @Test
  void noSearchNoSection() {
    assertEquals("", CapacityReport.markdown(List.of()));
  }

  private static final Path GOLDEN = Path.of("src/test/resources/golden");

  private static void assertGolden(String file, String actual) throws Exception {
    if (Boolean.getBoolean("golden.update")) {
      Files.writeString(GOLDEN.resolve(file), actual, StandardCharsets.UTF_8);
    }
    assertEquals(Files.readString(GOLDEN.resolve(file), StandardCharsets.UTF_8), actual);
  }

  /** capacity.csv and summary.md's capacity section, sealed by golden files (-Dgolden.update=true to regenerate). */
  @Test
  void rendersTheCsvAndSectionExactlyAsTheGoldenFiles() throws Exception {
    List<JsonNode> lines = CapacityFixtures.nodes(CapacityFixtures.targetA(), CapacityFixtures.targetB(),
        CapacityFixtures.targetC(), CapacityFixtures.targetD());
    assertGolden("capacity.csv", CapacityReport.csv(lines));
    assertGolden("capacity.md", CapacityReport.markdown(lines));
  }

  @Test
  void aScenarioSearchedOnTwoTargetsGetsTheComparisonOfCapacities(@TempDir Path dir) throws Exception {
    CapacityFixtures.write(dir, CapacityFixtures.targetA(), CapacityFixtures.targetB());
    String md = CapacityReport.write(new RunDirectory(dir));
    assertTrue(md.contains("`comparison-capacity.md`"), md);
    String compared = Files.readString(dir.resolve("comparison-capacity.md"), StandardCharsets.UTF_8);
    assertTrue(compared.startsWith("# Capacities compared\n"), "a title report.html shows as its heading");
    assertTrue(compared.contains("target=b lower"), compared);
    assertTrue(Files.readString(dir.resolve("comparison-capacity.csv"), StandardCharsets.UTF_8)
        .startsWith(CapacityComparison.CSV_HEADER + "\n"));
    assertEquals(md, CapacityReport.section(new RunDirectory(dir)), "report.html redrawn alone shows the same");
  }

  @Test
  void aComparisonLeftByEarlierRecordsDoesNotStand(@TempDir Path dir) throws Exception {
    Files.writeString(dir.resolve("comparison-capacity.md"), "# Capacities compared\n");
    Files.writeString(dir.resolve("comparison-capacity.csv"), CapacityComparison.CSV_HEADER + "\n");
    CapacityFixtures.write(dir, CapacityFixtures.targetA());
    String md = CapacityReport.write(new RunDirectory(dir));
    assertTrue(!md.contains("comparison-capacity"), md);
    assertTrue(!Files.exists(dir.resolve("comparison-capacity.md")));
    assertTrue(!Files.exists(dir.resolve("comparison-capacity.csv")));
    assertTrue(Files.exists(dir.resolve(CapacityReport.CSV)));
  }
}
