package dev.ycsbmongo.orchestrator.results;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/** The connection-stress record's JSON, sealed: field order, units in names, absent figures left out. */
class ConnectionStressResultTest {

  @Test
  void jsonIsSealed() {
    ConnectionStressResult r = new ConnectionStressResult(1, 600, 598, 2, new TreeMap<>(Map.of("timeout", 1L,
        "refused", 1L)), 606L, Map.of("127.0.0.1:27017", 606L), "serverStatus connections.current per host", 1.5,
        2.0, 9.5, 12.25, Instant.parse("2026-11-23T10:00:00Z"), Instant.parse("2026-11-23T10:00:20.5Z"), 20.5, 0L, 3,
        List.of("127.0.0.1", "127.0.0.2"), List.of("127.0.0.1:27017"), 180_000_000L, 190_000_000L, 200_000_000L,
        16_722L, "ulimit -n 20000", false);
    assertEquals("{\"schemaVersion\":1,\"requested\":600,\"opened\":598,\"failed\":2,"
        + "\"failuresByCause\":{\"refused\":1,\"timeout\":1},\"seenByServer\":606,"
        + "\"seenByServerByHost\":{\"127.0.0.1:27017\":606},\"seenByServerNote\":\"serverStatus connections.current per"
        + " host\",\"openSeconds\":1.5,\"openLatencyP50Millis\":2.0,\"openLatencyP99Millis\":9.5,"
        + "\"openLatencyMaxMillis\":12.25,\"holdStart\":\"2026-11-23T10:00:00Z\",\"holdEnd\":\"2026-11-23T10:00:20.500Z\","
        + "\"holdSeconds\":20.5,\"droppedWhileHeld\":0,\"workers\":3,\"sourceAddresses\":[\"127.0.0.1\",\"127.0.0.2\"],"
        + "\"targetHosts\":[\"127.0.0.1:27017\"],\"clientRssBeforeBytes\":180000000,\"clientRssHeldBytes\":190000000,"
        + "\"clientPeakRssBytes\":200000000,\"clientBytesPerConnection\":16722,\"limits\":\"ulimit -n 20000\","
        + "\"interrupted\":false}", r.toJson());
    assertFalse(r.allReached(), "two failed");
  }

  @Test
  void jsonOfACountPerServerIsSealedAndReadsBack() throws Exception {
    Map<String, Long> byHost = new java.util.LinkedHashMap<>();
    byHost.put("127.0.0.1:27017", 300L);
    byHost.put("127.0.0.1:27018", 298L);
    ConnectionStressResult r = new ConnectionStressResult(1, 600, 598, 2, new TreeMap<>(Map.of("refused", 2L)), null,
        Map.of(), "n", 1.5, 2.0, 9.5, 12.25, Instant.parse("2026-11-23T10:00:00Z"),
        Instant.parse("2026-11-23T10:00:20Z"), 20.0, 0L, 1, List.of(), List.of("127.0.0.1:27017", "127.0.0.1:27018"),
        null, null, null, null, "l", false, 300, "each", byHost);
    String json = r.toJson();
    assertTrue(json.endsWith("\"limits\":\"l\",\"interrupted\":false,\"countPerServer\":300,\"to\":\"each\","
        + "\"openedByHost\":{\"127.0.0.1:27017\":300,\"127.0.0.1:27018\":298}}"), json);
    assertEquals(r, ResultsJson.MAPPER.readValue(json, ConnectionStressResult.class));
    assertEquals("300 to each of 2 servers", r.describeRequested());
  }

  @Test
  void absentFiguresAreLeftOutNeverZero() {
    ConnectionStressResult r = new ConnectionStressResult(1, 5, 0, 5, new TreeMap<>(Map.of("refused", 5L)), null,
        Map.of(), "no server-side count: 127.0.0.1:1 did not answer within 5000 ms", null, null, null, null,
        Instant.parse("2026-11-23T10:00:00Z"), Instant.parse("2026-11-23T10:00:00Z"), 0.0, 0L, 1, List.of(),
        List.of("127.0.0.1:1"), 60_000_000L, 61_000_000L, 61_000_000L, null, "ulimit -n 20000", false);
    String json = r.toJson();
    for (String absent : List.of("seenByServer\"", "openSeconds", "openLatencyP50Millis", "clientBytesPerConnection")) {
      assertFalse(json.contains("\"" + absent), absent + " in " + json);
    }
    assertTrue(json.contains("\"seenByServerByHost\":{}"), json);
  }

  @Test
  void allReachedOnlyWhenEveryConnectionOpenedAndStayed() {
    ConnectionStressResult ok = new ConnectionStressResult(1, 2, 2, 0, new TreeMap<>(), null, Map.of(), "n", 1.0, 1.0,
        1.0, 1.0, Instant.EPOCH, Instant.EPOCH, 0.0, 0L, 1, List.of(), List.of("h:1"), null, null, null, null, "l",
        false);
    assertTrue(ok.allReached());
    assertFalse(new ConnectionStressResult(1, 2, 2, 0, new TreeMap<>(), null, Map.of(), "n", 1.0, 1.0, 1.0, 1.0,
        Instant.EPOCH, Instant.EPOCH, 0.0, 1L, 1, List.of(), List.of("h:1"), null, null, null, null, "l", false)
        .allReached(), "one dropped while held");
    assertFalse(new ConnectionStressResult(1, 2, 2, 0, new TreeMap<>(), null, Map.of(), "n", 1.0, 1.0, 1.0, 1.0,
        Instant.EPOCH, Instant.EPOCH, 0.0, 0L, 1, List.of(), List.of("h:1"), null, null, null, null, "l", true)
        .allReached(), "interrupted");
  }

  @Test
  void whereOpeningStoppedIsSealedAndReadsBack() throws Exception {
    ConnectionStressResult r = new ConnectionStressResult(1, 25_000, 19_909, 5_091, new TreeMap<>(Map.of("refused",
        400L, "not attempted: stopped before", 4_691L)), null, Map.of(), "n", 55.0, 2.0, 9.5, 12.25,
        Instant.parse("2026-11-23T10:00:00Z"), Instant.parse("2026-11-23T10:00:00Z"), 0.0, 0L, 2, List.of(),
        List.of("127.0.0.1:27017"), null, null, null, null, "l", true, 25_000, "each", Map.of("127.0.0.1:27017", 19_909L),
        new ConnectionStressResult.Opening(19_909, 55.0, 41.2, "refused"));
    String json = r.toJson();
    assertTrue(json.endsWith(",\"opening\":{\"peakHeld\":19909,\"lastOpenSeconds\":55.0,\"failingFromSeconds\":41.2,"
        + "\"limitCause\":\"refused\"}}"), json);
    assertEquals(r, ResultsJson.MAPPER.readValue(json, ConnectionStressResult.class));
    assertEquals("held 19,909 of 25,000; opening failed from 41.2 s: refused; last connection opened at 55.0 s",
        r.opening().describe(r.requested()));
  }
}
