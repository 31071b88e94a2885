package dev.ycsbmongo.orchestrator.results;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintStream;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogWriter;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class YcsbOutputTest {

  private static final long BASE = 1_795_000_000_000L;

  /** An HDR log as YCSB writes it: one interval per second, each recording {@code values[i]} {@code counts[i]} times. */
  private static void log(Path dir, String name, long[] values, int[] counts) throws Exception {
    Files.createDirectories(dir.resolve("hdr"));
    try (PrintStream out = new PrintStream(Files.newOutputStream(dir.resolve("hdr").resolve(name + ".hdr")))) {
      HistogramLogWriter w = new HistogramLogWriter(out);
      w.outputLogFormatVersion();
      w.outputStartTime(BASE);
      w.setBaseTime(BASE);
      w.outputLegend();
      for (int i = 0; i < values.length; i++) {
        Histogram h = new Histogram(3);
        h.setStartTimeStamp(BASE + i * 1000L);
        h.setEndTimeStamp(BASE + (i + 1) * 1000L);
        h.recordValueWithCount(values[i], counts[i]);
        w.outputIntervalHistogram(h);
      }
    }
  }

  private static void export(Path dir, String json) throws Exception {
    Files.writeString(dir.resolve("measurements.json"), json);
  }

  @Test
  void computesFullAndSteadyWindowsFromIntervalLogs(@TempDir Path dir) throws Exception {
    log(dir, "READ", new long[] {1000, 100, 100, 100}, new int[] {10, 100, 100, 100});
    log(dir, "UPDATE", new long[] {2000, 200, 200, 200}, new int[] {10, 50, 50, 50});
    log(dir, "READ-FAILED", new long[] {5, 5, 5, 5}, new int[] {4, 0, 1, 0});
    log(dir, "READ-MODIFY-WRITE", new long[] {300, 300, 300, 300}, new int[] {5, 5, 5, 5});
    log(dir, "POOL-CHECKOUT", new long[] {1, 1, 1, 1}, new int[] {500, 500, 500, 500});
    export(dir, """
        [{"metric":"OVERALL","measurement":"RunTime(ms)","value":4000},
         {"metric":"OVERALL","measurement":"Throughput(ops/sec)","value":120.5},
         {"metric":"READ","measurement":"Operations","value":310},
         {"metric":"READ","measurement":"Return=OK","value":310},
         {"metric":"READ","measurement":"Return=ERROR","value":5},
         {"metric":"UPDATE","measurement":"Return=OK","value":160}]
        """);
    PhaseMeasurements m = YcsbOutput.read(dir, Duration.ofSeconds(1));
    assertEquals(4000.0, m.ycsbRuntimeMillis());
    assertEquals(120.5, m.ycsbThroughputOpsPerSec());

    WindowStats full = m.full();
    assertEquals(310 + 160, full.operations(), "READ + UPDATE; READ-MODIFY-WRITE and POOL-CHECKOUT are not added");
    assertEquals(5, full.failedOperations());
    assertEquals(470 / 4.0, full.throughputOpsPerSec(), 1e-9);
    assertEquals(5.0 / 475, full.errorRate(), 1e-12);
    OperationStats read = full.operation("READ").orElseThrow();
    assertEquals(Map.of("ERROR", 5L), read.errorsByStatus());
    assertEquals(100, read.p50Micros(), "within HDR's 3 significant digits");
    assertTrue(read.maxMicros() >= 1000 && read.maxMicros() < 1001);
    assertEquals(20, full.operation("READ-MODIFY-WRITE").orElseThrow().count());
    assertTrue(full.operation("POOL-CHECKOUT").isEmpty());

    WindowStats steady = m.steady();
    assertNotNull(steady);
    assertEquals(1.0, steady.startSeconds());
    assertEquals(3.0, steady.durationSeconds());
    assertEquals(300 + 150, steady.operations(), "the first second (ramp-up) is left out");
    assertEquals(1, steady.failedOperations());
    assertEquals(Map.of("FAILED", 1L), steady.operation("READ").orElseThrow().errorsByStatus());
    assertEquals(100, steady.operation("READ").orElseThrow().maxMicros(), "the slow first interval is gone");
    assertEquals(450 / 3.0, steady.throughputOpsPerSec(), 1e-9);
  }

  @Test
  void saysWhyThereIsNoSteadyStateWhenThePhaseIsShorterThanTheRampUp(@TempDir Path dir) throws Exception {
    log(dir, "INSERT", new long[] {100, 100}, new int[] {5, 5});
    export(dir, "[{\"metric\":\"OVERALL\",\"measurement\":\"RunTime(ms)\",\"value\":2000}]");
    PhaseMeasurements m = YcsbOutput.read(dir, Duration.ofSeconds(10));
    assertNull(m.steady());
    assertEquals("phase shorter than the 10 s ramp-up", m.steadyAbsentReason());
    assertEquals(10, m.full().operations());
  }

  @Test
  void neverCountsTheBindingsBatchFlushesOrCleanupAsFailures(@TempDir Path dir) throws Exception {
    log(dir, "INSERT", new long[] {100, 100, 100}, new int[] {50, 50, 50});
    log(dir, "INSERT-BATCH", new long[] {900, 900, 900}, new int[] {5, 5, 5});
    log(dir, "CLEANUP", new long[] {10, 10, 10, 10, 10}, new int[] {0, 0, 0, 0, 4});
    export(dir, "[{\"metric\":\"OVERALL\",\"measurement\":\"RunTime(ms)\",\"value\":3000},"
        + "{\"metric\":\"INSERT\",\"measurement\":\"Return=BATCHED_OK\",\"value\":150}]");
    PhaseMeasurements m = YcsbOutput.read(dir, Duration.ofSeconds(1));
    assertEquals(0, m.full().failedOperations());
    assertEquals(0, m.steady().failedOperations());
    assertEquals(Map.of(), m.steady().operation("INSERT").orElseThrow().errorsByStatus());
    assertEquals(2.0, m.steady().durationSeconds(), "CLEANUP's later intervals do not stretch the window");
    assertEquals(null, YcsbOutput.failureStatus("INSERT-BATCH", "INSERT"));
    assertEquals(null, YcsbOutput.failureStatus("READ-MODIFY-WRITE", "READ"));
    assertEquals("NOT_FOUND", YcsbOutput.failureStatus("READ-NOT_FOUND", "READ"));
  }

  @Test
  void aSteadyWindowWithNoOperationIsAbsent(@TempDir Path dir) throws Exception {
    log(dir, "READ", new long[] {100, 100, 100}, new int[] {50, 50, 0});
    export(dir, "[{\"metric\":\"OVERALL\",\"measurement\":\"RunTime(ms)\",\"value\":3000}]");
    PhaseMeasurements m = YcsbOutput.read(dir, Duration.ofSeconds(2));
    assertNull(m.steady());
    assertEquals("no operation after the 2 s ramp-up", m.steadyAbsentReason());
  }

  @Test
  void fallsBackToTheExportWithoutIntervalLogs(@TempDir Path dir) throws Exception {
    export(dir, """
        [{"metric":"OVERALL","measurement":"RunTime(ms)","value":2000},
         {"metric":"INSERT","measurement":"Operations","value":1000},
         {"metric":"INSERT","measurement":"AverageLatency(us)","value":250.5},
         {"metric":"INSERT","measurement":"99thPercentileLatency(us)","value":900},
         {"metric":"INSERT","measurement":"Return=OK","value":1000}]
        """);
    PhaseMeasurements m = YcsbOutput.read(dir, Duration.ofSeconds(1));
    assertEquals(500.0, m.full().throughputOpsPerSec());
    assertEquals(900, m.full().operation("INSERT").orElseThrow().p99Micros());
    assertNull(m.full().operation("INSERT").orElseThrow().p999Micros(), "absent, not zero");
    assertEquals("no HDR interval logs", m.steadyAbsentReason());
  }

  @Test
  void rejectsMissingEmptyOrTruncatedExports(@TempDir Path dir) throws Exception {
    assertEquals("measurements.json is missing: YCSB did not finish (see ycsb.err)",
        assertThrows(YcsbOutputException.class, () -> YcsbOutput.read(dir, Duration.ZERO)).getMessage());
    export(dir, "[]");
    assertEquals("measurements.json holds no measurements",
        assertThrows(YcsbOutputException.class, () -> YcsbOutput.read(dir, Duration.ZERO)).getMessage());
    export(dir, "[{\"metric\":\"OVERALL\",\"measurement\":\"RunTime(ms)\",\"val");
    assertTrue(assertThrows(YcsbOutputException.class, () -> YcsbOutput.read(dir, Duration.ZERO)).getMessage()
        .startsWith("measurements.json is not valid JSON"));
  }

  @Test
  void readsARealYcsbRunAndAgreesWithYcsbsOwnSummary() throws Exception {
    Path dir = fixture("run-rw-95-5-threads-8");
    PhaseMeasurements m = YcsbOutput.read(dir, Duration.ofSeconds(2));
    OperationStats read = m.full().operation("READ").orElseThrow();
    OperationStats update = m.full().operation("UPDATE").orElseThrow();
    // YCSB exported Operations 72965 / 3808, avg 797.7 / 1115.5 us, p99 5991 / 6611 us over the same histograms
    assertEquals(72965, read.count());
    assertEquals(3808, update.count());
    assertEquals(797.71, read.avgMicros(), 0.01);
    assertEquals(5991, read.p99Micros());
    assertEquals(6611, update.p99Micros());
    assertEquals(8.028, m.full().durationSeconds());
    assertEquals((72965 + 3808) / 8.028, m.full().throughputOpsPerSec(), 1e-6);
    assertNotNull(m.steady());
    assertTrue(m.steady().operations() < m.full().operations() && m.steady().operations() > 0);
    assertTrue(m.full().operation("CLEANUP").isEmpty() && m.full().operation("POOL-CHECKOUT").isEmpty());
  }

  private static Path fixture(String name) throws URISyntaxException {
    return Path.of(YcsbOutputTest.class.getResource("/ycsb-output/" + name + "/measurements.json").toURI()).getParent();
  }
}
