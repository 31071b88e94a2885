package dev.ycsbmongo.orchestrator.report;

import java.util.List;
import java.util.Locale;
import java.util.Objects;

/**
 * The pieces every Markdown table of the report is made of: a header with its alignment row, a cell made safe for
 * one table line, a figure as a rounded number, and the mean of the figures that were measured. Absent is "-",
 * never 0.
 */
public final class MarkdownCells {

  private MarkdownCells() {
  }

  /** A table's header and alignment rows: the first {@code labels} columns and the last left-aligned. */
  static void header(StringBuilder out, List<String> head, int labels) {
    out.append("| ").append(String.join(" | ", head)).append(" |\n|");
    for (int i = 0; i < head.size(); i++) {
      out.append(i < labels || (i == head.size() - 1 && head.get(i).equals("Status")) ? ":---|" : "---:|");
    }
    out.append('\n');
  }

  /** The mean of the present values; null (not measured) when none is, never 0. */
  public static Double mean(List<Double> values) {
    List<Double> present = values.stream().filter(Objects::nonNull).toList();
    return present.isEmpty() ? null : present.stream().mapToDouble(Double::doubleValue).average().orElse(0);
  }

  /** A figure rounded, ',' grouping, Locale.ROOT; "-" when absent. */
  static String num(Double v) {
    return v == null ? "-" : String.format(Locale.ROOT, "%,.0f", v);
  }

  /** One table cell: pipes escaped, one line. */
  static String cell(String s) {
    return s.replace("|", "\\|").replace('\n', ' ').replace('\r', ' ');
  }
}
