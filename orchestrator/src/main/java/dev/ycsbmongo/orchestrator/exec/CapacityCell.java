package dev.ycsbmongo.orchestrator.exec;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.ycsbmongo.orchestrator.capacity.CapacitySearch;
import dev.ycsbmongo.orchestrator.capacity.CapacitySpec;
import dev.ycsbmongo.orchestrator.capacity.StepFigures;
import dev.ycsbmongo.orchestrator.capacity.StepVerdict;
import dev.ycsbmongo.orchestrator.capacity.ThreadSizing;
import dev.ycsbmongo.orchestrator.plan.Phase;
import dev.ycsbmongo.orchestrator.plan.PhaseSettings;
import dev.ycsbmongo.orchestrator.results.IntendedLatency;
import dev.ycsbmongo.orchestrator.results.PhaseResult;
import dev.ycsbmongo.orchestrator.results.PhaseStatus;
import dev.ycsbmongo.orchestrator.results.WindowStats;
import dev.ycsbmongo.orchestrator.results.YcsbOutputException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.OptionalDouble;

/**
 * A run cell that asks for a capacity search ({@code capacity.slo} among its properties): the steps the search
 * names cannot be part of the expanded matrix (each depends on the last), so this runs them here, each as a phase
 * of its own ({@code <cell id>/offered=<rate>}, the rate also a coordinate) through the same executor as any
 * phase, appended to {@code results.jsonl} as it ends. Each step runs open loop: YCSB's {@code -target} (the
 * {@code target} property, which YCSB splits over its threads) with {@code measurement.interval=both}, so its
 * intended-time latency counts queueing behind a slow server. What the search found, and every step's verdict,
 * go to {@code capacity.jsonl} in the run directory, which the report reads; the cell's own record is the step at
 * the capacity under the cell's id (so tables show the figures there), or, when no rate passed, a failed record.
 *
 * <p>An interrupted search is not resumed step by step: the cell has no record until its search ends, so
 * {@code --resume} runs its search again from the start.
 */
final class CapacityCell {

  /** The file of search records in the run directory, one JSON object a line. */
  static final String FILE = "capacity.jsonl";
  /**
   * The first rate offered, as a share of a closed-loop probe's throughput (one step's time at the cell's threads):
   * open loop at the closed-loop rate sits at the knee, where the intended latency is already climbing, so the
   * first step starts 20% below it and usually passes; the doubling after it brackets the capacity at once.
   */
  static final double FIRST_FROM_PROBE = 0.8;

  /** Appends a record to results.jsonl, numbered as the next attempt at its phase. */
  interface Appender {
    PhaseResult append(PhaseResult r) throws IOException;
  }

  private static final ObjectMapper JSON = new ObjectMapper();

  private final PhaseExecutor executor;
  private final Path runDir;
  private final ProgressListener progress;
  private final Appender appender;

  CapacityCell(PhaseExecutor executor, Path runDir, ProgressListener progress, Appender appender) {
    this.executor = executor;
    this.runDir = runDir;
    this.progress = progress;
    this.appender = appender;
  }

  static boolean isCapacity(Phase phase) {
    return phase.kind() == dev.ycsbmongo.orchestrator.plan.PhaseKind.RUN && CapacitySpec.requested(phase.properties());
  }

