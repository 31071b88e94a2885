package dev.ycsbmongo.orchestrator.connections;

import com.mongodb.ConnectionString;
import dev.ycsbmongo.binding.UriMasker;
import dev.ycsbmongo.orchestrator.plan.ConnectionKeys;
import dev.ycsbmongo.orchestrator.process.ChildJvm;
import dev.ycsbmongo.orchestrator.process.StopSignal;
import dev.ycsbmongo.orchestrator.results.ConnectionStressResult;
import java.io.IOException;
import java.net.InetAddress;
import java.net.NetworkInterface;
import java.net.SocketException;
import java.net.UnknownHostException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.HdrHistogram.Histogram;

/**
 * The connection stress of study 5: opens {@code connections.count} connections to each server of
 * a target (every host its URI lists, or the primary alone: {@code connections.to}) at a ramp rate
 * (each runs one isMaster), holds them all, then closes them, spread over worker JVMs and source
 * addresses by {@link ConnectionStressPlanner}. {@link #prepare} refuses, before
 * anything is opened, what cannot work; {@link #run} never throws for what the target or a worker
 * did: every failure becomes a cause in the result.
 */
public final class ConnectionStress {

  static final Duration PROGRESS_INTERVAL = Duration.ofMillis(500);
  /** A worker silent this long (no heartbeat) is killed and counted as died. */
  static final Duration SILENCE_LIMIT = Duration.ofSeconds(60);
  /** How long closing may take before a worker is destroyed. */
  static final Duration CLOSE_GRACE = Duration.ofSeconds(30);
  static final int SERVER_STATUS_TIMEOUT_MILLIS = 5_000;
  private static final Duration LISTENER_INTERVAL = Duration.ofSeconds(1);

  /**
   * How the connections may be spread; the defaults come from this machine's limits.
   *
   * @param sourceAddresses auto (default), none, or a list of local addresses
   * @param maxPerWorker most connections per worker JVM; null: what {@code ulimit -n} allows
   * @param maxPerSourceAddress most connections per source address; null: what the port range allows
   * @param maxInFlightPerWorker most connections of one worker connecting or awaiting their reply at once
   *     (default {@value #DEFAULT_MAX_IN_FLIGHT}); bounds the burst when the rate is 0
   */
  public record Options(SourceAddresses sourceAddresses, Integer maxPerWorker, Integer maxPerSourceAddress,
      int maxInFlightPerWorker) {

    public static final int DEFAULT_MAX_IN_FLIGHT = 100;

    public Options {
      if (sourceAddresses == null) {
        throw new IllegalArgumentException("source addresses: expected " + SourceAddresses.ACCEPTED);
      }
      if (maxPerWorker != null && maxPerWorker < 1) {
        throw new IllegalArgumentException("max connections per worker " + maxPerWorker + " is not >= 1");
      }
      if (maxPerSourceAddress != null && maxPerSourceAddress < 1) {
        throw new IllegalArgumentException("max connections per source address " + maxPerSourceAddress + " is not >= 1");
      }
      if (maxInFlightPerWorker < 1) {
        throw new IllegalArgumentException("max connections in flight per worker " + maxInFlightPerWorker
            + " is not >= 1");
      }
    }

    public static Options defaults() {
      return new Options(SourceAddresses.auto(), null, null, DEFAULT_MAX_IN_FLIGHT);
    }

    public Options withSourceAddresses(SourceAddresses s) {
      return new Options(s, maxPerWorker, maxPerSourceAddress, maxInFlightPerWorker);
    }

    public Options withMaxPerWorker(Integer n) {
      return new Options(sourceAddresses, n, maxPerSourceAddress, maxInFlightPerWorker);
    }

    public Options withMaxPerSourceAddress(Integer n) {
      return new Options(sourceAddresses, maxPerWorker, n, maxInFlightPerWorker);
    }

    public Options withMaxInFlightPerWorker(int n) {
      return new Options(sourceAddresses, maxPerWorker, maxPerSourceAddress, n);
    }
  }

