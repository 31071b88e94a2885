package dev.ycsbmongo.orchestrator.report;

import dev.ycsbmongo.orchestrator.plan.PhaseKind;
import dev.ycsbmongo.orchestrator.results.PhaseResult;
import dev.ycsbmongo.orchestrator.results.ResultsReader;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/** Which records the tables, the comparisons ({@code report.compare}) and the report show. */
public final class Records {

  private Records() {
  }

  /** The current record of each phase (its highest attempt: a resumed run appends new ones), in plan order. */
  public static List<PhaseResult> latest(List<PhaseResult> records) {
    List<PhaseResult> rows = new ArrayList<>(ResultsReader.currentByPhaseId(records).values());
    rows.sort(Comparator.comparingInt(PhaseResult::index).thenComparing(PhaseResult::phaseId));
    return rows;
  }

  /**
   * Runs, connection stress and the cells of load scenarios: what the tables compare. Preparing
   * loads and warm-ups are not.
   */
  public static boolean measured(PhaseResult r) {
    return r.kind() == PhaseKind.RUN || r.kind() == PhaseKind.CONNECTIONS
        || (r.kind() == PhaseKind.LOAD && r.repetition() > 0);
  }
}
