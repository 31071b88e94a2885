package dev.ycsbmongo.orchestrator.clients;

import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * One client's own figures in a merged cell: kept in the records, shown in a report when
 * {@link #outlier()}.
 *
 * @param firstStartMillis start of its first interval (any operation), ms since the epoch
 * @param lastEndMillis end of its last interval
 * @param windowSeconds the time its intervals inside the common window cover
 * @param windowOperations successful operations in those intervals (a READ-MODIFY-WRITE counts as
 *     its read and its update, as in a single-client phase)
 * @param throughputOpsPerSec {@code windowOperations / windowSeconds}
 * @param p99MicrosByOperation its own p99 per operation over its window intervals (operations with
 *     at least one success)
 * @param runOperations successful operations over its whole run, from its summary
 * @param cpuMicrosPerOperation its JVM's CPU time over its whole run / {@code runOperations}; null when
 *     its summary does not say its CPU (or it had no operation)
 * @param cores the processors its JVM could use; null when unknown
 * @param cpuShareOfCores its CPU time / (its run time x {@code cores}); null when unknown
 * @param outlierReasons why {@link Outliers} flags it; empty when it is not an outlier
 */
public record ClientRow(int client, String host, long pid, long firstStartMillis, long lastEndMillis,
    double windowSeconds, long windowOperations, double throughputOpsPerSec, Map<String, Long> p99MicrosByOperation,
    long runOperations, Double cpuMicrosPerOperation, Integer cores, Double cpuShareOfCores,
    List<String> outlierReasons) {

  public ClientRow {
    p99MicrosByOperation = Collections.unmodifiableMap(new TreeMap<>(p99MicrosByOperation));
    outlierReasons = List.copyOf(outlierReasons);
  }

  public boolean outlier() {
    return !outlierReasons.isEmpty();
  }

  ClientRow withOutlierReasons(List<String> reasons) {
    return new ClientRow(client, host, pid, firstStartMillis, lastEndMillis, windowSeconds, windowOperations,
        throughputOpsPerSec, p99MicrosByOperation, runOperations, cpuMicrosPerOperation, cores, cpuShareOfCores,
        reasons);
  }
}