  /** What a run tells its caller as it goes; called from the thread that called {@link #run}. */
  public interface Listener {
    /** About once a second while connections open: the sums over all workers so far. */
    void progress(long opened, long failed, Duration elapsed);

    /**
     * As {@link #progress(long, long, Duration)}, with the outlook: "about 40 s left", or "stalled: no
     * new connection for 30 s" when openings have stopped working.
     */
    default void progress(long opened, long failed, Duration elapsed, String outlook) {
      progress(opened, failed, elapsed);
    }

    /** Every attempt has ended and the server has been asked what it sees; the hold begins. */
    void holdStarted(Instant start);

    /** Something a person should know: the plan, a worker that died, a stray worker line. */
    void note(String message);

    static Listener silent() {
      return new Listener() {
        @Override
        public void progress(long opened, long failed, Duration elapsed) {
        }

        @Override
        public void holdStarted(Instant start) {
        }

        @Override
        public void note(String message) {
        }
      };
    }
  }

  private final String uri;
  private final ConnectionKeys.Settings settings;
  private final ConnectionPlan plan;
  private final ChildJvm jvm;
  private final BlockingQueue<WorkerProcess.Event> events = new LinkedBlockingQueue<>();
  /** The stop of the current {@link #run}; requested by the caller (Ctrl-C) or by an interrupt here. */
  private StopSignal stop = new StopSignal();
  /** When the current run started: where its timeline counts from when nothing was attempted. */
  private Instant startedAt = Instant.now();
  /** The last run's open latencies (µs) summed over its workers; null before a run or when none opened. */
  private Histogram openLatency;

  private ConnectionStress(String uri, ConnectionKeys.Settings settings, ConnectionPlan plan, ChildJvm jvm) {
    this.uri = uri;
    this.settings = settings;
    this.plan = plan;
    this.jvm = jvm;
  }

  /**
   * Checks the input and this machine's limits and plans the spread; opens no stress connection.
   * With {@code connections.to: primary} it asks the listed hosts which is the primary (hello).
   */
  public static ConnectionStress prepare(String uri, ConnectionKeys.Settings settings, Options options)
      throws ConnectionLimitException {
    checkSettings(settings);
    List<TargetHost> listed = targetHosts(uri);
    List<TargetHost> servers = settings.to() == ConnectionKeys.To.PRIMARY
        ? List.of(PrimaryFinder.find(uri, listed, SERVER_STATUS_TIMEOUT_MILLIS)) : listed;
    return new ConnectionStress(uri, settings, plan(settings, servers, options), ChildJvm.current());
  }

  /**
   * For {@code validate} and the plan's preflight: the one-line reason {@link #prepare} would
   * refuse for this machine's limits, if any. Contacts no server: which host is the primary is
   * asked when the phase starts, and any one host needs the same ports and files.
   */
  public static Optional<String> check(String uri, ConnectionKeys.Settings settings, Options options) {
    try {
      checkSettings(settings);
      List<TargetHost> listed = targetHosts(uri);
      plan(settings, settings.to() == ConnectionKeys.To.PRIMARY ? listed.subList(0, 1) : listed, options);
      return Optional.empty();
    } catch (ConnectionLimitException e) {
      return Optional.of(e.getMessage());
    }
  }

  private static ConnectionPlan plan(ConnectionKeys.Settings settings, List<TargetHost> servers, Options options)
      throws ConnectionLimitException {
    checkSourceAddresses(options.sourceAddresses(), servers);
    return ConnectionStressPlanner.plan(settings, servers, LocalLimits.ofThisMachine(), options);
  }

  /** Connections in all: {@code connections.count} x the servers connected to. */
  public int totalCount() {
    return plan.count();
  }

  /** "8,000 connections to each of 3 servers", "... to the primary (host:port)", "... to host:port". */
  public String describeCount() {
    return ConnectionStressResult.describeCount(plan.perServer(), plan.to().word(),
        plan.hosts().stream().map(TargetHost::label).toList(), " connections");
  }

