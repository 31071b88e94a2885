package dev.ycsbmongo.orchestrator.metrics;

import dev.ycsbmongo.orchestrator.results.ServerMetrics;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.function.Function;

/**
 * Summarises a {@link SampleSeries} over a window: the whole series, or part of it (the
 * connection-stress phase summarises only its hold window). Rates are totals over the summed
 * interval time, so an interval the sampler stretched (a slow reply) weighs by its length.
 */
public final class ServerMetricsCalculator {

  static final String NOT_REPORTED = "not reported by this server";

  private ServerMetricsCalculator() {
  }

  /**
   * The summary over the intervals that lie inside [{@code from}, {@code to}] (an interval counts
   * when both its replies do); either bound may be null for an open end.
   */
  public static ServerMetrics summarize(SampleSeries series, Instant from, Instant to) {
    List<IntervalDelta> window = new ArrayList<>();
    for (IntervalDelta d : series.intervals()) {
      if ((from == null || !d.from().receivedAt().isBefore(from)) && (to == null || !d.to().receivedAt().isAfter(to))) {
        window.add(d);
      }
    }
    SortedMap<String, String> absent = new TreeMap<>();
    if (window.isEmpty()) {
      absent.put("samples", series.snapshots().size() < 2
          ? "fewer than two serverStatus replies: no interval to measure"
          : "no sampled interval lies inside the window");
      absent.put(ServerMetrics.CROSS_CHECK, "no sampled interval");
      return new ServerMetrics(series.sampledHost(), series.intervalSeconds(), 0, null, null, null, null, null, null,
          null, null, null, null, null, series.hostCores(), null, null, null, null, null, null, null, null, null, null,
          null, null, null, 0, null, absent, series.firstError(), series.failedSamples(), null,
          series.hostCoresSource());
    }
    List<ServerStatusSnapshot> ends = window.stream().map(IntervalDelta::to).toList();
    int resets = (int) window.stream().filter(IntervalDelta::counterReset).count();

    Counters ops = Counters.of(window, IntervalDelta::opcounterDeltas);
    if (ops.totals == null) {
      absent.put("opcounters", reason(window, "serverStatus has no opcounters"));
      absent.put(ServerMetrics.CROSS_CHECK, "no opcounters from this server");
    }
    Counters repl = Counters.of(window, IntervalDelta::replOpcounterDeltas);
    if (repl.totals == null) {
      absent.put("opcountersRepl", reason(window, "serverStatus has no opcountersRepl"));
    }
    Double qpsTotal = ops.rates == null ? null : ops.rates.values().stream().mapToDouble(Double::doubleValue).sum();

    Map<String, Long> latencyMicros = new LinkedHashMap<>();
    Map<String, Long> latencyOps = new LinkedHashMap<>();
    for (IntervalDelta d : window) {
      if (d.opLatencyOpsDeltas() != null) {
        d.opLatencyMicrosDeltas().forEach((type, micros) -> latencyMicros.merge(type, micros, Long::sum));
        d.opLatencyOpsDeltas().forEach((type, n) -> latencyOps.merge(type, n, Long::sum));
      }
    }
    Map<String, Double> latencyMeans = IntervalDelta.means(latencyMicros, latencyOps);
    if (latencyOps.isEmpty()) {
      absent.put("opLatencies", reason(window, "serverStatus has no opLatencies"));
    } else if (latencyMeans == null) {
      absent.put("opLatencies", "the server finished no operations in the window (opLatencies ops unchanged)");
    }

    Ratio cpu = Ratio.of(window, IntervalDelta::cpuTimeMicrosDelta);
    Double cpuMean = null;
    Double cpuPeak = null;
    if (cpu.seconds == 0) {
      absent.put("cpu", reason(window, "serverStatus has no extra_info.user_time_us"));
    } else if (series.hostCores() == null) {
      absent.put("cpu", "host cores unknown (" + series.hostCoresAbsentReason() + ")");
    } else {
      cpuMean = cpu.total / (cpu.seconds * 1e6 * series.hostCores()) * 100.0;
      cpuPeak = max(window, IntervalDelta::cpuPercent);
    }

    List<Long> current = ends.stream().filter(ServerStatusSnapshot::connectionsCounted)
        .map(ServerStatusSnapshot::connectionsCurrent).toList();
    Long connectionsPeak = current.stream().max(Long::compare).orElse(null);
    Double connectionsMean = current.isEmpty() ? null
        : current.stream().mapToLong(Long::longValue).average().orElseThrow();
    Long availableMin = ends.stream().filter(ServerStatusSnapshot::connectionsCounted)
        .map(ServerStatusSnapshot::connectionsAvailable).filter(Objects::nonNull).min(Long::compare).orElse(null);
    Long created = sum(window, IntervalDelta::connectionsCreated);
    Long limit = peak(ends, ServerStatusSnapshot::connectionsLimit);
    Double utilisationPeak = ends.stream().map(ServerStatusSnapshot::connectionsUtilisationPercent)
        .filter(Objects::nonNull).max(Double::compare).orElse(null);
    if (limit == null) {
      absent.put("connectionsLimit", !current.isEmpty() ? NOT_REPORTED + " (serverStatus has no connections.available)"
          : ends.stream().anyMatch(s -> s.connectionsCurrent() != null)
              ? NOT_REPORTED + " (the embedded server's connections section holds only a constant current of 1)"
              : NOT_REPORTED + " (serverStatus has no connections)");
    }
    if (current.isEmpty()) {
      absent.put("connections", ends.stream().anyMatch(s -> s.connectionsCurrent() != null)
          ? "not counted by this server (the embedded server answers a constant connections.current of 1)"
          : NOT_REPORTED + " (serverStatus has no connections)");
    }

    Ratio in = Ratio.of(window, IntervalDelta::networkBytesIn);
    Ratio out = Ratio.of(window, IntervalDelta::networkBytesOut);
    if (in.seconds == 0 && out.seconds == 0) {
      absent.put("network", reason(window, "serverStatus has no network section"));
    }
    Long residentPeak = peak(ends, ServerStatusSnapshot::residentMb);
    if (residentPeak == null) {
      absent.put("memory", NOT_REPORTED + " (serverStatus has no mem.resident)");
    }
    Long cachePeak = peak(ends, ServerStatusSnapshot::cacheUsedBytes);
    Long dirtyPeak = peak(ends, ServerStatusSnapshot::cacheDirtyBytes);
    if (cachePeak == null && dirtyPeak == null) {
      absent.put("wiredTiger", NOT_REPORTED + " (no WiredTiger section)");
    }

    Map<String, Double> maxLag = new TreeMap<>();
    String lagAbsent = series.replicationAbsentReason();
    for (IntervalDelta d : window) {
      ReplicationLag lag = series.lagDuring(d);
      if (lag != null) {
        lag.lagSecondsByMember().forEach((member, seconds) -> maxLag.merge(member, seconds, Math::max));
        if (lag.absentReason() != null && lagAbsent == null) {
          lagAbsent = lag.absentReason();
        }
      }
    }
    if (maxLag.isEmpty()) {
      absent.put("replicationLag", lagAbsent != null ? lagAbsent
          : series.lagReadings().isEmpty() ? "no replSetGetStatus reading in the window" : "no secondaries");
    }
    return new ServerMetrics(series.sampledHost(), series.intervalSeconds(), window.size(),
        window.get(0).from().receivedAt(), window.get(window.size() - 1).to().receivedAt(), ops.totals, ops.rates,
        qpsTotal, repl.totals, repl.rates, latencyMeans, latencyOps.isEmpty() ? null : latencyOps, cpuMean, cpuPeak,
        series.hostCores(), connectionsPeak, connectionsMean, availableMin, limit, utilisationPeak, created,
        in.seconds == 0 ? null : in.total / in.seconds, out.seconds == 0 ? null : out.total / out.seconds,
        residentPeak, cachePeak, dirtyPeak,
        maxLag.isEmpty() ? null : maxLag.values().stream().max(Double::compare).orElseThrow(),
        maxLag.isEmpty() ? null : maxLag, resets, null, absent, series.firstError(), series.failedSamples(), null,
        series.hostCoresSource());
  }

