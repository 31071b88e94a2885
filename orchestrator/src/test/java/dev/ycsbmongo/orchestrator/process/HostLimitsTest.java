package dev.ycsbmongo.orchestrator.process;

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

  /** A machine with plenty of everything but its cgroups: threads-max 192,730, no ulimit -u, 23 GB available. */
  private static Path roomy(Path root, String procSelfCgroup) throws IOException {
    write(machine(root, "4194304", "unlimited", 23_000_000), "proc/self/cgroup", procSelfCgroup);
    return root;
  }

  @Test
  void readsTheCgroupV1PidsControllerOfThisProcess(@TempDir Path root) throws IOException {
    // what docker --pids-limit 400 gives on a cgroup-v1 host, seen from the host's own /sys
    roomy(root, "12:pids:/docker/abc\n11:memory:/docker/abc\n0::/\n");
    write(root, "sys/fs/cgroup/pids/docker/abc/pids.max", "400\n");
    write(root, "sys/fs/cgroup/pids/docker/abc/pids.current", "12\n");
    write(root, "sys/fs/cgroup/pids/pids.max", "max\n");  // v1's root has none; a "max" is no limit either
    HostLimits.ThreadCeiling c = new HostLimits.Proc(root).threadCeiling().orElseThrow();
    assertEquals(400 - 12 - 64, c.threads());
    assertEquals("cgroup pids.max 400 from /sys/fs/cgroup/pids/docker/abc/pids.max, less 12 in use and 64 for the JVM"
        + " itself", c.reason());
  }

  @Test
  void readsTheCgroupV1RootWhenThisProcessSeesOnlyItsOwnGroup(@TempDir Path root) throws IOException {
    // inside the container: /proc/self/cgroup names the host's path, /sys/fs/cgroup/pids is the group itself
    roomy(root, "12:pids:/docker/abc\n");
    write(root, "sys/fs/cgroup/pids/pids.max", "400\n");
    HostLimits.ThreadCeiling c = new HostLimits.Proc(root).threadCeiling(3).orElseThrow();
    assertEquals(400 - 3 * 64, c.threads());
    assertEquals("cgroup pids.max 400 from /sys/fs/cgroup/pids/pids.max, less 0 in use and 192 for the 3 JVMs"
        + " themselves", c.reason());
  }

  @Test
  void readsTheTightestCgroupV2LevelFromThisProcessUpToTheRoot(@TempDir Path root) throws IOException {
    roomy(root, "0::/user.slice/bench.scope\n");
    write(root, "sys/fs/cgroup/user.slice/bench.scope/pids.max", "max\n");
    write(root, "sys/fs/cgroup/user.slice/bench.scope/pids.current", "5\n");
    write(root, "sys/fs/cgroup/user.slice/pids.max", "1000\n");
    write(root, "sys/fs/cgroup/user.slice/pids.current", "700\n");
    HostLimits.ThreadCeiling c = new HostLimits.Proc(root).threadCeiling().orElseThrow();
    assertEquals(1000 - 700 - 64, c.threads());
    assertEquals("cgroup pids.max 1,000 from /sys/fs/cgroup/user.slice/pids.max, less 700 in use and 64 for the JVM"
        + " itself", c.reason());
  }

  @Test
  void readsTheCgroupV2RootOfAContainer(@TempDir Path root) throws IOException {
    roomy(root, "0::/\n");
    write(root, "sys/fs/cgroup/pids.max", "400\n");
    write(root, "sys/fs/cgroup/pids.current", "30\n");
    assertEquals(400 - 30 - 64, new HostLimits.Proc(root).threadCeiling().orElseThrow().threads());
  }

  @Test
  void readsTheCgroupV2HierarchyOfAHybridHost(@TempDir Path root) throws IOException {
    roomy(root, "8:pids:/\n0::/bench\n");
    write(root, "sys/fs/cgroup/unified/bench/pids.max", "500\n");
    HostLimits.ThreadCeiling c = new HostLimits.Proc(root).threadCeiling().orElseThrow();
    assertEquals(500 - 64, c.threads());
    assertEquals("cgroup pids.max 500 from /sys/fs/cgroup/unified/bench/pids.max, less 0 in use and 64 for the JVM"
        + " itself", c.reason());
  }

  @Test
  void aCgroupWithoutLimitsOrFilesLeavesTheOtherLimits(@TempDir Path root) throws IOException {
    roomy(root, "0::/a/b\n12:pids:/c\n");
    write(root, "sys/fs/cgroup/a/pids.max", "max\n");  // no pids.current, no file at a/b, no v1 mount
    HostLimits.ThreadCeiling c = new HostLimits.Proc(root).threadCeiling().orElseThrow();
    assertEquals(192_730 - 394 - 64, c.threads(), c.reason());
  }

  @Test
  void aCgroupPathCannotLeaveTheCgroupTree(@TempDir Path root) throws IOException {
    roomy(root, "0::/../../etc\n");
    write(root, "etc/pids.max", "1\n");
    assertEquals(192_730 - 394 - 64, new HostLimits.Proc(root).threadCeiling().orElseThrow().threads());
  }
}
