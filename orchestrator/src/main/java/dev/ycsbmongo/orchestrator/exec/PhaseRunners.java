package dev.ycsbmongo.orchestrator.exec;

import dev.ycsbmongo.orchestrator.plan.PhaseKind;

/**
 * The one place that says which {@link PhaseRunner} runs which kind of phase. A switch over every
 * kind, so that a new kind does not compile until it has a runner.
 */
final class PhaseRunners {

  private final PhaseRunner ycsb;
  private final PhaseRunner connections;

  PhaseRunners(RunContext ctx) {
    this(new YcsbPhaseRunner(ctx), new ConnectionPhase(ctx));
  }

  PhaseRunners(PhaseRunner ycsb, PhaseRunner connections) {
    this.ycsb = ycsb;
    this.connections = connections;
  }

  /** The runner of phases of this kind. */
  PhaseRunner forKind(PhaseKind kind) {
    return switch (kind) {
      case LOAD, WARMUP, RUN -> ycsb;
      case CONNECTIONS -> connections;
    };
  }
}
