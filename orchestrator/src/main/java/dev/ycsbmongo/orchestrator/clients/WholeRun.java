package dev.ycsbmongo.orchestrator.clients;

import dev.ycsbmongo.orchestrator.results.OperationStats;
import dev.ycsbmongo.orchestrator.results.WindowStats;
import dev.ycsbmongo.orchestrator.results.YcsbOutput.IntervalCount;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.HdrHistogram.Histogram;

/**
 * A distributed cell's figures over the clients' whole runs, beside {@link CellMerger}'s common
 * window: what a single-client phase calls its full window. Every interval of every client counts
 * (so operation counts are the plan's, e.g. a load's every record), errors by status come from the
 * clients' summaries, and the time is from the first client's first interval to the last client's
 * last: throughput over it is what the fleet did as a whole, start skew and stragglers included.
 * The cell's headline figures come from the common window; this is the record of everything run.
 */
public final class WholeRun {

  private WholeRun() {
  }

  /** The whole-run window of {@code outputs}, the clients of one cell (each with at least one interval). */
  public static WindowStats stats(List<ClientOutput> outputs) {
    long t0 = firstStart(outputs);
    long t1 = outputs.stream().flatMap(c -> c.intervals().stream()).mapToLong(OpInterval::endMillis).max().orElse(t0);
    Map<String, Histogram> sums = new TreeMap<>();
    Map<String, Map<String, Long>> errors = new TreeMap<>();
    for (ClientOutput c : outputs) {
      for (OpInterval i : c.intervals()) {
        i.addTo(sums.computeIfAbsent(i.operation(), k -> new Histogram(OpInterval.SIGNIFICANT_DIGITS)));
      }
      c.summary().operations().forEach((op, totals) -> {
        sums.computeIfAbsent(op, k -> new Histogram(OpInterval.SIGNIFICANT_DIGITS));
        totals.errorsByStatus().forEach((s, n) -> errors.computeIfAbsent(op, k -> new TreeMap<>()).merge(s, n, Long::sum));
      });
    }
    List<String> names = new ArrayList<>(sums.keySet());
    names.sort(Comparator.comparingInt((String n) -> CellMerger.YCSB_ORDER.contains(n)
        ? CellMerger.YCSB_ORDER.indexOf(n) : CellMerger.YCSB_ORDER.size()).thenComparing(Comparator.naturalOrder()));
    List<OperationStats> stats = new ArrayList<>();
    long ok = 0;
    long failed = 0;
    for (String op : names) {
      OperationStats s = CellMerger.stats(op, sums.get(op), errors.getOrDefault(op, Map.of()));
      stats.add(s);
      if (!op.equals(CellMerger.RMW)) {
        ok += s.count();
        failed += s.errors();
      }
    }
    double seconds = (t1 - t0) / 1000.0;
    double errorRate = ok + failed == 0 ? 0 : (double) failed / (ok + failed);
    return new WindowStats(WindowStats.FULL, 0, seconds, ok, failed, seconds > 0 ? ok / seconds : 0, errorRate, stats);
  }

  /** When the first client's first interval started, ms since the epoch: second 0 of the cell. */
  public static long firstStart(List<ClientOutput> outputs) {
    return outputs.stream().flatMap(c -> c.intervals().stream()).mapToLong(OpInterval::startMillis).min()
        .orElseThrow(() -> new IllegalArgumentException("no intervals"));
  }

  /**
   * The cell's per-interval series, all clients added up, on client 0's ticks (the clients start at
   * one instant, so their ticks differ by milliseconds): each client's interval counts in the tick
   * its midpoint falls in. Seconds are from {@link #firstStart}. What the steady-state rule reads.
   */
  public static List<IntervalCount> series(List<ClientOutput> outputs) {
    long t0 = firstStart(outputs);
    ClientOutput first = outputs.stream().min(Comparator.comparingInt(ClientOutput::client)).orElseThrow();
    TreeMap<Long, Long> ticks = new TreeMap<>();  // start -> end, one per tick of client 0
    for (OpInterval i : first.intervals()) {
      ticks.merge(i.startMillis(), i.endMillis(), Math::max);
    }
    Map<Long, long[]> counts = new LinkedHashMap<>();
    ticks.keySet().forEach(s -> counts.put(s, new long[2]));
    for (ClientOutput c : outputs) {
      for (OpInterval i : c.intervals()) {
        if (i.operation().equals(CellMerger.RMW)) {
          continue;  // counted as its read and its update
        }
        long mid = (i.startMillis() + i.endMillis()) / 2;
        Map.Entry<Long, Long> tick = ticks.floorEntry(mid);
        if (tick == null || mid >= tick.getValue()) {
          continue;  // outside client 0's ticks: before it started or after it ended
        }
        long[] n = counts.get(tick.getKey());
        n[0] += i.count();
        n[1] += i.errors();
      }
    }
    List<IntervalCount> out = new ArrayList<>();
    ticks.forEach((s, e) -> out.add(new IntervalCount((s - t0) / 1000.0, (e - t0) / 1000.0, counts.get(s)[0],
        counts.get(s)[1])));
    return out;
  }
}
