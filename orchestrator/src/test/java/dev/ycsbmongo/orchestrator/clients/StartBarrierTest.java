package dev.ycsbmongo.orchestrator.clients;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.StringReader;
import java.time.Instant;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class StartBarrierTest {

  private static BufferedReader in(String s) {
    return new BufferedReader(new StringReader(s));
  }

  @Test
  void waitsForTheInstantOnStandardInput() throws Exception {
    Instant at = Instant.ofEpochMilli(System.currentTimeMillis() + 300);
    long t0 = System.nanoTime();
    Instant started = StartBarrier.parse("stdin").await(in(StartBarrier.startLine(at) + "\n"));
    assertTrue(System.nanoTime() - t0 >= 250_000_000L, "returned before the start instant");
    assertFalse(started.isBefore(at));
  }

  @Test
  void startsAtOnceWhenTheInstantHasPassed() throws Exception {
    long t0 = System.nanoTime();
    StartBarrier.parse(Long.toString(Instant.now().minusSeconds(60).toEpochMilli())).await(in(""));
    assertTrue(System.nanoTime() - t0 < 1_000_000_000L);
  }

  @Test
  void rejectsBadValuesInOneLine() {
    ClientArgumentException e = assertThrows(ClientArgumentException.class, () -> StartBarrier.parse("soon"));
    assertEquals("-p client.start: 'soon' is not accepted; accepted: stdin, or an instant in ms since the epoch",
        e.getMessage());
    assertThrows(ClientArgumentException.class, () -> StartBarrier.parse("-5"));
  }

  @Test
  void rejectsAnEndedOrWrongStandardInput() {
    assertThrows(ClientArgumentException.class, () -> StartBarrier.fromStdin().await(in("")));
    ClientArgumentException e = assertThrows(ClientArgumentException.class,
        () -> StartBarrier.fromStdin().await(in("go\n")));
    assertTrue(e.getMessage().startsWith("standard input: 'go' is not a start line"), e.getMessage());
  }

  @Test
  void givesItsPropertyValueBack() throws Exception {
    assertEquals(Optional.of("stdin"), StartBarrier.fromStdin().propertyValue());
    assertEquals(Optional.of("1234"), StartBarrier.at(Instant.ofEpochMilli(1234)).propertyValue());
    assertEquals(Optional.empty(), StartBarrier.none().propertyValue());
    assertEquals(Optional.of("1234"), StartBarrier.parse("1234").propertyValue());
  }
}
