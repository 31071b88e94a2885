package dev.ycsbmongo.orchestrator.live;

import dev.ycsbmongo.orchestrator.exec.ProgressListener;
import dev.ycsbmongo.orchestrator.plan.Phase;
import dev.ycsbmongo.orchestrator.results.PhaseResult;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;

/** Two listeners told the same, the first first: the console, then the live metrics. */
public record ProgressTee(ProgressListener first, ProgressListener second) implements ProgressListener {

  @Override
  public void planStarted(String planName, Path runDir, int total, int toRun) {
    first.planStarted(planName, runDir, total, toRun);
    second.planStarted(planName, runDir, total, toRun);
  }

  @Override
  public void phaseStarted(Phase phase, int k, int n, Optional<Duration> eta) {
    first.phaseStarted(phase, k, n, eta);
    second.phaseStarted(phase, k, n, eta);
  }

  @Override
  public void status(Phase phase, PhaseProgress progress) {
    first.status(phase, progress);
    second.status(phase, progress);
  }

  @Override
  public void phaseEnded(Phase phase, PhaseResult result) {
    first.phaseEnded(phase, result);
    second.phaseEnded(phase, result);
  }

  @Override
  public void note(String message) {
    first.note(message);
    second.note(message);
  }
}
