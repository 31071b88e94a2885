package dev.ycsbmongo.orchestrator.report.html;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The Markdown this tool writes (summary.md, comparisons) as HTML: headings, paragraphs, bullet
 * lists, pipe tables with their alignment row, {@code **bold**} and {@code `code`}. Only that subset:
 * the tables in report.html are then the very tables of summary.md, one source for both, and a
 * general Markdown library would be a dependency for six constructs.
 */
public final class MarkdownHtml {

  private static final Pattern BOLD = Pattern.compile("\\*\\*(.+?)\\*\\*");
  private static final Pattern CODE = Pattern.compile("`([^`]+)`");

  private MarkdownHtml() {
  }

  /** {@code headingOffset} shifts heading levels (1 turns {@code #} into {@code <h2>}), so a document nests in a page. */
  public static String render(String markdown, int headingOffset) {
    StringBuilder out = new StringBuilder();
    List<String> lines = markdown.lines().toList();
    int i = 0;
    while (i < lines.size()) {
      String line = lines.get(i);
      if (line.isBlank()) {
        i++;
      } else if (line.startsWith("#")) {
        int level = Math.min(6, (int) line.chars().takeWhile(c -> c == '#').count() + headingOffset);
        String text = line.replaceFirst("^#+\\s*", "");
        out.append("<h").append(level).append(" id=\"").append(anchor(text)).append("\">").append(inline(text))
            .append("</h").append(level).append(">\n");
        i++;
      } else if (line.startsWith("|")) {
        List<String> rows = new ArrayList<>();
        while (i < lines.size() && lines.get(i).startsWith("|")) {
          rows.add(lines.get(i++));
        }
        table(out, rows);
      } else if (line.startsWith("- ")) {
        out.append("<ul>\n");
        while (i < lines.size() && lines.get(i).startsWith("- ")) {
          out.append("<li>").append(inline(lines.get(i++).substring(2))).append("</li>\n");
        }
        out.append("</ul>\n");
      } else {
        StringBuilder p = new StringBuilder(line);
        i++;
        while (i < lines.size() && !lines.get(i).isBlank() && !lines.get(i).startsWith("#")
            && !lines.get(i).startsWith("|") && !lines.get(i).startsWith("- ")) {
          p.append(' ').append(lines.get(i++));
        }
        out.append("<p>").append(inline(p.toString())).append("</p>\n");
      }
    }
    return out.toString();
  }

  private static void table(StringBuilder out, List<String> rows) {
    List<String> head = cells(rows.get(0));
    List<String> align = rows.size() > 1 && rows.get(1).matches("\\|[\\s:|-]+\\|?") ? cells(rows.get(1)) : List.of();
    out.append("<table>\n<thead><tr>");
    for (int c = 0; c < head.size(); c++) {
      out.append("<th").append(alignment(align, c)).append('>').append(inline(head.get(c))).append("</th>");
    }
    out.append("</tr></thead>\n<tbody>\n");
    for (String row : rows.subList(align.isEmpty() ? 1 : 2, rows.size())) {
      List<String> cells = cells(row);
      out.append("<tr>");
      for (int c = 0; c < cells.size(); c++) {
        out.append("<td").append(alignment(align, c)).append('>').append(inline(cells.get(c))).append("</td>");
      }
      out.append("</tr>\n");
    }
    out.append("</tbody>\n</table>\n");
  }

  private static String alignment(List<String> align, int column) {
    if (column >= align.size()) {
      return "";
    }
    String a = align.get(column).strip();
    return a.endsWith(":") && !a.startsWith(":") ? " class=\"num\"" : "";
  }

  /** A row's cells; an escaped pipe ({@code \|}) stays inside its cell. */
  static List<String> cells(String row) {
    String body = row.strip();
    body = body.substring(1, body.endsWith("|") && !body.endsWith("\\|") ? body.length() - 1 : body.length());
    List<String> cells = new ArrayList<>();
    StringBuilder cell = new StringBuilder();
    for (int k = 0; k < body.length(); k++) {
      char ch = body.charAt(k);
      if (ch == '\\' && k + 1 < body.length() && body.charAt(k + 1) == '|') {
        cell.append('|');
        k++;
      } else if (ch == '|') {
        cells.add(cell.toString().strip());
        cell.setLength(0);
      } else {
        cell.append(ch);
      }
    }
    cells.add(cell.toString().strip());
    return cells;
  }

  static String inline(String text) {
    String html = escape(text);
    html = CODE.matcher(html).replaceAll(m -> "<code>" + Matcher.quoteReplacement(m.group(1)) + "</code>");
    return BOLD.matcher(html).replaceAll(m -> "<strong>" + Matcher.quoteReplacement(m.group(1)) + "</strong>");
  }

  public static String escape(String text) {
    StringBuilder b = new StringBuilder(text.length());
    for (char c : text.toCharArray()) {
      switch (c) {
        case '<' -> b.append("&lt;");
        case '>' -> b.append("&gt;");
        case '&' -> b.append("&amp;");
        case '"' -> b.append("&quot;");
        default -> b.append(c);
      }
    }
    return b.toString();
  }

  /** A heading's id: lower case, runs of other characters as one '-'. */
  static String anchor(String text) {
    return text.toLowerCase(java.util.Locale.ROOT).replaceAll("[^a-z0-9]+", "-").replaceAll("(^-|-$)", "");
  }
}
