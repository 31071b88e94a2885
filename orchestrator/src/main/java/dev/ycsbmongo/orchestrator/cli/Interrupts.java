package dev.ycsbmongo.orchestrator.cli;

import dev.ycsbmongo.orchestrator.process.StopSignal;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import sun.misc.Signal;
import sun.misc.SignalHandler;

/**
 * Ctrl-C (SIGINT) and SIGTERM for a run, ready before any child starts. The JVM's own way (shutdown hooks) needs new
 * threads when the signal comes: one to handle it and one per hook; a run whose children have taken every thread the
 * host allows (a cgroup's {@code pids.max}) may get none, and the signal is lost. Here the thread that stops the run
 * is started now and parked until a signal; the handler (which the JVM still runs on a thread of its own, its only
 * need) only wakes it. No shutdown hook is involved: the run ends its usual way, its interrupted phase recorded and its
 * report written, and exits with 128 + the signal's number as shells expect (130 for Ctrl-C, 143 for SIGTERM).
 * Where the JVM refuses the handlers ({@code -Xrs}), a shutdown hook does the same as before.
 *
 * <p>The one thread the JVM still starts per signal cannot be avoided from Java (HotSpot runs every Java signal
 * handler on a new thread); when even that fails, the JVM warns on stderr and the signal is lost. Measured in a
 * cgroup-v1 group whose last pid another process took: the first SIGTERM was lost, the second after the pids were
 * freed stopped the run as usual.
 */
final class Interrupts implements AutoCloseable {

  static final String THREAD_NAME = "orchestrator-interrupt";
  private static final List<String> SIGNALS = List.of("INT", "TERM");

  private final StopSignal stop;
  private final Duration wait;
  private final AtomicInteger signal = new AtomicInteger();
  private final CountDownLatch arrived = new CountDownLatch(1);
  private final CountDownLatch finished = new CountDownLatch(1);
  private final Map<Signal, SignalHandler> previous = new LinkedHashMap<>();
  private final Thread worker;
  private Thread hook;

  private Interrupts(StopSignal stop, Duration wait) {
    this.stop = stop;
    this.wait = wait;
    this.worker = new Thread(this::work, THREAD_NAME);
    worker.setDaemon(true);
  }

  /**
   * Starts the stopping thread and installs the handlers.
   *
   * @param wait how long after a signal the run may take to record and report before the JVM exits regardless
   */
  static Interrupts install(StopSignal stop, Duration wait) {
    Interrupts i = new Interrupts(stop, wait);
    i.worker.start();
    try {
      for (String name : SIGNALS) {
        Signal s = new Signal(name);
        i.previous.put(s, Signal.handle(s, i::arrived));
      }
    } catch (IllegalArgumentException e) {
      i.restore();
      i.hook = new Thread(() -> {
        i.arrived(null);
        i.awaitFinished();
      }, THREAD_NAME + "-hook");
      Runtime.getRuntime().addShutdownHook(i.hook);
    }
    return i;
  }

  /** The handler: nothing but waking the thread started at install (and no allocation of a thread). */
  private void arrived(Signal s) {
    signal.compareAndSet(0, s == null ? -1 : s.getNumber());
    arrived.countDown();
  }

  private void work() {
    try {
      arrived.await();
    } catch (InterruptedException e) {
      return;  // closed before any signal
    }
    stop.request(StopSignal.Reason.INTERRUPTED, "Ctrl-C or SIGTERM");
    if (hook == null && !awaitFinished()) {
      System.exit(128 + signal.get());  // the run did not end in time: end as a signal would have
    }
  }

  private boolean awaitFinished() {
    try {
      return finished.await(wait.toMillis(), TimeUnit.MILLISECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return false;
    }
  }

  /** 128 + the number of the signal that stopped the run; empty when none did (or a shutdown hook took it). */
  OptionalInt exitStatus() {
    int n = signal.get();
    return n > 0 ? OptionalInt.of(128 + n) : OptionalInt.empty();
  }

  /** Whether the stopping thread is running (started at install, whatever comes later). */
  boolean ready() {
    return worker.isAlive();
  }

  /** The run has ended and recorded what it did: the handlers before it are back. */
  @Override
  public void close() {
    finished.countDown();
    restore();
    if (arrived.getCount() > 0) {
      worker.interrupt();
    }
    if (hook != null) {
      try {
        Runtime.getRuntime().removeShutdownHook(hook);
      } catch (IllegalStateException e) {
        // already shutting down (Ctrl-C): the hook is running and has been released
      }
    }
  }

  private void restore() {
    previous.forEach(Signal::handle);
    previous.clear();
  }
}
