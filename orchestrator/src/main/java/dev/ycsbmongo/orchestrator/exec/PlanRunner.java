package dev.ycsbmongo.orchestrator.exec;

import dev.ycsbmongo.binding.ConnectionFailure;
import dev.ycsbmongo.orchestrator.Causes;
import dev.ycsbmongo.orchestrator.plan.Durations;
import dev.ycsbmongo.orchestrator.plan.Matrix;
import dev.ycsbmongo.orchestrator.plan.Phase;
import dev.ycsbmongo.orchestrator.plan.PhaseKind;
import dev.ycsbmongo.orchestrator.plan.TargetDownPolicy;
import dev.ycsbmongo.orchestrator.process.StopSignal;
import dev.ycsbmongo.orchestrator.results.PhaseResult;
import dev.ycsbmongo.orchestrator.results.PhaseStatus;
import dev.ycsbmongo.orchestrator.results.ResultsReader;
import dev.ycsbmongo.orchestrator.results.ResultsWriter;
import java.io.IOException;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * Executes a matrix phase by phase, appending each phase's record the moment it ends. A failed
 * phase is recorded and the plan goes on (unless fail-fast); the phases that read a load that did
 * not succeed are recorded as skipped. On resume, phases whose last record succeeded are not run
 * again, but a load they depend on is checked (its documents counted) before any phase reads it,
 * and run again when its data is gone (always so for the embedded server, which starts empty).
 */
public final class PlanRunner {

  /**
   * How the run ended: {@code allSucceeded} is true when every phase of the matrix has a successful
   * record; {@code targetDown} says which target stopped answering when that stopped the plan (else null);
   * {@code skipped} counts the phases recorded as not run (a load they read failed, a cell this machine
   * cannot hold).
   */
  public record Outcome(boolean allSucceeded, boolean interrupted, int failed, String targetDown, int skipped,
      boolean targetUnusable) {
  }

  private final Matrix matrix;
  private final PhaseExecutor executor;
  private final ResultsWriter writer;
  private final ProgressListener progress;
  private final boolean failFast;
  private final java.nio.file.Path runDir;
  private final StopSignal stop;
  /** The highest attempt recorded per phase id. */
  private final Map<String, Integer> attempts = new HashMap<>();

  PlanRunner(Matrix matrix, PhaseExecutor executor, ResultsWriter writer, ProgressListener progress, boolean failFast,
      java.nio.file.Path runDir, StopSignal stop) {
    this.stop = stop;
    this.matrix = matrix;
    this.runDir = runDir;
    this.executor = executor;
    this.writer = writer;
    this.progress = progress;
    this.failFast = failFast;
  }

  /**
   * Runs every phase without a successful current record in {@code recorded} (every record of the run
   * being resumed, in file order; empty for a new run). Each record appended is numbered as the next
   * attempt at its phase.
   */
  Outcome run(List<PhaseResult> recorded) throws IOException {
    Map<String, PhaseResult> earlier = ResultsReader.currentByPhaseId(recorded);
    attempts.clear();
    attempts.putAll(ResultsReader.lastAttempts(recorded));
    Map<String, PhaseStatus> status = new HashMap<>();
    String targetDown = null;
    boolean targetUnusable = false;
    earlier.forEach((id, r) -> status.put(id, r.status()));
    Map<String, Phase> byId = new HashMap<>();
    matrix.phases().forEach(p -> byId.put(p.id(), p));
    List<Phase> pending = matrix.phases().stream().filter(p -> status.get(p.id()) != PhaseStatus.SUCCEEDED).toList();
    progress.planStarted(matrix.plan().name(), runDir, matrix.phases().size(), pending.size());

    // loads that succeeded in an earlier session: their data must be checked before it is read again
    Map<String, Boolean> verified = new HashMap<>();
    int k = 0;
    int failed = 0;
    int skippedPhases = 0;
    PlanEta eta = new PlanEta();
    for (Phase phase : pending) {
      if (stop.isRequested()) {
        break;
      }
      k++;
      Optional<ConnectionFailure.Diagnosis> down = awaitTarget(phase);
      if (down.isPresent()) {
        targetDown = phase.target() + " (" + down.get().cause() + ")";
        targetUnusable = down.get().waitingDoesNotHelp();
        stop.request(StopSignal.Reason.TARGET_DOWN, "target " + targetDown + " is not answering");
        progress.note(stoppedBefore(targetDown, targetUnusable, phase.id(), runDir.toString()));
        break;
      }
      Optional<String> dep = phase.dependsOn();
      // a load that succeeded in an earlier session: its data must still be there before it is read again
      if (dep.isPresent() && earlier.containsKey(dep.get()) && earlier.get(dep.get()).status() == PhaseStatus.SUCCEEDED
          && !verified.containsKey(dep.get())) {
        Phase load = byId.get(dep.get());
        boolean intact = dataIntact(load);
        verified.put(dep.get(), intact);
        if (!intact) {
          progress.note("resume: the data of " + load.id() + " is gone or incomplete; loading it again");
          PhaseResult again = append(executor.execute(load, progress));
          status.put(load.id(), again.status());
          eta.ran(load, again.runtimeSeconds());
        }
      }
      if (dep.isPresent() && status.get(dep.get()) != PhaseStatus.SUCCEEDED) {
        PhaseResult skipped = append(executor.skipped(phase, "not run: the load it reads (" + dep.get()
            + ") did not succeed"));
        status.put(phase.id(), skipped.status());
        progress.phaseEnded(phase, skipped);
        skippedPhases++;
        continue;
      }
      progress.phaseStarted(phase, k, pending.size(), eta.estimate(pending.subList(k - 1, pending.size())));
      // a capacity search runs its steps itself (each depends on the last) and appends them as it goes
      PhaseResult result = CapacityCell.isCapacity(phase)
          ? append(new CapacityCell(executor, runDir, progress, this::append).run(phase))
          : append(executor.execute(phase, progress));
      status.put(phase.id(), result.status());
      progress.phaseEnded(phase, result);
      eta.ran(phase, result.runtimeSeconds());
      if (result.status() == PhaseStatus.SKIPPED) {
        skippedPhases++;
      }
      if (result.status() == PhaseStatus.UNSTABLE || result.status() == PhaseStatus.HOST_BUSY) {
        failed++;
      }
      if (result.status() == PhaseStatus.FAILED) {
        failed++;
        if (failFast) {
          progress.note("stopping: --fail-fast and " + phase.id() + " failed");
          stop.request(StopSignal.Reason.FAIL_FAST, phase.id() + " failed");
          break;
        }
      }
      if (result.status() == PhaseStatus.INTERRUPTED) {
        break;
      }
    }
    boolean all = matrix.phases().stream().allMatch(p -> status.get(p.id()) == PhaseStatus.SUCCEEDED);
    return new Outcome(all, stop.is(StopSignal.Reason.INTERRUPTED), failed, targetDown, skippedPhases, targetUnusable);
  }