  /**
   * The open latencies (connect + isMaster, µs) of the last {@link #run}, summed over its workers,
   * so that N clients' figures merge exactly; null before a run or when none opened.
   */
  Histogram openLatency() {
    return openLatency == null ? null : openLatency.copy();
  }

  /** How the connections are spread, in one line, for a person before the run starts. */
  public String describePlan() {
    String sources = plan.sourceAddresses().isEmpty() ? "source address chosen by the kernel"
        : plan.sourceAddresses().size() + " source address" + (plan.sourceAddresses().size() == 1 ? "" : "es") + " ("
            + abbreviate(plan.sourceAddresses()) + ")";
    String servers = plan.hosts().size() == 1 ? "" : String.format(Locale.ROOT, " (%,d in all: %s)", plan.count(),
        abbreviate(plan.hosts().stream().map(TargetHost::label).toList()));
    return String.format(Locale.ROOT, "%s%s from %d worker JVM%s, %s; %s", ConnectionStressResult.describeCount(
        plan.perServer(), plan.to().word(), plan.hosts().stream().map(TargetHost::label).toList(), " connections"),
        servers, plan.workers().size(),
        plan.workers().size() == 1 ? "" : "s", sources, plan.limits());
  }

  private static String abbreviate(List<String> items) {
    return items.size() <= 4 ? String.join(", ", items)
        : String.join(", ", items.subList(0, 3)) + ", ... " + items.get(items.size() - 1);
  }

  /** Opens, holds, closes; returns what was measured. Blocks until the workers have closed or been destroyed. */
  public ConnectionStressResult run(Listener listener) {
    return run(listener, new StopSignal());
  }

  /**
   * As {@link #run(Listener)}, ended early when {@code stop} is requested (Ctrl-C, the plan's interrupt):
   * the workers close and exit, and what was measured is returned, marked interrupted.
   */
  public ConnectionStressResult run(Listener listener, StopSignal stop) {
    this.stop = stop;
    // wakes the loop that waits for the workers' events
    try (StopSignal.Registration wake = stop.onRequest(r -> events.add(new WorkerProcess.Event(0, null, null, null,
        null)))) {
      return runUntilStopped(listener);
    }
  }

  private ConnectionStressResult runUntilStopped(Listener listener) {
    long startNanos = System.nanoTime();
    startedAt = Instant.now();
    listener.note(describePlan());
    Map<Integer, WorkerState> states = new TreeMap<>();
    for (WorkerAssignment a : plan.workers()) {
      WorkerState s = new WorkerState(a);
      states.put(a.worker(), s);
      if (stop.isRequested()) {
        s.died("not started: stopped before", listener);
        continue;
      }
      try {
        s.process = WorkerProcess.start(jvm, a, events);
      } catch (IOException e) {
        s.died("could not start (" + e.getMessage() + ")", listener);
      }
    }
    awaitAllOpened(states, listener, startNanos);
    ServerConnectionCounts.Counts seen = stop.isRequested() ? null
        : ServerConnectionCounts.query(uri, plan.hosts(), SERVER_STATUS_TIMEOUT_MILLIS);
    Instant holdStart = Instant.now();
    if (!stop.isRequested()) {
      listener.holdStarted(holdStart);
      hold(states, listener);
    }
    Instant holdEnd = Instant.now();
    closeAll(states, listener);
    return result(states, seen, holdStart, holdEnd);
  }

  private void awaitAllOpened(Map<Integer, WorkerState> states, Listener listener, long startNanos) {
    long lastReport = 0;
    long[] lastNew = {startNanos, 0};  // when the held count last rose, and to what
    while (!stop.isRequested() && !states.values().stream().allMatch(WorkerState::doneOpening)) {
      drain(states, listener, Duration.ofMillis(200));
      long now = System.nanoTime();
      if (now - lastReport >= LISTENER_INTERVAL.toNanos()) {
        reportProgress(states, listener, startNanos, now, lastNew);
        lastReport = now;
      }
    }
    reportProgress(states, listener, startNanos, System.nanoTime(), lastNew);
  }

