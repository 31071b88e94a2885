package dev.ycsbmongo.orchestrator.plan;

import dev.ycsbmongo.binding.Keys;
import java.util.List;
import java.util.Optional;

/**
 * Where in the plan file a phase's property value comes from, following {@link PlanExpander}'s
 * precedence, so a problem of an expanded cell is reported at the line a person must change.
 */
public final class PlanOrigins {

  /** A key path of the plan ({@code scenarios[0].properties.threads}) and its line (0 when unknown). */
  public record Origin(String path, int line) {
  }

  private final Plan plan;
  private final PlanLines lines;

  public PlanOrigins(LoadedPlan loaded) {
    this.plan = loaded.plan();
    this.lines = loaded.lines();
  }

  /**
   * Where {@code key} (normalised: {@code threadcount}) of {@code phase} was set; empty when YCSB's default applies.
   * For {@code clients}: the cell's property, else {@code execution.clients} ({@code execution.load.clients} for a
   * load that prepares a data set).
   */
  public Optional<Origin> of(Phase phase, String key) {
    int s = scenarioIndex(phase);
    int t = targetIndex(phase);
    Settings settings = plan.settings();
    boolean preparingLoad = phase.kind() == PhaseKind.LOAD && phase.repetition() == 0;
    if (phase.kind() == PhaseKind.WARMUP && settings.warmup().containsKey(key)) {
      return find("execution.warmup", key);
    }
    if (preparingLoad) {
      if (key.equals(Keys.THREAD_COUNT)) {
        return find("execution.load", "threads").or(() -> Optional.of(new Origin("execution.load.threads", 0)));
      }
      if (key.equals(PropertyRules.CLIENTS)) {
        return find("execution.load", "clients");
      }
      if (settings.loadProperties().containsKey(key)) {
        return find("execution.load.properties", key);
      }
    }
    // a preparing load takes only the data-shaping values of its first scenario
    boolean fromScenario = !preparingLoad || PropertyRules.DATA_SHAPING.contains(key);
    if (s >= 0 && fromScenario && plan.scenario(phase.scenario()).map(x -> x.properties().containsKey(key))
        .orElse(false)) {
      return find("scenarios[" + s + "].properties", key);
    }
    if (t >= 0 && plan.target(phase.target()).map(x -> x.properties().containsKey(key)).orElse(false)) {
      return find("targets[" + t + "].properties", key);
    }
    Optional<Origin> swept = find("sweep", key);
    if (swept.isPresent()) {
      return swept;
    }
    for (int g = 0; lines.line("zip[" + g + "]").isPresent(); g++) {
      Optional<Origin> zipped = find("zip[" + g + "]", key);
      if (zipped.isPresent()) {
        return zipped;
      }
    }
    if (plan.properties().containsKey(key)) {
      return find("properties", key);
    }
    if (key.equals(PropertyRules.CLIENTS)) {
      return find("execution", "clients");
    }
    return Optional.empty();
  }

  /** The scenario a phase belongs to, as a place in the file. */
  public Origin scenario(Phase phase) {
    int s = scenarioIndex(phase);
    String path = "scenarios[" + Math.max(s, 0) + "]";
    return new Origin(path, lines.line(path).orElse(0));
  }

  /** The scenario's workload file entry, when it has one. */
  public Optional<Origin> workload(Phase phase) {
    return find("scenarios[" + Math.max(scenarioIndex(phase), 0) + "]", "workload");
  }

  /** Any key path of the plan, e.g. {@code execution.rampUp}. */
  public Optional<Origin> path(String path) {
    return lines.line(path).map(l -> new Origin(path, l));
  }

  /** The key under {@code parent}, as written ({@code threads} or {@code threadcount}). */
  private Optional<Origin> find(String parent, String key) {
    List<String> spellings = key.equals(Keys.THREAD_COUNT) ? List.of(key, CellProperty.THREADS.word()) : List.of(key);
    for (String k : spellings) {
      String path = parent + "." + k;
      Optional<Integer> line = lines.line(path);
      if (line.isPresent()) {
        return Optional.of(new Origin(path, line.get()));
      }
    }
    return Optional.empty();
  }

  /** The scenario's place in the file (not in the plan: --only may have left some out). */
  private int scenarioIndex(Phase phase) {
    return lines.place("scenarios", phase.scenario()).orElseGet(() -> indexOf(plan.scenarios().stream()
        .map(Scenario::name).toList(), phase.scenario()));
  }

  private int targetIndex(Phase phase) {
    return lines.place("targets", phase.target()).orElseGet(() -> indexOf(plan.targets().stream()
        .map(Target::name).toList(), phase.target()));
  }

  /** Without lines (a plan built in code), the place in the plan. */
  private static int indexOf(List<String> names, String name) {
    return names.indexOf(name);
  }
}
