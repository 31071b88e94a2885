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

  /** The source of a count read from the server. */
  public static final String FROM_HOST_INFO = "hostInfo.system.numCores";

  public static HostCores parse(Document hostInfo) {
    Object cores = hostInfo.get("system") instanceof Document system ? system.get("numCores") : null;
    return cores instanceof Number n && n.intValue() > 0 ? new HostCores(n.intValue(), null)
        : new HostCores(null, "hostInfo has no system.numCores");
  }

  public static HostCores failed(String message) {
    return new HostCores(null, "hostInfo failed: " + message);
  }

  /**
   * Where the cores CPU is divided by come from, for the record: the plan's {@code server.cores} (with what
   * hostInfo said, when it said something else) or hostInfo; null when neither gave a count.
   *
   * @param stated the plan's server.cores, or null
   */
  public String source(Integer stated) {
    if (stated == null) {
      return cores == null ? null : FROM_HOST_INFO;
    }
    return dev.ycsbmongo.orchestrator.plan.ServerKeys.CORES + (cores == null || cores.equals(stated) ? ""
        : " (" + FROM_HOST_INFO + ": " + cores + ")");
  }
}
