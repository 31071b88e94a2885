package dev.ycsbmongo.orchestrator.connections;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** This process's resident memory from /proc/self/status: the figure a connection's memory cost is taken from. */
final class ProcStatus {

  private static final Path FILE = Path.of("/proc/self/status");

  private ProcStatus() {
  }

  /** Resident set size now (VmRSS), null where there is no /proc. */
  static Long rssBytes() {
    return field("VmRSS:");
  }

  /** Peak resident set size (VmHWM), null where there is no /proc. */
  static Long peakRssBytes() {
    return field("VmHWM:");
  }

  /**
   * The largest of VmHWM and the RSS readings taken: the kernel refreshes VmHWM only on some events
   * (not when a collector hands pages back with madvise), so it can read below an earlier VmRSS.
   */
  static Long peakOf(Long hwm, Long... rssReadings) {
    Long peak = hwm;
    for (Long r : rssReadings) {
      if (r != null && (peak == null || r > peak)) {
        peak = r;
      }
    }
    return peak;
  }

  static Long parseKib(String status, String name) {
    for (String line : status.split("\n")) {
      if (line.startsWith(name)) {
        String digits = line.substring(name.length()).replaceAll("[^0-9]", "");
        return digits.isEmpty() ? null : Long.parseLong(digits) * 1024;
      }
    }
    return null;
  }

  private static Long field(String name) {
    try {
      // read as lines: Files.readString trusts the size /proc reports (0)
      return parseKib(String.join("\n", Files.readAllLines(FILE)), name);
    } catch (IOException e) {
      return null;
    }
  }
}
