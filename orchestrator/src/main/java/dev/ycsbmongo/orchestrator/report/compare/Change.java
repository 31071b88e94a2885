package dev.ycsbmongo.orchestrator.report.compare;

import dev.ycsbmongo.orchestrator.report.FigureIntervals;
import dev.ycsbmongo.orchestrator.results.Ci;
import dev.ycsbmongo.orchestrator.results.PhaseResult;
import dev.ycsbmongo.orchestrator.stats.Comparisons;
import dev.ycsbmongo.orchestrator.stats.MeanInterval;
import java.util.List;
import java.util.Objects;

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
    if (sa.n() >= 2 && sb.n() >= 2) {
      return Comparisons.ofRepetitions(values(figure, a), values(figure, b));
    }
    MeanInterval ia = side(figure, a, sa);
    MeanInterval ib = side(figure, b, sb);
    return ia == null || ib == null ? null : Comparisons.withinRun(ia, ib);
  }

  /**
   * One side as a mean with its interval: a single repetition's figure with its within-run interval (null when it
   * has none), or several repetitions' mean with the interval of their spread.
   */
  private static MeanInterval side(Figure figure, List<PhaseResult> reps, Spread s) {
    if (s.n() >= 2) {
      double half = s.sd() / Math.sqrt(s.n()) * tQuantile(s.n() - 1);
      return new MeanInterval(s.mean(), half, s.n(), s.n() - 1, s.n(), Double.NaN);
    }
    PhaseResult r = reps.stream().filter(x -> figure.of(x) != null).findFirst().orElse(null);
    Ci ci = r == null ? null : figure.interval(r);
    return ci == null ? null : FigureIntervals.meanInterval(s.mean(), ci);
  }

  /** The t quantile of a 95% interval on {@code df} degrees of freedom (the statistics package's own). */
  private static double tQuantile(int df) {
    MeanInterval unit = new MeanInterval(0, 1, df + 1, df, df + 1, Double.NaN);
    return 1 / unit.standardError();
  }

  private static double[] values(Figure figure, List<PhaseResult> reps) {
    return reps.stream().map(figure::of).filter(Objects::nonNull).mapToDouble(Double::doubleValue).toArray();
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
