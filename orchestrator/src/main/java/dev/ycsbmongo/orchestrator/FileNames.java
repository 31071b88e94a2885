package dev.ycsbmongo.orchestrator;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/**
 * The last step of every file name a plan's names and labels become (run directories, tables, comparisons,
 * charts): at most {@value #MAX_BYTES} bytes of UTF-8 before the extension, never a path separator, NUL or
 * control character. File systems limit a name to 255 bytes, not characters (a CJK character takes three), and a
 * plan may name a table or label a target with any length it likes: a measured run must never lose its report to
 * a name. A name that fits is returned as it is; a longer one keeps its readable beginning and ends in
 * {@code -} and 8 hex digits of the SHA-256 of the whole name, so two long names sharing a beginning stay two files.
 */
public final class FileNames {

  /** Bytes before the extension: room for the suffixes callers add ({@code -ranges.csv}, {@code .prev-1}, ...). */
  public static final int MAX_BYTES = 100;
  private static final int HASH_HEX = 8;

  private FileNames() {
  }

  /** {@code name} as a file name (without its extension): bounded and free of separators and control characters. */
  public static String bounded(String name) {
    return bounded(name, MAX_BYTES);
  }

  /** {@code name} within {@code maxBytes} (at least 10: the hash and its dash), for a part of a longer name. */
  public static String bounded(String name, int maxBytes) {
    String clean = clean(name);
    if (utf8Length(clean) <= maxBytes) {
      return clean;
    }
    int keep = maxBytes - 1 - HASH_HEX;
    StringBuilder out = new StringBuilder();
    int bytes = 0;
    for (int i = 0; i < clean.length(); ) {
      int cp = clean.codePointAt(i);
      int n = utf8Length(new String(Character.toChars(cp)));
      if (bytes + n > keep) {
        break;  // a character is never cut in half: the name stays valid UTF-8
      }
      out.appendCodePoint(cp);
      bytes += n;
      i += Character.charCount(cp);
    }
    return out.append('-').append(hash(name)).toString();
  }

  /** Whether {@link #bounded(String)} changes {@code name}: what {@code validate} tells the user about. */
  public static boolean shortened(String name) {
    return !bounded(name).equals(name);
  }

  /** '/', backslash, NUL and every control or format character as '_'; "", "." and ".." (not names of files) as "_". */
  private static String clean(String name) {
    StringBuilder out = new StringBuilder(name.length());
    name.codePoints().forEach(cp -> {
      int type = Character.getType(cp);
      // a lone surrogate has no UTF-8 form: the file system would get a '?' in its place
      boolean unsafe = cp == '/' || cp == '\\' || type == Character.CONTROL || type == Character.FORMAT
          || type == Character.SURROGATE;
      out.appendCodePoint(unsafe ? '_' : cp);
    });
    String s = out.toString();
    return s.isEmpty() || s.equals(".") || s.equals("..") ? "_" : s;
  }

  private static int utf8Length(String s) {
    return s.getBytes(StandardCharsets.UTF_8).length;
  }

  private static String hash(String name) {
    try {
      byte[] digest = MessageDigest.getInstance("SHA-256").digest(name.getBytes(StandardCharsets.UTF_8));
      return HexFormat.of().formatHex(digest).substring(0, HASH_HEX);
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("every Java runtime has SHA-256", e);
    }
  }
}
