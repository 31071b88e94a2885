package dev.ycsbmongo.orchestrator.exec;

import static org.junit.jupiter.api.Assertions.assertSame;

import dev.ycsbmongo.orchestrator.plan.Distribution;
import dev.ycsbmongo.orchestrator.plan.PhaseKind;
import dev.ycsbmongo.orchestrator.results.PhaseResult;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Which runner runs which phase: chosen in one place, by kind and by how many clients drive it. */
class PhaseRunnersTest {

  private static final class Named implements PhaseRunner {
    @Override
    public PhaseResult run(Cell cell) {
      throw new AssertionError("not run here");
    }
  }

  private final PhaseRunner ycsb = new Named();
  private final PhaseRunner connections = new Named();
  private final PhaseRunner distributedYcsb = new Named();
  private final PhaseRunner distributedConnections = new Named();
  private final PhaseRunners runners = new PhaseRunners(ycsb, connections, distributedYcsb, distributedConnections);

  private static Map<String, String> props(PhaseKind kind) {
    return kind == PhaseKind.CONNECTIONS ? Map.of("connections.count", "10") : Map.of();
  }

  @Test
  void oneLocalClientRunsWithTheSingleJvmRunners() {
    for (PhaseKind kind : new PhaseKind[] {PhaseKind.LOAD, PhaseKind.WARMUP, PhaseKind.RUN}) {
      assertSame(ycsb, runners.forPhase(Phases.distributed(kind, props(kind), Distribution.local(1))));
    }
    assertSame(connections, runners.forPhase(Phases.distributed(PhaseKind.CONNECTIONS, props(PhaseKind.CONNECTIONS),
        Distribution.local(1))));
  }

  @Test
  void severalClientsRunWithTheDistributedRunners() {
    for (PhaseKind kind : new PhaseKind[] {PhaseKind.LOAD, PhaseKind.WARMUP, PhaseKind.RUN}) {
      assertSame(distributedYcsb, runners.forPhase(Phases.distributed(kind, props(kind), Distribution.local(3))));
    }
    assertSame(distributedConnections, runners.forPhase(Phases.distributed(PhaseKind.CONNECTIONS,
        props(PhaseKind.CONNECTIONS), Distribution.local(2))));
  }
}
