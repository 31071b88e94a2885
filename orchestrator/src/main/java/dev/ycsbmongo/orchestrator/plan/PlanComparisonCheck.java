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

  static void check(Plan plan, List<Phase> phases) {
    if (plan.comparisons().isEmpty()) {
      return;
    }
    List<CompareAxis.Cell> cells = phases.stream()
        .filter(Phase::measured)
        .map(p -> new CompareAxis.Cell(p.target(), plan.target(p.target()).map(Target::labels).orElseThrow(),
            p.coordinates()))
        .toList();
    for (PlanComparison c : plan.comparisons()) {
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
  }

  private static PlanException error(Plan plan, PlanComparison c, String problem) {
    return new PlanException(plan.source(), c.line(), c.path(), "'" + c.spec() + "': " + problem);
  }
}
