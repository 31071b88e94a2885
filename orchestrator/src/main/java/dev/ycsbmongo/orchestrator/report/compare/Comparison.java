package dev.ycsbmongo.orchestrator.report.compare;

import dev.ycsbmongo.orchestrator.plan.CellProperty;
import dev.ycsbmongo.orchestrator.plan.CompareAxis;
import dev.ycsbmongo.orchestrator.plan.CompareSpec;
import dev.ycsbmongo.orchestrator.plan.CompareSpecException;
import dev.ycsbmongo.orchestrator.plan.PairingRules;
import dev.ycsbmongo.orchestrator.report.Records;
import dev.ycsbmongo.orchestrator.report.Unverified;
import dev.ycsbmongo.orchestrator.results.PhaseResult;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;

/**
 * A comparison of two settings: the pairs of cells that agree on everything but BY, the cells left
 * without a counterpart, and the range of each change per scenario (and per label value, and per
 * value of a {@code rangesOver} key across all run scenarios).
 * Only the cells the summary tables show are compared: runs, load-scenario cells and connection
 * stresses, the last record of each phase (a connection stress pairs only with another, by kind);
 * preparing loads and warm-ups are not.
 *
 * <p>Pairing rule: two cells that ran with different thread, record or operation counts are not
 * compared (listed under "Not compared" with both values) unless {@link PairingRules#differing()}
 * accepts that difference; then the pair shows both values. BY's own key is never such a difference.
 * When BY is a target label, the other labels must agree too, except those the plan says describe the
 * target ({@link PairingRules#describing()}); a cell kept from its counterpart by a label alone is listed
 * with the labels that differ and their values ({@link LabelMismatch}), never as "no cell with BY=B".
 *
 * @param refused the pairs refused for a difference not accepted (also in {@code unpaired})
 * @param mismatched the cells left alone because target labels differ from the nearest cell of the other
 *     side (also in {@code unpaired})
 */
