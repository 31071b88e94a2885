package dev.ycsbmongo.orchestrator.exec;

import com.mongodb.ConnectionString;
import dev.ycsbmongo.orchestrator.host.HostWatch;
import dev.ycsbmongo.orchestrator.host.ProcHost;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Starts the client host's watch for one cell whose clients run on this host: a server the target names
 * on this host (127.0.0.1, localhost, ::1) is found by the port it listens on and counted as ours, since
 * it is the benchmark's own work, not a neighbour competing with it. The embedded server runs in this JVM
 * and is ours already.
 */
final class ClientHostWatch {

  private ClientHostWatch() {
  }

  /** The watch, started now; finish it when the cell's clients have ended. */
  static HostWatch start(String uri) {
    return HostWatch.start(host(uri));
  }

  static ProcHost host(String uri) {
    ProcHost here = ProcHost.current();
    List<Long> servers = new ArrayList<>();
    for (int port : localPorts(uri)) {
      listener(here, port).filter(pid -> pid != ProcessHandle.current().pid()).ifPresent(servers::add);
    }
    return servers.isEmpty() ? here : here.alsoOurs(servers);
  }

  /**
   * The process listening on {@code port}, remembered: finding it reads every process's descriptors (27-167 ms on
   * this 2-core host under load), which would delay every cell's start. A remembered process that has ended (a
   * restarted server) is looked for again; a port nobody listens on is not remembered, and costs only the read of
   * the socket tables.
   */
  static Optional<Long> listener(ProcHost host, int port) {
    Long known = LISTENERS.get(port);
    if (known != null && ProcessHandle.of(known).map(ProcessHandle::isAlive).orElse(false)) {
      return Optional.of(known);
    }
    Optional<Long> found = host.listener(port);
    found.ifPresentOrElse(pid -> LISTENERS.put(port, pid), () -> LISTENERS.remove(port));
    return found;
  }

  /** By local port, the process last found listening on it (this JVM for an embedded server). */
  private static final Map<Integer, Long> LISTENERS = new ConcurrentHashMap<>();

  /** The ports of the hosts in {@code uri} that are this machine's loopback; none for an SRV or unreadable URI. */
  static List<Integer> localPorts(String uri) {
    List<Integer> ports = new ArrayList<>();
    try {
      ConnectionString cs = new ConnectionString(uri);
      if (cs.isSrvProtocol()) {
        return ports;
      }
      for (String hostPort : cs.getHosts()) {
        parse(hostPort).ifPresent(ports::add);
      }
    } catch (RuntimeException e) {
      // a URI the driver refuses fails the cell elsewhere; the watch just counts no server as ours
    }
    return ports;
  }

  private static Optional<Integer> parse(String hostPort) {
    String host;
    String port;
    if (hostPort.startsWith("[")) {
      int close = hostPort.indexOf(']');
      host = hostPort.substring(1, close);
      port = hostPort.length() > close + 2 ? hostPort.substring(close + 2) : "27017";
    } else {
      int colon = hostPort.lastIndexOf(':');
      host = colon < 0 ? hostPort : hostPort.substring(0, colon);
      port = colon < 0 ? "27017" : hostPort.substring(colon + 1);
    }
    String h = host.toLowerCase(Locale.ROOT);
    if (!h.equals("localhost") && !h.startsWith("127.") && !h.equals("::1")) {
      return Optional.empty();
    }
    try {
      return Optional.of(Integer.parseInt(port));
    } catch (NumberFormatException e) {
      return Optional.empty();
    }
  }
}
