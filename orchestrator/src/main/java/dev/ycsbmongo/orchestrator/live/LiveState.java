package dev.ycsbmongo.orchestrator.live;

import dev.ycsbmongo.orchestrator.exec.ProgressListener;
import dev.ycsbmongo.orchestrator.plan.Phase;
import dev.ycsbmongo.orchestrator.plan.PhaseKind;
import dev.ycsbmongo.orchestrator.results.PhaseResult;
import dev.ycsbmongo.orchestrator.results.PhaseStatus;
import dev.ycsbmongo.orchestrator.results.YcsbOutput;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.function.LongSupplier;

/**
 * The running plan as the live view shows it, kept from the progress the run reports: the plan, the
 * running phase and its last status interval, totals and verdicts so far. A status line costs a few
 * map updates, once per status interval (a second by default) whatever the operation rate; the
 * figures are turned into metrics only when someone asks ({@link #snapshot()}).
 */
public final class LiveState implements ProgressListener {

  private final LongSupplier nanos;
  private String plan = "";
  private String runDir = "";
  private int phases;
  private int toRun;
  private int ended;
  private final Map<PhaseStatus, Long> verdicts = new EnumMap<>(PhaseStatus.class);
  private long operationsTotal;
  private long errorsTotal;
  private final Map<Failure, Long> failuresTotal = new LinkedHashMap<>();
  private Running running;

  public LiveState() {
    this(System::nanoTime);
  }

  /** @param nanos a monotonic clock (a fake in tests): the plan's ETA counts down with it */
  LiveState(LongSupplier nanos) {
    this.nanos = nanos;
    for (PhaseStatus s : PhaseStatus.values()) {
      verdicts.put(s, 0L);  // every series from the start: a rate over a counter that appears later misses its first step
    }
  }

  /** A failure series of one operation: {@code READ-FAILED} is READ, FAILED. */
  public record Failure(String operation, String status) {
  }

  /**
   * One measurement's last status interval.
   *
   * @param opsPerSec its count over the interval's length; null when the length is unknown
   * @param quantileSeconds latency by quantile (0.99 = the 99th percentile), in seconds
   */
  public record OperationFigures(String operation, Double opsPerSec, Double meanSeconds, Double maxSeconds,
      SortedMap<Double, Double> quantileSeconds) {
  }

  /**
   * The running phase.
   *
   * @param number its place among this run's phases ({@code k} of {@code of})
   * @param progress its last status; null before the first
   */
  public record Current(Phase phase, int number, int of, LastStatus progress, List<OperationFigures> operations) {
  }

  /** The last status of the running phase, as the listener got it. */
  public record LastStatus(long elapsedSeconds, long operations, Long expectedOperations,
      double currentOpsPerSec, long errorsSoFar) {
  }

  /**
   * Everything the endpoint shows, at one instant.
   *
   * @param phasesDone phases with a record: succeeded in an earlier session of a resumed run, or ended in this one
   * @param verdicts phases ended in this run, by status (every status, zeros included)
   * @param etaSeconds time left for the whole plan, counted down from the runner's estimate; null until guessable
   * @param current the running phase; null between phases
   */
  public record Snapshot(String plan, String runDir, int phases, int phasesToRun, int phasesDone,
      Map<PhaseStatus, Long> verdicts, long operationsTotal, long errorsTotal, Map<Failure, Long> failuresTotal,
      Double etaSeconds, Current current) {
  }

  public synchronized Snapshot snapshot() {
    Current current = null;
    Double eta = null;
    if (running != null) {
      current = new Current(running.phase, running.number, running.of, running.last, List.copyOf(running.figures));
      if (running.eta != null) {
        eta = Math.max(0, running.eta.toNanos() - (nanos.getAsLong() - running.startedNanos)) / 1e9;
      }
    }
    return new Snapshot(plan, runDir, phases, toRun, Math.min(phases, phases - toRun + ended), new EnumMap<>(verdicts),
        operationsTotal, errorsTotal, Map.copyOf(failuresTotal), eta, current);
  }

