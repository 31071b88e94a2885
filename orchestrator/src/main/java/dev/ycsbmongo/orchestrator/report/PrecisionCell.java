package dev.ycsbmongo.orchestrator.report;

import dev.ycsbmongo.orchestrator.results.PhaseResult;
import dev.ycsbmongo.orchestrator.results.Precision;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.stream.Collectors;

/**
 * How far a cell's mean throughput is known, as the tables show it in place of the per-second spread (a
 * coefficient of variation says how single seconds varied, not whether the mean is known): the precision
 * verdict its steady window was judged on and half the width of that mean's 95% interval relative to it,
 * {@code precise ±2.1%}. A cell of several repetitions: {@code precise ±1.9–2.4%} when all share the verdict,
 * else {@code 2 of 3 precise, ±1.9–9.0%}; {@code , stopped early} where the run ended once precise. Absent ("-") for records without a judgement (written before it,
 * replayed, not judged on their figures).
 */
public final class PrecisionCell {

  /** The column's heading, in summary.md and the shaped tables alike. */
  public static final String HEADER = "Precision of the mean";

  private PrecisionCell() {
  }

  /** The judgement of a record's steady window, or null. */
  public static Precision of(PhaseResult r) {
    return r.stability() == null ? null : r.stability().precision();
  }

  /** The cell's text over its repetitions {@code reps} (those shown: the successful ones); "-" without a judgement. */
  public static String text(List<PhaseResult> reps) {
    List<Precision> ps = reps.stream().map(PrecisionCell::of).filter(Objects::nonNull).toList();
    if (ps.isEmpty()) {
      return "-";
    }
    List<Double> widths = ps.stream().map(Precision::relativeHalfWidth).filter(Objects::nonNull).sorted().toList();
    String width = "";
    if (!widths.isEmpty()) {
      String low = pct(widths.get(0));
      String high = pct(widths.get(widths.size() - 1));
      width = low.equals(high) ? "±" + low + "%" : "±" + low + "–" + high + "%";
    }
    List<String> verdicts = ps.stream().map(Precision::verdict).distinct().toList();
    long stopped = ps.stream().filter(Precision::stoppedEarly).count();
    // a run stopped once precise states its throughput to the target, wider than its own interval shown here
    String stop = stopped == 0 ? "" : ps.size() == 1 ? ", stopped early" : ", " + stopped + " stopped early";
    if (verdicts.size() == 1) {
      return (verdicts.get(0) + " " + width).strip() + stop;
    }
    long precise = ps.stream().filter(Precision::precise).count();
    return precise + " of " + ps.size() + " precise" + (width.isEmpty() ? "" : ", " + width) + stop;
  }

  /** The widest relative half-width of the repetitions (as a share, 0.021), for a CSV; null when none has one. */
  public static Double widest(List<PhaseResult> reps) {
    return reps.stream().map(PrecisionCell::of).filter(Objects::nonNull).map(Precision::relativeHalfWidth)
        .filter(Objects::nonNull).max(Double::compare).orElse(null);
  }

  /** Whether some record carries a judgement: then the column is shown. */
  public static boolean any(List<PhaseResult> records) {
    return records.stream().anyMatch(r -> of(r) != null);
  }

  /**
   * What the column means, said once where it is shown, with the targets the cells were judged against
   * ({@code ±5%}, or {@code ±3% to ±5%} when the cells of a run had different ones).
   */
  public static String note(List<PhaseResult> records) {
    List<Double> targets = records.stream().map(PrecisionCell::of).filter(Objects::nonNull).map(Precision::target)
        .distinct().sorted().toList();
    String target = targets.isEmpty() ? "" : targets.size() == 1 ? "±" + pct(targets.get(0)) + "%"
        : "±" + pct(targets.get(0)) + "% to ±" + pct(targets.get(targets.size() - 1)) + "%";
    return HEADER + ": whether the steady window gives the mean throughput to the plan's target (" + target
        + ": execution.acceptance.precision) — precise, not precise or drifting — and half the width of that mean's"
        + " 95% interval (batch means over the per-second series) relative to it; docs/verdicts.md states the rule."
        + (records.stream().map(PrecisionCell::of).anyMatch(p -> p != null && p.stoppedEarly())
        ? " \"Stopped early\": the run ended once its mean was precise, and its throughput is stated to the target"
            + " (the ± beside it), not to this narrower interval." : "")
        + " The per-second spread (CV) is no measure of it and stays in results.jsonl and summary.csv.";
  }

  /** The verdicts of the repetitions, for a CSV: one, or each rep's joined by ';'. */
  public static String verdicts(List<PhaseResult> reps) {
    return reps.stream().map(PrecisionCell::of).filter(Objects::nonNull).map(Precision::verdict).distinct()
        .collect(Collectors.joining(";"));
  }

  private static String pct(double share) {
    return String.format(Locale.ROOT, "%.1f", 100 * share);
  }
}
