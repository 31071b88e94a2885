package dev.ycsbmongo.orchestrator.metrics;

import static dev.ycsbmongo.orchestrator.results.ResultFixtures.op;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ycsbmongo.orchestrator.results.OpCountCheck;
import dev.ycsbmongo.orchestrator.results.OpCountCheck.Comparison;
import dev.ycsbmongo.orchestrator.results.ResultFixtures;
import dev.ycsbmongo.orchestrator.results.ServerMetrics;
import dev.ycsbmongo.orchestrator.results.WindowStats;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class OpCountCrossCheckTest {

  private static final double EPS = 1e-9;

  /** YCSB: 990 inserts + 10 failed, 5,000 reads, 1,000 scans, 3,000 updates, 500 read-modify-writes. */
  private static final WindowStats YCSB = ResultFixtures.window(WindowStats.FULL, 0, 60, List.of(
      op("INSERT", 990, 300, 900, Map.of("ERROR", 10L)),
      op("READ", 5_000, 200, 600, Map.of()),
      op("SCAN", 1_000, 900, 3_000, Map.of()),
      op("UPDATE", 3_000, 400, 1_200, Map.of()),
      op("READ-MODIFY-WRITE", 500, 700, 2_000, Map.of()),
      op("INSERT-BATCH", 10, 5_000, 9_000, Map.of())));

  /** Server: inserts exact, queries 0.83% over, updates 3.3% over (another client?), no deletes. */
  private static ServerMetrics server(Map<String, Long> deltas, int resets) {
    return new ServerMetrics("m0.example.net:27017", 1.0, 60, Replies.at(0), Replies.at(60), deltas, null, null, null,
        null, null, null, null, null, 4, null, null, null, null, null, null, null, null, null, null, null, null, null,
        resets, null, null, null, 0, null);
  }

  private static final Map<String, Long> DELTAS = Map.of("insert", 1_000L, "query", 6_050L, "update", 3_100L,
      "delete", 0L, "getmore", 40L, "command", 180L);

  private static Comparison row(OpCountCheck check, String operation) {
    return check.comparisons().stream().filter(c -> c.operation().equals(operation)).findFirst().orElseThrow();
  }

  @Test
  void comparesEachClassAndFlagsWhatIsOffByMoreThanOnePercent() {
    OpCountCheck check = OpCountCrossCheck.of(server(DELTAS, 0), YCSB, Map.of(), false);
    assertEquals(List.of("insert", "query", "update", "delete"),
        check.comparisons().stream().map(Comparison::operation).toList());
    assertEquals(new Comparison("insert", 1_000, 1_000L, 1.0, true, false, null), row(check, "insert"));
    Comparison query = row(check, "query");
    assertEquals(6_000, query.ycsbOperations(), "READ + SCAN; READ-MODIFY-WRITE is already in READ and UPDATE");
    assertEquals(6_050 / 6_000.0, query.ratio(), EPS);
    assertTrue(query.compared());
    assertFalse(query.flagged(), "0.83% is inside the tolerance");
    Comparison update = row(check, "update");
    assertEquals(3_000, update.ycsbOperations());
    assertTrue(update.flagged(), "3.3% is outside it");
    assertEquals(new Comparison("delete", 0, 0L, null, false, false, null), row(check, "delete"));
    assertTrue(check.flagged());
    assertEquals(List.of(OpCountCrossCheck.COUNTERS_NOTE), check.notes());
  }

  @Test
  void neverFlagsTheEmbeddedServer() {
    OpCountCheck check = OpCountCrossCheck.of(server(DELTAS, 0), YCSB, Map.of(), true);
    assertTrue(row(check, "update").compared());
    assertFalse(check.flagged());
    assertTrue(check.notes().contains("the embedded test server is not MongoDB: its counts are shown, never flagged"));
  }

  @Test
  void upsertsAreComparedWithTheUpdateCounter() {
    Map<String, Long> deltas = Map.of("insert", 0L, "query", 6_000L, "update", 4_000L, "delete", 0L);
    OpCountCheck check = OpCountCrossCheck.of(server(deltas, 0), YCSB, Map.of("mongodb.upsert", "true"), false);
    Comparison insert = row(check, "insert");
    assertFalse(insert.compared());
    assertFalse(insert.flagged());
    assertEquals("mongodb.upsert=true: YCSB's inserts arrive as updates (compared in the update row)", insert.note());
    Comparison update = row(check, "update");
    assertEquals(4_000, update.ycsbOperations());
    assertEquals(1.0, update.ratio(), EPS);
    assertTrue(update.compared());
    assertEquals("includes YCSB's 1000 inserts, sent as upserts (mongodb.upsert=true)", update.note());
    assertFalse(check.flagged());
  }

  @Test
  void readsFromSecondariesAreNotComparedWithThePrimarysQueries() {
    Map<String, Long> deltas = Map.of("insert", 1_000L, "query", 12L, "update", 3_000L, "delete", 0L);
    for (String mode : List.of("secondary", "secondaryPreferred", "nearest", "primaryPreferred")) {
      OpCountCheck check = OpCountCrossCheck.of(server(deltas, 0), YCSB, Map.of("mongodb.readPreference", mode), false);
      Comparison query = row(check, "query");
      assertFalse(query.compared(), mode);
      assertFalse(query.flagged(), mode);
      assertEquals("mongodb.readPreference=" + mode + ": reads may go to secondaries, whose queries this server's"
          + " counter does not see", query.note());
      assertFalse(check.flagged(), mode);
    }
    assertTrue(row(OpCountCrossCheck.of(server(deltas, 0), YCSB, Map.of("mongodb.readPreference", "PRIMARY"), false),
        "query").flagged());
  }

  @Test
  void aCounterResetMakesNothingComparable() {
    OpCountCheck check = OpCountCrossCheck.of(server(DELTAS, 2), YCSB, Map.of(), false);
    assertTrue(check.comparisons().stream().noneMatch(Comparison::compared));
    assertFalse(check.flagged());
    assertTrue(check.notes().contains("a counter reset (server restart) in 2 interval(s): the server's counts miss"
        + " operations"), check.notes().toString());
  }

  @Test
  void isAbsentWithoutOpcounters() {
    assertNull(OpCountCrossCheck.of(server(null, 0), YCSB, Map.of(), true));
  }

  @Test
  void saysWhenTheServerCountedOperationsYcsbDidNotSend() {
    OpCountCheck check = OpCountCrossCheck.of(server(Map.of("insert", 1_000L, "query", 6_000L, "update", 3_000L,
        "delete", 25L), 0), YCSB, Map.of(), false);
    assertEquals(new Comparison("delete", 0, 25L, null, false, false, "YCSB sent none; the server counted 25"),
        row(check, "delete"));
  }

  @Test
  void takesTheReadPreferenceFromTheConnectionStringOverThePropertyAsTheBindingDoes() {
    Map<String, Long> deltas = Map.of("insert", 1_000L, "query", 3_000L, "update", 3_000L, "delete", 0L);
    OpCountCheck fromUrl = OpCountCrossCheck.of(server(deltas, 0), YCSB, Map.of(), "secondaryPreferred", false);
    assertEquals("readPreference= in the connection string: secondaryPreferred: reads may go to secondaries, whose"
        + " queries this server's counter does not see", row(fromUrl, "query").note());
    assertFalse(row(fromUrl, "query").compared());
    // as in YCSB 0.17.0, the URL's option wins over mongodb.readPreference
    OpCountCheck urlWins = OpCountCrossCheck.of(server(deltas, 0), YCSB,
        Map.of("mongodb.readPreference", "primary"), "secondaryPreferred", false);
    assertFalse(row(urlWins, "query").compared());
    OpCountCheck propertyAlone = OpCountCrossCheck.of(server(deltas, 0), YCSB,
        Map.of("mongodb.readPreference", "secondary"), null, false);
    assertFalse(row(propertyAlone, "query").compared());
    assertTrue(row(OpCountCrossCheck.of(server(deltas, 0), YCSB, Map.of(), "primary", false), "query").compared());
  }
}
