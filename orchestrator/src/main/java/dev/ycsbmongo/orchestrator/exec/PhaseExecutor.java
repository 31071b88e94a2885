package dev.ycsbmongo.orchestrator.exec;

import dev.ycsbmongo.orchestrator.Causes;
import dev.ycsbmongo.binding.UriMasker;
import dev.ycsbmongo.orchestrator.plan.Acceptance;
import dev.ycsbmongo.orchestrator.plan.ConnectionKeys;
import dev.ycsbmongo.orchestrator.plan.Phase;
import dev.ycsbmongo.orchestrator.plan.PhaseKind;
import dev.ycsbmongo.orchestrator.plan.Plan;
import dev.ycsbmongo.orchestrator.plan.Target;
import dev.ycsbmongo.orchestrator.replset.ServerSettingsApplier;
import dev.ycsbmongo.orchestrator.results.AppliedSettings;
import dev.ycsbmongo.orchestrator.results.ClientHost;
import dev.ycsbmongo.orchestrator.results.PhaseMeasurements;
import dev.ycsbmongo.orchestrator.results.PhaseResult;
import dev.ycsbmongo.orchestrator.results.PhaseStatus;
import dev.ycsbmongo.orchestrator.results.ServerInfo;
import dev.ycsbmongo.orchestrator.results.ServerMetrics;
import dev.ycsbmongo.orchestrator.results.Stability;
import dev.ycsbmongo.orchestrator.results.YcsbOutput.IntervalCount;
import dev.ycsbmongo.orchestrator.results.ConnectionStressResult;
import dev.ycsbmongo.orchestrator.results.TargetRecord;
import dev.ycsbmongo.orchestrator.results.WindowStats;
import dev.ycsbmongo.orchestrator.results.YcsbOutput;
import dev.ycsbmongo.orchestrator.results.YcsbOutputException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;

/**
 * Runs one phase as a child JVM and turns what it left behind into a {@link PhaseResult}. It never
 * throws for anything the phase did: every failure becomes the record's status and cause.
 */
final class PhaseExecutor {

  /** Everything about the run that each phase's record repeats. */
  record Context(Plan plan, RunDirectory runDir, ClientHost client, Map<String, ServerInfo> servers,
      EmbeddedTargets uris, ChildJvm jvm, ServerSettingsApplier serverSettings) {
  }

  private final Context ctx;
  private volatile ChildProcess current;
  private final ConnectionPhase connections = new ConnectionPhase();
  private volatile boolean stopRequested;
  /** Set by the target watch: the current phase's target stopped answering, its child is ended. */
  private volatile boolean targetDown;
  /** What applying the current phase's server settings did: every record of that phase carries it. */
  private String settingsNote;

  PhaseExecutor(Context ctx) {
    this.ctx = ctx;
  }

  /** The connection string of a target for this run (secret). */
  String uri(String targetName) {
    return ctx.uris().uri(targetName);
  }

  /** Stops the running child, if any; the phase it ran is recorded as interrupted. */
  void stop() {
    stopRequested = true;
    ChildProcess c = current;
    if (c != null) {
      c.stop();
    }
    connections.stop();
  }

