package dev.ycsbmongo.orchestrator.report.compare;

import java.util.Map;

/**
 * A cell of one side with no counterpart to compare with: listed, so a missing row is never silent.
 *
 * @param side "A" or "B"
 * @param reason e.g. "no cell with BY=B", "no successful repetition"
 */
public record Unpaired(String scenario, String kind, Map<String, String> cell, String side, String reason) {

  public Unpaired {
    cell = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(cell));
  }

  public String title() {
    return scenario + " (" + kind + ")";
  }
}
