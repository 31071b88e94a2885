package dev.ycsbmongo.orchestrator.clients;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.ycsbmongo.orchestrator.results.WindowStats;
import dev.ycsbmongo.orchestrator.results.YcsbOutput.IntervalCount;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** A distributed cell's whole-run figures and the per-second series its steady window is cut on. */
class WholeRunTest {

  private static final long T0 = 1_700_000_000_000L;

  @Test
  void countsEveryOperationOfEveryClientAndItsErrorsByStatus() {
    ClientOutput a = new TestClient(0, 2).steady("READ", T0, 1000, 4, 10, 100)
        .interval("UPDATE", T0 + 4000, T0 + 5000, Map.of("ERROR", 2L), 300).output();
    ClientOutput b = new TestClient(1, 2).steady("READ", T0 + 500, 1000, 6, 5, 200).output();
    WindowStats w = WholeRun.stats(List.of(a, b));
    assertEquals(40 + 1 + 30, w.operations());
    assertEquals(2, w.failedOperations());
    assertEquals(6.5, w.durationSeconds(), 1e-9, "from the first client's first start to the last one's end");
    assertEquals(71 / 6.5, w.throughputOpsPerSec(), 1e-9);
    assertEquals(Map.of("ERROR", 2L), w.operationStats().get(1).errorsByStatus());
    assertEquals(200, w.operationStats().get(0).maxMicros(), 1);
  }

  @Test
  void spreadsStaggeredIntervalsOverTheGridInProportion() {
    // READ closes at whole seconds, UPDATE 400 ms later: assigning whole intervals would leave false gaps
    TestClient c = new TestClient(0, 1);
    for (int k = 0; k < 5; k++) {
      c.steady("READ", T0 + k * 1000, 1000, 1, 100, 50);
      c.steady("UPDATE", T0 + 400 + k * 1000, 1000, 1, 100, 50);
    }
    List<IntervalCount> s = WholeRun.series(List.of(c.output()));
    assertEquals(6, s.size());
    assertEquals(160, s.get(0).operations(), "READ's 100 and the 60% of UPDATE's first interval inside it");
    for (int k = 1; k < 5; k++) {
      assertEquals(200, s.get(k).operations(), "second " + k);
    }
    assertEquals(40, s.get(5).operations());
    assertEquals(1000, s.stream().mapToLong(IntervalCount::operations).sum(), "nothing lost or doubled");
  }
}
