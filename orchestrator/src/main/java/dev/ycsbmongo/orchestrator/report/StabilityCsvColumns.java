package dev.ycsbmongo.orchestrator.report;

import dev.ycsbmongo.orchestrator.results.Precision;
import dev.ycsbmongo.orchestrator.results.Stability;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * {@code summary.csv}'s columns for a phase's {@link Stability}, empty where it has none. How far the mean is known
 * comes first: {@code steady_precision} (the verdict: precise, not precise, drifting), {@code steady_half_width_pct}
 * (half the mean's 95% interval, percent of the mean) and {@code precision_target_pct}, empty for records without a
 * judgement. {@code steady_cv_pct} (per-second standard deviation over the mean) stays as a plain description of
 * how single seconds varied (a server that checkpoints swings per second with a well-known mean), no longer a
 * measure of trust.
 */
final class StabilityCsvColumns {

  static final List<String> HEAD = List.of("steady_start_s", "steady_start_rule", "steady_intervals",
      "steady_precision", "steady_half_width_pct", "precision_target_pct", "steady_cv_pct", "steady_rise_pct",
      "longest_stall_s");

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
    Precision p = s.precision();
    row.add(p == null ? "" : p.verdict());
    row.add(p == null || p.relativeHalfWidth() == null ? "" : SummaryCsv.num(100 * p.relativeHalfWidth()));
    row.add(p == null ? "" : SummaryCsv.num(100 * p.target()));
    row.add(s.cv() == null ? "" : String.format(Locale.ROOT, "%.2f", s.cv() * 100));
    row.add(s.rise() == null ? "" : String.format(Locale.ROOT, "%.2f", s.rise() * 100));
    row.add(SummaryCsv.num(s.longestStallSeconds()));
    return row;
  }
}
