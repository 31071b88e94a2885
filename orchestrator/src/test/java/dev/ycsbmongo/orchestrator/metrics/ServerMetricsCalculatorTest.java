package dev.ycsbmongo.orchestrator.metrics;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.ycsbmongo.orchestrator.results.ResultsJson;
import dev.ycsbmongo.orchestrator.results.ServerMetrics;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.bson.Document;
import org.junit.jupiter.api.Test;

class ServerMetricsCalculatorTest {

  private static final double EPS = 1e-9;

  /**
   * MongoDB 7.0, five replies one second apart: 1,000 then 2,000 inserts, a restart, then 400
   * inserts since it. Lag readings at 0.5 s and 1.5 s.
   */
  static SampleSeries restartedSeries() {
    List<ServerStatusSnapshot> snapshots = List.of(
        Replies.snapshot("serverStatus-mongodb-7.0-t0.json", 0),
        Replies.snapshot("serverStatus-mongodb-7.0-t1.json", 1),
        Replies.edited("serverStatus-mongodb-7.0-t1.json", 2, Replies.inserts(53_000, 86_402_000)),
        Replies.snapshot("serverStatus-mongodb-7.0-restarted.json", 3),
        Replies.edited("serverStatus-mongodb-7.0-restarted.json", 4, Replies.inserts(700, 5_000)));
    List<ReplicationLag> lags = List.of(
        ReplicationLag.parse(Replies.load("replSetGetStatus-7.0-lagging-secondary-and-arbiter.json"), Replies.at(0.5)),
        new ReplicationLag(Replies.at(1.5), Map.of("m1.example.net:27017", 1.0, "m2.example.net:27017", 2.0), null));
    return Replies.series(snapshots, lags, 4, null);
  }

  @Test
  void summarisesTheWholeSeriesLeavingOutTheIntervalOfTheRestart() {
    ServerMetrics m = ServerMetricsCalculator.summarize(restartedSeries(), null, null);
    assertEquals(4, m.samples());
    assertEquals(1, m.counterResets());
    assertEquals(Replies.at(0), m.windowStart());
    assertEquals(Replies.at(4), m.windowEnd());
    assertEquals(3_400L, m.opcounterDeltas().get("insert"));
    assertEquals(3_400 / 3.0, m.qpsByOperation().get("insert"), EPS);
    assertEquals(500 / 3.0, m.qpsByOperation().get("query"), EPS);
    assertEquals(m.qpsByOperation().values().stream().mapToDouble(Double::doubleValue).sum(), m.qpsTotal(), EPS);
    assertEquals(2_000_000 / (3 * 4e6) * 100, m.cpuMeanPercent(), EPS);
    assertEquals(50.0, m.cpuPeakPercent(), EPS);
    assertEquals(4, m.hostCores());
    assertEquals(26L, m.connectionsPeak());
    assertEquals((26 + 26 + 3 + 3) / 4.0, m.connectionsMean(), EPS);
    assertEquals(838_834L, m.connectionsAvailableMin());
    assertEquals(838_860L, m.connectionsLimit());
    assertEquals(26 * 100.0 / 838_860, m.connectionsUtilisationPeakPercent(), EPS);
    assertEquals(Map.of("reads", 250.0, "writes", 400.0, "commands", 100.0), m.opLatencyMeanMicros(),
        "the interval with operations; the idle one adds none, the restart's is left out");
    assertEquals(Map.of("reads", 500L, "writes", 1_250L, "commands", 120L, "transactions", 0L), m.opLatencyOps());
    assertEquals(250.0, m.opLatencyMeanMicros(ServerMetrics.READS));
    assertNull(m.opLatencyMeanMicros(ServerMetrics.TRANSACTIONS));
    assertEquals(1L, m.connectionsCreated());
    assertEquals(1502L, m.residentMbPeak());
    assertEquals(3_010_000_000L, m.cacheUsedBytesPeak());
    assertEquals(4.0, m.maxLagSeconds());
    assertEquals(Map.of("m1.example.net:27017", 1.0, "m2.example.net:27017", 4.0), m.maxLagByMember());
    assertEquals(Map.of(), m.absent());
  }

