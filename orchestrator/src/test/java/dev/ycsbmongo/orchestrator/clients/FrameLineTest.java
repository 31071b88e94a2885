package dev.ycsbmongo.orchestrator.clients;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** One frame as one line: sealed format, checksum, tolerated prefixes, damaged lines named. */
class FrameLineTest {

  private static final Frame FRAME = new Frame(3, 7, FrameType.INTERVAL, "{\"op\":\"READ\"}");

  @Test
  void lineFormatIsSealed() {
    assertEquals("@@ycsbmongo-frame v1 3 7 interval eyJvcCI6IlJFQUQifQ== 4e23e5e7", FrameLine.encode(FRAME));
  }

  @Test
  void parsesWhatItEncodes() throws Exception {
    assertEquals(FRAME, FrameLine.parse(FrameLine.encode(FRAME)).orElseThrow());
  }

  @Test
  void ignoresLinesWithoutTheMarker() throws Exception {
    assertTrue(FrameLine.parse("2026-11-24 19:00:01:123 10 sec: 5000 operations; 500 current ops/sec;").isEmpty());
    assertTrue(FrameLine.parse("").isEmpty());
  }

  @Test
  void toleratesWhatPrecedesTheMarker() throws Exception {
    String line = "2026-11-24T19:00:01.123456789Z partial output " + FrameLine.encode(FRAME);
    assertEquals(FRAME, FrameLine.parse(line).orElseThrow());
  }

  @Test
  void rejectsAChangedPayload() {
    String line = FrameLine.encode(FRAME).replace("eyJvcCI6IlJFQUQifQ", "eyJvcCI6IlJFQUQifR");
    FrameException e = assertThrows(FrameException.class, () -> FrameLine.parse(line));
    assertTrue(e.getMessage().startsWith("damaged frame: checksum"), e.getMessage());
  }

  @Test
  void rejectsATruncatedLine() {
    String line = FrameLine.encode(FRAME);
    for (int cut = FrameLine.MARKER.length(); cut < line.length(); cut++) {
      String truncated = line.substring(0, cut);
      FrameException e = assertThrows(FrameException.class, () -> FrameLine.parse(truncated), truncated);
      assertTrue(e.getMessage().startsWith("damaged frame"), e.getMessage());
    }
  }

  @Test
  void rejectsAnotherVersion() {
    FrameException e = assertThrows(FrameException.class,
        () -> FrameLine.parse("@@ycsbmongo-frame v2 0 0 hello e30= 00000000"));
    assertEquals("frame version 'v2' is not supported (accepted: v1)", e.getMessage());
  }

  @Test
  void rejectsAnUnknownTypeEvenWithAValidChecksum() {
    String body = "v1 0 0 goodbye e30=";
    FrameException e = assertThrows(FrameException.class,
        () -> FrameLine.parse(FrameLine.MARKER + " " + body + " " + FrameLine.crc(body)));
    assertEquals("unknown frame type 'goodbye' (accepted: hello, interval, summary, connections)", e.getMessage());
  }

  @Test
  void lineHasNoSpaceInsideItsFieldsWhateverThePayload() {
    String line = FrameLine.encode(new Frame(0, 0, FrameType.HELLO, "{\"host\":\"a b\\nc\"}"));
    assertEquals(7, line.split(" ").length);
    assertFalse(line.contains("\n"));
  }
}
