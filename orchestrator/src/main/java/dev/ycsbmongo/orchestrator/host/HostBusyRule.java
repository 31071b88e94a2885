package dev.ycsbmongo.orchestrator.host;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * When a cell's client host was too busy for its figures to describe the target alone: other
 * processes used more than {@code maxOthersShare} of the cores over the cell, or the hypervisor stole
 * more than {@code maxStealShare} of them. Judged on the whole cell's shares (what moves a cell's mean),
 * not on its peak. Unknown shares never make a host busy.
 *
 * @param maxOthersShare the most of the cores other processes may use, as a fraction
 * @param maxStealShare the most steal time, as a fraction of the cores
 */
public record HostBusyRule(double maxOthersShare, double maxStealShare) {

  /**
   * 25% of the cores for other processes, 10% for steal: docs/verdicts.md argues them. A quarter of
   * the cores is one whole core on a 4-core client and half of one on a 2-core client, well above
   * what an idle desktop or CI runner does in the background; steal of 10% means the VM was held off
   * its cores one tick in ten.
   */
  public static final HostBusyRule DEFAULT = new HostBusyRule(0.25, 0.10);

  public HostBusyRule {
    if (!(maxOthersShare > 0 && maxOthersShare <= 1) || !(maxStealShare > 0 && maxStealShare <= 1)) {
      throw new IllegalArgumentException("host-busy limits are shares of the cores, above 0 and at most 1: others "
          + maxOthersShare + ", steal " + maxStealShare);
    }
  }

  /**
   * The cause, e.g. {@code client host busy: other processes used 61% of the cores (limit 25%)} or
   * {@code client host busy: steal time 18% of the cores (limit 10%)}, both joined by "and"; empty when
   * the host was not busy or its load is unknown.
   */
  public Optional<String> cause(ClientHostLoad load) {
    if (load == null) {
      return Optional.empty();
    }
    List<String> found = new ArrayList<>();
    if (load.othersShare() != null && load.othersShare() > maxOthersShare) {
      found.add("other processes used " + ClientHostLoad.percent(load.othersShare()) + " of the cores (limit "
          + ClientHostLoad.percent(maxOthersShare) + ")");
    }
    if (load.stealShare() != null && load.stealShare() > maxStealShare) {
      found.add("steal time " + ClientHostLoad.percent(load.stealShare()) + " of the cores (limit "
          + ClientHostLoad.percent(maxStealShare) + ")");
    }
    return found.isEmpty() ? Optional.empty() : Optional.of("client host busy: " + String.join(" and ", found));
  }
}