  @Override
  public synchronized void planStarted(String planName, Path dir, int total, int pending) {
    plan = planName;
    runDir = dir == null ? "" : dir.toString();
    phases = total;
    toRun = pending;
  }

  @Override
  public synchronized void phaseStarted(Phase phase, int k, int n, Optional<Duration> eta) {
    running = new Running(phase, k, n, eta.orElse(null), nanos.getAsLong());
  }

  @Override
  public synchronized void status(Phase phase, PhaseProgress p) {
    if (running == null || !running.phase.id().equals(phase.id())) {
      return;  // a late line of a phase already ended
    }
    Running r = running;
    if (phase.kind() != PhaseKind.CONNECTIONS) {  // a connection stress counts connections opened, not operations
      operationsTotal += Math.max(0, p.operations() - (r.last == null ? 0 : r.last.operations()));
      errorsTotal += Math.max(0, p.errorsSoFar() - (r.last == null ? 0 : r.last.errorsSoFar()));
    }
    Double intervalSeconds = intervalSeconds(r.last, p);
    r.figures.clear();
    for (Measurement m : p.measurements()) {
      Optional<Failure> failure = failure(m.name());
      if (failure.isPresent()) {
        failuresTotal.merge(failure.get(), m.count(), Long::sum);
      } else {
        r.figures.add(figures(m, intervalSeconds));
      }
    }
    r.last = new LastStatus(p.elapsedSeconds(), p.operations(), p.expectedOperations(), p.currentOpsPerSec(),
        p.errorsSoFar());
  }

  @Override
  public synchronized void phaseEnded(Phase phase, PhaseResult result) {
    ended++;
    verdicts.merge(result.status(), 1L, Long::sum);
    if (running != null && running.phase.id().equals(phase.id())) {
      running = null;
    }
  }

  @Override
  public void note(String message) {
  }

  /**
   * How long the last status interval lasted: YCSB's current rate is that interval's operations over its
   * length, measured to the millisecond (its elapsed seconds are truncated). The elapsed seconds' difference
   * when no operation ran.
   */
  static Double intervalSeconds(LastStatus before, PhaseProgress now) {
    long ops = now.operations() - (before == null ? 0 : before.operations());
    if (ops > 0 && now.currentOpsPerSec() > 0) {
      return ops / now.currentOpsPerSec();
    }
    long seconds = now.elapsedSeconds() - (before == null ? 0 : before.elapsedSeconds());
    return seconds > 0 ? (double) seconds : null;
  }

  /** {@code READ-FAILED}, {@code UPDATE-ERROR}: YCSB's failure series (an operation, then a status). */
  static Optional<Failure> failure(String name) {
    int dash = name.indexOf('-');
    while (dash > 0) {
      String suffix = name.substring(dash + 1);
      if (YcsbOutput.FAILURE_SERIES.contains(suffix)) {
        return Optional.of(new Failure(name.substring(0, dash), suffix));
      }
      dash = name.indexOf('-', dash + 1);
    }
    return Optional.empty();
  }

  private static OperationFigures figures(Measurement m, Double intervalSeconds) {
    SortedMap<Double, Double> quantiles = new TreeMap<>();
    // 99.9 / 100 is 0.9990000000000001 in binary; the decimal shift gives the double that prints 0.999
    m.percentiles().forEach((pct, micros) -> quantiles.put(BigDecimal.valueOf(pct).movePointLeft(2).doubleValue(),
        micros / 1e6));
    return new OperationFigures(m.name(), intervalSeconds == null ? null : m.count() / intervalSeconds,
        m.meanMicros() == null ? null : m.meanMicros() / 1e6, m.maxMicros() == null ? null : m.maxMicros() / 1e6,
        quantiles);
  }

  private static final class Running {
    final Phase phase;
    final int number;
    final int of;
    final Duration eta;
    final long startedNanos;
    LastStatus last;
    final List<OperationFigures> figures = new ArrayList<>();

    Running(Phase phase, int number, int of, Duration eta, long startedNanos) {
      this.phase = phase;
      this.number = number;
      this.of = of;
      this.eta = eta;
      this.startedNanos = startedNanos;
    }
  }
}
