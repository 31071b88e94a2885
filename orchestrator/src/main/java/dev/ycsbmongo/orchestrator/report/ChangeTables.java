package dev.ycsbmongo.orchestrator.report;

import dev.ycsbmongo.orchestrator.results.Ci;
import dev.ycsbmongo.orchestrator.results.PhaseResult;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * The percentage changes the field notes state ("disabling chaining costs 20.3% at 7 nodes"): for
 * a table's coordinate with exactly two values A and B (a switch such as chainingAllowed or a
 * write concern), each pair of cells that agree on everything else gives one row of changes from
 * A to B, and the table ends with the range of each change over the rows.
 */
final class ChangeTables {

  /**
   * A figure of a cell (the mean over its successful repetitions), absent when not measured; {@code interval} its
   * 95% interval within one record (null: it has none, as the server's figures).
   */
  record Figure(String label, Function<PhaseResult, Double> value, Function<PhaseResult, Ci> interval) {

    Figure(String label, Function<PhaseResult, Double> value) {
      this(label, value, r -> null);
    }
  }

  /** Said under a change table whose changes have intervals. */
  static final String INTERVALS = "In brackets: the change's 95% interval, from the repetitions where both cells have"
      + " at least two, else from the two cells' intervals within their runs (\"within-run only\": run-to-run"
      + " variation is not in it); (n.s.): the interval holds 0%.";

  private ChangeTables() {
  }

  static void render(StringBuilder out, List<PhaseResult> records, List<String> varying, boolean showTarget,
      List<Figure> figures) {
    for (String key : varying) {
      List<String> values = records.stream().map(r -> r.coordinates().get(key)).filter(Objects::nonNull).distinct()
          .toList();
      if (values.size() == 2) {
        table(out, records, key, values.get(0), values.get(1), varying, showTarget, figures);
      }
    }
  }

  private static void table(StringBuilder out, List<PhaseResult> records, String key, String a, String b,
      List<String> varying, boolean showTarget, List<Figure> figures) {
    List<String> others = varying.stream().filter(k -> !k.equals(key)).toList();
    Map<String, List<PhaseResult>> sideA = new LinkedHashMap<>();
    Map<String, List<PhaseResult>> sideB = new LinkedHashMap<>();
    for (PhaseResult r : records) {
      String rest = r.target().name() + "|" + others.stream().map(k -> r.coordinates().get(k)).toList();
      String v = r.coordinates().get(key);
      (a.equals(v) ? sideA : b.equals(v) ? sideB : new LinkedHashMap<String, List<PhaseResult>>())
          .computeIfAbsent(rest, x -> new ArrayList<>()).add(r);
    }
    List<Figure> shown = figures.stream().filter(f -> records.stream().anyMatch(r -> r.succeeded() && f.value().apply(r) != null))
        .toList();
    if (shown.isEmpty()) {
      return;
    }
    out.append("\n### Change from ").append(key).append('=').append(a).append(" to ").append(b).append("\n\n");
    List<String> head = new ArrayList<>();
    if (showTarget) {
      head.add("Target");
    }
    others.forEach(k -> head.add(SummaryMarkdown.label(k)));
    int labels = head.size();
    shown.forEach(f -> head.add(f.label()));
    MarkdownCells.header(out, head, labels);
    boolean intervals = false;
    Map<Figure, List<Double>> changes = new LinkedHashMap<>();
    List<Unverified.Note> notes = new ArrayList<>();
    shown.forEach(f -> changes.put(f, new ArrayList<>()));
    for (Map.Entry<String, List<PhaseResult>> e : sideA.entrySet()) {
      List<PhaseResult> other = sideB.get(e.getKey());
      if (other == null) {
        continue;
      }
      PhaseResult first = e.getValue().get(0);
      List<PhaseResult> both = new ArrayList<>(e.getValue());
      both.addAll(other);
      Unverified.Note note = Unverified.of(both);
      notes.add(note);
      List<String> row = new ArrayList<>();
      if (showTarget) {
        row.add(first.target().name());
      }
      others.forEach(k -> row.add(Objects.requireNonNullElse(first.coordinates().get(k), "-")));
      for (Figure f : shown) {
        Double from = mean(e.getValue(), f);
        Double to = mean(other, f);
        Double change = from == null || to == null || from == 0 ? null : (to - from) / from * 100;
        if (change != null) {
          changes.get(f).add(change);
        }
        dev.ycsbmongo.orchestrator.stats.Change interval = change == null ? null : interval(e.getValue(), other, f);
        intervals |= interval != null;
        row.add(percent(change) + ChangeIntervals.text(interval)
            + (interval != null && !interval.significant() ? " (n.s.)" : ""));
      }
      row.set(row.size() - 1, row.get(row.size() - 1) + note.mark());
      out.append("| ").append(row.stream().map(MarkdownCells::cell).collect(Collectors.joining(" | "))).append(" |\n");
    }
    if (intervals) {
      out.append('\n').append(INTERVALS).append('\n');
    }
    Set<String> ranges = new LinkedHashSet<>();
    changes.forEach((f, list) -> {
      if (list.size() > 1) {
        ranges.add(f.label() + " " + percent(list.stream().mapToDouble(Double::doubleValue).min().orElse(0)) + " to "
            + percent(list.stream().mapToDouble(Double::doubleValue).max().orElse(0)));
      }
    });
    Unverified.Note unverified = Unverified.Note.merge(notes);
    if (!ranges.isEmpty()) {
      // a range over unconfirmed settings is not a finding without saying so, first
      out.append("\nRange over the rows: ").append(unverified.empty() ? "" : unverified.finding() + "; ")
          .append(String.join("; ", ranges)).append(".\n");
    }
    if (!unverified.empty()) {
      out.append('\n').append(unverified.footnote()).append('\n');
    }
  }

  /** The change's interval from the two cells' successful repetitions; null where none can be stated. */
  private static dev.ycsbmongo.orchestrator.stats.Change interval(List<PhaseResult> a, List<PhaseResult> b,
      Figure f) {
    List<PhaseResult> okA = a.stream().filter(PhaseResult::succeeded).filter(r -> f.value().apply(r) != null).toList();
    List<PhaseResult> okB = b.stream().filter(PhaseResult::succeeded).filter(r -> f.value().apply(r) != null).toList();
    if (okA.isEmpty() || okB.isEmpty()) {
      return null;
    }
    return ChangeIntervals.of(okA.stream().map(f.value()).toList(), f.interval().apply(okA.get(0)),
        okB.stream().map(f.value()).toList(), f.interval().apply(okB.get(0)));
  }

  private static Double mean(List<PhaseResult> reps, Figure f) {
    List<Double> v = reps.stream().filter(PhaseResult::succeeded).map(f.value()).filter(Objects::nonNull).toList();
    return v.isEmpty() ? null : v.stream().mapToDouble(Double::doubleValue).average().orElse(0);
  }

  static String percent(Double change) {
    return change == null ? "-" : String.format(Locale.ROOT, "%+.1f%%", change);
  }
}
