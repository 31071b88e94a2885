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
    assertNull(d.opLatencyMeanMicros());
    assertNull(d.opLatencyOpsDeltas());
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
        null, null, false, null), line);
  }

  @Test
  void serverLatencyIsTheLatencyDeltaOverTheOpsDeltaForEachType() {
    // 7.0: 500 reads took 125,000 µs, 1,250 writes 500,000 µs, 120 commands 12,000 µs; no transactions
    IntervalDelta d = IntervalDelta.between(Replies.snapshot("serverStatus-mongodb-7.0-t0.json", 0),
        Replies.snapshot("serverStatus-mongodb-7.0-t1.json", 1), 4);
    assertEquals(Map.of("reads", 125_000L, "writes", 500_000L, "commands", 12_000L, "transactions", 0L),
        d.opLatencyMicrosDeltas());
    assertEquals(Map.of("reads", 500L, "writes", 1_250L, "commands", 120L, "transactions", 0L), d.opLatencyOpsDeltas());
    assertEquals(Map.of("reads", 250.0, "writes", 400.0, "commands", 100.0), d.opLatencyMeanMicros(),
        "a type without operations has no mean, not 0 µs");
    assertEquals(d.opLatencyMeanMicros(), SampleSeries.sample(d, Replies.at(0), null).opLatencyMeanMicros());
    // 6.0 and 8.0 send the same section
    assertEquals(Map.of("reads", 180.0, "writes", 350.0, "commands", 90.0), IntervalDelta.between(
        Replies.snapshot("serverStatus-mongodb-6.0-t0.json", 0), Replies.snapshot("serverStatus-mongodb-6.0-t1.json", 2),
        8).opLatencyMeanMicros());
    assertEquals(Map.of("reads", 150.0, "writes", 300.0, "commands", 80.0), IntervalDelta.between(
        Replies.snapshot("serverStatus-mongodb-8.0-t0.json", 0), Replies.snapshot("serverStatus-mongodb-8.0-t1.json", 1),
        2).opLatencyMeanMicros());
  }

  @Test
  void anIntervalWithoutOperationsHasNoServerLatency() {
    ServerStatusSnapshot t1 = Replies.snapshot("serverStatus-mongodb-7.0-t1.json", 1);
    IntervalDelta idle = IntervalDelta.between(t1, Replies.edited("serverStatus-mongodb-7.0-t1.json", 2,
        r -> r.put("uptimeMillis", 86_402_000L)), 4);
    assertFalse(idle.counterReset());
    assertEquals(0L, idle.opLatencyOpsDeltas().get("reads"));
    assertNull(idle.opLatencyMeanMicros());
    assertNull(SampleSeries.sample(idle, Replies.at(0), null).opLatencyMeanMicros());
  }

  @Test
  void aLatencyCounterThatWentBackwardsLeavesOnlyItsTypeOut() {
    ServerStatusSnapshot before = Replies.snapshot("serverStatus-mongodb-7.0-t0.json", 0);
    ServerStatusSnapshot after = Replies.edited("serverStatus-mongodb-7.0-t1.json", 1, reply -> reply
        .get("opLatencies", Document.class).get("writes", Document.class).put("latency", 10L));
    IntervalDelta d = IntervalDelta.between(before, after, 4);
    assertTrue(d.counterReset());
    assertFalse(d.opLatencyOpsDeltas().containsKey("writes"), "its ops delta goes too: the mean needs the pair");
    assertEquals(Map.of("reads", 250.0, "commands", 100.0), d.opLatencyMeanMicros());
    ServerStatusSnapshot opsBack = Replies.edited("serverStatus-mongodb-7.0-t1.json", 1, reply -> reply
        .get("opLatencies", Document.class).get("reads", Document.class).put("ops", 3L));
    assertEquals(Map.of("writes", 400.0, "commands", 100.0),
        IntervalDelta.between(before, opsBack, 4).opLatencyMeanMicros());
  }

  @Test
  void noServerLatencyWhenEitherReplyLacksOpLatencies() {
    ServerStatusSnapshot without = Replies.edited("serverStatus-mongodb-7.0-t1.json", 1,
        reply -> reply.remove("opLatencies"));
    IntervalDelta d = IntervalDelta.between(Replies.snapshot("serverStatus-mongodb-7.0-t0.json", 0), without, 4);
    assertNull(d.opLatencyMicrosDeltas());
    assertNull(d.opLatencyOpsDeltas());
    assertNull(d.opLatencyMeanMicros());
    assertFalse(d.counterReset(), "a missing section is not a reset");
  }

  @Test
  void rejectsSnapshotsOutOfOrder() {
    ServerStatusSnapshot a = Replies.snapshot("serverStatus-mongodb-7.0-t0.json", 1);
    ServerStatusSnapshot b = Replies.snapshot("serverStatus-mongodb-7.0-t1.json", 1);
    assertTrue(assertThrows(IllegalArgumentException.class, () -> IntervalDelta.between(a, b, 4)).getMessage()
        .startsWith("snapshots out of order: "));
  }
}
