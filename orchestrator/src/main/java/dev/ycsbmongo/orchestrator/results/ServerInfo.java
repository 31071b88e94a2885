package dev.ycsbmongo.orchestrator.results;

/**
 * What the target said it is, probed once per target and run.
 *
 * @param version {@code buildInfo.version}, or null when the probe failed
 * @param topology {@code standalone}, {@code replica set}, {@code sharded}, or {@code unknown}
 * @param members replica-set members from {@code hello}/{@code isMaster} hosts + passives, null otherwise
 * @param embedded true for the in-JVM test server: figures describe the client, not MongoDB
 * @param probeError why the probe failed, null when it worked
 */
public record ServerInfo(String version, String topology, Integer members, boolean embedded, String probeError) {

  /** One readable phrase: "MongoDB 7.0.14, replica set of 3" or "5.0.0, standalone (embedded test server)". */
  public String describe() {
    StringBuilder b = new StringBuilder(version == null ? "version unknown" : version);
    b.append(", ").append(topology);
    if (members != null) {
      b.append(" of ").append(members);
    }
    if (embedded) {
      b.append(" (embedded test server, not MongoDB)");
    }
    return b.toString();
  }
}
