package dev.ycsbmongo.binding;

import java.util.Collection;
import java.util.Locale;
import java.util.Optional;

/** Suggests the known name closest to a misspelled one, for "did you mean" messages. */
public final class DidYouMean {

  private DidYouMean() {
  }

  /**
   * The candidate closest to {@code unknown} (case-insensitive edit distance), when it is close
   * enough to be a plausible typo: at most 3 edits, or a third of the name's length.
   */
  public static Optional<String> closest(String unknown, Collection<String> candidates) {
    String u = unknown.toLowerCase(Locale.ROOT).replace(" ", "");
    String best = null;
    int bestDistance = Integer.MAX_VALUE;
    for (String candidate : candidates) {
      int d = distance(u, candidate.toLowerCase(Locale.ROOT));
      if (d < bestDistance) {
        bestDistance = d;
        best = candidate;
      }
    }
    return best != null && bestDistance <= Math.max(3, u.length() / 3) ? Optional.of(best) : Optional.empty();
  }

  private static int distance(String a, String b) {
    int[] prev = new int[b.length() + 1];
    int[] cur = new int[b.length() + 1];
    for (int j = 0; j <= b.length(); j++) {
      prev[j] = j;
    }
    for (int i = 1; i <= a.length(); i++) {
      cur[0] = i;
      for (int j = 1; j <= b.length(); j++) {
        int cost = a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1;
        cur[j] = Math.min(Math.min(cur[j - 1] + 1, prev[j] + 1), prev[j - 1] + cost);
      }
      int[] t = prev;
      prev = cur;
      cur = t;
    }
    return prev[b.length()];
  }
}
