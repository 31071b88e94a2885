package dev.ycsbmongo.orchestrator.host;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.ycsbmongo.orchestrator.results.ResultsJson;
import org.junit.jupiter.api.Test;

/** The record maps to JSON as results.jsonl writes records: plain fields, unknown ones left out, read back equal. */
class ClientHostLoadJsonTest {

  private final ObjectMapper json = ResultsJson.mapper();

  @Test
  void writesPlainFieldsAndLeavesUnknownOnesOut() throws Exception {
    ClientHostLoad load = new ClientHostLoad("AMD EPYC", 2, 1.5, 1.15, 3.23, 40.012, 0.81, 0.2, 0.61, 0.05, null);
    String line = json.writeValueAsString(load);
    assertEquals("{\"cpuModel\":\"AMD EPYC\",\"cores\":2,\"effectiveCores\":1.5,\"loadAverageStart\":1.15,"
        + "\"loadAverageEnd\":3.23,\"seconds\":40.012,\"busyShare\":0.81,\"ourShare\":0.2,\"othersShare\":0.61,"
        + "\"stealShare\":0.05}", line);
    assertEquals(load, json.readValue(line, ClientHostLoad.class));
  }

  @Test
  void anUnknownHostIsAnAlmostEmptyObject() throws Exception {
    ClientHostLoad load = new ClientHostLoad(null, null, null, null, null, 12.0, null, null, null, null, null);
    assertEquals("{\"seconds\":12.0}", json.writeValueAsString(load));
    assertEquals(load, json.readValue("{\"seconds\":12.0}", ClientHostLoad.class));
  }
}
