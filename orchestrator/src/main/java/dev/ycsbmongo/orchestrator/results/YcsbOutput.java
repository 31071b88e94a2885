package dev.ycsbmongo.orchestrator.results;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.HdrHistogram.Histogram;

/**
 * Reads a phase's YCSB output: {@code measurements.json} (YCSB's JSON array exporter) and the
 * HdrHistogram interval logs in {@code hdr/}. Latencies and counts come from the logs (exact
 * percentiles, and any time window); errors by status for the whole phase come from YCSB's
 * {@code Return=} counts, and YCSB's own run time and throughput are kept as it reported them.
 *
 * <p>YCSB's DBWrapper measures a successful operation under its name ({@code READ}) and a failed
 * one under {@code READ-FAILED} or {@code READ-<STATUS>}; {@code READ-MODIFY-WRITE} is measured on
 * top of its own read and update, so it is reported but not added to the totals.
 */
public final class YcsbOutput {

  public static final String MEASUREMENTS_FILE = "measurements.json";
  public static final String HDR_DIR = "hdr";
  /** The operation types DBWrapper and CoreWorkload measure, in YCSB's order. */
  static final List<String> OPERATIONS = List.of("READ", "UPDATE", "INSERT", "SCAN", "DELETE", "READ-MODIFY-WRITE");
  static final String RMW = "READ-MODIFY-WRITE";
  private static final List<String> OK_STATUSES = List.of("OK", "BATCHED_OK");
  /**
   * Suffixes of DBWrapper's failure series: FAILED, or a YCSB Status name. Anything else after an
   * operation's name (the binding's INSERT-BATCH, READ-MODIFY-WRITE) is not a failure.
   */
  public static final List<String> FAILURE_SERIES = List.of("FAILED", "ERROR", "NOT_FOUND", "NOT_IMPLEMENTED",
      "UNEXPECTED_STATE", "BAD_REQUEST", "FORBIDDEN", "SERVICE_UNAVAILABLE");
  private static final ObjectMapper JSON = new ObjectMapper();

  private YcsbOutput() {
  }

  public static PhaseMeasurements read(Path phaseDir, Duration rampUp) throws YcsbOutputException {
    Map<String, Map<String, Double>> exported = readExport(phaseDir.resolve(MEASUREMENTS_FILE));
    return measurements(exported, HdrLogs.read(phaseDir.resolve(HDR_DIR)), rampUp);
  }

  /**
   * A phase's HDR interval logs, decoded once: what {@link #intervalCounts(Logs)} and
   * {@link #read(Path, Logs, Duration)} both need, so a phase's logs are not read twice.
   */
  public static final class Logs {
    private final Map<String, List<Interval>> byName;

    private Logs(Map<String, List<Interval>> byName) {
      this.byName = byName;
    }
  }

  public static Logs logs(Path phaseDir) throws YcsbOutputException {
    return new Logs(HdrLogs.read(phaseDir.resolve(HDR_DIR)));
  }

  /** Logs decoded elsewhere ({@link HdrLogTail}, as they grow). */
  static Logs logsOf(Map<String, List<Interval>> byName) {
    return new Logs(byName);
  }

  /** As {@link #read(Path, Duration)}, from logs already decoded. */
  public static PhaseMeasurements read(Path phaseDir, Logs logs, Duration rampUp) throws YcsbOutputException {
    return read(phaseDir, logs, rampUp, null);
  }

  /**
   * As {@link #read(Path, Logs, Duration)}, the steady window ending with the intervals that end by {@code until}
   * (after the first interval's start; null: the phase's end): a run stopped once precise ends it where it was
   * found precise, the seconds its threads took to wind down left to the full window.
   */
  public static PhaseMeasurements read(Path phaseDir, Logs logs, Duration rampUp, Duration until)
      throws YcsbOutputException {
    return measurements(readExport(phaseDir.resolve(MEASUREMENTS_FILE)), logs.byName, rampUp, until);
  }

  private static PhaseMeasurements measurements(Map<String, Map<String, Double>> exported,
      Map<String, List<Interval>> logs, Duration rampUp) {
    return measurements(exported, logs, rampUp, null);
  }