  /** Why a cumulative figure is absent: never reported, or lost to counter resets in every interval. */
  private static String reason(List<IntervalDelta> window, String missing) {
    return window.stream().allMatch(IntervalDelta::counterReset)
        ? "every interval in the window had a counter reset (a server restart)"
        : NOT_REPORTED + " (" + missing + ")";
  }

  /**
   * Per-operation totals over the intervals that have them, and rates over those intervals' time:
   * an interval with a reset counter adds neither its count nor its seconds.
   */
  private record Counters(Map<String, Long> totals, Map<String, Double> rates) {
    static Counters of(List<IntervalDelta> window, Function<IntervalDelta, Map<String, Long>> deltas) {
      Map<String, Long> totals = new LinkedHashMap<>();
      Map<String, Double> seconds = new LinkedHashMap<>();
      for (IntervalDelta d : window) {
        Map<String, Long> m = deltas.apply(d);
        if (m != null) {
          m.forEach((op, n) -> {
            totals.merge(op, n, Long::sum);
            seconds.merge(op, d.intervalSeconds(), Double::sum);
          });
        }
      }
      if (totals.isEmpty()) {
        return new Counters(null, null);
      }
      Map<String, Double> rates = new LinkedHashMap<>();
      totals.forEach((op, n) -> rates.put(op, n / seconds.get(op)));
      return new Counters(totals, rates);
    }
  }

  /** A cumulative figure's total over the intervals that have it, and their time. */
  private record Ratio(double total, double seconds) {
    static Ratio of(List<IntervalDelta> window, Function<IntervalDelta, Long> delta) {
      double total = 0;
      double seconds = 0;
      for (IntervalDelta d : window) {
        Long v = delta.apply(d);
        if (v != null) {
          total += v;
          seconds += d.intervalSeconds();
        }
      }
      return new Ratio(total, seconds);
    }
  }

  private static Double max(List<IntervalDelta> window, Function<IntervalDelta, Double> value) {
    return window.stream().map(value).filter(Objects::nonNull).max(Double::compare).orElse(null);
  }

  private static Long sum(List<IntervalDelta> window, Function<IntervalDelta, Long> value) {
    List<Long> values = window.stream().map(value).filter(Objects::nonNull).toList();
    return values.isEmpty() ? null : values.stream().mapToLong(Long::longValue).sum();
  }

  private static Long peak(List<ServerStatusSnapshot> snapshots, Function<ServerStatusSnapshot, Long> value) {
    return snapshots.stream().map(value).filter(Objects::nonNull).max(Long::compare).orElse(null);
  }
}
