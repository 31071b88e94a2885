package dev.ycsbmongo.orchestrator.exec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
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
  void keepsEachBracketsCountMeanMaxAndPercentiles() {
    StatusLine s = StatusLine.parse("2026-11-25 23:44:08:468 1 sec: 445 operations; 425.84 current ops/sec; est "
        + "completion in 18 seconds [POOL-CHECKOUT: Count=453, Max=31695, Min=10, Avg=288.9, 90=30, 99=1238, "
        + "99.9=31695, 99.99=31695] [INSERT: Count=517, Max=163455, Min=362, Avg=8448.9, 90=18655, 99=122879, "
        + "99.9=163455, 99.99=163455] [READ: Count=0, Max=0, Min=9223372036854775807, Avg=NaN, 90=0, 99=0, 99.9=0, "
        + "99.99=0] [INSERT-FAILED: Count=2, Max=40, Min=35, Avg=37.5, 90=40, 99=40, 99.9=40, 99.99=40] ").orElseThrow();
    assertEquals(List.of("POOL-CHECKOUT", "INSERT", "READ", "INSERT-FAILED"),
        s.measurements().stream().map(ProgressListener.Measurement::name).toList());
    ProgressListener.Measurement insert = s.measurements().get(1);
    assertEquals(517, insert.count());
    assertEquals(8448.9, insert.meanMicros());
    assertEquals(163455.0, insert.maxMicros());
    assertEquals(Map.of(90.0, 18655.0, 99.0, 122879.0, 99.9, 163455.0, 99.99, 163455.0), insert.percentiles());
    ProgressListener.Measurement read = s.measurements().get(2);
    assertEquals(0, read.count());
    assertNull(read.meanMicros(), "an empty interval's NaN mean and Long.MAX_VALUE minimum are not figures");
    assertTrue(read.percentiles().isEmpty());
    assertEquals(2, s.errorsInInterval());
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
