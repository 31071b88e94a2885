package dev.ycsbmongo.orchestrator.host;

import dev.ycsbmongo.orchestrator.CgroupPaths;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.channels.SeekableByteChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The client host as Linux shows it under /proc and /sys: its CPU model, cores, the cores this
 * process may use, load average, the machine's CPU time, and the CPU time of this process's tree
 * (this JVM and every descendant: the YCSB JVMs it starts, an embedded server in it) and of a
 * server on this host it is told of ({@link #alsoOurs}). Every reading
 * is null where the file is missing or unreadable (not Linux, a container without /proc/stat), never
 * an exception. The root is a parameter so tests read stand-in trees.
 */
public final class ProcHost {

  private final Path root;
  private final Path proc;
  private final long pid;
  /** The roots of "our" trees: this process and, for a server on this host, its process. */
  private final Set<Long> roots;
  private final ByteBuffer buffer = ByteBuffer.allocate(4096);

  /**
   * @param root the file system root under which {@code proc/} and {@code sys/} are read
   * @param pid the process whose tree is "ours"
   */
  public ProcHost(Path root, long pid) {
    this(root, pid, Set.of(pid));
  }

  private ProcHost(Path root, long pid, Set<Long> roots) {
    this.root = root;
    this.proc = root.resolve("proc");
    this.pid = pid;
    this.roots = Set.copyOf(roots);
  }

  /**
   * The same host with these processes' trees counted as ours too: a target's server running on
   * this host (a mongod the user started, found by {@link #listener}) is part of the benchmark, not
   * another process competing with it.
   */
  public ProcHost alsoOurs(Collection<Long> pids) {
    Set<Long> all = new LinkedHashSet<>(roots);
    all.addAll(pids);
    return new ProcHost(root, pid, all);
  }

  /** This machine and this JVM. */
  public static ProcHost current() {
    return new ProcHost(Path.of("/"), ProcessHandle.current().pid());
  }

  /**
   * The CPU's name: {@code model name} (x86, and some arm64 kernels), else what other architectures
   * give ({@code cpu} on POWER, {@code Hardware} or {@code Processor} on older ARM), else arm64's
   * implementer and part codes, named where known (a Graviton 2 is a Neoverse N1).
   */
  public String cpuModel() {
    String info = text("proc/cpuinfo");
    if (info == null) {
      return null;
    }
    Map<String, String> first = new HashMap<>();
    for (String line : info.split("\n")) {
      int colon = line.indexOf(':');
      if (colon > 0) {
        first.putIfAbsent(line.substring(0, colon).trim(), line.substring(colon + 1).trim());
      }
    }
    for (String key : List.of("model name", "cpu", "Hardware", "Processor")) {
      String v = first.get(key);
      if (v != null && !v.isEmpty()) {
        return v;
      }
    }
    return ArmParts.name(first.get("CPU implementer"), first.get("CPU part"));
  }

  /** Online cores: the {@code cpuN} lines of /proc/stat, else /sys/devices/system/cpu/online. */
  public Integer onlineCores() {
    String stat = text("proc/stat");
    if (stat != null) {
      int n = 0;
      for (String line : stat.split("\n")) {
        if (line.startsWith("cpu") && line.length() > 3 && Character.isDigit(line.charAt(3))) {
          n++;
        }
      }
      if (n > 0) {
        return n;
      }
    }
    String online = text("sys/devices/system/cpu/online");
    return online == null ? null : countList(online.trim());
  }

  /** The cores this process's affinity allows ({@code Cpus_allowed_list}: taskset, a cgroup cpuset). */
  public Integer allowedCores() {
    String status = text("proc/" + pid + "/status");
    if (status == null) {
      return null;
    }
    for (String line : status.split("\n")) {
      if (line.startsWith("Cpus_allowed_list:")) {
        return countList(line.substring("Cpus_allowed_list:".length()).trim());
      }
    }
    return null;
  }

  /**
   * The cgroup CPU quota in cores (1.5 = 150 ms each 100 ms), the lowest over this process's group
   * and its parents: {@code cpu.max} for cgroup v2, {@code cpu.cfs_quota_us / cpu.cfs_period_us} for
   * v1; null when none is set.
   */
  public Double quotaCores() {
    String cgroup = text("proc/" + pid + "/cgroup");
    if (cgroup == null) {
      return null;
    }
    Double lowest = null;
    String v2 = groupPath(cgroup, "");
    if (v2 != null) {
      for (String dir : CgroupPaths.levels("sys/fs/cgroup", v2)) {
        lowest = min(lowest, quotaV2(text(dir + "/cpu.max")));
      }
    }
    String v1 = groupPath(cgroup, "cpu");
    if (v1 != null) {
      for (String mount : List.of("sys/fs/cgroup/cpu", "sys/fs/cgroup/cpu,cpuacct", "sys/fs/cgroup/cpuacct,cpu")) {
        for (String dir : CgroupPaths.levels(mount, v1)) {
          lowest = min(lowest, quotaV1(text(dir + "/cpu.cfs_quota_us"), text(dir + "/cpu.cfs_period_us")));
        }
      }
    }
    return lowest;
  }

  /** The cores this process may keep busy: the least of the online cores, its affinity and its quota. */
  public Double effectiveCores() {
    Double least = null;
    Integer online = onlineCores();
    Integer allowed = allowedCores();
    least = min(least, online == null ? null : online.doubleValue());
    least = min(least, allowed == null ? null : allowed.doubleValue());
    return min(least, quotaCores());
  }

  /** The 1-minute load average. */
  public Double loadAverage() {
    String t = text("proc/loadavg");
    if (t == null) {
      return null;
    }
    try {
      return Double.parseDouble(t.trim().split("\\s+")[0]);
    } catch (NumberFormatException e) {
      return null;
    }
  }

  /** The machine's CPU time so far (the first line of /proc/stat). */
  public CpuTimes hostTimes() {
    String stat = text("proc/stat");
    if (stat == null) {
      return null;
    }
    int end = stat.indexOf('\n');
    return CpuTimes.parse(end < 0 ? stat : stat.substring(0, end));
  }

  /**
   * CPU ticks of this process's tree so far: for this process and each live descendant, its own
   * user and system time plus that of its children it has reaped ({@code cutime}, {@code cstime}),
   * so a YCSB JVM that ended during the interval still counts. Descendants are found by each
   * process's parent in /proc/[pid]/stat: {@code /proc/[pid]/task/[tid]/children} needs a kernel
   * option not every kernel has, and is one file per thread (a YCSB JVM may have thousands).
   * Null when this process's own stat cannot be read.
   */
  public Long treeTicks() {
    Map<Long, List<Long>> children = new HashMap<>();
    Map<Long, Long> ticks = new HashMap<>();
    try (DirectoryStream<Path> dirs = Files.newDirectoryStream(proc)) {
      for (Path dir : dirs) {
        String name = dir.getFileName().toString();
        if (name.isEmpty() || !Character.isDigit(name.charAt(0))) {
          continue;
        }
        long p;
        try {
          p = Long.parseLong(name);
        } catch (NumberFormatException e) {
          continue;
        }
        long[] st = stat(dir.resolve("stat"));
        if (st != null) {
          children.computeIfAbsent(st[0], k -> new ArrayList<>()).add(p);
          ticks.put(p, st[1]);
        }
      }
    } catch (IOException | RuntimeException e) {
      return null;
    }
    if (!ticks.containsKey(pid)) {
      return null;
    }
    long sum = 0;
    Set<Long> seen = new HashSet<>();  // a root inside another's tree counts once
    ArrayDeque<Long> todo = new ArrayDeque<>(roots);
    while (!todo.isEmpty()) {
      long p = todo.pop();
      if (seen.add(p)) {
        sum += ticks.getOrDefault(p, 0L);
        todo.addAll(children.getOrDefault(p, List.of()));
      }
    }
    return sum;
  }

  /**
   * The process listening on this TCP port here (IPv4 or IPv6), from /proc/net/tcp's listening
   * sockets and the socket links in /proc/[pid]/fd; empty when none is, or when it belongs to
   * another user (its descriptors cannot be read).
   */
  public Optional<Long> listener(int port) {
    Set<String> inodes = new HashSet<>();
    for (String table : List.of("proc/net/tcp", "proc/net/tcp6")) {
      String t = text(table);
      if (t == null) {
        continue;
      }
      for (String line : t.split("\n")) {
        // sl local_address rem_address st tx_queue:rx_queue tr:tm->when retrnsmt uid timeout inode
        String[] f = line.trim().split("\\s+");
        if (f.length > 9 && f[3].equals("0A") && f[1].endsWith(String.format(Locale.ROOT, ":%04X", port))) {
          inodes.add("socket:[" + f[9] + "]");
        }
      }
    }
    if (inodes.isEmpty()) {
      return Optional.empty();
    }
    try (DirectoryStream<Path> dirs = Files.newDirectoryStream(proc, d -> d.getFileName().toString().chars()
        .allMatch(Character::isDigit))) {
      for (Path dir : dirs) {
        try (DirectoryStream<Path> fds = Files.newDirectoryStream(dir.resolve("fd"))) {
          for (Path fd : fds) {
            if (inodes.contains(Files.readSymbolicLink(fd).toString())) {
              return Optional.of(Long.parseLong(dir.getFileName().toString()));
            }
          }
        } catch (IOException | RuntimeException e) {
          // another user's process, or one that ended: not the listener we can see
        }
      }
    } catch (IOException | RuntimeException e) {
      return Optional.empty();
    }
    return Optional.empty();
  }

  /** One process's own user + system ticks (not its children's); null when it is gone. */
  Long processTicks(long process) {
    String t = text("proc/" + process + "/stat");
    if (t == null) {
      return null;
    }
    long[] f = fields(t);
    return f == null ? null : f[1] - f[2];
  }

  /** A reading of the machine and this tree now, stamped with {@code nanos} (a System.nanoTime). */
  HostSample sample(long nanos) {
    return new HostSample(nanos, hostTimes(), treeTicks());
  }

  /** {parent pid, utime + stime + cutime + cstime} from a /proc/[pid]/stat, or null. */
  private long[] stat(Path file) {
    buffer.clear();
    try (SeekableByteChannel ch = Files.newByteChannel(file)) {
      while (buffer.hasRemaining() && ch.read(buffer) > 0) {
        // a stat line is under a kilobyte; /proc reports size 0, so read until the end
      }
    } catch (IOException | RuntimeException e) {
      return null;  // the process ended while the directory was read
    }
    long[] f = fields(new String(buffer.array(), 0, buffer.position(), StandardCharsets.ISO_8859_1));
    return f == null ? null : new long[] {f[0], f[1]};
  }

  /**
   * {ppid, utime + stime + cutime + cstime, cutime + cstime} from a stat line. The command name in
   * parentheses may hold spaces and parentheses, so fields are counted after the last ')'.
   */
  static long[] fields(String stat) {
    int close = stat.lastIndexOf(')');
    if (close < 0) {
      return null;
    }
    String[] f = stat.substring(close + 1).trim().split(" ");
    // after the name: state(0) ppid(1) ... utime(11) stime(12) cutime(13) cstime(14)
    if (f.length < 15) {
      return null;
    }
    try {
      long children = Long.parseLong(f[13]) + Long.parseLong(f[14]);
      return new long[] {Long.parseLong(f[1]), Long.parseLong(f[11]) + Long.parseLong(f[12]) + children, children};
    } catch (NumberFormatException e) {
      return null;
    }
  }

  /** "max 100000" (none) or "150000 100000" (1.5 cores). */
  static Double quotaV2(String cpuMax) {
    if (cpuMax == null) {
      return null;
    }
    String[] f = cpuMax.trim().split("\\s+");
    if (f.length < 2 || f[0].equals("max")) {
      return null;
    }
    return quota(f[0], f[1]);
  }

  /** quota -1 is none. */
  static Double quotaV1(String quotaUs, String periodUs) {
    return quotaUs == null || periodUs == null ? null : quota(quotaUs.trim(), periodUs.trim());
  }

  private static Double quota(String quota, String period) {
    try {
      long q = Long.parseLong(quota);
      long p = Long.parseLong(period);
      return q <= 0 || p <= 0 ? null : (double) q / p;
    } catch (NumberFormatException e) {
      return null;
    }
  }

  /** The size of a CPU list such as "0-3,8,10-11"; null when it is not one. */
  static Integer countList(String list) {
    if (list.isEmpty()) {
      return null;
    }
    int n = 0;
    try {
      for (String part : list.split(",")) {
        String[] ends = part.trim().split("-", 2);
        int from = Integer.parseInt(ends[0]);
        n += ends.length == 1 ? 1 : Integer.parseInt(ends[1]) - from + 1;
      }
    } catch (NumberFormatException e) {
      return null;
    }
    return n > 0 ? n : null;
  }

  private static Double min(Double a, Double b) {
    if (a == null) {
      return b;
    }
    return b == null ? a : Double.valueOf(Math.min(a, b));
  }

  /** The path of the line {@code ID:CONTROLLERS:PATH} whose controllers hold {@code name} ("" for v2's). */
  private static String groupPath(String procCgroup, String name) {
    for (String line : procCgroup.split("\n")) {
      String[] f = line.split(":", 3);
      if (f.length == 3 && (name.isEmpty() ? f[1].isEmpty() : List.of(f[1].split(",")).contains(name))) {
        return f[2].trim();
      }
    }
    return null;
  }

  private String text(String file) {
    // a stream, not Files.readString: /proc files report size 0
    try (InputStream in = Files.newInputStream(root.resolve(file))) {
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException | RuntimeException e) {
      return null;
    }
  }

  /** arm64 CPUs by /proc/cpuinfo's implementer and part codes, for the cores clouds rent. */
  static final class ArmParts {

    private static final Map<String, String> NAMES = Map.ofEntries(
        Map.entry("0x41/0xd03", "ARM Cortex-A53"), Map.entry("0x41/0xd05", "ARM Cortex-A55"),
        Map.entry("0x41/0xd07", "ARM Cortex-A57"), Map.entry("0x41/0xd08", "ARM Cortex-A72"),
        Map.entry("0x41/0xd0b", "ARM Cortex-A76"), Map.entry("0x41/0xd0c", "ARM Neoverse N1"),
        Map.entry("0x41/0xd40", "ARM Neoverse V1"), Map.entry("0x41/0xd49", "ARM Neoverse N2"),
        Map.entry("0x41/0xd4f", "ARM Neoverse V2"), Map.entry("0x41/0xd8e", "ARM Neoverse N3"),
        Map.entry("0xc0/0xac3", "Ampere AmpereOne"), Map.entry("0x61/0x022", "Apple M1"),
        Map.entry("0x48/0xd01", "HiSilicon Kunpeng 920"));

    private ArmParts() {
    }

    static String name(String implementer, String part) {
      if (implementer == null || part == null) {
        return null;
      }
      String key = implementer.toLowerCase(Locale.ROOT) + "/" + part.toLowerCase(Locale.ROOT);
      return Optional.ofNullable(NAMES.get(key))
          .orElse("arm64 CPU (implementer " + implementer + ", part " + part + ")");
    }
  }
}
