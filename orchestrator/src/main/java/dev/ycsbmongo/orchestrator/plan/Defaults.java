package dev.ycsbmongo.orchestrator.plan;

import java.time.Duration;

/** Every default of a plan's {@code execution} block, in one place (the README's table quotes them). */
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
  /** Client threads of a cell that sets none (YCSB's own default). */
  public static final int THREADS = 1;

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