  private static PhaseMeasurements measurements(Map<String, Map<String, Double>> exported,
      Map<String, List<Interval>> logs, Duration rampUp, Duration until) {
    Map<String, Double> overall = exported.getOrDefault("OVERALL", Map.of());
    Double runtimeMillis = overall.get("RunTime(ms)");
    Double ycsbThroughput = overall.get("Throughput(ops/sec)");

    WindowStats full;
    WindowStats steady = null;
    String steadyAbsent;
    if (logs.isEmpty()) {
      full = fromExport(exported, runtimeMillis);
      steadyAbsent = "no HDR interval logs";
    } else {
      // the window's bounds come from database operations only, not CLEANUP or POOL-CHECKOUT
      List<Interval> ops = logs.entrySet().stream().filter(e -> isOperationSeries(e.getKey()))
          .flatMap(e -> e.getValue().stream()).toList();
      long t0 = ops.stream().mapToLong(Interval::startMillis).min().orElse(0);
      long tEnd = ops.stream().mapToLong(Interval::endMillis).max().orElse(t0);
      double fullSeconds = runtimeMillis != null ? runtimeMillis / 1000.0 : (tEnd - t0) / 1000.0;
      full = window(WindowStats.FULL, logs, t0, Long.MIN_VALUE, Long.MAX_VALUE, 0, fullSeconds, exported);
      long cut = t0 + rampUp.toMillis();
      long steadyStart = ops.stream().mapToLong(Interval::startMillis)
          .filter(s -> s >= cut).min().orElse(Long.MAX_VALUE);
      long steadyEnd = until == null ? tEnd : ops.stream().mapToLong(Interval::endMillis)
          .filter(e -> e <= t0 + until.toMillis()).max().orElse(t0);
      if (steadyStart == Long.MAX_VALUE || steadyEnd - steadyStart <= 0) {
        steadyAbsent = String.format(Locale.ROOT, "phase shorter than the %s s ramp-up", seconds(rampUp));
      } else {
        steady = window(WindowStats.STEADY, logs, t0, steadyStart, steadyEnd, (steadyStart - t0) / 1000.0,
            (steadyEnd - steadyStart) / 1000.0, null);
        steadyAbsent = null;
        if (steady.operations() + steady.failedOperations() == 0) {
          // only YCSB's final flush interval lies after the ramp-up: no steady state to speak of
          steady = null;
          steadyAbsent = String.format(Locale.ROOT, "no operation after the %s s ramp-up", seconds(rampUp));
        }
      }
    }
    return new PhaseMeasurements(runtimeMillis, ycsbThroughput, full, steady, steadyAbsent);
  }

  private static String seconds(Duration d) {
    double s = d.toMillis() / 1000.0;
    return s == Math.rint(s) ? Long.toString((long) s) : Double.toString(s);
  }

  /**
   * Figures over the intervals starting at or after {@code from}. With {@code exported} (the full
   * window) errors come from YCSB's Return= counts; otherwise from the failure series' logs.
   */
  private static WindowStats window(String name, Map<String, List<Interval>> logs, long t0, long from, long until,
      double startSeconds, double durationSeconds, Map<String, Map<String, Double>> exported) {
    List<OperationStats> stats = new ArrayList<>();
    long ok = 0;
    long failed = 0;
    for (String op : OPERATIONS) {
      Histogram h = merged(logs.get(op), from, until);
      Map<String, Long> errors = exported != null ? returnErrors(exported.get(op)) : failureCounts(logs, op, from, until);
      if (h.getTotalCount() == 0 && errors.isEmpty() && !logs.containsKey(op)) {
        continue;
      }
      OperationStats s = stats(op, h, errors);
      stats.add(s);
      if (!op.equals(RMW)) {
        ok += s.count();
        failed += s.errors();
      }
    }
    double throughput = durationSeconds > 0 ? ok / durationSeconds : 0;
    double errorRate = ok + failed == 0 ? 0 : (double) failed / (ok + failed);
    return new WindowStats(name, startSeconds, durationSeconds, ok, failed, throughput, errorRate, stats);
  }

  private static Histogram merged(List<Interval> intervals, long from, long until) {
    Histogram h = new Histogram(3);
    if (intervals != null) {
      for (Interval i : intervals) {
        if (i.startMillis() >= from && i.endMillis() <= until) {
          h.add(i.histogram());
        }
      }
    }
    return h;
  }

  static boolean isOperationSeries(String name) {
    return OPERATIONS.stream().anyMatch(op -> name.equals(op) || failureStatus(name, op) != null);
  }

