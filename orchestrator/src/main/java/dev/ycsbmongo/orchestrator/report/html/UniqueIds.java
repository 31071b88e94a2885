package dev.ycsbmongo.orchestrator.report.html;

import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Element ids unique in one page. The chart library names an SVG's clip paths after their shape,
 * so two inlined charts with the same plot area repeat an id (and a clip-path reference could pick
 * the other chart's clip); summary.md and a comparison can share a heading. Each chart's ids get
 * the chart's own prefix, references included; then any id still repeated gets -2, -3, ...
 */
final class UniqueIds {

  private static final Pattern ID = Pattern.compile("\\sid=\"([^\"]+)\"");

  private UniqueIds() {
  }

  /** An inlined SVG's ids as {@code prefix-ID}, with every {@code url(#ID)} and {@code href="#ID"} that points at them. */
  static String prefixSvg(String svg, String prefix) {
    Set<String> ids = new LinkedHashSet<>();
    Matcher m = ID.matcher(svg);
    while (m.find()) {
      ids.add(m.group(1));
    }
    String out = svg;
    for (String id : ids) {
      String to = prefix + "-" + id;
      out = out.replace("id=\"" + id + "\"", "id=\"" + to + "\"")
          .replace("url(#" + id + ")", "url(#" + to + ")")
          .replace("href=\"#" + id + "\"", "href=\"#" + to + "\"");
    }
    return out;
  }

  /** The page with every repeated id after its first use renamed {@code ID-2}, {@code ID-3}, ... */
  static String dedupe(String html) {
    Set<String> seen = new HashSet<>();
    Matcher m = ID.matcher(html);
    while (m.find()) {
      seen.add(m.group(1));
    }
    Set<String> used = new HashSet<>();
    StringBuilder out = new StringBuilder(html.length());
    m.reset();
    while (m.find()) {
      String id = m.group(1);
      String unique = id;
      if (!used.add(id)) {
        for (int n = 2; seen.contains(unique) || used.contains(unique); n++) {
          unique = id + "-" + n;
        }
        used.add(unique);
      }
      m.appendReplacement(out, Matcher.quoteReplacement(m.group().replace("\"" + id + "\"", "\"" + unique + "\"")));
    }
    m.appendTail(out);
    return out.toString();
  }
}
