package dev.ycsbmongo.orchestrator.plan;

import java.util.List;

/** A plan and its phases in execution order: the output of {@link PlanExpander}. */
public record Matrix(Plan plan, List<Phase> phases) {

  public Matrix {
    phases = List.copyOf(phases);
  }
}
