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