  @Test
  void summarisesOnlyTheIntervalsInsideASubWindow() {
    ServerMetrics m = ServerMetricsCalculator.summarize(restartedSeries(), Replies.at(1), Replies.at(2));
    assertEquals(1, m.samples());
    assertEquals(0, m.counterResets());
    assertEquals(Replies.at(1), m.windowStart());
    assertEquals(Replies.at(2), m.windowEnd());
    assertEquals(2_000L, m.opcounterDeltas().get("insert"));
    assertEquals(2_000.0, m.qpsByOperation().get("insert"), EPS);
    assertEquals(0.0, m.cpuPeakPercent(), EPS);
    assertEquals(Map.of("m1.example.net:27017", 1.0, "m2.example.net:27017", 2.0), m.maxLagByMember());
  }

  @Test
  void aWindowOfOnlyTheRestartSaysWhyItsCountersAreAbsent() {
    ServerMetrics m = ServerMetricsCalculator.summarize(restartedSeries(), Replies.at(2), Replies.at(3));
    assertEquals(1, m.counterResets());
    assertNull(m.opcounterDeltas());
    assertNull(m.qpsTotal());
    assertEquals("every interval in the window had a counter reset (a server restart)", m.absent().get("opcounters"));
    assertEquals("every interval in the window had a counter reset (a server restart)", m.absent().get("opLatencies"));
    assertNull(m.opLatencyMeanMicros());
    assertEquals(3L, m.connectionsPeak());
  }

  @Test
  void serverLatencyIsWeightedByOperationsAcrossIntervals() {
    // interval 1: 500 reads at 250 µs; interval 2: 1,500 reads at 50 µs -> (125,000 + 75,000) / 2,000 = 100 µs
    SampleSeries s = Replies.series(List.of(
        Replies.snapshot("serverStatus-mongodb-7.0-t0.json", 0),
        Replies.snapshot("serverStatus-mongodb-7.0-t1.json", 1),
        Replies.edited("serverStatus-mongodb-7.0-t1.json", 2, r -> {
          r.put("uptimeMillis", 86_402_000L);
          Document reads = r.get("opLatencies", Document.class).get("reads", Document.class);
          reads.put("latency", 937_345L + 75_000);
          reads.put("ops", 12_000L);
        })), List.of(), 4, "not a replica set");
    ServerMetrics m = ServerMetricsCalculator.summarize(s, null, null);
    assertEquals(100.0, m.opLatencyMeanMicros(ServerMetrics.READS), EPS);
    assertEquals(2_000L, m.opLatencyOps().get("reads"));
    assertEquals(400.0, m.opLatencyMeanMicros(ServerMetrics.WRITES), EPS);
  }

  @Test
  void aWindowWhereTheServerFinishedNoOperationsSaysSo() {
    ServerMetrics m = ServerMetricsCalculator.summarize(restartedSeries(), Replies.at(1), Replies.at(2));
    assertNull(m.opLatencyMeanMicros());
    assertEquals(Map.of("reads", 0L, "writes", 0L, "commands", 0L, "transactions", 0L), m.opLatencyOps());
    assertEquals("the server finished no operations in the window (opLatencies ops unchanged)",
        m.absent().get("opLatencies"));
  }

  @Test
  void theConnectionLimitIsTheLargestSeenAndUtilisationItsPeak() {
    SampleSeries s = Replies.series(List.of(
        Replies.snapshot("serverStatus-mongodb-7.0-t0.json", 0),
        Replies.edited("serverStatus-mongodb-7.0-t1.json", 1, connections(7_000, 1_000)),
        Replies.edited("serverStatus-mongodb-7.0-t1.json", 2, connections(7_960, 40))), List.of(), 4, null);
    ServerMetrics m = ServerMetricsCalculator.summarize(s, null, null);
    assertEquals(8_000L, m.connectionsLimit());
    assertEquals(99.5, m.connectionsUtilisationPeakPercent(), EPS);
    assertFalse(m.absent().containsKey("connectionsLimit"));
    SampleSeries noAvailable = Replies.series(List.of(
        Replies.edited("serverStatus-mongodb-7.0-t0.json", 0, r -> r.get("connections", Document.class).remove("available")),
        Replies.edited("serverStatus-mongodb-7.0-t1.json", 1, r -> r.get("connections", Document.class).remove("available"))),
        List.of(), 4, null);
    ServerMetrics without = ServerMetricsCalculator.summarize(noAvailable, null, null);
    assertNull(without.connectionsLimit());
    assertNull(without.connectionsUtilisationPeakPercent());
    assertEquals("not reported by this server (serverStatus has no connections.available)",
        without.absent().get("connectionsLimit"));
  }

