package dev.ycsbmongo.orchestrator.stats;

/** What {@link PrecisionRule} says of a steady window's mean. */
public enum Verdict {
  /** The mean is known to the target precision and is not drifting. */
  PRECISE,
  /** The interval is wider than the target (or the window too short, or too autocorrelated, to state one). */
  NOT_PRECISE,
  /** The mean keeps moving across the window: a significant trend larger than the target precision. */
  DRIFTING
}
