package dev.ycsbmongo.orchestrator.plan;

import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import java.util.SortedMap;

/**
 * The settings of a phase, typed once when the plan is expanded ({@link PlanExpander}) instead of re-parsed from
 * the phase's strings wherever they are needed. The plan loader has checked every value by then, so typing cannot
 * fail here for a loaded plan.
 *
 * <p>What is here: a connection-stress phase's {@code connections.*} settings; every phase's client processes and
 * where they run; and what YCSB will see: the effective properties (the workload file, read at expansion through
 * {@link WorkloadFile}, with the plan's values on top, connection string out, passwords masked) and YCSB's own
 * counts typed from them ({@link YcsbCounts}: recordcount, insertstart, insertcount, operationcount,
 * maxexecutiontime, and the records and operations the verdict expects). The plan check, the run's estimate, the
 * verdict, the record's {@code results.PhaseParameters} and the clients' arguments all read these; only a client
 * process ({@code clients.ClientSlice}) parses the strings it is given again, in its own JVM.
 *
 * @param connections the {@code connections.*} settings, defaults filled in (connection-stress phases only)
 * @param distribution the phase's client processes and their backend
 * @param effective the properties YCSB will see, sorted by key (see {@link EffectiveProperties})
 * @param counts YCSB's counts typed from {@code effective}
 */
public record PhaseSettings(Optional<ConnectionKeys.Settings> connections, Distribution distribution,
    SortedMap<String, String> effective, YcsbCounts counts) {

  public PhaseSettings {
    java.util.Objects.requireNonNull(connections, "connections");
    java.util.Objects.requireNonNull(distribution, "distribution");
    effective = java.util.Collections.unmodifiableSortedMap(new java.util.TreeMap<>(effective));
    java.util.Objects.requireNonNull(counts, "counts");
  }

  /** Settings of a phase that sets nothing YCSB reads, run by these clients. */
  public PhaseSettings(Optional<ConnectionKeys.Settings> connections, Distribution distribution) {
    this(connections, distribution, new java.util.TreeMap<>(), YcsbCounts.NONE);
  }

  /** Settings of a phase that sets nothing YCSB reads, run by one client process on this host. */
  public PhaseSettings(Optional<ConnectionKeys.Settings> connections) {
    this(connections, Distribution.oneLocalClient());
  }

  /**
   * The settings of a phase of {@code kind} with these resolved properties and no workload file, on this host: as
   * many clients as its {@code clients} property says, else one.
   */
  public static PhaseSettings of(PhaseKind kind, Map<String, String> properties) {
    return of(kind, Optional.empty(), properties, Distribution.oneLocalClient());
  }

  /** {@link #of(PhaseKind, Optional, Map, Distribution)} without a workload file. */
  public static PhaseSettings of(PhaseKind kind, Map<String, String> properties, Distribution distribution) {
    return of(kind, Optional.empty(), properties, distribution);
  }

  /**
   * The settings of a phase of {@code kind} with this workload file and these resolved properties: the plan's
   * {@code distribution}, with the count of the phase's {@code clients} property when it has one; the workload
   * file is read here (once per file).
   */
  public static PhaseSettings of(PhaseKind kind, Optional<Path> workload, Map<String, String> properties,
      Distribution distribution) {
    String clients = properties.get(PropertyRules.CLIENTS);
    Distribution d = clients == null ? distribution : distribution.withClients(Integer.parseInt(clients.strip()));
    SortedMap<String, String> effective = EffectiveProperties.of(workload, EffectiveProperties.ycsbOnly(properties));
    return new PhaseSettings(kind == PhaseKind.CONNECTIONS ? Optional.of(ConnectionKeys.settings(properties))
        : Optional.empty(), d, effective, YcsbCounts.of(kind, effective));
  }
}
