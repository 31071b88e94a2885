package dev.ycsbmongo.orchestrator.clients;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** YCSB's HDR logs of one client turned into interval frames as the ticks are logged. */
class IntervalTailerTest {

  private static final long B = 1_795_551_000_000L;

  @TempDir
  Path dir;

  private static String describe(List<OpInterval> intervals) {
    return intervals.stream().map(i -> i.operation() + " " + (i.startMillis() - B) + ".." + (i.endMillis() - B) + " "
        + i.count() + " " + i.errorsByStatus()).toList().toString();
  }

  @Test
  void givesAnOperationsIntervalTheFailuresOfItsTickOnceTheyAreLogged() throws Exception {
    try (YcsbHdrLog read = new YcsbHdrLog(dir, "READ", B);
        YcsbHdrLog notFound = new YcsbHdrLog(dir, "READ-NOT_FOUND", B);
        YcsbHdrLog cleanup = new YcsbHdrLog(dir, "CLEANUP", B);
        YcsbHdrLog batch = new YcsbHdrLog(dir, "INSERT-BATCH", B);
        YcsbHdrLog intended = new YcsbHdrLog(dir, "Intended-READ", B)) {
      IntervalTailer t = new IntervalTailer(dir);
      read.interval(B + 10, B + 1000, 100, 200);
      notFound.interval(B + 500, B + 1001, 7, 7);
      cleanup.interval(B, B + 1000, 5);
      batch.interval(B, B + 1000, 5);
      intended.interval(B, B + 1000, 5);
      assertEquals("[READ 10..1000 2 {NOT_FOUND=2}]", describe(t.poll()));

      read.interval(B + 1000, B + 2000, 300);
      assertEquals("[]", describe(t.poll()), "waits for the failures of the tick");
      notFound.interval(B + 1001, B + 2001, 7, 7, 7);
      assertEquals("[READ 1000..2000 1 {NOT_FOUND=3}]", describe(t.poll()));
      assertEquals("[]", describe(t.poll()));
    }
  }

  @Test
  void waitsForTheOperationsIntervalWhenTheFailuresAreLoggedFirst() throws Exception {
    try (YcsbHdrLog update = new YcsbHdrLog(dir, "UPDATE", B);
        YcsbHdrLog error = new YcsbHdrLog(dir, "UPDATE-ERROR", B)) {
      IntervalTailer t = new IntervalTailer(dir);
      update.interval(B, B + 1000, 1);
      error.interval(B, B + 999, 1);
      assertEquals("[UPDATE 0..1000 1 {ERROR=1}]", describe(t.poll()));
      error.interval(B + 999, B + 1999, 9, 9);
      assertEquals("[]", describe(t.poll()));
      update.interval(B + 1000, B + 2000, 1, 1);
      assertEquals("[UPDATE 1000..2000 2 {ERROR=2}]", describe(t.poll()));
    }
  }

  @Test
  void aFailureSeriesWithoutLinesYetHoldsItsOperationBack() throws Exception {
    try (YcsbHdrLog read = new YcsbHdrLog(dir, "READ", B)) {
      IntervalTailer t = new IntervalTailer(dir);
      read.interval(B, B + 1000, 1);
      try (YcsbHdrLog error = new YcsbHdrLog(dir, "READ-ERROR", B)) {
        // created before the tick (its first failure), its line of the tick not written yet
        assertEquals("[]", describe(t.poll()));
        error.interval(B + 600, B + 1000, 1);
        assertEquals("[READ 0..1000 1 {ERROR=1}]", describe(t.poll()));
      }
    }
  }

  @Test
  void drainsTheLastIntervalsAndKeepsEveryCountExactlyOnce() throws Exception {
    try (YcsbHdrLog read = new YcsbHdrLog(dir, "READ", B);
        YcsbHdrLog err = new YcsbHdrLog(dir, "READ-ERROR", B);
        YcsbHdrLog insert = new YcsbHdrLog(dir, "INSERT", B)) {
      IntervalTailer t = new IntervalTailer(dir);
      read.interval(B, B + 1000, 1, 2, 3).interval(B + 1000, B + 1003, 4);
      err.interval(B, B + 1000, 1).interval(B + 1000, B + 1003);
      List<OpInterval> all = new ArrayList<>(t.poll());
      // YCSB's export: one more interval per series, here of no length; then a failure logged late
      read.interval(B + 1003, B + 1003);
      err.interval(B + 1003, B + 1003, 1);
      insert.interval(B + 1003, B + 1003, 8);
      all.addAll(t.drain());
      assertEquals("[READ 0..1000 3 {ERROR=1}, READ 1000..1003 1 {}, READ 1003..1004 0 {ERROR=1},"
          + " INSERT 1003..1004 1 {}]", describe(all));
      assertEquals(4 + 2, all.stream().filter(i -> i.operation().equals("READ")).mapToLong(i -> i.count() + i.errors())
          .sum());
    }
  }

  @Test
  void aLateFailureGoesToTheNextIntervalOfItsOperation() throws Exception {
    try (YcsbHdrLog read = new YcsbHdrLog(dir, "READ", B)) {
      IntervalTailer t = new IntervalTailer(dir);
      read.interval(B, B + 1000, 1);
      assertEquals("[READ 0..1000 1 {}]", describe(t.poll()));
      try (YcsbHdrLog err = new YcsbHdrLog(dir, "READ-ERROR", B)) {
        // a series that missed its tick's listing: its failure's interval went out already
        err.interval(B + 900, B + 1000, 50, 60);
        read.interval(B + 1000, B + 2000, 1);
        err.interval(B + 1000, B + 2000);
        assertEquals("[READ 1000..2000 1 {ERROR=2}]", describe(t.poll()));
      }
    }
  }

  @Test
  void failuresOfAnOperationWithoutItsOwnSeriesGetIntervalsOfTheirOwn() throws Exception {
    try (YcsbHdrLog err = new YcsbHdrLog(dir, "DELETE-FORBIDDEN", B)) {
      IntervalTailer t = new IntervalTailer(dir);
      err.interval(B, B + 1000, 1, 1).interval(B + 1000, B + 2000, 1);
      assertEquals("[]", describe(t.poll()));
      List<OpInterval> drained = t.drain();
      assertEquals("[DELETE 0..1000 0 {FORBIDDEN=2}, DELETE 1000..2000 0 {FORBIDDEN=1}]", describe(drained));
      assertTrue(drained.stream().allMatch(i -> i.histogram().getTotalCount() == 0));
    }
  }

  @Test
  void namesOperationAndFailureSeriesLikeYcsb() {
    assertEquals("READ-MODIFY-WRITE", IntervalTailer.series("READ-MODIFY-WRITE").orElseThrow()[0]);
    assertEquals(null, IntervalTailer.series("READ-MODIFY-WRITE").orElseThrow()[1]);
    assertEquals(List.of("UPDATE", "SERVICE_UNAVAILABLE"),
        List.of(IntervalTailer.series("UPDATE-SERVICE_UNAVAILABLE").orElseThrow()));
    assertTrue(IntervalTailer.series("INSERT-BATCH").isEmpty());
    assertTrue(IntervalTailer.series("POOL-CHECKOUT").isEmpty());
    assertTrue(IntervalTailer.series("Intended-READ").isEmpty());
  }
}
