package dev.ycsbmongo.orchestrator.clients;

import dev.ycsbmongo.orchestrator.results.OperationStats;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import org.HdrHistogram.Histogram;

/**
 * Merges the checked outputs of a cell's N clients into one {@link MergedCell}, exactly:
 * <ol>
 *   <li>The common window runs from the latest first-interval start of the clients to the earliest
 *       last-interval end: the time in which all of them were measuring. A client's interval
 *       counts only when it lies wholly inside the window (whole intervals: a histogram cannot be
 *       cut in time), so each client contributes the intervals it ran while all others ran too.
 *   <li>Per operation, the cell's histogram is the sum of those intervals' histograms over all
 *       clients. Every frame's histogram has the same precision (3 significant digits), so the sum
 *       adds bucket counts one to one: its percentiles, mean, min and max are those of one
 *       histogram fed every client's values. Percentiles are never averaged.
 *   <li>Counts add up: window counts are the sums of the window histograms' counts and failures;
 *       run counts are the sums of the clients' summaries.
 *   <li>Throughput is the sum of the clients' throughputs, each client's being its successful
 *       operations in its window intervals divided by the time those intervals cover. When the
 *       clients' intervals are aligned this is the window's operations divided by its seconds;
 *       when they are skewed by a fraction of an interval it does not count the partial interval
 *       at each end of the window as time without operations (which would understate throughput
 *       by up to two intervals in the window's length).
 *   <li>Start skew is the spread of the clients' first-interval starts.
 *   <li>A client's CPU per operation is its JVM's CPU time over its whole run divided by its run
 *       operations, and its share of its cores that CPU time over its run time times its cores
 *       ({@link ClientCpu}); both unknown when its summary does not say its CPU.
 * </ol>
 */
public final class CellMerger {

  /** YCSB's measurement names in its order of appearance; others follow alphabetically. */
  static final List<String> YCSB_ORDER = List.of("READ", "UPDATE", "INSERT", "SCAN", "DELETE", "READ-MODIFY-WRITE");
  /** Counted as its read and its update, so it is not counted again in the totals. */
  static final String RMW = "READ-MODIFY-WRITE";

  private CellMerger() {
  }

  /** Merges over the whole common window. */
  public static MergedCell merge(List<ClientOutput> outputs) throws MergeException {
    return merge(outputs, Long.MIN_VALUE);
  }

  /**
   * Merges over the common window, starting no earlier than {@code notBeforeMillis} (ms since the
   * epoch; e.g. where a steady-state rule cut the ramp-up).
   *
   * @throws MergeException when the outputs are not the N clients 0..N-1 of one cell, a client has
   *     no interval, or the clients never all ran at once (one line naming the client)
   */
  public static MergedCell merge(List<ClientOutput> outputs, long notBeforeMillis) throws MergeException {
    return merge(outputs, notBeforeMillis, Long.MAX_VALUE);
  }

