package dev.ycsbmongo.orchestrator.plan;

import dev.ycsbmongo.binding.Keys;
import dev.ycsbmongo.binding.UriMasker;
import java.nio.file.Path;
import java.util.Collections;
import java.util.Map;
import java.util.Optional;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * The properties YCSB will see for a phase: its workload file, then the plan's values on top (YCSB's own order:
 * -P files, then -p), without the connection string and with any password masked. Built once per phase when the
 * plan is expanded ({@link PhaseSettings}); needed wherever the orchestrator must know what YCSB will do (records
 * to load, operations to expect, the collection), since a plan may leave recordcount or table to the workload file.
 */
public final class EffectiveProperties {

  private EffectiveProperties() {
  }

  /**
   * @param workload the phase's workload file, if any
   * @param ycsbProperties the plan's values YCSB sees (the orchestrator's own keys already left out)
   */
  public static SortedMap<String, String> of(Optional<Path> workload, Map<String, String> ycsbProperties) {
    SortedMap<String, String> all = new TreeMap<>();
    workload.ifPresent(w -> all.putAll(WorkloadFile.properties(w)));
    all.putAll(ycsbProperties);
    // the target's connection string (in the phase's own -P file, read after the workload) wins over
    // any in a workload file, and must not reach a record
    all.remove(Keys.URL);
    all.replaceAll((k, v) -> UriMasker.mask(v));
    return Collections.unmodifiableSortedMap(all);
  }

  /** The plan's values of {@code properties} that YCSB sees: all but the orchestrator's own. */
  static SortedMap<String, String> ycsbOnly(Map<String, String> properties) {
    SortedMap<String, String> m = new TreeMap<>(properties);
    m.keySet().removeIf(PropertyRules::orchestratorOnly);
    return m;
  }
}
