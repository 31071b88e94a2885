package dev.ycsbmongo.orchestrator.report.compare;

import dev.ycsbmongo.orchestrator.plan.CellProperty;
import java.util.Map;

/**
 * A pair not compared because its cells ran with different values of a {@link CellProperty} the
 * comparison does not accept: 32 threads against 64 measures the threads as much as BY.
 *
 * @param cell what the two cells share, as in {@link Pair#cell()}
 * @param a A's value; {@code b} B's
 */
public record Refusal(String scenario, String kind, Map<String, String> cell, String targetA, String targetB,
    CellProperty property, String a, String b) {

  public Refusal {
    cell = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(cell));
  }

  /** "threads differ: 32 (A) vs 64 (B)". */
  public String reason() {
    return property.word() + (property == CellProperty.THREADS || property == CellProperty.CLIENTS ? " differ: "
        : " differs: ") + a + " (A) vs " + b
        + " (B)";
  }
}
