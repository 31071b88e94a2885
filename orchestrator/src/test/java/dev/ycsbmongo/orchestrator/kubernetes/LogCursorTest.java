package dev.ycsbmongo.orchestrator.kubernetes;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class LogCursorTest {

  private final LogCursor cursor = new LogCursor();

  private List<String> read(String... lines) {
    cursor.reopened();
    List<String> out = new ArrayList<>();
    for (String line : lines) {
      cursor.accept(line).ifPresent(out::add);
    }
    return out;
  }

  @Test
  void stripsTheTimestampAndResumesFromTheLastLinesSecond() {
    assertEquals(Optional.empty(), cursor.sinceTime());
    assertEquals(List.of("a", "b"), read("2026-11-24T12:00:01.5Z a", "2026-11-24T12:00:02.123456789Z b"));
    assertEquals(Optional.of("2026-11-24T12:00:02Z"), cursor.sinceTime());
  }

  @Test
  void skipsOlderLinesAndAsManyAtTheLastTimestampAsWereDelivered() {
    read("2026-11-24T12:00:01.1Z a", "2026-11-24T12:00:01.2Z b", "2026-11-24T12:00:01.2Z c");
    assertEquals(List.of("d", "e"), read("2026-11-24T12:00:01.1Z a", "2026-11-24T12:00:01.2Z b", "2026-11-24T12:00:01.2Z c",
        "2026-11-24T12:00:01.2Z d", "2026-11-24T12:00:01.3Z e"));
    assertEquals(List.of(), read("2026-11-24T12:00:01.2Z d", "2026-11-24T12:00:01.3Z e"));
  }

  @Test
  void readsOffsetsAndRemovesTheStampsOfASplitLinesParts() {
    assertEquals(List.of("@@frame abcdef"), read("2026-11-24T13:00:01.1+01:00 @@frame abc2026-11-24T13:00:01.1000002+01:00 def"));
    assertEquals(Optional.of("2026-11-24T12:00:01Z"), cursor.sinceTime());
  }

  @Test
  void passesALineWithoutTimestampOnUntouched() {
    assertEquals(List.of("no stamp here"), read("no stamp here"));
    assertEquals(Optional.empty(), cursor.sinceTime());
  }
}
