package dev.ycsbmongo.orchestrator.exec;

import dev.ycsbmongo.orchestrator.host.ClientHostLoad;
import dev.ycsbmongo.orchestrator.host.HostBusyRule;
import dev.ycsbmongo.orchestrator.plan.Acceptance;
import dev.ycsbmongo.orchestrator.plan.Durations;
import dev.ycsbmongo.orchestrator.plan.ErrorRates;
import dev.ycsbmongo.orchestrator.plan.Phase;
import dev.ycsbmongo.orchestrator.plan.YcsbCounts;
import dev.ycsbmongo.orchestrator.process.HostLimits;
import dev.ycsbmongo.orchestrator.results.OperationStats;
import dev.ycsbmongo.orchestrator.results.PhaseMeasurements;
import dev.ycsbmongo.orchestrator.results.PhaseStatus;
import dev.ycsbmongo.orchestrator.results.Stability;
import dev.ycsbmongo.orchestrator.results.WindowStats;
import java.time.Duration;
import java.util.Locale;
import java.util.OptionalLong;
import java.util.stream.Collectors;

/**
 * Whether a finished YCSB phase succeeded: the one place where a verdict is decided. YCSB 0.17.0
 * exits 0 whatever happened, so the exit code is only the first check. A phase fails when its
 * target stopped answering, a client could not start its threads, it was ended at its bound
 * ({@link PhaseBound}: maxexecutiontime plus grace, else the phase timeout), YCSB failed, it left no measurements,
 * it stalled while it went on (throughput at zero, the client frozen, a GC pause: {@link Stall}),
 * its error rate exceeded the limit, it ended before its operations were done, or it overran its
 * {@code maxexecutiontime}. A measured cell must then show enough to state its figures (a steady
 * window of at least the minimum operations and length) and a mean throughput known to the plan's
 * precision, not drifting (else {@link PhaseStatus#UNSTABLE}). Every cause is one sentence a person understands.
 */
record PhaseVerdict(PhaseStatus status, String cause) {

  static final PhaseVerdict OK = new PhaseVerdict(PhaseStatus.SUCCEEDED, null);

  static PhaseVerdict failed(String cause) {
    return new PhaseVerdict(PhaseStatus.FAILED, cause);
  }

  /**
   * What one YCSB phase left behind.
   *
   * @param measurements null when YCSB exported none (then {@code readError} says why)
   * @param stability null when there were no interval logs to judge
   * @param targetDown the watch's finding when the target stopped answering during the phase, else null
   * @param lastOutputLine the last meaningful line of YCSB's stdout, where it reports some failures itself
   * @param host what the client host did during the phase, null when it was not watched (clients elsewhere)
   */
  record Evidence(ChildProcess.Outcome outcome, PhaseMeasurements measurements, String readError, Stability stability,
      TargetWatch.Down targetDown, String lastOutputLine, ClientHostLoad host) {

    /** Evidence of a phase whose client host was not watched. */
    Evidence(ChildProcess.Outcome outcome, PhaseMeasurements measurements, String readError, Stability stability,
        TargetWatch.Down targetDown, String lastOutputLine) {
      this(outcome, measurements, readError, stability, targetDown, lastOutputLine, null);
    }
  }

  static PhaseVerdict of(Phase phase, Evidence e, Acceptance acceptance) {
    return of(phase, e, acceptance, HostLimits.current());
  }

