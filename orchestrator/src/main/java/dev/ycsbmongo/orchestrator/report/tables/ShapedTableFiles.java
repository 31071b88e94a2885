package dev.ycsbmongo.orchestrator.report.tables;

import dev.ycsbmongo.orchestrator.FileNames;
import dev.ycsbmongo.orchestrator.OutputFiles;
import dev.ycsbmongo.orchestrator.plan.TableSpec;
import dev.ycsbmongo.orchestrator.report.FigureWindow;
import dev.ycsbmongo.orchestrator.report.SummaryCsv;
import dev.ycsbmongo.orchestrator.report.SummaryMarkdown;
import dev.ycsbmongo.orchestrator.report.tables.TableColumns.Value;
import dev.ycsbmongo.orchestrator.report.tables.TableShaper.Shaped;
import dev.ycsbmongo.orchestrator.report.tables.TableShaper.Table;
import dev.ycsbmongo.orchestrator.results.PhaseResult;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * The files of a plan's shaped tables, in {@code tables/} of the run directory: {@code <name>.md} with
 * every table of the spec (each under a heading naming its per values), and one plain CSV per table
 * beside it ({@code <name>-<per values>.csv}, or {@code <name>.csv} without per): the same columns, RFC
 * 4180 quoting, numbers without grouping, an absent figure an empty field; whatever the spec's {@code figures}
 * shows in the Markdown, the CSVs carry both the whole-run and the steady figures. The directory is the
 * tables' own: every drawing replaces the {@code .md} and {@code .csv} files it holds.
 */
public final class ShapedTableFiles {

  /** The directory of the run that holds them. */
  public static final String DIR = "tables";

  /** One spec's files, relative to the run directory, and its Markdown (for summary.md and report.html). */
  public record Written(String title, String markdownFile, List<String> csvFiles, String markdown) {
  }

  private ShapedTableFiles() {
  }

  /**
   * Writes every spec's files under {@code runDir/tables}; a spec the records cannot fill is a warning in
   * {@code warnings} and left out, never a lost summary.
   */
  public static List<Written> write(Path runDir, List<TableSpec> specs, List<PhaseResult> records,
      List<String> warnings) throws IOException {
    List<Written> written = new ArrayList<>();
    if (specs.isEmpty()) {
      return written;
    }
    Path dir = runDir.resolve(DIR);
    Files.createDirectories(dir);
    Set<Path> drawn = new HashSet<>();
    boolean embedded = records.stream().anyMatch(r -> r.server() != null && r.server().embedded());
    for (TableSpec spec : specs) {
      Shaped shaped;
      Shaped both;
      try {
        shaped = TableShaper.shape(spec, records);
        // the CSVs carry both definitions whatever the Markdown shows: same tables, same rows, more columns
        both = TableShaper.shape(spec.withFigures(TableSpec.Figures.BOTH), records);
      } catch (TableShaper.TableProblem e) {
        warnings.add("table '" + spec.name() + "': " + e.getMessage() + "; not written");
        continue;
      }
      String md = markdown(shaped, embedded);
      if (SummaryMarkdown.replayed(records)) {
        // after the title and the RAL/WAL terms, before any table: never read as measured
        int at = md.indexOf(SummaryMarkdown.LATENCY_TERMS) + SummaryMarkdown.LATENCY_TERMS.length() + 1;
        StringBuilder note = new StringBuilder();
        SummaryMarkdown.replayedNote(note, records);
        md = md.substring(0, at) + note + md.substring(at);
      }
      OutputFiles.writeString(dir.resolve(markdownName(spec)), md);
      drawn.add(dir.resolve(markdownName(spec)));
      List<String> names = csvNames(shaped);
      for (int i = 0; i < names.size(); i++) {
        OutputFiles.writeString(dir.resolve(names.get(i)), csv(both.tables().get(i)));
        drawn.add(dir.resolve(names.get(i)));
      }
      written.add(new Written(shaped.title(), DIR + "/" + markdownName(spec),
          names.stream().map(n -> DIR + "/" + n).toList(), md));
    }
    // a redraw after --resume may have other per values: the files of an earlier drawing would be stale. Removed
    // once this drawing is written, never before: a drawing that fails half-way (a full disk) leaves the last one
    try (java.util.stream.Stream<Path> old = Files.list(dir)) {
      for (Path f : old.filter(f -> f.toString().endsWith(".md") || f.toString().endsWith(".csv"))
          .filter(f -> !drawn.contains(f)).toList()) {
        Files.delete(f);
      }
    }
    return written;
  }

