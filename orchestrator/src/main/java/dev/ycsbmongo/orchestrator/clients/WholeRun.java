package dev.ycsbmongo.orchestrator.clients;

import dev.ycsbmongo.orchestrator.results.OperationStats;
import dev.ycsbmongo.orchestrator.results.WindowStats;
import dev.ycsbmongo.orchestrator.results.YcsbOutput.IntervalCount;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
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
   * The cell's per-interval series, all clients added up, on a grid of the clients' status interval
   * from {@link #firstStart} (what the steady-state rule reads). The clients' intervals do not share
   * boundaries (each operation's histogram is closed in turn, tens of milliseconds apart, and clients
   * start a few milliseconds apart), so each interval's operations are spread over the grid cells it
   * overlaps, in proportion to the overlap: a series without the false zeros and doubles that
   * assigning whole intervals to cells would make. Counts are rounded per cell.
   */
  public static List<IntervalCount> series(List<ClientOutput> outputs) {
    return series(outputs.stream().map(ClientOutput::intervals).toList(), step(outputs));
  }

  /**
   * As {@link #series(List)}, from each client's intervals (read so far, for a look at a run in progress) on a
   * grid of {@code step} ms.
   */
  public static List<IntervalCount> series(List<List<OpInterval>> byClient, long step) {
    long t0 = byClient.stream().flatMap(List::stream).mapToLong(OpInterval::startMillis).min()
        .orElseThrow(() -> new IllegalArgumentException("no intervals"));
    long t1 = byClient.stream().flatMap(List::stream).mapToLong(OpInterval::endMillis).max().orElse(t0);
    int cells = (int) Math.max(1, (t1 - t0 + step - 1) / step);
    double[] ok = new double[cells];
    double[] failed = new double[cells];
    for (List<OpInterval> c : byClient) {
      for (OpInterval i : c) {
        if (i.operation().equals(CellMerger.RMW)) {
          continue;  // counted as its read and its update
        }
        double length = i.endMillis() - i.startMillis();
        for (int k = (int) ((i.startMillis() - t0) / step); k < cells && t0 + k * step < i.endMillis(); k++) {
          long from = Math.max(i.startMillis(), t0 + k * step);
          long to = Math.min(i.endMillis(), t0 + (k + 1) * step);
          double share = Math.max(0, to - from) / length;
          ok[k] += i.count() * share;
          failed[k] += i.errors() * share;
        }
      }
    }
    List<IntervalCount> out = new ArrayList<>();
    for (int k = 0; k < cells; k++) {
      long end = Math.min(t1, t0 + (k + 1) * step);
      out.add(new IntervalCount(k * step / 1000.0, (end - t0) / 1000.0, Math.round(ok[k]), Math.round(failed[k])));
    }
    return out;
  }

  /**
   * Where a client froze, from its own frames: {@link #series} spreads each client's intervals over
   * a common grid, which smooths one client's 12 s interval into twelve ordinary-looking seconds, so
   * a frozen client is found before the merge.
   *
   * @param startMillis when it froze, ms since the epoch
   */
  public record Freeze(int client, long startMillis, long millis) {
  }

  /**
   * The clients' freezes: an interval {@code slackMillis} or more longer than {@code stepMillis}
   * (the status thread did not run: the JVM was stopped or paused), or a gap of {@code slackMillis}
   * or more in a client's frames. Each series' first interval (threads starting may hold the status
   * thread back) and last (it only flushes the end of the phase) are not judged.
   */
  public static List<Freeze> freezes(List<ClientOutput> outputs, long stepMillis, long slackMillis) {
    List<Freeze> out = new ArrayList<>();
    for (ClientOutput c : outputs) {
      java.util.Map<String, List<OpInterval>> byOp = c.intervals().stream()
          .collect(java.util.stream.Collectors.groupingBy(OpInterval::operation));
      for (List<OpInterval> series : byOp.values()) {
        List<OpInterval> sorted = series.stream().sorted(Comparator.comparingLong(OpInterval::startMillis)).toList();
        double rate = typicalRate(sorted.stream().filter(i -> i.endMillis() - i.startMillis() < stepMillis + slackMillis)
            .filter(i -> i.count() > 0).mapToDouble(i -> i.count() / (double) (i.endMillis() - i.startMillis())));
        for (OpInterval i : sorted.subList(Math.min(1, sorted.size()), Math.max(0, sorted.size() - 1))) {
          long length = i.endMillis() - i.startMillis();
          if (length >= stepMillis + slackMillis && mostlyIdle(length, i.count(), rate, slackMillis)) {
            out.add(new Freeze(c.client(), i.startMillis(), length));
          }
        }
      }
      List<OpInterval> all = c.intervals().stream().sorted(Comparator.comparingLong(OpInterval::startMillis)).toList();
      long covered = all.isEmpty() ? 0 : all.get(0).endMillis();
      for (OpInterval i : all) {
        if (i.startMillis() - covered >= slackMillis) {
          out.add(new Freeze(c.client(), covered, i.startMillis() - covered));
        }
        covered = Math.max(covered, i.endMillis());
      }
    }
    return out;
  }

  /**
   * Whether a long interval did little work: its operations, at the series' typical rate, fill less than half of it
   * and leave at least {@code slack} idle. A status thread starved on a busy host closes one long interval while
   * the workers go on (the interval then holds a long interval's worth of operations): not a freeze; a stopped
   * JVM finishes a few operations at each end only.
   *
   * @param ratePerUnit the typical operations per unit of {@code length} (0 or less: unknown, judged on length)
   */
  public static boolean mostlyIdle(double length, long operations, double ratePerUnit, double slack) {
    if (ratePerUnit <= 0) {
      return true;
    }
    double idle = length - operations / ratePerUnit;
    return idle >= slack && idle >= length / 2;
  }

  /** The median of per-interval rates (0 when there are none). */
  public static double typicalRate(java.util.stream.DoubleStream rates) {
    double[] r = rates.sorted().toArray();
    return r.length == 0 ? 0 : r.length % 2 == 1 ? r[r.length / 2] : (r[r.length / 2 - 1] + r[r.length / 2]) / 2;
  }

  /** The clients' status interval: the median length of client 0's intervals, in whole seconds (at least 1). */
  public static long step(List<ClientOutput> outputs) {
    return step(outputs.stream().min(Comparator.comparingInt(ClientOutput::client)).orElseThrow().intervals());
  }

  /** As {@link #step(List)}, from client 0's intervals (read so far). */
  public static long step(Collection<OpInterval> client0) {
    long[] lengths = client0.stream().mapToLong(i -> i.endMillis() - i.startMillis()).sorted().toArray();
    long median = lengths.length == 0 ? 1000 : lengths[lengths.length / 2];
    return Math.max(1000, Math.round(median / 1000.0) * 1000);
  }
}
