package dev.ycsbmongo.orchestrator.plan;

import dev.ycsbmongo.orchestrator.FileNames;

/**
 * What to compare: BY and its two values, A (the baseline) and B. BY is a coordinate key
 * ({@code server.chainingAllowed}, {@code threadcount}), a target label key ({@code storage}),
 * {@value #TARGET} (target names) or {@value #RUN} (two run directories). Only the syntax is checked
 * here; whether the run has BY and its values is checked against the records by
 * {@code report.compare.Comparison#of}. Its messages name no option: the caller says where the text came from.
 */
public record CompareSpec(String by, String a, String b) {

  /** BY for two run directories: A is the first run's name, B the second's. */
  public static final String RUN = "run";
  /** BY for target names. */
  public static final String TARGET = "target";

  public static final String SYNTAX = "expected BY=A,B (e.g. server.chainingAllowed=true,false or storage=ssd,cloud)";

  public CompareSpec {
    if (by == null || by.isBlank() || a == null || a.isBlank() || b == null || b.isBlank()) {
      throw new CompareSpecException(SYNTAX + "; BY, A and B must not be empty");
    }
    if (a.equals(b)) {
      throw new CompareSpecException(by + "=" + a + "," + b + ": A and B are the same value");
    }
  }

  /**
   * Parses {@code BY=A,B}. BY is split at the first '=' and the values at the last ',' (coordinate
   * values are plain scalars; a BY key never holds '=').
   */
  public static CompareSpec parse(String text) {
    int eq = text.indexOf('=');
    int comma = text.lastIndexOf(',');
    if (eq <= 0 || comma < eq + 2 || comma == text.length() - 1) {
      throw new CompareSpecException("'" + text + "': " + SYNTAX);
    }
    return new CompareSpec(text.substring(0, eq).trim(), text.substring(eq + 1, comma).trim(),
        text.substring(comma + 1).trim());
  }

  /**
   * BY as the records and phases key it: summary.md heads the threadcount column "threads", and a
   * plan sweeps {@code threads}, so people type that for YCSB's {@code threadcount}.
   */
  public String key() {
    return CellProperty.propertyKey(by);
  }

  /** The text this spec was parsed from. */
  @Override
  public String toString() {
    return by + "=" + a + "," + b;
  }

  /** How every comparison file of a run directory starts (the report gathers them by it). */
  public static final String FILE_PREFIX = "comparison-";

  /**
   * A file-name-safe base: {@code comparison-<by>-<a>-vs-<b>}, anything but letters, digits, '.', '_', '-' as '_',
   * shortened as {@link FileNames} does when the labels make it too long for a file name.
   */
  public String fileBase() {
    return FileNames.bounded(fullFileBase());
  }

  /** Whether {@link #fileBase()} had to shorten the labels' base: {@code validate} says so, and what it became. */
  public boolean fileBaseShortened() {
    return FileNames.shortened(fullFileBase());
  }

  private String fullFileBase() {
    return FILE_PREFIX + safe(by) + "-" + safe(a) + "-vs-" + safe(b);
  }

  private static String safe(String s) {
    String t = s.replaceAll("[^A-Za-z0-9._-]", "_");
    return t.startsWith(".") ? "_" + t.substring(1) : t;
  }
}
