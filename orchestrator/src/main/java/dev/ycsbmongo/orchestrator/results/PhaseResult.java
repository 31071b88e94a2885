package dev.ycsbmongo.orchestrator.results;

import dev.ycsbmongo.orchestrator.plan.PhaseKind;
import java.time.Instant;
import java.util.Map;

/**
 * One line of {@code results.jsonl}: everything known about one phase, typed, units in names.
 * Written once, when the phase ends; every table and report is computed from these alone.
 *
 * @param schemaVersion {@value #SCHEMA_VERSION}; bumped on any incompatible change
 * @param runId the run directory's name
 * @param index, phaseId, kind, scenario, coordinates, repetition, dataSet: from the expanded phase
 * @param command the exact YCSB command line, connection string masked
 * @param properties every YCSB property the phase ran with: its workload file overlaid by the plan's values
 *     (YCSB's own order), the connection string left out
 * @param parameters what the phase was asked to do, typed (target, clients, threads, record and operation
 *     counts, ...), in every record whether or not the plan swept them; schema v1 lines get it from their
 *     properties and command when read
 * @param runtimeSeconds wall time of the child process (0 when it never started)
 * @param cause why the phase did not succeed (null when it did)
 * @param throughputOpsPerSec successful operations per second over the whole phase (null when not measured)
 * @param ycsbThroughputOpsPerSec YCSB's own [OVERALL] Throughput, which counts failed operations too
 * @param errorRate failed / all operations over the whole phase
 * @param full the whole phase's figures (null when YCSB produced none)
 * @param steady the figures after the ramp-up (null when the phase was too short: see steadyAbsentReason)
 * @param loadedRecords documents counted after a load (null when not verified)
 * @param outputDirectory the phase's directory, relative to the run directory
 * @param serverSettings the phase's {@code server.*} settings and how they were applied (null when it has none)
 * @param serverMetrics what the server sampler saw during the phase: QPS, CPU, connections, lag, and the
 *     opcounter cross-check against YCSB's counts (null when sampling was off or the phase never started)
 * @param connections the figures of a connection-stress phase (null for every other kind)
 * @param stability where the steady window starts, how steady the per-second throughput was over it, and the
 *     phase's longest stall (null for connection stress and phases without interval logs)
 * @param attempt which attempt at this phase id the record is: 1 for its first record, n + 1 for each new
 *     attempt (a resumed run, a load run again); the record with the highest attempt is the phase's current one,
 *     the others are history (see {@link ResultsReader#currentByPhaseId}). Files written before it existed read
 *     it from the order of their lines.
 * @param replacesAttempt the attempt this record supersedes (null for attempt 1): a consumer that sums or
 *     counts drops that one
 * @param clients how the client processes of a cell driven by several fared: count, backend, start skew,
 *     the common window and one row per client (null for a phase of one client and a phase that measured
 *     nothing; absent from v1 lines and older v2 lines)
 */
