package dev.ycsbmongo.orchestrator.results;

import java.util.Map;
import java.util.TreeMap;

/**
 * One operation type's figures in one window (YCSB measurement names: READ, UPDATE, INSERT,
 * SCAN, DELETE, READ-MODIFY-WRITE). Latencies are over the successful operations, in
 * microseconds, and null when there were none.
 *
 * @param count successful operations
 * @param errorsByStatus failed operations by YCSB status name (e.g. {@code ERROR}, {@code NOT_FOUND})
 */
public record OperationStats(String operation, long count, Map<String, Long> errorsByStatus, Double avgMicros,
    Long minMicros, Long p50Micros, Long p95Micros, Long p99Micros, Long p999Micros, Long maxMicros) {

  public OperationStats {
    errorsByStatus = java.util.Collections.unmodifiableSortedMap(new TreeMap<>(errorsByStatus));
  }

  public long errors() {
    return errorsByStatus.values().stream().mapToLong(Long::longValue).sum();
  }
}
