package dev.ycsbmongo.orchestrator.exec;

import dev.ycsbmongo.binding.Keys;
import dev.ycsbmongo.binding.UriMasker;
import dev.ycsbmongo.orchestrator.Causes;
import dev.ycsbmongo.orchestrator.OutputFiles;
import dev.ycsbmongo.orchestrator.clients.CellMerger;
import dev.ycsbmongo.orchestrator.host.ClientHostLoad;
import dev.ycsbmongo.orchestrator.host.HostWatch;
import dev.ycsbmongo.orchestrator.clients.ClientOutput;
import dev.ycsbmongo.orchestrator.clients.FrameException;
import dev.ycsbmongo.orchestrator.clients.FrameReader;
import dev.ycsbmongo.orchestrator.clients.MergeException;
import dev.ycsbmongo.orchestrator.clients.MergedCell;
import dev.ycsbmongo.orchestrator.clients.OpInterval;
import dev.ycsbmongo.orchestrator.clients.WholeRun;
import dev.ycsbmongo.orchestrator.launch.ClientMain;
import dev.ycsbmongo.orchestrator.plan.Acceptance;
import dev.ycsbmongo.orchestrator.plan.Phase;
import dev.ycsbmongo.orchestrator.plan.PhaseKind;
import dev.ycsbmongo.orchestrator.plan.Target;
import dev.ycsbmongo.orchestrator.process.ConnectionFile;
import dev.ycsbmongo.orchestrator.process.ShellWords;
import dev.ycsbmongo.orchestrator.process.StopSignal;
import dev.ycsbmongo.orchestrator.results.ClientRowsFile;
import dev.ycsbmongo.orchestrator.results.PhaseClients;
import dev.ycsbmongo.orchestrator.results.PhaseMeasurements;
import dev.ycsbmongo.orchestrator.results.PhaseResult;
import dev.ycsbmongo.orchestrator.results.PhaseStatus;
import dev.ycsbmongo.orchestrator.results.RunDirectory;
import dev.ycsbmongo.orchestrator.results.ServerMetrics;
import dev.ycsbmongo.orchestrator.results.Stability;
import dev.ycsbmongo.orchestrator.results.WindowStats;
import dev.ycsbmongo.orchestrator.results.YcsbOutput.IntervalCount;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Runs a YCSB phase (load, warm-up, run) as N clients ({@code clients: N}, or any cell on the
 * Kubernetes backend): each client a plain YCSB run of its slice ({@code clients.ClientSlice}) that
 * writes its measurements as frames; the backend ({@link ClientBackend}) starts the clients and
 * hands their lines back, one {@link FrameReader} per client checks them, and the cell's figures are
 * merged exactly ({@link CellMerger}: histograms summed, never percentiles averaged). As with one
 * client, the server sampler and the target watch run beside it and one verdict decides the cell.
 *
 * <p>Two windows, as for one client: {@code full} is every client's whole run
 * ({@link WholeRun}: all operations, from the first client's start to the last one's end) and
 * {@code steady} is the common window (all clients measuring) from where the steady-state rule cuts
 * the warm-up, read on the cell's summed per-second series. The headline throughput is the steady
 * window's, the sum of per-client rates over whole intervals in which all clients ran.
 */
final class DistributedPhaseRunner implements PhaseRunner {

  private final RunContext ctx;
  private final Backends backends;

  /** Makes the backend of a phase: local child JVMs, or a Kubernetes Job. */
  interface Backends {
    ClientBackend of(Phase phase, Path connectionFile);
  }

  DistributedPhaseRunner(RunContext ctx, Backends backends) {
    this.ctx = ctx;
    this.backends = backends;
  }

