package dev.ycsbmongo.orchestrator.report.charts;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * The figures studies 2 and 4 read off a thread sweep, with a tolerance for run-to-run noise.
 *
 * <p>The knee ("sweet spot"): the last thread count before the first step where average latency grows
 * by more than {@link #TOLERANCE} beyond what throughput grows, L_b / L_a &gt; (1 + tolerance) T_b / T_a:
 * from there on, adding threads costs more in latency than it buys in throughput. Without a tolerance the
 * first step whose latency grows a little faster than its throughput (noise between two runs of one cell
 * does that) decided the knee.
 *
 * <p>The best thread count: the one with the highest throughput, as the studies define it (study 4's
 * 最优 is its peak). Other thread counts within {@link #PEAK_TOLERANCE} of that peak cannot be told apart
 * from it by one run: they are named beside it ({@link Finding#nearPeak()}), so that a reader sees when the
 * best is a matter of noise.
 *
 * <p>A curve with a thread count that has no successful measurement (failed, unstable, skipped) is
 * incomplete: its best and knee are figures of the points it has, and every output marks them so
 * ({@link Finding#complete()}). Both tolerances come from a measurement: BENCHMARKS.md, "Knee tolerance"
 * ({@code bench/knee-noise.sh}).
 */
public final class Knee {

  /**
   * Latency growth beyond throughput growth, per step, that is a knee rather than noise: about twice the
   * run-to-run standard deviation of ln(L_b / L_a) - ln(T_b / T_a) between repetitions of one curve in the
   * quietest cells measured (0.09 on a step measured directly, 0.14 derived from throughput's 4.9%);
   * ln(1.25) = 0.22.
   */
  public static final double TOLERANCE = 0.25;

  /**
   * How close to the highest throughput another thread count is named as indistinguishable from it: about
   * twice the standard deviation of the throughput ratio of two cells (4.9% each, quietest cells measured).
   */
  public static final double PEAK_TOLERANCE = 0.15;

  public static final String RULE = String.format(Locale.ROOT, "Knee: the last thread count before the first"
      + " step where average latency grows more than %.0f%% beyond throughput (latency ratio > %.2f x throughput"
      + " ratio; the tolerance is about twice the run-to-run noise, BENCHMARKS.md). A curve with a thread count not"
      + " measured (failed, unstable) is incomplete and its knee is marked so.", TOLERANCE * 100, 1 + TOLERANCE);

  /** One thread count's figures. */
  public record Step(int threads, double throughput, double latency) {
  }

  /** A thread count of the sweep without a successful measurement, and what happened to it ("unstable", "failed"). */
  public record Gap(int threads, String verdict) {
  }

  /**
   * What a curve shows.
   *
   * @param best the best thread count (null without a throughput)
   * @param peak the highest throughput (null without one)
   * @param nearPeak the other thread counts whose throughput is within {@link #PEAK_TOLERANCE} of the peak
   * @param knee the knee's step (null when latency never outgrew throughput beyond the tolerance)
   * @param gaps the sweep's thread counts without a measurement, in thread order: the curve is incomplete
   */
  public record Finding(Integer best, Double peak, List<Integer> nearPeak, Step knee, List<Gap> gaps) {

    public Finding {
      nearPeak = List.copyOf(nearPeak);
      gaps = List.copyOf(gaps);
    }

    public boolean complete() {
      return gaps.isEmpty();
    }

    /** "16 unstable, 32 failed": what is missing, for a mark. */
    public String missing() {
      return String.join(", ", gaps.stream().map(g -> g.threads() + " " + g.verdict()).toList());
    }
  }

  private Knee() {
  }

  /** {@code steps} in increasing thread order; absent when latency never outgrew throughput beyond the tolerance. */
  public static Optional<Step> find(List<Step> steps) {
    return find(steps, TOLERANCE);
  }

  static Optional<Step> find(List<Step> steps, double tolerance) {
    for (int i = 1; i < steps.size(); i++) {
      Step a = steps.get(i - 1);
      Step b = steps.get(i);
      if (a.throughput() <= 0 || a.latency() <= 0 || b.throughput() <= 0) {
        continue;
      }
      double throughputRatio = b.throughput() / a.throughput();
      double latencyRatio = b.latency() / a.latency();
      if (latencyRatio > (1 + tolerance) * throughputRatio) {
        return Optional.of(a);
      }
    }
    return Optional.empty();
  }

  /** The step of the highest throughput (the fewer threads on a tie); absent without steps. */
  public static Optional<Step> best(List<Step> steps) {
    return steps.stream().max(Comparator.comparingDouble(Step::throughput)
        .thenComparing(Comparator.comparingInt(Step::threads).reversed()));
  }

  /** The thread counts, other than the best, whose throughput is within {@link #PEAK_TOLERANCE} of the best's. */
  public static List<Integer> nearPeak(List<Step> steps) {
    Optional<Step> best = best(steps);
    return best.map(b -> steps.stream().filter(s -> s.threads() != b.threads()
        && s.throughput() * (1 + PEAK_TOLERANCE) >= b.throughput()).map(Step::threads).sorted().toList())
        .orElse(List.of());
  }

  /**
   * A curve's best thread count, peak and knee from its measured steps (any order; a step without a latency
   * may carry NaN and then counts for throughput only) and the thread counts it lacks.
   */
  public static Finding analyse(List<Step> steps, List<Gap> gaps) {
    List<Step> sorted = new ArrayList<>(steps);
    sorted.sort(Comparator.comparingInt(Step::threads));
    Optional<Step> best = best(sorted);
    Double peak = sorted.stream().map(Step::throughput).max(Double::compare).orElse(null);
    Optional<Step> knee = find(sorted.stream().filter(s -> !Double.isNaN(s.latency())).toList());
    List<Gap> g = new ArrayList<>(gaps);
    g.sort(Comparator.comparingInt(Gap::threads));
    return new Finding(best.map(Step::threads).orElse(null), peak, nearPeak(sorted), knee.orElse(null), g);
  }
}
