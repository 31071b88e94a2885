package dev.ycsbmongo.orchestrator.exec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class GcLogTest {

  @Test
  void readsTheCollectorsPausesFromARealLog() throws URISyntaxException {
    // written by JDK 17 with the option the children get, Parallel GC
    Path log = Path.of(GcLogTest.class.getResource("/gc-logs/parallel.log").toURI());
    List<GcLog.Pause> pauses = GcLog.read(log);
    assertEquals(6, pauses.size(), pauses.toString());
    GcLog.Pause first = pauses.get(0);
    assertEquals("Pause Young (Allocation Failure)", first.kind());
    assertEquals(0.005115, first.seconds(), 1e-9);
    assertEquals(0.704, first.uptimeSeconds(), 1e-9);
    assertEquals(Instant.parse("2026-11-26T02:26:34.494Z").toEpochMilli(), first.endEpochMillis());
    assertEquals("Pause Full (Ergonomics)", pauses.get(3).kind());
  }

  @Test
  void readsG1AndUptimeOnlyLinesAndSkipsConcurrentPhases() {
    List<GcLog.Pause> pauses = GcLog.parse(Stream.of(
        "[12.345s][info][gc] GC(3) Pause Young (Normal) (G1 Evacuation Pause) 24M->3M(256M) 1400.123ms",
        "[13.001s][info][gc] GC(4) Concurrent Mark Cycle 45.123ms",
        "[13.100s][info][gc] GC(4) Pause Remark 20M->20M(256M) 1.234ms",
        "[0.003s][info][gc] Using G1",
        "[2026-11-26T02:26:35.532+0000][0.762s][info][gc] GC(7) Pause Full (System.gc()) 61M->60M(61M) 12.355ms",
        "garbage [1.0s] GC(1) Pause"));
    assertEquals(3, pauses.size(), pauses.toString());
    assertEquals(1.400123, pauses.get(0).seconds(), 1e-9);
    assertEquals("Pause Young (Normal) (G1 Evacuation Pause)", pauses.get(0).kind());
    assertNull(pauses.get(0).endEpochMillis(), "no wall clock on the line");
    assertEquals("Pause Remark", pauses.get(1).kind());
    assertEquals("Pause Full (System.gc())", pauses.get(2).kind());
  }

  @Test
  void placesLongPausesOnThePhasesClockFromTheirEnd() {
    long t0 = Instant.parse("2026-11-26T02:00:00.000Z").toEpochMilli();
    List<GcLog.Pause> pauses = GcLog.parse(Stream.of(
        "[2026-11-26T02:00:13.400+0000][14.1s][info][gc] GC(9) Pause Full (Allocation Failure) 900M->880M(1024M) 1400.000ms",
        "[2026-11-26T02:00:15.000+0000][15.7s][info][gc] GC(10) Pause Young (Allocation Failure) 300M->30M(1024M) 25.000ms",
        "[16.0s][info][gc] GC(11) Pause Full (Allocation Failure) 900M->880M(1024M) 2000.000ms"));
    List<Stall> stalls = GcLog.stalls(pauses, t0, Stall.GC);
    assertEquals(List.of(new Stall(1.4, 12.0, "GC paused the client")), stalls,
        "the short pause is not named; the unplaced one cannot be");
  }

  @Test
  void noLogNoPauses(@TempDir Path dir) throws IOException {
    assertTrue(GcLog.read(dir.resolve("gc.log")).isEmpty());
    Files.writeString(dir.resolve("gc.log"), "[0.01s][info][gc] GC(0) Pause Young (Allo");  // cut mid-line
    assertTrue(GcLog.read(dir.resolve("gc.log")).isEmpty());
  }

  @Test
  void theOptionQuotesThePath() {
    assertEquals("-Xlog:gc:file=\"/runs/a b:c/gc.log\":utctime,uptime,level,tags",
        GcLog.option(Path.of("/runs/a b:c/gc.log")));
  }
}