  /** Failures of {@code op} by status, from the logs named {@code OP-STATUS} ({@code FAILED} for any). */
  private static Map<String, Long> failureCounts(Map<String, List<Interval>> logs, String op, long from, long until) {
    Map<String, Long> errors = new TreeMap<>();
    logs.forEach((name, intervals) -> {
      String status = failureStatus(name, op);
      if (status != null) {
        long n = merged(intervals, from, until).getTotalCount();
        if (n > 0) {
          errors.merge(status, n, Long::sum);
        }
      }
    });
    return errors;
  }

  /** The status of a failure series of {@code op}, or null when {@code name} is not one. */
  static String failureStatus(String name, String op) {
    if (!name.startsWith(op + "-")) {
      return null;
    }
    String suffix = name.substring(op.length() + 1);
    return FAILURE_SERIES.contains(suffix) ? suffix : null;
  }

  private static Map<String, Long> returnErrors(Map<String, Double> measurements) {
    Map<String, Long> errors = new TreeMap<>();
    if (measurements != null) {
      measurements.forEach((k, v) -> {
        if (k.startsWith("Return=") && !OK_STATUSES.contains(k.substring(7)) && v > 0) {
          errors.put(k.substring(7), v.longValue());
        }
      });
    }
    return errors;
  }

  private static OperationStats stats(String op, Histogram h, Map<String, Long> errors) {
    long n = h.getTotalCount();
    if (n == 0) {
      return new OperationStats(op, 0, errors, null, null, null, null, null, null, null);
    }
    return new OperationStats(op, n, errors, round(h.getMean()), h.getMinValue(), h.getValueAtPercentile(50),
        h.getValueAtPercentile(95), h.getValueAtPercentile(99), h.getValueAtPercentile(99.9), h.getMaxValue());
  }

  /** Two decimals: HDR means carry floating-point noise that would only churn golden files. */
  private static double round(double v) {
    return Math.round(v * 100) / 100.0;
  }

  /** The whole phase from the exported figures alone, when there are no interval logs. */
  private static WindowStats fromExport(Map<String, Map<String, Double>> exported, Double runtimeMillis) {
    List<OperationStats> stats = new ArrayList<>();
    long ok = 0;
    long failed = 0;
    for (String op : OPERATIONS) {
      Map<String, Double> m = exported.get(op);
      if (m == null) {
        continue;
      }
      long n = m.getOrDefault("Operations", 0.0).longValue();
      Map<String, Long> errors = returnErrors(m);
      OperationStats s = n == 0 ? new OperationStats(op, 0, errors, null, null, null, null, null, null, null)
          : new OperationStats(op, n, errors, round(m.getOrDefault("AverageLatency(us)", 0.0)),
              asLong(m.get("MinLatency(us)")), asLong(m.get("50thPercentileLatency(us)")),
              asLong(m.get("95thPercentileLatency(us)")), asLong(m.get("99thPercentileLatency(us)")),
              asLong(m.get("99.9PercentileLatency(us)")), asLong(m.get("MaxLatency(us)")));
      stats.add(s);
      if (!op.equals(RMW)) {
        ok += s.count();
        failed += s.errors();
      }
    }
    double seconds = runtimeMillis == null ? 0 : runtimeMillis / 1000.0;
    return new WindowStats(WindowStats.FULL, 0, seconds, ok, failed, seconds > 0 ? ok / seconds : 0,
        ok + failed == 0 ? 0 : (double) failed / (ok + failed), stats);
  }

  private static Long asLong(Double v) {
    return v == null ? null : Math.round(v);
  }

  /** metric -> measurement -> value, from YCSB's JSON array exporter. */
  static Map<String, Map<String, Double>> readExport(Path file) throws YcsbOutputException {
    if (!Files.isRegularFile(file)) {
      throw new YcsbOutputException(file.getFileName() + " is missing: YCSB did not finish (see ycsb.err)");
    }
    JsonNode root;
    try {
      root = JSON.readTree(file.toFile());
    } catch (IOException e) {
      throw new YcsbOutputException(file.getFileName() + " is not valid JSON (YCSB stopped while writing it?): "
          + e.getMessage().lines().findFirst().orElse(""));
    }
    if (root == null || !root.isArray() || root.isEmpty()) {
      throw new YcsbOutputException(file.getFileName() + " holds no measurements");
    }
    Map<String, Map<String, Double>> out = new LinkedHashMap<>();
    for (JsonNode n : root) {
      JsonNode value = n.get("value");
      if (n.get("metric") == null || n.get("measurement") == null || value == null) {
        throw new YcsbOutputException(file.getFileName() + ": an entry lacks metric, measurement or value: " + n);
      }
      double v = value.isNumber() ? value.asDouble() : parse(value.asText());
      out.computeIfAbsent(n.get("metric").asText(), k -> new LinkedHashMap<>()).put(n.get("measurement").asText(), v);
    }
    return out;
  }

