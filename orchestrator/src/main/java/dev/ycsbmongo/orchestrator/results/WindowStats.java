package dev.ycsbmongo.orchestrator.results;

import java.util.List;
import java.util.Optional;

/**
 * A phase's figures over one time window: the whole phase, or the steady state after the ramp-up.
 *
 * @param window {@code full} or {@code steady}
 * @param startSeconds where the window starts, in seconds after the phase's first measurement
 * @param durationSeconds the window's length
 * @param operations successful database operations (READ, UPDATE, INSERT, SCAN, DELETE; a
 *     READ-MODIFY-WRITE is counted as its read and its update)
 * @param failedOperations failed database operations, counted the same way
 * @param throughputOpsPerSec successful operations per second
 * @param errorRate failed / (successful + failed), 0 when nothing ran
 * @param operationStats per operation type, in YCSB's order of appearance
 * @param throughputCi the 95% interval of {@code throughputOpsPerSec} from the window's per-second series
 *     (steady window only; null for the whole run, under 4 intervals, and in records written before)
 */
public record WindowStats(String window, double startSeconds, double durationSeconds, long operations,
    long failedOperations, double throughputOpsPerSec, double errorRate, List<OperationStats> operationStats,
    Ci throughputCi) {

  public static final String FULL = "full";
  public static final String STEADY = "steady";

  public WindowStats {
    operationStats = List.copyOf(operationStats);
  }

  /** Figures without a throughput interval (the whole run; records written before intervals). */
  public WindowStats(String window, double startSeconds, double durationSeconds, long operations,
      long failedOperations, double throughputOpsPerSec, double errorRate, List<OperationStats> operationStats) {
    this(window, startSeconds, durationSeconds, operations, failedOperations, throughputOpsPerSec, errorRate,
        operationStats, null);
  }

  /** These figures with {@code ci} as the throughput's interval. */
  public WindowStats withThroughputCi(Ci ci) {
    return new WindowStats(window, startSeconds, durationSeconds, operations, failedOperations, throughputOpsPerSec,
        errorRate, operationStats, ci);
  }

  /** These figures with {@code stats} in place of the operations' own. */
  public WindowStats withOperationStats(List<OperationStats> stats) {
    return new WindowStats(window, startSeconds, durationSeconds, operations, failedOperations, throughputOpsPerSec,
        errorRate, stats, throughputCi);
  }

  public Optional<OperationStats> operation(String name) {
    return operationStats.stream().filter(o -> o.operation().equals(name)).findFirst();
  }
}
