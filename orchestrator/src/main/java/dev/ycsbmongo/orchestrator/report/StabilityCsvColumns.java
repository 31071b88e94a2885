package dev.ycsbmongo.orchestrator.report;

import dev.ycsbmongo.orchestrator.results.Stability;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** {@code summary.csv}'s columns for a phase's {@link Stability}: the CV and the rise in percent, empty where it has none. */
final class StabilityCsvColumns {

  static final List<String> HEAD = List.of("steady_start_s", "steady_start_rule", "steady_intervals",
      "steady_cv_pct", "steady_rise_pct", "longest_stall_s");

  private StabilityCsvColumns() {
  }

  static List<String> values(Stability s) {
    List<String> row = new ArrayList<>();
    if (s == null) {
      HEAD.forEach(h -> row.add(""));
      return row;
    }
    row.add(SummaryCsv.num(s.steadyStartSeconds()));
    row.add(s.steadyStartRule());
    row.add(Integer.toString(s.intervals()));
    row.add(s.cv() == null ? "" : String.format(Locale.ROOT, "%.2f", s.cv() * 100));
    row.add(s.rise() == null ? "" : String.format(Locale.ROOT, "%.2f", s.rise() * 100));
    row.add(SummaryCsv.num(s.longestStallSeconds()));
    return row;
  }
}
