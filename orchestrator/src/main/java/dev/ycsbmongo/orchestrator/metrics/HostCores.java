package dev.ycsbmongo.orchestrator.metrics;

import org.bson.Document;

/**
 * The server host's logical cores, from {@code hostInfo.system.numCores}: what CPU time is
 * normalised by. The embedded server answers {@code hostInfo} without {@code system.numCores}.
 *
 * @param cores null when unknown
 * @param absentReason why cores is null; null when it is known
 */
public record HostCores(Integer cores, String absentReason) {

  public static HostCores parse(Document hostInfo) {
    Object cores = hostInfo.get("system") instanceof Document system ? system.get("numCores") : null;
    return cores instanceof Number n && n.intValue() > 0 ? new HostCores(n.intValue(), null)
        : new HostCores(null, "hostInfo has no system.numCores");
  }

  public static HostCores failed(String message) {
    return new HostCores(null, "hostInfo failed: " + message);
  }
}