  @Override
  public PhaseResult run(Cell cell) {
    Phase phase = cell.phase();
    String uri = cell.uri();
    Path dir = cell.dir();
    String relDir = cell.relDir();
    Target target = cell.target();
    int n = phase.clients();
    Optional<PhaseResult> notDropped = YcsbPhaseRunner.dropBeforeLoad(cell);
    if (notDropped.isPresent()) {
      return notDropped.get();
    }
    try (ConnectionFile conn = ConnectionFile.create(uri)) {
      ClientBackend backend = backends.of(phase, conn.path());
      List<String> args = clientArgs(phase, ctx.plan().settings().statusInterval());
      LiveStop liveStop = liveStop(phase, backend, dir);
      if (liveStop != null) {
        Files.deleteIfExists(dir.resolve(LiveStop.FILE));  // a retried phase must not find the last attempt's
        args = new ArrayList<>(args);
        args.addAll(List.of("-p", liveStop.property()));  // one file, every client stops on it
      }
      String display = YcsbCommand.display(phase, withoutThreads(phase), UriMasker.mask(uri))
          + "   # x " + n + " clients (" + backend.name() + "), each its slice";
      writeCommand(dir, "scripts/ycsb", display, args, backend, n);
      if (cell.stop().isRequested()) {
        return cell.records().unmeasured(new PhaseVerdict(PhaseStatus.INTERRUPTED, "interrupted before it started"),
            relDir, display);
      }
      Frames frames = new Frames(n);
      ClientBackend.Run run;
      ServerSampling sampling = ServerSampling.start(phase, uri, ctx.servers().get(target.name()), dir, relDir);
      TargetWatch watch = TargetWatch.start(uri, ctx.plan().settings().onTargetDown().downAfter(),
          () -> cell.stop().request(StopSignal.Reason.TARGET_DOWN, "target " + target.name() + " stopped answering"));
      Long maxSeconds = cell.records().parameters().maxExecutionTimeSeconds();
      OptionalLong expected = PhaseVerdict.expectedOperations(phase);
      long t0 = System.nanoTime();
      long launchedMillis = System.currentTimeMillis();
      // clients in pods run on other machines: this host's load says nothing about them
      HostWatch hostWatch = "local".equals(backend.name()) ? ClientHostWatch.start(uri) : null;
      if (liveStop != null) {
        liveStop.watch(frames::complete);
      }
      try (sampling; watch; hostWatch; liveStop) {
        run = backend.run(new ClientBackend.Launch(ClientMain.YCSB, n, phase.threads(), args, uri, dir,
            PhaseBound.of(phase, ctx.plan().settings().acceptance()).limit(), jobName(ctx, phase)), (client, line) -> {
              long ops = frames.accept(client, line);
              if (ops >= 0) {
                cell.progress().status(phase, new ProgressListener.PhaseProgress(
                    (System.nanoTime() - t0) / 1_000_000_000L, ops, expected.isPresent() ? expected.getAsLong() : null,
                    maxSeconds, frames.lastRate(), frames.errors()));
              }
            }, cell.stop());
      }
      ClientHostLoad host = hostWatch == null ? null : hostWatch.finish();
      long endedMillis = System.currentTimeMillis();
      long mergeStart = System.nanoTime();
      Merged merged = frames.problem() == null ? merge(phase, frames, dir,
          liveStop == null ? null : liveStop.stoppedAtSeconds()) : null;
      writeOverhead(dir, launchedMillis, endedMillis, (System.nanoTime() - mergeStart) / 1e9, merged);
      String readError = frames.problem() != null ? frames.problem() : merged.problem;
      PhaseMeasurements m = merged == null ? null : merged.measurements;
      Stability stability = merged == null ? null : merged.stability;
      PhaseVerdict verdict;
      if (run.failure().isPresent() && watch.down().isEmpty() && !run.stopped() && !run.timedOut()) {
        verdict = PhaseVerdict.failed(run.failure().get());
      } else {
        ChildProcess.Outcome outcome = new ChildProcess.Outcome(0, run.timedOut(), run.stopped(), run.elapsed(),
            List.of());
        verdict = PhaseVerdict.of(phase, new PhaseVerdict.Evidence(outcome, m, readError, stability,
            watch.down().orElse(null), null, host), ctx.plan().settings().acceptance());
      }
      if (run.cleanupProblem().isPresent()) {
        cell.progress().note(phase.id() + ": " + run.cleanupProblem().get());
      }
      ServerMetrics server = sampling.metrics(null, null, m == null ? null : m.full(), phase.effectiveProperties());
      Long loaded = null;
      if (verdict.status() == PhaseStatus.SUCCEEDED && phase.kind() == PhaseKind.LOAD && phase.verifyLoad()) {
        YcsbPhaseRunner.LoadCheck check = YcsbPhaseRunner.verifyLoad(uri, phase);
        loaded = check.count();
        verdict = check.verdict();
      }
      PhaseClients clients = merged == null || merged.window == null ? null : merged.window.toRecord(backend.name());
      if (clients != null) {
        ClientRowsFile.write(dir, clients);
      }
      return cell.records().measured(run.elapsed().toMillis() / 1000.0, verdict, m, relDir, display, loaded, server,
          null, stability, clients, host);
    } catch (IOException | RuntimeException e) {
      return cell.records().unmeasured(PhaseVerdict.failed("cannot run the clients: " + Causes.rootMessage(e)), relDir,
          null);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return cell.records().unmeasured(new PhaseVerdict(PhaseStatus.INTERRUPTED, "interrupted"), relDir, null);
    }
  }

