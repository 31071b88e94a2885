package dev.ycsbmongo.orchestrator.exec;

import dev.ycsbmongo.orchestrator.plan.Phase;
import dev.ycsbmongo.orchestrator.plan.Target;
import dev.ycsbmongo.orchestrator.process.StopSignal;
import dev.ycsbmongo.orchestrator.replset.ServerSettingsApplier;
import dev.ycsbmongo.orchestrator.results.PhaseResult;
import dev.ycsbmongo.orchestrator.results.PhaseStatus;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Instant;

/**
 * Prepares one phase whatever its kind (its target's server settings, its fresh directory), then
 * hands it to the {@link PhaseRunner} of its kind. It never throws for anything the phase did:
 * every failure becomes the record's status and cause.
 */
final class PhaseExecutor {

  private final RunContext ctx;
  private final PhaseRunners runners;
  private final StopSignal stop;

  /** @param stop the run's stop signal: each phase runs under a child of it */
  PhaseExecutor(RunContext ctx, StopSignal stop) {
    this(ctx, new PhaseRunners(ctx), stop);
  }

  PhaseExecutor(RunContext ctx, PhaseRunners runners, StopSignal stop) {
    this.ctx = ctx;
    this.runners = runners;
    this.stop = stop;
  }

  /** The connection string of a target for this run (secret). */
  String uri(String targetName) {
    return ctx.uris().uri(targetName);
  }

  PhaseResult execute(Phase phase, ProgressListener progress) {
    Instant start = Instant.now();
    Target target = ctx.plan().target(phase.target()).orElseThrow();
    String uri = ctx.uris().uri(target.name());
    ServerSettingsApplier.Outcome applied = ctx.serverSettings().prepare(target.name(), uri, phase.serverSettings(),
        target.labels());
    PhaseRecorder records = new PhaseRecorder(ctx, phase, start, applied.note(), applied.checks());
    if (applied.note() != null) {
      progress.note(phase.id() + ": " + applied.note());
    }
    switch (applied.action()) {
      case SKIP:
        return records.unmeasured(new PhaseVerdict(PhaseStatus.SKIPPED, applied.note()), "", null);
      case FAIL:
        return records.unmeasured(PhaseVerdict.failed(applied.note()), "", null);
      default:
        break;
    }
    Path dir;
    try {
      dir = ctx.runDir().freshPhaseDir(phase);
    } catch (IOException e) {
      return records.unmeasured(PhaseVerdict.failed("cannot create the phase directory: " + e.getMessage()), "", null);
    }
    String relDir = ctx.runDir().path().relativize(dir).toString();
    try (StopSignal phaseStop = stop.child()) {
      return runners.forPhase(phase).run(new PhaseRunner.Cell(phase, target, uri, dir, relDir, progress, records,
          phaseStop));
    }
  }

  /** A record for a phase that never started because the load it reads did not succeed. */
  PhaseResult skipped(Phase phase, String cause) {
    return new PhaseRecorder(ctx, phase, Instant.now(), null, java.util.List.of())
        .unmeasured(new PhaseVerdict(PhaseStatus.SKIPPED, cause), "", null);
  }
}
