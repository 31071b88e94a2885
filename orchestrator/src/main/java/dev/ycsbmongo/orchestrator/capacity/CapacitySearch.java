package dev.ycsbmongo.orchestrator.capacity;

import java.util.ArrayList;
import java.util.List;
import java.util.OptionalDouble;

/**
 * The search for the highest rate that passes ({@link StepVerdict}), as a dialogue: {@link #next()} names the
 * rate to offer, {@link #record(StepFigures)} takes what the step measured, until {@link #next()} is empty.
 *
 * <p>The rule, in the fewest steps we can argue for. Pass/fail is taken as monotone in the offered rate (a
 * server that keeps up with {@code r} keeps up with less). The search keeps the bracket {@code lo} (highest
 * passing rate) and {@code hi} (lowest failing rate) and:
 * <ol>
 *   <li>until a step fails, doubles the rate (capped by {@code max}): a bracket within a factor 2 in
 *       {@code log2(capacity / start)} steps;</li>
 *   <li>until a step passes, halves it, or, after a step that did not keep up, offers what it achieved less the
 *       precision: a saturated server's throughput is the best estimate of its capacity;</li>
 *   <li>with both, bisects geometrically (the next rate is {@code sqrt(lo x hi)}) until {@code hi / lo <= 1 +
 *       precision}: {@code ceil(log2(ln(hi/lo) / ln(1 + precision)))} steps, 4 from a factor 2 at 5%.</li>
 * </ol>
 * A step that did not keep up also lowers {@code hi} for free: its server completed {@code a} operations per
 * second while offered more, so a throughput capped near {@code a} can sustain no rate above {@code a / sustain}.
 * On a rate-limited server this cuts the bracket to {@code 1 / sustain} at once. The search stops at
 * {@code maxSteps} whatever the bracket, and says so.
 */
public final class CapacitySearch {

  /** The lowest rate the search offers: below one operation per second nothing is measured in a step. */
  public static final double MIN_RATE = 1;

  /** One step: the rate offered, what it measured, and its verdict. */
  public record Step(int number, StepFigures figures, StepVerdict verdict) {
  }

  /** How the search ended. */
  public enum Ending {
    /** The bracket is within the precision: the capacity is {@code lo}. */
    CONVERGED,
    /** Every step passed up to the plan's {@code max}: the capacity is at least {@code max}. */
    AT_MAX,
    /** No rate down to {@link #MIN_RATE} passed. */
    NONE_PASSED,
    /** {@code maxSteps} ran out first: {@code lo} and {@code hi} as they stand. */
    STEP_LIMIT
  }

  private final CapacitySpec spec;
  private final double first;
  private final List<Step> steps = new ArrayList<>();
  private double lo = Double.NaN;
  private double hi = Double.NaN;
  /** The lowest {@code achieved / sustain} of the steps that did not keep up: no rate above it can pass. */
  private double ceiling = Double.POSITIVE_INFINITY;
  private double lastShortfall = Double.NaN;

  /**
   * @param first the first rate: the plan's {@code start}, or a closed-loop probe's throughput
   */
  public CapacitySearch(CapacitySpec spec, double first) {
    this.spec = spec;
    double capped = spec.max().isPresent() ? Math.min(first, spec.max().getAsDouble()) : first;
    this.first = Math.max(MIN_RATE, capped);
  }

  public List<Step> steps() {
    return List.copyOf(steps);
  }

  /** The next rate to offer, or empty when the search is over. */
  public OptionalDouble next() {
    if (ending() != null) {
      return OptionalDouble.empty();
    }
    if (steps.isEmpty()) {
      return OptionalDouble.of(first);
    }
    double top = upper();
    if (Double.isNaN(lo)) {
      double r = !Double.isNaN(lastShortfall) ? lastShortfall * (1 - spec.precision()) : top / 2;
      return OptionalDouble.of(Math.max(MIN_RATE, Math.min(r, top / (1 + spec.precision()))));
    }
    if (Double.isInfinite(top)) {
      double r = lo * 2;
      return OptionalDouble.of(spec.max().isPresent() ? Math.min(r, spec.max().getAsDouble()) : r);
    }
    return OptionalDouble.of(Math.sqrt(lo * top));
  }

  /** Records the step just run at the rate {@link #next()} named; returns its verdict. */
  public StepVerdict record(StepFigures figures) {
    StepVerdict verdict = StepVerdict.of(spec, figures);
    steps.add(new Step(steps.size() + 1, figures, verdict));
    double offered = figures.offered();
    if (verdict.passed()) {
      lo = Double.isNaN(lo) ? offered : Math.max(lo, offered);
    } else {
      hi = Double.isNaN(hi) ? offered : Math.min(hi, offered);
      if (verdict.outcome() == StepVerdict.Outcome.NOT_SUSTAINED) {
        ceiling = Math.min(ceiling, figures.achieved() / spec.sustain());
        lastShortfall = figures.achieved();
      } else {
        lastShortfall = Double.NaN;
      }
    }
    return verdict;
  }

  /** The lowest rate known (or inferred) to fail; infinite while none is. */
  private double upper() {
    double h = Double.isNaN(hi) ? Double.POSITIVE_INFINITY : hi;
    // the inferred ceiling never falls to or below a rate that passed: monotonicity would be broken
    return Double.isNaN(lo) || ceiling > lo ? Math.min(h, ceiling) : h;
  }

  /** How the search ended, or null while it goes on. */
  public Ending ending() {
    if (steps.isEmpty()) {
      return null;
    }
    double top = upper();
    if (!Double.isNaN(lo) && !Double.isInfinite(top) && top / lo <= 1 + spec.precision()) {
      return Ending.CONVERGED;
    }
    if (!Double.isNaN(lo) && spec.max().isPresent() && lo >= spec.max().getAsDouble()) {
      return Ending.AT_MAX;
    }
    if (Double.isNaN(lo) && top <= MIN_RATE * (1 + spec.precision())) {
      return Ending.NONE_PASSED;
    }
    if (steps.size() >= spec.maxSteps()) {
      return Ending.STEP_LIMIT;
    }
    return null;
  }

  /** The capacity found: the highest rate that passed, if any. */
  public OptionalDouble capacity() {
    return Double.isNaN(lo) ? OptionalDouble.empty() : OptionalDouble.of(lo);
  }

  /** The lowest rate that failed, or was shown unable to pass; empty while none is. */
  public OptionalDouble failedAbove() {
    double top = upper();
    return Double.isInfinite(top) ? OptionalDouble.empty() : OptionalDouble.of(top);
  }

  /** The step that passed at the capacity, whose figures the table shows. */
  public java.util.Optional<Step> atCapacity() {
    return steps.stream().filter(s -> s.verdict().passed() && s.figures().offered() == lo).findFirst();
  }

  /**
   * The most bisection steps from a bracket {@code hi / lo = ratio} to {@code precision}: what the docs quote.
   */
  public static int bisectionSteps(double ratio, double precision) {
    if (ratio <= 1 + precision) {
      return 0;
    }
    return (int) Math.ceil(Math.log(Math.log(ratio) / Math.log(1 + precision)) / Math.log(2));
  }
}
