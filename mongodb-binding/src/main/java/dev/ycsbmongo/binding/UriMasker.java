package dev.ycsbmongo.binding;

import java.net.URLDecoder;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Hides passwords in MongoDB connection strings, wherever they appear in a text. Every line the
 * binding and the orchestrator print and every file they write passes through here, because the
 * driver's own {@code ConnectionString.toString()} prints the password.
 *
 * <p>Two layers. The connection-string layer finds the user info the way the driver's parser does:
 * after {@code mongodb://} or {@code mongodb+srv://}, up to the last '@' before the first '/' (the
 * driver splits the authority there), so a password with spaces, quotes, brackets, commas, '?', '#',
 * a raw '@' or ':' or any percent-encoded byte is found whole; a raw '/' (which the driver refuses,
 * but an error message may echo) is covered up to the last '@' of the word. It works on the text as
 * printed, JSON-, YAML- or HTML-escaped alike, because no escape adds a '/' or a line break. The
 * secrets layer masks a password known from its connection string ({@link #remember}, {@link
 * #passwords}) wherever it appears, in every form it may take: raw, percent-decoded and -encoded,
 * JSON-, YAML-, HTML- and shell-escaped.
 */
public final class UriMasker {

  public static final String MASK = "****";

  /**
   * Passwords shorter than this are masked only inside connection strings, in none of their forms elsewhere:
   * masking every "a" or "17" of a text would destroy it (figures, paths) while hiding nothing an attacker
   * could not guess.
   */
  static final int MIN_SECRET_LENGTH = 3;

  private static final String[] SCHEMES = {"mongodb://", "mongodb+srv://"};

  /** Longest first: a form that contains a shorter one is replaced whole. */
  private static final Comparator<String> LONGEST_FIRST = Comparator.comparingInt(String::length).reversed();

  /**
   * Passwords of every connection string this process was given (a plan's targets, the launcher's URL):
   * every {@link #mask} call hides them, so a writer that masks at all cannot miss a known password.
   */
  private static final Set<String> REMEMBERED = new LinkedHashSet<>();

  /** {@link #REMEMBERED}, longest first, as every {@link #mask} call reads it; replaced whole on a change. */
  private static volatile List<String> rememberedLongestFirst = List.of();

  /**
   * The remembered passwords holding a space, each as a pattern in which a space may also be a line break
   * with indentation: a YAML file may fold a long quoted or plain {@code uri} there (plan.source.yaml is the
   * plan file as written).
   */
  private static volatile List<Pattern> rememberedFolded = List.of();

  private static final Map<String, Set<String>> FORMS = new LinkedHashMap<>(64, 0.75f, true) {
    @Override
    protected boolean removeEldestEntry(Map.Entry<String, Set<String>> eldest) {
      return size() > 256;
    }
  };

  private UriMasker() {
  }

  /**
   * Returns {@code text} with the password of every connection string in it, and every password
   * {@link #remember remembered} by this process, replaced by {@value #MASK}.
   */
  public static String mask(String text) {
    return mask(text, List.of());
  }

  /**
   * Returns {@code text} with connection-string passwords masked and every one of {@code secrets}
   * (passwords known from elsewhere, e.g. {@link #passwords}) and of the {@link #remember remembered}
   * ones replaced wherever it appears, in each of its encoded and escaped forms.
   */
  public static String mask(String text, List<String> secrets) {
    if (text == null) {
      return null;
    }
    String masked = maskConnectionStrings(text);
    List<String> all = rememberedLongestFirst;
    if (!secrets.isEmpty()) {
      all = new ArrayList<>(all);
      for (String secret : secrets) {
        if (secret.length() >= MIN_SECRET_LENGTH) {
          all.addAll(cachedForms(secret));
        }
      }
      all.sort(LONGEST_FIRST);
    }
    for (String secret : all) {
      if (secret.length() >= MIN_SECRET_LENGTH && !secret.equals(MASK)) {
        masked = masked.replace(secret, MASK);
      }
    }
    if (masked.indexOf('\n') >= 0) {
      for (Pattern folded : rememberedFolded) {
        masked = folded.matcher(masked).replaceAll(MASK);
      }
    }
    return masked;
  }

  /**
   * Makes every later {@link #mask} call in this process hide the password of {@code uri} (a resolved
   * connection string, {@code ${VAR}} substituted) in all its forms, even outside a connection string.
   */
  public static void remember(String uri) {
    synchronized (REMEMBERED) {
      for (String password : passwords(uri)) {
        if (password.length() >= MIN_SECRET_LENGTH) {
          REMEMBERED.addAll(forms(password));
        }
      }
      publishRemembered();
    }
  }

  private static void publishRemembered() {
    List<String> sorted = new ArrayList<>(REMEMBERED);
    sorted.sort(LONGEST_FIRST);
    rememberedLongestFirst = List.copyOf(sorted);
    List<Pattern> folded = new ArrayList<>();
    for (String form : sorted) {
      if (form.length() >= MIN_SECRET_LENGTH && form.indexOf(' ') > 0 && form.indexOf(' ') < form.length() - 1) {
        StringBuilder regex = new StringBuilder();
        String[] words = form.split(" ", -1);
        for (int i = 0; i < words.length; i++) {
          regex.append(i == 0 ? "" : "(?: |[ \\t]*\\r?\\n[ \\t]*)").append(Pattern.quote(words[i]));
        }
        folded.add(Pattern.compile(regex.toString()));
      }
    }
    rememberedFolded = List.copyOf(folded);
  }

  /**
   * The password of every connection string in {@code uri}, as written and URL-decoded, and, when the
   * string is not one the driver would parse (a raw '/' or a space in the password), every reading of
   * where it might end; used to mask the secret itself wherever it might turn up. {@link #mask} adds
   * the escaped forms of each.
   */
  public static List<String> passwords(String uri) {
    Set<String> found = new LinkedHashSet<>();
    if (uri == null) {
      return new ArrayList<>();
    }
    int from = 0;
    while (true) {
      int schemeAt = nextScheme(uri, from);
      if (schemeAt < 0) {
        return new ArrayList<>(found);
      }
      int start = userInfoStart(uri, schemeAt);
      int lineEnd = lineEnd(uri, start);
      int[] ends = {driverUserInfoEnd(uri, start, lineEnd), wordUserInfoEnd(uri, start, lineEnd),
          uri.lastIndexOf('@', lineEnd - 1)};
      for (int at : ends) {
        int colon = at > start ? uri.indexOf(':', start) : -1;
        if (colon >= 0 && colon < at - 1) {
          String raw = uri.substring(colon + 1, at);
          found.add(raw);
          found.add(decode(raw));
        }
      }
      from = start;
    }
  }

  /**
   * Undoes {@link #remember} for {@code uri}: for a process (or a test) that goes through many plans, whose
   * passwords would otherwise all be masked, one by one, in every later line.
   */
  public static void forget(String uri) {
    synchronized (REMEMBERED) {
      for (String password : passwords(uri)) {
        REMEMBERED.removeAll(forms(password));
      }
      publishRemembered();
    }
  }

  /** For tests in this package: forgets every {@link #remember remembered} password. */
  static void forgetAll() {
    synchronized (REMEMBERED) {
      REMEMBERED.clear();
      publishRemembered();
    }
  }

  /** The connection-string layer: each password between its user name's ':' and the user info's end. */
  private static String maskConnectionStrings(String text) {
    if (text.indexOf("://") < 0) {
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
      int start = userInfoStart(text, schemeAt);
      int lineEnd = lineEnd(text, start);
      int at = Math.max(driverUserInfoEnd(text, start, lineEnd), wordUserInfoEnd(text, start, lineEnd));
      int colon = at > start ? text.indexOf(':', start) : -1;
      if (colon >= 0 && colon < at && !isTemplate(text.substring(colon + 1, at))) {
        out.append(text, from, colon + 1).append(MASK);
        from = at;
      } else {
        out.append(text, from, start);
        from = start;
      }
    }
  }

  /**
   * The driver's reading: the authority runs to the first '/' after the scheme, and the user info to
   * its last '@'. In free text the first '/' may be far away (a connection string without a path),
   * which can only mask more of the line, never less; -1 when there is no '@'.
   */
  private static int driverUserInfoEnd(String text, int start, int lineEnd) {
    int slash = text.indexOf('/', start);
    int authorityEnd = slash < 0 || slash > lineEnd ? lineEnd : slash;
    int at = text.lastIndexOf('@', authorityEnd - 1);
    return at >= start ? at : -1;
  }

  /**
   * A password with a raw '/' (refused by the driver, echoed by error messages) ends at the last '@' of
   * the word the connection string starts; -1 when that word has no '@'.
   */
  private static int wordUserInfoEnd(String text, int start, int lineEnd) {
    int end = start;
    while (end < lineEnd && !endsWord(text.charAt(end))) {
      end++;
    }
    int at = text.lastIndexOf('@', end - 1);
    return at >= start ? at : -1;
  }

  private static boolean endsWord(char c) {
    return Character.isWhitespace(c) || c == '"' || c == '\'' || c == '<' || c == '>' || c == '`';
  }

  /** No password holds a line break (the launcher, a plan and a terminal all end the value there). */
  private static int lineEnd(String text, int start) {
    int newline = text.indexOf('\n', start);
    return newline < 0 ? text.length() : newline;
  }

  private static int userInfoStart(String text, int schemeAt) {
    return text.indexOf("://", schemeAt) + 3;
  }

  /** A child's output is masked line by line with the same few secrets: their forms are worked out once. */
  private static Set<String> cachedForms(String secret) {
    synchronized (FORMS) {
      return FORMS.computeIfAbsent(secret, UriMasker::forms);
    }
  }

  /**
   * Every form in which {@code password} may be written out: as given, percent-decoded and -encoded,
   * and each of those escaped for JSON (with and without {@code \\uXXXX} for non-ASCII), YAML quotes,
   * HTML and a POSIX shell.
   */
  public static Set<String> forms(String password) {
    Set<String> plain = new LinkedHashSet<>();
    plain.add(password);
    String decoded = decode(password);
    plain.add(decoded);
    String encoded = URLEncoder.encode(decoded, StandardCharsets.UTF_8);
    plain.add(encoded);
    plain.add(encoded.replace("+", "%20"));
    Set<String> all = new LinkedHashSet<>();
    for (String p : plain) {
      all.add(p);
      for (boolean upperHex : new boolean[] {false, true}) {
        all.add(Escapes.json(p, false, upperHex));
        all.add(Escapes.json(p, true, upperHex));
      }
      all.add(p.replace("'", "''"));
      all.add(Escapes.html(p, false));
      all.add(Escapes.html(p, true));
      all.add(p.replace("'", "'\\''"));
    }
    return all;
  }

  /**
   * A plan's {@code ${VAR}} in place of a password is no secret (the value is substituted where the plan is
   * read, and masked wherever it appears): showing it tells the user which variable the URL takes.
   */
  private static boolean isTemplate(String password) {
    return password.matches("\\$\\{[A-Za-z_][A-Za-z0-9_]*}");
  }

  private static String decode(String raw) {
    try {
      // the driver takes '+' as itself, not as a space
      return URLDecoder.decode(raw.replace("+", "%2B"), StandardCharsets.UTF_8);
    } catch (IllegalArgumentException e) {
      return raw;
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
}
