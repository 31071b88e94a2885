package dev.ycsbmongo.orchestrator.clients;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ycsbmongo.orchestrator.results.OperationStats;
import dev.ycsbmongo.orchestrator.results.WindowStats;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

/** N clients' frames merged into one cell: exact counts and percentiles, the common window, outliers. */
class CellMergerTest {

  private static final List<String> OPS = List.of("READ", "UPDATE", "INSERT", "SCAN");

  @Test
  void oneClientMergesIntoItsOwnFigures() throws Exception {
    ClientOutput c = new TestClient(0, 1).interval("READ", 0, 1000, 100, 200, 300, 400)
        .interval("READ", 1000, 2000, Map.of("ERROR", 1L), 500).viaFrames();
    MergedCell cell = CellMerger.merge(List.of(c));
    assertEquals(1, cell.clients());
    assertEquals(0, cell.windowStartMillis());
    assertEquals(2000, cell.windowEndMillis());
    assertEquals(0, cell.startSkewMillis());
    assertEquals(5, cell.operations());
    assertEquals(1, cell.failedOperations());
    assertEquals(2.5, cell.throughputOpsPerSec(), 1e-9);
    OperationStats read = cell.stats("READ").orElseThrow();
    assertEquals(Map.of("ERROR", 1L), read.errorsByStatus());
    assertEquals(300L, read.p50Micros());
    assertEquals(500L, read.maxMicros());
    assertTrue(cell.outliers().isEmpty(), "one client is never an outlier");
  }

  @Test
  void countsAddUpExactlyForTwoAndFourClients() throws Exception {
    for (int n : new int[] {2, 4}) {
      List<ClientOutput> outs = new ArrayList<>();
      long expectedReads = 0;
      long expectedUpdates = 0;
      for (int c = 0; c < n; c++) {
        TestClient t = new TestClient(c, n).steady("READ", 0, 1000, 10, 100 + c, 200)
            .steady("UPDATE", 0, 1000, 10, 50 + c, 900);
        expectedReads += 10 * (100 + c);
        expectedUpdates += 10 * (50 + c);
        outs.add(t.viaFrames());
      }
      MergedCell cell = CellMerger.merge(outs);
      assertEquals(expectedReads, cell.stats("READ").orElseThrow().count(), n + " clients");
      assertEquals(expectedUpdates, cell.stats("UPDATE").orElseThrow().count(), n + " clients");
      assertEquals(expectedReads + expectedUpdates, cell.operations());
      assertEquals(expectedReads + expectedUpdates, cell.runOperations());
      assertEquals(expectedReads, cell.operation("READ").orElseThrow().runCount());
      assertEquals(cell.operations(), cell.clientRows().stream().mapToLong(ClientRow::windowOperations).sum());
      // aligned clients: the sum of their rates is the window's operations over its seconds
      assertEquals(cell.operations() / cell.windowSeconds(), cell.throughputOpsPerSec(), 1e-9);
    }
  }

  @Test
  void mergedPercentilesEqualThoseOfOneHistogramFedAllValues() throws Exception {
    Random rnd = new Random(13);
    for (int trial = 0; trial < 30; trial++) {
      int n = new int[] {1, 2, 4}[trial % 3];
      Histogram all = new Histogram(OpInterval.SIGNIFICANT_DIGITS);
      List<ClientOutput> outs = new ArrayList<>();
      for (int c = 0; c < n; c++) {
        TestClient t = new TestClient(c, n);
        for (int i = 0; i < 5; i++) {
          long[] values = new long[rnd.nextInt(400)];
          for (int v = 0; v < values.length; v++) {
            // a body and a long tail, as latencies have: 50 us to ~10 s
            values[v] = rnd.nextInt(10) == 0 ? 1 + (long) Math.exp(rnd.nextDouble() * 16) : 50 + rnd.nextInt(2000);
            all.recordValue(values[v]);
          }
          t.interval("READ", i * 1000L, (i + 1) * 1000L, values);
        }
        outs.add(t.viaFrames());
      }
      OperationStats s = CellMerger.merge(outs).stats("READ").orElseThrow();
      String what = "trial " + trial + ", " + n + " clients";
      assertEquals(all.getTotalCount(), s.count(), what);
      if (all.getTotalCount() == 0) {
        continue;
      }
      assertEquals(all.getValueAtPercentile(50), s.p50Micros(), what);
      assertEquals(all.getValueAtPercentile(95), s.p95Micros(), what);
      assertEquals(all.getValueAtPercentile(99), s.p99Micros(), what);
      assertEquals(all.getValueAtPercentile(99.9), s.p999Micros(), what);
      assertEquals(all.getMinValue(), s.minMicros(), what);
      assertEquals(all.getMaxValue(), s.maxMicros(), what);
      assertEquals(Math.round(all.getMean() * 100) / 100.0, s.avgMicros(), what);
      assertEquals(all, CellMerger.merge(outs).operation("READ").orElseThrow().histogram(), what);
    }
  }