  PhaseResult execute(Phase phase, ProgressListener progress) {
    Instant start = Instant.now();
    Target target = ctx.plan().target(phase.target()).orElseThrow();
    String uri = ctx.uris().uri(target.name());
    ServerSettingsApplier.Outcome applied = ctx.serverSettings().prepare(target.name(), uri, phase.serverSettings());
    settingsNote = applied.note();
    if (applied.note() != null) {
      progress.note(phase.id() + ": " + applied.note());
    }
    switch (applied.action()) {
      case SKIP:
        return record(phase, start, Instant.now(), 0, new PhaseVerdict(PhaseStatus.SKIPPED, applied.note()), null, "",
            null);
      case FAIL:
        return record(phase, start, Instant.now(), 0, PhaseVerdict.failed(applied.note()), null, "", null);
      default:
        break;
    }
    List<String> secrets = UriMasker.passwords(uri);
    Path dir;
    try {
      dir = ctx.runDir().freshPhaseDir(phase);
    } catch (IOException e) {
      return record(phase, start, Instant.now(), 0, PhaseVerdict.failed("cannot create the phase directory: " + e.getMessage()),
          null, "", null);
    }
    String relDir = ctx.runDir().path().relativize(dir).toString();
    if (phase.kind() == PhaseKind.CONNECTIONS) {
      return executeConnections(phase, start, target, uri, dir, relDir, progress);
    }
    if (phase.kind() == PhaseKind.LOAD && phase.dropBeforeLoad()) {
      try {
        DataSets.drop(uri, phase);
      } catch (RuntimeException e) {
        return record(phase, start, Instant.now(), 0,
            PhaseVerdict.failed("cannot drop the collection before loading: " + Causes.rootMessage(e)),
            null, relDir, null);
      }
    }
    try (ConnectionFile conn = ConnectionFile.create(uri)) {
      YcsbCommand cmd = YcsbCommand.of(phase, dir, conn.path(), UriMasker.mask(uri), ctx.plan().settings().statusInterval(),
          ctx.jvm());
      writeCommand(dir, cmd);
      Files.createDirectories(dir.resolve(YcsbOutput.HDR_DIR));  // YCSB opens its logs there without creating it
      if (stopRequested) {
        return record(phase, start, Instant.now(), 0,
            new PhaseVerdict(PhaseStatus.INTERRUPTED, "interrupted before it started"), null, relDir, cmd.display());
      }
      ChildProcess.Outcome outcome;
      targetDown = false;
      ServerSampling sampling = ServerSampling.start(phase, uri, ctx.servers().get(target.name()), dir, relDir);
      TargetWatch watch = TargetWatch.start(uri, ctx.plan().settings().onTargetDown().downAfter(), this::abortForTarget);
      try (sampling; watch) {
        outcome = runChild(phase, cmd, dir, secrets, progress);
      }
      YcsbOutput.Logs logs = null;
      try {
        logs = YcsbOutput.logs(dir);
      } catch (YcsbOutputException e) {
        // a broken log: reading the measurements below reports it (after a missing export, as ever)
      }
      Window window = window(phase, logs);
      PhaseMeasurements m = null;
      String readError = null;
      try {
        m = logs == null ? YcsbOutput.read(dir, window.cut()) : YcsbOutput.read(dir, logs, window.cut());
      } catch (YcsbOutputException e) {
        readError = e.getMessage();
      }
      PhaseVerdict verdict = PhaseVerdict.of(phase, new PhaseVerdict.Evidence(outcome, m, readError, window.stability(),
          watch.down().orElse(null), lastOutputLine(dir)), ctx.plan().settings().acceptance());
      ServerMetrics server = sampling.metrics(null, null, m == null ? null : m.full(), EffectiveProperties.of(phase));
      Long loaded = null;
      if (verdict.status() == PhaseStatus.SUCCEEDED && phase.kind() == PhaseKind.LOAD && phase.verifyLoad()) {
        LoadCheck check = verifyLoad(uri, phase);
        loaded = check.count;
        verdict = check.verdict;
      }
      return record(phase, start, Instant.now(), outcome.elapsed().toMillis() / 1000.0, verdict, m, relDir, cmd.display(),
          loaded, server, null, window.stability());
    } catch (IOException | RuntimeException e) {
      return record(phase, start, Instant.now(), 0,
          PhaseVerdict.failed("cannot run YCSB: " + Causes.rootMessage(e)), null, relDir, null);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return record(phase, start, Instant.now(), 0, new PhaseVerdict(PhaseStatus.INTERRUPTED, "interrupted"), null, relDir,
          null);
    }
  }

  private PhaseResult executeConnections(Phase phase, Instant start, Target target, String uri, Path dir, String relDir,
      ProgressListener progress) {
    String display = ConnectionPhase.command(target.maskedUri(), ConnectionKeys.settings(phase.connectionSettings()));
    try {
      Files.writeString(dir.resolve(RunDirectory.COMMAND), "# the equivalent orchestrator command (connection string"
          + " masked)\n" + display + "\n", StandardCharsets.UTF_8);
    } catch (IOException e) {
      return record(phase, start, Instant.now(), 0, PhaseVerdict.failed("cannot write " + RunDirectory.COMMAND + ": "
          + e.getMessage()), null, relDir, display);
    }
    ConnectionPhase.Outcome o = connections.run(phase, uri, ctx.servers().get(target.name()), dir, relDir, progress);
    return record(phase, start, Instant.now(), o.elapsed().toMillis() / 1000.0, o.verdict(), null, relDir, display, null,
        o.server(), o.connections(), null);
  }

  private ChildProcess.Outcome runChild(Phase phase, YcsbCommand cmd, Path dir, List<String> secrets,
      ProgressListener progress) throws IOException, InterruptedException {
    OptionalLong expected = PhaseVerdict.expectedOperations(phase);
    OptionalLong max = EffectiveProperties.longValue(EffectiveProperties.of(phase), "maxexecutiontime");
    Long maxSeconds = max.isPresent() ? max.getAsLong() : null;
    long[] errors = {0};
    ChildProcess child = ChildProcess.start(cmd.argv(), dir, secrets, line -> {
      errors[0] += line.errorsInInterval();
      progress.status(phase, new ProgressListener.PhaseProgress(line.elapsedSeconds(), line.operations(),
          expected.isPresent() ? expected.getAsLong() : null, maxSeconds, line.currentOpsPerSec(), errors[0]));
    });
    current = child;
    if (stopRequested) {
      child.stop();
    } else if (targetDown) {
      child.abort();
    }
    try {
      return child.await(phase.timeout());
    } finally {
      current = null;
    }
  }

  /** The target watch found the target down: the child is ended; the verdict says why. */
  private void abortForTarget() {
    targetDown = true;
    ChildProcess c = current;
    if (c != null) {
      c.abort();
    }
  }

  /** Where a phase's steady window starts (see {@link SteadyState}) and how steady it was. */
  private record Window(Duration cut, Stability stability) {
  }

