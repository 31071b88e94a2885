package dev.ycsbmongo.orchestrator.plan;

import java.time.Duration;

/** Every default of a plan's {@code execution} block, in one place (docs/plans.md's table quotes them). */
public final class Defaults {

  public static final int REPETITIONS = 1;
  public static final int LOAD_THREADS = 8;
  public static final ReloadPolicy RELOAD = ReloadPolicy.PER_DATA_SET;
  public static final boolean VERIFY_LOAD = true;
  public static final Duration PHASE_TIMEOUT = Duration.ofHours(2);
  /** 1%: YCSB 0.17.0 itself never fails a phase, whatever its errors. */
  public static final double MAX_ERROR_RATE = 0.01;
  /** Threads starting and pools filling; took 40+ s at 10,000 threads in the field notes. */
  public static final Duration RAMP_UP = Duration.ofSeconds(10);
  public static final Duration STATUS_INTERVAL = Duration.ofSeconds(1);
  /** A steady window with fewer successful operations states no figure worth comparing. */
  public static final long MIN_OPERATIONS = 1000;
  /** Shorter steady windows are dominated by one second's noise (a GC, a checkpoint). */
  public static final Duration MIN_WINDOW = Duration.ofSeconds(5);
  /** The window starts where the throughput settled (docs/architecture.md: warm-up). */
  public static final Acceptance.SteadyStateRule STEADY_STATE = Acceptance.SteadyStateRule.AUTO;
  /** Per-second throughput spread above this (coefficient of variation) marks the cell unstable. */
  public static final double MAX_CV = 0.25;
  /**
   * The precision a measured cell's mean throughput must be known to when the plan sets none: ±5%.
   * Differences that matter in the studies are 10% and more (the instance-sizes study's steps are
   * 1.5-2x), so a figure known to ±5% still tells them apart; the quickstart's 1-thread cells on a
   * shared 2-core machine reach it in 20-30 s (BENCHMARKS.md), ±3% often takes a minute or more.
   */
  public static final double PRECISION = 0.05;
  /**
   * The fewest seconds of steady window before a mean can be called precise: batch-means coverage was
   * measured good enough from 20 values on (docs/statistics.md).
   */
  public static final int PRECISION_MIN_SECONDS = 20;
  /** Throughput rising more than this from the window's first to its last third: warm-up not over. */
  public static final double MAX_RISE = 0.25;
  /** No successful operation for this long while the phase goes on: the phase failed. */
  public static final Duration MAX_STALL = Duration.ofSeconds(3);
  /** Allowed past maxexecutiontime: JVM start, workload init, last operations (BENCHMARKS.md: about 1 s). */
  public static final Duration GRACE = Duration.ofSeconds(15);
  /**
   * Other processes above this share of the client's cores over a cell: the client host was busy
   * (docs/verdicts.md argues it; the {@code host} package's HostBusyRule.DEFAULT holds the same).
   */
  public static final double HOST_BUSY_OTHERS = 0.25;
  /** Steal time above this share of the client's cores over a cell: the client host was busy. */
  public static final double HOST_BUSY_STEAL = 0.10;
  public static final TargetDownPolicy.Action ON_TARGET_DOWN = TargetDownPolicy.Action.STOP;
  /** With onTargetDown: wait, how long to wait for the target before stopping the plan. */
  public static final Duration TARGET_WAIT = Duration.ofMinutes(10);
  /** A target silent this long is down: longer than a GC pause or a checkpoint stall, far shorter than YCSB's 30 s retries. */
  public static final Duration TARGET_DOWN_AFTER = Duration.ofSeconds(5);
  /** Client threads of a cell that sets none (YCSB's own default). */
  public static final int THREADS = 1;
  /** Client processes of a cell that sets none: one YCSB JVM, as before clients existed. */
  public static final int CLIENTS = 1;
  /** Client processes of the loads that prepare data sets. */
  public static final int LOAD_CLIENTS = 1;
  /**
   * The most client processes of one cell: far beyond any study here (study 5's 96,000 connections
   * need tens), and a bound on the pods one Job asks a cluster for.
   */
  public static final int MAX_CLIENTS = 10_000;
  public static final Backend BACKEND = Backend.LOCAL;
  /** Kubernetes' own default for a tagged image. */
  public static final String IMAGE_PULL_POLICY = "IfNotPresent";
  /**
   * Long enough for a node to pull the client image, short enough that a pod that cannot be scheduled
   * fails the cell soon.
   */
  public static final Duration PENDING_TIMEOUT = Duration.ofMinutes(5);
  /**
   * Pods are scheduled and their JVMs started within this on a warm cluster; their common start lies
   * this far ahead.
   */
  public static final Duration START_DELAY = Duration.ofSeconds(30);

  /**
   * Phases above which a plan is refused unless {@code --allow-large-matrix} confirms it: 10,000
   * phases of even 10 s each are more than a day of running, more than any study here was meant to be.
   */
  public static final long MAX_PHASES = 10_000;
  /**
   * Phases above which a plan is refused even when confirmed: an expanded phase holds its
   * properties in memory (about 1 KiB each), and the orchestrator runs with a default heap.
   */
  public static final long MAX_PHASES_EVEN_CONFIRMED = 2_000_000;

  private Defaults() {
  }
}