  private void hold(Map<Integer, WorkerState> states, Listener listener) {
    long end = System.nanoTime() + settings.hold().toNanos();
    while (!stop.isRequested()) {
      long left = end - System.nanoTime();
      if (left <= 0) {
        return;
      }
      drain(states, listener, Duration.ofNanos(Math.min(left, Duration.ofMillis(200).toNanos())));
    }
  }

  private void closeAll(Map<Integer, WorkerState> states, Listener listener) {
    for (WorkerState s : states.values()) {
      if (s.process != null) {
        s.process.sendClose();
      }
    }
    long deadline = System.nanoTime() + CLOSE_GRACE.toNanos();
    while (states.values().stream().anyMatch(s -> s.process != null && !s.exited)
        && System.nanoTime() < deadline) {
      drain(states, listener, Duration.ofMillis(200));
    }
    for (WorkerState s : states.values()) {
      if (s.process != null) {
        s.process.awaitOrDestroy(Duration.ofSeconds(s.exited ? 5 : 0));
      }
      if (s.closed == null && s.deathCause == null && s.process != null) {
        s.died("did not close within " + CLOSE_GRACE.toSeconds() + " s and was destroyed", listener);
      }
    }
  }

  /** Applies every event that arrives within {@code wait}; kills workers that went silent. */
  private void drain(Map<Integer, WorkerState> states, Listener listener, Duration wait) {
    try {
      WorkerProcess.Event e = events.poll(wait.toNanos(), TimeUnit.NANOSECONDS);
      while (e != null) {
        WorkerState s = states.get(e.worker());
        if (s != null) {
          s.apply(e, listener);
          if (s.deathCause != null && !stop.isRequested()) {
            s.killedBeforeStop = true;
          }
        }
        e = events.poll();
      }
    } catch (InterruptedException ie) {
      Thread.currentThread().interrupt();
      stop.request(StopSignal.Reason.INTERRUPTED, "the connection stress's thread was interrupted");
    }
    long now = System.nanoTime();
    for (WorkerState s : states.values()) {
      if (s.process != null && !s.exited && s.deathCause == null && now - s.lastHeard > SILENCE_LIMIT.toNanos()) {
        s.process.destroyNow();
        s.died("silent for " + SILENCE_LIMIT.toSeconds() + " s and killed", listener);
        s.killedBeforeStop = true;
      }
    }
  }

  private void reportProgress(Map<Integer, WorkerState> states, Listener listener, long startNanos, long now,
      long[] lastNew) {
    long opened = 0;
    long failed = 0;
    for (WorkerState s : states.values()) {
      opened += s.openedSoFar();
      failed += s.failedSoFar();
    }
    if (opened > lastNew[1]) {
      lastNew[0] = now;
      lastNew[1] = opened;
    }
    listener.progress(opened, failed, Duration.ofNanos(now - startNanos), outlook(opened, failed, plan.count(),
        (now - startNanos) / 1e9, (now - lastNew[0]) / 1e9));
  }

  /** How long a stress may open nothing new before its progress says it stalled. */
  static final Duration STALL = Duration.ofSeconds(30);

  /**
   * The progress's outlook: "stalled: no new connection for 30 s" once nothing new has opened for
   * {@link #STALL} (the attempts still failing at the limit), else the time left at the rate the
   * attempts have ended so far; empty before there is a rate.
   */
  static String outlook(long opened, long failed, long total, double elapsedSeconds, double sinceNewSeconds) {
    long ended = opened + failed;
    if (ended >= total) {
      return "";
    }
    if (sinceNewSeconds >= STALL.toSeconds()) {
      return String.format(Locale.ROOT, "stalled: no new connection for %d s", (long) sinceNewSeconds);
    }
    if (ended == 0 || elapsedSeconds <= 0) {
      return "";
    }
    double left = (total - ended) / (ended / elapsedSeconds);
    return left < 1 ? "about 1 s left" : String.format(Locale.ROOT, "about %s left", roughDuration(left));
  }

