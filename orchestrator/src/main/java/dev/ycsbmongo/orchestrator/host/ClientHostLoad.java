package dev.ycsbmongo.orchestrator.host;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * What the client host was and did during one cell. Shares are fractions of every online core over
 * the cell (0.61 = 61% of the cores' time); a field is null where the host did not tell (not Linux,
 * no /proc/stat in a container). "Ours" is this orchestrator's process tree: its JVM, the YCSB JVMs it
 * started and a local embedded server; "others" is the machine's busy time less ours.
 *
 * @param cpuModel the CPU's name
 * @param cores online cores
 * @param effectiveCores the cores this process may keep busy (its affinity and cgroup quota), when fewer than {@code cores} a container's limit
 * @param loadAverageStart the 1-minute load average when the cell started
 * @param loadAverageEnd the same when it ended
 * @param seconds how long the watch ran
 * @param busyShare the machine's busy time (every process, ours included)
 * @param ourShare our process tree's CPU time
 * @param othersShare every other process's: busy less ours, never below 0
 * @param stealShare time the hypervisor gave to other guests while this one had work
 * @param peakOthersShare other processes' largest share over any {@value HostWatch#PEAK_WINDOW_SECONDS}-second window;
 *     null for a cell shorter than that
 */
public record ClientHostLoad(String cpuModel, Integer cores, Double effectiveCores, Double loadAverageStart,
    Double loadAverageEnd, Double seconds, Double busyShare, Double ourShare, Double othersShare, Double stealShare,
    Double peakOthersShare) {

  /**
   * One line for summary.md, e.g. {@code client host: AMD EPYC, 2 cores; load 1.15 -> 3.23; other
   * processes 61% of the cores (peak 80% over 5 s), ours 35%, steal 0%}.
   */
  public String describe() {
    StringBuilder s = new StringBuilder("client host: ").append(cpuModel == null ? "unknown CPU" : cpuModel);
    if (cores != null) {
      s.append(", ").append(cores).append(cores == 1 ? " core" : " cores");
      if (effectiveCores != null && effectiveCores < cores) {
        s.append(String.format(Locale.ROOT, " (%s usable)", number(effectiveCores)));
      }
    }
    s.append("; load ").append(loadAverageStart == null ? "unknown" : number(loadAverageStart))
        .append(" -> ").append(loadAverageEnd == null ? "unknown" : number(loadAverageEnd));
    if (othersShare == null && ourShare == null && stealShare == null) {
      return s.append("; CPU use unknown").toString();
    }
    List<String> parts = new ArrayList<>();
    if (othersShare != null) {
      parts.add("other processes " + percent(othersShare) + " of the cores"
          + (peakOthersShare == null ? "" : " (peak " + percent(peakOthersShare) + " over "
              + HostWatch.PEAK_WINDOW_SECONDS + " s)"));
    }
    if (ourShare != null) {
      parts.add("ours " + percent(ourShare));
    }
    if (stealShare != null) {
      parts.add("steal " + percent(stealShare));
    }
    return s.append("; ").append(String.join(", ", parts)).toString();
  }

  /** A share as a percentage: whole above 10%, one decimal below (so 0.4% is not read as none). */
  static String percent(double share) {
    double p = share * 100;
    return p >= 9.95 || p == 0 ? String.format(Locale.ROOT, "%.0f%%", p) : String.format(Locale.ROOT, "%.1f%%", p);
  }

  private static String number(double v) {
    return v == Math.rint(v) ? String.format(Locale.ROOT, "%.0f", v) : String.format(Locale.ROOT, "%.2f", v);
  }
}
