package dev.ycsbmongo.orchestrator.results;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.HdrHistogram.EncodableHistogram;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogReader;

/**
 * A step's latency both ways, from the HDR interval logs of a phase run with YCSB's
 * {@code measurement.interval=both}: YCSB then logs every operation twice, as {@code READ} from when the
 * operation started, and as {@code Intended-READ} from when its throttle meant it to start ({@code -target}). A
 * server that stalls makes the throttled thread fall behind: the operations it then runs late are quick once
 * started, so the operation latency hides the stall (coordinated omission), while the intended latency counts the
 * wait. Without {@code -target} the two are the same. Successful operations of every type are merged (YCSB's
 * {@code READ-MODIFY-WRITE} is measured on top of its read and update, so it is left out).
 *
 * @param operations successful operations in the window
 * @param intended intended-time latency, microseconds
 * @param operation operation latency, microseconds
 * @param achievedPerSecond successful operations per second over the window's whole status intervals: YCSB's last
 *     interval, written when the client exports after its threads stopped, is left out, as its length holds the
 *     shutdown and not operations (counting it read a step at 2 operations per second per thread as 90% sustained
 *     when the schedule was kept); NaN without operations
 */
public record IntendedLatency(long operations, Histogram intended, Histogram operation, double achievedPerSecond) {

  static final String INTENDED_PREFIX = "Intended-";

  /** A percentile of the intended latency, microseconds; NaN without operations. */
  public double intendedMicros(double percentile) {
    return intended.getTotalCount() == 0 ? Double.NaN : intended.getValueAtPercentile(percentile);
  }

  /** A percentile of the operation latency, microseconds; NaN without operations. */
  public double operationMicros(double percentile) {
    return operation.getTotalCount() == 0 ? Double.NaN : operation.getValueAtPercentile(percentile);
  }

  public double operationMeanMicros() {
    return operation.getTotalCount() == 0 ? Double.NaN : operation.getMean();
  }

  /**
   * The window's latencies: intervals that start {@code rampUpSeconds} or more after the first operation's
   * interval (all of them when none does: a step too short for its ramp-up still says something).
   */
  public static IntendedLatency read(Path phaseDir, double rampUpSeconds) throws YcsbOutputException {
    Path hdr = phaseDir.resolve(YcsbOutput.HDR_DIR);
    java.util.Map<String, java.util.List<Histogram>> series = new java.util.TreeMap<>();
    long t0 = Long.MAX_VALUE;
    for (String op : YcsbOutput.OPERATIONS) {
      if (op.equals(YcsbOutput.RMW)) {
        continue;
      }
      for (String name : new String[] {op, INTENDED_PREFIX + op}) {
        Path f = hdr.resolve(name + ".hdr");
        if (Files.isRegularFile(f)) {
          java.util.List<Histogram> intervals = intervals(f);
          series.put(name, intervals);
          for (Histogram h : intervals) {
            t0 = Math.min(t0, h.getStartTimeStamp());
          }
        }
      }
    }
    if (series.keySet().stream().noneMatch(n -> n.startsWith(INTENDED_PREFIX))) {
      throw new YcsbOutputException("no Intended-* HDR logs in " + hdr.getFileName()
          + ": the phase did not run with measurement.interval=both");
    }
    long cut = t0 + Math.round(rampUpSeconds * 1000);
    boolean anyAfter = series.values().stream().flatMap(java.util.List::stream)
        .anyMatch(h -> h.getStartTimeStamp() >= cut && h.getTotalCount() > 0);
    long from = anyAfter ? cut : Long.MIN_VALUE;
    Histogram intended = new Histogram(3);
    Histogram operation = new Histogram(3);
    long ops = 0;
    long first = Long.MAX_VALUE;
    long last = Long.MIN_VALUE;
    for (Map.Entry<String, java.util.List<Histogram>> e : series.entrySet()) {
      boolean isIntended = e.getKey().startsWith(INTENDED_PREFIX);
      java.util.List<Histogram> window = e.getValue().stream().filter(h -> h.getStartTimeStamp() >= from).toList();
      window.forEach(isIntended ? intended::add : operation::add);
      if (!isIntended && !window.isEmpty()) {
        // each series' own last interval is YCSB's export-time flush (series' intervals are not aligned to the ms)
        java.util.List<Histogram> whole = window.size() > 1 ? window.subList(0, window.size() - 1) : window;
        for (Histogram h : whole) {
          ops += h.getTotalCount();
          first = Math.min(first, h.getStartTimeStamp());
          last = Math.max(last, h.getEndTimeStamp());
        }
      }
    }
    double seconds = last > first ? (last - first) / 1000.0 : 0;
    return new IntendedLatency(operation.getTotalCount(), intended, operation,
        seconds > 0 ? ops / seconds : Double.NaN);
  }

  private static java.util.List<Histogram> intervals(Path file) throws YcsbOutputException {
    java.util.List<Histogram> out = new java.util.ArrayList<>();
    try (HistogramLogReader reader = new HistogramLogReader(file.toFile())) {
      while (reader.hasNext()) {
        EncodableHistogram e = reader.nextIntervalHistogram();
        if (e instanceof Histogram h) {
          out.add(h);
        }
      }
    } catch (IOException | RuntimeException e) {
      // a log cut off mid-line (a child ended at its step's time) keeps the intervals read so far
      if (out.isEmpty()) {
        throw new YcsbOutputException("cannot read HDR log " + file.getFileName() + ": " + e.getMessage());
      }
    }
    return out;
  }
}
