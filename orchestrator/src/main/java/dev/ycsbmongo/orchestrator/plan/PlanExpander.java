package dev.ycsbmongo.orchestrator.plan;

import dev.ycsbmongo.binding.Keys;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.stream.Collectors;

/**
 * Turns a plan into its phases in execution order. Deterministic: the same plan always gives the
 * same phases with the same ids, which is what lets a later run resume by id. It reads only the
 * scenarios' workload files ({@link WorkloadFile}, once each), to type what YCSB will see per phase.
 *
 * <p>A cell's property value comes from, lowest first: the plan's {@code properties}, its
 * {@code sweep}/{@code zip} dimensions, the target's {@code properties}, the scenario's
 * {@code properties}. A key set at a higher level takes that key out of every lower dimension.
 */
public final class PlanExpander {

  private PlanExpander() {
  }

  public static Matrix expand(Plan plan) {
    List<Phase> phases = new ArrayList<>();
    for (Target target : plan.targets()) {
      new TargetSequence(plan, target, phases).emit(cellsInOrder(plan, target));
    }
    Set<String> ids = new HashSet<>();
    for (Phase p : phases) {
      if (!ids.add(p.id())) {
        throw new IllegalStateException("two phases have the id " + p.id() + "; the expansion must keep ids unique");
      }
    }
    PlanComparisonCheck.check(plan, phases);
    return new Matrix(plan, phases);
  }

  /** One combination of dimension values for a (target, scenario) pair. */
  private record Cell(Scenario scenario, Map<String, String> coordinates, Map<String, String> properties,
      SortedMap<String, String> dataValues, String dataSet) {

    int threads() {
      return threadsOf(properties, Defaults.THREADS);
    }
  }

  /** A target's cells grouped by data set (in order of first need), each group in plan and product order. */
  private static List<Cell> cellsInOrder(Plan plan, Target target) {
    Map<String, List<Cell>> byDataSet = new LinkedHashMap<>();
    for (Scenario scenario : plan.scenarios()) {
      for (Cell cell : cells(plan, target, scenario)) {
        byDataSet.computeIfAbsent(cell.dataSet(), k -> new ArrayList<>()).add(cell);
      }
    }
    return byDataSet.values().stream().flatMap(List::stream).toList();
  }

  /**
   * What varies and what is fixed in the cells of one (target, scenario) pair: the dimensions of
   * its product and the single values set above the plan level.
   */
  record Axes(List<Dimension> dimensions, Map<String, String> fixed) {

    /** How many cells the pair has; {@link Long#MAX_VALUE} when that does not fit a long. */
    long cells() {
      long n = 1;
      for (Dimension d : dimensions) {
        n = MatrixSize.times(n, d.tuples().size());
      }
      return n;
    }
  }

  static Axes axes(Plan plan, Target target, Scenario scenario) {
    Set<String> scenarioKeys = scenario.properties().keySet();
    Set<String> overridden = new HashSet<>(target.properties().keySet());
    overridden.addAll(scenarioKeys);
    // connections.* shape only connection-stress cells: a target's list of counts (one per instance size)
    // must not multiply the YCSB cells beside them, which would run the same load twice under two labels
    boolean ycsb = scenario.kind() != ScenarioKind.CONNECTIONS;
    if (ycsb) {
      plan.dimensions().forEach(d -> d.keys().stream().filter(PlanExpander::connectionKey).forEach(overridden::add));
    }

    List<Dimension> dimensions = new ArrayList<>();
    for (Dimension d : plan.dimensions()) {
      without(d, overridden).ifPresent(dimensions::add);
    }
    Map<String, String> fixed = new LinkedHashMap<>();
    target.properties().forEach((key, values) -> {
      if (!scenarioKeys.contains(key) && !(ycsb && connectionKey(key))) {
        addLevel(key, values, fixed, dimensions);
      }
    });
    scenario.properties().forEach((key, values) -> addLevel(key, values, fixed, dimensions));
    return new Axes(dimensions, fixed);
  }

  private static List<Cell> cells(Plan plan, Target target, Scenario scenario) {
    Axes axes = axes(plan, target, scenario);
    List<Dimension> dimensions = axes.dimensions();
    Map<String, String> fixed = axes.fixed();

    List<Cell> cells = new ArrayList<>();
    for (List<List<String>> combination : product(dimensions)) {
      Map<String, String> coordinates = new LinkedHashMap<>();
      for (int i = 0; i < dimensions.size(); i++) {
        Dimension d = dimensions.get(i);
        for (int k = 0; k < d.keys().size(); k++) {
          coordinates.put(d.keys().get(k), combination.get(i).get(k));
        }
      }
      // a key set above the plan level was taken out of the lower dimensions, so only the plan's
      // own properties can collide here, and they rank lowest
      Map<String, String> properties = new LinkedHashMap<>(plan.properties());
      properties.putAll(coordinates);
      properties.putAll(fixed);
      SortedMap<String, String> dataValues = dataValues(properties);
      String dataSet = scenario.kind() == ScenarioKind.CONNECTIONS ? NO_DATA_SET : dataSet(target, dataValues);
      cells.add(new Cell(scenario, coordinates, properties, dataValues, dataSet));
    }
    return cells;
  }

