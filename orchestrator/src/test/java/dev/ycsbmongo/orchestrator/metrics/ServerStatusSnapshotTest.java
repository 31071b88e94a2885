package dev.ycsbmongo.orchestrator.metrics;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import org.bson.Document;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class ServerStatusSnapshotTest {

  @Test
  void readsEveryFigureOfAMongoDb70Reply() {
    ServerStatusSnapshot s = Replies.snapshot("serverStatus-mongodb-7.0-t0.json", 0);
    assertEquals(Replies.T0, s.receivedAt());
    assertEquals(86_400.0, s.uptimeSeconds());
    assertEquals("m0.example.net:27017", s.host());
    assertEquals("mongod", s.process());
    assertEquals(Map.of("insert", 50_000L, "query", 10_000L, "update", 20_000L, "delete", 0L, "getmore", 100L,
        "command", 900_000L), s.opcounters());
    assertEquals(ServerStatusSnapshot.OPERATIONS, s.opcounters().keySet().stream().toList());
    assertEquals(Map.of("insert", 0L, "query", 0L, "update", 0L, "delete", 0L, "getmore", 0L, "command", 0L),
        s.opcountersRepl());
    assertEquals(25L, s.connectionsCurrent());
    assertEquals(838_835L, s.connectionsAvailable());
    assertEquals(400L, s.connectionsTotalCreated());
    assertTrue(s.connectionsCounted());
    assertEquals(40_000_000L, s.networkBytesIn());
    assertEquals(90_000_000L, s.networkBytesOut());
    assertEquals(120_000_000L, s.cpuTimeMicros());
    assertEquals(1500L, s.residentMb());
    assertEquals(3_000_000_000L, s.cacheUsedBytes());
    assertEquals(12_000_000L, s.cacheDirtyBytes());
    assertEquals(Map.of("reads", 812_345L, "writes", 4_523_211L, "commands", 1_234_567L, "transactions", 0L),
        s.opLatencyMicros());
    assertEquals(Map.of("reads", 10_000L, "writes", 70_000L, "commands", 900_000L, "transactions", 0L),
        s.opLatencyOps());
    assertEquals(ServerStatusSnapshot.LATENCY_TYPES, s.opLatencyOps().keySet().stream().toList());
    assertEquals(838_860L, s.connectionsLimit(), "current + available");
    assertEquals(25 * 100.0 / 838_860, s.connectionsUtilisationPercent(), 1e-12);
  }

  @Test
  void readsOpLatenciesOfAnyNumericTypeAndLeavesOutATypeMissingHalfItsPair() {
    Document reply = Replies.load("serverStatus-mongodb-7.0-t0.json");
    Document latencies = reply.get("opLatencies", Document.class);
    latencies.get("reads", Document.class).put("latency", 900);
    latencies.get("reads", Document.class).put("ops", 3.0);
    latencies.get("writes", Document.class).remove("ops");
    latencies.remove("transactions");
    ServerStatusSnapshot s = ServerStatusSnapshot.parse(reply, Replies.T0);
    assertEquals(Map.of("reads", 900L, "commands", 1_234_567L), s.opLatencyMicros());
    assertEquals(Map.of("reads", 3L, "commands", 900_000L), s.opLatencyOps());
    latencies.clear();
    assertNull(ServerStatusSnapshot.parse(reply, Replies.T0).opLatencyOps(), "an empty section is no section");
  }

  @Test
  void theConnectionLimitIsWhatTheServerSaysItWouldAcceptInAll() {
    Document reply = Replies.load("serverStatus-mongodb-7.0-t0.json");
    reply.get("connections", Document.class).put("current", 7_990);
    reply.get("connections", Document.class).put("available", 10);
    ServerStatusSnapshot s = ServerStatusSnapshot.parse(reply, Replies.T0);
    assertEquals(8_000L, s.connectionsLimit());
    assertEquals(99.875, s.connectionsUtilisationPercent(), 1e-12);
    reply.get("connections", Document.class).remove("available");
    ServerStatusSnapshot noAvailable = ServerStatusSnapshot.parse(reply, Replies.T0);
    assertNull(noAvailable.connectionsLimit());
    assertNull(noAvailable.connectionsUtilisationPercent());
  }

  @Test
  void readsMongoDb60WhoseCacheFiguresAreInt32UntilTheyOutgrowIt() {
    Document t0 = Replies.load("serverStatus-mongodb-6.0-t0.json");
    Document t1 = Replies.load("serverStatus-mongodb-6.0-t1.json");
    Document cache0 = t0.get("wiredTiger", Document.class).get("cache", Document.class);
    Document cache1 = t1.get("wiredTiger", Document.class).get("cache", Document.class);
    assertEquals(Integer.class, cache0.get("bytes currently in the cache").getClass());
    assertEquals(Long.class, cache1.get("bytes currently in the cache").getClass());
    assertEquals(100_000_000L, ServerStatusSnapshot.parse(t0, Replies.T0).cacheUsedBytes());
    assertEquals(2_200_000_000L, ServerStatusSnapshot.parse(t1, Replies.T0).cacheUsedBytes());
    assertEquals(3_600.0, ServerStatusSnapshot.parse(t0, Replies.T0).uptimeSeconds());
  }

  @Test
  void readsMongoDb80() {
    ServerStatusSnapshot s = Replies.snapshot("serverStatus-mongodb-8.0-t1.json", 1);
    assertEquals(601.5, s.uptimeSeconds());
    assertEquals(1_004_000L, s.opcounters().get("query"));
    assertEquals(37_500_000L, s.cpuTimeMicros());
    assertEquals(103L, s.connectionsCurrent());
    assertEquals(40_000_000L, s.cacheDirtyBytes());
  }

  @ParameterizedTest
  @ValueSource(strings = {"int32", "int64", "double"})
  void readsAnyNumericTypeForAnyField(String type) {
    Document reply = Replies.load("serverStatus-mongodb-7.0-t0.json");
    Object value = switch (type) {
      case "int32" -> 2_000;
      case "int64" -> 2_000L;
      default -> 2_000.0;
    };
    reply.get("opcounters", Document.class).put("insert", value);
    reply.get("connections", Document.class).put("current", value);
    reply.get("extra_info", Document.class).put("user_time_us", value);
    reply.get("extra_info", Document.class).put("system_time_us", value);
    reply.put("uptimeMillis", value);
    ServerStatusSnapshot s = ServerStatusSnapshot.parse(reply, Replies.T0);
    assertEquals(2_000L, s.opcounters().get("insert"));
    assertEquals(2_000L, s.connectionsCurrent());
    assertEquals(4_000L, s.cpuTimeMicros());
    assertEquals(2.0, s.uptimeSeconds());
  }

  @Test
  void fallsBackToUptimeInSecondsWithoutUptimeMillis() {
    Document reply = Replies.load("serverStatus-mongodb-7.0-t0.json");
    reply.remove("uptimeMillis");
    assertEquals(86_400.0, ServerStatusSnapshot.parse(reply, Replies.T0).uptimeSeconds());
  }

  @Test
  void leavesOutWhatTheEmbeddedServerDoesNotReport() {
    ServerStatusSnapshot s = Replies.snapshot("serverStatus-embedded.json", 0);
    assertEquals("java", s.process());
    assertEquals(12.345, s.uptimeSeconds());
    assertNull(s.opcounters());
    assertNull(s.opcountersRepl());
    assertNull(s.connectionsAvailable());
    assertNull(s.connectionsTotalCreated());
    assertNull(s.networkBytesIn());
    assertNull(s.networkBytesOut());
    assertNull(s.cpuTimeMicros());
    assertNull(s.residentMb());
    assertNull(s.cacheUsedBytes());
    assertNull(s.cacheDirtyBytes());
    assertNull(s.opLatencyMicros());
    assertNull(s.opLatencyOps());
    assertNull(s.connectionsLimit(), "no connections.available, and its current is not a count");
    assertNull(s.connectionsUtilisationPercent());
    assertEquals(1L, s.connectionsCurrent());
    assertFalse(s.connectionsCounted(), "the embedded server's constant 1 is not a count");
  }

  @Test
  void cpuTimeNeedsBothUserAndSystemTime() {
    Document reply = Replies.load("serverStatus-mongodb-7.0-t0.json");
    reply.get("extra_info", Document.class).remove("system_time_us");
    assertNull(ServerStatusSnapshot.parse(reply, Replies.T0).cpuTimeMicros());
  }
}
