package dev.ycsbmongo.orchestrator.exec;

import java.nio.charset.StandardCharsets;
import java.util.Random;

/**
 * Random passwords an adversarial user would try (printable ASCII, control characters, Unicode beyond the
 * BMP, schemes, separators and escapes), and their percent-encoded form, in which the driver reads them back.
 */
final class Passwords {

  private static final String[] PIECES = {"@", "mongodb://", "mongodb+srv://", "//", ":", "${PW}", "&amp;", "&#39;",
      "\\u0027", "\\\"", "\\\\", "%40", "%", "'", "\"", " ", ",", ")", "]", "}", "?", "#", "<", ">", "&", "+", "\t",
      "é", "密码", "\uD83D\uDD11", "\n"};

  private Passwords() {
  }

  static String next(Random r) {
    int length = r.nextInt(200) == 0 ? 10_000 : 1 + r.nextInt(24);
    StringBuilder b = new StringBuilder(length);
    while (b.length() < length) {
      int kind = r.nextInt(20);
      if (kind < 11) {
        b.append((char) (0x20 + r.nextInt(0x7f - 0x20)));
      } else if (kind < 13) {
        b.append(PIECES[r.nextInt(PIECES.length)]);
      } else if (kind < 14) {
        b.append((char) (1 + r.nextInt(0x1f)));
      } else if (kind < 16) {
        b.append((char) (0xa0 + r.nextInt(0x2fff - 0xa0)));
      } else if (kind < 17) {
        b.appendCodePoint(0x1f300 + r.nextInt(0x300));
      } else {
        b.append((char) ('a' + r.nextInt(26)));
      }
    }
    String password = b.toString();
    return password.matches("\\$\\{[A-Za-z_][A-Za-z0-9_]*}") ? password + "x" : password;
  }

  /** Percent-encoded where the driver asks for it (and where a plan could not hold it raw), raw at random elsewhere. */
  static String uriForm(String password, Random r) {
    StringBuilder b = new StringBuilder(password.length() * 2);
    int i = 0;
    while (i < password.length()) {
      int cp = password.codePointAt(i);
      String ch = new String(Character.toChars(cp));
      if (cp < 0x20 || cp == 0x7f || "%:@/?$".indexOf(cp) >= 0 || r.nextInt(3) == 0) {
        for (byte x : ch.getBytes(StandardCharsets.UTF_8)) {
          b.append('%').append(Character.toUpperCase(Character.forDigit((x >> 4) & 0xf, 16)))
              .append(Character.toUpperCase(Character.forDigit(x & 0xf, 16)));
        }
      } else {
        b.append(ch);
      }
      i += Character.charCount(cp);
    }
    return b.toString();
  }
}
