package dev.ycsbmongo.orchestrator.report.tables;

import static dev.ycsbmongo.orchestrator.report.tables.TableFixtures.cell;
import static dev.ycsbmongo.orchestrator.report.tables.TableFixtures.spec;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ycsbmongo.orchestrator.report.SummaryCsv;
import dev.ycsbmongo.orchestrator.report.tables.TableShaper.Shaped;
import dev.ycsbmongo.orchestrator.report.tables.TableShaper.Table;
import dev.ycsbmongo.orchestrator.results.OperationStats;
import dev.ycsbmongo.orchestrator.results.PhaseParameters;
import dev.ycsbmongo.orchestrator.results.PhaseResult;
import dev.ycsbmongo.orchestrator.results.ResultFixtures;
import dev.ycsbmongo.orchestrator.results.WindowStats;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;

/**
 * A table's figures in the definition its spec asks for (whole run by default, steady, or both side by side), and
 * its operations column showing what ran where maxexecutiontime ended a cell early.
 */
class FiguresAndOperationsTest {

  private static List<String> texts(List<TableColumns.Value> row) {
    return row.stream().map(TableColumns.Value::text).toList();
  }

  private static List<PhaseResult> twoCells() {
    return List.of(cell(1, "a", Map.of(), "rw", Map.of(), Map.of(), 10, 400),
        cell(2, "b", Map.of(), "rw", Map.of(), Map.of(), 20, 400));
  }

  @Test
  void showsTheWholeRunByDefaultTheSteadyWindowOrBothSideBySide() {
    Table whole = TableShaper.shape(spec("    - {name: t, rows: [target], columns: [throughput, ral]}\n"), twoCells())
        .tables().get(0);
    assertEquals(List.of("target", "Throughput, whole run (ops/s)", "RAL, whole run (µs)"), whole.header());
    assertEquals(List.of("a", "10,100", "444"), texts(whole.rows().get(0)));
    Table steady = TableShaper.shape(spec("    - {name: t, rows: [target], columns: [throughput, ral],"
        + " figures: steady}\n"), twoCells()).tables().get(0);
    assertEquals(List.of("target", "Throughput, steady (ops/s)", "RAL, steady (µs)"), steady.header());
    assertEquals(List.of("a", "10,000", "400"), texts(steady.rows().get(0)));
    Table both = TableShaper.shape(spec("    - {name: t, rows: [target], columns: [{throughput: Débit}, cpu, ral],"
        + " figures: both}\n"), twoCells()).tables().get(0);
    // each figure's two columns side by side, whole run first; a figure of one definition (the server's CPU) once
    assertEquals(List.of("target", "Débit, whole run", "Débit, steady", "Primary CPU (%)", "RAL, whole run (µs)",
        "RAL, steady (µs)"), both.header());
    assertEquals(List.of("b", "20,200", "20,000", "-", "444", "400"), texts(both.rows().get(1)));
  }

  @Test
  void namesBothDefinitionsOfErrorsAndP99s() {
    Table t = TableShaper.shape(spec("    - {name: t, rows: [target], columns: [errors, p99read], figures: both}\n"),
        twoCells()).tables().get(0);
    assertEquals(List.of("target", "Errors, whole run", "Errors, steady", "p99 read, whole run (µs)",
        "p99 read, steady (µs)"), t.header());
    // the fixture's whole run has 3 failed reads its steady window does not
    assertEquals("3 (0.00%)", t.rows().get(0).get(1).text());
    assertEquals("0 (0.00%)", t.rows().get(0).get(2).text());
  }

  @Test
  void showsSteadyAsAbsentForACellWithoutASteadyWindow() {
    // a measured load (repetition 1) too short for a steady window
    PhaseResult measured = withRepetition(ResultFixtures.load(1, "t", ResultFixtures.MONGO), 1);
    Table t = TableShaper.shape(spec("    - {name: t, rows: [target], columns: [throughput, wal], figures: both}\n"),
        List.of(measured)).tables().get(0);
    assertEquals(List.of("t", "12,500", "-", "311", "-"), texts(t.rows().get(0)));
  }

