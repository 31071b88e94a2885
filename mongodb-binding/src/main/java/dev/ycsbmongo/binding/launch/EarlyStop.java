package dev.ycsbmongo.binding.launch;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Properties;

/**
 * An early end for a YCSB run, asked for by the orchestrator when it has measured enough (the mean
 * known to the plan's precision): it names a file in {@code -D}{@value #STOP_FILE} (or, for the clients
 * of a cell of several, which share one file, in the YCSB property {@code -p }{@value #STOP_FILE}); once
 * that file exists, the run's workload is asked to stop ({@link StoppableWorkload}), as
 * {@code maxexecutiontime} would ask it. The file's first line, when it has one, is the reason printed on stderr.
 *
 * <p>Only runs ({@code -t}) are ever stopped early: a load must insert every record the plan asked for.
 */
public final class EarlyStop {

  /** The system property naming the file whose appearance ends the run. */
  public static final String STOP_FILE = "ycsbmongo.stopFile";
  private static final Duration POLL = Duration.ofMillis(100);

  private EarlyStop() {
  }

  /**
   * YCSB's arguments with the plan's workload behind {@link StoppableWorkload} when {@value #STOP_FILE}
   * is set and this is a run; {@code args} unchanged otherwise. The swap is two {@code -p} settings
   * at the end, which win over {@code -P} files in YCSB 0.17.0, and YCSB echoes them on its command line.
   */
  public static String[] withStoppableWorkload(String[] args, Optional<Properties> effective, String stopFile) {
    if (stopFile == null || stopFile.isBlank() || YcsbMain.loads(args) || effective.isEmpty()) {
      return args;
    }
    String workload = effective.get().getProperty("workload");
    if (workload == null || workload.isBlank() || workload.trim().equals(StoppableWorkload.class.getName())) {
      return args;  // YCSB reports a missing workload itself
    }
    List<String> swapped = new ArrayList<>(List.of(args));
    swapped.addAll(List.of("-p", StoppableWorkload.DELEGATE + "=" + workload.trim(),
        "-p", "workload=" + StoppableWorkload.class.getName()));
    return swapped.toArray(String[]::new);
  }

  /**
   * The stop file a run names: the YCSB property {@value #STOP_FILE} in {@code properties}, else the system
   * property; null when neither is set.
   */
  public static String stopFile(Properties properties) {
    String file = properties == null ? null : properties.getProperty(STOP_FILE);
    return file == null || file.isBlank() ? System.getProperty(STOP_FILE) : file;
  }

  /** Starts watching the file {@link #stopFile} names for {@code workload}; nothing when unset. */
  static void watch(StoppableWorkload workload, Properties properties) {
    String file = stopFile(properties);
    if (file == null || file.isBlank()) {
      return;
    }
    watch(Path.of(file.trim()), POLL, () -> {
      System.err.println("ycsb: stop requested by the orchestrator" + reason(Path.of(file.trim())));
      workload.requestStop();
    });
  }

  /** Polls for {@code file} from a daemon thread every {@code poll}; runs {@code onStop} once it exists. */
  static Thread watch(Path file, Duration poll, Runnable onStop) {
    Thread t = new Thread(() -> {
      try {
        while (!Files.exists(file)) {
          Thread.sleep(poll.toMillis());
        }
      } catch (InterruptedException e) {
        return;
      }
      onStop.run();
    }, "early-stop-watch");
    t.setDaemon(true);
    t.start();
    return t;
  }

  private static String reason(Path file) {
    try {
      List<String> lines = Files.readAllLines(file, StandardCharsets.UTF_8);
      return lines.isEmpty() || lines.get(0).isBlank() ? "" : ": " + lines.get(0).strip();
    } catch (IOException e) {
      return "";
    }
  }
}
