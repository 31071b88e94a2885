package dev.ycsbmongo.orchestrator.plan;

import java.util.Locale;

/**
 * What a phase does: YCSB {@code -load}, YCSB {@code -t} unmeasured (warm-up) or measured, or a
 * connection stress (no YCSB).
 */
public enum PhaseKind {
  LOAD, WARMUP, RUN, CONNECTIONS;

  /** The lower-case name used in ids, file names and tables. */
  public String label() {
    return name().toLowerCase(Locale.ROOT);
  }
}
