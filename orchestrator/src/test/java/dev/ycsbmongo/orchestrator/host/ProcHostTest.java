package dev.ycsbmongo.orchestrator.host;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The client host read from stand-in /proc and /sys trees. */
class ProcHostTest {

  @TempDir
  Path root;

  @Test
  void readsModelCoresLoadAndTheMachinesTimes() {
    new StandInProc(root)
        .file("proc/cpuinfo", "processor\t: 0\nvendor_id\t: AuthenticAMD\nmodel name\t: AMD EPYC 7B13\n\n"
            + "processor\t: 1\nmodel name\t: AMD EPYC 7B13\n")
        .stat(4, 1000, 3000, 40).loadavg("2.37");
    ProcHost host = new ProcHost(root, 100);
    assertEquals("AMD EPYC 7B13", host.cpuModel());
    assertEquals(4, host.onlineCores());
    assertEquals(2.37, host.loadAverage());
    assertEquals(new CpuTimes(1000, 3000, 40), host.hostTimes());
    assertEquals(4040, host.hostTimes().total());
    assertEquals(4.0, host.effectiveCores(), "no affinity nor quota: every online core");
  }

  @Test
  void busyIsUserNiceSystemIrqSoftirqAndIdleCountsIowait() {
    assertEquals(new CpuTimes(1 + 2 + 3 + 6 + 7, 4 + 5, 8), CpuTimes.parse("cpu  1 2 3 4 5 6 7 8 9 10"));
    assertEquals(new CpuTimes(6, 9, 0), CpuTimes.parse("cpu 1 2 3 4 5"), "an old kernel without steal");
    assertNull(CpuTimes.parse("cpu0 1 2 3 4 5"));
  }

  @Test
  void namesArm64CoresByTheirPartCodes() {
    new StandInProc(root).file("proc/cpuinfo", "processor\t: 0\nBogoMIPS\t: 243.75\nFeatures\t: fp asimd\n"
        + "CPU implementer\t: 0x41\nCPU architecture: 8\nCPU variant\t: 0x3\nCPU part\t: 0xd0c\nCPU revision\t: 1\n");
    assertEquals("ARM Neoverse N1", new ProcHost(root, 1).cpuModel());
    new StandInProc(root).file("proc/cpuinfo", "processor\t: 0\nCPU implementer\t: 0x51\nCPU part\t: 0x801\n");
    assertEquals("arm64 CPU (implementer 0x51, part 0x801)", new ProcHost(root, 1).cpuModel());
  }

  @Test
  void theCoresThisProcessMayUseAreTheLeastOfOnlineAffinityAndQuota() {
    new StandInProc(root).stat(8, 0, 0, 0)
        .file("proc/100/status", "Name:\tjava\nCpus_allowed:\tff\nCpus_allowed_list:\t0-3,6\n")
        .file("proc/100/cgroup", "0::/kubepods/pod1/abc\n")
        .file("sys/fs/cgroup/kubepods/pod1/abc/cpu.max", "max 100000\n")
        .file("sys/fs/cgroup/kubepods/pod1/cpu.max", "250000 100000\n")
        .file("sys/fs/cgroup/cpu.max", "max 100000\n");
    ProcHost host = new ProcHost(root, 100);
    assertEquals(5, host.allowedCores());
    assertEquals(2.5, host.quotaCores(), "a parent's quota holds for its children");
    assertEquals(2.5, host.effectiveCores());
  }

  @Test
  void readsCgroupV1Quota() {
    new StandInProc(root).stat(4, 0, 0, 0)
        .file("proc/100/cgroup", "4:memory:/docker/abc\n3:cpu,cpuacct:/docker/abc\n1:pids:/docker/abc\n")
        .file("sys/fs/cgroup/cpu,cpuacct/docker/abc/cpu.cfs_quota_us", "150000\n")
        .file("sys/fs/cgroup/cpu,cpuacct/docker/abc/cpu.cfs_period_us", "100000\n")
        .file("sys/fs/cgroup/cpu,cpuacct/cpu.cfs_quota_us", "-1\n")
        .file("sys/fs/cgroup/cpu,cpuacct/cpu.cfs_period_us", "100000\n");
    assertEquals(1.5, new ProcHost(root, 100).quotaCores());
    assertEquals(1.5, new ProcHost(root, 100).effectiveCores());
  }

