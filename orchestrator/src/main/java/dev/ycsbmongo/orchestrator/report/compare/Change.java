package dev.ycsbmongo.orchestrator.report.compare;

import dev.ycsbmongo.orchestrator.report.ChangeIntervals;
import dev.ycsbmongo.orchestrator.results.Ci;
import dev.ycsbmongo.orchestrator.results.PhaseResult;
import dev.ycsbmongo.orchestrator.stats.Comparisons;
import java.util.List;

/**
 * One figure of one pair: A's and B's spreads and the change of the means, (B - A) / A in percent
 * (null when either side did not measure the figure or A's mean is 0), with its 95% interval where one can be
 * stated (docs/statistics.md, "Comparisons"):
 * <ul>
 * <li>both sides with at least two repetitions: Welch on the log ratio of the repetitions' means
 *     ({@link Comparisons#ofRepetitions}): run-to-run variation is in it;</li>
 * <li>otherwise, from the cells' within-run intervals ({@link Comparisons#withinRun}): one repetition's figure and
 *     its interval, or a side's repetitions' mean and their spread; labelled within-run only, since a single run's
 *     interval leaves run-to-run variation out.</li>
 * </ul>
 * The change is <em>not significant</em> when its interval holds 0%. Without an interval (records without
 * within-run intervals, one repetition on a side; replayed published figures) the rule is the one tables used
 * before intervals: not significant when at least one side has repetitions and the [min, max] ranges of A and B
 * overlap; with one repetition on each side never marked.
 *
 * @param interval the change's ratio with its interval; null when none could be stated
 * @param significant false for a present change whose interval holds 0% (or, without one, within the spread)
 */
public record Change(Figure figure, Spread a, Spread b, Double percent, boolean significant,
    dev.ycsbmongo.orchestrator.stats.Change interval) {

  /** A change without an interval. */
  public Change(Figure figure, Spread a, Spread b, Double percent, boolean significant) {
    this(figure, a, b, percent, significant, null);
  }

  /** The change of {@code figure} from A's successful repetitions to B's. */
  static Change of(Figure figure, List<PhaseResult> a, List<PhaseResult> b) {
    Spread sa = Spread.of(a.stream().map(figure::of).toList());
    Spread sb = Spread.of(b.stream().map(figure::of).toList());
    Change plain = of(figure, sa, sb);
    if (plain.percent() == null || !(sa.mean() > 0 && sb.mean() > 0)) {
      return plain;
    }
    dev.ycsbmongo.orchestrator.stats.Change interval = interval(figure, a, b, sa, sb);
    if (interval == null || Double.isNaN(interval.low())) {
      return plain;
    }
    return new Change(figure, sa, sb, plain.percent(), interval.significant(), interval);
  }

  /** Without intervals: the min-max rule (see above). */
  static Change of(Figure figure, Spread a, Spread b) {
    Double percent = !a.present() || !b.present() || a.mean() == 0 ? null : (b.mean() - a.mean()) / a.mean() * 100;
    boolean spread = a.n() >= 2 || b.n() >= 2;
    boolean overlap = percent != null && a.min() <= b.max() && b.min() <= a.max();
    return new Change(figure, a, b, percent, percent != null && !(spread && overlap));
  }

  private static dev.ycsbmongo.orchestrator.stats.Change interval(Figure figure, List<PhaseResult> a,
      List<PhaseResult> b, Spread sa, Spread sb) {
    return ChangeIntervals.of(a.stream().map(figure::of).toList(), alone(figure, a),
        b.stream().map(figure::of).toList(), alone(figure, b));
  }

  /** The within-run interval of a side's one figure (null with none; unused with several). */
  private static Ci alone(Figure figure, List<PhaseResult> reps) {
    return reps.stream().filter(x -> figure.of(x) != null).findFirst().map(figure::interval).orElse(null);
  }

  /** True when B is better than A on this figure: more throughput or less latency. */
  public boolean better() {
    return percent != null && (figure.higherIsBetter() ? percent > 0 : percent < 0);
  }

  /** Whether the interval includes run-to-run variation (false for within-run only, or none). */
  public boolean withinRunOnly() {
    return interval != null && interval.basis() == dev.ycsbmongo.orchestrator.stats.Change.Basis.WITHIN_RUN;
  }

  /** The interval's low end as a change in percent; null without an interval. */
  public Double lowPercent() {
    return interval == null ? null : (interval.low() - 1) * 100;
  }

  /** The interval's high end as a change in percent; null without an interval. */
  public Double highPercent() {
    return interval == null ? null : (interval.high() - 1) * 100;
  }
}
