package dev.ycsbmongo.binding;

import java.nio.charset.StandardCharsets;
import java.util.Random;

/** Passwords an adversarial user would try, and the ways a connection string may carry them. */
final class RandomPasswords {

  /** Pieces that have broken maskers: schemes, separators, escapes, a plan's template. */
  private static final String[] PIECES = {"@", "mongodb://", "mongodb+srv://", "//", ":", "${PW}", "&amp;", "&#39;",
      "&quot;", "\\u0027", "\\\"", "\\\\", "%40", "%2F", "%", "%%", "'", "\"", " ", ",", ")", "]", "}", "?", "#",
      "<", ">", "&", "+", "=", "****", "@h:1/x", "\t", "\r", "\u0000", "é", "密码", "\uD83D\uDD11"};

  private RandomPasswords() {
  }

  static String next(Random r) {
    int length = switch (r.nextInt(100)) {
      case 0 -> 10_000;
      case 1, 2 -> 200 + r.nextInt(2_000);
      default -> 1 + r.nextInt(24);
    };
    StringBuilder b = new StringBuilder(length);
    while (b.length() < length) {
      int kind = r.nextInt(20);
      if (kind < 11) {
        b.append((char) (0x20 + r.nextInt(0x7f - 0x20)));      // printable ASCII
      } else if (kind < 13) {
        b.append(PIECES[r.nextInt(PIECES.length)]);
      } else if (kind < 14) {
        char c = (char) (1 + r.nextInt(0x1f));                   // control characters but a line break
        b.append(c == '\n' ? '\u000b' : c);
      } else if (kind < 16) {
        b.append((char) (0xa0 + r.nextInt(0x2fff - 0xa0)));      // Latin-1 to CJK symbols
      } else if (kind < 17) {
        b.appendCodePoint(0x1f300 + r.nextInt(0x300));           // outside the BMP: a surrogate pair
      } else {
        b.append((char) ('a' + r.nextInt(26)));
      }
    }
    String password = b.toString();
    // a password that is exactly a ${VAR} reference is shown by design: not a random password's case
    return password.matches("\\$\\{[A-Za-z_][A-Za-z0-9_]*}") ? password + "x" : password;
  }

  /**
   * How the password is written in the connection string. {@code driverForm}: percent-encoded where the
   * driver asks for it (':', '@', '/', '?', '%') and at random elsewhere, so the driver reads the password
   * back; otherwise raw at random too, as a careless user writes it, but a '/' (which the driver splits the
   * authority at, so no reading of the string can hold it) and a line break always encoded.
   */
  static String uriForm(String password, Random r, boolean driverForm) {
    StringBuilder b = new StringBuilder(password.length() * 2);
    int i = 0;
    while (i < password.length()) {
      int cp = password.codePointAt(i);
      String ch = new String(Character.toChars(cp));
      boolean mustEncode = cp == '/' || cp == '\n' || (driverForm && "%:@?".indexOf(cp) >= 0);
      if (mustEncode || r.nextInt(3) == 0) {
        for (byte x : ch.getBytes(StandardCharsets.UTF_8)) {
          String hex = String.format(r.nextBoolean() ? "%%%02X" : "%%%02x", x & 0xff);
          b.append(hex);
        }
      } else {
        b.append(ch);
      }
      i += Character.charCount(cp);
    }
    return b.toString();
  }
}
