package dev.ycsbmongo.orchestrator.exec;

import static org.junit.jupiter.api.Assertions.assertSame;

import dev.ycsbmongo.orchestrator.plan.PhaseKind;
import dev.ycsbmongo.orchestrator.results.PhaseResult;
import org.junit.jupiter.api.Test;

/** Which runner runs which kind of phase: chosen in one place. */
class PhaseRunnersTest {

  private static final class Named implements PhaseRunner {
    @Override
    public PhaseResult run(Cell cell) {
      throw new AssertionError("not run here");
    }
  }

  @Test
  void runsLoadsWarmUpsAndRunsWithTheYcsbRunnerAndConnectionStressWithItsOwn() {
    PhaseRunner ycsb = new Named();
    PhaseRunner connections = new Named();
    PhaseRunners runners = new PhaseRunners(ycsb, connections);
    assertSame(ycsb, runners.forKind(PhaseKind.LOAD));
    assertSame(ycsb, runners.forKind(PhaseKind.WARMUP));
    assertSame(ycsb, runners.forKind(PhaseKind.RUN));
    assertSame(connections, runners.forKind(PhaseKind.CONNECTIONS));
  }
}
