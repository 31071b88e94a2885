package dev.ycsbmongo.orchestrator.plan;

/**
 * A comparison the plan asks for in {@code report.compare}: made from the run's records whenever its
 * tables are written, as {@code report RUN_DIR --compare} would make it.
 *
 * @param line the plan line it was written on, for errors found once the plan is expanded
 */
public record PlanComparison(CompareSpec spec, String path, int line) {
}