  private static double parse(String s) {
    try {
      return Double.parseDouble(s);
    } catch (NumberFormatException e) {
      return Double.NaN;
    }
  }

  /**
   * One interval of a phase's timeline (for charts).
   *
   * @param atSeconds the interval's end, in seconds after the phase's first interval started
   * @param opsPerSec successful database operations per second in the interval (READ-MODIFY-WRITE not added)
   * @param p99Micros per operation type, the interval's p99 of successful operations
   * @param startEpochMillis when the phase's first interval started (to place other series, e.g. the server's, on the same axis)
   */
  public record TimelinePoint(double atSeconds, double opsPerSec, Map<String, Long> p99Micros, long startEpochMillis) {
  }

  /** A phase's HDR interval logs as a timeline: one point per interval, empty when there are no logs. */
  public static List<TimelinePoint> timeline(Path phaseDir) throws YcsbOutputException {
    Map<String, List<Interval>> logs = HdrLogs.read(phaseDir.resolve(HDR_DIR));
    logs.keySet().retainAll(OPERATIONS.stream().filter(op -> !op.equals(RMW)).toList());
    long t0 = logs.values().stream().flatMap(List::stream).mapToLong(Interval::startMillis).min().orElse(0);
    // YCSB closes every series' interval on the same tick: an interval is known by its end second
    Map<Long, Long> counts = new TreeMap<>();
    Map<Long, Long> lengths = new TreeMap<>();
    Map<Long, Map<String, Long>> p99 = new TreeMap<>();
    logs.forEach((op, intervals) -> {
      for (Interval i : intervals) {
        long key = Math.round((i.endMillis() - t0) / 1000.0);
        counts.merge(key, i.histogram().getTotalCount(), Long::sum);
        lengths.merge(key, Math.max(1, i.endMillis() - i.startMillis()), Math::max);
        if (i.histogram().getTotalCount() > 0) {
          p99.computeIfAbsent(key, k -> new TreeMap<>()).put(op, i.histogram().getValueAtPercentile(99));
        }
      }
    });
    List<TimelinePoint> points = new ArrayList<>();
    counts.forEach((key, n) -> points.add(new TimelinePoint(key, n * 1000.0 / lengths.get(key),
        p99.getOrDefault(key, Map.of()), t0)));
    return points;
  }

  /**
   * One status interval of a phase, all operation types together: what the verdict judges the
   * phase's stability and stalls from.
   *
   * @param startSeconds, endSeconds the interval's bounds, in seconds after the phase's first interval started
   * @param operations successful database operations in it (READ-MODIFY-WRITE not added: its read and update are)
   * @param failedOperations failed ones, from the failure series
   */
  public record IntervalCount(double startSeconds, double endSeconds, long operations, long failedOperations) {

    public double opsPerSec() {
      double length = endSeconds - startSeconds;
      return length > 0 ? operations / length : 0;
    }
  }

  /** A phase's HDR interval logs as one series of intervals (every operation type merged), in time order. */
  public static List<IntervalCount> intervalCounts(Path phaseDir) throws YcsbOutputException {
    return intervalCounts(logs(phaseDir));
  }

  /** When the phase's first interval started, ms since the epoch: second 0 of {@link #intervalCounts(Logs)}. */
  public static long firstStartMillis(Logs decoded) {
    return decoded.byName.entrySet().stream().filter(e -> isOperationSeries(e.getKey()))
        .flatMap(e -> e.getValue().stream()).mapToLong(Interval::startMillis).min().orElse(0);
  }

  /**
   * Per operation type (successful operations only), the interval histograms the steady window of
   * {@link #read(Path, Logs, Duration)} with the same {@code cut} merges, in time order: what a
   * latency interval is computed over.
   */
  public static Map<String, List<Histogram>> windowHistograms(Logs decoded, Duration cut) {
    return windowHistograms(decoded, cut, null);
  }

