package dev.ycsbmongo.orchestrator.clients;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** A cell's keys or operations split over N clients: covered exactly, never twice, remainders to the lowest. */
class ClientSliceTest {

  private static List<ClientSlice> slices(int n, Map<String, String> props, boolean load) throws Exception {
    List<ClientSlice> out = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      out.add(ClientSlice.of(new ClientIndex(i, n), props, load));
    }
    return out;
  }

  private static long value(ClientSlice s, String key) {
    return Long.parseLong(s.overrides().get(key));
  }

  @Test
  void loadSlicesCoverTheKeyRangeExactlyWithoutOverlap() throws Exception {
    for (int n : new int[] {1, 2, 3, 4, 7, 64}) {
      for (long records : new long[] {64, 100, 1000, 1001, 999_999}) {
        List<ClientSlice> s = slices(n, Map.of("recordcount", Long.toString(records)), true);
        long next = 0;
        for (ClientSlice c : s) {
          assertEquals(next, value(c, "insertstart"), n + " clients, " + records + " records: a gap or an overlap");
          next += value(c, "insertcount");
          assertTrue(value(c, "insertcount") >= 1);
        }
        assertEquals(records, next, n + " clients, " + records + " records");
      }
    }
  }

  @Test
  void loadSlicesStartAtTheGivenInsertStartAndCountWithinIt() throws Exception {
    List<ClientSlice> s = slices(3, Map.of("recordcount", "5000", "insertstart", "1000", "insertcount", "10"), true);
    assertEquals(List.of(1000L, 1004L, 1007L), s.stream().map(c -> value(c, "insertstart")).toList());
    assertEquals(List.of(4L, 3L, 3L), s.stream().map(c -> value(c, "insertcount")).toList());
    assertEquals("keys 1004..1006 (3 of 10)", s.get(1).description());
  }

  @Test
  void loadWithoutInsertCountTakesTheRestOfTheRecords() throws Exception {
    List<ClientSlice> s = slices(2, Map.of("recordcount", "1000", "insertstart", "400"), true);
    assertEquals(List.of(400L, 700L), s.stream().map(c -> value(c, "insertstart")).toList());
    assertEquals(List.of(300L, 300L), s.stream().map(c -> value(c, "insertcount")).toList());
    assertFalse(s.get(0).overrides().containsKey("recordcount"), "recordcount is never changed");
  }

  @Test
  void runSlicesGiveTheRemainderToTheLowestIndexes() throws Exception {
    List<ClientSlice> s = slices(4, Map.of("operationcount", "1003", "recordcount", "10"), false);
    assertEquals(List.of(251L, 251L, 251L, 250L), s.stream().map(c -> value(c, "operationcount")).toList());
    assertEquals(1003, s.stream().mapToLong(c -> value(c, "operationcount")).sum());
    assertEquals(Map.of("operationcount", "251"), s.get(0).overrides(), "a run changes nothing else");
  }

  @Test
  void runLimitedByTimeOnlyIsNotSplit() throws Exception {
    ClientSlice s = ClientSlice.of(new ClientIndex(1, 3), Map.of("maxexecutiontime", "60"), false);
    assertEquals(Map.of(), s.overrides());
    assertEquals("all clients run for maxexecutiontime 60 s", s.description());
  }

  @Test
  void rejectsFewerRecordsOrOperationsThanClients() {
    ClientArgumentException load = assertThrows(ClientArgumentException.class,
        () -> ClientSlice.of(new ClientIndex(0, 4), Map.of("recordcount", "3"), true));
    assertTrue(load.getMessage().startsWith("load of 3 records"), load.getMessage());
    ClientArgumentException run = assertThrows(ClientArgumentException.class,
        () -> ClientSlice.of(new ClientIndex(0, 4), Map.of("operationcount", "3"), false));
    assertEquals("operationcount 3 over 4 clients leaves a client none (YCSB would read 0 as no limit); accepted:"
        + " operationcount >= clients", run.getMessage());
  }

  @Test
  void rejectsARunThatWouldNeverEnd() {
    ClientArgumentException e = assertThrows(ClientArgumentException.class,
        () -> ClientSlice.of(new ClientIndex(0, 2), Map.of("operationcount", "0"), false));
    assertTrue(e.getMessage().contains("would never end"), e.getMessage());
  }

  @Test
  void rejectsValuesThatAreNotWholeNumbersNamingTheKey() {
    ClientArgumentException e = assertThrows(ClientArgumentException.class,
        () -> ClientSlice.of(new ClientIndex(0, 2), Map.of("recordcount", "1e3"), true));
    assertEquals("recordcount: '1e3' is not a whole number; accepted: a whole number >= 0", e.getMessage());
    assertThrows(ClientArgumentException.class,
        () -> ClientSlice.of(new ClientIndex(0, 2), Map.of("recordcount", "100", "insertstart", "-1"), true));
    ClientArgumentException past = assertThrows(ClientArgumentException.class,
        () -> ClientSlice.of(new ClientIndex(0, 2), Map.of("recordcount", "100", "insertstart", "200"), true));
    assertTrue(past.getMessage().startsWith("insertcount is -100"), past.getMessage());
  }
}
