package dev.ycsbmongo.orchestrator.results;

import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

/**
 * One client's own figures in a cell driven by several clients, as its phase record keeps them
 * (the cell's figures are the exact merge of all clients'; these say how each client fared).
 *
 * @param client its index in the cell, 0 to N - 1
 * @param host the host (or pod) it ran on
 * @param windowSeconds the time its measurement intervals inside the cell's common window cover
 * @param windowOperations successful operations in those intervals (a READ-MODIFY-WRITE counted as
 *     its read and its update, as in the cell's figures)
 * @param throughputOpsPerSec {@code windowOperations / windowSeconds}
 * @param p99MicrosByOperation its own p99 per operation over those intervals (operations it
 *     completed at least once), by operation name
 * @param runOperations successful operations over its whole run, window or not
 * @param cpuMicrosPerOperation its JVM's CPU time (user + system, its start included) over its whole run
 *     / {@code runOperations}, in µs; null when unknown (its JVM could not tell, or records written before)
 * @param cores the processors its JVM could use ({@code Runtime.availableProcessors()}: in a pod its CPU
 *     limit); null when unknown
 * @param cpuShareOfCores its CPU time / (its run time x {@code cores}): near 1 means every core it had was
 *     busy all along, so it may have been the cell's bottleneck (clients.ClientCpu); null when unknown
 * @param outlierReasons why the outlier rule flags it (clients.Outliers), one sentence each;
 *     empty when it is not an outlier
 */
public record ClientFigures(int client, String host, double windowSeconds, long windowOperations,
    double throughputOpsPerSec, Map<String, Long> p99MicrosByOperation, long runOperations,
    Double cpuMicrosPerOperation, Integer cores, Double cpuShareOfCores, List<String> outlierReasons) {

  public ClientFigures {
    if (client < 0) {
      throw new IllegalArgumentException("client index " + client + " is negative");
    }
    Objects.requireNonNull(host, "host");
    p99MicrosByOperation = Collections.unmodifiableMap(new TreeMap<>(
        Objects.requireNonNullElse(p99MicrosByOperation, Map.of())));
    outlierReasons = List.copyOf(Objects.requireNonNullElse(outlierReasons, List.of()));
    if (cpuMicrosPerOperation != null && !(cpuMicrosPerOperation >= 0)) {
      throw new IllegalArgumentException("client CPU " + cpuMicrosPerOperation + " us/op is not a number >= 0");
    }
    if (cores != null && cores < 1) {
      throw new IllegalArgumentException("client cores " + cores + " is not a count >= 1");
    }
    if (cpuShareOfCores != null && !(cpuShareOfCores >= 0)) {
      throw new IllegalArgumentException("client CPU share " + cpuShareOfCores + " is not a number >= 0");
    }
  }

  /** A client whose CPU is not known (records written before clients reported it). */
  public ClientFigures(int client, String host, double windowSeconds, long windowOperations,
      double throughputOpsPerSec, Map<String, Long> p99MicrosByOperation, long runOperations,
      List<String> outlierReasons) {
    this(client, host, windowSeconds, windowOperations, throughputOpsPerSec, p99MicrosByOperation, runOperations,
        null, null, null, outlierReasons);
  }

  /** Whether the report shows this client on its own. */
  public boolean outlier() {
    return !outlierReasons.isEmpty();
  }
}