  /** Runs the cell's search; returns the cell's own record (not yet appended). */
  PhaseResult run(Phase cell) throws IOException {
    Instant start = Instant.now();
    CapacitySpec spec;
    try {
      spec = CapacitySpec.of(cell.properties());
    } catch (IllegalArgumentException e) {
      return failed(cell, e.getMessage());
    }
    if (cell.clients() > 1) {
      return failed(cell, "a capacity search runs with one client process for now (clients: " + cell.clients()
          + "); set capacity.threads instead");
    }
    double first;
    if (spec.start().isPresent()) {
      first = spec.start().getAsDouble();
    } else {
      PhaseResult probe = appender.append(executor.execute(step(cell, spec, "probe", OptionalDouble.empty(),
          cell.threads(), spec.step()),
          progress));
      WindowStats w = probe.tableWindow();
      if (w == null || !(w.throughputOpsPerSec() > 0)) {
        String cause = "the closed-loop probe measured no throughput (" + probe.cause() + "); set capacity.start";
        writeSummary(cell, new CapacitySearch(spec, 1), spec, null,
            Duration.between(start, Instant.now()).toMillis() / 1000.0, "no search: " + cause);
        return failed(cell, cause);
      }
      first = w.throughputOpsPerSec() * FIRST_FROM_PROBE;
      progress.note(cell.id() + ": closed-loop probe " + Math.round(w.throughputOpsPerSec()) + " ops/s with "
          + cell.threads() + " threads; first offered rate " + Math.round(first) + " ops/s");
    }
    CapacitySearch search = new CapacitySearch(spec, first);
    PhaseResult atCapacity = null;
    String stepProblem = null;
    for (OptionalDouble next = search.next(); next.isPresent(); next = search.next()) {
      double rate = Math.rint(next.getAsDouble());
      int threads = ThreadSizing.perClient(spec, rate, 1);
      PhaseResult r = appender.append(executor.execute(step(cell, spec, "offered=" + (long) rate,
          OptionalDouble.of(rate), threads, spec.step()), progress));
      StepFigures figures;
      try {
        figures = figures(r, rate, threads, spec);
      } catch (YcsbOutputException | RuntimeException e) {
        stepProblem = r.phaseId() + " gave no figures (" + (r.cause() != null ? r.cause() : e.getMessage()) + ")";
        break;
      }
      StepVerdict verdict = search.record(figures);
      if (verdict.passed() && search.capacity().orElse(-1) == rate) {
        atCapacity = r;
      }
      writeStep(cell, search.steps().size(), r, figures, verdict, spec);
      progress.note(r.phaseId() + ": " + verdict.reason());
    }
    double seconds = Duration.between(start, Instant.now()).toMillis() / 1000.0;
    String summary = summary(search, spec, stepProblem);
    writeSummary(cell, search, spec, atCapacity, seconds, summary);
    progress.note(cell.id() + ": " + summary);
    if (atCapacity == null || stepProblem != null) {
      return failed(cell, summary);
    }
    return atCapacity.toBuilder().phaseId(cell.id()).coordinates(cell.coordinates()).index(cell.index())
        .status(PhaseStatus.SUCCEEDED).cause(null).attempt(0).replacesAttempt(null).build();
  }

  static String summary(CapacitySearch search, CapacitySpec spec, String stepProblem) {
    String bound = spec.percentileLabel() + " <= " + CapacitySpec.millis(spec.sloMicros());
    String found = search.capacity().isPresent()
        ? String.format(Locale.ROOT, "capacity %.0f ops/s within %s", search.capacity().getAsDouble(), bound)
        : "no offered rate met " + bound;
    String how = switch (search.ending() == null ? CapacitySearch.Ending.STEP_LIMIT : search.ending()) {
      case CONVERGED -> String.format(Locale.ROOT, "; the next rate up (%.0f ops/s) fails; %d steps",
          search.failedAbove().orElse(Double.NaN), search.steps().size());
      case AT_MAX -> String.format(Locale.ROOT, " (capacity.max: it may take more); %d steps", search.steps().size());
      case NONE_PASSED -> String.format(Locale.ROOT, " down to %.0f ops/s; %d steps", CapacitySearch.MIN_RATE,
          search.steps().size());
      case STEP_LIMIT -> String.format(Locale.ROOT, "; stopped after %d steps (capacity.maxSteps) with the bracket"
          + " still wider than capacity.precision", search.steps().size());
    };
    return stepProblem != null ? found + "; stopped: " + stepProblem : found + how;
  }

  private PhaseResult failed(Phase cell, String cause) {
    return executor.skipped(cell, cause).toBuilder().status(PhaseStatus.FAILED).build();
  }

  /** The phase of one step: the cell with its rate, threads and time, measured both ways. */
  static Phase step(Phase cell, CapacitySpec spec, String name, OptionalDouble rate, int threads, Duration time) {
    Map<String, String> props = new LinkedHashMap<>(cell.properties());
    long seconds = Math.max(1, time.toSeconds());
    props.put("maxexecutiontime", Long.toString(seconds));
    // the time ends a step, not the count: room for twice the rate over the step
    long count = rate.isPresent() ? (long) Math.ceil(rate.getAsDouble() * seconds * 2) + 1_000 : 1_000_000_000L;
    props.put("operationcount", Long.toString(count));
    props.put("threadcount", Integer.toString(threads));
    props.put("measurement.interval", "both");
    rate.ifPresent(r -> props.put("target", Long.toString(Math.round(r))));
    Map<String, String> coordinates = new LinkedHashMap<>(cell.coordinates());
    coordinates.put("threadcount", Integer.toString(threads));
    coordinates.put(CapacitySpec.OFFERED, rate.isPresent() ? Long.toString(Math.round(rate.getAsDouble())) : "probe");
    Duration timeout = cell.timeout().compareTo(time.multipliedBy(3)) > 0 ? cell.timeout()
        : time.multipliedBy(3).plusSeconds(60);
    return new Phase(cell.index(), cell.id() + "/" + name, cell.kind(), cell.target(), cell.scenario(), coordinates,
        cell.repetition(), cell.dataSet(), cell.workload(), props, threads, false, false, timeout,
        cell.maxErrorRate(), cell.dependsOn(), PhaseSettings.of(cell.kind(), cell.workload(), props,
            cell.distribution()));
  }