public record PhaseResult(int schemaVersion, String plan, String runId, int index, String phaseId, PhaseKind kind,
    String scenario, Map<String, String> coordinates, int repetition, String dataSet, TargetRecord target,
    ServerInfo server, ClientHost client, String command, Map<String, String> properties, PhaseParameters parameters,
    Instant start, Instant end, double runtimeSeconds, PhaseStatus status, String cause, Double throughputOpsPerSec,
    Double ycsbThroughputOpsPerSec, Double errorRate, WindowStats full, WindowStats steady, String steadyAbsentReason,
    double rampUpSeconds, Long loadedRecords, String outputDirectory, AppliedSettings serverSettings,
    ServerMetrics serverMetrics, ConnectionStressResult connections, Stability stability, int attempt,
    Integer replacesAttempt, PhaseClients clients) {

  /**
   * 2: {@code parameters} added; a v2 line always has it, and {@link ResultsReader} fills it in for v1 lines
   * from their properties and command. (In v1, {@code attempt} and {@code replacesAttempt} were added
   * compatibly: older readers ignore unknown fields.) {@code clients} was added to v2 compatibly: optional,
   * null when absent.
   */
  public static final int SCHEMA_VERSION = 2;

  public PhaseResult {
    coordinates = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(coordinates));
    properties = java.util.Collections.unmodifiableSortedMap(new java.util.TreeMap<>(properties));
    if (parameters == null) {
      throw new IllegalArgumentException("a record needs its phase's parameters");
    }
    if (attempt < 0 || (replacesAttempt != null && (replacesAttempt < 1 || replacesAttempt >= attempt))) {
      throw new IllegalArgumentException("attempt " + attempt + " cannot replace attempt " + replacesAttempt);
    }
  }

  /** A first attempt (the executor builds records so; the runner numbers them with {@link #asAttempt}). */
  public PhaseResult(int schemaVersion, String plan, String runId, int index, String phaseId, PhaseKind kind,
      String scenario, Map<String, String> coordinates, int repetition, String dataSet, TargetRecord target,
      ServerInfo server, ClientHost client, String command, Map<String, String> properties, PhaseParameters parameters,
      Instant start, Instant end, double runtimeSeconds, PhaseStatus status, String cause, Double throughputOpsPerSec,
      Double ycsbThroughputOpsPerSec, Double errorRate, WindowStats full, WindowStats steady, String steadyAbsentReason,
      double rampUpSeconds, Long loadedRecords, String outputDirectory, AppliedSettings serverSettings,
      ServerMetrics serverMetrics, ConnectionStressResult connections, Stability stability, PhaseClients clients) {
    this(schemaVersion, plan, runId, index, phaseId, kind, scenario, coordinates, repetition, dataSet, target, server,
        client, command, properties, parameters, start, end, runtimeSeconds, status, cause, throughputOpsPerSec,
        ycsbThroughputOpsPerSec, errorRate, full, steady, steadyAbsentReason, rampUpSeconds, loadedRecords,
        outputDirectory, serverSettings, serverMetrics, connections, stability, 1, null, clients);
  }

  /**
   * A first attempt whose parameters are those its properties and command imply, as for a schema v1 line (see
   * {@link PhaseParameters#fromV1}): for records made by hand (tests, tools), never by the executor.
   */
  public PhaseResult(int schemaVersion, String plan, String runId, int index, String phaseId, PhaseKind kind,
      String scenario, Map<String, String> coordinates, int repetition, String dataSet, TargetRecord target,
      ServerInfo server, ClientHost client, String command, Map<String, String> properties, Instant start, Instant end,
      double runtimeSeconds, PhaseStatus status, String cause, Double throughputOpsPerSec, Double ycsbThroughputOpsPerSec,
      Double errorRate, WindowStats full, WindowStats steady, String steadyAbsentReason, double rampUpSeconds,
      Long loadedRecords, String outputDirectory, AppliedSettings serverSettings, ServerMetrics serverMetrics,
      ConnectionStressResult connections, Stability stability, PhaseClients clients) {
    this(schemaVersion, plan, runId, index, phaseId, kind, scenario, coordinates, repetition, dataSet, target, server,
        client, command, properties, PhaseParameters.fromV1(target == null ? null : target.name(), properties, command),
        start, end, runtimeSeconds, status, cause, throughputOpsPerSec,
        ycsbThroughputOpsPerSec, errorRate, full, steady, steadyAbsentReason, rampUpSeconds, loadedRecords,
        outputDirectory, serverSettings, serverMetrics, connections, stability, 1, null, clients);
  }

  /** This record as attempt {@code n} of its phase, replacing attempt {@code n - 1} (none when n is 1). */
  public PhaseResult asAttempt(int n) {
    if (n < 1) {
      throw new IllegalArgumentException("attempts count from 1: " + n);
    }
    return new PhaseResult(schemaVersion, plan, runId, index, phaseId, kind, scenario, coordinates, repetition, dataSet,
        target, server, client, command, properties, parameters, start, end, runtimeSeconds, status, cause,
        throughputOpsPerSec,
        ycsbThroughputOpsPerSec, errorRate, full, steady, steadyAbsentReason, rampUpSeconds, loadedRecords,
        outputDirectory, serverSettings, serverMetrics, connections, stability, n, n == 1 ? null : n - 1, clients);
  }

  /** True for a measured success and for a replayed published figure: both have figures to table and compare. */
  public boolean succeeded() {
    return status == PhaseStatus.SUCCEEDED || status == PhaseStatus.REPLAYED;
  }

  /** True for a published figure replayed into a record (see {@link PhaseStatus#REPLAYED}): not measured. */
  public boolean replayed() {
    return status == PhaseStatus.REPLAYED;
  }

  /**
   * The window comparisons, charts and curves read: steady state where there is one, else the whole phase. The
   * tables show both windows, each named ({@code report.FigureWindow}).
   */
  public WindowStats tableWindow() {
    return steady != null ? steady : full;
  }
}
