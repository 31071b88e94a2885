package dev.ycsbmongo.orchestrator.process;

import java.util.List;
import java.util.regex.Pattern;

/** Joins words into one line that a POSIX shell splits back into the same words. */
public final class ShellWords {

  private static final Pattern SAFE = Pattern.compile("[A-Za-z0-9_./:=+,@%-]+");

  private ShellWords() {
  }

  public static String join(List<String> words) {
    StringBuilder b = new StringBuilder();
    for (String w : words) {
      if (b.length() > 0) {
        b.append(' ');
      }
      b.append(quote(w));
    }
    return b.toString();
  }

  public static String quote(String word) {
    if (SAFE.matcher(word).matches()) {
      return word;
    }
    return "'" + word.replace("'", "'\\''") + "'";
  }
}
