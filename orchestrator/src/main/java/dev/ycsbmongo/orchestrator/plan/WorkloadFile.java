package dev.ycsbmongo.orchestrator.plan;

import java.io.IOException;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A scenario's YCSB workload file as the orchestrator reads it: its properties, values trimmed. Read when the
 * plan is expanded (and sized), so that a phase carries what YCSB will see instead of reading it at run time.
 */
public final class WorkloadFile {

  /** Each workload file is read once per JVM, however many phases, checks and expansions use it. */
  private static final Map<Path, Map<String, String>> READ = new ConcurrentHashMap<>();

  private WorkloadFile() {
  }

  /**
   * The file's properties; none when it cannot be read. The plan loader has refused a missing, unreadable or
   * malformed workload file already, at its line ({@link PlanLoader}); a plan built some other way leaves the
   * report to YCSB, which reads the file itself.
   */
  public static Map<String, String> properties(Path workload) {
    return READ.computeIfAbsent(workload, WorkloadFile::read);
  }

  private static Map<String, String> read(Path workload) {
    Properties p = new Properties();
    try (Reader r = Files.newBufferedReader(workload, StandardCharsets.UTF_8)) {
      p.load(r);
    } catch (IOException | IllegalArgumentException e) {
      return Map.of();
    }
    Map<String, String> m = new HashMap<>();
    p.stringPropertyNames().forEach(k -> m.put(k, p.getProperty(k).trim()));
    return Map.copyOf(m);
  }
}