  /** @param host the machine whose thread limit a child that could not start its threads is told of */
  static PhaseVerdict of(Phase phase, Evidence e, Acceptance acceptance, HostLimits host) {
    ChildProcess.Outcome outcome = e.outcome();
    if (e.targetDown() != null) {
      return failed(e.targetDown().describe());
    }
    if (outcome.stopped()) {
      return new PhaseVerdict(PhaseStatus.INTERRUPTED, "interrupted (Ctrl-C or SIGTERM) after "
          + outcome.elapsed().toSeconds() + " s");
    }
    if (outcome.threadFailure() != null) {
      return failed(ThreadStartFailure.cause("client", outcome.threadFailure(), phase, host));
    }
    if (outcome.timedOut()) {
      return failed(PhaseBound.of(phase, acceptance).cause(phase, outcome.elapsed()));
    }
    if (outcome.exitCode() != 0) {
      // ended by a signal, YCSB's last line is whatever it was printing then: the signal is the cause
      if (ExitStatus.bySignal(outcome.exitCode())) {
        return failed("YCSB " + ExitStatus.describe(outcome.exitCode()));
      }
      String last = lastMessage(e);
      return failed("YCSB exited with status " + outcome.exitCode() + (last == null ? "" : ": " + last));
    }
    WindowStats full = e.measurements() == null ? null : e.measurements().full();
    if (full == null) {
      String last = lastMessage(e);
      return failed("no measurements: " + e.readError() + (last == null ? "" : "; YCSB's last message: " + last));
    }
    long all = full.operations() + full.failedOperations();
    if (all == 0) {
      return failed("no operation ran" + lastLine(e));
    }
    Stability s = e.stability();
    if (s != null && s.longestStallSeconds() >= acceptance.maxStall().toMillis() / 1000.0) {
      return failed(stalled(s, acceptance) + errorsSuffix(full));
    }
    if (full.errorRate() > phase.maxErrorRate()) {
      return failed(String.format(Locale.ROOT, "error rate %.2f%% over the %s limit (execution.maxErrorRate): %s",
          full.errorRate() * 100, ErrorRates.format(phase.maxErrorRate()), errorSummary(full)));
    }
    OptionalLong expected = expectedOperations(phase);
    if (expected.isPresent() && all < expected.getAsLong()) {
      return failed("YCSB ended after " + all + " of " + expected.getAsLong() + " operations" + lastLine(e));
    }
    OptionalLong maxSeconds = phase.counts().maxExecutionTimeSeconds();
    if (maxSeconds.isPresent() && maxSeconds.getAsLong() > 0) {
      Duration bound = Duration.ofSeconds(maxSeconds.getAsLong()).plus(acceptance.grace());
      if (outcome.elapsed().compareTo(bound) > 0) {
        return failed(String.format(Locale.ROOT, "ran %.1f s, past its %d s maxexecutiontime plus %s grace"
            + " (execution.acceptance.grace): operations were stuck", outcome.elapsed().toMillis() / 1000.0,
            maxSeconds.getAsLong(), Durations.format(acceptance.grace())));
      }
    }
    if (judgedOnFigures(phase)) {
      return onBusyHost(measuredCell(e.measurements(), s, acceptance), e.host(), acceptance);
    }
    return OK;
  }

  /**
   * A cell with figures to state (ok, or unstable) measured while other processes or the hypervisor took
   * more of the client host's cores than {@code execution.acceptance.hostBusy} allows is
   * {@link PhaseStatus#HOST_BUSY}: its figures describe the target and the neighbours together. Judged before
   * unstable, as a busy host is the likelier explanation of a wavering throughput; the unstable cause follows
   * it. A cell that failed stays failed.
   */
  static PhaseVerdict onBusyHost(PhaseVerdict v, ClientHostLoad host, Acceptance acceptance) {
    if (acceptance.hostBusy().off() || (v.status() != PhaseStatus.SUCCEEDED && v.status() != PhaseStatus.UNSTABLE)) {
      return v;
    }
    // a limit switched off is 100%: no share of the cores can pass it
    HostBusyRule rule = new HostBusyRule(Math.min(1, acceptance.hostBusy().maxOthersShare()),
        Math.min(1, acceptance.hostBusy().maxStealShare()));
    return rule.cause(host).map(c -> new PhaseVerdict(PhaseStatus.HOST_BUSY, c + " (execution.acceptance.hostBusy)"
        + (v.status() == PhaseStatus.UNSTABLE ? "; also unstable: " + v.cause() : ""))).orElse(v);
  }

  /** The stall's sentence, by what showed it ({@link Stall}). */
  private static String stalled(Stability s, Acceptance acceptance) {
    String limit = "limit " + Durations.format(acceptance.maxStall()) + ": execution.acceptance.maxStall";
    String cause = s.stallCause() == null ? Stall.NO_OPERATIONS : s.stallCause();
    if (cause.equals(Stall.NO_OPERATIONS)) {
      return String.format(Locale.ROOT, "throughput fell to 0 for %s s from %s s into the phase while it went on (%s)",
          num(s.longestStallSeconds()), num(s.stallStartSeconds()), limit);
    }
    String evidence = cause.startsWith("GC") ? "its GC log" : "no status interval closed for that long";
    return String.format(Locale.ROOT, "%s for %s s at %s s into the phase (%s; %s)", cause,
        num(s.longestStallSeconds()), num(s.stallStartSeconds()), evidence, limit);
  }

  /** Runs and the cells of load scenarios: their figures go into tables and comparisons. */
  static boolean judgedOnFigures(Phase phase) {
    return phase.judgedOnFigures();
  }

