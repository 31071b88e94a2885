package dev.ycsbmongo.orchestrator.exec;

import dev.ycsbmongo.orchestrator.plan.Distribution;
import dev.ycsbmongo.orchestrator.plan.Phase;

/**
 * The one place that says which {@link PhaseRunner} runs which phase: by its kind, and whether its
 * cell runs as N clients ({@code clients: N}, or the Kubernetes backend). A switch over every kind,
 * so that a new kind does not compile until it has a runner.
 */
final class PhaseRunners {

  private final PhaseRunner ycsb;
  private final PhaseRunner connections;
  private final PhaseRunner distributedYcsb;
  private final PhaseRunner distributedConnections;

  PhaseRunners(RunContext ctx) {
    this(new YcsbPhaseRunner(ctx), new ConnectionPhase(ctx), new DistributedPhaseRunner(ctx, backends(ctx)),
        new DistributedConnectionPhase(ctx, backends(ctx)));
  }

  PhaseRunners(PhaseRunner ycsb, PhaseRunner connections, PhaseRunner distributedYcsb,
      PhaseRunner distributedConnections) {
    this.ycsb = ycsb;
    this.connections = connections;
    this.distributedYcsb = distributedYcsb;
    this.distributedConnections = distributedConnections;
  }

  /** The runner of this phase. */
  PhaseRunner forPhase(Phase phase) {
    boolean distributed = phase.distribution().distributed();
    return switch (phase.kind()) {
      case LOAD, WARMUP, RUN -> distributed ? distributedYcsb : ycsb;
      case CONNECTIONS -> distributed ? distributedConnections : connections;
    };
  }

  /** The backend a distributed phase's clients run on, as its plan says. */
  static DistributedPhaseRunner.Backends backends(RunContext ctx) {
    return (phase, connectionFile) -> {
      Distribution d = phase.distribution();
      return switch (d.backend()) {
        case LOCAL -> new LocalClients(ctx.jvm(), connectionFile);
        case KUBERNETES -> new KubernetesClients(d.kubernetes().orElseThrow(() -> new IllegalStateException(
            phase.id() + ": backend kubernetes without an execution.kubernetes section")));
      };
    };
  }
}
