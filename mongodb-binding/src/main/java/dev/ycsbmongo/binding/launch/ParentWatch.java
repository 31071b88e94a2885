package dev.ycsbmongo.binding.launch;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * Ends a child JVM of the orchestrator when the orchestrator is gone. Java cannot catch SIGKILL, so an
 * orchestrator killed with {@code kill -9} cannot stop its children: each child watches instead. The
 * orchestrator names itself in {@code -D}{@value #PARENT_PID} (and, for a YCSB child, the private
 * directory holding its connection file in {@code -D}{@value #TEMP_DIR}); once a second that process
 * is no longer alive (the same process: a PID reused by another one does not count), the child deletes
 * that directory and exits. Without the property (scripts/ycsb run by hand) nothing is watched.
 */
public final class ParentWatch {

  /** The PID of the process whose end ends this one. */
  public static final String PARENT_PID = "ycsbmongo.parentPid";
  /** A directory of the parent's to delete when it is gone: its name must start with {@value #TEMP_PREFIX}. */
  public static final String TEMP_DIR = "ycsbmongo.parentTempDir";
  /** What every temporary directory of the orchestrator's name starts with; nothing else is ever deleted. */
  public static final String TEMP_PREFIX = "ycsb-orchestrator-";
  /** The exit status of a child whose parent is gone. */
  public static final int PARENT_GONE = 3;
  private static final Duration POLL = Duration.ofSeconds(1);

  private ParentWatch() {
  }

  /** Starts watching when {@value #PARENT_PID} is set; harmless to call otherwise. */
  public static void start() {
    String pid = System.getProperty(PARENT_PID);
    if (pid == null || pid.isBlank()) {
      return;
    }
    Optional<ProcessHandle> parent;
    try {
      parent = ProcessHandle.of(Long.parseLong(pid.trim()));
    } catch (NumberFormatException e) {
      System.err.println("ignoring -D" + PARENT_PID + "=" + pid + ": not a process id");
      return;
    }
    String dir = System.getProperty(TEMP_DIR);
    watch(parent, dir == null ? null : Path.of(dir), POLL, () -> {
      System.err.println("the orchestrator (PID " + pid.trim() + ") is gone: stopping");
      System.exit(PARENT_GONE);
    });
  }

  /**
   * Watches {@code parent} (empty: already gone) from a daemon thread, polling every {@code poll}; when it
   * has ended, deletes {@code tempDir} (when given and named so) and runs {@code onGone}.
   */
  static Thread watch(Optional<ProcessHandle> parent, Path tempDir, Duration poll, Runnable onGone) {
    Thread t = new Thread(() -> {
      try {
        // isAlive compares the start time too: a reused PID is not the parent
        while (parent.isPresent() && parent.get().isAlive()) {
          Thread.sleep(poll.toMillis());
        }
      } catch (InterruptedException e) {
        return;
      }
      deleteTempDir(tempDir);
      haltIfExitHangs();
      onGone.run();
    }, "parent-watch");
    t.setDaemon(true);
    t.start();
    return t;
  }

  /** A shutdown hook that blocks must not keep the child alive: halt after a grace period. */
  private static void haltIfExitHangs() {
    Thread halt = new Thread(() -> {
      try {
        Thread.sleep(5_000);
      } catch (InterruptedException e) {
        return;
      }
      Runtime.getRuntime().halt(PARENT_GONE);
    }, "parent-watch-halt");
    halt.setDaemon(true);
    halt.start();
  }

  /** Deletes {@code dir} and its files when it is one of ours (named with {@value #TEMP_PREFIX}); best effort. */
  public static void deleteTempDir(Path dir) {
    if (dir == null || dir.getFileName() == null || !dir.getFileName().toString().startsWith(TEMP_PREFIX)
        || !Files.isDirectory(dir)) {
      return;
    }
    try (Stream<Path> files = Files.list(dir)) {
      for (Path f : (Iterable<Path>) files::iterator) {
        Files.deleteIfExists(f);
      }
      Files.deleteIfExists(dir);
    } catch (IOException e) {
      // the orchestrator's next start removes what is left (its PID is in the directory's name)
      System.err.println("cannot delete " + dir + ": " + e.getMessage());
    }
  }
}
