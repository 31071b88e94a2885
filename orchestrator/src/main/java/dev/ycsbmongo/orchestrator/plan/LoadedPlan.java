package dev.ycsbmongo.orchestrator.plan;

import java.util.List;

/**
 * A plan with the lines of its file, for checks that run after expansion and must still name a line.
 *
 * @param notes what the reader should know about how it was read, one line each (a workload path found in the
 *     project's {@code workloads/} rather than beside the plan)
 */
public record LoadedPlan(Plan plan, PlanLines lines, List<String> notes) {

  public LoadedPlan {
    notes = List.copyOf(notes);
  }

  public LoadedPlan(Plan plan, PlanLines lines) {
    this(plan, lines, List.of());
  }
}
