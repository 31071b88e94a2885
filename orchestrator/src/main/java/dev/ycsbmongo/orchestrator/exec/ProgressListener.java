package dev.ycsbmongo.orchestrator.exec;

import dev.ycsbmongo.orchestrator.plan.Phase;
import dev.ycsbmongo.orchestrator.results.PhaseResult;
import java.time.Duration;
import java.util.Collections;
import java.util.List;
import java.util.Optional;
import java.util.SortedMap;
import java.util.TreeMap;

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

  /**
   * The running phase's progress: done vs total (operations or seconds) and the current rate.
   *
   * @param measurements the last status interval's figures per YCSB measurement, when the runner reads them
   */
  record PhaseProgress(long elapsedSeconds, long operations, Long expectedOperations, Long maxSeconds,
      double currentOpsPerSec, long errorsSoFar, List<Measurement> measurements) {

    public PhaseProgress {
      measurements = List.copyOf(measurements);
    }

    /** Progress without per-measurement figures (N clients' merged frames, connection stress). */
    public PhaseProgress(long elapsedSeconds, long operations, Long expectedOperations, Long maxSeconds,
        double currentOpsPerSec, long errorsSoFar) {
      this(elapsedSeconds, operations, expectedOperations, maxSeconds, currentOpsPerSec, errorsSoFar, List.of());
    }
  }

  /**
   * One bracket of a YCSB status line over its interval, e.g. {@code [READ: Count=2000, Max=900, Min=80,
   * Avg=120.5, 90=200, 99=400]}: an operation ({@code READ}), its failures ({@code READ-FAILED}) or the
   * binding's own ({@code POOL-CHECKOUT}). Latencies in microseconds, as YCSB prints them; null (empty) when
   * the interval had none.
   *
   * @param percentiles latency by percentile (99.9 = the 99.9th), the ones YCSB was asked to print
   */
  record Measurement(String name, long count, Double meanMicros, Double maxMicros,
      SortedMap<Double, Double> percentiles) {

    public Measurement {
      percentiles = Collections.unmodifiableSortedMap(new TreeMap<>(percentiles));
    }
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
