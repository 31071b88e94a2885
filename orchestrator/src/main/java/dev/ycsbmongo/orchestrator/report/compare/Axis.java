package dev.ycsbmongo.orchestrator.report.compare;

import dev.ycsbmongo.orchestrator.plan.CompareSpec;
import dev.ycsbmongo.orchestrator.plan.CompareSpecException;
import dev.ycsbmongo.binding.DidYouMean;
import dev.ycsbmongo.orchestrator.results.PhaseResult;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.stream.Collectors;

/** Where BY's value lives in a record: the run, the target name, a target label or a coordinate. */
record Axis(String by, Kind kind) {

  enum Kind { RUN, TARGET, LABEL, COORDINATE }

  private static final String THREADS = "threads";
  private static final String THREADCOUNT = "threadcount";

  /**
   * Resolves BY against the records of both sides. A coordinate wins over a label of the same key,
   * because coordinates are what the plan varies; the message for an unknown BY lists every BY the
   * records offer, so the user sees the choices rather than guessing.
   */
  static Axis resolve(String by, List<PhaseResult> a, List<PhaseResult> b, boolean twoRuns) {
    if (by.equals(CompareSpec.RUN)) {
      if (!twoRuns) {
        throw new CompareSpecException("run=...: comparing runs needs a second run directory (--against RUN_DIR_B)");
      }
      return new Axis(by, Kind.RUN);
    }
    if (by.equals(CompareSpec.TARGET)) {
      return new Axis(by, Kind.TARGET);
    }
    if (by.equals(THREADS)) {
      // summary.md heads the threadcount column "threads": people type what they read there.
      return resolve(THREADCOUNT, a, b, twoRuns);
    }
    Set<String> coordinates = new LinkedHashSet<>();
    Set<String> labels = new LinkedHashSet<>();
    for (List<PhaseResult> side : List.of(a, b)) {
      side.forEach(r -> coordinates.addAll(r.coordinates().keySet()));
      side.forEach(r -> labels.addAll(r.target().labels().keySet()));
    }
    if (coordinates.contains(by)) {
      return new Axis(by, Kind.COORDINATE);
    }
    if (labels.contains(by)) {
      return new Axis(by, Kind.LABEL);
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
    throw new CompareSpecException("BY '" + by + "' is not a coordinate, a target label, target or run of this run; "
        + hint + "BY can be: " + String.join(", ", accepted));
  }

  /** BY's value in a record; null when the record has none (a coordinate another cell does not vary). */
  String valueOf(PhaseResult r) {
    return switch (kind) {
      case RUN -> null;
      case TARGET -> r.target().name();
      case LABEL -> r.target().labels().get(by);
      case COORDINATE -> r.coordinates().get(by);
    };
  }

  /** Checks that {@code value} occurs on its side, listing the values BY takes there when it does not. */
  void requireValue(String value, List<PhaseResult> side) {
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
          + by + " takes: " + (values.isEmpty() ? "(none)" : String.join(", ", values)));
    }
  }
}