  /** A run cell asked for {@code configured} operations that ran {@code reads + updates} (maxexecutiontime: limit). */
  private static PhaseResult bounded(int index, String target, long configured, Long limitSeconds, long reads,
      long updates, long rmw) {
    PhaseResult r = ResultFixtures.run(index, target, "rw", 8, 1, 400, 600, reads, updates, ResultFixtures.MONGO);
    List<OperationStats> ops = new java.util.ArrayList<>(List.of(ResultFixtures.op("READ", reads, 400, 1200, Map.of()),
        ResultFixtures.op("UPDATE", updates, 600, 1800, Map.of())));
    if (rmw > 0) {
      ops.add(ResultFixtures.op("READ-MODIFY-WRITE", rmw, 1000, 3000, Map.of()));
    }
    // as YcsbOutput counts them: a read-modify-write's read and update are in READ and UPDATE, not again
    WindowStats full = new WindowStats(WindowStats.FULL, 0, 60, reads + updates, 0, (reads + updates) / 60.0, 0, ops);
    PhaseParameters p = new PhaseParameters(target, 1, 8, 100_000L, configured, null, null, limitSeconds);
    return r.toBuilder().index(index).repetition(1).properties(Map.of("operationcount", Long.toString(configured)))
        .parameters(p).runtimeSeconds(61).cause(null).throughputOpsPerSec(full.throughputOpsPerSec())
        .ycsbThroughputOpsPerSec(full.throughputOpsPerSec()).errorRate(0.0).full(full).steadyAbsentReason(null)
        .rampUpSeconds(10).loadedRecords(null).outputDirectory("p").serverSettings(null).serverMetrics(null)
        .connections(null).attempt(1).replacesAttempt(null).clients(null).build();
  }

  @Test
  void countsWhatYcsbRanWithAReadModifyWriteOnce() {
    assertEquals(OptionalLong.of(81_324), ExecutedOperations.of(bounded(1, "a", 1_000_000, 60L, 40_662, 40_662, 0)));
    // 30,000 plain reads and 10,000 read-modify-writes: READ 40,000, UPDATE 10,000, READ-MODIFY-WRITE 10,000
    assertEquals(OptionalLong.of(40_000), ExecutedOperations.of(bounded(1, "a", 1_000_000, 60L, 40_000, 10_000, 10_000)));
  }

  @Test
  void printsTheOperationsThatRanWhereTheTimeLimitEndedTheCellMarked() {
    List<PhaseResult> cells = List.of(bounded(1, "cut", 1_000_000, 60L, 40_662, 40_662, 0),
        bounded(2, "whole", 100_000, 600L, 50_000, 50_000, 0));
    Shaped s = TableShaper.shape(spec("    - {name: t, rows: [target], columns: [operationcount, throughput]}\n"), cells);
    Table t = s.tables().get(0);
    assertEquals(List.of("cut", "81324 (time-bounded)"), texts(t.rows().get(0)).subList(0, 2));
    assertEquals("81324", t.rows().get(0).get(1).csv());
    assertEquals(List.of("whole", "100000"), texts(t.rows().get(1)).subList(0, 2), "ran its count: as configured");
    assertTrue(s.notes().contains(ExecutedOperations.NOTE), s.notes().toString());
    assertTrue(ShapedTableFiles.markdown(s, false).contains("| cut | 81324 (time-bounded) |"));
  }

  @Test
  void showsTheConfiguredCountWithoutATimeLimitAndAddsNoNote() {
    // fewer operations than configured but no time limit (cannot happen in YCSB): nothing is claimed about time
    Shaped s = TableShaper.shape(spec("    - {name: t, rows: [target], columns: [operationcount]}\n"),
        List.of(bounded(1, "a", 1_000_000, null, 40_662, 40_662, 0)));
    assertEquals(List.of("a", "1000000"), texts(s.tables().get(0).rows().get(0)));
    assertFalse(s.notes().contains(ExecutedOperations.NOTE));
  }

  @Test
  void summaryCsvSaysWhatRanAndWhetherTheTimeLimitEndedIt() {
    String csv = SummaryCsv.render(List.of(bounded(1, "cut", 1_000_000, 60L, 40_662, 40_662, 0)));
    List<String> header = Arrays.asList(csv.lines().findFirst().orElseThrow().split(","));
    List<String> row = Arrays.asList(csv.lines().skip(1).findFirst().orElseThrow().split(",", -1));
    assertEquals("81324", row.get(header.indexOf("operations_executed")));
    assertEquals("true", row.get(header.indexOf("time_bounded")));
  }

  private static PhaseResult withRepetition(PhaseResult r, int rep) {
    return r.toBuilder().repetition(rep).build();
  }
}
