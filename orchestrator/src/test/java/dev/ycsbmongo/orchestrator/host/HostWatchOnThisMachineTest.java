package dev.ycsbmongo.orchestrator.host;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledOnOs;
import org.junit.jupiter.api.condition.OS;

/**
 * Environment-dependent: this machine's own /proc (Linux only; skipped where /proc/stat cannot be
 * read). A shell loop burning CPU is counted as ours when it is our child and as other processes'
 * when it is not our descendant. The machine may be busy with other work, so the checks are on
 * direction and rough size, against the burner's and this JVM's own CPU times from their /proc/[pid]/stat.
 */
@EnabledOnOs(OS.LINUX)
class HostWatchOnThisMachineTest {

  private static final long BURN_MILLIS = 2000;

  @BeforeAll
  static void procIsReadable() {
    assumeTrue(Files.isReadable(Path.of("/proc/stat")), "no readable /proc/stat here");
  }

  @Test
  void readsSaneFiguresOfThisMachine() {
    ProcHost host = ProcHost.current();
    assertTrue(host.onlineCores() >= 1, "cores: " + host.onlineCores());
    assertTrue(host.effectiveCores() > 0 && host.effectiveCores() <= host.onlineCores(), "usable: " + host.effectiveCores());
    assertNotNull(host.cpuModel());
    assertTrue(!host.cpuModel().isBlank());
    assertTrue(host.loadAverage() >= 0);
    assertTrue(host.hostTimes().total() > 0);
    assertTrue(host.treeTicks() > 0, "this JVM has run for a while");
  }

  @Test
  void findsThisJvmListeningOnAPort() throws IOException {
    try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      assertEquals(Optional.of(ProcessHandle.current().pid()), ProcHost.current().listener(socket.getLocalPort()));
    }
  }

  @Test
  void aBurningChildIsOurs() throws Exception {
    Process child = new ProcessBuilder("sh", "-c", "while :; do :; done").start();
    try {
      Burn burn = watch(child.pid());
      assertTrue(burn.load.ourShare() >= burn.selfShare + 0.8 * burn.burnerShare,
          "ours " + burn.load.ourShare() + " should hold this JVM's " + burn.selfShare + " and the child's "
              + burn.burnerShare);
    } finally {
      child.destroyForcibly();
      child.waitFor();
    }
  }

  @Test
  void aBurningProcessThatIsNotOursIsOthers() throws Exception {
    // the inner shell outlives the outer one and is handed to init (or a subreaper above us): not our descendant
    Process outer = new ProcessBuilder("sh", "-c", "sh -c 'while :; do :; done' </dev/null >/dev/null 2>&1 & echo $!")
        .start();
    long pid;
    try (BufferedReader out = new BufferedReader(new InputStreamReader(outer.getInputStream(), StandardCharsets.UTF_8))) {
      pid = Long.parseLong(out.readLine().trim());
    }
    outer.waitFor();
    try {
      Burn burn = watch(pid);
      assertTrue(burn.load.othersShare() >= 0.8 * burn.burnerShare,
          "others " + burn.load.othersShare() + " should hold the burner's " + burn.burnerShare);
      assertTrue(burn.load.ourShare() < burn.selfShare + 0.5 * burn.burnerShare,
          "ours " + burn.load.ourShare() + " should be this JVM's " + burn.selfShare + ", without the burner's "
              + burn.burnerShare);
    } finally {
      ProcessHandle.of(pid).ifPresent(ProcessHandle::destroyForcibly);
    }
  }

  /** The cell's record, and the burner's and this JVM's own shares of the cores over it. */
  private record Burn(ClientHostLoad load, double burnerShare, double selfShare) {
  }

  /** Watches the host while {@code pid} burns; a share is a process's own CPU time over the machine's. */
  private static Burn watch(long pid) throws InterruptedException {
    ProcHost host = ProcHost.current();
    long self = ProcessHandle.current().pid();
    HostWatch watch = HostWatch.start(host);
    CpuTimes t0 = host.hostTimes();
    Long b0 = host.processTicks(pid);
    Long s0 = host.processTicks(self);
    Thread.sleep(BURN_MILLIS);
    Long b1 = host.processTicks(pid);
    Long s1 = host.processTicks(self);
    CpuTimes t1 = host.hostTimes();
    ClientHostLoad load = watch.finish();
    assertNotNull(b0, "burner " + pid + " not found");
    assertNotNull(b1);
    long total = t1.total() - t0.total();
    System.out.println("burner " + (b1 - b0) + " ticks, this JVM " + (s1 - s0) + " of " + total + "; " + load.describe());
    // on a very busy machine the burner may get almost no time: then these checks cannot tell anything
    assumeTrue(b1 - b0 >= 10, "the burner ran only " + (b1 - b0) + " ticks: this machine is too busy to tell");
    return new Burn(load, (double) (b1 - b0) / total, (double) (s1 - s0) / total);
  }
}
