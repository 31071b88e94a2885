package dev.ycsbmongo.orchestrator;

import java.io.IOException;
import java.net.InetAddress;
import java.util.Map;

/** The name records and frames give this host: a pod's name on Kubernetes ({@code HOSTNAME}), else the host's own. */
public final class HostName {

  private HostName() {
  }

  /** From {@code env}'s {@code HOSTNAME} (a pod's name), else the local host's name, else {@code unknown}. */
  public static String of(Map<String, String> env) {
    String fromEnv = env.get("HOSTNAME");
    if (fromEnv != null && !fromEnv.isBlank()) {
      return fromEnv.strip();
    }
    try {
      return InetAddress.getLocalHost().getHostName();
    } catch (IOException e) {
      return "unknown";
    }
  }
}
