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

  @Test
  void aClientsLongIntervalThatHeldItsWorkIsNoFreeze() {
    // client 1's status thread starved for 3.3 s on a busy host while its workers went on: 4.3 s of work in it
    TestClient late = new TestClient(1, 2).steady("READ", T0, 1000, 6, 100, 50)
        .interval("READ", T0 + 6000, T0 + 10_300, java.util.stream.LongStream.generate(() -> 50).limit(430).toArray())
        .steady("READ", T0 + 10_300, 1000, 3, 100, 50);
    TestClient fine = new TestClient(0, 2).steady("READ", T0, 1000, 13, 100, 50);
    assertEquals(List.of(), WholeRun.freezes(List.of(fine.output(), late.output()), 1000, 1000));
    // the same interval with a tenth of its work: client 1 stood still
    TestClient stopped = new TestClient(1, 2).steady("READ", T0, 1000, 6, 100, 50)
        .interval("READ", T0 + 6000, T0 + 10_300, java.util.stream.LongStream.generate(() -> 50).limit(43).toArray())
        .steady("READ", T0 + 10_300, 1000, 3, 100, 50);
    assertEquals(List.of(new WholeRun.Freeze(1, T0 + 6000, 4300)),
        WholeRun.freezes(List.of(fine.output(), stopped.output()), 1000, 1000));
  }

  @Test
  void findsAClientsFreezeInItsOwnFramesThoughTheGridSmoothsIt() {
    // client 1 stopped for 12 s: one 12.2 s interval per operation with a few operations at each end
    TestClient frozen = new TestClient(1, 2).steady("READ", T0, 1000, 6, 100, 50)
        .interval("READ", T0 + 6000, T0 + 18_200, 40)
        .steady("READ", T0 + 18_200, 1000, 3, 100, 50);
    TestClient fine = new TestClient(0, 2).steady("READ", T0, 1000, 21, 100, 50);
    List<ClientOutput> outputs = List.of(fine.output(), frozen.output());
    assertEquals(List.of(new WholeRun.Freeze(1, T0 + 6000, 12_200)), WholeRun.freezes(outputs, 1000, 1000));
    assertEquals(0, WholeRun.series(outputs).stream().filter(i -> i.operations() == 0).count(),
        "the merged series shows no zero second: only the frames show the freeze");
  }

  @Test
  void findsAGapInAClientsFramesAndLeavesItsFinalFlushAlone() {
    TestClient gap = new TestClient(0, 1).steady("READ", T0, 1000, 4, 100, 50)
        .steady("READ", T0 + 7000, 1000, 3, 100, 50)
        .interval("READ", T0 + 10_000, T0 + 12_500, 10);  // a long last interval: the end, not judged
    assertEquals(List.of(new WholeRun.Freeze(0, T0 + 4000, 3000)), WholeRun.freezes(List.of(gap.output()), 1000, 1000));
    TestClient late = new TestClient(0, 1).steady("READ", T0, 1000, 2, 100, 50)
        .interval("READ", T0 + 2000, T0 + 3900, 100).steady("READ", T0 + 3900, 1000, 3, 100, 50);
    assertEquals(List.of(), WholeRun.freezes(List.of(late.output()), 1000, 1000), "a late tick under a second");
  }
}