  /**
   * As {@link #merge(List, long)}, the window ending no later than {@code notAfterMillis} (where a cell stopped
   * once precise was found precise).
   */
  public static MergedCell merge(List<ClientOutput> outputs, long notBeforeMillis, long notAfterMillis)
      throws MergeException {
    List<ClientOutput> clients = checkedSet(outputs);
    long w0 = Long.MIN_VALUE;
    long w1 = Long.MAX_VALUE;
    long earliestStart = Long.MAX_VALUE;
    ClientOutput latestStarter = null;
    ClientOutput earliestEnder = null;
    for (ClientOutput c : clients) {
      if (c.intervals().isEmpty()) {
        throw new MergeException(c.describe() + " from " + c.source() + " wrote no interval frames: it measured"
            + " nothing, so the cell cannot be merged");
      }
      long first = firstStart(c);
      long last = lastEnd(c);
      earliestStart = Math.min(earliestStart, first);
      if (first > w0) {
        w0 = first;
        latestStarter = c;
      }
      if (last < w1) {
        w1 = last;
        earliestEnder = c;
      }
    }
    long skew = w0 - earliestStart;
    if (w1 <= w0) {
      throw new MergeException("the clients never all ran at once: " + latestStarter.describe()
          + " started measuring at " + w0 + " ms, after " + earliestEnder.describe() + " stopped at " + w1
          + " ms (epoch ms); check the start barrier");
    }
    long start = Math.max(w0, notBeforeMillis);
    w1 = Math.min(w1, notAfterMillis);
    if (w1 <= start) {
      throw new MergeException(String.format(Locale.ROOT, "the window asked for starts at %d ms, at or after the"
          + " clients' common window ends (%d ms)", start, w1));
    }

    Map<String, Histogram> sums = new LinkedHashMap<>();
    Map<String, Map<String, Long>> errors = new HashMap<>();
    Map<String, long[]> runCounts = new HashMap<>();
    Map<String, Map<String, Long>> runErrors = new HashMap<>();
    List<ClientRow> rows = new ArrayList<>();
    double throughput = 0;
    for (ClientOutput c : clients) {
      Map<String, Histogram> own = new TreeMap<>();
      List<long[]> spans = new ArrayList<>();
      for (OpInterval i : c.intervals()) {
        own.computeIfAbsent(i.operation(), k -> new Histogram(OpInterval.SIGNIFICANT_DIGITS));
        if (i.startMillis() >= start && i.endMillis() <= w1) {
          i.addTo(own.get(i.operation()));
          i.errorsByStatus().forEach((s, n) -> errors.computeIfAbsent(i.operation(), k -> new TreeMap<>())
              .merge(s, n, Long::sum));
          spans.add(new long[] {i.startMillis(), i.endMillis()});
        }
      }
      long coveredMillis = covered(spans);
      if (coveredMillis == 0) {
        throw new MergeException(String.format(Locale.ROOT, "the common window (%.3f s) holds no whole interval of %s:"
            + " its intervals are longer than the time all clients ran together", (w1 - start) / 1000.0, c.describe()));
      }
      long ops = 0;
      Map<String, Long> p99 = new TreeMap<>();
      for (Map.Entry<String, Histogram> e : own.entrySet()) {
        Histogram h = e.getValue();
        sums.computeIfAbsent(e.getKey(), k -> new Histogram(OpInterval.SIGNIFICANT_DIGITS)).add(h);
        if (h.getTotalCount() > 0) {
          p99.put(e.getKey(), h.getValueAtPercentile(99));
        }
        if (!e.getKey().equals(RMW)) {
          ops += h.getTotalCount();
        }
      }
      long runOps = 0;
      for (Map.Entry<String, ClientSummary.OpTotals> e : c.summary().operations().entrySet()) {
        runCounts.computeIfAbsent(e.getKey(), k -> new long[1])[0] += e.getValue().count();
        e.getValue().errorsByStatus().forEach((s, n) -> runErrors.computeIfAbsent(e.getKey(), k -> new TreeMap<>())
            .merge(s, n, Long::sum));
        if (!e.getKey().equals(RMW)) {
          runOps += e.getValue().count();
        }
      }
      double seconds = coveredMillis / 1000.0;
      double clientThroughput = ops / seconds;
      throughput += clientThroughput;
      ClientSummary sum = c.summary();
      rows.add(new ClientRow(c.client(), c.hello().host(), c.hello().pid(), firstStart(c), lastEnd(c), seconds, ops,
          clientThroughput, p99, runOps, ClientCpu.microsPerOperation(sum.cpuMillis(), runOps), sum.cores(),
          ClientCpu.shareOfCores(sum.cpuMillis(), sum.runtimeMillis(), sum.cores()), List.of()));
    }
    List<List<String>> reasons = Outliers.reasons(rows);
    for (int i = 0; i < rows.size(); i++) {
      rows.set(i, rows.get(i).withOutlierReasons(reasons.get(i)));
    }

    List<String> names = new ArrayList<>(sums.keySet());
    runCounts.keySet().stream().filter(k -> !names.contains(k)).forEach(names::add);
    names.sort(Comparator.comparingInt((String n) -> YCSB_ORDER.contains(n) ? YCSB_ORDER.indexOf(n) : YCSB_ORDER.size())
        .thenComparing(Comparator.naturalOrder()));
    List<MergedOperation> ops = new ArrayList<>();
    long ok = 0;
    long failed = 0;
    for (String op : names) {
      Histogram h = sums.getOrDefault(op, new Histogram(OpInterval.SIGNIFICANT_DIGITS));
      OperationStats s = stats(op, h, errors.getOrDefault(op, Map.of()));
      if (!op.equals(RMW)) {
        ok += s.count();
        failed += s.errors();
      }
      ops.add(new MergedOperation(s, runCounts.getOrDefault(op, new long[1])[0], runErrors.getOrDefault(op, Map.of()),
          h));
    }
    return new MergedCell(clients.size(), start, w1, skew, ok, failed, throughput, ops, rows);
  }

  /** The clients 0..N-1 of one cell, each once, each saying the cell has N clients; sorted by index. */
  private static List<ClientOutput> checkedSet(List<ClientOutput> outputs) throws MergeException {
    if (outputs.isEmpty()) {
      throw new MergeException("no client outputs to merge");
    }
    int n = outputs.size();
    ClientOutput[] byIndex = new ClientOutput[n];
    for (ClientOutput c : outputs) {
      if (c.hello().clients() != n) {
        throw new MergeException(c.describe() + " from " + c.source() + " was one of " + c.hello().clients()
            + " clients, but " + n + " outputs were given");
      }
      if (byIndex[c.client()] != null) {
        throw new MergeException("client " + c.client() + " appears twice: in " + byIndex[c.client()].source()
            + " and in " + c.source());
      }
      byIndex[c.client()] = c;
    }
    return List.of(byIndex);
  }

  private static long firstStart(ClientOutput c) {
    return c.intervals().stream().mapToLong(OpInterval::startMillis).min().orElseThrow();
  }

  private static long lastEnd(ClientOutput c) {
    return c.intervals().stream().mapToLong(OpInterval::endMillis).max().orElseThrow();
  }

  /** The time the union of {@code spans} covers: one tick's intervals of several operations count once. */
  private static long covered(List<long[]> spans) {
    spans.sort(Comparator.comparingLong(s -> s[0]));
    long total = 0;
    long curStart = Long.MIN_VALUE;
    long curEnd = Long.MIN_VALUE;
    for (long[] s : spans) {
      if (s[0] > curEnd) {
        total += curEnd - curStart;
        curStart = s[0];
        curEnd = s[1];
      } else {
        curEnd = Math.max(curEnd, s[1]);
      }
    }
    return total + (curEnd - curStart);
  }

  /** As a single client's phase reports an operation (results.YcsbOutput): latencies in us, mean to 2 decimals. */
  static OperationStats stats(String op, Histogram h, Map<String, Long> errors) {
    long n = h.getTotalCount();
    if (n == 0) {
      return new OperationStats(op, 0, errors, null, null, null, null, null, null, null);
    }
    return new OperationStats(op, n, errors, Math.round(h.getMean() * 100) / 100.0, h.getMinValue(),
        h.getValueAtPercentile(50), h.getValueAtPercentile(95), h.getValueAtPercentile(99),
        h.getValueAtPercentile(99.9), h.getMaxValue());
  }
}
