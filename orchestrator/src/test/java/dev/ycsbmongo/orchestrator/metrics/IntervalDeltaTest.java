package dev.ycsbmongo.orchestrator.metrics;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ycsbmongo.orchestrator.results.ServerSample;
import java.util.Map;
import org.bson.Document;
import org.junit.jupiter.api.Test;

class IntervalDeltaTest {

  private static final double EPS = 1e-9;

  @Test
  void ratesArePerSecondOverTheInterval() {
    IntervalDelta d = IntervalDelta.between(Replies.snapshot("serverStatus-mongodb-6.0-t0.json", 0),
        Replies.snapshot("serverStatus-mongodb-6.0-t1.json", 2), 8);
    assertEquals(2.0, d.intervalSeconds(), EPS);
    assertFalse(d.counterReset());
    assertEquals(Map.of("insert", 2000L, "query", 200L, "update", 400L, "delete", 20L, "getmore", 2L, "command", 40L),
        d.opcounterDeltas());
    assertEquals(Map.of("insert", 1000.0, "query", 100.0, "update", 200.0, "delete", 10.0, "getmore", 1.0,
        "command", 20.0), d.opsPerSec());
    assertEquals(Map.of("insert", 0.0, "query", 0.0, "update", 0.0, "delete", 0.0, "getmore", 0.0, "command", 0.0),
        d.replOpsPerSec());
    assertEquals(30L, d.connectionsCreated());
    assertEquals(15.0, d.connectionsCreatedPerSec(), EPS);
    assertEquals(1_000_000.0, d.networkInBytesPerSec(), EPS);
    assertEquals(2_000_000.0, d.networkOutBytesPerSec(), EPS);
  }

  @Test
  void cpuIsProcessTimeOverWallTimeTimesHostCores() {
    // 6.0: 3.2 s of CPU in 2 s on 8 cores
    assertEquals(20.0, IntervalDelta.between(Replies.snapshot("serverStatus-mongodb-6.0-t0.json", 0),
        Replies.snapshot("serverStatus-mongodb-6.0-t1.json", 2), 8).cpuPercent(), EPS);
    // 7.0: 2 s of CPU in 1 s on 4 cores
    IntervalDelta seven = IntervalDelta.between(Replies.snapshot("serverStatus-mongodb-7.0-t0.json", 0),
        Replies.snapshot("serverStatus-mongodb-7.0-t1.json", 1), 4);
    assertEquals(2_000_000L, seven.cpuTimeMicrosDelta());
    assertEquals(50.0, seven.cpuPercent(), EPS);
    // 8.0: 1.5 s of CPU in 1 s on 2 cores
    assertEquals(75.0, IntervalDelta.between(Replies.snapshot("serverStatus-mongodb-8.0-t0.json", 0),
        Replies.snapshot("serverStatus-mongodb-8.0-t1.json", 1), 2).cpuPercent(), EPS);
  }

  @Test
  void cpuPercentIsAbsentWithoutHostCoresButCpuTimeIsKept() {
    IntervalDelta d = IntervalDelta.between(Replies.snapshot("serverStatus-mongodb-7.0-t0.json", 0),
        Replies.snapshot("serverStatus-mongodb-7.0-t1.json", 1), null);
    assertNull(d.cpuPercent());
    assertEquals(2_000_000L, d.cpuTimeMicrosDelta());
  }

  @Test
  void aRestartLeavesEveryCumulativeFigureAbsentNotNegative() {
    IntervalDelta d = IntervalDelta.between(Replies.snapshot("serverStatus-mongodb-7.0-t1.json", 1),
        Replies.snapshot("serverStatus-mongodb-7.0-restarted.json", 2), 4);
    assertTrue(d.counterReset());
    assertNull(d.opcounterDeltas());
    assertNull(d.opsPerSec());
    assertNull(d.replOpsPerSec());
    assertNull(d.cpuTimeMicrosDelta());
    assertNull(d.cpuPercent());
    assertNull(d.connectionsCreatedPerSec());
    assertNull(d.networkInBytesPerSec());
    assertNull(d.networkOutBytesPerSec());
    ServerSample line = SampleSeries.sample(d, Replies.at(0), null);
    assertTrue(line.counterReset());
    assertEquals(3L, line.connectionsCurrent(), "gauges come from the new reply and stay valid");
    assertEquals(180L, line.residentMb());
    assertEquals(40_000_000L, line.cacheUsedBytes());
  }

  @Test
  void aCounterThatDecreasedWithoutARestartIsAbsentAlone() {
    ServerStatusSnapshot before = Replies.snapshot("serverStatus-mongodb-7.0-t0.json", 0);
    ServerStatusSnapshot after = Replies.edited("serverStatus-mongodb-7.0-t1.json", 1,
        reply -> reply.get("opcounters", Document.class).put("update", 5L));
    IntervalDelta d = IntervalDelta.between(before, after, 4);
    assertTrue(d.counterReset());
    assertFalse(d.opsPerSec().containsKey("update"));
    assertEquals(1000.0, d.opsPerSec().get("insert"), EPS);
    assertEquals(50.0, d.cpuPercent(), EPS);
  }

  @Test
  void theEmbeddedServerGivesAnIntervalWithoutRates() {
    IntervalDelta d = IntervalDelta.between(Replies.snapshot("serverStatus-embedded.json", 0),
        Replies.edited("serverStatus-embedded.json", 1, reply -> reply.put("uptimeMillis", 13_345L)), null);
    assertFalse(d.counterReset());
    ServerSample line = SampleSeries.sample(d, Replies.at(0), null);
    assertEquals(new ServerSample(Replies.at(1), 1.0, 1.0, null, null, null, null, null, null, null, null, null, null,
        null, null, false), line);
  }

  @Test
  void rejectsSnapshotsOutOfOrder() {
    ServerStatusSnapshot a = Replies.snapshot("serverStatus-mongodb-7.0-t0.json", 1);
    ServerStatusSnapshot b = Replies.snapshot("serverStatus-mongodb-7.0-t1.json", 1);
    assertTrue(assertThrows(IllegalArgumentException.class, () -> IntervalDelta.between(a, b, 4)).getMessage()
        .startsWith("snapshots out of order: "));
  }
}