  private static String roughDuration(double seconds) {
    long s = Math.round(seconds);
    return s < 120 ? s + " s" : s < 7200 ? Math.round(s / 60.0) + " min" : String.format(Locale.ROOT, "%.1f h",
        s / 3600.0);
  }

  private ConnectionStressResult result(Map<Integer, WorkerState> states, ServerConnectionCounts.Counts seen,
      Instant holdStart, Instant holdEnd) {
    long opened = 0;
    long dropped = 0;
    SortedMap<String, Long> failures = new TreeMap<>();
    Instant first = null;
    Instant last = null;
    Histogram latency = null;
    Long rssBefore = null;
    Long rssHeld = null;
    Long rssPeak = null;
    long growth = 0;
    long growthOpened = 0;
    Map<String, Long> openedByHost = new LinkedHashMap<>();
    plan.hosts().forEach(h -> openedByHost.put(h.label(), 0L));
    long peakHeld = 0;
    Instant lastOpen = null;
    Instant firstFailure = null;
    for (WorkerState s : states.values()) {
      WorkerProtocol.Opened o = s.opened;
      if (s.progress != null) {
        WorkerProtocol.Progress p = s.progress;
        peakHeld += p.peakOpened() == null ? p.opened() : p.peakOpened();
        lastOpen = max(lastOpen, p.lastOpen());
        firstFailure = min(firstFailure, p.firstFailure());
      }
      if (o == null && stop.isRequested() && s.progress != null && !s.killedBeforeStop) {
        // stopped while opening, and the worker went with the stop (a signal to the process group)
        // before its last report: what it held at its last report was held, not lost to a dead worker
        WorkerProtocol.Progress p = s.progress;
        opened += p.opened();
        if (p.openedByHost() != null) {
          p.openedByHost().forEach((k, v) -> openedByHost.merge(k, v, Long::sum));
        } else if (plan.hosts().size() == 1) {
          openedByHost.merge(plan.hosts().get(0).label(), p.opened(), Long::sum);
        }
        p.failures().forEach((k, v) -> failures.merge(k, v, Long::sum));
        long notTried = s.assignment.count() - p.opened() - p.failed();
        if (notTried > 0) {
          failures.merge(FailureCause.NOT_ATTEMPTED, notTried, Long::sum);
        }
        continue;
      }
      if (o == null) {
        // died (or was stopped) before every attempt ended: what it had opened closed with it
        s.lastProgressFailures().forEach((k, v) -> failures.merge(k, v, Long::sum));
        long unaccounted = s.assignment.count() - s.progressFailed();
        if (unaccounted > 0) {
          failures.merge(s.deathCause == null ? FailureCause.workerDied("stopped before every attempt ended")
              : FailureCause.workerDied(s.deathCause), unaccounted, Long::sum);
        }
        continue;
      }
      opened += o.opened();
      o.openedByHost().forEach((k, v) -> openedByHost.merge(k, v, Long::sum));
      o.failures().forEach((k, v) -> failures.merge(k, v, Long::sum));
      long notTried = s.assignment.count() - o.opened() - o.failed();
      if (notTried > 0) {
        // a stop cut the opening short: those attempts were never made
        failures.merge(FailureCause.NOT_ATTEMPTED, notTried, Long::sum);
      }
      if (s.closed != null) {
        dropped += s.closed.droppedWhileHeld();
      } else if (s.deathCause != null) {
        dropped += o.opened();
      }
      first = min(first, o.firstAttempt());
      last = max(last, o.lastOpen());
      lastOpen = max(lastOpen, o.lastOpen());
      if (o.latencyHistogram() != null) {
        Histogram h = WorkerProtocol.decode(o.latencyHistogram());
        if (latency == null) {
          latency = h;
        } else {
          latency.add(h);
        }
      }
      rssBefore = plus(rssBefore, o.rssBeforeBytes());
      rssHeld = plus(rssHeld, o.rssHeldBytes());
      if (o.rssBeforeBytes() != null && o.rssHeldBytes() != null) {
        growth += o.rssHeldBytes() - o.rssBeforeBytes();
        growthOpened += o.opened();
      }
      if (s.closed != null) {
        rssPeak = plus(rssPeak, s.closed.peakRssBytes());
      }
    }
    long failed = failures.values().stream().mapToLong(Long::longValue).sum();
    boolean anyOpened = opened > 0 && latency != null && latency.getTotalCount() > 0;
    Histogram lat = latency;
    openLatency = anyOpened ? lat : null;
    String seenNote = seen == null ? "not asked: the run was stopped before every attempt ended" : seen.note();
    return ConnectionStressResult.builder().requested(plan.count()).opened(opened).failed(failed)
        .failuresByCause(failures).seenByServer(seen == null ? null : seen.sum())
        .seenByServerByHost(seen == null ? Map.of() : seen.byHost()).seenByServerNote(seenNote)
        .openSeconds(first != null && last != null ? Duration.between(first, last).toNanos() / 1e9 : null)
        .openLatencyP50Millis(anyOpened ? lat.getValueAtPercentile(50) / 1000.0 : null)
        .openLatencyP99Millis(anyOpened ? lat.getValueAtPercentile(99) / 1000.0 : null)
        .openLatencyMaxMillis(anyOpened ? lat.getMaxValue() / 1000.0 : null)
        .holdStart(holdStart).holdEnd(holdEnd).holdSeconds(Duration.between(holdStart, holdEnd).toNanos() / 1e9)
        .droppedWhileHeld(states.values().stream().anyMatch(s -> s.opened != null) ? dropped : null)
        .workers(plan.workers().size()).sourceAddresses(plan.sourceAddresses())
        .targetHosts(plan.hosts().stream().map(TargetHost::label).toList())
        .clientRssBeforeBytes(rssBefore).clientRssHeldBytes(rssHeld).clientPeakRssBytes(rssPeak)
        .clientBytesPerConnection(growthOpened > 0 ? growth / growthOpened : null).limits(plan.limits())
        .interrupted(stop.isRequested()).countPerServer(plan.perServer()).to(plan.to().word())
        .openedByHost(openedByHost)
        .opening(failed == 0 && opened == plan.count() && !stop.isRequested() ? null
            : opening(peakHeld, first == null ? startedAt : first, lastOpen, firstFailure, failures))
        .build();
  }

