package dev.ycsbmongo.orchestrator.exec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class StatusLineTest {

  @Test
  void parsesOperationsRateAndFailedMeasurementCounts() {
    StatusLine s = StatusLine.parse("2026-11-22 17:20:01:123 3 sec: 12345 operations; 4115.2 current ops/sec; "
        + "est completion in 5 seconds [READ: Count=2000, Max=900, Min=80, Avg=120.5, 90=200, 99=400, 99.9=800, 99.99=900] "
        + "[READ-FAILED: Count=3, Max=1, Min=1, Avg=1] [UPDATE-ERROR: Count=2, Max=1] [READ-MODIFY-WRITE: Count=9, Max=1] "
        + "[POOL-CHECKOUT: Count=50, Max=1]").orElseThrow();
    assertEquals(3, s.elapsedSeconds());
    assertEquals(12345, s.operations());
    assertEquals(4115.2, s.currentOpsPerSec(), 1e-9);
    assertEquals(5, s.errorsInInterval(), "READ-FAILED + UPDATE-ERROR; READ-MODIFY-WRITE is an operation, not a failure");
  }

  @Test
  void parsesTheFirstLineWithoutARate() {
    StatusLine s = StatusLine.parse("2026-11-22 17:20:00:001 0 sec: 0 operations; est completion in 0 second").orElseThrow();
    assertEquals(0, s.operations());
    assertEquals(0.0, s.currentOpsPerSec());
  }

  @Test
  void ignoresOtherLines() {
    assertTrue(StatusLine.parse("[mongodb] pool summary: 16 connections created").isEmpty());
    assertTrue(StatusLine.parse("Loading workload...").isEmpty());
  }
}
