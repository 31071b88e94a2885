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
 * @param avgCi the 95% interval of {@code avgMicros} over the window's interval histograms (steady window only;
 *     null where unknown and in records written before)
 * @param p99Ci the 95% interval of {@code p99Micros}, likewise (a block bootstrap over interval histograms)
 */
public record OperationStats(String operation, long count, Map<String, Long> errorsByStatus, Double avgMicros,
    Long minMicros, Long p50Micros, Long p95Micros, Long p99Micros, Long p999Micros, Long maxMicros, Ci avgCi,
    Ci p99Ci) {

  public OperationStats {
    errorsByStatus = java.util.Collections.unmodifiableSortedMap(new TreeMap<>(errorsByStatus));
  }

  /** Figures without intervals (the whole run; records written before intervals). */
  public OperationStats(String operation, long count, Map<String, Long> errorsByStatus, Double avgMicros,
      Long minMicros, Long p50Micros, Long p95Micros, Long p99Micros, Long p999Micros, Long maxMicros) {
    this(operation, count, errorsByStatus, avgMicros, minMicros, p50Micros, p95Micros, p99Micros, p999Micros,
        maxMicros, null, null);
  }

  /** These figures with the given intervals of the average and the p99. */
  public OperationStats withCis(Ci avg, Ci p99) {
    return new OperationStats(operation, count, errorsByStatus, avgMicros, minMicros, p50Micros, p95Micros, p99Micros,
        p999Micros, maxMicros, avg, p99);
  }

  public long errors() {
    return errorsByStatus.values().stream().mapToLong(Long::longValue).sum();
  }
}
