package dev.ycsbmongo.orchestrator.plan;

import java.util.Map;
import java.util.Optional;

/**
 * The settings of a phase that the orchestrator itself acts on, typed once when the plan is expanded
 * ({@link PlanExpander}) instead of re-parsed from the phase's strings wherever they are needed. The plan
 * loader has checked every value by then, so typing cannot fail here for a loaded plan.
 *
 * <p>What exists now: a connection-stress phase's {@code connections.*} settings. YCSB's own counts
 * (recordcount, operationcount, maxexecutiontime) are not here: a workload file may set them, and it is
 * read when the phase runs (see {@code exec.EffectiveProperties}); their typed form is the record's
 * {@code results.PhaseParameters}, built once per phase.
 *
 * @param connections the {@code connections.*} settings, defaults filled in (connection-stress phases only)
 */
public record PhaseSettings(Optional<ConnectionKeys.Settings> connections) {

  /** The settings of a phase of {@code kind} with these resolved properties. */
  public static PhaseSettings of(PhaseKind kind, Map<String, String> properties) {
    return new PhaseSettings(kind == PhaseKind.CONNECTIONS ? Optional.of(ConnectionKeys.settings(properties))
        : Optional.empty());
  }
}
