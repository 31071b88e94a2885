package dev.ycsbmongo.orchestrator.plan;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;

/**
 * One YCSB invocation of an expanded plan: a value that {@code validate} prints and {@code run}
 * executes. It never holds a connection string: the runner takes it from the plan's target.
 *
 * @param index 1-based position in the plan's order
 * @param id stable identity, the same on every expansion of the same plan (what {@code --resume}
 *     matches), e.g. {@code run/local/rw-50-50/threads=8/rep=1}
 * @param scenario the scenario's name; for a load that prepares run cells, the first scenario that needs it
 * @param coordinates the cell's value of every dimension that applies to it, in dimension order
 *     ({@code threads} is spelled {@code threadcount})
 * @param repetition 1-based; 0 for loads that prepare data sets and for warm-ups
 * @param dataSet identity of the data set this phase loads or reads (target and the properties
 *     that shape the data: recordcount, fieldcount, fieldlength, table, database, ...)
 * @param workload the scenario's workload file, if any (passed to YCSB as {@code -P})
 * @param properties the resolved properties, sorted by key, without {@code mongodb.url}: YCSB's, and the
 *     orchestrator's own {@code server.*} and {@code connections.*} (which never reach YCSB)
 * @param threads YCSB's {@code -threads}
 * @param dropBeforeLoad drop the collection first (every load phase today)
 * @param verifyLoad count the documents after the load
 * @param dependsOn id of the load phase whose data this phase reads, if any: when that load did
 *     not succeed, this phase is recorded as skipped
 * @param settings the phase's settings typed once at expansion: connection stress, client processes, and what
 *     YCSB will see (effective properties, YCSB's counts)
 */
public record Phase(int index, String id, PhaseKind kind, String target, String scenario,
    Map<String, String> coordinates, int repetition, String dataSet, Optional<Path> workload,
    Map<String, String> properties, int threads, boolean dropBeforeLoad, boolean verifyLoad,
    Duration timeout, double maxErrorRate, Optional<String> dependsOn, PhaseSettings settings) {

  public Phase {
    coordinates = Plan.unmodifiableOrdered(coordinates);
    properties = java.util.Collections.unmodifiableSortedMap(new java.util.TreeMap<>(properties));
    if ((kind == PhaseKind.CONNECTIONS) != settings.connections().isPresent()) {
      throw new IllegalArgumentException(id + ": connection settings belong to connection-stress phases only");
    }
  }

  /**
   * A phase run by one client on this host, whose settings are typed from its workload file and properties here
   * ({@link PhaseSettings#of(PhaseKind, Optional, Map, Distribution)}).
   */
  public Phase(int index, String id, PhaseKind kind, String target, String scenario,
      Map<String, String> coordinates, int repetition, String dataSet, Optional<Path> workload,
      Map<String, String> properties, int threads, boolean dropBeforeLoad, boolean verifyLoad,
      Duration timeout, double maxErrorRate, Optional<String> dependsOn) {
    this(index, id, kind, target, scenario, coordinates, repetition, dataSet, workload, properties, threads,
        dropBeforeLoad, verifyLoad, timeout, maxErrorRate, dependsOn,
        PhaseSettings.of(kind, workload, properties, Distribution.oneLocalClient()));
  }

  /** The phase's client processes and where they run, typed at expansion. */
  public Distribution distribution() {
    return settings.distribution();
  }

  /** Client processes that drive the phase together, each with {@link #threads()} threads. */
  public int clients() {
    return settings.distribution().clients();
  }

  /**
   * The properties YCSB will see: the workload file (read at expansion), then the plan's values; no connection
   * string, passwords masked. What the phase's record carries.
   */
  public java.util.SortedMap<String, String> effectiveProperties() {
    return settings.effective();
  }

  /** YCSB's own counts (recordcount, operationcount, maxexecutiontime, ...), typed at expansion. */
  public YcsbCounts counts() {
    return settings.counts();
  }

  /** A connection-stress phase's settings, typed at expansion. */
  public ConnectionKeys.Settings connectionStress() {
    return settings.connections().orElseThrow(() -> new IllegalStateException(id + " is not a connection-stress"
        + " phase"));
  }

  /** True for phases whose figures go into the tables (runs, connection stress, and the cells of load scenarios). */
  public boolean measured() {
    return kind == PhaseKind.RUN || kind == PhaseKind.CONNECTIONS || (kind == PhaseKind.LOAD && repetition > 0);
  }

  /**
   * True for measured phases whose verdict rests on their figures (a steady window, the minimum operations):
   * all but connection stress, judged by its connections. Run and validate share this one rule.
   */
  public boolean judgedOnFigures() {
    return measured() && kind != PhaseKind.CONNECTIONS;
  }

  /** The properties YCSB sees: all but the orchestrator's own. */
  public java.util.SortedMap<String, String> ycsbProperties() {
    return EffectiveProperties.ycsbOnly(properties);
  }

  /** The {@code server.*} properties: settings to apply to the target and how to sample it. */
  public java.util.SortedMap<String, String> serverSettings() {
    return withPrefix(ServerKeys.PREFIX);
  }

  /** The {@code connections.*} properties of a connection-stress phase. */
  public java.util.SortedMap<String, String> connectionSettings() {
    return withPrefix(ConnectionKeys.PREFIX);
  }

  private java.util.SortedMap<String, String> withPrefix(String prefix) {
    java.util.SortedMap<String, String> m = new java.util.TreeMap<>(properties);
    m.keySet().removeIf(k -> !k.startsWith(prefix));
    return m;
  }
}
