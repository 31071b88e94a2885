package dev.ycsbmongo.orchestrator.exec;

import dev.ycsbmongo.binding.launch.EarlyStop;
import dev.ycsbmongo.orchestrator.OutputFiles;
import dev.ycsbmongo.orchestrator.plan.Acceptance;
import dev.ycsbmongo.orchestrator.plan.Phase;
import dev.ycsbmongo.orchestrator.plan.PhaseKind;
import dev.ycsbmongo.orchestrator.results.YcsbOutput.IntervalCount;
import dev.ycsbmongo.orchestrator.stats.PrecisionRule;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.OptionalLong;

/**
 * Ends a timed run once its mean is known to the plan's precision: fed the child's status lines as they
 * come, it rebuilds the per-second throughput, cuts the warm-up as {@link SteadyState} will at the end,
 * asks {@link dev.ycsbmongo.orchestrator.stats.EarlyStop#precisionReached} of the steady part so far, and
 * when it says yes writes the stop file the child watches ({@link EarlyStop}), its first line the reason.
 * The {@code maxexecutiontime} is then a budget: a run whose mean does not settle runs it out.
 *
 * <p>Only runs with a {@code maxexecutiontime} and a precision of the plan's own stop early; a load
 * must insert every record, and a run bounded by its operation count states its figures over them.
 */
final class LiveStop {

  /** The stop file's name in the phase directory. */
  static final String FILE = "stop";
  /** Seconds between the rule's looks at the series: the two looks in a row it needs are this far apart. */
  static final int CHECK_EVERY = 5;

  private final dev.ycsbmongo.orchestrator.stats.EarlyStop stop;
  private final PrecisionRule rule;
  private final double rampUpSeconds;
  private final Acceptance.SteadyStateRule steadyRule;
  private Double steadyStart;
  private final Path file;
  private final List<IntervalCount> series = new ArrayList<>();
  private long lastSeconds;
  private long lastOperations;
  private Double stoppedAt;

  LiveStop(PrecisionRule rule, double rampUpSeconds, Acceptance.SteadyStateRule steadyRule, Path file) {
    this.rule = rule;
    this.stop = new dev.ycsbmongo.orchestrator.stats.EarlyStop(rule, CHECK_EVERY);
    this.rampUpSeconds = rampUpSeconds;
    this.steadyRule = steadyRule;
    this.file = file;
  }

  /** Whether {@code phase} may stop early under {@code a}: a timed run, with the plan's own precision. */
  static boolean applies(Phase phase, Acceptance a) {
    OptionalLong max = phase.counts().maxExecutionTimeSeconds();
    return phase.kind() == PhaseKind.RUN && PhaseVerdict.judgedOnFigures(phase) && a.stopsWhenPrecise()
        && max.isPresent() && max.getAsLong() > 0;
  }

  /** The child's JVM option naming the stop file. */
  String jvmOption() {
    return "-D" + EarlyStop.STOP_FILE + "=" + file;
  }

  /**
   * One status line: its interval joins the series, and the stop file is written when the steady part
   * is precise. Returns whether the run has been asked to stop (now or before).
   */
  synchronized boolean accept(StatusLine line) {
    if (stoppedAt != null) {
      return true;
    }
    if (line.elapsedSeconds() <= lastSeconds) {
      return false;  // a repeated second adds no interval
    }
    series.add(new IntervalCount(lastSeconds, line.elapsedSeconds(), Math.max(0, line.operations() - lastOperations), 0));
    lastSeconds = line.elapsedSeconds();
    lastOperations = line.operations();
    int start = SteadyState.start(series, rampUpSeconds, steadyRule);
    double[] steady = CellPrecision.steadySeries(series, start);
    if (!stop.precisionReached(steady)) {
      return false;
    }
    stoppedAt = (double) line.elapsedSeconds();
    steadyStart = start < series.size() ? series.get(start).startSeconds() : null;
    String reason = rule.judge(steady).reason() + String.format(Locale.ROOT, " (target ±%.1f%%, checked at %d s)",
        100 * rule.precision(), line.elapsedSeconds());
    try {
      OutputFiles.writeString(file, reason + "\n");
    } catch (IOException e) {
      stoppedAt = null;  // the child runs its budget out; the verdict is judged on what it measured
      steadyStart = null;
      return false;
    }
    return true;
  }

  /**
   * Where the steady window started when the run was found precise, seconds into the phase; null when it was
   * not stopped. The record's window starts no later: cut afresh on the final series, it could start later and
   * leave less than the minimum window the stop was decided on.
   */
  synchronized Double steadyStartSeconds() {
    return steadyStart;
  }

  /** When the stop was asked for, seconds into the phase by its status lines; null when it was not. */
  synchronized Double stoppedAtSeconds() {
    return stoppedAt;
  }
}