  @Test
  void averagedPercentilesWouldBeWrongWhichIsWhyTheyAreSummed() throws Exception {
    // client 0: 99 fast ops; client 1: 99 slow ops. The mean of their p50s (~5 ms) is no one's latency.
    long[] fast = new long[99];
    long[] slow = new long[99];
    java.util.Arrays.fill(fast, 100);
    java.util.Arrays.fill(slow, 10_000);
    MergedCell cell = CellMerger.merge(List.of(new TestClient(0, 2).interval("READ", 0, 1000, fast).output(),
        new TestClient(1, 2).interval("READ", 0, 1000, slow).output()));
    assertEquals(100L, cell.stats("READ").orElseThrow().p50Micros());
    assertEquals(10_007L, cell.stats("READ").orElseThrow().p99Micros(), "HDR's highest equivalent of 10000");
  }

  @Test
  void aLateClientShrinksTheWindowToWholeIntervals() throws Exception {
    ClientOutput early = new TestClient(0, 2).steady("READ", 0, 1000, 10, 100, 200).output();
    ClientOutput late = new TestClient(1, 2).steady("READ", 3_250, 1000, 10, 100, 200).output();
    MergedCell cell = CellMerger.merge(List.of(early, late));
    assertEquals(3_250, cell.windowStartMillis());
    assertEquals(10_000, cell.windowEndMillis());
    assertEquals(3_250, cell.startSkewMillis());
    // early contributes 4000..10000 (6 whole intervals), late 3250..9250 (6): 1200 ops
    assertEquals(1200, cell.operations());
    assertEquals(6.0, cell.clientRows().get(0).windowSeconds(), 1e-9);
    assertEquals(6.0, cell.clientRows().get(1).windowSeconds(), 1e-9);
    assertEquals(200.0, cell.throughputOpsPerSec(), 1e-9, "each client ran 100 ops/s");
    assertEquals(20, cell.operation("READ").orElseThrow().runCount() / 100);
  }

  @Test
  void aLaterStartCutsTheWindow() throws Exception {
    ClientOutput a = new TestClient(0, 1).steady("READ", 0, 1000, 10, 100, 200).output();
    MergedCell cell = CellMerger.merge(List.of(a), 2_000);
    assertEquals(2_000, cell.windowStartMillis());
    assertEquals(800, cell.operations());
    assertEquals(1000, cell.runOperations());
    WindowStats w = cell.toWindowStats(WindowStats.STEADY, 2.0);
    assertEquals(8.0, w.durationSeconds(), 1e-9);
    assertEquals(100.0, w.throughputOpsPerSec(), 1e-9);
  }

  @Test
  void anEarlierEndCutsTheWindow() throws Exception {
    // a cell stopped once precise: its window ends where the stop was decided, the wind-down left out
    ClientOutput a = new TestClient(0, 1).steady("READ", 0, 1000, 10, 100, 200).output();
    MergedCell cell = CellMerger.merge(List.of(a), 2_000, 7_000);
    assertEquals(7_000, cell.windowEndMillis());
    assertEquals(500, cell.operations());
    assertEquals(1000, cell.runOperations());
    assertEquals(5.0, cell.toWindowStats(WindowStats.STEADY, 2.0).durationSeconds(), 1e-9);
  }

  @Test
  void aClientWithNoIntervalsIsAClearProblem() throws Exception {
    ClientOutput ok = new TestClient(0, 2).steady("READ", 0, 1000, 3, 10, 200).viaFrames();
    ClientOutput none = new TestClient(1, 2).viaFrames();
    MergeException e = assertThrows(MergeException.class, () -> CellMerger.merge(List.of(ok, none)));
    assertEquals("client 1 (host-1, pid 1001) from client-1.log wrote no interval frames: it measured nothing, so"
        + " the cell cannot be merged", e.getMessage());
  }

  @Test
  void clientsThatNeverRanTogetherAreAClearProblem() {
    ClientOutput a = new TestClient(0, 2).steady("READ", 0, 1000, 3, 10, 200).output();
    ClientOutput b = new TestClient(1, 2).steady("READ", 5000, 1000, 3, 10, 200).output();
    MergeException e = assertThrows(MergeException.class, () -> CellMerger.merge(List.of(a, b)));
    assertEquals("the clients never all ran at once: client 1 (host-1, pid 1001) started measuring at 5000 ms, after"
        + " client 0 (host-0, pid 1000) stopped at 3000 ms (epoch ms); check the start barrier", e.getMessage());
  }

  @Test
  void aWindowShorterThanAnIntervalIsAClearProblem() {
    ClientOutput a = new TestClient(0, 2).steady("READ", 0, 1000, 3, 10, 200).output();
    ClientOutput b = new TestClient(1, 2).steady("READ", 2_500, 1000, 3, 10, 200).output();
    MergeException e = assertThrows(MergeException.class, () -> CellMerger.merge(List.of(a, b)));
    assertEquals("the common window (0.500 s) holds no whole interval of client 0 (host-0, pid 1000): its intervals"
        + " are longer than the time all clients ran together", e.getMessage());
  }

