package dev.ycsbmongo.orchestrator.exec;

import dev.ycsbmongo.orchestrator.host.ClientHostLoad;
import dev.ycsbmongo.orchestrator.plan.Phase;
import dev.ycsbmongo.orchestrator.plan.PhaseKind;
import dev.ycsbmongo.orchestrator.plan.Target;
import dev.ycsbmongo.orchestrator.results.AppliedSettings;
import dev.ycsbmongo.orchestrator.results.ConnectionStressResult;
import dev.ycsbmongo.orchestrator.results.PhaseClients;
import dev.ycsbmongo.orchestrator.results.PhaseMeasurements;
import dev.ycsbmongo.orchestrator.results.PhaseParameters;
import dev.ycsbmongo.orchestrator.results.PhaseResult;
import dev.ycsbmongo.orchestrator.results.ServerMetrics;
import dev.ycsbmongo.orchestrator.results.Stability;
import dev.ycsbmongo.orchestrator.results.TargetRecord;
import dev.ycsbmongo.orchestrator.results.WindowStats;
import java.time.Instant;
import java.util.List;
import java.util.Map;

/**
 * Builds the records of one phase, whichever runner ran it: what the run and the phase say about
 * themselves is filled in here once, the runner adds what it measured.
 */
final class PhaseRecorder {

  private final RunContext ctx;
  private final Phase phase;
  private final Instant start;
  /** What applying the phase's server settings did: every record of the phase carries it. */
  private final String settingsNote;
  /** What the server confirmed of the phase's settings and its target's topology labels. */
  private final List<AppliedSettings.Check> checks;
  private final Map<String, String> properties;
  private final PhaseParameters parameters;

  PhaseRecorder(RunContext ctx, Phase phase, Instant start, String settingsNote, List<AppliedSettings.Check> checks) {
    this.ctx = ctx;
    this.phase = phase;
    this.start = start;
    this.settingsNote = settingsNote;
    this.checks = List.copyOf(checks);
    this.properties = phase.effectiveProperties();
    this.parameters = parameters(phase);
  }

  /** The phase's parameters, from its settings typed at expansion: what its records carry. */
  PhaseParameters parameters() {
    return parameters;
  }

  /** A record of a phase that measured nothing (never started, or failed before it could), ending now. */
  PhaseResult unmeasured(PhaseVerdict v, String relDir, String command) {
    return measured(0, v, null, relDir, command, null, null, null, null, null);
  }

  /**
   * The phase's record, ending now.
   *
   * @param clients the per-client figures of a cell driven by several clients (null for one client)
   */
  PhaseResult measured(double runtime, PhaseVerdict v, PhaseMeasurements m, String relDir, String command,
      Long loaded, ServerMetrics server, ConnectionStressResult connections, Stability stability,
      PhaseClients clients) {
    return measured(runtime, v, m, relDir, command, loaded, server, connections, stability, clients, null);
  }

  /**
   * The phase's record, ending now, with what the client host did meanwhile.
   *
   * @param host the client host's load during the phase (null when it was not watched: clients elsewhere)
   */
  PhaseResult measured(double runtime, PhaseVerdict v, PhaseMeasurements m, String relDir, String command,
      Long loaded, ServerMetrics server, ConnectionStressResult connections, Stability stability,
      PhaseClients clients, ClientHostLoad host) {
    Target t = ctx.plan().target(phase.target()).orElseThrow();
    TargetRecord target = new TargetRecord(t.name(), t.maskedUri(), t.labels());
    WindowStats full = m == null ? null : m.full();
    return PhaseResult.builder().plan(ctx.plan().name()).runId(ctx.runDir().runId()).index(phase.index())
        .phaseId(phase.id()).kind(phase.kind()).scenario(phase.scenario()).coordinates(phase.coordinates())
        .repetition(phase.repetition()).dataSet(phase.dataSet()).target(target).server(ctx.servers().get(t.name()))
        .client(ctx.client()).command(command).properties(properties).parameters(parameters)
        .start(start).end(Instant.now()).runtimeSeconds(runtime).status(v.status()).cause(v.cause())
        .throughputOpsPerSec(full == null ? null : full.throughputOpsPerSec())
        .ycsbThroughputOpsPerSec(m == null ? null : m.ycsbThroughputOpsPerSec())
        .errorRate(full == null ? null : full.errorRate()).full(full).steady(m == null ? null : m.steady())
        .steadyAbsentReason(m == null ? null : m.steadyAbsentReason())
        .rampUpSeconds(ctx.plan().settings().rampUp().toMillis() / 1000.0).loadedRecords(loaded)
        .outputDirectory(relDir)
        .serverSettings(phase.serverSettings().isEmpty() && checks.isEmpty() ? null
            : new AppliedSettings(phase.serverSettings(), settingsNote, checks))
        .serverMetrics(server).connections(connections).stability(stability).clients(clients)
        .clientHostLoad(host).build();
  }

  /**
   * The phase's parameters for its record, from what was typed at expansion: YCSB's counts and clients for every
   * kind, threads only for the kinds that run YCSB threads.
   */
  static PhaseParameters parameters(Phase phase) {
    Integer threads = phase.kind() == PhaseKind.CONNECTIONS ? null : phase.threads();
    return PhaseParameters.of(phase.target(), phase.clients(), threads, phase.counts());
  }
}
