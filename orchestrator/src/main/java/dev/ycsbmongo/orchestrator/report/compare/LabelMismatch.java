package dev.ycsbmongo.orchestrator.report.compare;

import java.util.List;
import java.util.Map;

/**
 * A cell with no counterpart only because target labels other than BY differ: the one cell of the
 * other side it could be meant to pair with (same scenario, kind, coordinates and the labels that group
 * both sides, itself without a counterpart) and the labels that differ. Study 2
 * compares clouds whose machines differ in cores and RAM; matching those labels leaves every cell
 * alone, and saying "no cell with cloud=Azure" would be false.
 *
 * @param side the side of the cell left alone, "A" or "B"
 * @param cell that cell, as in {@link Unpaired#cell()}
 * @param targetA the A-side target of the would-be pair; {@code targetB} the B-side one
 * @param byA BY's value on A ({@code byB} on B), to name the sides in the reason
 * @param differences the labels that differ, A's value then B's, in label order
 */
public record LabelMismatch(String scenario, String kind, Map<String, String> cell, String side, String targetA,
    String targetB, String byA, String byB, List<LabelDifference> differences) {

  public LabelMismatch {
    cell = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(cell));
    differences = List.copyOf(differences);
  }

  /** The differing labels' names, in order. */
  public List<String> labels() {
    return differences.stream().map(LabelDifference::label).toList();
  }

  /**
   * "cores differs: 1 (AWS) vs 2 (Azure); iops differs: 300 (AWS) vs up to 2,000 (Azure)": A's value
   * first whichever side is left alone, each named by its BY value.
   */
  public String differencesText() {
    return String.join("; ", differences.stream().map(d -> d.label() + " differs: " + d.a() + " (" + byA + ") vs "
        + d.b() + " (" + byB + ")").toList());
  }

  /** The reason in "Not compared": the differences, the nearest target and what to do about them. */
  public String reason() {
    String them = differences.size() == 1 ? "it" : "them";
    return differencesText() + " (nearest pair: " + targetA + " vs " + targetB + "); if "
        + (differences.size() == 1 ? "it describes" : "they describe") + " the target rather than tell cells apart,"
        + " add " + them + " to report.describes in the plan (or report --describes " + String.join(",", labels())
        + "), or drop " + them;
  }
}