  /** Where opening stopped; seconds from {@code origin} (the first attempt). */
  static ConnectionStressResult.Opening opening(long peakHeld, Instant origin, Instant lastOpen, Instant firstFailure,
      SortedMap<String, Long> failures) {
    return new ConnectionStressResult.Opening(peakHeld, seconds(origin, lastOpen), seconds(origin, firstFailure),
        limitCause(failures));
  }

  private static Double seconds(Instant origin, Instant t) {
    return t == null ? null : Math.max(0, Duration.between(origin, t).toMillis()) / 1000.0;
  }

  /**
   * The cause that stopped the opening, the measured limit: the most frequent of the server's (it
   * turned connections down), else the most frequent of this client's; never the attempts a stop
   * came before.
   */
  static String limitCause(SortedMap<String, Long> failures) {
    String best = null;
    long bestCount = 0;
    boolean bestByServer = false;
    for (Map.Entry<String, Long> e : failures.entrySet()) {
      if (e.getKey().equals(FailureCause.NOT_ATTEMPTED)) {
        continue;
      }
      boolean byServer = FailureCause.byServer(e.getKey());
      if (best == null || (byServer && !bestByServer) || (byServer == bestByServer && e.getValue() > bestCount)) {
        best = e.getKey();
        bestCount = e.getValue();
        bestByServer = byServer;
      }
    }
    return best;
  }

