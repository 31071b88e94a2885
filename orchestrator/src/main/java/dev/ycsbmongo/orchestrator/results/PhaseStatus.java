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
  SKIPPED,
  /**
   * Not measured: a published figure replayed into a record ({@code report --replay}), so that the tables and
   * comparisons restate a document from its own numbers. Tabled and compared like a success, and named as
   * replayed wherever it is shown; never resumed over, never passed off as measured.
   */
  REPLAYED,
  /**
   * Measured while other processes (or the hypervisor) took more of the client host's cores than the plan
   * allows ({@code execution.acceptance.hostBusy}): its figures are kept and shown with the host's load, never
   * compared or drawn as a success; resume runs it again.
   */
  HOST_BUSY
}
