package dev.ycsbmongo.orchestrator.exec;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The thread ceiling read from a stand-in /proc: the lowest limit wins and names its source. */
class HostLimitsTest {

  private static void write(Path root, String file, String text) throws IOException {
    Path p = root.resolve(file);
    Files.createDirectories(p.getParent());
    Files.writeString(p, text);
  }

  private static Path machine(Path root, String pidMax, String maxProcesses, long memAvailableKib) throws IOException {
    write(root, "proc/sys/kernel/pid_max", pidMax + "\n");
    write(root, "proc/sys/kernel/threads-max", "192730\n");
    write(root, "proc/loadavg", "1.00 0.50 0.25 2/394 12345\n");
    write(root, "proc/self/limits", """
        Limit                     Soft Limit           Hard Limit           Units
        Max processes             %s                %s                processes
        Max open files            20000                20000                files
        """.formatted(maxProcesses, maxProcesses));
    write(root, "proc/meminfo", "MemTotal:       24684084 kB\nMemAvailable:   " + memAvailableKib + " kB\n");
    return root;
  }

  @Test
  void pidMaxLimitsATwoCoreMachineWithPlentyOfMemory(@TempDir Path root) throws IOException {
    HostLimits.ThreadCeiling c = new HostLimits.Proc(machine(root, "32768", "96365", 23_000_000)).threadCeiling()
        .orElseThrow();
    assertEquals(32_768 - 394 - 64, c.threads());
    assertEquals("pid limit 32,768 from /proc/sys/kernel/pid_max, less 394 threads running and 64 for the JVM itself",
        c.reason());
  }

  @Test
  void ulimitDashULimitsWhenItIsLowest(@TempDir Path root) throws IOException {
    HostLimits.ThreadCeiling c = new HostLimits.Proc(machine(root, "4194304", "4096", 23_000_000)).threadCeiling()
        .orElseThrow();
    assertEquals(4096 - 394 - 64, c.threads());
    assertEquals("max user processes 4,096 from ulimit -u (/proc/self/limits), less 394 threads running and 64 for"
        + " the JVM itself", c.reason());
  }

  @Test
  void memoryLimitsASmallMachine(@TempDir Path root) throws IOException {
    // 2 GiB available: 1,152 MiB for the JVM, 896 MiB left at 32 KiB per thread
    HostLimits.ThreadCeiling c = new HostLimits.Proc(machine(root, "4194304", "unlimited", 2 * 1024 * 1024))
        .threadCeiling().orElseThrow();
    assertEquals(896 * 32, c.threads());
    assertEquals("memory: 2,048 MiB available (/proc/meminfo MemAvailable), less 1,152 MiB for the YCSB JVM's heap and"
        + " code, at 32 KiB per thread (BENCHMARKS.md measured 20-30 KiB)", c.reason());
  }

  @Test
  void knowsNoLimitWithoutProc(@TempDir Path root) {
    assertEquals(Optional.empty(), new HostLimits.Proc(root).threadCeiling());
  }
}
