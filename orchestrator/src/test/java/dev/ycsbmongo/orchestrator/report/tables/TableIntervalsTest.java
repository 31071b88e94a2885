package dev.ycsbmongo.orchestrator.report.tables;

import static dev.ycsbmongo.orchestrator.report.tables.TableFixtures.cell;
import static dev.ycsbmongo.orchestrator.report.tables.TableFixtures.spec;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ycsbmongo.orchestrator.report.FigureIntervals;
import dev.ycsbmongo.orchestrator.report.tables.TableShaper.Shaped;
import dev.ycsbmongo.orchestrator.report.tables.TableShaper.Table;
import dev.ycsbmongo.orchestrator.results.Ci;
import dev.ycsbmongo.orchestrator.results.PhaseResult;
import dev.ycsbmongo.orchestrator.results.WindowStats;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** A published-shape table's steady figure with its interval; the whole run's and the CSV's stay bare. */
class TableIntervalsTest {

  private static PhaseResult withThroughputCi(PhaseResult r, double relative) {
    WindowStats s = r.steady();
    double t = s.throughputOpsPerSec();
    return r.toBuilder().steady(s.withThroughputCi(new Ci(t * (1 - relative), t * (1 + relative), 4))).build();
  }

  @Test
  void showsTheSteadyThroughputWithItsIntervalAndTheWholeRunBare() {
    List<PhaseResult> cells = List.of(withThroughputCi(cell(1, "a", Map.of(), "rw", Map.of(), Map.of(), 10, 400), 0.034),
        cell(2, "b", Map.of(), "rw", Map.of(), Map.of(), 20, 400));
    Shaped s = TableShaper.shape(spec("    - {name: t, rows: [target], columns: [throughput], figures: both}\n"), cells);
    Table t = s.tables().get(0);
    assertEquals("10,100", t.rows().get(0).get(1).text());
    assertEquals("10,000 ± 3.4%", t.rows().get(0).get(2).text());
    assertEquals("10000", t.rows().get(0).get(2).csv(), "the CSV keeps the number");
    assertEquals("20,000", t.rows().get(1).get(2).text(), "no interval in the record: the bare figure");
    String md = ShapedTableFiles.markdown(s, false);
    assertTrue(md.contains(FigureIntervals.MEANING), md);
    assertTrue(md.contains(FigureIntervals.WHOLE_RUN_NOTE), md);
  }

  @Test
  void saysNothingOfIntervalsWhereNoneIsShown() {
    List<PhaseResult> cells = List.of(cell(1, "a", Map.of(), "rw", Map.of(), Map.of(), 10, 400));
    Shaped s = TableShaper.shape(spec("    - {name: t, rows: [target], columns: [throughput], figures: both}\n"), cells);
    assertFalse(ShapedTableFiles.markdown(s, false).contains("interval"));
  }
}
