package dev.ycsbmongo.orchestrator.results;

import dev.ycsbmongo.orchestrator.host.ClientHostLoad;
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
 * @param clientHostLoad what the client host was and did during the phase: CPU model, cores, load average, and
 *     the shares of its cores other processes, ours and the hypervisor took (null for a phase that measured
 *     nothing, one whose clients ran elsewhere, and lines written before it existed)
 */
public record PhaseResult(int schemaVersion, String plan, String runId, int index, String phaseId, PhaseKind kind,
    String scenario, Map<String, String> coordinates, int repetition, String dataSet, TargetRecord target,
    ServerInfo server, ClientHost client, String command, Map<String, String> properties, PhaseParameters parameters,
    Instant start, Instant end, double runtimeSeconds, PhaseStatus status, String cause, Double throughputOpsPerSec,
    Double ycsbThroughputOpsPerSec, Double errorRate, WindowStats full, WindowStats steady, String steadyAbsentReason,
    double rampUpSeconds, Long loadedRecords, String outputDirectory, AppliedSettings serverSettings,
    ServerMetrics serverMetrics, ConnectionStressResult connections, Stability stability, int attempt,
    Integer replacesAttempt, PhaseClients clients, ClientHostLoad clientHostLoad) {

  /**
   * 2: {@code parameters} added; a v2 line always has it, and {@link ResultsReader} fills it in for v1 lines
   * from their properties and command. (In v1, {@code attempt} and {@code replacesAttempt} were added
   * compatibly: older readers ignore unknown fields.) {@code clients} was added to v2 compatibly: optional,
   * null when absent; so was {@code clientHostLoad}.
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

  /** This record as attempt {@code n} of its phase, replacing attempt {@code n - 1} (none when n is 1). */
  public PhaseResult asAttempt(int n) {
    if (n < 1) {
      throw new IllegalArgumentException("attempts count from 1: " + n);
    }
    return toBuilder().attempt(n).replacesAttempt(n == 1 ? null : n - 1).build();
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

  /**
   * A new record of the current schema, attempt 1, no coordinates and no properties: set what the record says.
   * Parameters left unset are those the properties and command imply, as for a schema v1 line (see
   * {@link PhaseParameters#fromV1}); the executor always sets them.
   */
  public static Builder builder() {
    return new Builder();
  }

  /** A builder holding this record's every field, to change a few: {@code r.toBuilder().status(FAILED).build()}. */
  public Builder toBuilder() {
    return new Builder(this);
  }

  /** Builds a {@link PhaseResult} by field name, so that a record is made, or copied with a change, in one line. */
  public static final class Builder {
    private int schemaVersion;
    private String plan;
    private String runId;
    private int index;
    private String phaseId;
    private PhaseKind kind;
    private String scenario;
    private Map<String, String> coordinates;
    private int repetition;
    private String dataSet;
    private TargetRecord target;
    private ServerInfo server;
    private ClientHost client;
    private String command;
    private Map<String, String> properties;
    private PhaseParameters parameters;
    private Instant start;
    private Instant end;
    private double runtimeSeconds;
    private PhaseStatus status;
    private String cause;
    private Double throughputOpsPerSec;
    private Double ycsbThroughputOpsPerSec;
    private Double errorRate;
    private WindowStats full;
    private WindowStats steady;
    private String steadyAbsentReason;
    private double rampUpSeconds;
    private Long loadedRecords;
    private String outputDirectory;
    private AppliedSettings serverSettings;
    private ServerMetrics serverMetrics;
    private ConnectionStressResult connections;
    private Stability stability;
    private int attempt;
    private Integer replacesAttempt;
    private PhaseClients clients;
    private ClientHostLoad clientHostLoad;

    public Builder schemaVersion(int schemaVersion) {
      this.schemaVersion = schemaVersion;
      return this;
    }

    public Builder plan(String plan) {
      this.plan = plan;
      return this;
    }

    public Builder runId(String runId) {
      this.runId = runId;
      return this;
    }

    public Builder index(int index) {
      this.index = index;
      return this;
    }

    public Builder phaseId(String phaseId) {
      this.phaseId = phaseId;
      return this;
    }

    public Builder kind(PhaseKind kind) {
      this.kind = kind;
      return this;
    }

    public Builder scenario(String scenario) {
      this.scenario = scenario;
      return this;
    }

    public Builder coordinates(Map<String, String> coordinates) {
      this.coordinates = coordinates;
      return this;
    }

    public Builder repetition(int repetition) {
      this.repetition = repetition;
      return this;
    }

    public Builder dataSet(String dataSet) {
      this.dataSet = dataSet;
      return this;
    }

    public Builder target(TargetRecord target) {
      this.target = target;
      return this;
    }

    public Builder server(ServerInfo server) {
      this.server = server;
      return this;
    }

    public Builder client(ClientHost client) {
      this.client = client;
      return this;
    }

    public Builder command(String command) {
      this.command = command;
      return this;
    }

    public Builder properties(Map<String, String> properties) {
      this.properties = properties;
      return this;
    }

    public Builder parameters(PhaseParameters parameters) {
      this.parameters = parameters;
      return this;
    }

    public Builder start(Instant start) {
      this.start = start;
      return this;
    }

    public Builder end(Instant end) {
      this.end = end;
      return this;
    }

    public Builder runtimeSeconds(double runtimeSeconds) {
      this.runtimeSeconds = runtimeSeconds;
      return this;
    }

    public Builder status(PhaseStatus status) {
      this.status = status;
      return this;
    }

    public Builder cause(String cause) {
      this.cause = cause;
      return this;
    }

    public Builder throughputOpsPerSec(Double throughputOpsPerSec) {
      this.throughputOpsPerSec = throughputOpsPerSec;
      return this;
    }

    public Builder ycsbThroughputOpsPerSec(Double ycsbThroughputOpsPerSec) {
      this.ycsbThroughputOpsPerSec = ycsbThroughputOpsPerSec;
      return this;
    }

    public Builder errorRate(Double errorRate) {
      this.errorRate = errorRate;
      return this;
    }

    public Builder full(WindowStats full) {
      this.full = full;
      return this;
    }

    public Builder steady(WindowStats steady) {
      this.steady = steady;
      return this;
    }

    public Builder steadyAbsentReason(String steadyAbsentReason) {
      this.steadyAbsentReason = steadyAbsentReason;
      return this;
    }

    public Builder rampUpSeconds(double rampUpSeconds) {
      this.rampUpSeconds = rampUpSeconds;
      return this;
    }

    public Builder loadedRecords(Long loadedRecords) {
      this.loadedRecords = loadedRecords;
      return this;
    }

    public Builder outputDirectory(String outputDirectory) {
      this.outputDirectory = outputDirectory;
      return this;
    }

    public Builder serverSettings(AppliedSettings serverSettings) {
      this.serverSettings = serverSettings;
      return this;
    }

    public Builder serverMetrics(ServerMetrics serverMetrics) {
      this.serverMetrics = serverMetrics;
      return this;
    }

    public Builder connections(ConnectionStressResult connections) {
      this.connections = connections;
      return this;
    }

    public Builder stability(Stability stability) {
      this.stability = stability;
      return this;
    }

    public Builder attempt(int attempt) {
      this.attempt = attempt;
      return this;
    }

    public Builder replacesAttempt(Integer replacesAttempt) {
      this.replacesAttempt = replacesAttempt;
      return this;
    }

    public Builder clients(PhaseClients clients) {
      this.clients = clients;
      return this;
    }

    public Builder clientHostLoad(ClientHostLoad clientHostLoad) {
      this.clientHostLoad = clientHostLoad;
      return this;
    }

    private Builder() {
      schemaVersion = SCHEMA_VERSION;
      coordinates = Map.of();
      properties = Map.of();
      attempt = 1;
    }

    private Builder(PhaseResult r) {
      this.schemaVersion = r.schemaVersion;
      this.plan = r.plan;
      this.runId = r.runId;
      this.index = r.index;
      this.phaseId = r.phaseId;
      this.kind = r.kind;
      this.scenario = r.scenario;
      this.coordinates = r.coordinates;
      this.repetition = r.repetition;
      this.dataSet = r.dataSet;
      this.target = r.target;
      this.server = r.server;
      this.client = r.client;
      this.command = r.command;
      this.properties = r.properties;
      this.parameters = r.parameters;
      this.start = r.start;
      this.end = r.end;
      this.runtimeSeconds = r.runtimeSeconds;
      this.status = r.status;
      this.cause = r.cause;
      this.throughputOpsPerSec = r.throughputOpsPerSec;
      this.ycsbThroughputOpsPerSec = r.ycsbThroughputOpsPerSec;
      this.errorRate = r.errorRate;
      this.full = r.full;
      this.steady = r.steady;
      this.steadyAbsentReason = r.steadyAbsentReason;
      this.rampUpSeconds = r.rampUpSeconds;
      this.loadedRecords = r.loadedRecords;
      this.outputDirectory = r.outputDirectory;
      this.serverSettings = r.serverSettings;
      this.serverMetrics = r.serverMetrics;
      this.connections = r.connections;
      this.stability = r.stability;
      this.attempt = r.attempt;
      this.replacesAttempt = r.replacesAttempt;
      this.clients = r.clients;
      this.clientHostLoad = r.clientHostLoad;
    }

    /**
     * Parameters as the properties and command imply, derived when built (see {@link #builder}): for a copy whose
     * properties, command or target changed.
     */
    public Builder parametersFromProperties() {
      this.parameters = null;
      return this;
    }

    /** The record; parameters left null are derived from the properties and command (see {@link #builder}). */
    public PhaseResult build() {
      PhaseParameters p = parameters != null ? parameters
          : PhaseParameters.fromV1(target == null ? null : target.name(), properties, command);
      return new PhaseResult(schemaVersion, plan, runId, index, phaseId, kind, scenario, coordinates, repetition,
          dataSet, target, server, client, command, properties, p, start, end, runtimeSeconds, status, cause,
          throughputOpsPerSec, ycsbThroughputOpsPerSec, errorRate, full, steady, steadyAbsentReason, rampUpSeconds,
          loadedRecords, outputDirectory, serverSettings, serverMetrics, connections, stability, attempt,
          replacesAttempt, clients, clientHostLoad);
    }
  }
}