  /** The spec's Markdown: title, the RAL/WAL terms, the embedded-server warning when it applies, notes, tables. */
  public static String markdown(Shaped shaped, boolean embedded) {
    StringBuilder out = new StringBuilder("# ").append(shaped.title()).append("\n\n");
    out.append(SummaryMarkdown.LATENCY_TERMS).append(' ').append(FigureWindow.TERMS).append('\n');
    if (shaped.tables().stream().flatMap(t -> t.rows().stream()).flatMap(java.util.List::stream)
        .anyMatch(v -> v.text().contains(" ± "))) {
      out.append(dev.ycsbmongo.orchestrator.report.FigureIntervals.MEANING).append(' ')
          .append(dev.ycsbmongo.orchestrator.report.FigureIntervals.WHOLE_RUN_NOTE).append('\n');
    }
    if (embedded) {
      out.append('\n').append(SummaryMarkdown.EMBEDDED_WARNING).append('\n');
    }
    if (!shaped.notes().isEmpty()) {
      out.append('\n');
      shaped.notes().forEach(n -> out.append("- ").append(n).append('\n'));
    }
    for (Table t : shaped.tables()) {
      out.append('\n');
      if (!t.per().isEmpty()) {
        out.append("## ").append(t.per().stream().map(h -> h.label() + ": " + h.value())
            .collect(Collectors.joining(", "))).append("\n\n");
      }
      table(out, t);
    }
    return out.toString();
  }

  private static void table(StringBuilder out, Table t) {
    out.append("| ").append(t.header().stream().map(ShapedTableFiles::cell).collect(Collectors.joining(" | ")))
        .append(" |\n|");
    for (int i = 0; i < t.header().size(); i++) {
      boolean left = i < t.keyColumns() || (i == t.header().size() - 1 && t.header().get(i).equals("Status"));
      out.append(left ? ":---|" : "---:|");
    }
    out.append('\n');
    String group = null;
    for (List<Value> row : t.rows()) {
      List<String> cells = new ArrayList<>(row.stream().map(Value::text).toList());
      if (t.groupFirst()) {
        // as the study prints 1:2 once, on the first row of its group
        String first = cells.get(0);
        cells.set(0, first.equals(group) ? "" : first);
        group = first;
      }
      out.append("| ").append(cells.stream().map(ShapedTableFiles::cell).collect(Collectors.joining(" | ")))
          .append(" |\n");
    }
  }

  /** One table's CSV: the header, then every row with its keys repeated (no group printing). */
  public static String csv(Table t) {
    StringBuilder out = new StringBuilder();
    out.append(t.header().stream().map(SummaryCsv::quote).collect(Collectors.joining(","))).append('\n');
    for (List<Value> row : t.rows()) {
      out.append(row.stream().map(v -> SummaryCsv.quote(v.csv())).collect(Collectors.joining(","))).append('\n');
    }
    return out.toString();
  }

  /** The spec's Markdown file in {@code tables/}: {@code <name>.md}, the name shortened when it is too long for one. */
  public static String markdownName(TableSpec spec) {
    return FileNames.bounded(spec.name()) + ".md";
  }

  /**
   * The CSV file names of a spec's tables, in order: {@code <name>.csv}, or {@code <name>-<per values>.csv}, unique;
   * shortened as {@link FileNames} does when the name and values are too long for a file name.
   */
  public static List<String> csvNames(Shaped shaped) {
    List<String> names = new ArrayList<>();
    Set<String> seen = new HashSet<>();
    for (Table t : shaped.tables()) {
      String base = csvBase(shaped.spec().name(), t.per().stream().map(h -> h.value()).toList());
      String name = base;
      for (int n = 2; !seen.add(name); n++) {
        name = base + "-" + n;
      }
      names.add(name + ".csv");
    }
    return names;
  }

  /**
   * The CSV file name (before {@code .csv} and any {@code -2} that keeps it unique) of the table of {@code name}
   * for these per values; {@link #unboundedCsvBase} is what it would be without the bound on file names.
   */
  public static String csvBase(String name, List<String> perValues) {
    String full = unboundedCsvBase(name, perValues);
    if (!FileNames.shortened(full)) {
      return full;
    }
    // a long table name takes at most half: the per values are what tell its CSVs apart at a glance
    return FileNames.bounded(unboundedCsvBase(FileNames.bounded(name, FileNames.MAX_BYTES / 2), perValues));
  }

  public static String unboundedCsvBase(String name, List<String> perValues) {
    return name + (perValues.isEmpty() ? "" : "-" + perValues.stream().map(ShapedTableFiles::slug)
        .collect(Collectors.joining("-")));
  }

  /** A per value as part of a file name: letters, digits, '.', '_' and '-' kept, anything else '_'. */
  static String slug(String value) {
    String s = value.replaceAll("[^A-Za-z0-9._-]+", "_");
    return s.isEmpty() || s.equals("_") ? "x" : s;
  }

  private static String cell(String s) {
    return s.replace("|", "\\|").replace('\n', ' ').replace('\r', ' ');
  }
}
