package dev.ycsbmongo.orchestrator.exec;

import dev.ycsbmongo.orchestrator.plan.Phase;
import dev.ycsbmongo.orchestrator.plan.Target;
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

  PhaseExecutor(RunContext ctx) {
    this(ctx, new PhaseRunners(ctx));
  }

  PhaseExecutor(RunContext ctx, PhaseRunners runners) {
    this.ctx = ctx;
    this.runners = runners;
  }

  /** The connection string of a target for this run (secret). */
  String uri(String targetName) {
    return ctx.uris().uri(targetName);
  }

  /** Stops the running phase, if any; it is recorded as interrupted. */
  void stop() {
    runners.all().forEach(PhaseRunner::stop);
  }

  PhaseResult execute(Phase phase, ProgressListener progress) {
    Instant start = Instant.now();
    Target target = ctx.plan().target(phase.target()).orElseThrow();
    String uri = ctx.uris().uri(target.name());
    ServerSettingsApplier.Outcome applied = ctx.serverSettings().prepare(target.name(), uri, phase.serverSettings());
    PhaseRecorder records = new PhaseRecorder(ctx, phase, start, applied.note());
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
    return runners.forKind(phase.kind()).run(new PhaseRunner.Cell(phase, target, uri, dir, relDir, progress, records));
  }

  /** A record for a phase that never started because the load it reads did not succeed. */
  PhaseResult skipped(Phase phase, String cause) {
    return new PhaseRecorder(ctx, phase, Instant.now(), null)
        .unmeasured(new PhaseVerdict(PhaseStatus.SKIPPED, cause), "", null);
  }
}
