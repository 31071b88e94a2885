package dev.ycsbmongo.orchestrator.metrics;

import java.time.Duration;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * What changed between two consecutive {@code serverStatus} snapshots: counter deltas and
 * per-second rates over the interval, and the server's CPU utilisation.
 *
 * <p>A counter reset (the server restarted: its uptime went backwards; or a counter decreased)
 * leaves the affected deltas and rates <em>absent</em> and sets {@code counterReset}. The
 * alternative, the new counter value over the time since the restart, would describe only the
 * part of the interval after the restart: the operations between the previous sample and the
 * crash died with the old process, so any rate stamped on the whole interval would be a guess
 * dressed as a measurement, and a summary averaging it would inherit the guess. Gauges
 * (connections, memory, cache) are read from the new snapshot and stay valid.
 *
 * @param intervalSeconds wall time between the two replies (client clock)
 * @param opcounterDeltas, replOpcounterDeltas counter deltas (a reset counter left out; null when not reported)
 * @param opsPerSec, replOpsPerSec the same per second
 * @param cpuTimeMicrosDelta the server process's CPU time used in the interval
 * @param cpuPercent cpuTimeMicrosDelta / (interval micros x hostCores) x 100
 * @param connectionsCreated, networkBytesIn, networkBytesOut deltas; the *PerSec figures their rates
 * @param opLatencyMicrosDeltas, opLatencyOpsDeltas {@code opLatencies} deltas by type (reads, writes, commands,
 *     transactions): µs the server spent and operations it finished; a type whose latency or ops reset is left
 *     out of both; null when not reported
 * @param opLatencyMeanMicros the server's average latency by type over the interval: latency delta / ops delta,
 *     only for types that finished operations in it (no operations is no figure, never 0 µs)
 */
public record IntervalDelta(ServerStatusSnapshot from, ServerStatusSnapshot to, double intervalSeconds,
    boolean counterReset, Map<String, Long> opcounterDeltas, Map<String, Double> opsPerSec,
    Map<String, Long> replOpcounterDeltas, Map<String, Double> replOpsPerSec, Long cpuTimeMicrosDelta,
    Double cpuPercent, Long connectionsCreated, Double connectionsCreatedPerSec, Long networkBytesIn,
    Double networkInBytesPerSec, Long networkBytesOut, Double networkOutBytesPerSec,
    Map<String, Long> opLatencyMicrosDeltas, Map<String, Long> opLatencyOpsDeltas,
    Map<String, Double> opLatencyMeanMicros) {

  public IntervalDelta {
    Objects.requireNonNull(from, "from");
    Objects.requireNonNull(to, "to");
  }

  /**
   * The interval from {@code previous} to {@code current}.
   *
   * @param hostCores the server host's cores ({@code hostInfo.system.numCores}); null leaves CPU % absent
   */
  public static IntervalDelta between(ServerStatusSnapshot previous, ServerStatusSnapshot current, Integer hostCores) {
    double seconds = Duration.between(previous.receivedAt(), current.receivedAt()).toNanos() / 1e9;
    if (seconds <= 0) {
      throw new IllegalArgumentException("snapshots out of order: " + previous.receivedAt() + " then "
          + current.receivedAt());
    }
    boolean restarted = previous.uptimeSeconds() != null && current.uptimeSeconds() != null
        && current.uptimeSeconds() < previous.uptimeSeconds();
    Resets resets = new Resets(restarted);
    Map<String, Long> ops = counterDeltas(previous.opcounters(), current.opcounters(), resets);
    Map<String, Long> repl = counterDeltas(previous.opcountersRepl(), current.opcountersRepl(), resets);
    Long cpu = resets.delta(previous.cpuTimeMicros(), current.cpuTimeMicros());
    Long created = resets.delta(previous.connectionsTotalCreated(), current.connectionsTotalCreated());
    Long in = resets.delta(previous.networkBytesIn(), current.networkBytesIn());
    Long out = resets.delta(previous.networkBytesOut(), current.networkBytesOut());
    Map<String, Long> latencyMicros = new LinkedHashMap<>();
    Map<String, Long> latencyOps = new LinkedHashMap<>();
    latencyDeltas(previous, current, resets, latencyMicros, latencyOps);
    Double cpuPercent = cpu == null || hostCores == null || hostCores <= 0 ? null
        : cpu / (seconds * 1e6 * hostCores) * 100.0;
    return new IntervalDelta(previous, current, seconds, resets.any, ops, rates(ops, seconds), repl,
        rates(repl, seconds), cpu, cpuPercent, created, rate(created, seconds), in, rate(in, seconds), out,
        rate(out, seconds), orNull(latencyMicros), orNull(latencyOps), means(latencyMicros, latencyOps));
  }

  /**
   * The {@code opLatencies} deltas of each type whose latency and ops both moved forwards (or stood still): a
   * type with either reset is left out of both maps, as the mean needs the pair.
   */
  private static void latencyDeltas(ServerStatusSnapshot previous, ServerStatusSnapshot current, Resets resets,
      Map<String, Long> micros, Map<String, Long> ops) {
    if (previous.opLatencyMicros() == null || current.opLatencyMicros() == null) {
      return;
    }
    for (String type : current.opLatencyMicros().keySet()) {
      Long latency = resets.delta(previous.opLatencyMicros().get(type), current.opLatencyMicros().get(type));
      Long count = resets.delta(previous.opLatencyOps().get(type), current.opLatencyOps().get(type));
      if (latency != null && count != null) {
        micros.put(type, latency);
        ops.put(type, count);
      }
    }
  }

  /** Latency / ops by type, for the types with operations; null when none had any. */
  static Map<String, Double> means(Map<String, Long> micros, Map<String, Long> ops) {
    Map<String, Double> means = new LinkedHashMap<>();
    micros.forEach((type, latency) -> {
      long count = ops.get(type);
      if (count > 0) {
        means.put(type, latency / (double) count);
      }
    });
    return means.isEmpty() ? null : Collections.unmodifiableMap(means);
  }

  private static <V> Map<String, V> orNull(Map<String, V> map) {
    return map.isEmpty() ? null : Collections.unmodifiableMap(map);
  }

  /** Tracks whether any counter of the interval reset; after a restart every counter did. */
  private static final class Resets {
    private final boolean restarted;
    private boolean any;

    Resets(boolean restarted) {
      this.restarted = restarted;
      this.any = restarted;
    }

    Long delta(Long before, Long after) {
      if (before == null || after == null || restarted) {
        return null;
      }
      if (after < before) {
        any = true;
        return null;
      }
      return after - before;
    }
  }

  private static Map<String, Long> counterDeltas(Map<String, Long> before, Map<String, Long> after, Resets resets) {
    if (before == null || after == null) {
      return null;
    }
    Map<String, Long> deltas = new LinkedHashMap<>();
    for (Map.Entry<String, Long> e : after.entrySet()) {
      Long d = resets.delta(before.get(e.getKey()), e.getValue());
      if (d != null) {
        deltas.put(e.getKey(), d);
      }
    }
    return deltas.isEmpty() ? null : Collections.unmodifiableMap(deltas);
  }

  private static Map<String, Double> rates(Map<String, Long> deltas, double seconds) {
    if (deltas == null) {
      return null;
    }
    Map<String, Double> rates = new LinkedHashMap<>();
    deltas.forEach((k, v) -> rates.put(k, v / seconds));
    return Collections.unmodifiableMap(rates);
  }

  private static Double rate(Long delta, double seconds) {
    return delta == null ? null : delta / seconds;
  }
}
