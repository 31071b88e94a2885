package dev.ycsbmongo.orchestrator.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

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
}
