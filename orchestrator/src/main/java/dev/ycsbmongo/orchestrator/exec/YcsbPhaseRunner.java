package dev.ycsbmongo.orchestrator.exec;

import dev.ycsbmongo.binding.UriMasker;
import dev.ycsbmongo.orchestrator.Causes;
import dev.ycsbmongo.orchestrator.OutputFiles;
import dev.ycsbmongo.orchestrator.host.ClientHostLoad;
import dev.ycsbmongo.orchestrator.host.HostWatch;
import dev.ycsbmongo.orchestrator.plan.Acceptance;
import dev.ycsbmongo.orchestrator.plan.Phase;
import dev.ycsbmongo.orchestrator.plan.PhaseKind;
import dev.ycsbmongo.orchestrator.plan.Target;
import dev.ycsbmongo.orchestrator.process.ConnectionFile;
import dev.ycsbmongo.orchestrator.process.ShellWords;
import dev.ycsbmongo.orchestrator.process.StopSignal;
import dev.ycsbmongo.orchestrator.results.PhaseMeasurements;
import dev.ycsbmongo.orchestrator.results.PhaseResult;
import dev.ycsbmongo.orchestrator.results.PhaseStatus;
import dev.ycsbmongo.orchestrator.results.RunDirectory;
import dev.ycsbmongo.orchestrator.results.ServerMetrics;
import dev.ycsbmongo.orchestrator.results.Stability;
import dev.ycsbmongo.orchestrator.results.YcsbOutput.IntervalCount;
import dev.ycsbmongo.orchestrator.results.YcsbOutput;
import dev.ycsbmongo.orchestrator.results.YcsbOutputException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * Runs a YCSB phase (load, warm-up, run) as one child JVM on this host, with the server sampler and
 * the target watch beside it, and turns what it left behind into the phase's record.
 */
final class YcsbPhaseRunner implements PhaseRunner {

  private final RunContext ctx;

  YcsbPhaseRunner(RunContext ctx) {
    this.ctx = ctx;
  }

