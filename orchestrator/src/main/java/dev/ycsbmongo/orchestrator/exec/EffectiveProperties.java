package dev.ycsbmongo.orchestrator.exec;

import dev.ycsbmongo.binding.Keys;
import dev.ycsbmongo.binding.UriMasker;
import dev.ycsbmongo.orchestrator.plan.Phase;
import java.io.IOException;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.OptionalLong;
import java.util.Properties;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The properties YCSB will see for a phase: its workload file, then the plan's values on top
 * (YCSB's own order: -P files, then -p), without the connection string and with any password masked.
 * Needed wherever the orchestrator must know what YCSB will do (records to load, operations to
 * expect, the collection), since a plan may leave recordcount or table to the workload file.
 */
final class EffectiveProperties {

  /** Each workload file is read once per run, however many phases and checks use it. */
  private static final Map<Path, Map<String, String>> WORKLOADS = new ConcurrentHashMap<>();

  private EffectiveProperties() {
  }

  static Map<String, String> of(Phase phase) {
    Map<String, String> all = new HashMap<>();
    phase.workload().ifPresent(w -> all.putAll(WORKLOADS.computeIfAbsent(w, EffectiveProperties::read)));
    all.putAll(phase.ycsbProperties());
    // the target's connection string (in the phase's own -P file, read after the workload) wins over
    // any in a workload file, and must not reach a record
    all.remove(Keys.URL);
    all.replaceAll((k, v) -> UriMasker.mask(v));
    return all;
  }

  /** A whole-number property, empty when unset or not a number (YCSB itself reports the latter). */
  static OptionalLong longValue(Map<String, String> props, String key) {
    String v = props.get(key);
    try {
      return v == null ? OptionalLong.empty() : OptionalLong.of(Long.parseLong(v.trim()));
    } catch (NumberFormatException e) {
      return OptionalLong.empty();
    }
  }

  private static Map<String, String> read(Path workload) {
    Properties p = new Properties();
    try (Reader r = Files.newBufferedReader(workload, StandardCharsets.UTF_8)) {
      p.load(r);
    } catch (IOException e) {
      // YCSB will report the unreadable file itself; the plan's values still apply
    }
    Map<String, String> m = new HashMap<>();
    p.stringPropertyNames().forEach(k -> m.put(k, p.getProperty(k).trim()));
    return Map.copyOf(m);
  }
}
