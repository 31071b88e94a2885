package dev.ycsbmongo.orchestrator.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ycsbmongo.orchestrator.results.ConnectionStressResult;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/** The most connections a server accepted, measured from a connection-stress cell, and why it stopped there. */
class AcceptedConnectionsTest {

  private static ConnectionStressResult stress(long requested, long opened, Map<String, Long> causes, Long dropped,
      boolean interrupted) {
    return ConnectionStressResult.builder().schemaVersion(1).requested(requested).opened(opened)
        .failed(requested - opened).failuresByCause(new TreeMap<>(causes)).openSeconds(1.0).openLatencyP50Millis(1.0)
        .openLatencyP99Millis(2.0).openLatencyMaxMillis(3.0).holdSeconds(20.0).droppedWhileHeld(dropped).workers(1)
        .targetHosts(List.of("db:27017")).limits("").interrupted(interrupted).build();
  }

  @Test
  void aServerThatClosesThoseBeyondItsLimitAcceptedWhatStayedOpen() {
    AcceptedConnections a = AcceptedConnections.of(List.of(stress(8800, 8000,
        Map.of("closed by server before answering (connection limit reached?)", 800L), 0L, false))).orElseThrow();
    assertTrue(a.limitReached());
    assertEquals("8,000", a.text());
    assertEquals("8000", a.csv());
    assertEquals("closed by server before answering (connection limit reached?) 800", a.cause());
  }

  @Test
  void heldConnectionsTheServerDroppedAreNotAccepted() {
    AcceptedConnections a = AcceptedConnections.of(List.of(stress(8800, 8800, Map.of(), 780L, false)))
        .orElseThrow();
    assertEquals("8,020", a.text());
    assertEquals("closed by server while held 780", a.cause());
  }

  @Test
  void noRefusalIsALowerBoundNotAMaximum() {
    AcceptedConnections a = AcceptedConnections.of(List.of(stress(8000, 8000, Map.of(), 0L, false))).orElseThrow();
    assertFalse(a.limitReached());
    assertEquals("at least 8,000", a.text());
    assertEquals("none refused", a.cause());
  }

  @Test
  void whenThisClientRanOutFirstTheServersMaximumWasNotMeasured() {
    AcceptedConnections a = AcceptedConnections.of(List.of(stress(35200, 28000, Map.of("local ports exhausted", 7000L,
        "refused", 200L), 0L, false))).orElseThrow();
    assertEquals("-", a.text());
    assertEquals("", a.csv());
    assertEquals("not the server's: local ports exhausted 7,000", a.cause());
  }

  @Test
  void interruptedOrMissingRepetitionsMeasureNothingAndTheLargestOfTheOthersCounts() {
    assertTrue(AcceptedConnections.of(List.of(stress(100, 40, Map.of("refused", 60L), 0L, true))).isEmpty());
    assertTrue(AcceptedConnections.of(Arrays.asList((ConnectionStressResult) null)).isEmpty());
    assertTrue(AcceptedConnections.of(List.of()).isEmpty());
    AcceptedConnections a = AcceptedConnections.of(List.of(
        stress(8800, 7990, Map.of("refused", 810L), 0L, false),
        stress(8800, 8000, Map.of("refused", 800L), 0L, false))).orElseThrow();
    assertEquals("8,000", a.text());
    assertEquals("refused 1,610", a.cause());
  }
}
