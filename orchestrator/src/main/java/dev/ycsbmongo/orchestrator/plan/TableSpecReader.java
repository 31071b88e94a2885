package dev.ycsbmongo.orchestrator.plan;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Reads {@code report.tables}: the syntax of each table spec (names, lists, one-entry header maps, a
 * key placed twice). Whether the keys exist in the plan's cells is left to the check after expansion.
 */
final class TableSpecReader {

  static final List<String> TABLE_KEYS = List.of("name", "title", "per", "rows", "across", "acrossHeaders", "columns",
      "scenarios", "figures");

  private static final String KEY_RULE = "a KEY or a one-entry map {KEY: \"Header text\"}";
  private static final String NAME_RULE = "a name of lower-case letters, digits and '-' starting with a letter or digit"
      + " (it names the files tables/<name>.md and .csv)";

  private TableSpecReader() {
  }

  /**
   * The specs under {@code report}'s {@code tables}; {@code scenarios} are the plan's scenario names,
   * which a spec's {@code scenarios} must come from (null: not checked, for a stored plan.yaml).
   */
  static List<TableSpec> read(Section report, List<String> scenarios) {
    Optional<Node.Entry> entry = report.entry("tables");
    if (entry.isEmpty() || entry.get().value() instanceof Node.Null) {
      return List.of();  // "tables:" with nothing under it yet
    }
    if (!(entry.get().value() instanceof Node.Sequence seq)) {
      throw report.error(entry.get(), "expected a list of tables (maps with name and columns), found "
          + entry.get().value().describe());
    }
    List<TableSpec> specs = new ArrayList<>();
    Map<String, Integer> names = new HashMap<>();
    for (int i = 0; i < seq.items().size(); i++) {
      specs.add(spec(Section.of(report.source(), report.keyPath("tables") + "[" + i + "]", seq.items().get(i))
          .allow(TABLE_KEYS), names, scenarios));
    }
    return specs;
  }

  private static TableSpec spec(Section t, Map<String, Integer> names, List<String> scenarios) {
    Node.Entry nameEntry = t.required("name", NAME_RULE);
    String name = t.text(nameEntry, NAME_RULE);
    if (!TableSpec.NAME.matcher(name).matches()) {
      throw t.error(nameEntry, "'" + name + "' is not a valid table name; expected " + NAME_RULE);
    }
    Integer earlier = names.putIfAbsent(name, nameEntry.line());
    if (earlier != null) {
      throw t.error(nameEntry, "'" + name + "' is already the name of the table on line " + earlier
          + "; table names must be unique (they name files)");
    }
    Optional<String> title = t.optionalText("title", "a heading (free text)");
    List<TableSpec.Key> per = keys(t, "per", false);
    List<TableSpec.Key> rows = keys(t, "rows", false);
    Optional<TableSpec.Key> across = t.entry("across").map(e -> key(t, e.value(), t.keyPath("across")));
    Map<String, String> acrossHeaders = t.entry("acrossHeaders").map(e -> acrossHeaders(t, e, across.isPresent()))
        .orElse(Map.of());
    t.required("columns", "a list of keys (figures such as throughput, ral, wal, or"
        + " properties and labels)");
    List<TableSpec.Key> columns = keys(t, "columns", true);
    List<String> only = t.entry("scenarios").map(e -> scenarioNames(t, e, scenarios)).orElse(List.of());
    placedOnce(t, per, rows, across, columns);
    TableSpec.Figures figures = t.entry("figures").map(e -> figures(t, e)).orElse(TableSpec.Figures.WHOLE);
    return new TableSpec(name, title, per, rows, across, acrossHeaders, columns, only, figures, t.path(), t.line());
  }

  private static TableSpec.Figures figures(Section t, Node.Entry entry) {
    String rule = TableSpec.Figures.accepted() + " (whole: the whole run, as YCSB prints it and the documents"
        + " publish it; steady: the window after the ramp-up; both: side by side)";
    if (!(entry.value() instanceof Node.Scalar s)) {
      throw t.error(entry, "expected one of " + rule + ", found " + entry.value().describe());
    }
    return TableSpec.Figures.parse(s.text().strip()).orElseThrow(() -> t.error(entry, "'" + s.text()
        + "' is not a figures value; accepted: " + rule));
  }

