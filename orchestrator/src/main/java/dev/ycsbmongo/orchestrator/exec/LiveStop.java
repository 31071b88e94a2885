package dev.ycsbmongo.orchestrator.exec;

import dev.ycsbmongo.binding.launch.EarlyStop;
import dev.ycsbmongo.orchestrator.OutputFiles;
import dev.ycsbmongo.orchestrator.plan.Acceptance;
import dev.ycsbmongo.orchestrator.plan.Phase;
import dev.ycsbmongo.orchestrator.plan.PhaseKind;
import dev.ycsbmongo.orchestrator.results.HdrLogTail;
import dev.ycsbmongo.orchestrator.results.YcsbOutput;
import dev.ycsbmongo.orchestrator.results.YcsbOutput.IntervalCount;
import dev.ycsbmongo.orchestrator.stats.PrecisionRule;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.OptionalLong;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * Ends a timed run once its mean is known to the plan's precision. Once a second it reads the run's
 * intervals known complete so far ({@link Series}: the one child's HDR interval logs as they grow, or the
 * N clients' merged interval frames), cuts the warm-up as the record will, asks
 * {@link dev.ycsbmongo.orchestrator.stats.EarlyStop#precisionReached} of the steady part, and when it says yes
 * writes the stop file every client of the cell watches ({@link EarlyStop}), its first line the reason. The
 * {@code maxexecutiontime} is then a budget: a run whose mean does not settle runs it out.
 *
 * <p>The record is judged on the same series, ended where the stop was decided ({@link #judged}): the
 * intervals a stopped run measured are those the live check read, so a run stopped as precise is precise by
 * the record's rule, without a rule of its own; the second or so its threads took to wind down counts in the
 * full window only.
 *
 * <p>Only runs with a {@code maxexecutiontime} and a precision of the plan's own stop early; a load
 * must insert every record, and a run bounded by its operation count states its figures over them.
 */
final class LiveStop implements AutoCloseable {

  /** The stop file's name in the phase directory. */
  static final String FILE = "stop";
  /** Values between the rule's looks at the series: the two looks in a row it needs are this far apart. */
  static final int CHECK_EVERY = 5;
  /** How often the series is read. */
  static final Duration READ_EVERY = Duration.ofSeconds(1);

  /**
   * The run's intervals known complete so far, in time order, each as the record's series will hold it
   * (after {@link SteadyState#whole}): a prefix of that series, which later reads only lengthen.
   */
  @FunctionalInterface
  interface Series {
    List<IntervalCount> complete() throws IOException;
  }

  private final dev.ycsbmongo.orchestrator.stats.EarlyStop stop;
  private final PrecisionRule rule;
  private final double rampUpSeconds;
  private final Acceptance.SteadyStateRule steadyRule;
  private final Path file;
  private ScheduledExecutorService reader;
  private Double judgedUntil;

  LiveStop(PrecisionRule rule, double rampUpSeconds, Acceptance.SteadyStateRule steadyRule, Path file) {
    this.rule = rule;
    this.stop = new dev.ycsbmongo.orchestrator.stats.EarlyStop(rule, CHECK_EVERY);
    this.rampUpSeconds = rampUpSeconds;
    this.steadyRule = steadyRule;
    this.file = file;
  }

  /** Whether {@code phase} may stop early under {@code a}: a timed run, with the plan's own precision. */
  static boolean applies(Phase phase, Acceptance a) {
    OptionalLong max = phase.counts().maxExecutionTimeSeconds();
    return phase.kind() == PhaseKind.RUN && PhaseVerdict.judgedOnFigures(phase) && a.stopsWhenPrecise()
        && max.isPresent() && max.getAsLong() > 0;
  }

  /** The child's JVM option naming the stop file. */
  String jvmOption() {
    return "-D" + EarlyStop.STOP_FILE + "=" + file;
  }

  /** The YCSB property naming the stop file, for clients whose JVM options are not the runner's ({@code -p}). */
  String property() {
    return EarlyStop.STOP_FILE + "=" + file;
  }

  /**
   * The series of a phase run as one child: its HDR interval logs as they grow, read as the record reads them
   * ({@link YcsbOutput#intervalCounts}); {@link SteadyState#wholeSoFar} leaves out the last interval, which may
   * still lack a series YCSB had not written when the files were read.
   */
  static Series hdrLogs(Path phaseDir) {
    HdrLogTail tail = new HdrLogTail(phaseDir);
    return () -> SteadyState.wholeSoFar(tail.intervalCounts());
  }

  /** Reads {@code series} every {@link #READ_EVERY} from a daemon thread until {@link #close}. */
  void watch(Series series) {
    ScheduledExecutorService s = Executors.newSingleThreadScheduledExecutor(r -> {
      Thread t = new Thread(r, "live-stop");
      t.setDaemon(true);
      return t;
    });
    synchronized (this) {
      reader = s;
    }
    s.scheduleWithFixedDelay(() -> {
      try {
        if (check(series.complete())) {
          s.shutdown();
        }
      } catch (IOException | RuntimeException e) {
        // a log or frame not readable now: the next read tries again, the record reads them afresh at the end
      }
    }, READ_EVERY.toMillis(), READ_EVERY.toMillis(), TimeUnit.MILLISECONDS);
  }

  /**
   * One look at the complete intervals so far: the stop file is written when their steady part is precise.
   * Returns whether the run has been asked to stop (now or before).
   */
  synchronized boolean check(List<IntervalCount> whole) {
    if (judgedUntil != null) {
      return true;
    }
    int start = SteadyState.start(whole, rampUpSeconds, steadyRule);
    double[] steady = CellPrecision.steadySeries(whole, start);
    if (whole.isEmpty() || !stop.precisionReached(steady)) {
      return false;
    }
    double until = whole.get(whole.size() - 1).endSeconds();
    String reason = rule.judge(steady).reason() + String.format(Locale.ROOT, " (target ±%.1f%%, checked at %.0f s)",
        100 * rule.precision(), until);
    try {
      OutputFiles.writeString(file, reason + "\n");
    } catch (IOException e) {
      return false;  // the clients run their budget out; the verdict is judged on what they measured
    }
    judgedUntil = until;
    return true;
  }

  /**
   * Where the intervals the run was found precise on end, seconds into the phase on the series' clock; null when
   * it was not stopped. The record's steady window ends there.
   */
  synchronized Double stoppedAtSeconds() {
    return judgedUntil;
  }

  /** The intervals of the record's series ({@link SteadyState#whole}) the stop was decided on: all of them when not stopped. */
  static List<IntervalCount> judged(List<IntervalCount> whole, Double stoppedAt) {
    if (stoppedAt == null) {
      return whole;
    }
    int n = 0;
    while (n < whole.size() && whole.get(n).endSeconds() <= stoppedAt + 1e-9) {
      n++;
    }
    return whole.subList(0, n);
  }

  /** Stops reading the series; the decision, if any, stays. */
  @Override
  public void close() {
    ScheduledExecutorService s;
    synchronized (this) {
      s = reader;
    }
    if (s != null) {
      s.shutdownNow();
      try {
        s.awaitTermination(1, TimeUnit.SECONDS);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }
  }
}
