package dev.ycsbmongo.orchestrator.results;

/** How a phase ended. Only {@link #SUCCEEDED} phases are skipped by {@code run --resume}. */
public enum PhaseStatus {
  SUCCEEDED,
  /** Non-zero exit, errors over the threshold, timeout, missing measurements, failed load check. */
  FAILED,
  /**
   * Measured enough, but its per-second throughput spread too widely or was still rising (warm-up not
   * over): its figures are kept and shown, never compared or drawn as a success; resume runs it again.
   */
  UNSTABLE,
  /** Stopped by Ctrl-C (or SIGTERM) while running. */
  INTERRUPTED,
  /** Not run: the load it depends on did not succeed. */
  SKIPPED
}
