package dev.ycsbmongo.orchestrator.check;

import dev.ycsbmongo.orchestrator.plan.Acceptance.SteadyStateRule;
import dev.ycsbmongo.orchestrator.plan.Durations;
import dev.ycsbmongo.orchestrator.plan.Settings;
import java.time.Duration;

/**
 * The shortest steady window a timed phase can be judged on, by the verdict's own arithmetic:
 * its status intervals less YCSB's last one ({@code exec.SteadyState.whole}), from the first interval
 * that starts at the ramp-up or later ({@code exec.SteadyState.start} under {@code fixed}), or, under
 * {@code auto}, from the latest interval MSER may choose: half-way through those left. What
 * {@code validate} holds against {@code acceptance.minWindow}, so that a plan whose every cell
 * would fail is refused instead of run.
 *
 * @param seconds the window's length at worst, whole seconds
 * @param why how it was found, for the refusal
 * @param settings the plan's, to say what would fit
 * @param earliestSeconds the window's length when it starts at the ramp-up (the most any rule leaves)
 * @param lastStartFitting the latest start, seconds in, that still leaves {@code minWindow}
 */
record WindowBound(long seconds, String why, Settings settings, long earliestSeconds, long lastStartFitting) {

  static WindowBound of(Settings settings, long phaseSeconds) {
    long status = Math.max(1, settings.statusInterval().toSeconds());  // what YcsbCommand asks YCSB for
    SteadyStateRule rule = settings.acceptance().steadyState();
    long start = latestStart(settings, phaseSeconds, rule);
    long whole = phaseSeconds / status - 1;
    long seconds = Math.max(0, (whole - start) * status);
    long earliest = Math.max(0, (whole - ceilRampUp(settings, status)) * status);
    long minWindow = (settings.acceptance().minWindow().toMillis() + 999) / 1000;
    long lastFitting = (whole * status - minWindow) / status * status;
    String less = "less YCSB's last status interval, which is not judged";
    String why = rule == SteadyStateRule.FIXED || start * status <= ceilRampUp(settings, status) * status
        ? phaseSeconds + " s, less the " + Durations.format(settings.rampUp()) + " rampUp, " + less
        : phaseSeconds + " s, " + less + ", from " + start * status + " s in: the latest start steadyState auto may"
            + " choose";
    return new WindowBound(seconds, why, settings, earliest, lastFitting);
  }

  /** The index of the interval the window starts at, at the latest: as {@code exec.SteadyState.start} bounds it. */
  private static long latestStart(Settings settings, long phaseSeconds, SteadyStateRule rule) {
    long status = Math.max(1, settings.statusInterval().toSeconds());
    long whole = phaseSeconds / status - 1;
    long first = ceilRampUp(settings, status);
    if (rule == SteadyStateRule.FIXED || whole - first < 4) {
      return first;
    }
    return first + (whole - first) / 2;
  }

  /** Whole status intervals that start before the ramp-up ends. */
  private static long ceilRampUp(Settings settings, long status) {
    long ms = status * 1000;
    return (settings.rampUp().toMillis() + ms - 1) / ms;
  }

  /**
   * What would become of the phase's verdict: failed whatever the rule does when even the earliest
   * window is too short; under {@code auto}, failed wherever it starts the window too late (what it
   * chooses depends on the series: such a plan at the boundary failed every cell in practice).
   */
  String verdict(Duration minWindow) {
    if (earliestSeconds * 1000 < minWindow.toMillis()) {
      return "its verdict would always be failed";
    }
    return "its verdict would be failed whenever steadyState auto starts the window after " + lastStartFitting
        + " s in";
  }

  /** The shortest maxexecutiontime that would leave {@code minWindow}, and, under auto, what fixed would need. */
  String fits(Duration minWindow) {
    String fixes = "shorten rampUp or lower acceptance.minWindow";
    long needed = shortest(settings.acceptance().steadyState(), minWindow);
    if (settings.acceptance().steadyState() == SteadyStateRule.FIXED) {
      return "maxexecutiontime " + needed + " s or more would fit, or " + fixes;
    }
    return "maxexecutiontime " + needed + " s or more would fit, or steadyState: fixed with "
        + shortest(SteadyStateRule.FIXED, minWindow) + " s";
  }

  private long shortest(SteadyStateRule rule, Duration minWindow) {
    long status = Math.max(1, settings.statusInterval().toSeconds());
    long l = 1;
    while (Math.max(0, (l / status - 1 - latestStart(settings, l, rule)) * status) * 1000 < minWindow.toMillis()) {
      l++;
    }
    return l;
  }
}
