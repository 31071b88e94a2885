package dev.ycsbmongo.orchestrator.report.charts;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Colours that say which series belong together: each family (a value of the plan's
 * {@code report.charts.colourBy} label, e.g. storage=local SSD) gets one hue, its members shades of
 * it from dark to light; series without a family each get their own hue. The hues are a
 * colour-blind-safer qualitative palette (Tableau 10) in a fixed order, so the same plan draws the
 * same colours every time.
 */
final class ChartColours {

  static final List<String> HUES = List.of("#4E79A7", "#F28E2B", "#59A14F", "#E15759", "#B07AA1", "#76B7B2",
      "#EDC948", "#9C755F", "#FF9DA7", "#BAB0AC");

  private ChartColours() {
  }

  /**
   * One colour per member, in order: {@code families.get(i)} is member i's family (null: a family of its
   * own). Hues go to families in order of first appearance; a family of n members takes n shades of its hue.
   */
  static List<String> assign(List<String> families) {
    Map<String, List<Integer>> members = new LinkedHashMap<>();
    for (int i = 0; i < families.size(); i++) {
      String f = families.get(i) == null ? "\u0000" + i : families.get(i);
      members.computeIfAbsent(f, k -> new ArrayList<>()).add(i);
    }
    String[] out = new String[families.size()];
    int hue = 0;
    for (List<Integer> m : members.values()) {
      String base = HUES.get(hue++ % HUES.size());
      for (int k = 0; k < m.size(); k++) {
        out[m.get(k)] = shade(base, k, m.size());
      }
    }
    return List.of(out);
  }

  /**
   * Member {@code k} of {@code n}: from the hue darkened by 35% (k = 0) to the hue lightened halfway to
   * white (k = n - 1); the hue itself when alone.
   */
  static String shade(String hex, int k, int n) {
    if (n <= 1) {
      return hex;
    }
    int rgb = Integer.parseInt(hex.substring(1), 16);
    double t = (double) k / (n - 1);  // 0 dark .. 1 light
    int[] c = {(rgb >> 16) & 0xff, (rgb >> 8) & 0xff, rgb & 0xff};
    for (int i = 0; i < 3; i++) {
      double dark = c[i] * 0.65;
      double light = c[i] + (255 - c[i]) * 0.5;
      c[i] = (int) Math.round(dark + (light - dark) * t);
    }
    return String.format(Locale.ROOT, "#%02X%02X%02X", c[0], c[1], c[2]);
  }
}
