package dev.ycsbmongo.orchestrator.report.charts;

import dev.ycsbmongo.orchestrator.plan.CellProperty;
import dev.ycsbmongo.orchestrator.report.CellFigures;
import dev.ycsbmongo.orchestrator.results.PhaseResult;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;

/**
 * Bars of a settings sweep without a thread sweep (study 3: chaining on and off x write concern on three
 * replica-set sizes): per scenario, one group of bars per target and value of every other varying
 * setting ("rs7, mongodb.writeConcern=majority"), one bar per value of the first varying setting
 * ("server.chainingAllowed=false"), for throughput and the primary's CPU. A cell that did not succeed has
 * no bar, and its group's label names it with its verdict.
 */
final class SettingBars {

  private static final String THREADS = CellProperty.THREADS.key();

  private SettingBars() {
  }

  /** @param error a cell's error bar (half its 95% interval within the run), or null where it has none */
  private record Figure(String id, String title, String axis, Function<CellFigures, Double> value,
      Function<List<PhaseResult>, Double> error) {
  }

  private static final List<Figure> FIGURES = List.of(
      new Figure("throughput", "Throughput", "Throughput (successful ops/s)", CellFigures::throughput,
          ChartPlanner::throughputError),
      new Figure("cpu", "Primary CPU", "Primary CPU (% of all cores)", CellFigures::cpuPercent, reps -> null));

  static List<ChartSpec> plan(List<PhaseResult> cells, String footer) {
    Map<String, List<PhaseResult>> byScenario = new LinkedHashMap<>();
    cells.forEach(r -> byScenario.computeIfAbsent(r.scenario() + " (" + r.kind().label() + ")",
        k -> new ArrayList<>()).add(r));
    List<ChartSpec> charts = new ArrayList<>();
    byScenario.forEach((scenario, records) -> charts.addAll(scenario(scenario, records, footer)));
    return charts;
  }

  private static List<ChartSpec> scenario(String scenario, List<PhaseResult> records, String footer) {
    if (records.stream().map(r -> r.coordinates().get(THREADS)).distinct().count() > 1) {
      return List.of();  // a thread sweep: the line charts show it
    }
    List<String> varying = new ArrayList<>();
    Set<String> keys = new LinkedHashSet<>();
    records.forEach(r -> keys.addAll(r.coordinates().keySet()));
    for (String k : keys) {
      if (!k.equals(THREADS) && records.stream().map(r -> r.coordinates().get(k)).distinct().count() > 1) {
        varying.add(k);
      }
    }
    if (varying.isEmpty()) {
      return List.of();
    }
    String across = varying.get(0);
    List<String> others = varying.subList(1, varying.size());
    boolean manyTargets = records.stream().map(r -> r.target().name()).distinct().count() > 1;
    Map<String, Map<String, List<PhaseResult>>> groups = new LinkedHashMap<>();  // group -> bar value -> reps
    List<String> barValues = records.stream().map(r -> r.coordinates().getOrDefault(across, "-")).distinct().toList();
    for (PhaseResult r : records) {
      List<String> parts = new ArrayList<>();
      if (manyTargets || others.isEmpty()) {
        parts.add(r.target().name());
      }
      others.forEach(k -> parts.add(shortKey(k) + "=" + r.coordinates().getOrDefault(k, "-")));
      groups.computeIfAbsent(String.join(", ", parts), k -> new LinkedHashMap<>())
          .computeIfAbsent(r.coordinates().getOrDefault(across, "-"), k -> new ArrayList<>()).add(r);
    }
    List<String> categories = new ArrayList<>();
    groups.forEach((group, bars) -> {
      List<String> gaps = new ArrayList<>();
      bars.forEach((value, reps) -> {
        if (reps.stream().noneMatch(ChartPlanner::drawable)) {
          gaps.add(shortKey(across) + "=" + value + " " + ChartPlanner.verdict(reps));
        }
      });
      categories.add(group + ChartPlanner.gapLabel(gaps));
    });
    List<String> colours = ChartColours.assign(barValues.stream().map(v -> (String) null).toList());
    List<String> groupNames = new ArrayList<>(groups.keySet());
    List<ChartSpec> charts = new ArrayList<>();
    for (Figure f : FIGURES) {
      List<ChartSpec.Series> series = new ArrayList<>();
      for (int b = 0; b < barValues.size(); b++) {
        String value = barValues.get(b);
        List<ChartSpec.Point> points = new ArrayList<>();
        for (int g = 0; g < groupNames.size(); g++) {
          int x = g;
          List<PhaseResult> reps = groups.get(groupNames.get(g)).get(value);
          Optional.ofNullable(reps).flatMap(r -> ChartPlanner.ok(r, f.value()))
              .ifPresent(v -> points.add(new ChartSpec.Point(x, v, null, f.error().apply(reps))));
        }
        series.add(new ChartSpec.Series(across + "=" + value, points, colours.get(b), false, false));
      }
      if (series.stream().anyMatch(s -> !s.points().isEmpty())) {
        String by = manyTargets ? "target" : "setting";
        charts.add(new ChartSpec(ChartPlanner.id(f.id() + "-by-setting", scenario), ChartSpec.Kind.BAR,
            f.title() + " by " + by + " and " + across + ": " + scenario, String.join(", ", manyTargets
                ? prepend("target", others) : others.isEmpty() ? List.of("target") : others), f.axis(), false,
            categories, series, List.of(), "One bar per " + across + " value, grouped by " + (manyTargets
                ? "target" : "") + (manyTargets && !others.isEmpty() ? " and " : "") + String.join(", ", others)
                + "; the mean of a cell's successful repetitions. A missing bar: the cell did not succeed (named under"
                + " its group with its verdict) or did not measure the figure." + ChartPlanner.errorNote(series),
            footer));
      }
    }
    return charts;
  }

  /** A key as a category names it: its last part ("writeConcern" for mongodb.writeConcern); the axis title has it whole. */
  static String shortKey(String key) {
    return key.substring(key.lastIndexOf('.') + 1);
  }

  private static List<String> prepend(String first, List<String> rest) {
    List<String> l = new ArrayList<>(List.of(first));
    l.addAll(rest);
    return l;
  }
}
