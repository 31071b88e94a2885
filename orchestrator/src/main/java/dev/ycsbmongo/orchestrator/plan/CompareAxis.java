package dev.ycsbmongo.orchestrator.plan;

import dev.ycsbmongo.binding.DidYouMean;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Where BY's value lives in a cell: the run, the target name, a target label or a coordinate. The
 * same resolution serves a plan's {@code report.compare} (against its expanded phases, before
 * anything runs) and {@code report --compare} (against a run's records).
 */
public record CompareAxis(String by, Kind kind) {

  public enum Kind { RUN, TARGET, LABEL, COORDINATE }

  /** What BY is looked up in: a phase of a plan, or the record of one. */
  public record Cell(String target, Map<String, String> labels, Map<String, String> coordinates) {
  }

  /**
   * Resolves BY against the cells of both sides ({@code whose}: "this run", "this plan" in messages).
   * A coordinate wins over a label of the same key, because coordinates are what the plan varies; the
   * message for an unknown BY lists every BY the cells offer, so the user sees the choices rather
   * than guessing.
   */
  public static CompareAxis resolve(String by, List<Cell> a, List<Cell> b, boolean twoRuns, String whose) {
    if (by.equals(CompareSpec.RUN)) {
      if (!twoRuns) {
        throw new CompareSpecException("run=...: comparing runs needs a second run directory (--against RUN_DIR_B)");
      }
      return new CompareAxis(by, Kind.RUN);
    }
    if (by.equals(CompareSpec.TARGET)) {
      return new CompareAxis(by, Kind.TARGET);
    }
    Set<String> coordinates = new LinkedHashSet<>();
    Set<String> labels = new LinkedHashSet<>();
    for (List<Cell> side : List.of(a, b)) {
      side.forEach(r -> coordinates.addAll(r.coordinates().keySet()));
      side.forEach(r -> labels.addAll(r.labels().keySet()));
    }
    if (coordinates.contains(by)) {
      return new CompareAxis(by, Kind.COORDINATE);
    }
    if (labels.contains(by)) {
      return new CompareAxis(by, Kind.LABEL);
    }
    Set<String> accepted = new LinkedHashSet<>(coordinates);
    accepted.addAll(labels);
    accepted.add(CompareSpec.TARGET);
    if (twoRuns) {
      accepted.add(CompareSpec.RUN);
    }
    // A key without its prefix (chainingAllowed for server.chainingAllowed) is too far for an edit distance.
    String hint = DidYouMean.closest(by, accepted).or(() -> accepted.stream().filter(k -> k.endsWith("." + by)).findFirst())
        .map(s -> "did you mean '" + s + "'? ").orElse("");
    throw new CompareSpecException("BY '" + by + "' is not a coordinate, a target label" + (twoRuns ? ", target or run" : " or target") + " of " + whose
        + "; "
        + hint + "BY can be: " + listed(accepted));
  }

  /** BY's value in a cell; null when the cell has none (a coordinate another cell does not vary). */
  public String valueOf(Cell r) {
    return switch (kind) {
      case RUN -> null;
      case TARGET -> r.target();
      case LABEL -> r.labels().get(by);
      case COORDINATE -> r.coordinates().get(by);
    };
  }

  /** Checks that {@code value} occurs on its side, listing the values BY takes there when it does not. */
  public void requireValue(String value, List<Cell> side) {
    if (kind == Kind.RUN) {
      return;
    }
    Set<String> values = side.stream().map(this::valueOf).filter(Objects::nonNull)
        .collect(Collectors.toCollection(LinkedHashSet::new));
    if (!values.contains(value)) {
      // Any short number is within a few edits of any other: a suggestion for 16 of 8 would mislead.
      String hint = value.matches("[-+0-9.]+") ? ""
          : DidYouMean.closest(value, values).map(s -> "did you mean '" + s + "'? ").orElse("");
      throw new CompareSpecException(by + " has no value '" + value + "' in the compared cells; " + hint
          + by + " takes: " + (values.isEmpty() ? "(none)" : listed(values)));
    }
  }

  /**
   * Why {@code key} cannot group the pairs: it is neither a label of the targets nor a coordinate of
   * the cells (the choices listed). {@code threads} stands for {@code threadcount}, as in BY.
   */
  public static java.util.Optional<String> rangesOverProblem(String key, List<CompareAxis.Cell> cells) {
    java.util.Set<String> keys = new java.util.LinkedHashSet<>();
    cells.forEach(c -> keys.addAll(c.labels().keySet()));
    cells.forEach(c -> keys.addAll(c.coordinates().keySet()));
    String k = CellProperty.propertyKey(key);
    if (keys.contains(k)) {
      return java.util.Optional.empty();
    }
    return java.util.Optional.of("'" + key + "' is not a target label or coordinate of the compared cells; "
        + (keys.isEmpty() ? "they have none" : "rangesOver can be: " + listed(keys)
        + Section.didYouMean(key, List.copyOf(keys))));
  }

  /** Values people can read in one line: a 500-phase thread sweep's counts would bury the message. */
  static final int MAX_LISTED = 12;

  static String listed(Set<String> values) {
    List<String> all = List.copyOf(values);
    return all.size() <= MAX_LISTED ? String.join(", ", all)
        : String.join(", ", all.subList(0, MAX_LISTED)) + " and " + (all.size() - MAX_LISTED) + " more";
  }
}
