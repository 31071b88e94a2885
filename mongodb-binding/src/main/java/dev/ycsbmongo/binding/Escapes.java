package dev.ycsbmongo.binding;

/** The escapes a password goes through on its way into a JSON, YAML or HTML file. */
final class Escapes {

  private Escapes() {
  }

  /**
   * As a JSON (or YAML double-quoted) string's content; {@code asciiOnly} writes non-ASCII as {@code \\uXXXX},
   * whose hex digits come in {@code upperHex} case (writers differ).
   */
  static String json(String s, boolean asciiOnly, boolean upperHex) {
    StringBuilder b = new StringBuilder(s.length() + 8);
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      switch (c) {
        case '"' -> b.append("\\\"");
        case '\\' -> b.append("\\\\");
        case '\n' -> b.append("\\n");
        case '\r' -> b.append("\\r");
        case '\t' -> b.append("\\t");
        case '\b' -> b.append("\\b");
        case '\f' -> b.append("\\f");
        default -> {
          if (c < 0x20 || (asciiOnly && c > 0x7e)) {
            String digits = upperHex ? "0123456789ABCDEF" : "0123456789abcdef";
            b.append("\\u");
            for (int shift = 12; shift >= 0; shift -= 4) {
              b.append(digits.charAt((c >> shift) & 0xf));
            }
          } else {
            b.append(c);
          }
        }
      }
    }
    return b.toString();
  }

  /** As HTML text; {@code apostrophe} also writes {@code '} as {@code &#39;}. */
  static String html(String s, boolean apostrophe) {
    StringBuilder b = new StringBuilder(s.length() + 8);
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      switch (c) {
        case '<' -> b.append("&lt;");
        case '>' -> b.append("&gt;");
        case '&' -> b.append("&amp;");
        case '"' -> b.append("&quot;");
        case '\'' -> b.append(apostrophe ? "&#39;" : "'");
        default -> b.append(c);
      }
    }
    return b.toString();
  }
}
