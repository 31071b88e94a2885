package dev.ycsbmongo.orchestrator.report.compare;

import dev.ycsbmongo.orchestrator.plan.CompareAxis;
import dev.ycsbmongo.orchestrator.plan.CompareSpec;
import dev.ycsbmongo.orchestrator.report.Records;
import dev.ycsbmongo.orchestrator.results.PhaseResult;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A comparison of two settings: the pairs of cells that agree on everything but BY, the cells left
 * without a counterpart, and the range of each change per scenario (and per label value).
 * Only the cells the summary tables show are compared: runs, load-scenario cells and connection
 * stresses, the last record of each phase (a connection stress pairs only with another, by kind);
 * preparing loads and warm-ups are not.
 */
public record Comparison(CompareSpec spec, List<Pair> pairs, List<Unpaired> unpaired, List<Range> ranges,
    List<String> notes) {

  public Comparison {
    pairs = List.copyOf(pairs);
    unpaired = List.copyOf(unpaired);
    ranges = List.copyOf(ranges);
    notes = List.copyOf(notes);
  }

  /** What a cell is, apart from BY and its repetition. */
  private record CellKey(String scenario, String kind, Map<String, String> cell) {
  }

  /** Within one run: A and B are both taken from {@code records}. */
  public static Comparison of(List<PhaseResult> records, CompareSpec spec) {
    return of(records, records, spec);
  }

  /**
   * A's cells come from {@code a} (those with BY = A), B's from {@code b} (BY = B). Pass the same
   * list twice for one run; for two runs, BY = {@value CompareSpec#RUN} takes every cell of each.
   *
   * @throws CompareSpecException when BY or a value is not in the records (one line, with the choices)
   */
  public static Comparison of(List<PhaseResult> a, List<PhaseResult> b, CompareSpec spec) {
    boolean twoRuns = a != b;
    List<PhaseResult> cellsA = compared(a);
    List<PhaseResult> cellsB = twoRuns ? compared(b) : cellsA;
    CompareAxis axis = CompareAxis.resolve(spec.key(), views(cellsA), views(cellsB), twoRuns, "this run");
    axis.requireValue(spec.a(), views(cellsA));
    axis.requireValue(spec.b(), views(cellsB));
    Map<String, String> covarying = axis.kind() == CompareAxis.Kind.LABEL
        ? covarying(axis, cellsA, spec.a(), cellsB, spec.b()) : Map.of();
    Map<CellKey, List<PhaseResult>> sideA = side(cellsA, axis, spec.a(), covarying.keySet());
    Map<CellKey, List<PhaseResult>> sideB = side(cellsB, axis, spec.b(), covarying.keySet());

    List<Pair> pairs = new ArrayList<>();
    List<Unpaired> unpaired = new ArrayList<>();
    for (Map.Entry<CellKey, List<PhaseResult>> e : sideA.entrySet()) {
      CellKey key = e.getKey();
      List<PhaseResult> other = sideB.get(key);
      if (other == null) {
        unpaired.add(new Unpaired(key.scenario(), key.kind(), key.cell(), "A", "no cell with " + spec.by() + "=" + spec.b()));
        continue;
      }
      List<PhaseResult> okA = e.getValue().stream().filter(PhaseResult::succeeded).toList();
      List<PhaseResult> okB = other.stream().filter(PhaseResult::succeeded).toList();
      if (okA.isEmpty() || okB.isEmpty()) {
        // A failed cell has no figures: a change against it would be invented, so it is listed instead.
        if (okA.isEmpty()) {
          unpaired.add(new Unpaired(key.scenario(), key.kind(), key.cell(), "A", whyNotOk(e.getValue())));
        }
        if (okB.isEmpty()) {
          unpaired.add(new Unpaired(key.scenario(), key.kind(), key.cell(), "B", whyNotOk(other)));
        }
        continue;
      }
      pairs.add(pair(key, okA, okB, axis, covarying.keySet()));
    }
    sideB.keySet().stream().filter(k -> !sideA.containsKey(k)).forEach(k -> unpaired.add(
        new Unpaired(k.scenario(), k.kind(), k.cell(), "B", "no cell with " + spec.by() + "=" + spec.a())));
    List<String> notes = new ArrayList<>();
    covarying.forEach((k, values) -> notes.add(k + " changes with " + spec.by() + " (" + values
        + "), so it is not used to pair cells"));
    return new Comparison(spec, pairs, unpaired, ranges(pairs), notes);
  }

  /** Why a cell has no figures to compare: its verdict, e.g. "unstable: throughput still rising 40% ...". */
  private static String whyNotOk(List<PhaseResult> reps) {
    PhaseResult r = reps.get(reps.size() - 1);
    return "no successful repetition (" + r.status().name().toLowerCase(java.util.Locale.ROOT)
        + (r.cause() == null ? "" : ": " + r.cause()) + ")";
  }

  /**
   * The other labels whose values on A's targets and on B's targets have nothing in common: they
   * change together with BY (study 1's engine 4.2 on local SSD, 4.4 on cloud disk), so keeping them
   * in the cell would leave no cell with a counterpart. Each maps to "A's values vs B's values".
   */
  private static Map<String, String> covarying(CompareAxis axis, List<PhaseResult> a, String valueA, List<PhaseResult> b,
      String valueB) {
    Map<String, Set<String>> onA = labelValues(axis, a, valueA);
    Map<String, Set<String>> onB = labelValues(axis, b, valueB);
    Map<String, String> covarying = new LinkedHashMap<>();
    onA.forEach((k, va) -> {
      Set<String> vb = onB.get(k);
      if (vb != null && va.stream().noneMatch(vb::contains)) {
        covarying.put(k, String.join(", ", va) + " vs " + String.join(", ", vb));
      }
    });
    return covarying;
  }

  private static Map<String, Set<String>> labelValues(CompareAxis axis, List<PhaseResult> records, String value) {
    Map<String, Set<String>> values = new LinkedHashMap<>();
    records.stream().filter(r -> value.equals(axis.valueOf(view(r)))).forEach(r -> r.target().labels().forEach((k, v) -> {
      if (!k.equals(axis.by())) {
        values.computeIfAbsent(k, x -> new LinkedHashSet<>()).add(v);
      }
    }));
    return values;
  }

  /** The scenario titles of the pairs and unpaired cells, in order of first appearance. */
  public List<String> titles() {
    Set<String> titles = new LinkedHashSet<>();
    pairs.forEach(p -> titles.add(p.title()));
    unpaired.forEach(u -> titles.add(u.title()));
    return List.copyOf(titles);
  }

  private static CompareAxis.Cell view(PhaseResult r) {
    return new CompareAxis.Cell(r.target().name(), r.target().labels(), r.coordinates());
  }

  private static List<CompareAxis.Cell> views(List<PhaseResult> records) {
    return records.stream().map(Comparison::view).toList();
  }

  private static List<PhaseResult> compared(List<PhaseResult> records) {
    return Records.latest(records).stream().filter(Records::measured).toList();
  }

  private static Map<CellKey, List<PhaseResult>> side(List<PhaseResult> records, CompareAxis axis, String value,
      Set<String> ignored) {
    Map<CellKey, List<PhaseResult>> cells = new LinkedHashMap<>();
    for (PhaseResult r : records) {
      if (axis.kind() == CompareAxis.Kind.RUN || value.equals(axis.valueOf(view(r)))) {
        cells.computeIfAbsent(new CellKey(r.scenario(), r.kind().label(), cell(r, axis, ignored)),
            k -> new ArrayList<>()).add(r);
      }
    }
    return cells;
  }

  /** The cell apart from BY: the target unless BY tells targets apart, then the other labels or coordinates. */
  private static Map<String, String> cell(PhaseResult r, CompareAxis axis, Set<String> ignored) {
    Map<String, String> cell = new LinkedHashMap<>();
    if (axis.kind() == CompareAxis.Kind.LABEL) {
      r.target().labels().forEach((k, v) -> {
        if (!k.equals(axis.by()) && !ignored.contains(k)) {
          cell.put(k, v);
        }
      });
    } else if (axis.kind() != CompareAxis.Kind.TARGET) {
      cell.put(CompareSpec.TARGET, r.target().name());
    }
    r.coordinates().forEach((k, v) -> {
      if (!(axis.kind() == CompareAxis.Kind.COORDINATE && k.equals(axis.by()))) {
        cell.putIfAbsent(k, v);
      }
    });
    return cell;
  }

  private static Pair pair(CellKey key, List<PhaseResult> a, List<PhaseResult> b, CompareAxis axis, Set<String> ignored) {
    List<Change> changes = new ArrayList<>();
    for (Figure f : Figure.values()) {
      changes.add(Change.of(f, Spread.of(a.stream().map(f::of).toList()), Spread.of(b.stream().map(f::of).toList())));
    }
    Map<String, String> labels = new LinkedHashMap<>();
    if (axis.kind() != CompareAxis.Kind.TARGET) {
      a.get(0).target().labels().forEach((k, v) -> {
        if (!(axis.kind() == CompareAxis.Kind.LABEL && k.equals(axis.by())) && !ignored.contains(k)) {
          labels.put(k, v);
        }
      });
    }
    return new Pair(key.scenario(), key.kind(), key.cell(), labels, a.get(0).target().name(), b.get(0).target().name(),
        a.size(), b.size(), changes);
  }

  /** Per scenario: each figure's range over all its pairs, then over the pairs of each value of a label that varies. */
  private static List<Range> ranges(List<Pair> pairs) {
    Map<String, List<Pair>> byTitle = new LinkedHashMap<>();
    pairs.forEach(p -> byTitle.computeIfAbsent(p.title(), t -> new ArrayList<>()).add(p));
    List<Range> ranges = new ArrayList<>();
    byTitle.forEach((title, list) -> {
      addRanges(ranges, title, "", list);
      Set<String> keys = new LinkedHashSet<>();
      list.forEach(p -> keys.addAll(p.labels().keySet()));
      for (String k : keys) {
        Map<String, List<Pair>> groups = new LinkedHashMap<>();
        list.stream().filter(p -> p.labels().containsKey(k))
            .forEach(p -> groups.computeIfAbsent(p.labels().get(k), v -> new ArrayList<>()).add(p));
        if (groups.size() >= 2) {
          groups.forEach((v, group) -> addRanges(ranges, title, k + "=" + v, group));
        }
      }
    });
    return ranges;
  }

  private static void addRanges(List<Range> out, String title, String group, List<Pair> pairs) {
    for (Figure f : Figure.values()) {
      List<Change> present = pairs.stream().map(p -> p.change(f)).filter(c -> c.percent() != null).toList();
      if (!present.isEmpty()) {
        out.add(new Range(title, group, f, present.size(), (int) present.stream().filter(c -> !c.significant()).count(),
            present.stream().mapToDouble(Change::percent).min().orElseThrow(),
            present.stream().mapToDouble(Change::percent).max().orElseThrow(),
            present.stream().mapToDouble(Change::percent).average().orElseThrow()));
      }
    }
  }
}
