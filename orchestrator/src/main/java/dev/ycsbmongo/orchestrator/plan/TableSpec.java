package dev.ycsbmongo.orchestrator.plan;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * A table the plan shapes in {@code report.tables}, so that its output reads like a study's published
 * table: one table per combination of {@code per}'s values, rows identified by {@code rows}, optionally
 * one value column per value of {@code across}, then {@code columns}. Only the syntax is checked when
 * the plan is read; whether each key names something the plan's cells have is checked against the
 * expanded phases ({@code exec.PlanTableCheck}), as {@code report.compare} is.
 *
 * @param name unique in the plan; names the files {@code tables/<name>.md} and its CSVs
 * @param title the heading, when the plan gives one
 * @param scenarios the scenarios the table takes its cells from (empty: every measured scenario)
 * @param across the key whose values become columns, when the plan gives one
 * @param acrossHeaders headings for across's values ({@code true: chaining enabled}); a value without one is
 *     headed {@code key=value}
 * @param figures which definition of the client figures (throughput, errors, latencies) the Markdown shows:
 *     the whole run as YCSB prints it and the documents publish it (default), the steady window, or both
 */
public record TableSpec(String name, Optional<String> title, List<Key> per, List<Key> rows, Optional<Key> across,
    Map<String, String> acrossHeaders, List<Key> columns, List<String> scenarios, Figures figures, String path,
    int line) {

  /** The {@code figures} key's values. */
  public enum Figures {
    /** YCSB's whole-run figures, what the studies publish: the default. */
    WHOLE,
    /** The steady window's figures, after the ramp-up. */
    STEADY,
    /** Both, the whole run's first, each named. */
    BOTH;

    /** As a plan writes it. */
    public String key() {
      return name().toLowerCase(java.util.Locale.ROOT);
    }

    /** The value a plan wrote, if it is one. */
    public static Optional<Figures> parse(String written) {
      return java.util.Arrays.stream(values()).filter(f -> f.key().equals(written)).findFirst();
    }

    /** The accepted values, for messages: {@code whole, steady, both}. */
    public static String accepted() {
      return String.join(", ", java.util.Arrays.stream(values()).map(Figures::key).toList());
    }
  }

  /** What a name must look like: it is part of file names. */
  public static final Pattern NAME = Pattern.compile("[a-z0-9][a-z0-9-]*");

  public TableSpec {
    per = List.copyOf(per);
    rows = List.copyOf(rows);
    columns = List.copyOf(columns);
    scenarios = List.copyOf(scenarios);
    acrossHeaders = Plan.unmodifiableOrdered(acrossHeaders);
    java.util.Objects.requireNonNull(figures, "figures");
  }

  /** A spec that shows the whole run's figures (the default). */
  public TableSpec(String name, Optional<String> title, List<Key> per, List<Key> rows, Optional<Key> across,
      Map<String, String> acrossHeaders, List<Key> columns, List<String> scenarios, String path, int line) {
    this(name, title, per, rows, across, acrossHeaders, columns, scenarios, Figures.WHOLE, path, line);
  }

  /** This spec showing {@code f} (the CSV beside each table carries both, whatever the Markdown shows). */
  public TableSpec withFigures(Figures f) {
    return new TableSpec(name, title, per, rows, across, acrossHeaders, columns, scenarios, f, path, line);
  }

  /**
   * One entry of per, rows, across or columns: a key as written, the heading the plan gives it (the
   * study's own, e.g. スループット), and where it was written, for errors found after expansion.
   */
  public record Key(String written, Optional<String> header, String path, int line) {

    /** The key as records and phases spell it: {@code threads} is YCSB's {@code threadcount}. */
    public String key() {
      return CellProperty.propertyKey(written);
    }
  }

  /** Rows empty and across given: study 3's transposed table, figures down the first column. */
  public boolean transposed() {
    return rows.isEmpty() && across.isPresent();
  }

  /** per, rows and across: every key that identifies where a cell goes. */
  public List<Key> placing() {
    List<Key> keys = new ArrayList<>(per);
    keys.addAll(rows);
    across.ifPresent(keys::add);
    return keys;
  }

  /** Every key of the spec, in file order. */
  public List<Key> all() {
    List<Key> keys = placing();
    keys.addAll(columns);
    return keys;
  }
}