public record Comparison(CompareSpec spec, PairingRules rules, List<Pair> pairs, List<Unpaired> unpaired,
    List<Range> ranges, List<String> notes, List<Refusal> refused, List<LabelMismatch> mismatched) {

  public Comparison {
    mismatched = List.copyOf(mismatched);
    pairs = List.copyOf(pairs);
    unpaired = List.copyOf(unpaired);
    ranges = List.copyOf(ranges);
    notes = List.copyOf(notes);
    refused = List.copyOf(refused);
  }

  /** The title of the ranges taken over all run scenarios ({@link PairingRules#rangesOver()}). */
  public static final String ACROSS = "across run scenarios";

  /** What a cell is, apart from BY and its repetition. */
  private record CellKey(String scenario, String kind, Map<String, String> cell) {
  }

  /** Within one run: A and B are both taken from {@code records}. */
  public static Comparison of(List<PhaseResult> records, CompareSpec spec) {
    return of(records, records, spec, PairingRules.NONE);
  }

  public static Comparison of(List<PhaseResult> records, CompareSpec spec, PairingRules rules) {
    return of(records, records, spec, rules);
  }

  public static Comparison of(List<PhaseResult> a, List<PhaseResult> b, CompareSpec spec) {
    return of(a, b, spec, PairingRules.NONE);
  }

  /**
   * A's cells come from {@code a} (those with BY = A), B's from {@code b} (BY = B). Pass the same
   * list twice for one run; for two runs, BY = {@value CompareSpec#RUN} takes every cell of each.
   *
   * @throws CompareSpecException when BY, a value or a rangesOver key is not in the records (one line, with the choices)
   */
  public static Comparison of(List<PhaseResult> a, List<PhaseResult> b, CompareSpec spec, PairingRules rules) {
    boolean twoRuns = a != b;
    List<PhaseResult> cellsA = compared(a);
    List<PhaseResult> cellsB = twoRuns ? compared(b) : cellsA;
    CompareAxis axis = CompareAxis.resolve(spec.key(), axisCells(cellsA), axisCells(cellsB), twoRuns, "this run");
    axis.requireValue(spec.a(), axisCells(cellsA));
    axis.requireValue(spec.b(), axisCells(cellsB));
    List<CompareAxis.Cell> all = new ArrayList<>(axisCells(cellsA));
    all.addAll(axisCells(cellsB));
    for (String key : rules.rangesOver()) {
      CompareAxis.rangesOverProblem(key, all).ifPresent(p -> {
        throw new CompareSpecException("rangesOver: " + p);
      });
    }
    Function<PhaseResult, CellView> view = CellView::of;
    Sides<PhaseResult> sides = Sides.of(axis, cellsA, cellsB, spec, view, rules);
    Map<CellKey, List<PhaseResult>> sideA = sides.a();
    Map<CellKey, List<PhaseResult>> sideB = sides.b();

    List<Pair> pairs = new ArrayList<>();
    List<Unpaired> unpaired = new ArrayList<>();
    List<Refusal> refused = new ArrayList<>();
    List<LabelMismatch> mismatched = new ArrayList<>();
    for (Map.Entry<CellKey, List<PhaseResult>> e : sideA.entrySet()) {
      CellKey key = e.getKey();
      List<PhaseResult> other = sideB.get(key);
      if (other == null) {
        java.util.Optional<LabelMismatch> near = nearest(key, e.getValue(), sideA, sideB, true, sides.matched(),
            sides.grouping(), spec, view);
        near.ifPresent(mismatched::add);
        unpaired.add(new Unpaired(key.scenario(), key.kind(), key.cell(), "A", near.map(LabelMismatch::reason)
            .orElse("no cell with " + spec.by() + "=" + spec.b())));
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
      List<Refusal> why = refusals(key, okA, okB, spec, rules, view);
      if (!why.isEmpty()) {
        refused.addAll(why);
        unpaired.add(new Unpaired(key.scenario(), key.kind(), key.cell(), Unpaired.BOTH, refusalReason(why)));
        continue;
      }
      pairs.add(pair(key, okA, okB, axis, sides.ignored(), spec, rules));
    }
    sideB.forEach((k, cells) -> {
      if (!sideA.containsKey(k)) {
        java.util.Optional<LabelMismatch> near = nearest(k, cells, sideB, sideA, false, sides.matched(),
            sides.grouping(), spec, view);
        near.ifPresent(mismatched::add);
        unpaired.add(new Unpaired(k.scenario(), k.kind(), k.cell(), "B", near.map(LabelMismatch::reason)
            .orElse("no cell with " + spec.by() + "=" + spec.a())));
      }
    });
    List<String> notes = new ArrayList<>();
    sides.covarying().forEach((k, values) -> notes.add(k + " changes with " + spec.by() + " (" + values
        + "), so it is not used to pair cells"));
    replayedNote(cellsA, cellsB, twoRuns).ifPresent(notes::add);
    List<Range> ranges = ranges(pairs);
    ranges.addAll(rangesOver(pairs, rules.rangesOver()));
    return new Comparison(spec, rules, pairs, unpaired, ranges, notes, refused, mismatched);
  }

  /**
   * What a comparison will make of cells that have not run yet (a plan's expanded phases), every cell
   * taken to succeed: what {@code validate} predicts.
   *
   * @param pairs the pairs it will make
   * @param refused the pairs it will refuse for a property not accepted
   * @param mismatched the cells it will leave alone because target labels differ
   */
  public record Preview(int pairs, List<Refusal> refused, List<LabelMismatch> mismatched) {

    public Preview {
      refused = List.copyOf(refused);
      mismatched = List.copyOf(mismatched);
    }
  }

  /** The preview of a comparison of {@code cells}; empty when BY or its values do not resolve (checked elsewhere). */
  public static java.util.Optional<Preview> beforehand(List<CellView> cells, CompareSpec spec, PairingRules rules) {
    List<CompareAxis.Cell> axisCells = cells.stream().map(CellView::axisCell).toList();
    CompareAxis axis;
    try {
      axis = CompareAxis.resolve(spec.key(), axisCells, axisCells, false, "this plan");
    } catch (CompareSpecException e) {
      return java.util.Optional.empty();
    }
    Function<CellView, CellView> view = v -> v;
    Sides<CellView> sides = Sides.of(axis, cells, cells, spec, view, rules);
    Map<CellKey, List<CellView>> sideA = sides.a();
    Map<CellKey, List<CellView>> sideB = sides.b();
    List<Refusal> refused = new ArrayList<>();
    List<LabelMismatch> mismatched = new ArrayList<>();
    int pairs = 0;
    for (Map.Entry<CellKey, List<CellView>> e : sideA.entrySet()) {
      List<CellView> b = sideB.get(e.getKey());
      if (b == null) {
        nearest(e.getKey(), e.getValue(), sideA, sideB, true, sides.matched(), sides.grouping(), spec, view)
            .ifPresent(mismatched::add);
        continue;
      }
      List<Refusal> why = refusals(e.getKey(), e.getValue(), b, spec, rules, view);
      refused.addAll(why);
      pairs += why.isEmpty() ? 1 : 0;
    }
    sideB.forEach((k, b) -> {
      if (!sideA.containsKey(k)) {
        nearest(k, b, sideB, sideA, false, sides.matched(), sides.grouping(), spec, view).ifPresent(mismatched::add);
      }
    });
    return java.util.Optional.of(new Preview(pairs, refused, mismatched));
  }

  /** The pairs a comparison will refuse for a property not accepted, from cells that have not run yet. */
  public static List<Refusal> refusedBeforehand(List<CellView> cells, CompareSpec spec, PairingRules rules) {
    return beforehand(cells, spec, rules).map(Preview::refused).orElse(List.of());
  }

  /** The labels a cell leaves out: those that change with BY, and those that describe the target. */
  /**
   * The two sides keyed for pairing, and what keys them: one derivation for the comparison and for its
   * preview ({@link #beforehand}), so what validate predicts is what compare does.
   *
   * @param covarying labels that change with BY -> "A's values vs B's values"
   * @param ignored the labels left out of a cell's key: the covarying and the describing ones
   * @param a side A's cells by key
   * @param b side B's cells by key
   * @param matched the target labels a cell's key holds
   * @param grouping the matched labels that take the same values on both sides
   */
  private record Sides<T>(Map<String, String> covarying, Set<String> ignored, Map<CellKey, List<T>> a,
      Map<CellKey, List<T>> b, Set<String> matched, Set<String> grouping) {

    static <T> Sides<T> of(CompareAxis axis, List<T> cellsA, List<T> cellsB, CompareSpec spec,
        Function<T, CellView> view, PairingRules rules) {
      Map<String, String> covarying = Comparison.covarying(axis, cellsA, spec.a(), cellsB, spec.b(), view, rules);
      Set<String> ignored = Comparison.ignored(covarying, rules);
      Map<CellKey, List<T>> a = side(cellsA, axis, spec.a(), ignored, view);
      Map<CellKey, List<T>> b = side(cellsB, axis, spec.b(), ignored, view);
      Set<String> matched = matchedLabels(axis, ignored, cellsA, cellsB, view);
      return new Sides<>(covarying, ignored, a, b, matched,
          Comparison.grouping(axis, matched, cellsA, spec.a(), cellsB, spec.b(), view));
    }
  }

  private static Set<String> ignored(Map<String, String> covarying, PairingRules rules) {
    Set<String> ignored = new LinkedHashSet<>(covarying.keySet());
    ignored.addAll(rules.describing());
    return ignored;
  }

  /** The target labels a cell's key holds (BY a label): every label of either side but BY and the ignored. */
  private static <T> Set<String> matchedLabels(CompareAxis axis, Set<String> ignored, List<T> a, List<T> b,
      Function<T, CellView> view) {
    Set<String> keys = new LinkedHashSet<>();
    if (axis.kind() != CompareAxis.Kind.LABEL) {
      return keys;
    }
    for (List<T> side : List.of(a, b)) {
      side.forEach(r -> keys.addAll(view.apply(r).labels().keySet()));
    }
    keys.remove(axis.by());
    keys.removeAll(ignored);
    return keys;
  }

  /**
   * The matched labels that take the same values on both sides (study 2's cloud, when it compares
   * sizes): they group the cells, where a label whose values shift with BY (cores) describes them.
   */
  private static <T> Set<String> grouping(CompareAxis axis, Set<String> matched, List<T> a, String valueA, List<T> b,
      String valueB, Function<T, CellView> view) {
    Map<String, Set<String>> onA = labelValues(axis, a, valueA, view);
    Map<String, Set<String>> onB = labelValues(axis, b, valueB, view);
    Set<String> grouping = new LinkedHashSet<>();
    matched.forEach(l -> {
      if (onA.containsKey(l) && onA.get(l).equals(onB.get(l))) {
        grouping.add(l);
      }
    });
    return grouping;
  }

  /**
   * The cell of the other side that {@code key}'s cell would pair with but for target labels: the
   * only cell of the other side without a counterpart of its own that has the same scenario, kind,
   * every non-label part of the cell and every {@code grouping} label (azure-medium's counterpart in
   * medium vs large is azure-large, never aws-large), and whose only such cell on this side is
   * {@code key}'s. Empty otherwise: when no cell or several could be meant (study 1's 1c2g and 2c4g on
   * cloud disk against local SSD's lone 16c32g are different machines, not a pair kept apart by a
   * label), "no cell with BY=B" (like this one) is what is true.
   *
   * @param ownSide the cells of {@code key}'s side, to tell which cells of the other side have a counterpart
   * @param sideA whether {@code key} is A's
   */
  private static <T> java.util.Optional<LabelMismatch> nearest(CellKey key, List<T> own, Map<CellKey, List<T>> ownSide,
      Map<CellKey, List<T>> others, boolean sideA, Set<String> labels, Set<String> grouping, CompareSpec spec,
      Function<T, CellView> view) {
    if (labels.isEmpty()) {
      return java.util.Optional.empty();
    }
    List<CellKey> there = candidates(key, others.keySet(), ownSide.keySet(), labels, grouping);
    if (there.size() != 1
        || candidates(there.get(0), ownSide.keySet(), others.keySet(), labels, grouping).size() != 1) {
      return java.util.Optional.empty();
    }
    CellKey best = there.get(0);
    List<String> differs = labels.stream().filter(l -> !key.cell().getOrDefault(l, "-")
        .equals(best.cell().getOrDefault(l, "-"))).toList();
    Map<String, String> cellA = sideA ? key.cell() : best.cell();
    Map<String, String> cellB = sideA ? best.cell() : key.cell();
    String targetOwn = view.apply(own.get(0)).target();
    String targetOther = view.apply(others.get(best).get(0)).target();
    List<LabelDifference> differences = differs.stream()
        .map(l -> new LabelDifference(l, cellA.getOrDefault(l, "-"), cellB.getOrDefault(l, "-"))).toList();
    return java.util.Optional.of(new LabelMismatch(key.scenario(), key.kind(), key.cell(), sideA ? "A" : "B",
        sideA ? targetOwn : targetOther, sideA ? targetOther : targetOwn, spec.a(), spec.b(), differences));
  }

  /**
   * The cells of {@code others} without a counterpart in {@code own} that {@code key}'s cell could be
   * meant to pair with: same scenario, kind, non-label part and grouping labels, some label differing.
   */
  private static List<CellKey> candidates(CellKey key, Set<CellKey> others, Set<CellKey> own, Set<String> labels,
      Set<String> grouping) {
    Map<String, String> rest = withoutLabels(key.cell(), labels);
    return others.stream().filter(k -> !own.contains(k) && k.scenario().equals(key.scenario())
        && k.kind().equals(key.kind()) && withoutLabels(k.cell(), labels).equals(rest)
        && grouping.stream().allMatch(l -> key.cell().getOrDefault(l, "-").equals(k.cell().getOrDefault(l, "-"))))
        .toList();
  }

  private static Map<String, String> withoutLabels(Map<String, String> cell, Set<String> labels) {
    Map<String, String> rest = new LinkedHashMap<>(cell);
    rest.keySet().removeAll(labels);
    return rest;
  }

  /** "threads differ: 32 (A) vs 64 (B); if intended, ..." for one refused pair. */
  private static String refusalReason(List<Refusal> why) {
    String words = String.join(", ", why.stream().map(r -> r.property().word()).toList());
    return String.join("; ", why.stream().map(Refusal::reason).toList()) + "; if intended, accept it with differing: ["
        + words + "] on this comparison in the plan (or report --differing " + words.replace(" ", "") + ")";
  }

  /** The properties A's and B's cells ran with differently, those the rules do not accept and BY aside. */
  private static <T> List<Refusal> refusals(CellKey key, List<T> a, List<T> b, CompareSpec spec, PairingRules rules,
      Function<T, CellView> view) {
    List<Refusal> out = new ArrayList<>();
    for (CellProperty p : CellProperty.values()) {
      if (rules.accepts(p) || p.key().equals(spec.key())) {
        continue;
      }
      String va = values(a, p, view);
      String vb = values(b, p, view);
      if (!va.equals(vb)) {
        out.add(new Refusal(key.scenario(), key.kind(), key.cell(), view.apply(a.get(0)).target(),
            view.apply(b.get(0)).target(), p, va, vb));
      }
    }
    return out;
  }

  /** A side's value of {@code p}: one value, the distinct values of its repetitions joined by '/', or "-". */
  private static <T> String values(List<T> cells, CellProperty p, Function<T, CellView> view) {
    Set<String> v = new LinkedHashSet<>();
    cells.forEach(c -> v.add(view.apply(c).properties().getOrDefault(p.key(), "-").strip()));
    return String.join("/", v);
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
  private static <T> Map<String, String> covarying(CompareAxis axis, List<T> a, String valueA, List<T> b,
      String valueB, Function<T, CellView> view, PairingRules rules) {
    if (axis.kind() != CompareAxis.Kind.LABEL) {
      return Map.of();
    }
    Map<String, Set<String>> onA = labelValues(axis, a, valueA, view);
    Map<String, Set<String>> onB = labelValues(axis, b, valueB, view);
    Map<String, String> covarying = new LinkedHashMap<>();
    onA.forEach((k, va) -> {
      Set<String> vb = onB.get(k);
      // a label that describes the target is left out anyway; no note needed
      if (vb != null && va.stream().noneMatch(vb::contains) && !rules.describes(k)) {
        covarying.put(k, String.join(", ", va) + " vs " + String.join(", ", vb));
      }
    });
    return covarying;
  }

  private static <T> Map<String, Set<String>> labelValues(CompareAxis axis, List<T> records, String value,
      Function<T, CellView> view) {
    Map<String, Set<String>> values = new LinkedHashMap<>();
    records.stream().map(view).filter(r -> value.equals(axis.valueOf(r.axisCell()))).forEach(r -> r.labels()
        .forEach((k, v) -> {
          if (!k.equals(axis.by())) {
            values.computeIfAbsent(k, x -> new LinkedHashSet<>()).add(v);
          }
        }));
    return values;
  }

  /** Which side's figures are published ones replayed (never measured), when any are. */
  private static java.util.Optional<String> replayedNote(List<PhaseResult> a, List<PhaseResult> b, boolean twoRuns) {
    boolean inA = a.stream().anyMatch(PhaseResult::replayed);
    boolean inB = b.stream().anyMatch(PhaseResult::replayed);
    if (!inA && !inB) {
      return java.util.Optional.empty();
    }
    String which = !twoRuns || (inA && inB) ? "these figures are" : inA ? "A's figures are" : "B's figures are";
    return java.util.Optional.of("REPLAYED, not measured: " + which + " a document's published ones, turned into"
        + " records so that this comparison restates it");
  }

  /** The scenario titles of the pairs and unpaired cells, in order of first appearance. */
  public List<String> titles() {
    Set<String> titles = new LinkedHashSet<>();
    pairs.forEach(p -> titles.add(p.title()));
    unpaired.forEach(u -> titles.add(u.title()));
    return List.copyOf(titles);
  }

  private static List<CompareAxis.Cell> axisCells(List<PhaseResult> records) {
    return records.stream().map(r -> CellView.of(r).axisCell()).toList();
  }

  private static List<PhaseResult> compared(List<PhaseResult> records) {
    return Records.latest(records).stream().filter(Records::measured).toList();
  }

  private static <T> Map<CellKey, List<T>> side(List<T> records, CompareAxis axis, String value, Set<String> ignored,
      Function<T, CellView> view) {
    Map<CellKey, List<T>> cells = new LinkedHashMap<>();
    for (T r : records) {
      CellView v = view.apply(r);
      if (axis.kind() == CompareAxis.Kind.RUN || value.equals(axis.valueOf(v.axisCell()))) {
        cells.computeIfAbsent(new CellKey(v.scenario(), v.kind(), cell(v, axis, ignored)), k -> new ArrayList<>())
            .add(r);
      }
    }
    return cells;
  }

  /** The cell apart from BY: the target unless BY tells targets apart, then the other labels or coordinates. */
  private static Map<String, String> cell(CellView r, CompareAxis axis, Set<String> ignored) {
    Map<String, String> cell = new LinkedHashMap<>();
    if (axis.kind() == CompareAxis.Kind.LABEL) {
      r.labels().forEach((k, v) -> {
        if (!k.equals(axis.by()) && !ignored.contains(k)) {
          cell.put(k, v);
        }
      });
    } else if (axis.kind() != CompareAxis.Kind.TARGET) {
      cell.put(CompareSpec.TARGET, r.target());
    }
    r.coordinates().forEach((k, v) -> {
      if (!(axis.kind() == CompareAxis.Kind.COORDINATE && k.equals(axis.by()))) {
        cell.putIfAbsent(k, v);
      }
    });
    return cell;
  }

  private static Pair pair(CellKey key, List<PhaseResult> a, List<PhaseResult> b, CompareAxis axis, Set<String> ignored,
      CompareSpec spec, PairingRules rules) {
    List<Change> changes = new ArrayList<>();
    for (Figure f : Figure.values()) {
      changes.add(Change.of(f, a, b));
    }
    Map<String, String> labels = new LinkedHashMap<>();
    if (axis.kind() != CompareAxis.Kind.TARGET) {
      a.get(0).target().labels().forEach((k, v) -> {
        if (!(axis.kind() == CompareAxis.Kind.LABEL && k.equals(axis.by())) && !ignored.contains(k)) {
          labels.put(k, v);
        }
      });
    }
    Function<PhaseResult, CellView> view = CellView::of;
    List<AcceptedDifference> accepted = new ArrayList<>();
    for (CellProperty p : CellProperty.values()) {
      if (rules.accepts(p) && !p.key().equals(spec.key())) {
        accepted.add(new AcceptedDifference(p, values(a, p, view), values(b, p, view)));
      }
    }
    List<PhaseResult> both = new ArrayList<>(a);
    both.addAll(b);
    List<LabelDifference> described = new ArrayList<>();
    Map<String, String> labelsA = a.get(0).target().labels();
    Map<String, String> labelsB = b.get(0).target().labels();
    for (String l : rules.describing()) {
      if (!(axis.kind() == CompareAxis.Kind.LABEL && l.equals(axis.by()))
          && (labelsA.containsKey(l) || labelsB.containsKey(l))) {
        described.add(new LabelDifference(l, labelsA.getOrDefault(l, "-"), labelsB.getOrDefault(l, "-")));
      }
    }
    return new Pair(key.scenario(), key.kind(), key.cell(), labels, a.get(0).target().name(), b.get(0).target().name(),
        a.size(), b.size(), changes, accepted, described, Unverified.of(both));
  }

  /** Per scenario: each figure's range over all its pairs, then over the pairs of each value of a label that varies. */
  private static List<Range> ranges(List<Pair> pairs) {
    Map<String, List<Pair>> byTitle = new LinkedHashMap<>();
    pairs.forEach(p -> byTitle.computeIfAbsent(p.title(), t -> new ArrayList<>()).add(p));
    List<Range> ranges = new ArrayList<>();
    byTitle.forEach((title, list) -> {
      addRanges(ranges, title, "", list, List.of());
      Set<String> keys = new LinkedHashSet<>();
      list.forEach(p -> keys.addAll(p.labels().keySet()));
      for (String k : keys) {
        Map<String, List<Pair>> groups = new LinkedHashMap<>();
        list.stream().filter(p -> p.labels().containsKey(k))
            .forEach(p -> groups.computeIfAbsent(p.labels().get(k), v -> new ArrayList<>()).add(p));
        if (groups.size() >= 2) {
          groups.forEach((v, group) -> addRanges(ranges, title, k + "=" + v, group, List.of()));
        }
      }
    });
    return ranges;
  }

  /**
   * Per value of each {@code rangesOver} key, each figure's range over the pairs of every run scenario
   * with that value ("ratio=1:2 across rw-100-0, ..., rw-0-100"), as study 1 states its finding.
   */
  private static List<Range> rangesOver(List<Pair> pairs, List<String> keys) {
    List<Range> ranges = new ArrayList<>();
    List<Pair> runs = pairs.stream().filter(p -> p.kind().equals("run")).toList();
    for (String key : keys) {
      String k = CellProperty.propertyKey(key);
      Map<String, List<Pair>> groups = new LinkedHashMap<>();
      for (Pair p : runs) {
        String v = p.labels().containsKey(k) ? p.labels().get(k) : p.cell().get(k);
        if (v != null) {
          groups.computeIfAbsent(v, x -> new ArrayList<>()).add(p);
        }
      }
      groups.forEach((v, group) -> addRanges(ranges, ACROSS, key + "=" + v, group,
          group.stream().map(Pair::scenario).distinct().toList()));
    }
    return ranges;
  }

  private static void addRanges(List<Range> out, String title, String group, List<Pair> pairs, List<String> scenarios) {
    for (Figure f : Figure.values()) {
      List<Change> present = pairs.stream().map(p -> p.change(f)).filter(c -> c.percent() != null).toList();
      if (!present.isEmpty()) {
        out.add(new Range(title, group, f, present.size(), (int) present.stream().filter(c -> !c.significant()).count(),
            present.stream().mapToDouble(Change::percent).min().orElseThrow(),
            present.stream().mapToDouble(Change::percent).max().orElseThrow(),
            present.stream().mapToDouble(Change::percent).average().orElseThrow(), scenarios,
            Unverified.Note.merge(pairs.stream().map(Pair::unverified).toList()), Range.Intervals.of(present)));
      }
    }
  }

  /** The ranges over groups across scenarios ({@link PairingRules#rangesOver()}), in order. */
  public List<Range> rangesAcross() {
    return ranges.stream().filter(r -> r.title().equals(ACROSS)).toList();
  }
}
