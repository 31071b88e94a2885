package dev.ycsbmongo.orchestrator.report.compare;

import java.util.Map;

/**
 * A cell of one side with no counterpart to compare with: listed, so a missing row is never silent.
 *
 * @param side "A", "B", or {@link #BOTH} for a pair refused because its cells ran differently
 * @param reason e.g. "no cell with BY=B", "no successful repetition", "threads differ: 32 (A) vs 64 (B); ..."
 */
public record Unpaired(String scenario, String kind, Map<String, String> cell, String side, String reason) {

  /** The side of a refused pair: both cells exist, but they are not compared. */
  public static final String BOTH = "A and B";

  public Unpaired {
    cell = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(cell));
  }

  public String title() {
    return scenario + " (" + kind + ")";
  }
}
