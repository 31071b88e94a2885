package dev.ycsbmongo.orchestrator.host;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** Writes a stand-in /proc (and /sys) under a temporary root, one file at a time. */
final class StandInProc {

  final Path root;

  StandInProc(Path root) {
    this.root = root;
  }

  StandInProc file(String path, String text) {
    try {
      Path p = root.resolve(path);
      Files.createDirectories(p.getParent());
      Files.writeString(p, text);
      return this;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** /proc/stat for {@code cores} cores with these machine-wide totals (user, idle, steal). */
  StandInProc stat(int cores, long user, long idle, long steal) {
    StringBuilder s = new StringBuilder(String.format("cpu  %d 0 0 %d 0 0 0 %d 0 0%n", user, idle, steal));
    for (int i = 0; i < cores; i++) {
      s.append(String.format("cpu%d %d 0 0 %d 0 0 0 %d 0 0%n", i, user / cores, idle / cores, steal / cores));
    }
    s.append("intr 12345 0 0\nctxt 999\nbtime 1700000000\nprocesses 4242\n");
    return file("proc/stat", s.toString());
  }

  /** A process's stat line; its name holds spaces and parentheses, as a thread-renamed JVM's may. */
  StandInProc process(long pid, long ppid, long utime, long stime, long cutime, long cstime) {
    return file("proc/" + pid + "/stat", String.format(
        "%d (java (main) x) S %d %d %d 0 -1 4194304 100 0 0 0 %d %d %d %d 20 0 1 0 2135722 3133440 418 0 0 0%n",
        pid, ppid, pid, pid, utime, stime, cutime, cstime));
  }

  StandInProc gone(long pid) {
    try {
      Files.deleteIfExists(root.resolve("proc/" + pid + "/stat"));
      Files.deleteIfExists(root.resolve("proc/" + pid));
      return this;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  StandInProc loadavg(String first) {
    return file("proc/loadavg", first + " 0.50 0.25 2/394 12345\n");
  }
}
