package dev.ycsbmongo.orchestrator.exec;

import dev.ycsbmongo.orchestrator.OutputFiles;
import dev.ycsbmongo.orchestrator.check.PlanPreflight;
import dev.ycsbmongo.orchestrator.connections.ConnectionLimitException;
import dev.ycsbmongo.orchestrator.connections.ConnectionStress;
import dev.ycsbmongo.orchestrator.connections.ConnectionStressRun;
import dev.ycsbmongo.orchestrator.host.ClientHostLoad;
import dev.ycsbmongo.orchestrator.host.HostWatch;
import dev.ycsbmongo.orchestrator.plan.ConnectionKeys;
import dev.ycsbmongo.orchestrator.plan.Durations;
import dev.ycsbmongo.orchestrator.plan.ErrorRates;
import dev.ycsbmongo.orchestrator.plan.Phase;
import dev.ycsbmongo.orchestrator.process.ShellWords;
import dev.ycsbmongo.orchestrator.process.StopSignal;
import dev.ycsbmongo.orchestrator.results.ConnectionStressResult;
import dev.ycsbmongo.orchestrator.results.PhaseResult;
import dev.ycsbmongo.orchestrator.results.PhaseStatus;
import dev.ycsbmongo.orchestrator.results.RunDirectory;
import dev.ycsbmongo.orchestrator.results.ServerInfo;
import dev.ycsbmongo.orchestrator.results.ServerMetrics;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * A {@code kind: connections} phase (study 5): the connection stress instead of a YCSB child, with
 * the server sampler beside it, summarised over the hold (what "CPU and memory while holding them"
 * means). The phase fails when more connections failed than {@code execution.maxErrorRate} allows,
 * so a plan that probes a server's limit on purpose raises that limit.
 */
final class ConnectionPhase implements PhaseRunner {

  /** What the phase did: the verdict and the figures its record carries. */
  private record Outcome(PhaseVerdict verdict, ConnectionStressResult connections, ServerMetrics server,
      Duration elapsed) {
  }

  /** The cause of a cell skipped because this machine cannot hold it. */
  static final String NOT_RUN_HERE = "not run here (this machine's limits): ";

  private final RunContext ctx;

  ConnectionPhase(RunContext ctx) {
    this.ctx = ctx;
  }

  /** The orchestrator command that does the same as this phase, connection string masked. */
  static String command(String maskedUri, ConnectionKeys.Settings s) {
    return "scripts/orchestrator connections --uri " + ShellWords.quote(maskedUri) + " --count " + s.count()
        + " --rate " + trim(s.ratePerSecond()) + " --hold " + Durations.format(s.hold()) + " --timeout "
        + Durations.format(s.timeout()) + (s.to() == ConnectionKeys.DEFAULT_TO ? "" : " --to " + s.to().word());
  }

  @Override
  public PhaseResult run(Cell cell) {
    String display = command(cell.target().maskedUri(), cell.phase().connectionStress());
    try {
      OutputFiles.writeString(cell.dir().resolve(RunDirectory.COMMAND), "# the equivalent orchestrator command (connection"
          + " string masked)\n" + display + "\n");
    } catch (IOException e) {
      return cell.records().unmeasured(PhaseVerdict.failed("cannot write " + RunDirectory.COMMAND + ": "
          + e.getMessage()), cell.relDir(), display);
    }
    // a cell this machine cannot hold (validate and run listed it) is not tried: the plan's other cells run
    Optional<String> limit = PlanPreflight.connectionProblem(cell.phase(), cell.target());
    if (limit.isPresent()) {
      return cell.records().unmeasured(new PhaseVerdict(PhaseStatus.SKIPPED, NOT_RUN_HERE + limit.get()),
          cell.relDir(), display);
    }
    Outcome o;
    ClientHostLoad host;
    try (HostWatch hostWatch = ClientHostWatch.start(cell.uri())) {
      o = stress(cell.phase(), cell.uri(), ctx.servers().get(cell.target().name()), cell.dir(), cell.relDir(),
          cell.progress(), cell.stop());
      host = hostWatch.finish();
    }
    return cell.records().measured(o.elapsed().toMillis() / 1000.0, o.verdict(), null, cell.relDir(), display, null,
        o.server(), o.connections(), null, null, host);
  }