  private Window window(Phase phase, YcsbOutput.Logs logs) {
    Duration rampUp = ctx.plan().settings().rampUp();
    List<IntervalCount> intervals = logs == null ? List.of() : YcsbOutput.intervalCounts(logs);
    if (intervals.isEmpty()) {
      return new Window(rampUp, null);
    }
    Acceptance.SteadyStateRule rule = PhaseVerdict.judgedOnFigures(phase) ? ctx.plan().settings().acceptance().steadyState()
        : Acceptance.SteadyStateRule.FIXED;
    List<IntervalCount> whole = SteadyState.whole(intervals);
    int start = SteadyState.start(whole, rampUp.toMillis() / 1000.0, rule);
    Duration cut = start < whole.size() ? Duration.ofMillis(Math.round(whole.get(start).startSeconds() * 1000)) : rampUp;
    return new Window(cut.compareTo(rampUp) < 0 ? rampUp : cut, SteadyState.of(intervals, whole, start, rule));
  }

  /** The last non-blank line YCSB wrote to stdout (empty when all went well: its figures go to a file). */
  private static String lastOutputLine(Path dir) {
    Path out = dir.resolve(ChildProcess.STDOUT_FILE);
    try (var f = java.nio.channels.FileChannel.open(out)) {
      long size = f.size();
      int n = (int) Math.min(size, 4096);
      java.nio.ByteBuffer buf = java.nio.ByteBuffer.allocate(n);
      f.read(buf, size - n);
      String[] lines = new String(buf.array(), 0, buf.position(), StandardCharsets.UTF_8).split("\n");
      for (int i = lines.length - 1; i >= 0; i--) {
        if (!lines[i].isBlank()) {
          return lines[i].strip();
        }
      }
    } catch (IOException e) {
      // no stdout file: nothing to add to the cause
    }
    return null;
  }

  private record LoadCheck(Long count, PhaseVerdict verdict) {
  }

  private static LoadCheck verifyLoad(String uri, Phase phase) {
    OptionalLong expected = DataSets.expectedRecords(EffectiveProperties.of(phase));
    try {
      long count = DataSets.count(uri, phase);
      if (expected.isPresent() && count != expected.getAsLong()) {
        return new LoadCheck(count, PhaseVerdict.failed("load check: the collection holds " + count + " documents, expected "
            + expected.getAsLong()));
      }
      return new LoadCheck(count, PhaseVerdict.OK);
    } catch (RuntimeException e) {
      return new LoadCheck(null, PhaseVerdict.failed("load check: cannot count the documents: "
          + Causes.rootMessage(e)));
    }
  }

  private static void writeCommand(Path dir, YcsbCommand cmd) throws IOException {
    String text = "# the equivalent scripts/ycsb command (connection string masked)\n" + cmd.display() + "\n\n"
        + "# the exact child process (the connection string is in the -P file, deleted after the phase)\n"
        + ShellWords.join(cmd.argv()) + "\n";
    Files.writeString(dir.resolve(RunDirectory.COMMAND), text, StandardCharsets.UTF_8);
  }

  /** A record for a phase that never started because the load it reads did not succeed. */
  PhaseResult skipped(Phase phase, String cause) {
    settingsNote = null;
    Instant now = Instant.now();
    return record(phase, now, now, 0, new PhaseVerdict(PhaseStatus.SKIPPED, cause), null, "", null);
  }

  private PhaseResult record(Phase phase, Instant start, Instant end, double runtime, PhaseVerdict v, PhaseMeasurements m,
      String relDir, String command) {
    return record(phase, start, end, runtime, v, m, relDir, command, null, null, null, null);
  }

  private PhaseResult record(Phase phase, Instant start, Instant end, double runtime, PhaseVerdict v, PhaseMeasurements m,
      String relDir, String command, Long loaded, ServerMetrics server, ConnectionStressResult connections,
      Stability stability) {
    Target t = ctx.plan().target(phase.target()).orElseThrow();
    TargetRecord target = new TargetRecord(t.name(), t.maskedUri(), t.labels());
    WindowStats full = m == null ? null : m.full();
    return new PhaseResult(PhaseResult.SCHEMA_VERSION, ctx.plan().name(), ctx.runDir().runId(), phase.index(), phase.id(),
        phase.kind(), phase.scenario(), phase.coordinates(), phase.repetition(), phase.dataSet(), target,
        ctx.servers().get(t.name()), ctx.client(), command, EffectiveProperties.of(phase), start, end, runtime, v.status(), v.cause(),
        full == null ? null : full.throughputOpsPerSec(), m == null ? null : m.ycsbThroughputOpsPerSec(),
        full == null ? null : full.errorRate(), full, m == null ? null : m.steady(),
        m == null ? null : m.steadyAbsentReason(), ctx.plan().settings().rampUp().toMillis() / 1000.0, loaded, relDir,
        phase.serverSettings().isEmpty() ? null : new AppliedSettings(phase.serverSettings(), settingsNote), server,
        connections, stability);
  }
}
