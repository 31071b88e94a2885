package dev.ycsbmongo.orchestrator.report.tables;

import dev.ycsbmongo.binding.Keys;
import dev.ycsbmongo.orchestrator.plan.TableSpec;
import dev.ycsbmongo.orchestrator.report.Curves;
import dev.ycsbmongo.orchestrator.report.FigureWindow;
import dev.ycsbmongo.orchestrator.report.Records;
import dev.ycsbmongo.orchestrator.report.Unverified;
import dev.ycsbmongo.orchestrator.report.charts.Knee;
import dev.ycsbmongo.orchestrator.report.tables.TableColumns.Value;
import dev.ycsbmongo.orchestrator.report.tables.TableKeys.Source;
import dev.ycsbmongo.orchestrator.results.PhaseResult;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * Lays a run's records out as a plan's {@link TableSpec} asks: one table per combination of
 * {@code per}'s values, rows by {@code rows}, a column per value of {@code across}, then the columns.
 * It never merges cells silently: an identity (scenario, target, coordinate) that varies where the spec
 * does not place it becomes a row key of its own (a table of its own when transposed), with a note. A
 * table of row keys and curve figures only has one row per curve (cells that differ only in threads).
 */
public final class TableShaper {

  /** A per key's heading and this table's value of it. */
  public record Heading(String label, String value) {
  }

  /**
   * One rendered table: its per values, its header, how many leading columns are row keys, whether the
   * first column is printed once per group (study 1's ratio), and its rows.
   */
  public record Table(List<Heading> per, List<String> header, int keyColumns, boolean groupFirst,
      List<List<Value>> rows) {
    public Table {
      per = List.copyOf(per);
      header = List.copyOf(header);
      rows = rows.stream().map(List::copyOf).toList();
    }
  }

  /** All tables of one spec, with the notes that say how they were made. */
  public record Shaped(TableSpec spec, List<Table> tables, List<String> notes) {
    public Shaped {
      tables = List.copyOf(tables);
      notes = List.copyOf(notes);
    }

    public String title() {
      return spec.title().orElse(spec.name());
    }
  }

  /** A spec the records cannot fill (a key the run's cells do not have): the tables are left out, with this reason. */
  public static final class TableProblem extends RuntimeException {
    private static final long serialVersionUID = 1L;

    TableProblem(String message) {
      super(message);
    }
  }

  /** A key resolved against the cells, with its heading. */
  private record Resolved(String key, String header, Source source, TableColumns.Column column) {
    boolean figure() {
      return source == Source.FIGURE || source == Source.CURVE;
    }
  }

  /** The records one row position holds: a cell's repetitions, or every cell of a curve. */
  private record Unit(List<PhaseResult> reps) {
    PhaseResult first() {
      return reps.get(0);
    }
  }

  private final TableSpec spec;
  private final List<PhaseResult> in;
  private final Map<String, Curves.Curve> curves;
  private final List<String> notes = new ArrayList<>();
  /** Whether some count shown is what ran rather than what was configured: its note is added. */
  private boolean timeBounded;

  private TableShaper(TableSpec spec, List<PhaseResult> measured) {
    this.spec = spec;
    this.curves = Curves.of(measured);
    this.in = measured.stream().filter(r -> spec.scenarios().isEmpty() || spec.scenarios().contains(r.scenario()))
        .toList();
  }

  /** The spec's tables from {@code records} (every record of a run: the current, measured ones are used). */
  public static Shaped shape(TableSpec spec, List<PhaseResult> records) {
    List<PhaseResult> measured = Records.latest(records).stream().filter(Records::measured).toList();
    return new TableShaper(spec, measured).shape();
  }