  private static List<TableSpec.Key> keys(Section t, String field, boolean required) {
    Optional<Node.Entry> entry = t.entry(field);
    if (entry.isEmpty()) {
      return List.of();
    }
    if (!(entry.get().value() instanceof Node.Sequence seq)) {
      throw t.error(entry.get(), "expected a list of keys, each " + KEY_RULE + ", found " + entry.get().value().describe());
    }
    if (required && seq.items().isEmpty()) {
      throw t.error(entry.get(), "empty list; expected at least one column (e.g. throughput)");
    }
    List<TableSpec.Key> keys = new ArrayList<>();
    for (int i = 0; i < seq.items().size(); i++) {
      keys.add(key(t, seq.items().get(i), t.keyPath(field) + "[" + i + "]"));
    }
    return keys;
  }

  private static TableSpec.Key key(Section t, Node node, String path) {
    if (node instanceof Node.Scalar s && !s.text().isBlank()) {
      return new TableSpec.Key(s.text().strip(), Optional.empty(), path, node.line());
    }
    if (node instanceof Node.Mapping m && m.entries().size() == 1) {
      Node.Entry e = m.entries().values().iterator().next();
      if (e.value() instanceof Node.Scalar header && !header.text().isBlank() && !e.key().isBlank()) {
        return new TableSpec.Key(e.key().strip(), Optional.of(header.text()), path, node.line());
      }
      throw t.error(e.line(), path, "the heading of '" + e.key() + "' must be text, found " + e.value().describe()
          + "; expected " + KEY_RULE);
    }
    throw t.error(node.line(), path, "expected " + KEY_RULE + ", found " + node.describe());
  }

  private static Map<String, String> acrossHeaders(Section t, Node.Entry entry, boolean across) {
    if (!across) {
      throw t.error(entry, "headings for across's values need across; add across: KEY or remove acrossHeaders");
    }
    Section headers = t.child(entry);
    Map<String, String> m = new java.util.LinkedHashMap<>();
    for (Node.Entry e : headers.entries()) {
      m.put(e.key(), headers.text(e, "a heading for the value " + e.key() + " (text)"));
    }
    return m;
  }

  private static List<String> scenarioNames(Section t, Node.Entry entry, List<String> known) {
    if (!(entry.value() instanceof Node.Sequence seq) || seq.items().isEmpty()) {
      throw t.error(entry, "expected a non-empty list of scenario names, found " + entry.value().describe());
    }
    List<String> names = new ArrayList<>();
    for (int i = 0; i < seq.items().size(); i++) {
      Node item = seq.items().get(i);
      String path = t.keyPath("scenarios") + "[" + i + "]";
      if (!(item instanceof Node.Scalar s)) {
        throw t.error(item.line(), path, "expected a scenario name, found " + item.describe());
      }
      if (known != null && !known.contains(s.text())) {
        throw t.error(item.line(), path, "'" + s.text() + "' is not a scenario of this plan; accepted: "
            + String.join(", ", known) + Section.didYouMean(s.text(), known));
      }
      names.add(s.text());
    }
    return names;
  }

  /** A key identifies a cell's place once: per, rows and across share no key, and no column repeats one. */
  private static void placedOnce(Section t, List<TableSpec.Key> per, List<TableSpec.Key> rows,
      Optional<TableSpec.Key> across, List<TableSpec.Key> columns) {
    Map<String, TableSpec.Key> placed = new HashMap<>();
    List<TableSpec.Key> placing = new ArrayList<>(per);
    placing.addAll(rows);
    across.ifPresent(placing::add);
    for (TableSpec.Key k : placing) {
      TableSpec.Key earlier = placed.putIfAbsent(k.key(), k);
      if (earlier != null) {
        throw t.error(k.line(), k.path(), "'" + k.written() + "' is also " + earlier.path() + " (line " + earlier.line()
            + "); a key places cells once: per, rows and across take different keys");
      }
    }
    Map<String, TableSpec.Key> shown = new HashMap<>();
    for (TableSpec.Key k : columns) {
      TableSpec.Key row = placed.get(k.key());
      if (row != null) {
        throw t.error(k.line(), k.path(), "'" + k.written() + "' is already " + row.path() + " (line " + row.line()
            + "), shown once per row or table; remove it from columns");
      }
      TableSpec.Key earlier = shown.putIfAbsent(k.key(), k);
      if (earlier != null) {
        throw t.error(k.line(), k.path(), "'" + k.written() + "' is listed twice (also " + earlier.path() + ", line "
            + earlier.line() + "); expected each column once");
      }
    }
  }
}
