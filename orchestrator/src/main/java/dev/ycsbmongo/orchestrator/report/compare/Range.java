package dev.ycsbmongo.orchestrator.report.compare;

import dev.ycsbmongo.orchestrator.report.Unverified;
import java.util.List;

/**
 * The changes of one figure over a group of pairs: the whole scenario ({@code group} empty), the
 * pairs of a scenario sharing one label value ({@code group} "ratio=1:2"), or, with {@code title}
 * {@link Comparison#ACROSS}, the pairs of every run scenario sharing a value of a {@code rangesOver}
 * key, as study 1 states "7% to 50% faster at 1:2" across its five mixes. min, max and mean are
 * percentages over the pairs whose change is present.
 *
 * @param scenarios the scenarios an across-scenarios range covers, in order; empty for the others
 * @param unverified what the range's pairs ran with that the server did not confirm: its sentence says so first
 * @param intervals where the changes' 95% intervals reach over the pairs that have one; null when none has
 */
public record Range(String title, String group, Figure figure, int cells, int notSignificant, double min, double max,
    double mean, List<String> scenarios, Unverified.Note unverified, Intervals intervals) {

  /**
   * The changes' intervals over a range: the lowest low end and the highest high end, in percent.
   *
   * @param cells the pairs whose change has an interval
   * @param withinRunOnly whether some of them are within-run only (one repetition on a side)
   */
  public record Intervals(int cells, double low, double high, boolean withinRunOnly) {

    /** The intervals of {@code changes} (present ones), or null when none has an interval. */
    static Intervals of(List<Change> changes) {
      List<Change> with = changes.stream().filter(c -> c.interval() != null).toList();
      if (with.isEmpty()) {
        return null;
      }
      return new Intervals(with.size(), with.stream().mapToDouble(Change::lowPercent).min().orElseThrow(),
          with.stream().mapToDouble(Change::highPercent).max().orElseThrow(),
          with.stream().anyMatch(Change::withinRunOnly));
    }
  }

  public Range {
    scenarios = List.copyOf(scenarios);
    unverified = unverified == null ? Unverified.Note.NONE : unverified;
  }

  public Range(String title, String group, Figure figure, int cells, int notSignificant, double min, double max,
      double mean, List<String> scenarios, Unverified.Note unverified) {
    this(title, group, figure, cells, notSignificant, min, max, mean, scenarios, unverified, null);
  }

  public Range(String title, String group, Figure figure, int cells, int notSignificant, double min, double max,
      double mean, List<String> scenarios) {
    this(title, group, figure, cells, notSignificant, min, max, mean, scenarios, null);
  }

  public Range(String title, String group, Figure figure, int cells, int notSignificant, double min, double max,
      double mean) {
    this(title, group, figure, cells, notSignificant, min, max, mean, List.of());
  }
}
