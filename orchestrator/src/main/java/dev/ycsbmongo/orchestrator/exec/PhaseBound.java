package dev.ycsbmongo.orchestrator.exec;

import dev.ycsbmongo.orchestrator.plan.Acceptance;
import dev.ycsbmongo.orchestrator.plan.Durations;
import dev.ycsbmongo.orchestrator.plan.Phase;
import java.time.Duration;
import java.util.Locale;

/**
 * How long the orchestrator lets a YCSB phase run before it ends the child (or every client of the cell) itself,
 * whatever state it is in: a phase with {@code maxexecutiontime} at that time plus {@code execution.acceptance.grace},
 * since YCSB's own terminator may never start (a main thread that died on a thread limit, a frozen JVM); any other
 * phase at {@code execution.phaseTimeout}, as nothing bounds its operations' time beforehand. The tighter of the two
 * holds.
 *
 * @param maxExecutionTimeSeconds the phase's {@code maxexecutiontime} when it sets the bound, else 0
 * @param grace the grace added to it when it sets the bound, else null
 */
record PhaseBound(Duration limit, long maxExecutionTimeSeconds, Duration grace) {

  static PhaseBound of(Phase phase, Acceptance acceptance) {
    if (phase.counts().timed()) {
      long seconds = phase.counts().maxExecutionTimeSeconds().getAsLong();
      Duration bound = Duration.ofSeconds(seconds).plus(acceptance.grace());
      if (bound.compareTo(phase.timeout()) < 0) {
        return new PhaseBound(bound, seconds, acceptance.grace());
      }
    }
    return new PhaseBound(phase.timeout(), 0, null);
  }

  /** The failed phase's cause once it was ended at this bound, {@code elapsed} after it started. */
  String cause(Phase phase, Duration elapsed) {
    if (grace == null) {
      return "timed out: still running after " + Durations.format(limit) + " (execution.phaseTimeout), killed";
    }
    return String.format(Locale.ROOT, "phase ran past its bound: maxexecutiontime %d s + grace %s"
        + " (execution.acceptance.grace); %s stopped at %.1f s", maxExecutionTimeSeconds, Durations.format(grace),
        phase.clients() > 1 ? "clients" : "child", elapsed.toMillis() / 1000.0);
  }
}
