package dev.ycsbmongo.orchestrator.results;

import java.time.Instant;
import java.util.Collections;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * What the server sampler saw during a phase (or a window of it), summarised for the phase's
 * record. Rates are means over the window; the per-interval series is in {@code seriesFile}. A
 * figure the server does not report is null (left out of the JSON) and {@code absent} says why;
 * it is never zero.
 *
 * @param sampledHost host:port the sampler polled (no credentials)
 * @param intervalSeconds the sampling interval asked for
 * @param samples intervals summarised (lines of the series inside the window)
 * @param windowStart, windowEnd the first summarised interval's start and the last one's end
 * @param opcounterDeltas the server's {@code opcounters} deltas over the window (intervals with a
 *     counter reset left out): exact counts, what the cross-check compares
 * @param qpsByOperation {@code opcounters} per second: insert, query, update, delete, getmore, command
 * @param qpsTotal the sum of the six
 * @param replOpcounterDeltas, replQpsByOperation the same for {@code opcountersRepl}
 * @param opLatencyMeanMicros the server's own average latency by operation type (reads, writes, commands,
 *     transactions) over the window, from {@code opLatencies}: the µs it spent / the operations it finished,
 *     over the intervals without a counter reset; a type with no operations in the window has no mean
 * @param opLatencyOps the operations each mean averages over (0 for a type that finished none)
 * @param cpuMeanPercent, cpuPeakPercent the server process's CPU over wall time x hostCores, 0-100
 * @param hostCores the server host's cores CPU % is divided by: {@code hostInfo.system.numCores}, or the plan's
 *     {@code server.cores} (see hostCoresSource)
 * @param connectionsPeak, connectionsMean, connectionsAvailableMin {@code connections} gauges
 * @param connectionsLimit the most incoming connections the server said it would accept, {@code current +
 *     available} (its effective limit: {@code net.maxIncomingConnections} as capped by the process's open-files
 *     limit or the service, not the configured setting), the largest seen in the window
 * @param connectionsUtilisationPeakPercent the highest {@code current / (current + available)} x 100 seen
 * @param connectionsCreated {@code connections.totalCreated} delta over the window
 * @param networkInBytesPerSec, networkOutBytesPerSec means over the window
 * @param residentMbPeak {@code mem.resident}, peak
 * @param cacheUsedBytesPeak, cacheDirtyBytesPeak WiredTiger cache, peaks
 * @param maxLagSeconds the largest replication lag of any secondary in the window
 * @param maxLagByMember the largest lag of each secondary, by member host:port
 * @param counterResets intervals in the window where a counter went backwards (a server restart)
 * @param crossCheck YCSB's operation counts against the server's (null when not computed)
 * @param absent figure name -> why it is absent: opcounters, opcountersRepl, opLatencies, cpu, connections,
 *     connectionsLimit, network, memory, wiredTiger, replicationLag, crossCheck, samples
 * @param samplerError the sampler's first error, masked; null when none
 * @param failedSamples sampler commands that failed over the whole series
 * @param seriesFile the series file relative to the run directory, set by the caller
 * @param hostCoresSource where hostCores comes from: {@code hostInfo.system.numCores}, or {@code server.cores}
 *     (with hostInfo's own count in brackets when it differs); absent when hostCores is, and in records written
 *     before it existed (hostInfo then)
 */
public record ServerMetrics(String sampledHost, double intervalSeconds, int samples, Instant windowStart,
    Instant windowEnd, Map<String, Long> opcounterDeltas, Map<String, Double> qpsByOperation, Double qpsTotal,
    Map<String, Long> replOpcounterDeltas, Map<String, Double> replQpsByOperation,
    Map<String, Double> opLatencyMeanMicros, Map<String, Long> opLatencyOps, Double cpuMeanPercent,
    Double cpuPeakPercent, Integer hostCores, Long connectionsPeak, Double connectionsMean,
    Long connectionsAvailableMin, Long connectionsLimit, Double connectionsUtilisationPeakPercent,
    Long connectionsCreated, Double networkInBytesPerSec, Double networkOutBytesPerSec,
    Long residentMbPeak, Long cacheUsedBytesPeak, Long cacheDirtyBytesPeak, Double maxLagSeconds,
    Map<String, Double> maxLagByMember, int counterResets, OpCountCheck crossCheck, SortedMap<String, String> absent, String samplerError,
    int failedSamples, String seriesFile,
    @com.fasterxml.jackson.annotation.JsonInclude(com.fasterxml.jackson.annotation.JsonInclude.Include.NON_NULL)
    String hostCoresSource) {

  /** The key of {@code absent} that says why there is no cross-check. */
  public static final String CROSS_CHECK = "crossCheck";

  /** The keys of {@code opLatencyMeanMicros}: {@code opLatencies}' sections. */
  public static final String READS = "reads";
  public static final String WRITES = "writes";
  public static final String COMMANDS = "commands";
  public static final String TRANSACTIONS = "transactions";

  public ServerMetrics {
    opcounterDeltas = ServerSample.copy(opcounterDeltas);
    qpsByOperation = ServerSample.copy(qpsByOperation);
    replOpcounterDeltas = ServerSample.copy(replOpcounterDeltas);
    replQpsByOperation = ServerSample.copy(replQpsByOperation);
    opLatencyMeanMicros = ServerSample.copy(opLatencyMeanMicros);
    opLatencyOps = ServerSample.copy(opLatencyOps);
    maxLagByMember = ServerSample.copy(maxLagByMember);
    absent = Collections.unmodifiableSortedMap(new TreeMap<>(absent == null ? Map.of() : absent));
  }

  /** A record without hostCoresSource, as written before it existed. */
  public ServerMetrics(String sampledHost, double intervalSeconds, int samples, Instant windowStart,
      Instant windowEnd, Map<String, Long> opcounterDeltas, Map<String, Double> qpsByOperation, Double qpsTotal,
      Map<String, Long> replOpcounterDeltas, Map<String, Double> replQpsByOperation,
      Map<String, Double> opLatencyMeanMicros, Map<String, Long> opLatencyOps, Double cpuMeanPercent,
      Double cpuPeakPercent, Integer hostCores, Long connectionsPeak, Double connectionsMean,
      Long connectionsAvailableMin, Long connectionsLimit, Double connectionsUtilisationPeakPercent,
      Long connectionsCreated, Double networkInBytesPerSec, Double networkOutBytesPerSec,
      Long residentMbPeak, Long cacheUsedBytesPeak, Long cacheDirtyBytesPeak, Double maxLagSeconds,
      Map<String, Double> maxLagByMember, int counterResets, OpCountCheck crossCheck,
      SortedMap<String, String> absent, String samplerError, int failedSamples, String seriesFile) {
    this(sampledHost, intervalSeconds, samples, windowStart, windowEnd, opcounterDeltas, qpsByOperation, qpsTotal,
        replOpcounterDeltas, replQpsByOperation, opLatencyMeanMicros, opLatencyOps, cpuMeanPercent, cpuPeakPercent,
        hostCores, connectionsPeak, connectionsMean, connectionsAvailableMin, connectionsLimit,
        connectionsUtilisationPeakPercent, connectionsCreated, networkInBytesPerSec, networkOutBytesPerSec,
        residentMbPeak, cacheUsedBytesPeak, cacheDirtyBytesPeak, maxLagSeconds, maxLagByMember, counterResets,
        crossCheck, absent, samplerError, failedSamples, seriesFile, null);
  }

  /** The server's average latency of one operation type ({@link #READS}, ...) in µs; null when not measured. */
  public Double opLatencyMeanMicros(String type) {
    return opLatencyMeanMicros == null ? null : opLatencyMeanMicros.get(type);
  }

  public ServerMetrics withSeriesFile(String file) {
    return new ServerMetrics(sampledHost, intervalSeconds, samples, windowStart, windowEnd, opcounterDeltas,
        qpsByOperation, qpsTotal, replOpcounterDeltas, replQpsByOperation, opLatencyMeanMicros, opLatencyOps,
        cpuMeanPercent, cpuPeakPercent, hostCores, connectionsPeak, connectionsMean, connectionsAvailableMin,
        connectionsLimit, connectionsUtilisationPeakPercent, connectionsCreated, networkInBytesPerSec,
        networkOutBytesPerSec, residentMbPeak, cacheUsedBytesPeak, cacheDirtyBytesPeak, maxLagSeconds, maxLagByMember,
        counterResets, crossCheck, absent, samplerError, failedSamples, file, hostCoresSource);
  }

  /** With {@code check}; a present check is no longer listed in {@code absent}. */
  public ServerMetrics withCrossCheck(OpCountCheck check) {
    SortedMap<String, String> absent = new TreeMap<>(this.absent);
    if (check != null) {
      absent.remove(CROSS_CHECK);
    }
    return new ServerMetrics(sampledHost, intervalSeconds, samples, windowStart, windowEnd, opcounterDeltas,
        qpsByOperation, qpsTotal, replOpcounterDeltas, replQpsByOperation, opLatencyMeanMicros, opLatencyOps,
        cpuMeanPercent, cpuPeakPercent, hostCores, connectionsPeak, connectionsMean, connectionsAvailableMin,
        connectionsLimit, connectionsUtilisationPeakPercent, connectionsCreated, networkInBytesPerSec,
        networkOutBytesPerSec, residentMbPeak, cacheUsedBytesPeak, cacheDirtyBytesPeak, maxLagSeconds, maxLagByMember,
        counterResets, check, absent, samplerError, failedSamples, seriesFile, hostCoresSource);
  }
}
