package dev.ycsbmongo.orchestrator.report.compare;

import dev.ycsbmongo.orchestrator.report.Unverified;
import java.util.List;
import java.util.Map;

/**
 * Two cells that agree on everything but BY, and the change of each figure from A to B.
 *
 * @param scenario the scenario's name; {@code kind} its phase kind (run, load)
 * @param cell what the two cells share, in order: target (unless BY is target or a label), the other
 *     labels (when BY is a label), the coordinates other than BY
 * @param labels the A-side target's labels other than BY, for the per-label ranges (empty when BY is target)
 * @param repetitionsA successful repetitions of A's cell; {@code repetitionsB} of B's
 * @param accepted A's and B's values of each property the comparison accepts a difference in
 * @param described A's and B's values of each target label the plan says describes the target (not matched)
 * @param unverified what either side ran with that the server did not confirm (empty when all was confirmed)
 */
public record Pair(String scenario, String kind, Map<String, String> cell, Map<String, String> labels, String targetA,
    String targetB, int repetitionsA, int repetitionsB, List<Change> changes, List<AcceptedDifference> accepted,
    List<LabelDifference> described, Unverified.Note unverified) {

  public Pair {
    described = List.copyOf(described);
    cell = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(cell));
    labels = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(labels));
    changes = List.copyOf(changes);
    accepted = List.copyOf(accepted);
    unverified = unverified == null ? Unverified.Note.NONE : unverified;
  }

  public Pair(String scenario, String kind, Map<String, String> cell, Map<String, String> labels, String targetA,
      String targetB, int repetitionsA, int repetitionsB, List<Change> changes, List<AcceptedDifference> accepted) {
    this(scenario, kind, cell, labels, targetA, targetB, repetitionsA, repetitionsB, changes, accepted, List.of(), null);
  }

  public Pair(String scenario, String kind, Map<String, String> cell, Map<String, String> labels, String targetA,
      String targetB, int repetitionsA, int repetitionsB, List<Change> changes) {
    this(scenario, kind, cell, labels, targetA, targetB, repetitionsA, repetitionsB, changes, List.of(), List.of(), null);
  }

  public Change change(Figure figure) {
    return changes.stream().filter(c -> c.figure() == figure).findFirst().orElseThrow();
  }

  /** The table a pair belongs to, as summary.md titles it: {@code rw-50-50 (run)}. */
  public String title() {
    return scenario + " (" + kind + ")";
  }
}