  private Outcome stress(Phase phase, String uri, ServerInfo server, Path dir, String relDir,
      ProgressListener progress, StopSignal stop) {
    long t0 = System.nanoTime();
    ConnectionStressRun stress;
    try {
      stress = ConnectionStressRun.prepare(uri, phase.connectionStress(), ConnectionStress.Options.defaults());
    } catch (ConnectionLimitException e) {
      return new Outcome(PhaseVerdict.failed(e.getMessage()), null, null, since(t0));
    }
    if (stop.isRequested()) {
      return new Outcome(new PhaseVerdict(PhaseStatus.INTERRUPTED, "interrupted before it started"), null, null,
          since(t0));
    }
    ConnectionStressResult result;
    ServerSampling sampling = ServerSampling.start(phase, uri, server, dir, relDir);
    try (sampling) {
      result = stress.run(listener(phase, stress, progress), stop).result();
    }
    ServerMetrics metrics = sampling.metrics(result.holdStart(), result.holdEnd(), null, Map.of());
    return new Outcome(verdict(phase, result, stop.isRequested()), result, metrics, since(t0));
  }

  /** The run's progress as the plan's progress shows a phase's: opened so far of all, per second, failed. */
  private static ConnectionStress.Listener listener(Phase phase, ConnectionStressRun stress,
      ProgressListener progress) {
    return new ConnectionStress.Listener() {
      private boolean stallNoted;

      @Override
      public void progress(long opened, long failed, Duration elapsed) {
        progress.status(phase, new ProgressListener.PhaseProgress(elapsed.toSeconds(), opened,
            (long) stress.totalCount(), null, elapsed.isZero() ? 0 : opened / (elapsed.toMillis() / 1000.0), failed));
      }

      @Override
      public void progress(long opened, long failed, Duration elapsed, String outlook) {
        progress(opened, failed, elapsed);
        // the status line's time left assumes openings go on: a stall is said once, when it starts
        boolean stalled = outlook.startsWith("stalled");
        if (stalled && !stallNoted) {
          progress.note(phase.id() + ": " + outlook + String.format(java.util.Locale.ROOT, " (%,d open, %,d failed)",
              opened, failed));
        }
        stallNoted = stalled;
      }

      @Override
      public void holdStarted(Instant at) {
        progress.note(phase.id() + ": holding " + stress.describeCount() + " for "
            + Durations.format(stress.settings().hold()));
      }

      @Override
      public void note(String message) {
        progress.note(phase.id() + ": " + message);
      }
    };
  }

  static PhaseVerdict verdict(Phase phase, ConnectionStressResult r, boolean stopped) {
    if (stopped) {
      return new PhaseVerdict(PhaseStatus.INTERRUPTED, "interrupted (Ctrl-C or SIGTERM) with " + r.opened() + " of "
          + r.requested() + " connections open" + (r.opening() == null ? "" : "; " + r.opening().describe(r.requested())));
    }
    // a connection the server dropped during the hold was not held: it counts against the cell like a failure
    long dropped = r.droppedWhileHeld() == null ? 0 : r.droppedWhileHeld();
    double failedShare = r.requested() == 0 ? 0 : (double) (r.failed() + dropped) / r.requested();
    if (r.opened() == 0 || failedShare > phase.maxErrorRate()) {
      return PhaseVerdict.failed(String.format(Locale.ROOT, "%,d of %,d connections failed%s (%.2f%%, limit %s,"
          + " execution.maxErrorRate): %s", r.failed(), r.requested(),
          dropped == 0 ? "" : String.format(Locale.ROOT, " and %,d were dropped while held", dropped), failedShare * 100,
          ErrorRates.format(phase.maxErrorRate()), causes(r.failuresByCause()))
          + (r.opening() == null ? "" : "; " + r.opening().describe(r.requested())));
    }
    return PhaseVerdict.OK;
  }

  static String causes(Map<String, Long> byCause) {
    return byCause.isEmpty() ? "no cause recorded" : byCause.entrySet().stream()
        .map(e -> e.getKey() + " x" + e.getValue()).collect(Collectors.joining(", "));
  }

  private static Duration since(long t0) {
    return Duration.ofNanos(System.nanoTime() - t0);
  }

  private static String trim(double v) {
    return v == Math.rint(v) ? Long.toString((long) v) : Double.toString(v);
  }
}