  private Shaped shape() {
    if (in.isEmpty()) {
      return new Shaped(spec, List.of(), List.of("No measured cell yet."));
    }
    List<Resolved> per = resolveAll(spec.per());
    List<Resolved> rows = resolveAll(spec.rows());
    Resolved across = spec.across().map(this::resolve).orElse(null);
    List<Resolved> columns = windowed(resolveAll(spec.columns()));
    for (Resolved r : placing(per, rows, across)) {
      if (r.figure()) {
        throw new TableProblem("'" + r.key() + "' is a figure and cannot place cells; per, rows and across take"
            + " scenario, target, kind, labels, coordinates or properties");
      }
    }
    boolean curveMode = columns.stream().noneMatch(c -> c.source() == Source.FIGURE)
        && columns.stream().anyMatch(c -> c.source() == Source.CURVE)
        && placing(per, rows, across).stream().noneMatch(r -> r.key().equals(Keys.THREAD_COUNT))
        && columns.stream().noneMatch(r -> r.key().equals(Keys.THREAD_COUNT));
    List<Unit> units = units(curveMode);
    List<Resolved> auto = honestKeys(units, per, rows, across, columns, curveMode);
    List<Resolved> perKeys = new ArrayList<>(per);
    List<Resolved> rowKeys = new ArrayList<>(rows);
    (spec.transposed() ? perKeys : rowKeys).addAll(auto);
    if (!auto.isEmpty()) {
      notes.add("Added " + String.join(", ", auto.stream().map(Resolved::header).toList()) + (spec.transposed()
          ? " to the table headings" : " as row keys") + ": the cells differ in " + (auto.size() == 1 ? "it" : "them")
          + " where the table does not place them, and a row never merges cells.");
    }
    boolean statusAdded = columns.stream().noneMatch(c -> c.key().equals("status"))
        && units.stream().anyMatch(u -> u.reps().stream().anyMatch(r -> !r.succeeded()));
    if (statusAdded) {
      notes.add("Status added: some cells did not succeed; they show \"-\" for every figure they did not measure"
          + " and defend.");
    }
    if (curveMode) {
      notes.add("One row per curve: the cells that differ only in their thread count.");
    } else if (units.stream().anyMatch(u -> u.reps().stream().filter(PhaseResult::succeeded).count() > 1)) {
      notes.add("Figures are the means of each cell's successful repetitions.");
    }
    if (columns.stream().anyMatch(c -> c.key().equals("bestThreads") || c.key().equals("peakThroughput"))) {
      notes.add("Best threads: the thread count with the highest mean throughput on its curve (cells differing only"
          + " in threads); peak throughput is that throughput; other thread counts within "
          + Math.round(Knee.PEAK_TOLERANCE * 100) + "% of it are named beside it (one run cannot tell them apart).");
    }
    if (columns.stream().anyMatch(c -> c.key().equals("peakNeighbours"))) {
      notes.add(dev.ycsbmongo.orchestrator.report.CurveSummary.INTERVALS_NOTE);
    }
    if (columns.stream().anyMatch(c -> c.key().equals("precision"))) {
      notes.add(dev.ycsbmongo.orchestrator.report.PrecisionCell.note(in));
    }
    if (columns.stream().anyMatch(c -> c.key().equals("kneeThreads"))) {
      boolean uncertain = units.stream().map(u -> curves.get(Curves.identity(u.first())))
          .anyMatch(c -> c != null && c.kneeThreads() != null && c.kneeStep() != null && !c.kneeStep().certain());
      notes.add(Knee.RULE + " \"-\": latency never outgrew throughput within the sweep."
          + (uncertain ? " " + dev.ycsbmongo.orchestrator.report.CurveSummary.KNEE_NOTE : ""));
    }
    List<String> incomplete = units.stream().map(u -> curves.get(Curves.identity(u.first())))
        .filter(c -> c != null && !c.complete()).distinct()
        .map(c -> c.target() + " " + c.scenario() + (c.coordinates().isEmpty() ? "" : " " + c.coordinates())
            + ": " + c.missing()).toList();
    if (columns.stream().anyMatch(c -> c.source() == Source.CURVE) && !incomplete.isEmpty()) {
      notes.add("Incomplete curves (a thread count without a successful measurement; their curve figures are"
          + " marked " + Curves.INCOMPLETE + "): " + String.join("; ", incomplete) + ".");
    }
    Unverified.Note unverified = Unverified.of(in);
    if (!unverified.empty()) {
      notes.add(unverified.footnote());
    }
    Map<List<String>, List<Unit>> byPer = new LinkedHashMap<>();
    for (Unit u : units) {
      byPer.computeIfAbsent(values(perKeys, u), k -> new ArrayList<>()).add(u);
    }
    List<String> acrossValues = across == null ? List.of() : distinct(units, across);
    List<Table> tables = new ArrayList<>();
    byPer.forEach((perValues, tableUnits) -> {
      List<Heading> headings = new ArrayList<>();
      for (int i = 0; i < perKeys.size(); i++) {
        headings.add(new Heading(perKeys.get(i).header(), perValues.get(i)));
      }
      // every table of the spec has a column for every value, "-" where it has no cell: the same shape throughout
      tables.add(spec.transposed() ? transposed(headings, tableUnits, across, acrossValues, columns, statusAdded)
          : table(headings, tableUnits, rowKeys, across, acrossValues, columns, statusAdded));
    });
    if (timeBounded) {
      notes.add(ExecutedOperations.NOTE);
    }
    return new Shaped(spec, tables, notes);
  }

  /**
   * The columns with each figure of two definitions (whole run, steady) as the spec's {@code figures} asks: one
   * column per window shown, side by side, each heading naming its window.
   */
  private List<Resolved> windowed(List<Resolved> columns) {
    List<Resolved> out = new ArrayList<>();
    for (Resolved c : columns) {
      if (c.source() == Source.FIGURE && WindowedColumns.windowed(c.key())) {
        for (FigureWindow w : WindowedColumns.windows(spec.figures())) {
          TableColumns.Column col = WindowedColumns.column(c.key(), w, c.header());
          out.add(new Resolved(c.key(), col.header(), c.source(), col));
        }
      } else {
        out.add(c);
      }
    }
    return out;
  }

