package dev.ycsbmongo.orchestrator.results;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogWriter;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class IntendedLatencyTest {

  /** Ten 1 s intervals of 100 operations each; in interval 5 a stall: 10 operations late by up to 1 s. */
  private static void log(Path hdr, String name, boolean intended) throws Exception {
    Files.createDirectories(hdr);
    try (PrintStream out = new PrintStream(Files.newOutputStream(hdr.resolve(name + ".hdr")))) {
      HistogramLogWriter w = new HistogramLogWriter(out);
      w.outputLogFormatVersion();
      w.outputLegend();
      for (int i = 0; i < 10; i++) {
        Histogram h = new Histogram(3);
        h.setStartTimeStamp(1_000_000 + i * 1000L);
        h.setEndTimeStamp(1_000_000 + (i + 1) * 1000L);
        for (int k = 0; k < 100; k++) {
          boolean late = intended && i == 5 && k < 10;
          h.recordValue(late ? 1_000_000 - k * 50_000 : (i == 0 ? 90_000 : 900));
        }
        w.outputIntervalHistogram(h);
      }
    }
  }

  @Test
  void readsIntendedAndOperationLatencyOverTheWindow(@TempDir Path dir) throws Exception {
    log(dir.resolve("hdr"), "READ", false);
    log(dir.resolve("hdr"), "Intended-READ", true);
    log(dir.resolve("hdr"), "READ-MODIFY-WRITE", false);
    IntendedLatency all = IntendedLatency.read(dir, 0);
    assertEquals(1000, all.operations());
    IntendedLatency steady = IntendedLatency.read(dir, 1);  // the slow first (cold) interval left out
    assertEquals(900, steady.operations());
    assertTrue(steady.operationMicros(99) < 1000, "operation p99 " + steady.operationMicros(99));
    assertTrue(steady.intendedMicros(99) > 500_000, "intended p99 " + steady.intendedMicros(99));
    assertTrue(all.operationMicros(99.9) > 80_000, "the cold interval is in the whole run");
    // 100 per 1 s interval, the last interval (YCSB's export-time flush) left out of the rate
    assertEquals(100, steady.achievedPerSecond(), 1e-9);
  }

  @Test
  void aPhaseWithoutIntendedLogsIsRefusedWithWhy(@TempDir Path dir) throws Exception {
    log(dir.resolve("hdr"), "READ", false);
    YcsbOutputException e = assertThrows(YcsbOutputException.class, () -> IntendedLatency.read(dir, 0));
    assertTrue(e.getMessage().contains("measurement.interval=both"), e.getMessage());
  }
}
