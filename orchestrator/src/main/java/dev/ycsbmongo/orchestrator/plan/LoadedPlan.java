package dev.ycsbmongo.orchestrator.plan;

/** A plan with the lines of its file, for checks that run after expansion and must still name a line. */
public record LoadedPlan(Plan plan, PlanLines lines) {
}
