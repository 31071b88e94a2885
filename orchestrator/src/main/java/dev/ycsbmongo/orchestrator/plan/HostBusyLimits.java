package dev.ycsbmongo.orchestrator.plan;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The plan's {@code execution.acceptance.hostBusy}: how much of the client host's cores other processes
 * and the hypervisor may take during a measured cell before its figures are set apart as measured on a
 * busy host. Shares of every core's time (0.25 = a quarter of the cores); {@link Double#POSITIVE_INFINITY}
 * is a limit switched off. The rule itself is the {@code host} package's {@code HostBusyRule}.
 *
 * @param maxOthersShare the most of the cores other processes may use over the cell
 * @param maxStealShare the most steal time, as a share of the cores
 */
public record HostBusyLimits(double maxOthersShare, double maxStealShare) {

  /** Both limits off: no cell is judged on its client host. */
  public static final HostBusyLimits OFF = new HostBusyLimits(Double.POSITIVE_INFINITY, Double.POSITIVE_INFINITY);

  public HostBusyLimits {
    if (!(maxOthersShare > 0 && (maxOthersShare <= 1 || Double.isInfinite(maxOthersShare)))
        || !(maxStealShare > 0 && (maxStealShare <= 1 || Double.isInfinite(maxStealShare)))) {
      throw new IllegalArgumentException("host-busy limits are shares of the cores above 0% and at most 100%, or off:"
          + " others " + maxOthersShare + ", steal " + maxStealShare);
    }
  }

  public static HostBusyLimits defaults() {
    return new HostBusyLimits(Defaults.HOST_BUSY_OTHERS, Defaults.HOST_BUSY_STEAL);
  }

  /** True when neither limit can judge a cell. */
  public boolean off() {
    return Double.isInfinite(maxOthersShare) && Double.isInfinite(maxStealShare);
  }

  /** As a plan writes it: {@code off}, or {@code {others=25%, steal=10%}}. */
  public Object asPlanValue() {
    if (off()) {
      return "off";
    }
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("others", Acceptance.formatLimit(maxOthersShare));
    m.put("steal", Acceptance.formatLimit(maxStealShare));
    return m;
  }
}
