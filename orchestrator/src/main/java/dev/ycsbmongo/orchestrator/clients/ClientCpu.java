package dev.ycsbmongo.orchestrator.clients;

import java.lang.management.ManagementFactory;
import java.lang.management.OperatingSystemMXBean;
import java.time.Duration;

/**
 * A client's own CPU: measured in the client JVM for its summary frame, turned into per-operation
 * figures when its cell is merged, and the rule that notes a client which may have been the
 * bottleneck. A benchmark whose client is saturated measures the client, not the server: a client
 * is noted when its CPU time over its run is at least {@value #SATURATED} of its run time times its
 * cores (nearly every core busy all along). The CPU time is the whole JVM's, its start and JIT
 * warm-up included, so on a run of a few seconds the share reads a little high; the note says "may".
 */
public final class ClientCpu {

  /** CPU time / (run time x cores) from which a client is noted as possibly the bottleneck. */
  public static final double SATURATED = 0.9;

  private ClientCpu() {
  }

  /**
   * This JVM's CPU time so far (user + system, all threads), in ms; null when the JVM cannot tell.
   * The platform MXBean first (it reads the OS's process accounting), the process handle otherwise.
   */
  static Long processCpuMillis() {
    OperatingSystemMXBean os = ManagementFactory.getOperatingSystemMXBean();
    if (os instanceof com.sun.management.OperatingSystemMXBean sun) {
      long nanos = sun.getProcessCpuTime();
      if (nanos >= 0) {
        return nanos / 1_000_000;
      }
    }
    return ProcessHandle.current().info().totalCpuDuration().map(Duration::toMillis).orElse(null);
  }

  /** The processors this JVM may use: in a container or pod, its CPU limit rounded up. */
  static int cores() {
    return Runtime.getRuntime().availableProcessors();
  }

  /** CPU µs per successful operation; null when the CPU time is unknown or there was no operation. */
  static Double microsPerOperation(Long cpuMillis, long operations) {
    return cpuMillis == null || operations <= 0 ? null : cpuMillis * 1000.0 / operations;
  }

  /** CPU time / (run time x cores); null when either is unknown or the run took no time. */
  static Double shareOfCores(Long cpuMillis, long runtimeMillis, Integer cores) {
    return cpuMillis == null || cores == null || runtimeMillis <= 0 ? null
        : (double) cpuMillis / ((double) runtimeMillis * cores);
  }

  /** Whether a client with this share of its cores is noted (null: unknown, never noted). */
  public static boolean saturated(Double shareOfCores) {
    return shareOfCores != null && shareOfCores >= SATURATED;
  }
}
