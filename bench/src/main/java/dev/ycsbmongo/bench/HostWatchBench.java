package dev.ycsbmongo.bench;

import dev.ycsbmongo.orchestrator.host.ClientHostLoad;
import dev.ycsbmongo.orchestrator.host.HostWatch;
import dev.ycsbmongo.orchestrator.host.ProcHost;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * What the client-host watch costs: one reading (the machine's /proc/stat and a scan of every
 * process's /proc/[pid]/stat for our tree, what the watch does once a second) in CPU and wall time,
 * median of {@value #SAMPLES} readings after {@value #SAMPLES} warm-up ones, with the machine's own
 * processes and with {@code extra} idle {@code sleep} processes added (the scan is one file per
 * process); a cell's fixed cost (start and finish: CPU model, cores, quota, load); and finding the
 * process listening on a port (this JVM's own socket: a scan of every process's descriptors). Usage:
 * {@code HostWatchBench [extra...]} (default 0 1000). Run by {@code bench/host-watch.sh}.
 */
public final class HostWatchBench {

  static final int SAMPLES = 300;

  private HostWatchBench() {
  }

  public static void main(String[] args) throws Exception {
    int[] extras = args.length == 0 ? new int[] {0, 1000} : Arrays.stream(args).mapToInt(Integer::parseInt).toArray();
    ThreadMXBean threads = ManagementFactory.getThreadMXBean();
    ProcHost host = ProcHost.current();
    System.out.println("extra_processes  processes  reading_cpu_us(median)  reading_wall_us(median)"
        + "  reading_cpu_us(p90)  share_of_one_core_at_1/s  cell_start_finish_cpu_us  listener_lookup_ms");
    for (int extra : extras) {
      List<Process> sleepers = new ArrayList<>();
      try {
        for (int i = 0; i < extra; i++) {
          sleepers.add(new ProcessBuilder("sleep", "600").start());
        }
        for (int i = 0; i < SAMPLES; i++) {
          read(host);
        }
        long[] cpu = new long[SAMPLES];
        long[] wall = new long[SAMPLES];
        for (int i = 0; i < SAMPLES; i++) {
          long c0 = threads.getCurrentThreadCpuTime();
          long w0 = System.nanoTime();
          read(host);
          wall[i] = System.nanoTime() - w0;
          cpu[i] = threads.getCurrentThreadCpuTime() - c0;
        }
        Arrays.sort(cpu);
        Arrays.sort(wall);
        long c0 = threads.getCurrentThreadCpuTime();
        int cells = 20;
        for (int i = 0; i < cells; i++) {
          // start reads the fixed figures and one sample, finish one more; no second passes, so no timed sample
          try (HostWatch w = HostWatch.start(host)) {
            ClientHostLoad unused = w.finish();
          }
        }
        double cellUs = (threads.getCurrentThreadCpuTime() - c0) / 1e3 / cells;
        double medianUs = cpu[SAMPLES / 2] / 1e3;
        double lookupMs;
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
          long l0 = System.nanoTime();
          if (host.listener(socket.getLocalPort()).isEmpty()) {
            throw new IllegalStateException("this JVM's own listening socket not found");
          }
          lookupMs = (System.nanoTime() - l0) / 1e6;
        }
        System.out.printf(Locale.ROOT, "%15d  %9d  %22.0f  %23.0f  %19.0f  %23.2f%%  %24.0f  %18.1f%n", extra,
            processes(), medianUs, wall[SAMPLES / 2] / 1e3, cpu[SAMPLES * 9 / 10] / 1e3, medianUs / 1e6 * 100, cellUs,
            lookupMs);
      } finally {
        for (Process p : sleepers) {
          p.destroyForcibly();
        }
        for (Process p : sleepers) {
          p.waitFor();
        }
      }
    }
  }

  private static void read(ProcHost host) {
    if (host.hostTimes() == null || host.treeTicks() == null) {
      throw new IllegalStateException("no /proc here: nothing to measure");
    }
  }

  private static int processes() throws IOException {
    int n = 0;
    try (DirectoryStream<Path> dirs = Files.newDirectoryStream(Path.of("/proc"), p -> p.getFileName().toString()
        .chars().allMatch(Character::isDigit))) {
      for (Path unused : dirs) {
        n++;
      }
    }
    return n;
  }
}