  @Test
  void noQuotaWhenNoneIsSet() {
    new StandInProc(root).file("proc/100/cgroup", "1:cpu:/\n0::/\n")
        .file("sys/fs/cgroup/cpu/cpu.cfs_quota_us", "-1\n").file("sys/fs/cgroup/cpu/cpu.cfs_period_us", "100000\n");
    assertNull(new ProcHost(root, 100).quotaCores());
  }

  @Test
  void ourTreeIsThisProcessAndEveryDescendantWithWhatTheyReaped() {
    new StandInProc(root)
        .process(1, 0, 500, 500, 90_000, 9_000)     // init: not ours though it reaped everything
        .process(100, 1, 300, 20, 40, 2)           // us
        .process(200, 100, 1000, 100, 0, 0)        // a YCSB JVM we started
        .process(300, 200, 7, 1, 0, 0)             // its child
        .process(400, 1, 5000, 50, 0, 0)           // someone else's
        .process(401, 400, 800, 8, 0, 0)
        .file("proc/self/stat", "not a process directory: skipped");
    ProcHost host = new ProcHost(root, 100);
    assertEquals(300 + 20 + 40 + 2 + 1000 + 100 + 7 + 1, host.treeTicks());
    assertEquals(1100, host.processTicks(200), "a process's own time, without its reaped children's");
    assertNull(new ProcHost(root, 999).treeTicks(), "our own stat unreadable: unknown");
  }

  @Test
  void aServerOnThisHostCountsAsOursOnceWhenToldOf() throws Exception {
    new StandInProc(root)
        .process(1, 0, 0, 0, 0, 0)
        .process(100, 1, 30, 0, 0, 0)
        .process(200, 100, 20, 0, 0, 0)
        .process(500, 1, 400, 100, 0, 0)            // a mongod the user started
        .process(501, 500, 5, 0, 0, 0)
        .process(600, 1, 7000, 0, 0, 0)
        .file("proc/net/tcp", "  sl  local_address rem_address   st tx_queue rx_queue tr tm->when retrnsmt   uid  timeout inode\n"
            + "   0: 0100007F:6989 00000000:0000 0A 00000000:00000000 00:00000000 00000000  1000        0 777 1 0 100 0 0 10 0\n"
            + "   1: 0100007F:9C40 0100007F:6989 01 00000000:00000000 00:00000000 00000000  1000        0 888 1 0 20 4 30 10 -1\n")
        .file("proc/net/tcp6", "  sl  local_address                         remote_address                        st\n");
    Files.createDirectories(root.resolve("proc/500/fd"));
    Files.createSymbolicLink(root.resolve("proc/500/fd/0"), Path.of("pipe:[4242]"));
    Files.createSymbolicLink(root.resolve("proc/500/fd/11"), Path.of("socket:[777]"));
    Files.createDirectories(root.resolve("proc/600/fd"));
    Files.createSymbolicLink(root.resolve("proc/600/fd/5"), Path.of("socket:[888]"));
    ProcHost host = new ProcHost(root, 100);
    assertEquals(Optional.of(500L), host.listener(27017));
    assertEquals(Optional.empty(), host.listener(40000), "port 40000 is a connected socket, not a listener");
    assertEquals(50, host.treeTicks());
    assertEquals(50 + 505, host.alsoOurs(List.of(500L)).treeTicks());
    assertEquals(50, host.alsoOurs(List.of(200L)).treeTicks(), "a root inside our tree counts once");
  }

  @Test
  void aMissingProcIsUnknownNeverAnError() {
    ProcHost host = new ProcHost(root, 100);
    assertNull(host.cpuModel());
    assertNull(host.onlineCores());
    assertNull(host.effectiveCores());
    assertNull(host.loadAverage());
    assertNull(host.hostTimes());
    assertNull(host.treeTicks());
    assertEquals(Optional.empty(), host.listener(27017));
  }

  @Test
  void countsCpuLists() {
    assertEquals(1, ProcHost.countList("0"));
    assertEquals(7, ProcHost.countList("0-3,8,10-11"));
    assertNull(ProcHost.countList(""));
    assertNull(ProcHost.countList("x"));
  }
}