  static final String OVERHEAD_FILE = "clients/overhead.txt";

  /**
   * What the orchestrator spent around the clients' measuring, in seconds: from launching them to
   * the first client's first interval (JVM or pod start, and the start barrier), from the last
   * client's last interval to having every line (exits, log collection), and the merge. BENCHMARKS.md
   * quotes it (bench/many-clients.sh).
   */
  private static void writeOverhead(Path dir, long launchedMillis, long endedMillis, double mergeSeconds, Merged m) {
    if (m == null || m.clients == null || m.clients.isEmpty()) {
      return;
    }
    long first = WholeRun.firstStart(m.clients);
    long last = m.clients.stream().flatMap(c -> c.intervals().stream()).mapToLong(i -> i.endMillis()).max().orElse(first);
    String text = String.format(Locale.ROOT, "start_s %.3f%ncollect_s %.3f%nmerge_s %.3f%nmeasured_s %.3f%n",
        (first - launchedMillis) / 1000.0, (endedMillis - last) / 1000.0, mergeSeconds, (last - first) / 1000.0);
    try {
      Files.createDirectories(dir.resolve(OVERHEAD_FILE).getParent());
      OutputFiles.writeString(dir.resolve(OVERHEAD_FILE), text);
    } catch (IOException e) {
      // a figure about the orchestrator, not the cell's: the cell's record does not depend on it
    }
  }

  /** The merged figures of a cell, or why they could not be merged. */
  private record Merged(PhaseMeasurements measurements, Stability stability, MergedCell window, String problem,
      List<ClientOutput> clients) {
  }

  /**
   * The cell's early stop, when it may stop once precise (as one client's: {@link LiveStop#applies}) and its
   * clients run on this host, where they can all watch one file; pods on Kubernetes run their budget out.
   */
  private LiveStop liveStop(Phase phase, ClientBackend backend, Path dir) {
    Acceptance a = ctx.plan().settings().acceptance();
    if (!"local".equals(backend.name()) || !LiveStop.applies(phase, a)) {
      return null;
    }
    return new LiveStop(CellPrecision.rule(a, Math.max(1, ctx.plan().settings().statusInterval().toSeconds())),
        ctx.plan().settings().rampUp().toMillis() / 1000.0, a.steadyState(), dir.resolve(LiveStop.FILE));
  }

  /** @param stoppedAt where the intervals a cell stopped once precise was judged on end (null: not stopped) */
  private Merged merge(Phase phase, Frames frames, Path dir, Double stoppedAt) {
    List<ClientOutput> outputs;
    try {
      outputs = frames.finish();
    } catch (FrameException e) {
      return new Merged(null, null, null, e.getMessage(), null);
    }
    if (outputs.stream().anyMatch(c -> c.intervals().isEmpty())) {
      return new Merged(null, null, null, "a client measured nothing: " + outputs.stream()
          .filter(c -> c.intervals().isEmpty()).findFirst().orElseThrow().describe() + " wrote no interval", null);
    }
    WindowStats full = WholeRun.stats(outputs);
    long t0 = WholeRun.firstStart(outputs);
    Duration rampUp = ctx.plan().settings().rampUp();
    List<IntervalCount> series = WholeRun.series(outputs);
    Acceptance.SteadyStateRule rule = PhaseVerdict.judgedOnFigures(phase) ? ctx.plan().settings().acceptance().steadyState()
        : Acceptance.SteadyStateRule.FIXED;
    // a stopped cell: the intervals the live check read, which it cut and judged as this does
    List<IntervalCount> whole = LiveStop.judged(SteadyState.whole(series), stoppedAt);
    int start = SteadyState.start(whole, rampUp.toMillis() / 1000.0, rule);
    double cutSeconds = start < whole.size() ? Math.max(whole.get(start).startSeconds(), rampUp.toMillis() / 1000.0)
        : rampUp.toMillis() / 1000.0;
    long step = WholeRun.step(outputs);
    long untilMillis = stoppedAt == null ? Long.MAX_VALUE : t0 + Math.round(stoppedAt * 1000);
    Stability stability = whole.isEmpty() ? null : SteadyState.of(series, whole, start, rule, step / 1000.0,
        freezes(outputs, t0, step, dir));
    long runtime = outputs.stream().mapToLong(c -> c.summary().runtimeMillis()).max().orElse(0);
    long runOps = full.operations() + full.failedOperations();
    Double ycsbThroughput = runtime > 0 ? runOps * 1000.0 / runtime : null;
    MergedCell window;
    try {
      window = CellMerger.merge(outputs, t0 + Math.round(cutSeconds * 1000), untilMillis);
    } catch (MergeException e) {
      // no common window after the cut: the cell keeps its whole-run figures, the verdict says why
      MergedCell all;
      try {
        all = CellMerger.merge(outputs);
      } catch (MergeException e2) {
        return new Merged(new PhaseMeasurements((double) runtime, ycsbThroughput, full, null, e2.getMessage()),
            stability, null, null, outputs);
      }
      return new Merged(new PhaseMeasurements((double) runtime, ycsbThroughput, full, null,
          String.format(Locale.ROOT, "no common window of all %d clients after the %.1f s ramp-up (%s)",
              outputs.size(), cutSeconds, e.getMessage())), stability, all, null, outputs);
    }
    WindowStats steady = window.toWindowStats(WindowStats.STEADY, (window.windowStartMillis() - t0) / 1000.0);
    if (PhaseVerdict.judgedOnFigures(phase)) {
      // the intervals and the precision judgement over the merged series (docs/statistics.md, docs/verdicts.md)
      Acceptance a = ctx.plan().settings().acceptance();
      double[] steadySeries = CellPrecision.steadySeries(whole, start);
      steady = CellPrecision.withIntervals(steady, steadySeries, mergedHistograms(outputs, window.windowStartMillis(),
          untilMillis, t0, step), CellPrecision.seed(phase.id()), stoppedAt == null ? Double.NaN : a.precisionTarget());
      if (stability != null && a.judgesPrecision()) {
        stability = stability.withPrecision(CellPrecision.judge(steadySeries, CellPrecision.rule(a, step / 1000.0),
            stoppedAt));
      }
    }
    return new Merged(new PhaseMeasurements((double) runtime, ycsbThroughput, full, steady, null), stability, window,
        null, outputs);
  }

