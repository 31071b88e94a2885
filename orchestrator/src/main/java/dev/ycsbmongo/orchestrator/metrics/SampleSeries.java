package dev.ycsbmongo.orchestrator.metrics;

import dev.ycsbmongo.orchestrator.results.ServerSample;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Everything one sampler run collected: the {@code serverStatus} snapshots in arrival order, the
 * replication-lag readings, the host's cores, and what went wrong. Each tick reads the lag before
 * {@code serverStatus}, so a lag reading belongs to the interval that ends with the next snapshot.
 *
 * @param sampledHost host:port the sampler polled (no credentials)
 * @param intervalSeconds the sampling interval asked for
 * @param hostCores {@code hostInfo.system.numCores}; null when unknown (see hostCoresAbsentReason)
 * @param replicationAbsentReason why no lag was sampled at all (e.g. "not a replica set"); null when it was
 * @param firstError the first failed command's message, masked; null when none failed
 * @param failedSamples how many sampler commands failed
 * @param hostCoresSource where hostCores comes from ({@link HostCores#source}); null when unknown
 */
public record SampleSeries(String sampledHost, double intervalSeconds, List<ServerStatusSnapshot> snapshots,
    List<ReplicationLag> lagReadings, Integer hostCores, String hostCoresAbsentReason, String replicationAbsentReason,
    String firstError, int failedSamples, String hostCoresSource) {

  /** A series whose cores, when known, are hostInfo's. */
  public SampleSeries(String sampledHost, double intervalSeconds, List<ServerStatusSnapshot> snapshots,
      List<ReplicationLag> lagReadings, Integer hostCores, String hostCoresAbsentReason,
      String replicationAbsentReason, String firstError, int failedSamples) {
    this(sampledHost, intervalSeconds, snapshots, lagReadings, hostCores, hostCoresAbsentReason,
        replicationAbsentReason, firstError, failedSamples, hostCores == null ? null : HostCores.FROM_HOST_INFO);
  }

  public SampleSeries {
    snapshots = List.copyOf(snapshots);
    lagReadings = List.copyOf(lagReadings);
  }

  /** The intervals between consecutive snapshots. */
  public List<IntervalDelta> intervals() {
    List<IntervalDelta> intervals = new ArrayList<>();
    for (int i = 1; i < snapshots.size(); i++) {
      intervals.add(IntervalDelta.between(snapshots.get(i - 1), snapshots.get(i), hostCores));
    }
    return intervals;
  }

  /** The last lag reading taken during {@code d} (after its first reply, up to its last), or null. */
  public ReplicationLag lagDuring(IntervalDelta d) {
    ReplicationLag last = null;
    for (ReplicationLag lag : lagReadings) {
      if (lag.receivedAt().isAfter(d.from().receivedAt()) && !lag.receivedAt().isAfter(d.to().receivedAt())) {
        last = lag;
      }
    }
    return last;
  }

  /** The series as the lines of {@code server-samples.jsonl}. */
  public List<ServerSample> samples() {
    List<ServerSample> samples = new ArrayList<>();
    for (IntervalDelta d : intervals()) {
      samples.add(sample(d, snapshots.get(0).receivedAt(), lagDuring(d)));
    }
    return samples;
  }

  /** One interval as a series line; {@code start} is when the sampler's first reply arrived. */
  public static ServerSample sample(IntervalDelta d, Instant start, ReplicationLag lag) {
    ServerStatusSnapshot s = d.to();
    boolean counted = s.connectionsCounted();
    Map<String, Double> lagSeconds = lag == null || lag.lagSecondsByMember().isEmpty() ? null
        : lag.lagSecondsByMember();
    return new ServerSample(s.receivedAt(), Duration.between(start, s.receivedAt()).toNanos() / 1e9,
        d.intervalSeconds(), d.opsPerSec(), d.replOpsPerSec(), d.cpuPercent(), counted ? s.connectionsCurrent() : null,
        counted ? s.connectionsAvailable() : null, d.connectionsCreatedPerSec(), d.networkInBytesPerSec(),
        d.networkOutBytesPerSec(), s.residentMb(), s.cacheUsedBytes(), s.cacheDirtyBytes(), lagSeconds,
        d.counterReset(), d.opLatencyMeanMicros());
  }
}