  private static PhaseVerdict measuredCell(PhaseMeasurements m, Stability s, Acceptance a) {
    WindowStats w = m.steady();
    if (w == null && a.minOperations() == 0 && a.minWindow().isZero()) {
      return OK;  // the plan asked for no minimum: the tables state the whole phase, marked (full)
    }
    if (w == null) {
      return failed("no steady window to state figures from: " + m.steadyAbsentReason()
          + "; lengthen the phase (maxexecutiontime or operationcount) or shorten execution.rampUp");
    }
    if (w.operations() < a.minOperations()) {
      return failed(String.format(Locale.ROOT, "only %,d successful operation%s in the %s s steady window (minimum"
          + " %,d: execution.acceptance.minOperations)", w.operations(), w.operations() == 1 ? "" : "s",
          num(w.durationSeconds()), a.minOperations()));
    }
    if (w.durationSeconds() + 1e-9 < a.minWindow().toMillis() / 1000.0) {
      return failed(String.format(Locale.ROOT, "steady window only %s s from %s s in (minimum %s:"
          + " execution.acceptance.minWindow); lengthen the phase (maxexecutiontime or operationcount)",
          num(w.durationSeconds()), num(w.startSeconds()), Durations.format(a.minWindow())));
    }
    if (s == null) {
      return OK;
    }
    if (s.rise() != null && s.rise() > a.maxRise()) {
      return new PhaseVerdict(PhaseStatus.UNSTABLE, String.format(Locale.ROOT, "throughput still rising %.0f%% over the"
          + " steady window (limit %s: execution.acceptance.maxRise): warm-up not over; lengthen the phase",
          s.rise() * 100, Acceptance.formatLimit(a.maxRise())));
    }
    return precision(s, a);
  }

  /**
   * Unstable when the window's mean is not known to the precision (docs/verdicts.md): too wide an interval,
   * drifting, or too correlated. The per-second spread (maxCv) no longer decides: a wide spread over a long
   * window still pins the mean down. A window shorter than the rule's minimum is judged only when the plan
   * asked for a precision: under the default, a short phase keeps the verdict it had before precision was judged.
   */
  private static PhaseVerdict precision(Stability s, Acceptance a) {
    dev.ycsbmongo.orchestrator.results.Precision p = s.precision();
    if (p == null || p.precise() || !a.judgesPrecision()) {
      return OK;
    }
    if (a.precision() == null && s.intervals() < a.precisionMinSeconds()) {
      return OK;
    }
    return new PhaseVerdict(PhaseStatus.UNSTABLE, p.reason() + " (execution.acceptance.precision"
        + (a.precision() == null ? ", default " + Acceptance.formatLimit(a.precisionTarget()) : "") + ")");
  }

  /**
   * Operations the phase must complete: the load's record count, or the run's operationcount
   * (none when maxexecutiontime may end the run first); typed at expansion ({@link YcsbCounts}).
   */
  static OptionalLong expectedOperations(Phase phase) {
    return phase.counts().expectedOperations();
  }

  private static String num(Double v) {
    if (v == null) {
      return "?";
    }
    return v == Math.rint(v) ? String.format(Locale.ROOT, "%.0f", v) : String.format(Locale.ROOT, "%.1f", v);
  }

  private static String errorsSuffix(WindowStats full) {
    return full.failedOperations() == 0 ? "" : "; errors: " + errorSummary(full);
  }

  private static String errorSummary(WindowStats w) {
    return w.operationStats().stream().filter(o -> o.errors() > 0)
        .map(PhaseVerdict::errorsOf).collect(Collectors.joining(", "));
  }

  private static String errorsOf(OperationStats o) {
    return o.operation() + " " + o.errorsByStatus().entrySet().stream()
        .map(e -> e.getKey() + " x" + e.getValue()).collect(Collectors.joining(" "));
  }

  /** YCSB's and the binding's routine stderr lines, which never explain a failure. */
  private static final java.util.List<String> ROUTINE = java.util.List.of("YCSB Client", "Loading workload",
      "Starting test", "Maximum execution time", "Maximum time elapsed", "Stop requested", "DBWrapper:",
      "[mongodb] client:", "[mongodb] pool summary", "Command line:");

  /**
   * What the child last said about a failure: its stdout (empty in a phase that went well, the
   * measurements go to a file, so anything there is YCSB reporting a problem), else its last
   * stderr line that is not routine.
   */
  private static String lastMessage(Evidence e) {
    if (e.lastOutputLine() != null && !e.lastOutputLine().isBlank()) {
      return e.lastOutputLine();
    }
    var lines = e.outcome().lastLines();
    for (int i = lines.size() - 1; i >= 0; i--) {
      String line = lines.get(i).strip();
      if (!line.isEmpty() && ROUTINE.stream().noneMatch(line::startsWith)) {
        return line;
      }
    }
    return null;
  }

  private static String lastLine(Evidence e) {
    String last = lastMessage(e);
    return last == null ? "" : " (last message: " + last + ")";
  }
}