  /** A list of several values is a dimension of the pair; a single value is a plain value. */
  private static void addLevel(String key, List<String> values, Map<String, String> fixed, List<Dimension> dimensions) {
    if (values.size() > 1) {
      dimensions.add(Dimension.of(key, values));
    } else {
      fixed.put(key, values.get(0));
    }
  }

  /** {@code d} without the keys a higher level sets; a zip group keeps varying its other keys. */
  private static boolean connectionKey(String key) {
    return key.startsWith(ConnectionKeys.PREFIX);
  }

  private static Optional<Dimension> without(Dimension d, Set<String> overridden) {
    List<Integer> kept = new ArrayList<>();
    for (int k = 0; k < d.keys().size(); k++) {
      if (!overridden.contains(d.keys().get(k))) {
        kept.add(k);
      }
    }
    if (kept.isEmpty()) {
      return Optional.empty();
    }
    if (kept.size() == d.keys().size()) {
      return Optional.of(d);
    }
    // dropping a column can make two tuples equal: they would be the same cell twice
    Set<List<String>> tuples = new LinkedHashSet<>();
    for (List<String> tuple : d.tuples()) {
      tuples.add(kept.stream().map(tuple::get).toList());
    }
    return Optional.of(new Dimension(kept.stream().map(d.keys()::get).toList(), List.copyOf(tuples)));
  }

  /** Every combination of one tuple per dimension, the first dimension varying slowest. */
  private static List<List<List<String>>> product(List<Dimension> dimensions) {
    List<List<List<String>>> combinations = new ArrayList<>();
    combinations.add(List.of());
    for (Dimension d : dimensions) {
      List<List<List<String>>> next = new ArrayList<>();
      for (List<List<String>> prefix : combinations) {
        for (List<String> tuple : d.tuples()) {
          List<List<String>> combination = new ArrayList<>(prefix);
          combination.add(tuple);
          next.add(combination);
        }
      }
      combinations = next;
    }
    return combinations;
  }

  private static SortedMap<String, String> dataValues(Map<String, String> properties) {
    SortedMap<String, String> values = new TreeMap<>();
    for (String key : PropertyRules.DATA_SHAPING) {
      if (properties.containsKey(key)) {
        values.put(key, properties.get(key));
      }
    }
    return values;
  }

  private static String dataSet(Target target, SortedMap<String, String> dataValues) {
    return target.name() + ":" + joined(dataValues);
  }

  /** {@code k=v,k=v} in the map's order, or {@code -} for none: the form used in ids. */
  static String joined(Map<String, String> values) {
    return values.isEmpty() ? "-" : values.entrySet().stream().map(e -> e.getKey() + "=" + e.getValue())
        .collect(Collectors.joining(","));
  }

  private static int threadsOf(Map<String, String> properties, int otherwise) {
    String t = properties.get(Keys.THREAD_COUNT);
    return t == null ? otherwise : Integer.parseInt(t.strip());
  }

  /**
   * A plan-wide time limit is meant for runs: loads keep it only where a load scenario or
   * {@code execution.load.properties} sets it, since a load cut short is a data set no run should read.
   */
  static final String MAX_EXECUTION_TIME = "maxexecutiontime";

  /** The data set of phases that touch no data. */
  static final String NO_DATA_SET = "-";

  /** Emits one target's phases, tracking which data set is loaded on it now. */
  private static final class TargetSequence {

    private final Plan plan;
    private final Target target;
    private final Settings settings;
    private final List<Phase> phases;
    private final Map<String, Integer> preparingLoads = new HashMap<>();
    private String currentDataSet;
    private String provider;

    TargetSequence(Plan plan, Target target, List<Phase> phases) {
      this.plan = plan;
      this.target = target;
      this.settings = plan.settings();
      this.phases = phases;
    }

    void emit(List<Cell> cells) {
      for (Cell cell : cells) {
        switch (cell.scenario().kind()) {
          case LOAD -> emitLoadCell(cell);
          case RUN -> emitRunCell(cell);
          case CONNECTIONS -> emitConnectionsCell(cell);
        }
      }
    }

