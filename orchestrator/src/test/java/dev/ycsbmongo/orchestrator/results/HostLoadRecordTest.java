package dev.ycsbmongo.orchestrator.results;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ycsbmongo.orchestrator.host.ClientHostLoad;
import java.io.IOException;
import org.junit.jupiter.api.Test;

/** A record's clientHostLoad: written when watched, read back whole, left out (and read as null) when not. */
class HostLoadRecordTest {

  private static final ClientHostLoad LOAD = new ClientHostLoad("AMD EPYC 7B13", 2, 1.5, 1.15, 3.23, 40.0, 0.9, 0.29,
      0.61, 0.0, null);

  private static PhaseResult run() {
    return ResultFixtures.run(2, "aws-large", "rw-50-50", 8, 1, 420.4, 610.25, 300_000, 300_000, ResultFixtures.MONGO);
  }

  @Test
  void aWatchedPhaseKeepsWhatItsHostDidAndHostBusyReadsBack() throws IOException {
    PhaseResult r = run().toBuilder().clientHostLoad(LOAD).status(PhaseStatus.HOST_BUSY)
        .cause("client host busy: other processes used 61% of the cores (limit 25%)").build();
    String line = ResultsJson.line(r);
    assertTrue(line.endsWith(",\"clientHostLoad\":{\"cpuModel\":\"AMD EPYC 7B13\",\"cores\":2,\"effectiveCores\":1.5,"
        + "\"loadAverageStart\":1.15,\"loadAverageEnd\":3.23,\"seconds\":40.0,\"busyShare\":0.9,\"ourShare\":0.29,"
        + "\"othersShare\":0.61,\"stealShare\":0.0}}"), line);
    PhaseResult back = ResultsReader.parse(line);
    assertEquals(LOAD, back.clientHostLoad());
    assertEquals(PhaseStatus.HOST_BUSY, back.status());
  }

  @Test
  void anUnwatchedPhaseLeavesItOutAndOldLinesReadItAsNull() throws IOException {
    String line = ResultsJson.line(run());
    assertFalse(line.contains("clientHostLoad"), line);
    assertNull(ResultsReader.parse(line).clientHostLoad());
  }
}