  private static java.util.function.Consumer<Document> connections(long current, long available) {
    return r -> {
      r.get("connections", Document.class).put("current", current);
      r.get("connections", Document.class).put("available", available);
    };
  }

  @Test
  void aWindowWithoutIntervalsSaysSo() {
    ServerMetrics m = ServerMetricsCalculator.summarize(restartedSeries(), Replies.at(1.2), Replies.at(1.8));
    assertEquals(0, m.samples());
    assertEquals("no sampled interval lies inside the window", m.absent().get("samples"));
  }

  @Test
  void cpuIsAbsentWithTheReasonWhenHostCoresAreUnknown() {
    SampleSeries s = restartedSeries();
    SampleSeries noCores = Replies.series(s.snapshots(), s.lagReadings(), null, null);
    ServerMetrics m = ServerMetricsCalculator.summarize(noCores, null, null);
    assertNull(m.cpuMeanPercent());
    assertNull(m.cpuPeakPercent());
    assertEquals("host cores unknown (hostInfo failed: no such command: 'hostInfo')", m.absent().get("cpu"));
  }

  @Test
  void theEmbeddedServerLeavesEveryFigureButTheWindowAbsentWithAReasonNeverZero() throws Exception {
    SampleSeries embedded = Replies.series(List.of(
        Replies.snapshot("serverStatus-embedded.json", 0),
        Replies.edited("serverStatus-embedded.json", 1, r -> r.put("uptimeMillis", 13_345L)),
        Replies.edited("serverStatus-embedded.json", 2, r -> r.put("uptimeMillis", 14_345L))), List.of(), null,
        "not a replica set");
    ServerMetrics m = ServerMetricsCalculator.summarize(embedded, null, null);
    assertEquals(2, m.samples());
    Map<String, String> expected = new TreeMap<>();
    expected.put("connections", "not counted by this server (the embedded server answers a constant connections.current"
        + " of 1)");
    expected.put("connectionsLimit", "not reported by this server (the embedded server's connections section holds only"
        + " a constant current of 1)");
    expected.put("opLatencies", "not reported by this server (serverStatus has no opLatencies)");
    expected.put("cpu", "not reported by this server (serverStatus has no extra_info.user_time_us)");
    expected.put("crossCheck", "no opcounters from this server");
    expected.put("memory", "not reported by this server (serverStatus has no mem.resident)");
    expected.put("network", "not reported by this server (serverStatus has no network section)");
    expected.put("opcounters", "not reported by this server (serverStatus has no opcounters)");
    expected.put("opcountersRepl", "not reported by this server (serverStatus has no opcountersRepl)");
    expected.put("replicationLag", "not a replica set");
    expected.put("wiredTiger", "not reported by this server (no WiredTiger section)");
    assertEquals(expected, m.absent());
    List<String> written = new ArrayList<>();
    new ObjectMapper().readTree(ResultsJson.line(m)).fieldNames().forEachRemaining(written::add);
    assertEquals(List.of("sampledHost", "intervalSeconds", "samples", "windowStart", "windowEnd", "counterResets",
        "absent", "failedSamples"), written, "only what was measured, no zero standing in for an absent figure");
  }

  @Test
  void aSingleMemberReplicaSetHasNoSecondariesToLag() {
    SampleSeries s = restartedSeries();
    SampleSeries single = Replies.series(s.snapshots(), List.of(
        new ReplicationLag(Replies.at(0.5), Map.of(), null)), 4, null);
    assertEquals("no secondaries",
        ServerMetricsCalculator.summarize(single, null, null).absent().get("replicationLag"));
  }

  @Test
  void statedCoresDivideTheCpuAndTheRecordSaysSo() {
    SampleSeries s = restartedSeries();
    SampleSeries stated = new SampleSeries(s.sampledHost(), s.intervalSeconds(), s.snapshots(), s.lagReadings(), 2,
        null, s.replicationAbsentReason(), null, 0, "server.cores (hostInfo.system.numCores: 4)");
    ServerMetrics m = ServerMetricsCalculator.summarize(stated, null, null);
    // the same CPU time over 2 cores instead of 4: twice the share
    assertEquals(2_000_000 / (3 * 2e6) * 100, m.cpuMeanPercent(), EPS);
    assertEquals(2, m.hostCores());
    assertEquals("server.cores (hostInfo.system.numCores: 4)", m.hostCoresSource());
    assertEquals("hostInfo.system.numCores", ServerMetricsCalculator.summarize(s, null, null).hostCoresSource());
  }
}