    private void emitLoadCell(Cell cell) {
      Map<String, String> properties = new LinkedHashMap<>(cell.properties());
      if (!cell.scenario().properties().containsKey(MAX_EXECUTION_TIME)) {
        properties.remove(MAX_EXECUTION_TIME);
      }
      for (int r = 1; r <= settings.repetitions(); r++) {
        String id = cellId(PhaseKind.LOAD, cell, "rep=" + r);
        add(id, PhaseKind.LOAD, cell.scenario(), cell.coordinates(), r, cell.dataSet(), properties,
            cell.threads(), true, settings.verifyLoad(), Optional.empty());
        provider = id;
      }
      currentDataSet = cell.dataSet();
    }

    /** Reads and writes no data: it neither needs a load nor disturbs the loaded data set. */
    private void emitConnectionsCell(Cell cell) {
      for (int r = 1; r <= settings.repetitions(); r++) {
        add(cellId(PhaseKind.CONNECTIONS, cell, "rep=" + r), PhaseKind.CONNECTIONS, cell.scenario(), cell.coordinates(),
            r, NO_DATA_SET, cell.properties(), 1, false, false, Optional.empty());
      }
    }

    private void emitRunCell(Cell cell) {
      if (!cell.dataSet().equals(currentDataSet) || settings.reload() == ReloadPolicy.PER_CELL) {
        emitPreparingLoad(cell);
      }
      if (!settings.warmup().isEmpty()) {
        Map<String, String> properties = new LinkedHashMap<>(cell.properties());
        properties.putAll(settings.warmup());
        add(cellId(PhaseKind.WARMUP, cell, "warmup"), PhaseKind.WARMUP, cell.scenario(), cell.coordinates(), 0,
            cell.dataSet(), properties, threadsOf(properties, cell.threads()), false, false, Optional.of(provider));
      }
      for (int r = 1; r <= settings.repetitions(); r++) {
        add(cellId(PhaseKind.RUN, cell, "rep=" + r), PhaseKind.RUN, cell.scenario(), cell.coordinates(), r,
            cell.dataSet(), cell.properties(), cell.threads(), false, false, Optional.of(provider));
      }
    }

    /**
     * Loads the cell's data set with the plan's and target's properties and the load settings, but
     * not the scenario's: those shape the run, not the data.
     */
    private void emitPreparingLoad(Cell cell) {
      int k = preparingLoads.merge(cell.dataSet(), 1, Integer::sum);
      Map<String, String> properties = new LinkedHashMap<>(plan.properties());
      target.properties().forEach((key, values) -> {
        if (values.size() == 1) {
          properties.put(key, values.get(0));
        }
      });
      properties.putAll(cell.dataValues());
      // a run's time limit must not cut the load of the data it reads
      properties.remove(MAX_EXECUTION_TIME);
      properties.putAll(settings.loadProperties());
      properties.put(Keys.THREAD_COUNT, String.valueOf(settings.loadThreads()));
      // its clients are execution.load.clients, not the plan's or the target's (those shape the runs)
      properties.remove(PropertyRules.CLIENTS);
      Map<String, String> coordinates = new LinkedHashMap<>(cell.coordinates());
      coordinates.keySet().retainAll(cell.dataValues().keySet());
      String id = PhaseKind.LOAD.label() + "/" + target.name() + "/" + joined(cell.dataValues()) + "/#" + k;
      add(id, PhaseKind.LOAD, cell.scenario(), coordinates, 0, cell.dataSet(), properties, settings.loadThreads(),
          true, settings.verifyLoad(), Optional.empty(), settings.loadDistribution());
      currentDataSet = cell.dataSet();
      provider = id;
    }

    private String cellId(PhaseKind kind, Cell cell, String last) {
      return kind.label() + "/" + target.name() + "/" + cell.scenario().name() + "/" + joined(cell.coordinates())
          + "/" + last;
    }

    private void add(String id, PhaseKind kind, Scenario scenario, Map<String, String> coordinates, int repetition,
        String dataSet, Map<String, String> properties, int threads, boolean drop, boolean verify,
        Optional<String> dependsOn) {
      add(id, kind, scenario, coordinates, repetition, dataSet, properties, threads, drop, verify, dependsOn,
          settings.distribution());
    }

    /** A phase whose clients are its {@code clients} property, else those of {@code distribution}. */
    private void add(String id, PhaseKind kind, Scenario scenario, Map<String, String> coordinates, int repetition,
        String dataSet, Map<String, String> properties, int threads, boolean drop, boolean verify,
        Optional<String> dependsOn, Distribution distribution) {
      phases.add(new Phase(phases.size() + 1, id, kind, target.name(), scenario.name(), coordinates, repetition,
          dataSet, scenario.workload(), properties, threads, drop, verify, settings.phaseTimeout(),
          settings.maxErrorRate(), dependsOn, PhaseSettings.of(kind, scenario.workload(), properties, distribution)));
    }
  }
}
