package dev.ycsbmongo.orchestrator.cli;

import java.util.ArrayList;
import java.util.List;

/**
 * The live progress line fitted to the terminal: it must stay within one row, since a line rewritten in
 * place that wraps leaves a dead row at every update. The least useful parts go first: the seconds since
 * the phase started, then the plan ETA, then the operation count (the rate and the errors stay), then the
 * middle of the phase's description; a line still too long is cut.
 *
 * @param phase {@code 3/12}
 * @param eta {@code 5m10s}, or null
 * @param text what runs: {@code run rw-95-5 threadcount=8 on embedded}
 * @param done the operations so far ({@code 2,000/20,000 ops (10%)}), or null
 * @param figures what matters most while it runs: {@code 1,000 ops/s, 0 errors}, or {@code starting}
 * @param seconds {@code 12s}, or null
 */
record LiveLine(String phase, String eta, String text, String done, String figures, String seconds) {

  private static final String ELLIPSIS = "…";
  /** Of the description, at least this much is kept before the line is cut instead. */
  private static final int MIN_TEXT = 12;

  /** The whole line, as plain mode prints it. */
  String full() {
    return render(eta, text, done, seconds);
  }

  /**
   * The line in at most {@code columns - 1} terminal columns: the last column is left free, as a
   * character written there makes some terminals wrap at once.
   */
  String fit(int columns) {
    int room = Math.max(1, columns - 1);
    List<String> tries = new ArrayList<>();
    tries.add(render(eta, text, done, seconds));
    tries.add(render(eta, text, done, null));
    tries.add(render(null, text, done, null));
    tries.add(render(null, text, null, null));
    for (String t : tries) {
      if (width(t) <= room) {
        return t;
      }
    }
    int over = width(render(null, text, null, null)) - room;
    int keep = width(text) - over - ELLIPSIS.length();
    if (keep >= MIN_TEXT) {
      return render(null, middleCut(text, keep), null, null);
    }
    return cut(render(null, middleCut(text, Math.min(width(text), MIN_TEXT)), null, null), room);
  }

  private String render(String eta, String text, String done, String seconds) {
    StringBuilder b = new StringBuilder("[phase ").append(phase);
    if (eta != null) {
      b.append(", plan ETA ").append(eta);
    }
    b.append("] ").append(text).append(": ");
    if (done != null) {
      b.append(done).append(", ");
    }
    b.append(figures);
    if (seconds != null) {
      b.append(", ").append(seconds);
    }
    return b.toString();
  }

  /** {@code text} in {@code keep} columns plus an ellipsis, its middle left out: the start and the target stay. */
  static String middleCut(String text, int keep) {
    if (width(text) <= keep) {
      return text;
    }
    int[] cps = text.codePoints().toArray();
    int head = (keep + 1) / 2;
    int tail = keep - head;
    StringBuilder start = new StringBuilder();
    int used = 0;
    int i = 0;
    while (i < cps.length && used + columnsOf(cps[i]) <= head) {
      used += columnsOf(cps[i]);
      start.appendCodePoint(cps[i++]);
    }
    StringBuilder end = new StringBuilder();
    used = 0;
    int j = cps.length - 1;
    while (j >= i && used + columnsOf(cps[j]) <= tail) {
      used += columnsOf(cps[j]);
      end.insert(0, Character.toChars(cps[j--]));
    }
    return start + ELLIPSIS + end;
  }

  /** The first {@code room} columns of {@code line}. */
  static String cut(String line, int room) {
    StringBuilder b = new StringBuilder();
    int used = 0;
    for (int cp : line.codePoints().toArray()) {
      if (used + columnsOf(cp) > room) {
        break;
      }
      used += columnsOf(cp);
      b.appendCodePoint(cp);
    }
    return b.toString();
  }

  /** Terminal columns of {@code s}: two for East Asian wide characters (scenario names may be Japanese), else one. */
  static int width(String s) {
    return s.codePoints().map(LiveLine::columnsOf).sum();
  }

  private static int columnsOf(int cp) {
    boolean wide = cp >= 0x1100 && (cp <= 0x115F || (cp >= 0x2E80 && cp <= 0xA4CF && cp != 0x303F)
        || (cp >= 0xAC00 && cp <= 0xD7A3) || (cp >= 0xF900 && cp <= 0xFAFF) || (cp >= 0xFE30 && cp <= 0xFE4F)
        || (cp >= 0xFF00 && cp <= 0xFF60) || (cp >= 0xFFE0 && cp <= 0xFFE6) || (cp >= 0x20000 && cp <= 0x3FFFD));
    return wide ? 2 : 1;
  }
}