  private Table table(List<Heading> per, List<Unit> units, List<Resolved> rowKeys, Resolved across,
      List<String> acrossValues, List<Resolved> columns, boolean statusAdded) {
    List<String> header = new ArrayList<>(rowKeys.stream().map(Resolved::header).toList());
    if (across == null) {
      columns.forEach(c -> header.add(c.header()));
    } else {
      for (String v : acrossValues) {
        columns.forEach(c -> header.add(columns.size() == 1 ? acrossHeader(across, v)
            : c.header() + " (" + acrossHeader(across, v) + ")"));
      }
    }
    if (statusAdded) {
      header.add("Status");
    }
    // a row: its key values (and, without across, its identity columns) -> the units it holds by across value
    Map<List<String>, Map<String, Unit>> rows = new LinkedHashMap<>();
    for (Unit u : units) {
      List<String> key = values(rowKeys, u);
      if (across == null) {
        key.addAll(values(columns.stream().filter(c -> !c.figure()).toList(), u));
      }
      rows.computeIfAbsent(key, k -> new LinkedHashMap<>()).put(across == null ? "" : identity(across, u), u);
    }
    List<List<Value>> out = new ArrayList<>();
    for (Map.Entry<List<String>, Map<String, Unit>> row : grouped(rows)) {
      List<Value> line = new ArrayList<>();
      row.getKey().subList(0, rowKeys.size()).forEach(v -> line.add(Value.of(v)));
      for (String v : across == null ? List.of("") : acrossValues) {
        Unit u = row.getValue().get(v);
        columns.forEach(c -> line.add(u == null ? Value.ABSENT : value(c, u)));
      }
      if (statusAdded) {
        line.add(Value.of(status(List.copyOf(row.getValue().values()))));
      }
      out.add(line);
    }
    return new Table(per, header, rowKeys.size(), !rowKeys.isEmpty() && !spec.rows().isEmpty(), out);
  }

  /** Study 3's shape: the figures down the first column ("Item"), one column per value of across. */
  private Table transposed(List<Heading> per, List<Unit> units, Resolved across, List<String> acrossValues,
      List<Resolved> columns, boolean statusAdded) {
    List<String> header = new ArrayList<>(List.of("Item"));
    acrossValues.forEach(v -> header.add(acrossHeader(across, v)));
    Map<String, Unit> byValue = new LinkedHashMap<>();
    units.forEach(u -> byValue.put(identity(across, u), u));
    List<List<Value>> out = new ArrayList<>();
    for (Resolved c : columns) {
      List<Value> line = new ArrayList<>(List.of(Value.of(c.header())));
      acrossValues.forEach(v -> line.add(value(c, byValue.get(v))));
      out.add(line);
    }
    if (statusAdded) {
      List<Value> line = new ArrayList<>(List.of(Value.of("Status")));
      acrossValues.forEach(v -> line.add(byValue.containsKey(v) ? Value.of(status(List.of(byValue.get(v))))
          : Value.ABSENT));
      out.add(line);
    }
    return new Table(per, header, 1, false, out);
  }

  /** Rows ordered by their first key's first appearance, so that a group is consecutive (and printed once). */
  private static <V> List<Map.Entry<List<String>, V>> grouped(Map<List<String>, V> rows) {
    Map<String, List<Map.Entry<List<String>, V>>> groups = new LinkedHashMap<>();
    for (Map.Entry<List<String>, V> e : rows.entrySet()) {
      groups.computeIfAbsent(e.getKey().isEmpty() ? "" : e.getKey().get(0), k -> new ArrayList<>()).add(e);
    }
    return groups.values().stream().flatMap(List::stream).toList();
  }

  private String acrossHeader(Resolved across, String value) {
    String h = spec.acrossHeaders().get(value);
    return h != null ? h : across.header() + "=" + value;
  }

  private static String status(List<Unit> units) {
    return units.stream().map(u -> dev.ycsbmongo.orchestrator.report.SummaryMarkdown.status(u.reps()))
        .filter(s -> !s.equals("ok")).findFirst().orElse("ok");
  }

  private Value value(Resolved c, Unit u) {
    if (u == null) {
      return Value.ABSENT;
    }
    if (c.figure()) {
      Value v = c.column().value().apply(new TableColumns.Cell(u.reps(), curves.get(Curves.identity(u.first()))));
      // the Markdown marks a figure measured on an unconfirmed setting; the CSV keeps the plain number
      String mark = Unverified.mark(u.reps());
      return mark.isEmpty() || v.equals(Value.ABSENT) ? v : new Value(v.text() + mark, v.csv());
    }
    String configured = identity(c, u);
    Value ran = ExecutedOperations.value(c.key(), configured, u.reps());
    if (ran != null) {
      timeBounded = true;
      return ran;
    }
    return Value.of(configured);
  }

