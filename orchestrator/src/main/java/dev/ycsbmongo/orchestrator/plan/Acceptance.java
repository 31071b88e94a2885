package dev.ycsbmongo.orchestrator.plan;

import java.time.Duration;

/**
 * What a measured cell (a run, or a load a scenario measures) must show before its figures are
 * called {@code ok}: the plan's {@code execution.acceptance} block, defaults in {@link Defaults}.
 * The verdict itself is decided in one place, {@code exec.PhaseVerdict}; these are its thresholds.
 *
 * @param minOperations successful operations the steady window must hold
 * @param minWindow how long the steady window must last
 * @param steadyState {@link SteadyStateRule#AUTO}: the window starts where the per-second throughput has
 *     settled (at least {@link Settings#rampUp()} in); {@link SteadyStateRule#FIXED}: exactly at the ramp-up
 * @param maxCv the largest coefficient of variation of the per-second throughput over the window (0..1)
 *     before the cell is {@code unstable}
 * @param maxRise the largest rise of throughput from the window's first third to its last third (a
 *     share, e.g. 0.25) before the cell is {@code unstable}: the warm-up was not over
 * @param maxStall the longest run of intervals without one successful operation while the phase went on
 *     before the cell fails
 * @param grace how long a phase bounded by {@code maxexecutiontime} may run past it (JVM start, load of
 *     the workload, threads finishing their last operation) before it fails as overrun
 * @param precision the relative half-width (0.03 = ±3%) a measured cell's mean throughput must be known to, or it is
 *     {@code unstable}; set by the plan, it also turns a timed run's {@code maxexecutiontime} into a budget the run
 *     stops within once precise. Null when the plan sets none ({@link Defaults#PRECISION} judges, nothing stops
 *     early); infinite for {@code off}
 * @param hostBusy how busy the client host may be during a measured cell before the cell is {@code host_busy}
 */
public record Acceptance(long minOperations, Duration minWindow, SteadyStateRule steadyState, double maxCv,
    double maxRise, Duration maxStall, Duration grace, Double precision, HostBusyLimits hostBusy) {

  /** Without a precision of the plan's own (the default judges; no run stops early), with the default host-busy limits. */
  public Acceptance(long minOperations, Duration minWindow, SteadyStateRule steadyState, double maxCv,
      double maxRise, Duration maxStall, Duration grace) {
    this(minOperations, minWindow, steadyState, maxCv, maxRise, maxStall, grace, null, HostBusyLimits.defaults());
  }

  /** With the plan's precision (null: none of its own) and the default host-busy limits. */
  public Acceptance(long minOperations, Duration minWindow, SteadyStateRule steadyState, double maxCv,
      double maxRise, Duration maxStall, Duration grace, Double precision) {
    this(minOperations, minWindow, steadyState, maxCv, maxRise, maxStall, grace, precision, HostBusyLimits.defaults());
  }

  /** With the plan's host-busy limits and no precision of its own. */
  public Acceptance(long minOperations, Duration minWindow, SteadyStateRule steadyState, double maxCv,
      double maxRise, Duration maxStall, Duration grace, HostBusyLimits hostBusy) {
    this(minOperations, minWindow, steadyState, maxCv, maxRise, maxStall, grace, null, hostBusy);
  }

  /** Where the steady window starts. */
  public enum SteadyStateRule {
    AUTO, FIXED
  }

  public Acceptance {
    if (minOperations < 0) {
      throw new IllegalArgumentException("minimum operations must be 0 or more, got " + minOperations);
    }
    if (maxCv < 0 || maxRise < 0) {
      throw new IllegalArgumentException("stability limits must be 0 or more");
    }
    if (precision != null && !(precision > 0 && precision < 1) && !precision.isInfinite()) {
      throw new IllegalArgumentException("precision must be above 0% and below 100%, or off; got " + precision);
    }
    java.util.Objects.requireNonNull(hostBusy, "hostBusy (HostBusyLimits.OFF for none)");
  }

  /** The precision a measured cell is judged to: the plan's, else the default; infinite when the plan turned it off. */
  public double precisionTarget() {
    return precision == null ? Defaults.PRECISION : precision;
  }

  /** Whether the plan judges cells on precision at all ({@code precision: off} does not). */
  public boolean judgesPrecision() {
    return precision == null || !precision.isInfinite();
  }

  /** Whether a timed run stops once precise: only when the plan set a precision of its own. */
  public boolean stopsWhenPrecise() {
    return precision != null && !precision.isInfinite();
  }

  /** The rule's minimum window in seconds: the plan's minWindow, at least the shortest window the intervals were measured on. */
  public int precisionMinSeconds() {
    return (int) Math.max(Defaults.PRECISION_MIN_SECONDS, Math.ceil(minWindow.toMillis() / 1000.0));
  }

  /** The block as a plan writes it, in its keys' order: what plan.yaml holds and matrix.txt prints. */
  public java.util.Map<String, Object> asPlanValues() {
    java.util.Map<String, Object> m = new java.util.LinkedHashMap<>();
    m.put("minOperations", minOperations);
    m.put("minWindow", Durations.format(minWindow));
    m.put("steadyState", steadyState.name().toLowerCase(java.util.Locale.ROOT));
    m.put("maxCv", formatLimit(maxCv));
    m.put("maxRise", formatLimit(maxRise));
    m.put("maxStall", Durations.format(maxStall));
    m.put("grace", Durations.format(grace));
    if (precision != null) {  // unset stays unset: a plan re-read keeps the default, and no run stops early
      m.put("precision", formatLimit(precision));
    }
    m.put("hostBusy", hostBusy.asPlanValue());
    return m;
  }

  /** A stability limit as a plan writes it: {@code 25%}, or {@code off} for none. */
  public static String formatLimit(double share) {
    return Double.isInfinite(share) ? "off" : ErrorRates.format(share);
  }

  public static Acceptance defaults() {
    return new Acceptance(Defaults.MIN_OPERATIONS, Defaults.MIN_WINDOW, Defaults.STEADY_STATE, Defaults.MAX_CV,
        Defaults.MAX_RISE, Defaults.MAX_STALL, Defaults.GRACE);
  }
}