  @Override
  public PhaseResult run(Cell cell) {
    Phase phase = cell.phase();
    String uri = cell.uri();
    Path dir = cell.dir();
    String relDir = cell.relDir();
    Target target = cell.target();
    Optional<PhaseResult> notDropped = dropBeforeLoad(cell);
    if (notDropped.isPresent()) {
      return notDropped.get();
    }
    try (ConnectionFile conn = ConnectionFile.create(uri)) {
      YcsbCommand cmd = YcsbCommand.of(phase, dir, conn.path(), UriMasker.mask(uri), ctx.plan().settings().statusInterval(),
          ctx.jvm());
      Acceptance acceptance = ctx.plan().settings().acceptance();
      LiveStop liveStop = LiveStop.applies(phase, acceptance) ? new LiveStop(CellPrecision.rule(acceptance,
          statusSeconds()), ctx.plan().settings().rampUp().toMillis() / 1000.0, acceptance.steadyState(),
          dir.resolve(LiveStop.FILE)) : null;
      if (liveStop != null) {
        Files.deleteIfExists(dir.resolve(LiveStop.FILE));  // a retried phase must not find the last attempt's
        cmd = cmd.withJvmOption(liveStop.jvmOption());
      }
      writeCommand(dir, cmd);
      Files.createDirectories(dir.resolve(YcsbOutput.HDR_DIR));  // YCSB opens its logs there without creating it
      if (cell.stop().isRequested()) {
        return cell.records().unmeasured(new PhaseVerdict(PhaseStatus.INTERRUPTED, "interrupted before it started"),
            relDir, cmd.display());
      }
      ChildProcess.Outcome outcome;
      ServerSampling sampling = ServerSampling.start(phase, uri, ctx.servers().get(target.name()), dir, relDir);
      TargetWatch watch = TargetWatch.start(uri, ctx.plan().settings().onTargetDown().downAfter(), 
          // the phase alone stops: its child is ended at once and the verdict says why (the watch's down())
          () -> cell.stop().request(StopSignal.Reason.TARGET_DOWN, "target " + target.name() + " stopped answering"));
      HostWatch hostWatch = ClientHostWatch.start(uri);
      if (liveStop != null) {
        liveStop.watch(LiveStop.hdrLogs(dir));
      }
      try (sampling; watch; hostWatch; liveStop) {
        outcome = runChild(phase, cmd, dir, UriMasker.passwords(uri), cell.progress(), cell.stop(),
            cell.records().parameters().maxExecutionTimeSeconds(),
            PhaseBound.of(phase, ctx.plan().settings().acceptance()).limit());
      }
      ClientHostLoad host = hostWatch.finish();
      YcsbOutput.Logs logs = null;
      try {
        logs = YcsbOutput.logs(dir);
      } catch (YcsbOutputException e) {
        // a broken log: reading the measurements below reports it (after a missing export, as ever)
      }
      Double stoppedAt = liveStop == null ? null : liveStop.stoppedAtSeconds();
      Window window = window(phase, dir, logs, stoppedAt);
      PhaseMeasurements m = null;
      String readError = null;
      try {
        m = logs == null ? YcsbOutput.read(dir, window.cut()) : YcsbOutput.read(dir, logs, window.cut(), window.until());
      } catch (YcsbOutputException e) {
        readError = e.getMessage();
      }
      Stability stability = window.stability();
      if (m != null && m.steady() != null && logs != null && PhaseVerdict.judgedOnFigures(phase)) {
        // the intervals and the precision judgement: docs/statistics.md, docs/verdicts.md
        double[] series = CellPrecision.steadySeries(window.whole(), window.start());
        m = new PhaseMeasurements(m.ycsbRuntimeMillis(), m.ycsbThroughputOpsPerSec(), m.full(),
            CellPrecision.withIntervals(m.steady(), series, YcsbOutput.windowHistograms(logs, window.cut(), window.until()),
                CellPrecision.seed(phase.id()), stoppedAt == null ? Double.NaN : acceptance.precisionTarget()), null);
        if (stability != null && acceptance.judgesPrecision()) {
          stability = stability.withPrecision(CellPrecision.judge(series, CellPrecision.rule(acceptance,
              statusSeconds()), stoppedAt));
        }
      }
      PhaseVerdict verdict = PhaseVerdict.of(phase, new PhaseVerdict.Evidence(outcome, m, readError, stability,
          watch.down().orElse(null), lastOutputLine(dir), host), ctx.plan().settings().acceptance());
      ServerMetrics server = sampling.metrics(null, null, m == null ? null : m.full(), phase.effectiveProperties());
      Long loaded = null;
      if (verdict.status() == PhaseStatus.SUCCEEDED && phase.kind() == PhaseKind.LOAD && phase.verifyLoad()) {
        LoadCheck check = verifyLoad(uri, phase);
        loaded = check.count;
        verdict = check.verdict;
      }
      return cell.records().measured(outcome.elapsed().toMillis() / 1000.0, verdict, m, relDir, cmd.display(),
          loaded, server, null, stability, null, host);
    } catch (IOException | RuntimeException e) {
      return cell.records().unmeasured(PhaseVerdict.failed("cannot run YCSB: " + Causes.rootMessage(e)), relDir, null);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return cell.records().unmeasured(new PhaseVerdict(PhaseStatus.INTERRUPTED, "interrupted"), relDir, null);
    }
  }