  /** As {@link #windowHistograms(Logs, Duration)}, the window ending as {@link #read(Path, Logs, Duration, Duration)}'s. */
  public static Map<String, List<Histogram>> windowHistograms(Logs decoded, Duration cut, Duration until) {
    long from = firstStartMillis(decoded) + cut.toMillis();
    long to = until == null ? Long.MAX_VALUE : firstStartMillis(decoded) + until.toMillis();
    Map<String, List<Histogram>> out = new LinkedHashMap<>();
    for (String op : OPERATIONS) {
      List<Interval> intervals = decoded.byName.get(op);
      if (intervals != null) {
        out.put(op, intervals.stream().filter(i -> i.startMillis() >= from && i.endMillis() <= to)
            .map(Interval::histogram).toList());
      }
    }
    return out;
  }

  /** As {@link #intervalCounts(Path)}, from logs already decoded. */
  public static List<IntervalCount> intervalCounts(Logs decoded) {
    Map<String, List<Interval>> logs = decoded.byName;
    long t0 = firstStartMillis(decoded);
    // YCSB closes every series' interval on the same tick: an interval is known by its end second
    Map<Long, long[]> byEnd = new TreeMap<>();
    logs.forEach((name, intervals) -> {
      boolean ok = OPERATIONS.contains(name) && !name.equals(RMW);
      boolean failure = !ok && OPERATIONS.stream().filter(op -> !op.equals(RMW))
          .anyMatch(op -> failureStatus(name, op) != null);
      if (!ok && !failure) {
        return;
      }
      for (Interval i : intervals) {
        long key = Math.round((i.endMillis() - t0) / 1000.0);
        long[] v = byEnd.computeIfAbsent(key, k -> new long[] {Long.MAX_VALUE, Long.MIN_VALUE, 0, 0});
        v[0] = Math.min(v[0], i.startMillis() - t0);
        v[1] = Math.max(v[1], i.endMillis() - t0);
        v[ok ? 2 : 3] += i.histogram().getTotalCount();
      }
    });
    List<IntervalCount> out = new ArrayList<>();
    byEnd.values().forEach(v -> out.add(new IntervalCount(v[0] / 1000.0, v[1] / 1000.0, v[2], v[3])));
    return out;
  }

  /** One interval of an HDR log, with absolute start and end (ms since the epoch). */
  record Interval(long startMillis, long endMillis, Histogram histogram) {
  }

  /** Reads every {@code NAME.hdr} of a phase. */
  static final class HdrLogs {

    private HdrLogs() {
    }

    static Map<String, List<Interval>> read(Path dir) throws YcsbOutputException {
      Map<String, List<Interval>> logs = new TreeMap<>();
      if (!Files.isDirectory(dir)) {
        return logs;
      }
      List<Path> files;
      try (Stream<Path> s = Files.list(dir)) {
        files = s.filter(f -> f.getFileName().toString().endsWith(".hdr")).sorted().toList();
      } catch (IOException e) {
        throw new YcsbOutputException("cannot list " + dir + ": " + e.getMessage());
      }
      for (Path f : files) {
        String name = f.getFileName().toString();
        String series = name.substring(0, name.length() - 4);
        // only database operations' logs feed figures; others (POOL-CHECKOUT, INSERT-BATCH, CLEANUP)
        // are not decoded, so one of them that cannot be read no longer voids the phase
        if (isOperationSeries(series)) {
          logs.put(series, intervals(f));
        }
      }
      return logs;
    }

    private static List<Interval> intervals(Path file) throws YcsbOutputException {
      List<Interval> out = new ArrayList<>();
      try (org.HdrHistogram.HistogramLogReader reader = new org.HdrHistogram.HistogramLogReader(file.toFile())) {
        while (reader.hasNext()) {
          org.HdrHistogram.EncodableHistogram e = reader.nextIntervalHistogram();
          if (e instanceof Histogram h) {
            out.add(new Interval(h.getStartTimeStamp(), h.getEndTimeStamp(), h));
          }
        }
      } catch (IOException | RuntimeException e) {
        // a log cut off mid-line (killed child) keeps the intervals read so far
        if (out.isEmpty()) {
          throw new YcsbOutputException("cannot read HDR log " + file.getFileName() + ": " + e.getMessage());
        }
      }
      return out;
    }
  }
}
