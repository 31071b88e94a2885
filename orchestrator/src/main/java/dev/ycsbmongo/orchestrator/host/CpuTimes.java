package dev.ycsbmongo.orchestrator.host;

/**
 * The machine's CPU time so far, summed over its online cores, in clock ticks (USER_HZ, the unit of
 * /proc/stat and of a process's /proc/[pid]/stat times alike): the first line of /proc/stat.
 *
 * @param busy user + nice + system + irq + softirq (guest time is inside user already)
 * @param idle idle + iowait (a core waiting on a disk is free for anyone else)
 * @param steal time the hypervisor ran another guest while this one had work
 */
public record CpuTimes(long busy, long idle, long steal) {

  /** Every tick of every online core: the denominator of "a share of the cores". */
  public long total() {
    return busy + idle + steal;
  }

  /** The {@code cpu} line of /proc/stat; null when it is not one or is too short. */
  static CpuTimes parse(String line) {
    String[] f = line.trim().split("\\s+");
    if (f.length < 5 || !f[0].equals("cpu")) {
      return null;
    }
    try {
      long[] v = new long[8];
      for (int i = 0; i < v.length && i + 1 < f.length; i++) {
        v[i] = Long.parseLong(f[i + 1]);
      }
      // user nice system idle iowait irq softirq steal
      return new CpuTimes(v[0] + v[1] + v[2] + v[5] + v[6], v[3] + v[4], v[7]);
    } catch (NumberFormatException e) {
      return null;
    }
  }
}