  /**
   * Per operation, the clients' interval histograms from {@code fromMillis} on (and ending by {@code untilMillis}),
   * those closing in the same status interval merged into one (the cell's interval), in time order.
   */
  private static Map<String, List<org.HdrHistogram.Histogram>> mergedHistograms(List<ClientOutput> outputs,
      long fromMillis, long untilMillis, long t0, long step) {
    Map<String, java.util.TreeMap<Long, org.HdrHistogram.Histogram>> byOp = new java.util.LinkedHashMap<>();
    for (ClientOutput c : outputs) {
      for (var i : c.intervals()) {
        if (i.startMillis() >= fromMillis && i.endMillis() <= untilMillis && i.count() > 0) {
          byOp.computeIfAbsent(i.operation(), k -> new java.util.TreeMap<>())
              .computeIfAbsent(Math.round((i.endMillis() - t0) / (double) step), k -> new org.HdrHistogram.Histogram(3))
              .add(i.histogram());
        }
      }
    }
    Map<String, List<org.HdrHistogram.Histogram>> out = new java.util.LinkedHashMap<>();
    byOp.forEach((op, m) -> out.put(op, List.copyOf(m.values())));
    return out;
  }

  /**
   * The clients' freezes from their own frames, and their GC logs' long pauses (local clients write
   * them in the phase directory; a Kubernetes pod's stays in the pod).
   */
  private static List<Stall> freezes(List<ClientOutput> outputs, long t0, long step, Path dir) {
    List<Stall> out = new java.util.ArrayList<>();
    WholeRun.freezes(outputs, step, Math.round(Stall.SHORTEST_NAMED_SECONDS * 1000)).forEach(f -> out.add(
        new Stall(f.millis() / 1000.0, (f.startMillis() - t0) / 1000.0, "client " + f.client() + " froze")));
    for (ClientOutput c : outputs) {
      out.addAll(GcLog.stalls(GcLog.read(LocalClients.gcLog(dir, c.client())), t0, "GC paused client " + c.client()));
    }
    return out;
  }

  /** One frame reader per client, fed from the backend's threads; counts what the interval frames say so far. */
  static final class Frames {
    private final FrameReader[] readers;
    private final AtomicReference<String> problem = new AtomicReference<>();
    private final long[] seenOps;
    private final long[] seenErrors;
    private long operations;
    private long errors;
    private long rateSinceNanos = System.nanoTime();
    private long rateSinceOps;
    private double rate;

    Frames(int n) {
      readers = new FrameReader[n];
      seenOps = new long[n];
      seenErrors = new long[n];
      for (int i = 0; i < n; i++) {
        readers[i] = new FrameReader("client " + i);
      }
    }

