package dev.ycsbmongo.orchestrator.plan;

import java.util.Map;
import java.util.Optional;

/**
 * The settings of a phase that the orchestrator itself acts on, typed once when the plan is expanded
 * ({@link PlanExpander}) instead of re-parsed from the phase's strings wherever they are needed. The plan
 * loader has checked every value by then, so typing cannot fail here for a loaded plan.
 *
 * <p>What exists now: a connection-stress phase's {@code connections.*} settings, and every phase's client
 * processes and where they run. YCSB's own counts (recordcount, operationcount, maxexecutiontime) are not
 * here: a workload file may set them, and it is read when the phase runs (see {@code exec.EffectiveProperties});
 * their typed form is the record's {@code results.PhaseParameters}, built once per phase.
 *
 * @param connections the {@code connections.*} settings, defaults filled in (connection-stress phases only)
 * @param distribution the phase's client processes and their backend
 */
public record PhaseSettings(Optional<ConnectionKeys.Settings> connections, Distribution distribution) {

  public PhaseSettings {
    java.util.Objects.requireNonNull(connections, "connections");
    java.util.Objects.requireNonNull(distribution, "distribution");
  }

  /** Settings of a phase run by one client process on this host. */
  public PhaseSettings(Optional<ConnectionKeys.Settings> connections) {
    this(connections, Distribution.oneLocalClient());
  }

  /**
   * The settings of a phase of {@code kind} with these resolved properties, on this host: as many clients
   * as its {@code clients} property says, else one.
   */
  public static PhaseSettings of(PhaseKind kind, Map<String, String> properties) {
    return of(kind, properties, Distribution.oneLocalClient());
  }

  /**
   * The settings of a phase of {@code kind} with these resolved properties: the plan's {@code distribution},
   * with the count of the phase's {@code clients} property when it has one.
   */
  public static PhaseSettings of(PhaseKind kind, Map<String, String> properties, Distribution distribution) {
    String clients = properties.get(PropertyRules.CLIENTS);
    Distribution d = clients == null ? distribution : distribution.withClients(Integer.parseInt(clients.strip()));
    return new PhaseSettings(kind == PhaseKind.CONNECTIONS ? Optional.of(ConnectionKeys.settings(properties))
        : Optional.empty(), d);
  }
}