  @Test
  void rejectsAMissingOrRepeatedClient() {
    ClientOutput a = new TestClient(0, 3).steady("READ", 0, 1000, 3, 10, 200).output();
    ClientOutput b = new TestClient(1, 3).steady("READ", 0, 1000, 3, 10, 200).output();
    assertEquals("client 0 (host-0, pid 1000) from test was one of 3 clients, but 2 outputs were given",
        assertThrows(MergeException.class, () -> CellMerger.merge(List.of(a, b))).getMessage());
    assertEquals("client 1 appears twice: in test and in test",
        assertThrows(MergeException.class, () -> CellMerger.merge(List.of(a, b, b))).getMessage());
    assertEquals("no client outputs to merge",
        assertThrows(MergeException.class, () -> CellMerger.merge(List.of())).getMessage());
  }

  @Test
  void readModifyWriteIsNotCountedTwiceInTheTotals() throws Exception {
    ClientOutput c = new TestClient(0, 1).interval("READ", 0, 1000, 10).interval("UPDATE", 0, 1000, 20)
        .interval("READ-MODIFY-WRITE", 0, 1000, 30).output();
    MergedCell cell = CellMerger.merge(List.of(c));
    assertEquals(2, cell.operations());
    assertEquals(List.of("READ", "UPDATE", "READ-MODIFY-WRITE"),
        cell.operationStats().stream().map(MergedOperation::operation).toList());
  }

  @Test
  void flagsASlowClientAndNotTheOthers() throws Exception {
    List<ClientOutput> outs = new ArrayList<>();
    int[] perSecond = {100, 110, 40, 95};
    for (int c = 0; c < 4; c++) {
      outs.add(new TestClient(c, 4).steady("READ", 0, 1000, 10, perSecond[c], 200).output());
    }
    MergedCell cell = CellMerger.merge(outs);
    assertEquals(List.of(2), cell.outliers().stream().map(ClientRow::client).toList());
    assertEquals(List.of("throughput 40.0 ops/s is below 0.5x the other clients' median 100.0 ops/s"),
        cell.clientRows().get(2).outlierReasons());
  }

  @Test
  void flagsAFastClient() throws Exception {
    List<ClientOutput> outs = new ArrayList<>();
    int[] perSecond = {100, 100, 250};
    for (int c = 0; c < 3; c++) {
      outs.add(new TestClient(c, 3).steady("READ", 0, 1000, 10, perSecond[c], 200).output());
    }
    assertEquals(List.of("throughput 250.0 ops/s is above 2x the other clients' median 100.0 ops/s"),
        CellMerger.merge(outs).clientRows().get(2).outlierReasons());
  }

  @Test
  void flagsAClientWhoseP99IsOverThreeTimesTheOthers() throws Exception {
    List<ClientOutput> outs = new ArrayList<>();
    long[] micros = {1000, 1100, 3500, 900};
    for (int c = 0; c < 4; c++) {
      outs.add(new TestClient(c, 4).steady("READ", 0, 1000, 10, 100, micros[c]).output());
    }
    MergedCell cell = CellMerger.merge(outs);
    assertEquals(List.of(2), cell.outliers().stream().map(ClientRow::client).toList());
    assertEquals(List.of("READ p99 3501 us is above 3x the other clients' median 1000 us"),
        cell.clientRows().get(2).outlierReasons());
    assertFalse(cell.clientRows().get(0).outlier());
  }

  @Test
  void twoClientsAreComparedWithEachOther() throws Exception {
    MergedCell cell = CellMerger.merge(List.of(
        new TestClient(0, 2).steady("READ", 0, 1000, 10, 100, 200).output(),
        new TestClient(1, 2).steady("READ", 0, 1000, 10, 30, 200).output()));
    assertEquals(List.of(0, 1), cell.outliers().stream().map(ClientRow::client).toList(),
        "with two, a 3x gap flags both: which one is off cannot be told");
    MergedCell close = CellMerger.merge(List.of(
        new TestClient(0, 2).steady("READ", 0, 1000, 10, 100, 200).output(),
        new TestClient(1, 2).steady("READ", 0, 1000, 10, 60, 200).output()));
    assertTrue(close.outliers().isEmpty());
  }

  @Test
  void perClientRowsCarryTheirOwnFigures() throws Exception {
    MergedCell cell = CellMerger.merge(List.of(
        new TestClient(0, 2).steady("READ", 0, 1000, 4, 10, 200).steady("UPDATE", 0, 1000, 4, 5, 800).output(),
        new TestClient(1, 2).steady("READ", 20, 1000, 4, 20, 300).output()));
    ClientRow r0 = cell.clientRows().get(0);
    assertEquals("host-0", r0.host());
    assertEquals(Map.of("READ", 200L, "UPDATE", 800L), r0.p99MicrosByOperation());
    assertEquals(60, r0.runOperations());
    ClientRow r1 = cell.clientRows().get(1);
    assertEquals(Map.of("READ", 300L), r1.p99MicrosByOperation());
    assertEquals(20, cell.startSkewMillis());
    // window 20..4000: client 0 contributes 1000..4000 (3 s), client 1 20..3020 (3 s)
    assertEquals(45, r0.windowOperations());
    assertEquals(60, r1.windowOperations());
    assertEquals(15.0 + 20.0, cell.throughputOpsPerSec(), 1e-9);
  }
}