  private static Long plus(Long a, Long b) {
    return b == null ? a : a == null ? b : a + b;
  }

  private static Instant min(Instant a, Instant b) {
    return b == null ? a : a == null || b.isBefore(a) ? b : a;
  }

  private static Instant max(Instant a, Instant b) {
    return b == null ? a : a == null || b.isAfter(a) ? b : a;
  }

  /** What the coordinator knows of one worker. */
  private static final class WorkerState {
    final WorkerAssignment assignment;
    WorkerProcess process;
    WorkerProtocol.Progress progress;
    WorkerProtocol.Opened opened;
    WorkerProtocol.Closed closed;
    String deathCause;
    boolean exited;
    /** It died before any stop was requested: its connections went with it, whatever the stop did after. */
    boolean killedBeforeStop;
    long lastHeard = System.nanoTime();

    WorkerState(WorkerAssignment assignment) {
      this.assignment = assignment;
    }

    boolean doneOpening() {
      return opened != null || deathCause != null || exited;
    }

    long openedSoFar() {
      return opened != null ? opened.opened() : deathCause != null ? 0 : progress != null ? progress.opened() : 0;
    }

    long failedSoFar() {
      if (opened != null) {
        return opened.failed();
      }
      // a worker gone before the end of its attempts took its open connections with it
      return deathCause != null || exited ? assignment.count() : progressFailed();
    }

    long progressFailed() {
      return progress != null ? progress.failed() : 0;
    }

    Map<String, Long> lastProgressFailures() {
      return progress != null ? progress.failures() : Map.of();
    }

    void died(String why, Listener listener) {
      if (deathCause == null) {
        deathCause = why;
        listener.note("worker " + assignment.worker() + (process == null ? "" : " (pid " + process.pid() + ")") + " "
            + why);
      }
    }

    void apply(WorkerProcess.Event e, Listener listener) {
      lastHeard = System.nanoTime();
      if (e.exitCode() != null) {
        exited = true;
        if (closed == null) {
          died("exited with status " + e.exitCode() + (e.lastStderr() == null || e.lastStderr().isEmpty() ? ""
              : ": " + UriMasker.mask(e.lastStderr())), listener);
        }
        return;
      }
      if (e.strayLine() != null) {
        listener.note("worker " + assignment.worker() + ": " + UriMasker.mask(e.strayLine()));
        return;
      }
      WorkerProtocol.Message m = e.message();
      if (m instanceof WorkerProtocol.Progress p) {
        progress = p;
      } else if (m instanceof WorkerProtocol.Opened o) {
        opened = o;
      } else if (m instanceof WorkerProtocol.Closed c) {
        closed = c;
      } else if (m instanceof WorkerProtocol.Failed f) {
        died("failed: " + f.message(), listener);
      }
    }
  }

  // ---------------------------------------------------------------------------------------------
  // Input checks: everything prepare refuses, each in one line.
  // ---------------------------------------------------------------------------------------------

  private static void checkSettings(ConnectionKeys.Settings s) throws ConnectionLimitException {
    if (s.count() < 1) {
      throw new ConnectionLimitException(ConnectionKeys.COUNT + " " + s.count() + " is not a connection count >= 1");
    }
    if (!(s.ratePerSecond() >= 0) || Double.isInfinite(s.ratePerSecond())) {
      throw new ConnectionLimitException(ConnectionKeys.RATE + " " + s.ratePerSecond()
          + " is not a rate >= 0 (0: as fast as the target accepts)");
    }
    if (s.timeout().isZero() || s.timeout().isNegative()) {
      throw new ConnectionLimitException(ConnectionKeys.TIMEOUT + " must be above zero, such as 10s");
    }
    if (s.hold().isNegative()) {
      throw new ConnectionLimitException(ConnectionKeys.HOLD + " must not be negative");
    }
  }

