package dev.ycsbmongo.orchestrator.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ycsbmongo.orchestrator.report.tables.TableColumns;
import dev.ycsbmongo.orchestrator.results.PhaseResult;
import dev.ycsbmongo.orchestrator.results.Precision;
import dev.ycsbmongo.orchestrator.results.ResultFixtures;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The precision of the mean in the tables' place of the per-second spread. */
class PrecisionCellTest {

  private static PhaseResult judged(int rep, String verdict, Double width, double target) {
    PhaseResult r = ResultFixtures.run(rep, "t", "rw", 8, rep, 100, 200, 6000, 6000, ResultFixtures.MONGO);
    return r.toBuilder().stability(r.stability().withPrecision(new Precision(verdict, width, target, 5, 0.1, 0.5,
        verdict, false, null))).build();
  }

  @Test
  void oneRepetitionShowsItsVerdictAndHalfWidth() {
    assertEquals("precise ±2.1%", PrecisionCell.text(List.of(judged(1, Precision.PRECISE, 0.021, 0.05))));
    assertEquals("not precise ±9.0%", PrecisionCell.text(List.of(judged(1, Precision.NOT_PRECISE, 0.09, 0.05))));
    assertEquals("drifting ±3.2%", PrecisionCell.text(List.of(judged(1, Precision.DRIFTING, 0.032, 0.05))));
    assertEquals("not precise", PrecisionCell.text(List.of(judged(1, Precision.NOT_PRECISE, null, 0.05))),
        "no steady window: no width to state");
  }

  @Test
  void repetitionsShowTheirRangeAndHowManyArePrecise() {
    assertEquals("precise ±1.8–3.0%", PrecisionCell.text(List.of(judged(1, Precision.PRECISE, 0.018, 0.05),
        judged(2, Precision.PRECISE, 0.03, 0.05), judged(3, Precision.PRECISE, 0.024, 0.05))));
    assertEquals("2 of 3 precise, ±1.9–9.0%", PrecisionCell.text(List.of(judged(1, Precision.PRECISE, 0.019, 0.05),
        judged(2, Precision.NOT_PRECISE, 0.09, 0.05), judged(3, Precision.PRECISE, 0.02, 0.05))));
    assertEquals(0.09, PrecisionCell.widest(List.of(judged(1, Precision.PRECISE, 0.019, 0.05),
        judged(2, Precision.NOT_PRECISE, 0.09, 0.05))), 1e-12);
  }

  @Test
  void aRunStoppedOnceItWasPreciseSaysSoAndTheNoteWhyItsThroughputIsWider() {
    PhaseResult r = ResultFixtures.run(1, "t", "rw", 8, 1, 100, 200, 6000, 6000, ResultFixtures.MONGO);
    PhaseResult stopped = r.toBuilder().stability(r.stability().withPrecision(new Precision(Precision.PRECISE, 0.017,
        0.05, 5, 0.1, 0.5, "precise", true, 31.0))).build();
    assertEquals("precise ±1.7%, stopped early", PrecisionCell.text(List.of(stopped)));
    assertEquals("precise ±1.7–2.0%, 1 stopped early", PrecisionCell.text(List.of(stopped,
        judged(2, Precision.PRECISE, 0.02, 0.05))));
    assertTrue(PrecisionCell.note(List.of(stopped)).contains("stated to the target"));
    assertFalse(PrecisionCell.note(List.of(judged(1, Precision.PRECISE, 0.02, 0.05))).contains("Stopped early"));
  }

  @Test
  void recordsWithoutAJudgementShowNone() {
    PhaseResult old = ResultFixtures.run(1, "t", "rw", 8, 1, 100, 200, 6000, 6000, ResultFixtures.MONGO);
    assertEquals("-", PrecisionCell.text(List.of(old)));
    assertFalse(PrecisionCell.any(List.of(old)));
    assertFalse(SummaryMarkdown.render(List.of(old)).contains(PrecisionCell.HEADER));
    assertFalse(SummaryMarkdown.render(List.of(old)).contains("Spread (CV)"), "the spread is no longer shown");
  }

  @Test
  void theNoteNamesTheTargetsTheCellsWereJudgedAgainst() {
    assertTrue(PrecisionCell.note(List.of(judged(1, Precision.PRECISE, 0.02, 0.05))).contains("(±5.0%:"));
    assertTrue(PrecisionCell.note(List.of(judged(1, Precision.PRECISE, 0.02, 0.05),
        judged(2, Precision.PRECISE, 0.02, 0.03))).contains("(±3.0% to ±5.0%:"));
  }

  @Test
  void summaryShowsTheColumnInPlaceOfTheSpread() {
    String md = SummaryMarkdown.render(List.of(judged(1, Precision.PRECISE, 0.021, 0.05)));
    assertTrue(md.contains("| " + PrecisionCell.HEADER + " | Status |"), md);
    assertTrue(md.contains("| precise ±2.1% | ok |"), md);
    assertTrue(md.contains(PrecisionCell.note(List.of(judged(1, Precision.PRECISE, 0.021, 0.05)))), md);
  }

  @Test
  void aShapedTableShowsItUnderItsKeyAndKeepsThePerSecondSpreadUnderCv() {
    TableColumns.Cell cell = new TableColumns.Cell(List.of(judged(1, Precision.NOT_PRECISE, 0.091, 0.05)), null);
    TableColumns.Value v = TableColumns.named("precision").orElseThrow().value().apply(cell);
    assertEquals("not precise ±9.1%", v.text());
    assertEquals("0.0910", v.csv());
    assertEquals("Per-second spread (CV)", TableColumns.named("cv").orElseThrow().header());
    assertEquals("4.1%", TableColumns.named("cv").orElseThrow().value().apply(cell).text());
  }
}