  /**
   * Checks that the phase's target answers before the phase starts. When it does not: with
   * {@code onTargetDown: wait}, waits for it (checking every few seconds) up to {@code targetWait};
   * returns why it is down when it still is.
   */
  private Optional<ConnectionFailure.Diagnosis> awaitTarget(Phase phase) {
    Optional<ConnectionFailure.Diagnosis> problem = TargetWatch.diagnoseOnce(executor.uri(phase.target()));
    TargetDownPolicy policy = matrix.plan().settings().onTargetDown();
    if (problem.isEmpty() || policy.action() != TargetDownPolicy.Action.WAIT || problem.get().waitingDoesNotHelp()) {
      return problem;
    }
    progress.note("target " + phase.target() + " is not answering (" + problem.get().cause() + "); waiting up to "
        + Durations.format(policy.maxWait()) + " for it (execution.onTargetDown: wait)");
    long deadline = System.nanoTime() + policy.maxWait().toNanos();
    while (problem.isPresent() && !stop.isRequested() && System.nanoTime() < deadline) {
      try {
        if (stop.await(WAIT_CHECK)) {
          return problem;  // Ctrl-C while waiting: the loop above stops the plan
        }
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return problem;
      }
      problem = TargetWatch.diagnoseOnce(executor.uri(phase.target()));
    }
    if (problem.isEmpty()) {
      progress.note("target " + phase.target() + " answers again; going on");
    }
    return problem;
  }

  /**
   * The note when a target stops the plan: a server that may come back is waited for; one that
   * answered garbage or refused the credentials needs someone to fix it first.
   */
  static String stoppedBefore(String targetDown, boolean unusable, String phaseId, String runDir) {
    return unusable
        ? "target " + targetDown + " cannot be used: stopping the plan before " + phaseId
            + ". Nothing measured is lost; once that is fixed: scripts/orchestrator run --resume " + runDir
        : "target " + targetDown + " is not answering: stopping the plan before " + phaseId
            + ". Nothing measured is lost; once it answers again: scripts/orchestrator run --resume " + runDir;
  }

  private static final Duration WAIT_CHECK = Duration.ofSeconds(5);

  /** Appends {@code r} as the next attempt at its phase (the first when the phase has no record yet). */
  private PhaseResult append(PhaseResult r) throws IOException {
    int n = attempts.merge(r.phaseId(), 1, Integer::sum);
    PhaseResult numbered = r.asAttempt(n);
    writer.append(numbered);
    return numbered;
  }

  private boolean dataIntact(Phase load) {
    if (load.kind() != PhaseKind.LOAD) {
      return true;
    }
    OptionalLong expected = load.counts().expectedRecords();
    try {
      String uri = executor.uri(load.target());
      long count = DataSets.count(uri, load);
      return expected.isEmpty() ? count > 0 : count == expected.getAsLong();
    } catch (RuntimeException e) {
      progress.note("resume: cannot count the documents of " + load.id() + ": "
          + Causes.rootMessage(e));
      return false;
    }
  }
}