  /** The URI's hosts, resolved once; refuses what plain TCP to listed hosts cannot serve. */
  static List<TargetHost> targetHosts(String uri) throws ConnectionLimitException {
    if (uri.strip().startsWith("mongodb+srv:")) {
      throw new ConnectionLimitException("connection stress needs the hosts listed: " + UriMasker.mask(uri)
          + " hides them behind a DNS SRV record; give mongodb://HOST1:PORT,HOST2:PORT,... instead");
    }
    ConnectionString cs;
    try {
      cs = new ConnectionString(uri);
    } catch (IllegalArgumentException e) {
      throw new ConnectionLimitException("connection string " + UriMasker.mask(uri) + " is not valid: "
          + UriMasker.mask(String.valueOf(e.getMessage())));
    }
    if (Boolean.TRUE.equals(cs.getSslEnabled())) {
      throw new ConnectionLimitException("connection stress opens plain TCP connections and cannot speak TLS, but "
          + UriMasker.mask(uri) + " asks for tls=true: stress a port that accepts plain connections, or leave TLS"
          + " targets out of connection stress");
    }
    List<TargetHost> hosts = new ArrayList<>();
    Map<String, String> seen = new HashMap<>();
    for (String hostPort : cs.getHosts()) {
      if (hostPort.endsWith(".sock")) {
        throw new ConnectionLimitException("connection stress needs TCP hosts, not the Unix socket " + hostPort);
      }
      TargetHost t = resolve(hostPort);
      String key = t.address() + ":" + t.port();
      String earlier = seen.putIfAbsent(key, hostPort);
      if (earlier != null) {
        throw new ConnectionLimitException("connection string lists " + key + " twice (" + earlier + " and "
            + hostPort + "): list each target host once");
      }
      hosts.add(t);
    }
    return hosts;
  }

  static TargetHost resolve(String hostPort) throws ConnectionLimitException {
    String name = hostPort;
    int port = 27017;
    if (hostPort.startsWith("[")) {
      int close = hostPort.indexOf(']');
      name = hostPort.substring(1, close);
      if (close + 1 < hostPort.length()) {
        port = Integer.parseInt(hostPort.substring(close + 2));
      }
    } else if (hostPort.indexOf(':') >= 0) {
      name = hostPort.substring(0, hostPort.lastIndexOf(':'));
      port = Integer.parseInt(hostPort.substring(hostPort.lastIndexOf(':') + 1));
    }
    try {
      return new TargetHost(name, port, InetAddress.getByName(name).getHostAddress());
    } catch (UnknownHostException e) {
      throw new ConnectionLimitException("target host " + name + " does not resolve (" + e.getMessage()
          + "): check the connection string's host list");
    }
  }

  private static void checkSourceAddresses(SourceAddresses s, List<TargetHost> hosts) throws ConnectionLimitException {
    if (s.mode() != SourceAddresses.Mode.LIST) {
      return;
    }
    boolean remoteTarget = hosts.stream().anyMatch(h -> !h.loopback());
    for (String a : s.addresses()) {
      InetAddress address;
      try {
        address = InetAddress.getByName(a);
      } catch (UnknownHostException e) {
        throw new ConnectionLimitException("source address " + a + " is not an IP address");
      }
      if (address.isLoopbackAddress()) {
        if (remoteTarget) {
          throw new ConnectionLimitException("source address " + a + " is a loopback address, but the target has"
              + " hosts off this machine that it cannot reach: give addresses of a network interface, or none");
        }
        continue;
      }
      try {
        if (NetworkInterface.getByInetAddress(address) == null) {
          throw new ConnectionLimitException("source address " + a + " is not an address of this machine (see ip"
              + " addr): give addresses of its interfaces, or none");
        }
      } catch (SocketException e) {
        throw new ConnectionLimitException("cannot list this machine's addresses to check source address " + a + ": "
            + e.getMessage());
      }
    }
  }
}