  private static String identity(Resolved k, Unit u) {
    return TableKeys.identityValue(k.source(), k.key(), u.first());
  }

  private static List<String> values(List<Resolved> keys, Unit u) {
    List<String> v = new ArrayList<>();
    keys.forEach(k -> v.add(Objects.requireNonNullElse(identity(k, u), "-")));
    return v;
  }

  private static List<String> distinct(List<Unit> units, Resolved key) {
    Set<String> v = new LinkedHashSet<>();
    units.forEach(u -> v.add(Objects.requireNonNullElse(identity(key, u), "-")));
    return List.copyOf(v);
  }

  /** The cells (or curves) of the table, in plan order; repetitions of a cell are one unit. */
  private List<Unit> units(boolean curveMode) {
    Map<String, List<PhaseResult>> units = new LinkedHashMap<>();
    for (PhaseResult r : in) {
      String id = curveMode ? Curves.identity(r)
          : r.kind() + "|" + r.scenario() + "|" + r.target().name() + "|" + r.coordinates();
      units.computeIfAbsent(id, k -> new ArrayList<>()).add(r);
    }
    return units.values().stream().map(Unit::new).toList();
  }

  /**
   * The identity keys to add so that no two units share a place: while two do, the first of scenario,
   * target and the coordinates (in plan order) that tells them apart is added.
   */
  private List<Resolved> honestKeys(List<Unit> units, List<Resolved> per, List<Resolved> rows, Resolved across,
      List<Resolved> columns, boolean curveMode) {
    Set<String> used = new LinkedHashSet<>();
    placing(per, rows, across).forEach(r -> used.add(r.key()));
    columns.forEach(r -> used.add(r.key()));
    List<Resolved> candidates = new ArrayList<>();
    candidates.add(new Resolved(TableKeys.SCENARIO, TableKeys.SCENARIO, Source.SCENARIO, null));
    candidates.add(new Resolved(TableKeys.TARGET, TableKeys.TARGET, Source.TARGET, null));
    Set<String> coords = new LinkedHashSet<>();
    in.forEach(r -> coords.addAll(r.coordinates().keySet()));
    coords.stream().filter(k -> !(curveMode && k.equals(Keys.THREAD_COUNT)))
        .forEach(k -> candidates.add(new Resolved(k, TableKeys.defaultHeader(k), Source.COORDINATE, null)));
    candidates.removeIf(c -> used.contains(c.key()));
    List<Resolved> added = new ArrayList<>();
    while (true) {
      List<Resolved> place = new ArrayList<>(placing(per, rows, across));
      place.addAll(added);
      if (across == null) {
        place.addAll(columns.stream().filter(c -> !c.figure()).toList());
      }
      Map<List<String>, List<Unit>> slots = new LinkedHashMap<>();
      units.forEach(u -> slots.computeIfAbsent(values(place, u), k -> new ArrayList<>()).add(u));
      List<List<Unit>> clashes = slots.values().stream().filter(l -> l.size() > 1).toList();
      if (clashes.isEmpty()) {
        return added;
      }
      Resolved next = candidates.stream().filter(c -> clashes.stream().anyMatch(l -> distinct(l, c).size() > 1))
          .findFirst().orElse(null);
      if (next == null) {
        return added;  // units differ in nothing the table could show: cannot happen for distinct cells
      }
      candidates.remove(next);
      added.add(next);
    }
  }

  private static List<Resolved> placing(List<Resolved> per, List<Resolved> rows, Resolved across) {
    List<Resolved> all = new ArrayList<>(per);
    all.addAll(rows);
    if (across != null) {
      all.add(across);
    }
    return all;
  }

  private List<Resolved> resolveAll(List<TableSpec.Key> keys) {
    return keys.stream().map(this::resolve).toList();
  }

  private Resolved resolve(TableSpec.Key k) {
    Set<String> coords = new LinkedHashSet<>();
    Set<String> labels = new LinkedHashSet<>();
    Set<String> props = new LinkedHashSet<>();
    for (PhaseResult r : in) {
      coords.addAll(r.coordinates().keySet());
      labels.addAll(r.target().labels().keySet());
      props.addAll(r.properties().keySet());
    }
    Source source = TableKeys.resolve(k.key(), coords, labels, props).orElseThrow(() -> new TableProblem(k.path()
        + ": '" + k.written() + "' is not a figure, label, coordinate or property of this run's cells"));
    return new Resolved(k.key(), k.header().orElse(TableKeys.defaultHeader(k.key())), source,
        TableColumns.named(k.key()).orElse(null));
  }
}
