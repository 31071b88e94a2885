package dev.ycsbmongo.orchestrator.process;

import dev.ycsbmongo.orchestrator.CgroupPaths;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * How many threads one more JVM can start on this machine, and what sets that figure. Behind an
 * interface so tests can stand in for a small or a large machine.
 */
public interface HostLimits {

  /**
   * The most client threads a phase's YCSB JVM may ask for here.
   *
   * @param threads the ceiling (already less the threads running now and the JVM's own)
   * @param reason where the figure comes from, for the refusal line, e.g. {@code pid limit 32,768
   *     from /proc/sys/kernel/pid_max, less 394 threads running and 64 for the JVM itself}
   */
  record ThreadCeiling(long threads, String reason) {
  }

  /** The lowest of the machine's thread ceilings for one more JVM; empty when none is known (not Linux). */
  Optional<ThreadCeiling> threadCeiling();

  /**
   * The most client threads {@code jvms} YCSB JVMs started together may ask for here, in all: each JVM
   * takes its own threads and memory besides YCSB's (a cell of {@code clients: N} on the local backend).
   * A stand-in machine ({@link #fixed}) has the same ceiling for any number.
   */
  default Optional<ThreadCeiling> threadCeiling(int jvms) {
    return threadCeiling();
  }

  /** A machine with exactly this ceiling, for tests. */
  static HostLimits fixed(long threads, String reason) {
    ThreadCeiling c = new ThreadCeiling(threads, reason);
    return () -> Optional.of(c);
  }

  /** This machine, read from /proc now. */
  static HostLimits current() {
    return new Proc(Path.of("/"));
  }

  /**
   * Linux's limits on threads: every thread is a task with a pid, so the pid space
   * ({@code kernel.pid_max}), the task table ({@code kernel.threads-max}), the per-user process
   * limit ({@code ulimit -u}, which counts threads) and the {@code pids.max} of this process's cgroup
   * and of each of its parents (cgroup v2, or v1's pids controller) all cap it;
   * and memory, at {@value #BYTES_PER_THREAD} bytes per thread after the JVM's heap.
   */
  final class Proc implements HostLimits {

    /**
     * Resident memory per extra YCSB thread: BENCHMARKS.md measured 20-30 KiB (256 KiB stacks of
     * which about 20 KiB are touched, plus the thread's structures); 32 KiB keeps a margin.
     */
    static final long BYTES_PER_THREAD = 32 * 1024;
    /** A YCSB JVM's heap ({@code -Xmx1g}, see {@link ChildJvm}) and its code, classes and metaspace. */
    static final long JVM_BASE_BYTES = (1024L + 128) * 1024 * 1024;
    /** Threads a JVM starts besides YCSB's: GC, compiler, driver monitors, YCSB's status thread. */
    static final long JVM_OWN_THREADS = 64;

    private final Path root;

    public Proc(Path root) {
      this.root = root;
    }

    @Override
    public Optional<ThreadCeiling> threadCeiling() {
      return threadCeiling(1);
    }

    @Override
    public Optional<ThreadCeiling> threadCeiling(int jvms) {
      Optional<Long> running = runningTasks();
      long inUse = running.orElse(0L);
      long own = JVM_OWN_THREADS * jvms;
      String forJvms = jvms == 1 ? JVM_OWN_THREADS + " for the JVM itself"
          : String.format(Locale.ROOT, "%,d for the %,d JVMs themselves", own, jvms);
      String less = running.map(r -> String.format(Locale.ROOT, ", less %,d threads running and %s", r, forJvms))
          .orElse(", less " + forJvms);
      List<ThreadCeiling> ceilings = new ArrayList<>();
      number("proc/sys/kernel/pid_max").ifPresent(n -> ceilings.add(
          ceiling(n - inUse - own, "pid limit %,d from /proc/sys/kernel/pid_max" + less, n)));
      number("proc/sys/kernel/threads-max").ifPresent(n -> ceilings.add(
          ceiling(n - inUse - own, "threads-max %,d from /proc/sys/kernel/threads-max" + less, n)));
      maxUserProcesses().ifPresent(n -> ceilings.add(
          ceiling(n - inUse - own, "max user processes %,d from ulimit -u (/proc/self/limits)" + less, n)));
      for (String dir : pidsGroups()) {
        number(dir + "/pids.max").ifPresent(n -> {
          long current = number(dir + "/pids.current").orElse(0L);
          ceilings.add(new ThreadCeiling(n - current - own, String.format(Locale.ROOT,
              "cgroup pids.max %,d from /%s/pids.max, less %,d in use and %s", n, dir, current, forJvms)));
        });
      }
      long base = JVM_BASE_BYTES * jvms;
      String heaps = jvms == 1 ? "the YCSB JVM's heap and code"
          : String.format(Locale.ROOT, "the heaps and code of %,d YCSB JVMs", jvms);
      memAvailable().ifPresent(bytes -> ceilings.add(new ThreadCeiling(
          Math.max(0, bytes - base) / BYTES_PER_THREAD, String.format(Locale.ROOT,
              "memory: %,d MiB available (/proc/meminfo MemAvailable), less %,d MiB for %s, at %d KiB per thread"
                  + " (BENCHMARKS.md measured 20-30 KiB)",
              bytes >> 20, base >> 20, heaps, BYTES_PER_THREAD >> 10))));
      return ceilings.stream().min(Comparator.comparingLong(ThreadCeiling::threads));
    }

