package dev.ycsbmongo.orchestrator.report;

import dev.ycsbmongo.orchestrator.results.AppliedSettings;
import dev.ycsbmongo.orchestrator.results.AppliedSettings.Check;
import dev.ycsbmongo.orchestrator.results.PhaseResult;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The mark of a cell that ran with a server setting or topology label the server could not confirm
 * (no replica set to read it from, no privilege to read it): its figures carry {@link #MARK} wherever
 * a table, comparison or chart shows them, with a footnote naming what was not confirmed, where and
 * why; a comparison's finding over such cells starts with {@link Note#finding()}.
 */
public final class Unverified {

  /** The mark beside an unverified cell's figures; its footnote starts with it. */
  public static final String MARK = "†";

  /**
   * What a set of cells left unconfirmed: the settings and labels, and per reason the targets it
   * applies to. Empty when every cell was confirmed (or nothing needed confirming).
   */
  public record Note(List<String> subjects, Map<String, List<String>> targetsByWhy) {

    public static final Note NONE = new Note(List.of(), Map.of());

    public Note {
      subjects = List.copyOf(subjects);
      targetsByWhy = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(targetsByWhy));
    }

    public boolean empty() {
      return subjects.isEmpty();
    }

    /** " †" after an unverified cell's value, "" otherwise. */
    public String mark() {
      return empty() ? "" : " " + MARK;
    }

    /** "unverified: setting settings.chainingAllowed was not confirmed on the server". */
    public String finding() {
      return "unverified: " + String.join(", ", subjects) + (subjects.size() == 1 ? " was" : " were")
          + " not confirmed on the server";
    }

    /** "† unverified: ... (rs3, rs7: not a replica set (...))": the footnote under a marked table. */
    public String footnote() {
      List<String> where = new ArrayList<>();
      targetsByWhy.forEach((why, targets) -> where.add(String.join(", ", targets) + ": " + why));
      return MARK + " " + finding() + " (" + String.join("; ", where) + "); these cells ran on the plan's word.";
    }

    /** Both notes together (a pair's two sides, a range's pairs). */
    public static Note merge(Collection<Note> notes) {
      Set<String> subjects = new LinkedHashSet<>();
      Map<String, Set<String>> where = new LinkedHashMap<>();
      for (Note n : notes) {
        subjects.addAll(n.subjects());
        n.targetsByWhy().forEach((why, t) -> where.computeIfAbsent(why, k -> new LinkedHashSet<>()).addAll(t));
      }
      Map<String, List<String>> out = new LinkedHashMap<>();
      where.forEach((why, t) -> out.put(why, List.copyOf(t)));
      return new Note(List.copyOf(subjects), out);
    }
  }

  private Unverified() {
  }

  /** What {@code records} (cells and their repetitions) ran with unconfirmed. */
  public static Note of(Collection<PhaseResult> records) {
    Set<String> subjects = new LinkedHashSet<>();
    Map<String, Set<String>> where = new LinkedHashMap<>();
    for (PhaseResult r : records) {
      AppliedSettings s = r.serverSettings();
      // a cell that did not succeed has no figures to mark; its status says what happened
      if (s == null || !r.succeeded()) {
        continue;
      }
      for (Check c : s.unverified()) {
        subjects.add(c.subject().startsWith("label ") ? c.subject() : "setting " + c.subject());
        where.computeIfAbsent(c.why() == null ? "not read back" : c.why(), k -> new LinkedHashSet<>())
            .add(r.target().name());
      }
    }
    Map<String, List<String>> out = new LinkedHashMap<>();
    where.forEach((why, t) -> out.put(why, List.copyOf(t)));
    return new Note(List.copyOf(subjects), out);
  }

  public static Note of(PhaseResult r) {
    return of(List.of(r));
  }

  /** " †" when any of {@code records} is unverified. */
  public static String mark(Collection<PhaseResult> records) {
    return of(records).mark();
  }

  /** The footnote line for a table of {@code records} ("\n" + footnote + "\n"), or "" when none is unverified. */
  public static String footnoteLine(Collection<PhaseResult> records) {
    Note n = of(records);
    return n.empty() ? "" : "\n" + n.footnote() + "\n";
  }
}
