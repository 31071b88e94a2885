package dev.ycsbmongo.orchestrator.exec;

import dev.ycsbmongo.orchestrator.plan.Phase;
import dev.ycsbmongo.orchestrator.plan.Target;
import dev.ycsbmongo.orchestrator.process.StopSignal;
import dev.ycsbmongo.orchestrator.results.PhaseResult;
import java.nio.file.Path;

/**
 * Runs one kind of phase (a YCSB client, the connection stress, ...) once its target's server settings are
 * applied and its directory exists, and turns what it did into the phase's record. One implementation per
 * way of running a phase, chosen once per phase by {@link PhaseRunners#forPhase}: a new way of running a
 * phase is a new implementation, not a branch in the code that calls it.
 *
 * <p>It never throws for anything the phase did: every failure becomes the record's status and cause.
 */
interface PhaseRunner {

  /**
   * One phase about to run.
   *
   * @param target the plan's target the phase runs against
   * @param uri its connection string for this run (secret: never in output)
   * @param dir the phase's fresh directory; {@code relDir} the same, relative to the run directory
   * @param records builds this phase's record (the one place records are made)
   * @param stop this phase's stop signal: requested by the run's (Ctrl-C), or by the phase's own watch alone
   */
  record Cell(Phase phase, Target target, String uri, Path dir, String relDir, ProgressListener progress,
      PhaseRecorder records, StopSignal stop) {
  }

  PhaseResult run(Cell cell);
}
