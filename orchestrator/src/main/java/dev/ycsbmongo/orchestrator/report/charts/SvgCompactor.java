package dev.ycsbmongo.orchestrator.report.charts;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Makes the chart library's SVG small enough to inline several in one page without changing what
 * it draws. XChart draws every text as glyph outlines, so a chart is mostly path data: each path's
 * points are rounded to a tenth of a pixel (invisible at any zoom a report is read at) and written
 * relative to the previous point (short numbers, no repeated separators), other coordinates are
 * cut to one decimal, and the indentation between elements goes. Rounding is done on absolute
 * positions, so relative steps never accumulate an error. BENCHMARKS.md has the sizes.
 */
public final class SvgCompactor {

  private static final Pattern PATH_DATA = Pattern.compile(" d=\"([^\"]*)\"");
  private static final Pattern PATH_TOKEN = Pattern.compile("[MLQCZmlqcz]|-?\\d+(?:\\.\\d+)?(?:[eE]-?\\d+)?");
  private static final Pattern EXCESS_DECIMALS = Pattern.compile("(\\d\\.\\d)\\d+");
  private static final Pattern BETWEEN_TAGS = Pattern.compile(">\\s+<");

  private SvgCompactor() {
  }

  public static String compact(String svg) {
    Matcher m = PATH_DATA.matcher(svg);
    StringBuilder out = new StringBuilder(svg.length() / 2);
    while (m.find()) {
      m.appendReplacement(out, Matcher.quoteReplacement(" d=\"" + compactPath(m.group(1)) + "\""));
    }
    m.appendTail(out);
    String cut = EXCESS_DECIMALS.matcher(out).replaceAll("$1");
    return BETWEEN_TAGS.matcher(cut).replaceAll("><");
  }

  /**
   * Absolute M/L/Q/C/Z path data (what the library writes) as relative commands in tenths of a
   * pixel; data it does not expect (relative or arc commands) is returned unchanged.
   */
  static String compactPath(String d) {
    Matcher t = PATH_TOKEN.matcher(d);
    List<String> tokens = new ArrayList<>();
    while (t.find()) {
      tokens.add(t.group());
    }
    StringBuilder out = new StringBuilder(d.length() / 2);
    long x = 0;
    long y = 0;
    long startX = 0;
    long startY = 0;
    int i = 0;
    while (i < tokens.size()) {
      String c = tokens.get(i);
      int n = switch (c) {
        case "M", "L" -> 2;
        case "Q" -> 4;
        case "C" -> 6;
        case "Z" -> 0;
        default -> -1;
      };
      if (n < 0 || n > 0 && i + n >= tokens.size()) {
        return d;
      }
      i++;
      if (n == 0) {
        out.append('z');
        x = startX;
        y = startY;
        continue;
      }
      long[] v = new long[n];
      for (int k = 0; k < n; k++) {
        String num = tokens.get(i + k);
        if (!Character.isDigit(num.charAt(num.length() - 1))) {
          return d;
        }
        v[k] = Math.round(Double.parseDouble(num) * 10);
      }
      i += n;
      out.append(Character.toLowerCase(c.charAt(0)));
      StringBuilder nums = new StringBuilder();
      for (int k = 0; k < n; k += 2) {
        appendNumber(nums, v[k] - x);
        appendNumber(nums, v[k + 1] - y);
      }
      out.append(nums);
      x = v[n - 2];
      y = v[n - 1];
      if (c.equals("M")) {
        startX = x;
        startY = y;
      }
    }
    return out.toString();
  }

  /** {@code tenths} as the shortest number: 12 for 1.2, -.5 for -0.5, 3 for 3.0; a space only where needed. */
  private static void appendNumber(StringBuilder s, long tenths) {
    String n;
    long whole = Math.abs(tenths) / 10;
    long frac = Math.abs(tenths) % 10;
    String sign = tenths < 0 ? "-" : "";
    if (frac == 0) {
      n = sign + whole;
    } else if (whole == 0) {
      n = sign + "." + frac;
    } else {
      n = String.format(Locale.ROOT, "%s%d.%d", sign, whole, frac);
    }
    if (s.length() > 0 && !n.startsWith("-") && !(n.startsWith(".") && lastNumberHasPoint(s))) {
      s.append(' ');
    }
    s.append(n);
  }

  /** After "1.5", ".3" can follow directly (1.5.3 reads as 1.5 then .3); after "15" it cannot. */
  private static boolean lastNumberHasPoint(StringBuilder s) {
    for (int i = s.length() - 1; i >= 0; i--) {
      char c = s.charAt(i);
      if (c == '.') {
        return true;
      }
      if (c == ' ' || c == '-') {
        return false;
      }
    }
    return false;
  }
}
