package dev.ycsbmongo.orchestrator.host;

import java.util.ArrayDeque;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * Watches the client host through one cell: a reading when the cell starts, one every second on a
 * daemon thread (for the peak of other processes' share), and one when it ends, giving the cell's
 * {@link ClientHostLoad}. A reading scans /proc once (every process's stat, for the tree); BENCHMARKS.md
 * states its cost. Nothing here throws on a host without /proc: the record's fields are null instead.
 */
public final class HostWatch implements AutoCloseable {

  /** The window over which other processes' peak share is taken. */
  public static final int PEAK_WINDOW_SECONDS = 5;
  /** A window this much shorter still counts: one-second samples come a few milliseconds late or early. */
  private static final long WINDOW_NANOS = TimeUnit.SECONDS.toNanos(PEAK_WINDOW_SECONDS) - TimeUnit.MILLISECONDS.toNanos(100);

  private final ProcHost host;
  private final String cpuModel;
  private final Integer cores;
  private final Double effectiveCores;
  private final Double loadAverageStart;
  private final HostSample first;
  /** Complete samples of the last window, oldest first. */
  private final ArrayDeque<HostSample> recent = new ArrayDeque<>();
  private Double peakOthersShare;
  private ScheduledExecutorService sampler;
  private ClientHostLoad result;

  private HostWatch(ProcHost host, long nanos) {
    this.host = host;
    this.cpuModel = host.cpuModel();
    this.cores = host.onlineCores();
    this.effectiveCores = host.effectiveCores();
    this.loadAverageStart = host.loadAverage();
    this.first = host.sample(nanos);
    add(first);
  }

  /** Reads the host now and samples it every second until {@link #finish}. */
  public static HostWatch start(ProcHost host) {
    HostWatch w = new HostWatch(host, System.nanoTime());
    w.sampler = Executors.newSingleThreadScheduledExecutor(r -> {
      Thread t = new Thread(r, "client-host-watch");
      t.setDaemon(true);
      return t;
    });
    w.sampler.scheduleAtFixedRate(w::sampleNow, 1, 1, TimeUnit.SECONDS);
    return w;
  }

  /** Reads the host now, stamped {@code nanos}, without a sampling thread: samples come from {@link #add}. */
  static HostWatch begin(ProcHost host, long nanos) {
    return new HostWatch(host, nanos);
  }

  private void sampleNow() {
    try {
      add(host.sample(System.nanoTime()));
    } catch (RuntimeException e) {
      // a reading that failed is a missing sample; an exception here would end the schedule
    }
  }

  /** One more sample: updates the peak of other processes' share over the last window. */
  synchronized void add(HostSample s) {
    if (!s.complete()) {
      return;
    }
    recent.addLast(s);
    while (recent.size() > 2 && s.nanos() - secondOf(recent).nanos() >= WINDOW_NANOS) {
      recent.removeFirst();
    }
    HostSample oldest = recent.peekFirst();
    if (s.nanos() - oldest.nanos() >= WINDOW_NANOS) {
      Double share = othersShare(oldest, s);
      if (share != null && (peakOthersShare == null || share > peakOthersShare)) {
        peakOthersShare = share;
      }
    }
  }

  private static HostSample secondOf(ArrayDeque<HostSample> q) {
    var it = q.iterator();
    it.next();
    return it.next();
  }

  /** Stops the sampling, reads the host once more and gives the cell's record; later calls give the same. */
  public ClientHostLoad finish() {
    synchronized (this) {
      if (result != null) {
        return result;
      }
    }
    if (sampler != null) {
      sampler.shutdownNow();
      try {
        sampler.awaitTermination(1, TimeUnit.SECONDS);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }
    return finish(host.sample(System.nanoTime()));
  }

  /** The record from the first sample to {@code last}. */
  synchronized ClientHostLoad finish(HostSample last) {
    if (result != null) {
      return result;
    }
    add(last);
    Double busy = null;
    Double steal = null;
    Double ours = null;
    Double others = null;
    if (first.host() != null && last.host() != null) {
      long total = last.host().total() - first.host().total();
      if (total > 0) {
        busy = share(last.host().busy() - first.host().busy(), total);
        steal = share(last.host().steal() - first.host().steal(), total);
        if (first.treeTicks() != null && last.treeTicks() != null) {
          ours = share(last.treeTicks() - first.treeTicks(), total);
          others = othersShare(first, last);
        }
      }
    }
    double seconds = Math.round((last.nanos() - first.nanos()) / 1e6) / 1e3;
    result = new ClientHostLoad(cpuModel, cores, effectiveCores, loadAverageStart, host.loadAverage(), seconds,
        busy, ours, others, steal, peakOthersShare);
    return result;
  }

  @Override
  public void close() {
    finish();
  }

  /**
   * Busy time less our tree's, as a share of every core's time between two complete samples. The
   * kernel counts the two differently (the machine's by ticks, a process's from its scheduled time),
   * so over a few seconds they disagree by a tick or two: never below 0.
   */
  private static Double othersShare(HostSample from, HostSample to) {
    long total = to.host().total() - from.host().total();
    if (total <= 0) {
      return null;
    }
    long ours = Math.max(0, to.treeTicks() - from.treeTicks());
    return share(Math.max(0, to.host().busy() - from.host().busy() - ours), total);
  }

  private static double share(long ticks, long total) {
    return Math.round(Math.max(0, ticks) * 10_000.0 / total) / 10_000.0;
  }
}
