package dev.ycsbmongo.orchestrator.plan;

import java.util.List;

/**
 * A comparison the plan asks for in {@code report.compare}: made from the run's records whenever its
 * tables are written, as {@code report RUN_DIR --compare} would make it.
 *
 * @param rules the entry's {@code differing} and {@code rangesOver} ({@link PairingRules#NONE} for the scalar form)
 * @param line the plan line it was written on, for errors found once the plan is expanded
 * @param rangesOverLine the line of its {@code rangesOver} (its own line when it has none)
 */
public record PlanComparison(CompareSpec spec, PairingRules rules, String path, int line, int rangesOverLine) {

  public PlanComparison(CompareSpec spec, String path, int line) {
    this(spec, PairingRules.NONE, path, line, line);
  }

  /** This comparison with the plan's {@code report.describes} in its rules. */
  public PlanComparison describing(List<String> labels) {
    return new PlanComparison(spec, rules.describing(labels), path, line, rangesOverLine);
  }
}
