package dev.ycsbmongo.orchestrator.results;

import java.time.Instant;
import java.util.Collections;
import java.util.Map;
import java.util.TreeMap;

/**
 * One interval of the server sampler's time series: one line of {@value ServerSamples#FILE} in the
 * phase directory. Rates are over the interval that ends at {@code instant}; gauges are the values
 * the server reported at {@code instant}. A figure the server did not report, or that a counter
 * reset makes unknowable, is null (and left out of the JSON), never zero.
 *
 * @param instant when the interval's closing {@code serverStatus} reply arrived (client clock)
 * @param elapsedSeconds from the sampler's first reply to {@code instant}
 * @param intervalSeconds length of this interval (client clock)
 * @param opsPerSec {@code opcounters} rates by operation (insert, query, update, delete, getmore, command)
 * @param replOpsPerSec {@code opcountersRepl} rates: operations applied by replication
 * @param cpuPercent the server process's CPU time over wall time x host cores, 0-100
 * @param connectionsCurrent, connectionsAvailable gauges from {@code connections}
 * @param connectionsCreatedPerSec {@code connections.totalCreated} rate
 * @param networkInBytesPerSec, networkOutBytesPerSec {@code network.bytesIn}/{@code bytesOut} rates
 * @param residentMb {@code mem.resident}
 * @param cacheUsedBytes, cacheDirtyBytes WiredTiger cache gauges
 * @param lagSecondsByMember each secondary's replication lag behind the primary, by member host:port
 * @param counterReset true when a counter went backwards in this interval (a server restart):
 *     the affected rates are null
 * @param opLatencyMeanMicros the server's own average latency by operation type over the interval, from
 *     {@code opLatencies} (reads, writes, commands, transactions): µs spent / operations finished; a type that
 *     finished none, or whose counters reset, is left out
 */
public record ServerSample(Instant instant, double elapsedSeconds, double intervalSeconds,
    Map<String, Double> opsPerSec, Map<String, Double> replOpsPerSec, Double cpuPercent, Long connectionsCurrent,
    Long connectionsAvailable, Double connectionsCreatedPerSec, Double networkInBytesPerSec,
    Double networkOutBytesPerSec, Long residentMb, Long cacheUsedBytes, Long cacheDirtyBytes,
    Map<String, Double> lagSecondsByMember, boolean counterReset, Map<String, Double> opLatencyMeanMicros) {

  public ServerSample {
    opsPerSec = copy(opsPerSec);
    replOpsPerSec = copy(replOpsPerSec);
    lagSecondsByMember = copy(lagSecondsByMember);
    opLatencyMeanMicros = copy(opLatencyMeanMicros);
  }

  /** Null stays null: an absent map is left out of the JSON rather than written as {@code {}}. */
  static <V> Map<String, V> copy(Map<String, V> map) {
    return map == null ? null : Collections.unmodifiableSortedMap(new TreeMap<>(map));
  }
}
