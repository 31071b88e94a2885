package dev.ycsbmongo.orchestrator.connections;

import com.sun.management.UnixOperatingSystemMXBean;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.OperatingSystemMXBean;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/**
 * The limits of this machine that decide how connections must be spread.
 *
 * @param maxOpenFiles the open-files limit of one process ({@code ulimit -n}, as the JVM sees it: HotSpot
 *     raises the soft limit to the hard one at start-up, and workers inherit the same)
 * @param portRange the ephemeral port range, null when unknown
 * @param memAvailableBytes MemAvailable from /proc/meminfo, null when unknown
 */
record LocalLimits(long maxOpenFiles, PortRange portRange, Long memAvailableBytes) {

  static LocalLimits ofThisMachine() {
    OperatingSystemMXBean os = ManagementFactory.getOperatingSystemMXBean();
    long files = os instanceof UnixOperatingSystemMXBean unix ? unix.getMaxFileDescriptorCount() : Long.MAX_VALUE;
    return new LocalLimits(files, PortRange.ofThisMachine().orElse(null), memAvailable().orElse(null));
  }

  private static Optional<Long> memAvailable() {
    try {
      for (String line : Files.readAllLines(Path.of("/proc/meminfo"))) {
        if (line.startsWith("MemAvailable:")) {
          return Optional.of(Long.parseLong(line.replaceAll("[^0-9]", "")) * 1024);
        }
      }
    } catch (IOException | NumberFormatException e) {
      // not Linux: no memory check
    }
    return Optional.empty();
  }
}
