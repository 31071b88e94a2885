package dev.ycsbmongo.orchestrator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Threads are parsed once, when a plan is expanded ({@code plan}), and travel typed from there: no member of a
 * class outside {@code plan} both names threads and turns a string into a number or a number into a string with
 * {@code Integer.parseInt}, {@code Integer.valueOf} or {@code String.valueOf}. A member is a whole top-level member
 * of a file's type (a method, or a nested type with all it holds), so a parse a few lines below the lookup of
 * {@code threadcount} is caught as well as one on the same line.
 */
class ThreadsTypedOnceTest {

  private static final Path SOURCES = Path.of("src/main/java/dev/ycsbmongo/orchestrator");
  private static final Pattern CONVERSION = Pattern.compile("\\b(Integer\\.parseInt|Integer\\.valueOf|String\\.valueOf)\\(");
  private static final Pattern THREADS = Pattern.compile(
      "THREAD_COUNT|\"threadcount\"|CellProperty\\.THREADS\\b|\\bTHREADS\\b|\\bthreads\\(\\)|\\bthreadsOf\\(");

  @Test
  void noMemberOutsidePlanConvertsThreadsBetweenStringAndNumber() throws IOException {
    List<String> found = new ArrayList<>();
    try (Stream<Path> files = Files.walk(SOURCES)) {
      for (Path f : files.filter(p -> p.toString().endsWith(".java")).sorted().toList()) {
        if (SOURCES.relativize(f).startsWith("plan")) {
          continue;
        }
        for (String member : members(Files.readString(f, StandardCharsets.UTF_8))) {
          if (CONVERSION.matcher(member).find() && THREADS.matcher(member).find()) {
            found.add(SOURCES.relativize(f) + ": " + declaration(member));
          }
        }
      }
    }
    assertEquals(List.of(), found);
  }

  @Test
  void theScanSeesAParseBelowTheLookupOfThreadcount() {
    List<String> m = members("""
        final class C {
          static Integer threadsOf(R r) {
            String t = r.coordinates().get(Keys.THREAD_COUNT);
            return t == null ? null : Integer.valueOf(t.strip());
          }
          static int other(String s) { return Integer.parseInt(s); }
        }
        """);
    assertEquals(2, m.size(), m.toString());
    assertTrue(CONVERSION.matcher(m.get(0)).find() && THREADS.matcher(m.get(0)).find());
    assertTrue(!THREADS.matcher(m.get(1)).find());
    assertEquals("static Integer threadsOf(R r) {", declaration(m.get(0)));
  }

  /** A member's first line of code, past its Javadoc and annotations. */
  private static String declaration(String member) {
    return member.lines().map(String::strip).filter(l -> !l.isEmpty() && !l.startsWith("/*") && !l.startsWith("*")
        && !l.startsWith("//") && !l.startsWith("@")).findFirst().orElse("");
  }

  /**
   * The top-level members of a file's type: the text between the type's opening brace and each point where the
   * depth returns to 1 (after a closing brace or a semicolon at that depth). Braces in comments, strings and text
   * blocks are not counted; their text stays, so a {@code "threadcount"} literal is seen.
   */
  static List<String> members(String source) {
    List<String> members = new ArrayList<>();
    StringBuilder current = new StringBuilder();
    int depth = 0;
    int i = 0;
    while (i < source.length()) {
      char c = source.charAt(i);
      int skip = literalOrCommentEnd(source, i);
      if (skip > i) {
        if (depth >= 1) {
          current.append(source, i, skip);
        }
        i = skip;
        continue;
      }
      if (c == '{') {
        depth++;
        if (depth == 1) {
          current.setLength(0);
          i++;
          continue;
        }
      } else if (c == '}') {
        depth--;
      }
      if (depth >= 1) {
        current.append(c);
      }
      if (depth == 1 && (c == '}' || c == ';')) {
        if (!current.toString().isBlank()) {
          members.add(current.toString());
        }
        current.setLength(0);
      }
      i++;
    }
    return members;
  }

  /** Where the comment, string, text block or char literal starting at {@code i} ends; {@code i} if none starts. */
  private static int literalOrCommentEnd(String s, int i) {
    if (s.startsWith("//", i)) {
      int end = s.indexOf('\n', i);
      return end < 0 ? s.length() : end;
    }
    if (s.startsWith("/*", i)) {
      int end = s.indexOf("*/", i + 2);
      return end < 0 ? s.length() : end + 2;
    }
    if (s.startsWith("\"\"\"", i)) {
      int end = s.indexOf("\"\"\"", i + 3);
      while (end > 0 && s.charAt(end - 1) == '\\') {
        end = s.indexOf("\"\"\"", end + 1);
      }
      return end < 0 ? s.length() : end + 3;
    }
    char c = s.charAt(i);
    if (c == '"' || c == '\'') {
      int j = i + 1;
      while (j < s.length() && s.charAt(j) != c) {
        j += s.charAt(j) == '\\' ? 2 : 1;
      }
      return Math.min(j + 1, s.length());
    }
    return i;
  }
}
