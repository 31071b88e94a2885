package dev.ycsbmongo.orchestrator.exec;

import dev.ycsbmongo.binding.Keys;
import dev.ycsbmongo.binding.UriMasker;
import dev.ycsbmongo.orchestrator.plan.Phase;
import java.io.IOException;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.HashMap;
import java.util.Map;
import java.util.Properties;

/**
 * The properties YCSB will see for a phase: its workload file, then the plan's values on top
 * (YCSB's own order: -P files, then -p), without the connection string and with any password masked. Needed wherever the orchestrator must know what YCSB
 * will do (records to load, operations to expect, the collection), since a plan may leave
 * recordcount or table to the workload file.
 */
final class EffectiveProperties {

  private EffectiveProperties() {
  }

  static Map<String, String> of(Phase phase) {
    Map<String, String> all = new HashMap<>();
    phase.workload().ifPresent(w -> {
      Properties p = new Properties();
      try (Reader r = Files.newBufferedReader(w, StandardCharsets.UTF_8)) {
        p.load(r);
      } catch (IOException e) {
        // YCSB will report the unreadable file itself; the plan's values still apply
      }
      p.stringPropertyNames().forEach(k -> all.put(k, p.getProperty(k).trim()));
    });
    all.putAll(phase.properties());
    // the target's connection string (in the phase's own -P file, read after the workload) wins over
    // any in a workload file, and must not reach a record
    all.remove(Keys.URL);
    all.replaceAll((k, v) -> UriMasker.mask(v));
    return all;
  }
}
