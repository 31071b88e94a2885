package dev.ycsbmongo.orchestrator.exec;

import dev.ycsbmongo.orchestrator.plan.Durations;
import dev.ycsbmongo.orchestrator.plan.ErrorRates;
import dev.ycsbmongo.orchestrator.plan.Phase;
import dev.ycsbmongo.orchestrator.plan.PhaseKind;
import dev.ycsbmongo.orchestrator.results.OperationStats;
import dev.ycsbmongo.orchestrator.results.PhaseStatus;
import dev.ycsbmongo.orchestrator.results.WindowStats;
import java.util.Locale;
import java.util.Map;
import java.util.OptionalLong;
import java.util.stream.Collectors;

/**
 * Whether a finished phase succeeded. YCSB 0.17.0 exits 0 whatever happened, so the exit code is
 * only the first check: then the measurements must exist, the error rate stay under the limit,
 * and every requested operation must have run.
 */
record PhaseVerdict(PhaseStatus status, String cause) {

  static final PhaseVerdict OK = new PhaseVerdict(PhaseStatus.SUCCEEDED, null);

  static PhaseVerdict failed(String cause) {
    return new PhaseVerdict(PhaseStatus.FAILED, cause);
  }

  static PhaseVerdict of(Phase phase, ChildProcess.Outcome outcome, WindowStats full, String readError) {
    if (outcome.stopped()) {
      return new PhaseVerdict(PhaseStatus.INTERRUPTED, "interrupted (Ctrl-C or SIGTERM) after "
          + outcome.elapsed().toSeconds() + " s");
    }
    if (outcome.timedOut()) {
      return failed("timed out: still running after " + Durations.format(phase.timeout())
          + " (execution.phaseTimeout), killed");
    }
    if (outcome.exitCode() != 0) {
      String last = outcome.lastLines().isEmpty() ? "" : ": " + outcome.lastLines().get(outcome.lastLines().size() - 1);
      return failed("YCSB exited with status " + outcome.exitCode() + last);
    }
    if (full == null) {
      return failed("no measurements: " + readError);
    }
    long all = full.operations() + full.failedOperations();
    if (all == 0) {
      return failed("no operation ran" + lastLine(outcome));
    }
    if (full.errorRate() > phase.maxErrorRate()) {
      return failed(String.format(Locale.ROOT, "error rate %.2f%% over the %s limit (execution.maxErrorRate): %s",
          full.errorRate() * 100, ErrorRates.format(phase.maxErrorRate()), errorSummary(full)));
    }
    OptionalLong expected = expectedOperations(phase);
    if (expected.isPresent() && all < expected.getAsLong()) {
      return failed("YCSB ended after " + all + " of " + expected.getAsLong() + " operations" + lastLine(outcome));
    }
    return OK;
  }

  /**
   * Operations the phase must complete: the load's record count, or the run's operationcount
   * (none when maxexecutiontime may end the run first).
   */
  static OptionalLong expectedOperations(Phase phase) {
    Map<String, String> props = EffectiveProperties.of(phase);
    if (phase.kind() == PhaseKind.LOAD) {
      return DataSets.expectedRecords(props);  // a load cut short leaves a data set no run should read
    }
    if (props.containsKey("maxexecutiontime")) {
      return OptionalLong.empty();
    }
    return EffectiveProperties.longValue(props, "operationcount");
  }

  private static String errorSummary(WindowStats w) {
    return w.operationStats().stream().filter(o -> o.errors() > 0)
        .map(PhaseVerdict::errorsOf).collect(Collectors.joining(", "));
  }

  private static String errorsOf(OperationStats o) {
    return o.operation() + " " + o.errorsByStatus().entrySet().stream()
        .map(e -> e.getKey() + " x" + e.getValue()).collect(Collectors.joining(" "));
  }

  private static String lastLine(ChildProcess.Outcome outcome) {
    return outcome.lastLines().isEmpty() ? "" : " (last message: " + outcome.lastLines().get(outcome.lastLines().size() - 1) + ")";
  }
}