  private StepFigures figures(PhaseResult r, double rate, int threads, CapacitySpec spec) throws YcsbOutputException {
    WindowStats w = r.tableWindow();
    if (w == null || r.outputDirectory() == null) {
      throw new YcsbOutputException("no window");
    }
    // the step's own steady window (where its throughput settled), as its throughput's
    IntendedLatency l = IntendedLatency.read(runDir.resolve(r.outputDirectory()),
        r.steady() != null ? r.steady().startSeconds() : 0);
    if (l.operations() == 0) {
      throw new YcsbOutputException("no operation in the window");
    }
    double achieved = Double.isNaN(l.achievedPerSecond()) ? w.throughputOpsPerSec() : l.achievedPerSecond();
    return new StepFigures(rate, achieved, threads, l.intendedMicros(spec.percentile()),
        l.intendedMicros(50), l.intendedMicros(99), l.intendedMicros(99.9), l.operationMeanMicros(),
        l.operationMicros(spec.percentile()));
  }

  private void writeStep(Phase cell, int n, PhaseResult r, StepFigures f, StepVerdict v, CapacitySpec spec)
      throws IOException {
    Map<String, Object> line = new LinkedHashMap<>();
    line.put("record", "step");
    line.put("cell", cell.id());
    line.put("phaseId", r.phaseId());
    line.put("step", n);
    line.put("offered", f.offered());
    line.put("achieved", round(f.achieved()));
    line.put("threads", f.threads());
    line.put("percentile", spec.percentile());
    line.put("intendedMicros", round(f.intendedMicros()));
    line.put("intendedP50Micros", round(f.intendedP50Micros()));
    line.put("intendedP99Micros", round(f.intendedP99Micros()));
    line.put("intendedP999Micros", round(f.intendedP999Micros()));
    line.put("operationMicros", round(f.operationMicros()));
    line.put("outcome", v.outcome().word());
    line.put("reason", v.reason());
    append(line);
  }

  private void writeSummary(Phase cell, CapacitySearch search, CapacitySpec spec, PhaseResult atCapacity,
      double seconds, String summary) throws IOException {
    Map<String, Object> line = new LinkedHashMap<>();
    line.put("record", "search");
    line.put("cell", cell.id());
    line.put("target", cell.target());
    line.put("scenario", cell.scenario());
    line.put("coordinates", cell.coordinates());
    line.put("percentile", spec.percentile());
    line.put("sloMicros", spec.sloMicros());
    line.put("sustain", spec.sustain());
    line.put("precision", spec.precision());
    line.put("latency", "intended");
    search.capacity().ifPresent(c -> line.put("capacity", c));
    search.failedAbove().ifPresent(c -> line.put("failsAbove", round(c)));
    search.atCapacity().ifPresent(s -> {
      line.put("intendedP50Micros", round(s.figures().intendedP50Micros()));
      line.put("intendedP99Micros", round(s.figures().intendedP99Micros()));
      line.put("intendedP999Micros", round(s.figures().intendedP999Micros()));
      line.put("achieved", round(s.figures().achieved()));
    });
    line.put("ending", search.ending() == null ? "stopped" : search.ending().name().toLowerCase(Locale.ROOT));
    line.put("steps", search.steps().size());
    line.put("seconds", round(seconds));
    line.put("summary", summary);
    append(line);
  }

  private void append(Map<String, Object> line) throws IOException {
    Files.writeString(runDir.resolve(FILE), JSON.writeValueAsString(line) + "\n", StandardCharsets.UTF_8,
        StandardOpenOption.CREATE, StandardOpenOption.APPEND);
  }

  private static double round(double v) {
    return Double.isFinite(v) ? Math.round(v * 10) / 10.0 : -1;
  }
}
