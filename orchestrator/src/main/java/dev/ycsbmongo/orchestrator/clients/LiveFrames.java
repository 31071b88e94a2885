package dev.ycsbmongo.orchestrator.clients;

import java.io.IOException;
import java.io.PrintStream;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * Writes a running YCSB's measurements as frames: interval frames while it runs (a daemon thread
 * polls its HDR logs through an {@link IntervalTailer}), then, when YCSB closes its export
 * ({@link FramingExporter}), the intervals left and the summary. The summary's counts come from
 * YCSB's export: the reader checks them against the interval frames, so an interval lost on the
 * way cannot pass unnoticed. The summary also carries the JVM's CPU time and cores ({@link ClientCpu}).
 */
final class LiveFrames {

  /** Well under the status interval (1 s): an interval frame goes out a fraction of a second after its tick. */
  static final Duration POLL = Duration.ofMillis(200);
  private static final List<String> OK_STATUSES = List.of("OK", "BATCHED_OK");
  private static final String RETURN = "Return=";

  private final FrameWriter writer;
  private final IntervalTailer tailer;
  private final PrintStream console;
  private final CountDownLatch stop = new CountDownLatch(1);
  private final Map<String, long[]> written = new TreeMap<>();
  private Thread thread;
  private IOException failure;
  private long firstStart = Long.MAX_VALUE;
  private long lastEnd = Long.MIN_VALUE;
  private volatile boolean summaryWritten;

  /**
   * @param console where a problem is reported in one line ({@code client: ...}); never the frames' stream
   */
  LiveFrames(FrameWriter writer, IntervalTailer tailer, PrintStream console) {
    this.writer = writer;
    this.tailer = tailer;
    this.console = console;
  }

  void start() {
    thread = new Thread(this::follow, "hdr-log-tailer");
    thread.setDaemon(true);
    thread.start();
  }

  private void follow() {
    try {
      while (!stop.await(POLL.toMillis(), TimeUnit.MILLISECONDS)) {
        synchronized (this) {
          if (failure == null) {
            try {
              write(tailer.poll());
            } catch (IOException e) {
              failure = e;  // reported when YCSB ends: the run goes on, its client fails then
            }
          }
        }
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  /** Stops the polling thread (it finishes its current poll; it is never interrupted mid-read). */
  void stopPolling() {
    stop.countDown();
    Thread t = thread;
    if (t != null && t != Thread.currentThread()) {
      try {
        t.join(5_000);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }
  }

  /**
   * YCSB has exported {@code export} (metric -> measurement -> value) and closed its logs: writes
   * the intervals left, then the summary. On a problem, writes no summary and says why in one line.
   */
  void finish(Map<String, Map<String, Double>> export) {
    stopPolling();
    try {
      finishFrames(export);
    } catch (RuntimeException e) {
      // runs inside YCSB's export: an exception here would end YCSB's main thread without its exit
      console.println("client: cannot write the last frames: " + e + "; no summary frame");
    }
  }

  private void finishFrames(Map<String, Map<String, Double>> export) {
    synchronized (this) {
      if (failure == null) {
        try {
          write(tailer.drain());
        } catch (IOException e) {
          failure = e;
        }
      }
      if (failure != null) {
        console.println("client: cannot read YCSB's interval logs: " + failure.getMessage() + "; no summary frame");
        return;
      }
      for (String op : written.keySet()) {
        if (!export.containsKey(op) || !export.get(op).containsKey("Operations")) {
          console.println("client: YCSB's export has no " + op + " operations although its logs do (an incomplete"
              + " export); no summary frame");
          return;
        }
      }
      ClientSummary counted = summary(export, firstStart == Long.MAX_VALUE ? 0 : lastEnd - firstStart);
      // the JVM's CPU as YCSB ends, so the cell can say whether this client was its bottleneck
      ClientSummary summary = new ClientSummary(counted.runtimeMillis(), counted.operations(),
          ClientCpu.processCpuMillis(), ClientCpu.cores());
      summary.operations().forEach((op, t) -> {
        long[] w = written.getOrDefault(op, new long[2]);
        if (w[0] != t.count() || w[1] != t.errors()) {
          // the reader refuses this client with the details; say it here too, where YCSB's output is
          console.println("client: " + op + " intervals hold " + w[0] + " ok and " + w[1] + " failed, YCSB's export "
              + t.count() + " and " + t.errors());
        }
      });
      writer.summary(summary);
      summaryWritten = true;
    }
  }

  boolean summaryWritten() {
    return summaryWritten;
  }

  private void write(List<OpInterval> intervals) {
    for (OpInterval i : intervals) {
      writer.interval(i);
      long[] w = written.computeIfAbsent(i.operation(), k -> new long[2]);
      w[0] += i.count();
      w[1] += i.errors();
      firstStart = Math.min(firstStart, i.startMillis());
      lastEnd = Math.max(lastEnd, i.endMillis());
    }
  }

  /**
   * A client's totals from YCSB's export: per operation, successes ({@code Operations}, the count of
   * its histogram) and failures by status ({@code Return=<STATUS>} other than OK and BATCHED_OK).
   */
  static ClientSummary summary(Map<String, Map<String, Double>> export, long runtimeMillis) {
    Map<String, ClientSummary.OpTotals> ops = new TreeMap<>();
    for (String op : CellMerger.YCSB_ORDER) {
      Map<String, Double> m = export.get(op);
      if (m == null || !m.containsKey("Operations")) {
        continue;
      }
      Map<String, Long> errors = new TreeMap<>();
      m.forEach((k, v) -> {
        if (k.startsWith(RETURN) && !OK_STATUSES.contains(k.substring(RETURN.length())) && v > 0) {
          errors.put(k.substring(RETURN.length()), v.longValue());
        }
      });
      ops.put(op, new ClientSummary.OpTotals(m.get("Operations").longValue(), errors));
    }
    return new ClientSummary(runtimeMillis, ops);
  }
}
