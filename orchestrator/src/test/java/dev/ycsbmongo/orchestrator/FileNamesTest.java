package dev.ycsbmongo.orchestrator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class FileNamesTest {

  private static int bytes(String s) {
    return s.getBytes(StandardCharsets.UTF_8).length;
  }

  @Test
  void leavesANameThatFitsAsItIs() {
    assertEquals("comparison-threads-1-vs-8", FileNames.bounded("comparison-threads-1-vs-8"));
    assertEquals("性能比較", FileNames.bounded("性能比較"));
    assertFalse(FileNames.shortened("by-threads"));
    String exactly = "a".repeat(FileNames.MAX_BYTES);
    assertEquals(exactly, FileNames.bounded(exactly));
  }

  @Test
  void keepsTheBeginningOfALongNameAndEndsItInAHashOfTheWhole() {
    String name = "t".repeat(300);
    String bounded = FileNames.bounded(name);
    assertEquals(FileNames.MAX_BYTES, bytes(bounded));
    assertTrue(bounded.matches("t{91}-[0-9a-f]{8}"), bounded);
    assertTrue(FileNames.shortened(name));
    assertEquals(bounded, FileNames.bounded(name), "the same name gets the same file every time");
  }

  @Test
  void twoLongNamesSharingABeginningStayTwoFiles() {
    String common = "comparison-storage-" + "x".repeat(200);
    assertNotEquals(FileNames.bounded(common + "-vs-a"), FileNames.bounded(common + "-vs-b"));
  }

  @Test
  void countsBytesAndNeverCutsACharacterInHalf() {
    String cjk = "ローカルSSDストレージ".repeat(20);  // 3 bytes a katakana letter
    String bounded = FileNames.bounded(cjk);
    assertTrue(bytes(bounded) <= FileNames.MAX_BYTES, bounded);
    assertTrue(bytes(bounded) > FileNames.MAX_BYTES - 4, "as much of the name as fits is kept: " + bounded);
    assertEquals(bounded, new String(bounded.getBytes(StandardCharsets.UTF_8), StandardCharsets.UTF_8));
    String emoji = "\uD83D\uDE80".repeat(60);  // 4 bytes each, two chars in Java
    String e = FileNames.bounded(emoji);
    assertTrue(bytes(e) <= FileNames.MAX_BYTES);
    assertFalse(e.contains("?"), e);
    assertTrue(e.startsWith("\uD83D\uDE80"), e);
  }

  @Test
  void replacesSeparatorsNulAndControlCharacters() {
    assertEquals("a_b_c_d_e_f", FileNames.bounded("a/b\\c\u0000d\ne\u202Ef"));
    assertEquals("_", FileNames.bounded(".."));
    assertEquals("_", FileNames.bounded("."));
    assertEquals("_", FileNames.bounded(""));
    assertEquals("x_", FileNames.bounded("x\uD800"), "a lone surrogate has no UTF-8 form");
  }
}
