package dev.ycsbmongo.orchestrator.connections;

import java.io.BufferedReader;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/** The kernel's ephemeral port range, {@code net.ipv4.ip_local_port_range}. */
record PortRange(int low, int high) {

  static final Path PROC_FILE = Path.of("/proc/sys/net/ipv4/ip_local_port_range");

  PortRange {
    if (low < 1 || high > 65535 || low > high) {
      throw new IllegalArgumentException("not a port range: " + low + " " + high);
    }
  }

  int size() {
    return high - low + 1;
  }

  /** How sysctl shows it: {@code 32768 60999}. */
  @Override
  public String toString() {
    return low + " " + high;
  }

  static PortRange parse(String text) {
    String[] parts = text.strip().split("\\s+");
    if (parts.length != 2) {
      throw new IllegalArgumentException("not a port range: '" + text.strip() + "'");
    }
    return new PortRange(Integer.parseInt(parts[0]), Integer.parseInt(parts[1]));
  }

  /** This machine's range; empty where there is no such file (not Linux). */
  static Optional<PortRange> ofThisMachine() {
    try {
      // Files.readString trusts the size /proc reports (0) and reads a single byte here
      try (BufferedReader r = Files.newBufferedReader(PROC_FILE)) {
        String line = r.readLine();
        return line == null ? Optional.empty() : Optional.of(parse(line));
      }
    } catch (IOException | IllegalArgumentException e) {
      return Optional.empty();
    }
  }
}
