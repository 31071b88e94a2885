package dev.ycsbmongo.orchestrator.exec;

import dev.ycsbmongo.orchestrator.plan.Phase;
import dev.ycsbmongo.orchestrator.results.PhaseResult;
import java.time.Duration;
import java.util.Optional;

/** What people watch while a plan runs; kept apart from the result files, which never depend on it. */
public interface ProgressListener {

  /** {@code toRun} of {@code total} phases will run ({@code total - toRun} succeeded in an earlier run). */
  void planStarted(String planName, java.nio.file.Path runDir, int total, int toRun);

  /** Phase {@code k} of {@code n} of this session starts; {@code eta}: time left for the whole plan, once guessable. */
  void phaseStarted(Phase phase, int k, int n, Optional<Duration> eta);

  /** A YCSB status line of the running phase, with the errors counted so far. */
  void status(Phase phase, PhaseProgress progress);

  void phaseEnded(Phase phase, PhaseResult result);

  /** A one-line note (a reload on resume, a skipped phase, an interruption). */
  void note(String message);

  /** The running phase's progress: done vs total (operations or seconds) and the current rate. */
  record PhaseProgress(long elapsedSeconds, long operations, Long expectedOperations, Long maxSeconds,
      double currentOpsPerSec, long errorsSoFar) {
  }

  /** Listens to nothing (tests, {@code report}). */
  ProgressListener NONE = new ProgressListener() {
    @Override
    public void planStarted(String planName, java.nio.file.Path runDir, int total, int toRun) {
    }

    @Override
    public void phaseStarted(Phase phase, int k, int n, Optional<Duration> eta) {
    }

    @Override
    public void status(Phase phase, PhaseProgress progress) {
    }

    @Override
    public void phaseEnded(Phase phase, PhaseResult result) {
    }

    @Override
    public void note(String message) {
    }
  };
}
