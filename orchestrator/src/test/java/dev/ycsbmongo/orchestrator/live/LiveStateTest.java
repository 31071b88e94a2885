package dev.ycsbmongo.orchestrator.live;

import static dev.ycsbmongo.orchestrator.live.LiveFixtures.RUN;
import static dev.ycsbmongo.orchestrator.live.LiveFixtures.measurement;
import static dev.ycsbmongo.orchestrator.live.LiveFixtures.status;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ycsbmongo.orchestrator.exec.ProgressListener.Measurement;
import dev.ycsbmongo.orchestrator.live.LiveState.Failure;
import dev.ycsbmongo.orchestrator.live.LiveState.OperationFigures;
import dev.ycsbmongo.orchestrator.live.LiveState.Snapshot;
import dev.ycsbmongo.orchestrator.results.PhaseStatus;
import dev.ycsbmongo.orchestrator.results.ResultFixtures;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

class LiveStateTest {

  @Test
  void keepsThePlanTheRunningPhaseAndItsLastStatusInterval() {
    AtomicLong clock = new AtomicLong();
    LiveState s = new LiveState(clock::get);
    s.planStarted("quickstart", Path.of("results/quickstart-1"), 5, 4);
    s.phaseStarted(RUN, 2, 4, Optional.of(Duration.ofSeconds(100)));
    s.status(RUN, status(1, 2_000, 2_000, 0, measurement("READ", 1_000, 200, 900),
        measurement("UPDATE", 1_000, 400, 1_500), measurement("POOL-CHECKOUT", 2_000, 5, 40)));
    clock.set(Duration.ofSeconds(2).toNanos());
    s.status(RUN, status(2, 5_000, 2_500, 3, measurement("READ", 1_500, 100, 800),
        measurement("UPDATE", 997, 300, 1_200), measurement("UPDATE-ERROR", 3, 10, 10)));

    Snapshot snap = s.snapshot();
    assertEquals("quickstart", snap.plan());
    assertEquals(5, snap.phases());
    assertEquals(1, snap.phasesDone(), "one phase had succeeded before this (resumed) run");
    assertEquals(98.0, snap.etaSeconds(), 1e-9, "the estimate at the phase's start, counted down");
    assertEquals(5_000, snap.operationsTotal());
    assertEquals(3, snap.errorsTotal());
    assertEquals(Map.of(new Failure("UPDATE", "ERROR"), 3L), snap.failuresTotal());
    assertNotNull(snap.current());
    assertEquals(RUN, snap.current().phase());
    assertEquals(2, snap.current().number());
    assertEquals(5_000, snap.current().progress().operations());

    assertEquals(2, snap.current().operations().size(), "the last interval's measurements only, failures apart: "
        + snap.current().operations());
    OperationFigures read = snap.current().operations().get(0);
    assertEquals("READ", read.operation());
    // 3,000 operations in the interval at 2,500/s: the interval lasted 1.2 s, so READ's 1,500 are 1,250/s
    assertEquals(1_250, read.opsPerSec(), 1e-9);
    assertEquals(100e-6, read.meanSeconds(), 1e-15);
    assertEquals(800e-6, read.maxSeconds(), 1e-15);
    assertEquals(Map.of(0.9, 200e-6, 0.99, 300e-6, 0.999, 800e-6), read.quantileSeconds());
    assertEquals("[0.9, 0.99, 0.999]", read.quantileSeconds().keySet().toString(), "quantiles print as decimals");
  }

  @Test
  void countsVerdictsAndClearsThePhaseAtItsEnd() {
    LiveState s = new LiveState();
    s.planStarted("p", null, 3, 3);
    s.phaseStarted(RUN, 1, 3, Optional.empty());
    s.status(RUN, status(1, 1_000, 1_000, 0, measurement("READ", 1_000, 200, 900)));
    s.phaseEnded(RUN, ResultFixtures.run(2, "local", "rw-50-50", 8, 1, 200, 400, 1_000, 0, null));
    s.phaseStarted(RUN, 2, 3, Optional.empty());
    s.status(RUN, status(1, 400, 400, 0));
    s.phaseEnded(RUN, ResultFixtures.failed(ResultFixtures.run(2, "local", "rw-50-50", 8, 2, 200, 400, 400, 0, null),
        PhaseStatus.UNSTABLE, "rose 40%"));
    s.status(RUN, status(2, 900, 500, 0));

    Snapshot snap = s.snapshot();
    assertNull(snap.current(), "between phases");
    assertNull(snap.etaSeconds());
    assertEquals(2, snap.phasesDone());
    assertEquals(1_400, snap.operationsTotal(), "each phase's operations once; the line after its end is ignored");
    assertEquals(1L, snap.verdicts().get(PhaseStatus.SUCCEEDED));
    assertEquals(1L, snap.verdicts().get(PhaseStatus.UNSTABLE));
    assertEquals(0L, snap.verdicts().get(PhaseStatus.FAILED), "every verdict is there from the start");
    assertEquals("", snap.runDir());
  }

  @Test
  void anIntervalWithoutOperationsHasNoRateButKeepsItsLength() {
    LiveState s = new LiveState();
    s.planStarted("p", null, 1, 1);
    s.phaseStarted(RUN, 1, 1, Optional.empty());
    s.status(RUN, status(0, 0, 0, 0));
    assertTrue(s.snapshot().current().operations().isEmpty(), "no measurement yet");
    s.status(RUN, status(2, 0, 0, 0, new Measurement("READ", 0, null, null, new TreeMap<>())));
    OperationFigures read = s.snapshot().current().operations().get(0);
    assertEquals(0.0, read.opsPerSec(), "no operation in 2 s");
    assertNull(read.meanSeconds());
    assertTrue(read.quantileSeconds().isEmpty());
  }

  @Test
  void readsFailureSeriesAsOperationAndStatus() {
    assertEquals(Optional.of(new Failure("READ", "FAILED")), LiveState.failure("READ-FAILED"));
    assertEquals(Optional.of(new Failure("READ-MODIFY-WRITE", "NOT_FOUND")), LiveState.failure("READ-MODIFY-WRITE-NOT_FOUND"));
    assertEquals(Optional.empty(), LiveState.failure("READ-MODIFY-WRITE"));
    assertEquals(Optional.empty(), LiveState.failure("POOL-CHECKOUT"));
    assertEquals(Optional.empty(), LiveState.failure("INSERT-BATCH"));
  }
}