  private static ChildProcess.Outcome runChild(Phase phase, YcsbCommand cmd, Path dir, List<String> secrets,
      ProgressListener progress, StopSignal stop, Long maxSeconds, Duration bound)
      throws IOException, InterruptedException {
    OptionalLong expected = PhaseVerdict.expectedOperations(phase);
    long[] errors = {0};
    ChildProcess child = ChildProcess.start(cmd.argv(), dir, secrets, line -> {
      errors[0] += line.errorsInInterval();
      progress.status(phase, new ProgressListener.PhaseProgress(line.elapsedSeconds(), line.operations(),
          expected.isPresent() ? expected.getAsLong() : null, maxSeconds, line.currentOpsPerSec(), errors[0],
          line.measurements()));
    }, stop);
    return child.await(bound);
  }

  /**
   * Where a phase's steady window starts (see {@link SteadyState}) and how steady it was.
   *
   * @param whole the whole intervals the window was cut from; {@code start} the index it starts at
   * @param until where the window ends when the run was stopped once precise; null: the phase's end
   */
  private record Window(Duration cut, Stability stability, List<IntervalCount> whole, int start, Duration until) {
  }

  /** The status interval the child is asked for (what YcsbCommand passes): what one value of the series lasts. */
  private double statusSeconds() {
    return Math.max(1, ctx.plan().settings().statusInterval().toSeconds());
  }

  /** @param stoppedAt where the intervals a run stopped once precise was judged on end (null: not stopped) */
  private Window window(Phase phase, Path dir, YcsbOutput.Logs logs, Double stoppedAt) {
    Duration rampUp = ctx.plan().settings().rampUp();
    List<IntervalCount> intervals = logs == null ? List.of() : YcsbOutput.intervalCounts(logs);
    if (intervals.isEmpty()) {
      return new Window(rampUp, null, List.of(), 0, null);
    }
    Acceptance.SteadyStateRule rule = PhaseVerdict.judgedOnFigures(phase) ? ctx.plan().settings().acceptance().steadyState()
        : Acceptance.SteadyStateRule.FIXED;
    // a stopped run: the intervals the live check read, which it cut and judged as this does
    List<IntervalCount> whole = LiveStop.judged(SteadyState.whole(intervals), stoppedAt);
    int start = SteadyState.start(whole, rampUp.toMillis() / 1000.0, rule);
    Duration cut = start < whole.size() ? Duration.ofMillis(Math.round(whole.get(start).startSeconds() * 1000)) : rampUp;
    List<Stall> pauses = GcLog.stalls(GcLog.read(dir.resolve(GcLog.FILE)), YcsbOutput.firstStartMillis(logs), Stall.GC);
    return new Window(cut.compareTo(rampUp) < 0 ? rampUp : cut,
        SteadyState.of(intervals, whole, start, rule, statusSeconds(), pauses), whole, start,
        stoppedAt == null ? null : Duration.ofMillis(Math.round(stoppedAt * 1000)));
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

  /** A load drops its collection first (every runner's loads); the failed record when it cannot. */
  static Optional<PhaseResult> dropBeforeLoad(Cell cell) {
    Phase phase = cell.phase();
    if (phase.kind() == PhaseKind.LOAD && phase.dropBeforeLoad()) {
      try {
        DataSets.drop(cell.uri(), phase);
      } catch (RuntimeException e) {
        return Optional.of(cell.records().unmeasured(
            PhaseVerdict.failed("cannot drop the collection before loading: " + Causes.rootMessage(e)), cell.relDir(),
            null));
      }
    }
    return Optional.empty();
  }

  record LoadCheck(Long count, PhaseVerdict verdict) {
  }

  static LoadCheck verifyLoad(String uri, Phase phase) {
    OptionalLong expected = phase.counts().expectedRecords();
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

  static void writeCommand(Path dir, YcsbCommand cmd) throws IOException {
    String text = "# the equivalent scripts/ycsb command (connection string masked)\n" + cmd.display() + "\n\n"
        + "# the exact child process (the connection string is in the -P file, deleted after the phase)\n"
        + ShellWords.join(cmd.argv()) + "\n";
    OutputFiles.writeString(dir.resolve(RunDirectory.COMMAND), text);
  }
}
