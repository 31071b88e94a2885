package dev.ycsbmongo.orchestrator.capacity;

import java.util.Locale;

/**
 * A step's verdict: it passes when the achieved rate is at least {@code sustain} of the offered one and the
 * intended percentile is within the SLO. A step that fails because every thread was busy says so first: its
 * rate said nothing of the server, only that the client could not offer more.
 *
 * @param outcome what happened
 * @param reason one line, e.g. "SLO breached: p99 23 ms > 10 ms"
 */
public record StepVerdict(Outcome outcome, String reason) {

  /** How a step ended. */
  public enum Outcome {
    PASS, NOT_SUSTAINED, SLO_BREACHED, CLIENT_BOUND;

    /** The word a table shows. */
    public String word() {
      return name().toLowerCase(Locale.ROOT).replace('_', '-');
    }
  }

  /** Threads busy over which a step that did not keep up is blamed on the client rather than the server. */
  public static final double BUSY_THRESHOLD = 0.9;

  public boolean passed() {
    return outcome == Outcome.PASS;
  }

  /** Judges {@code step} against {@code spec}. */
  public static StepVerdict of(CapacitySpec spec, StepFigures step) {
    double share = step.sustainedShare();
    boolean sustained = share >= spec.sustain();
    boolean withinSlo = step.intendedMicros() <= spec.sloMicros();
    if (!sustained && step.busyShare() >= BUSY_THRESHOLD) {
      return new StepVerdict(Outcome.CLIENT_BOUND, String.format(Locale.ROOT,
          "client-bound: all %d threads busy, add threads or clients", step.threads()));
    }
    if (!sustained) {
      return new StepVerdict(Outcome.NOT_SUSTAINED, String.format(Locale.ROOT,
          "not sustained: achieved %.0f%% of offered", Math.floor(share * 100)));
    }
    if (!withinSlo) {
      return new StepVerdict(Outcome.SLO_BREACHED, String.format(Locale.ROOT, "SLO breached: %s %s > %s",
          spec.percentileLabel(), CapacitySpec.millis(step.intendedMicros()), CapacitySpec.millis(spec.sloMicros())));
    }
    return new StepVerdict(Outcome.PASS, String.format(Locale.ROOT, "within the SLO: %s %s <= %s, achieved %.0f%%",
        spec.percentileLabel(), CapacitySpec.millis(step.intendedMicros()), CapacitySpec.millis(spec.sloMicros()),
        Math.floor(share * 100)));
  }
}
