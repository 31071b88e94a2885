package dev.ycsbmongo.binding;

import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Hides passwords in MongoDB connection strings, wherever they appear in a text. Every line the
 * binding prints and every exception message it raises passes through here, because the
 * driver's own {@code ConnectionString.toString()} prints the password.
 */
public final class UriMasker {

  public static final String MASK = "****";

  private static final String[] SCHEMES = {"mongodb://", "mongodb+srv://"};

  private UriMasker() {
  }

  /** Returns {@code text} with the password of every connection string in it replaced by {@value #MASK}. */
  public static String mask(String text) {
    if (text == null || text.indexOf("://") < 0) {
      return text;
    }
    StringBuilder out = new StringBuilder(text.length());
    int from = 0;
    while (true) {
      int schemeAt = nextScheme(text, from);
      if (schemeAt < 0) {
        out.append(text, from, text.length());
        return out.toString();
      }
      int userInfoStart = text.indexOf("://", schemeAt) + 3;
      int at = userInfoEnd(text, userInfoStart);
      int colon = at > userInfoStart ? text.indexOf(':', userInfoStart) : -1;
      if (at >= userInfoStart && colon >= 0 && colon < at && !isTemplate(text.substring(colon + 1, at))) {
        out.append(text, from, colon + 1).append(MASK);
        from = at;
      } else {
        out.append(text, from, userInfoStart);
        from = userInfoStart;
      }
    }
  }

  /**
   * Returns {@code text} with connection-string passwords masked and every one of {@code secrets}
   * (passwords known from elsewhere, e.g. {@link #passwords}) replaced wherever it appears.
   */
  public static String mask(String text, List<String> secrets) {
    String masked = mask(text);
    for (String secret : secrets) {
      if (!secret.isEmpty()) {
        masked = masked.replace(secret, MASK);
      }
    }
    return masked;
  }

  /**
   * The password of a connection string, raw and URL-decoded, if it has one; used to mask the
   * secret itself wherever it might turn up outside a connection string.
   */
  public static List<String> passwords(String uri) {
    List<String> found = new ArrayList<>();
    if (uri == null) {
      return found;
    }
    int from = 0;
    while (true) {
      int schemeAt = nextScheme(uri, from);
      if (schemeAt < 0) {
        return found;
      }
      int userInfoStart = uri.indexOf("://", schemeAt) + 3;
      int authorityEnd = authorityEnd(uri, userInfoStart);
      int at = userInfoEnd(uri, userInfoStart);
      authorityEnd = Math.max(authorityEnd, at + 1);
      if (at >= userInfoStart) {
        int colon = uri.indexOf(':', userInfoStart);
        if (colon >= 0 && colon < at && at > colon + 1) {
          String raw = uri.substring(colon + 1, at);
          found.add(raw);
          decode(raw).filter(d -> !d.equals(raw)).ifPresent(found::add);
        }
      }
      from = Math.max(userInfoStart, authorityEnd);
    }
  }

  /**
   * A plan's {@code ${VAR}} in place of a password is no secret (the value is substituted where the plan is
   * read, and masked wherever it appears): showing it tells the user which variable the URL takes.
   */
  private static boolean isTemplate(String password) {
    return password.matches("\\$\\{[A-Za-z_][A-Za-z0-9_]*}");
  }

  private static Optional<String> decode(String raw) {
    try {
      return Optional.of(URLDecoder.decode(raw, StandardCharsets.UTF_8));
    } catch (IllegalArgumentException e) {
      return Optional.of(raw);
    }
  }

  private static int nextScheme(String text, int from) {
    int best = -1;
    for (String scheme : SCHEMES) {
      int i = text.indexOf(scheme, from);
      if (i >= 0 && (best < 0 || i < best)) {
        best = i;
      }
    }
    return best;
  }

  /**
   * The '@' that ends the user info of the connection string whose user info starts at {@code start}, or -1
   * when it has none. The driver takes ',', ')', ']', '}', quotes and spaces in a password as they are, so a
   * token that ends at one of them is not yet the end of the user info: the '@' may come later in the same
   * line, before the path ('/', '?') or the next connection string. Reading too far only masks more of a
   * line; stopping too early would print the rest of the password.
   */
  private static int userInfoEnd(String text, int start) {
    int authorityEnd = authorityEnd(text, start);
    int at = text.lastIndexOf('@', authorityEnd - 1);
    if (at >= start) {
      return at;
    }
    int next = nextScheme(text, start);
    int limit = next < 0 ? text.length() : next;
    int colon = text.indexOf(':', start);
    if (authorityEnd >= limit || colon < 0 || colon >= authorityEnd || !isTokenEnd(text.charAt(authorityEnd))) {
      return -1;
    }
    for (int i = authorityEnd; i < limit; i++) {
      char c = text.charAt(i);
      if (c == '@') {
        return i;
      }
      if (c == '/' || c == '?' || c == '\n' || c == '\r') {
        return -1;
      }
    }
    return -1;
  }

  /**
   * Where the authority (user info and hosts) of a connection string ends. A password may hold
   * a raw '/' or '?' in careless input, so the end is searched after the last '@' when there is
   * one before the next whitespace.
   */
  private static int authorityEnd(String text, int start) {
    int tokenEnd = start;
    while (tokenEnd < text.length() && !isTokenEnd(text.charAt(tokenEnd))) {
      tokenEnd++;
    }
    int lastAt = text.lastIndexOf('@', tokenEnd - 1);
    int searchFrom = lastAt >= start ? lastAt + 1 : start;
    for (int i = searchFrom; i < tokenEnd; i++) {
      char c = text.charAt(i);
      if (c == '/' || c == '?') {
        return i;
      }
    }
    return tokenEnd;
  }

  private static boolean isTokenEnd(char c) {
    return Character.isWhitespace(c) || c == '"' || c == '\'' || c == ',' || c == ')' || c == ']' || c == '}';
  }
}