    private static ThreadCeiling ceiling(long free, String format, long limit) {
      return new ThreadCeiling(free, String.format(Locale.ROOT, format, limit));
    }

    /**
     * The cgroup directories whose {@code pids.max} bound this process, each relative to the root: every
     * level from this process's own group up to the hierarchy's root, for cgroup v2 (the {@code 0::} line
     * of /proc/self/cgroup, under /sys/fs/cgroup, or /sys/fs/cgroup/unified on a hybrid host) and for v1's pids
     * controller (its {@code pids} line,
     * under /sys/fs/cgroup/pids), since a parent's limit holds for its children too. A level that does not
     * exist here is skipped: inside a container /proc/self/cgroup may name the host's path while
     * /sys/fs/cgroup is the container's own group.
     */
    private List<String> pidsGroups() {
      List<String> dirs = new ArrayList<>();
      String self = text("proc/self/cgroup").orElse("");
      Optional<String> v2 = groupPath(self, "");
      Optional<String> v1 = groupPath(self, "pids");
      dirs.addAll(CgroupPaths.levels("sys/fs/cgroup", v2.orElse("/")));
      if (v2.isPresent()) {
        // a hybrid host mounts v2 there, beside v1's controllers
        dirs.addAll(CgroupPaths.levels("sys/fs/cgroup/unified", v2.get()));
      }
      if (v1.isPresent()) {
        dirs.addAll(CgroupPaths.levels("sys/fs/cgroup/pids", v1.get()));
      }
      return dirs;
    }

    /** The path of the line {@code ID:CONTROLLERS:PATH} of /proc/self/cgroup whose controllers hold {@code name}. */
    private static Optional<String> groupPath(String procSelfCgroup, String name) {
      return procSelfCgroup.lines().map(l -> l.split(":", 3)).filter(f -> f.length == 3)
          .filter(f -> name.isEmpty() ? f[1].isEmpty() : List.of(f[1].split(",")).contains(name))
          .map(f -> f[2].trim()).findFirst();
    }



    /** Every task (thread) on the machine: the fourth field of /proc/loadavg is running/total. */
    private Optional<Long> runningTasks() {
      return text("proc/loadavg").flatMap(t -> {
        String[] f = t.trim().split("\\s+");
        if (f.length < 4 || f[3].indexOf('/') < 0) {
          return Optional.empty();
        }
        return parse(f[3].substring(f[3].indexOf('/') + 1));
      });
    }

    private Optional<Long> maxUserProcesses() {
      return text("proc/self/limits").flatMap(t -> t.lines().filter(l -> l.startsWith("Max processes")).findFirst())
          .flatMap(l -> parse(l.substring("Max processes".length()).trim().split("\\s+")[0]));
    }

    private Optional<Long> memAvailable() {
      return text("proc/meminfo").flatMap(t -> t.lines().filter(l -> l.startsWith("MemAvailable:")).findFirst())
          .flatMap(l -> parse(l.substring("MemAvailable:".length()).trim().split("\\s+")[0]))
          .map(kib -> kib * 1024);
    }

    private Optional<Long> number(String file) {
      return text(file).flatMap(t -> parse(t.trim()));
    }

    /** A whole number; "unlimited" and "max" (no limit) are empty. */
    private static Optional<Long> parse(String s) {
      try {
        return Optional.of(Long.parseLong(s));
      } catch (NumberFormatException e) {
        return Optional.empty();
      }
    }

    private Optional<String> text(String file) {
      // a stream, not Files.readString: /proc files report size 0, and some kernels then give
      // readString only the first byte (here: pid_max "3" for 32768)
      try (InputStream in = Files.newInputStream(root.resolve(file))) {
        return Optional.of(new String(in.readAllBytes(), StandardCharsets.UTF_8));
      } catch (IOException | RuntimeException e) {
        return Optional.empty();  // not Linux, or no such limit here
      }
    }
  }
}
