package dev.ycsbmongo.orchestrator.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import dev.ycsbmongo.orchestrator.results.PhaseResult;
import dev.ycsbmongo.orchestrator.results.PhaseStatus;
import dev.ycsbmongo.orchestrator.results.ResultFixtures;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The two definitions of a cell's figures: YCSB's whole run and the steady window, each named. */
class FigureWindowTest {

  @Test
  void namesTheWindowBeforeABracketedUnitElseAtTheEnd() {
    assertEquals("Throughput, whole run (ops/s)", FigureWindow.WHOLE.name("Throughput (ops/s)"));
    assertEquals("RAL, steady (µs)", FigureWindow.STEADY.name("RAL (µs)"));
    assertEquals("スループット, whole run", FigureWindow.WHOLE.name("スループット"));
    assertEquals("Throughput, steady (OPS)", FigureWindow.STEADY.name("Throughput (OPS)"));
    assertEquals("a (b) c, whole run", FigureWindow.WHOLE.name("a (b) c"));
  }

  @Test
  void wholeRunThroughputIsYcsbsOwnAndSteadyIsTheSteadyWindows() {
    // the fixture's YCSB [OVERALL] Throughput is 1.01x its windows' successful operations per second
    PhaseResult r = ResultFixtures.run(1, "t", "rw", 8, 1, 400, 600, 300_000, 300_000, ResultFixtures.MONGO);
    assertEquals(r.ycsbThroughputOpsPerSec(), FigureWindow.WHOLE.figures(r).throughput());
    assertEquals(r.steady().throughputOpsPerSec(), FigureWindow.STEADY.figures(r).throughput());
    assertEquals(400.0, FigureWindow.WHOLE.figures(r).ral());
    assertEquals(360.0, FigureWindow.STEADY.figures(r).ral());
    assertEquals(3L, FigureWindow.WHOLE.figures(r).failed());
    assertEquals(0L, FigureWindow.STEADY.figures(r).failed());
  }

  @Test
  void wholeRunThroughputFromTheWholeWindowsCountsWhenYcsbPrintedNone() {
    PhaseResult r = ResultFixtures.run(1, "t", "rw", 8, 1, 400, 600, 3000, 3000, ResultFixtures.MONGO);
    PhaseResult noYcsb = r.toBuilder().index(1).repetition(1).runtimeSeconds(60).status(PhaseStatus.SUCCEEDED)
        .cause(null).throughputOpsPerSec(100.0).ycsbThroughputOpsPerSec(null).errorRate(0.0).steadyAbsentReason(null)
        .rampUpSeconds(10).loadedRecords(null).outputDirectory("p").serverSettings(null).serverMetrics(null)
        .connections(null).stability(null).clients(null).build();
    // 6,000 successful and 3 failed operations over the whole window's 60 s, failed ones counted as YCSB does
    assertEquals(6003 / 60.0, FigureWindow.wholeRunThroughput(noYcsb), 1e-9);
  }

  @Test
  void steadyFiguresAreAbsentWithoutASteadyWindowNeverTheWholeRunsAgain() {
    PhaseResult load = ResultFixtures.load(1, "t", ResultFixtures.MONGO);
    assertNull(load.steady());
    CellFigures steady = FigureWindow.STEADY.figures(load);
    assertNull(steady.throughput());
    assertNull(steady.wal());
    assertEquals(310.5, FigureWindow.WHOLE.figures(load).wal());
    assertEquals(12_500.0, FigureWindow.WHOLE.figures(load).throughput());
  }

  @Test
  void namesCsvColumnsWithTheWindowBeforeTheUnit() {
    assertEquals(List.of("throughput_whole_ops_per_sec", "operations_whole", "failed_operations_whole",
        "error_rate_whole_pct", "read_avg_whole_us", "read_p99_whole_us", "write_avg_whole_us", "write_p99_whole_us"),
        SummaryCsv.windowHead(FigureWindow.WHOLE));
    assertEquals("throughput_steady_ops_per_sec", SummaryCsv.windowHead(FigureWindow.STEADY).get(0));
  }
}