    /** Takes a line; the cell's operations so far when the line added some, else -1. */
    synchronized long accept(int client, String line) {
      if (client < 0 || client >= readers.length) {
        problem.compareAndSet(null, "output of client " + client + ", but the cell has " + readers.length);
        return -1;
      }
      FrameReader r = readers[client];
      try {
        r.accept(line);
      } catch (FrameException e) {
        problem.compareAndSet(null, e.getMessage());
        return -1;
      }
      long ops = r.operations();
      errors += r.errors() - seenErrors[client];
      seenErrors[client] = r.errors();
      if (ops == seenOps[client]) {
        return -1;
      }
      operations += ops - seenOps[client];
      seenOps[client] = ops;
      long now = System.nanoTime();
      if (now - rateSinceNanos >= 1_000_000_000L) {
        rate = (operations - rateSinceOps) * 1e9 / (now - rateSinceNanos);
        rateSinceNanos = now;
        rateSinceOps = operations;
      }
      return operations;
    }

    /** Operations per second over the last second or so of frames; 0 before the first second. */
    synchronized double lastRate() {
      return rate;
    }

    synchronized long errors() {
      return errors;
    }

    String problem() {
      return problem.get();
    }

    /**
     * The cell's series so far ({@link WholeRun#series}, after {@link SteadyState#wholeSoFar}) as far as every client's
     * every operation has reported: a prefix of the series the record is judged on. Empty until every client has
     * measured an interval (second 0 of the cell is the first client's first start).
     */
    List<IntervalCount> complete() {
      List<List<OpInterval>> byClient = new ArrayList<>();
      synchronized (this) {  // the lines go on arriving while the series is computed from this copy
        for (FrameReader r : readers) {
          byClient.add(r.intervalsSoFar());
        }
      }
      long known = Long.MAX_VALUE;
      for (List<OpInterval> intervals : byClient) {
        if (intervals.isEmpty()) {
          return List.of();
        }
        Map<String, Long> lastEnd = new java.util.HashMap<>();
        intervals.forEach(i -> lastEnd.merge(i.operation(), i.endMillis(), Math::max));
        known = Math.min(known, java.util.Collections.min(lastEnd.values()));
      }
      long t0 = byClient.stream().flatMap(List::stream).mapToLong(OpInterval::startMillis).min().orElseThrow();
      double knownSeconds = (known - t0) / 1000.0;
      return SteadyState.wholeSoFar(WholeRun.series(byClient, WholeRun.step(byClient.get(0)))).stream()
          .filter(c -> c.endSeconds() <= knownSeconds + 1e-9).toList();
    }

    synchronized List<ClientOutput> finish() throws FrameException {
      List<ClientOutput> out = new ArrayList<>();
      for (int i = 0; i < readers.length; i++) {
        out.add(readers[i].finish(i));
      }
      return out;
    }
  }

  /** The arguments every client gets after its mode: the phase's effective YCSB properties, each as {@code -p}. */
  static List<String> clientArgs(Phase phase, Duration statusInterval) {
    Map<String, String> props = new TreeMap<>(phase.effectiveProperties());
    props.put("status.interval", Long.toString(Math.max(1, statusInterval.toSeconds())));
    return YcsbCommand.ycsbArgs(phase, List.of(), props);
  }

  private static Map<String, String> withoutThreads(Phase phase) {
    Map<String, String> props = new TreeMap<>(phase.ycsbProperties());
    props.remove(Keys.THREAD_COUNT);
    return props;
  }

  /** A Kubernetes Job name for this phase: unique to the run and the phase, a DNS label of at most 52 characters. */
  static String jobName(RunContext ctx, Phase phase) {
    String run = ctx.runDir().runId().toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9]+", "-")
        .replaceAll("^-+|-+$", "");
    String suffix = "-" + phase.index();
    String base = "ycsb-" + run;
    if (base.length() + suffix.length() > 52) {
      base = base.substring(0, 52 - suffix.length()).replaceAll("-+$", "");
    }
    return base + suffix;
  }

  /**
   * The phase's command file for N clients: the equivalent command ({@code tool}: {@code scripts/ycsb} or the
   * orchestrator's {@code connections}) and the arguments every client gets.
   */
  static void writeCommand(Path dir, String tool, String display, List<String> args, ClientBackend backend, int n)
      throws IOException {
    String text = "# the equivalent " + tool + " command (connection string masked), run as " + n + " clients ("
        + backend.name() + ")\n" + display + "\n\n"
        + "# each client's arguments after ClientMain's mode (each adds its client.index, client.count and"
        + " client.start; the connection string is in a -P file or a Kubernetes Secret)\n" + ShellWords.join(args)
        + "\n";
    OutputFiles.writeString(dir.resolve(RunDirectory.COMMAND), text);
  }
}
