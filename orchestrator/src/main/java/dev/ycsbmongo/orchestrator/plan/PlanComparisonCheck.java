package dev.ycsbmongo.orchestrator.plan;

import java.util.List;

/**
 * Checks a plan's {@code report.compare} against its expanded phases, so that a misspelt BY or a
 * value the plan never runs is found by {@code validate} and before {@code run} starts, not after
 * hours of measuring. It looks at the cells a comparison pairs: runs, measured loads and connection
 * stresses.
 */
final class PlanComparisonCheck {

  private PlanComparisonCheck() {
  }

  /**
   * The comparisons of {@code plan} that {@code phases} (a part of its matrix: --only, --set) can make; each
   * other one is a line in {@code leftOut}, saying why.
   */
  static List<PlanComparison> makeable(Plan plan, List<Phase> phases, List<String> leftOut) {
    List<CompareAxis.Cell> cells = cells(plan, phases);
    List<PlanComparison> kept = new java.util.ArrayList<>();
    for (PlanComparison c : plan.comparisons()) {
      try {
        check(plan, c, cells);
        kept.add(c);
      } catch (PlanException e) {
        String why = e.getMessage();
        String spec = "'" + c.spec() + "': ";
        why = why.contains(spec) ? why.substring(why.indexOf(spec) + spec.length()) : why;
        leftOut.add(c.path() + " (line " + c.line() + "): '" + c.spec() + "' is left out, as the cells selected cannot"
            + " make it (" + why + ")");
      }
    }
    return kept;
  }

  private static List<CompareAxis.Cell> cells(Plan plan, List<Phase> phases) {
    return phases.stream()
        .filter(Phase::measured)
        .map(p -> new CompareAxis.Cell(p.target(), plan.target(p.target()).map(Target::labels).orElseThrow(),
            p.coordinates()))
        .toList();
  }

  static void check(Plan plan, List<Phase> phases) {
    if (plan.comparisons().isEmpty()) {
      return;
    }
    List<CompareAxis.Cell> cells = cells(plan, phases);
    for (PlanComparison c : plan.comparisons()) {
      check(plan, c, cells);
    }
  }

  private static void check(Plan plan, PlanComparison c, List<CompareAxis.Cell> cells) {
    if (c.spec().by().equals(CompareSpec.RUN)) {
      throw error(plan, c, "run compares two run directories, which only 'report RUN_DIR --against RUN_DIR_B' can;"
          + " expected a coordinate, a target label or target");
    }
    try {
      CompareAxis axis = CompareAxis.resolve(c.spec().key(), cells, cells, false, "this plan");
      axis.requireValue(c.spec().a(), cells);
      axis.requireValue(c.spec().b(), cells);
    } catch (CompareSpecException e) {
      throw error(plan, c, e.getMessage());
    }
    for (String key : c.rules().rangesOver()) {
      java.util.Optional<String> problem = CompareAxis.rangesOverProblem(key, cells);
      if (problem.isPresent()) {
        throw new PlanException(plan.source(), c.rangesOverLine(), c.path() + ".rangesOver", problem.get());
      }
    }
  }

  private static PlanException error(Plan plan, PlanComparison c, String problem) {
    return new PlanException(plan.source(), c.line(), c.path(), "'" + c.spec() + "': " + problem);
  }
}
