package dev.ycsbmongo.orchestrator.connections;

import dev.ycsbmongo.orchestrator.plan.ConnectionKeys;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Decides, before anything is opened, how {@code connections.count} connections to each server
 * (count x servers in all) are spread over worker JVMs and source addresses so that each stays
 * within this machine's limits, or refuses with one line naming the limit that stands in the way.
 * Pure: the servers (the URI's hosts, or the primary alone) and the limits come in as values, so
 * every case is unit-tested.
 *
 * <p>The port model: a socket bound to a source address with port 0 takes a port no other socket
 * on that address holds, whatever its destination, so one source address gives one port range in
 * all; an unbound socket takes a port unique per destination, so the kernel's choice gives one
 * range per target host. Binding also takes the port away from every other program's outgoing
 * connections on this machine while it is held, which is why auto binds only when it must.
 */
public final class ConnectionStressPlanner {

  /** Ports left free per source address for the orchestrator's own connections and other programs. */
  static final int RESERVED_PORTS = 500;
  /** What one worker JVM may take ({@code -Xmx256m} plus native memory), for the worker-count check. */
  static final long WORKER_MEMORY_BYTES = 320L << 20;
  static final String WIDER_RANGE = "10240 65535";

  private ConnectionStressPlanner() {
  }

  /** Files a worker keeps for itself (jars, pipes, epoll): what is left of {@code ulimit -n} holds connections. */
  static long workerOwnFiles(long maxOpenFiles) {
    return 200 + maxOpenFiles / 20;
  }

  /**
   * @param hosts the servers that each take {@code settings.count()} connections: every host of the
   *     URI, or the primary alone ({@code connections.to})
   */
  static ConnectionPlan plan(ConnectionKeys.Settings settings, List<TargetHost> hosts, LocalLimits limits,
      ConnectionStress.Options options) throws ConnectionLimitException {
    if (hosts.isEmpty()) {
      throw new IllegalArgumentException("no target hosts");
    }
    long total = (long) settings.count() * hosts.size();
    if (total > Integer.MAX_VALUE) {
      throw new ConnectionLimitException(String.format(Locale.ROOT, "%s makes %,d connections, more than one run can"
          + " count: lower connections.count", countText(settings.count(), hosts.size()), total));
    }
    int n = (int) total;
    String what = countText(settings.count(), hosts.size());
    long perProcess = limits.maxOpenFiles() == Long.MAX_VALUE ? Integer.MAX_VALUE
        : limits.maxOpenFiles() - workerOwnFiles(limits.maxOpenFiles());
    if (perProcess < 1) {
      throw new ConnectionLimitException("ulimit -n " + limits.maxOpenFiles() + " leaves no file for connections in a"
          + " worker JVM (it needs about " + workerOwnFiles(limits.maxOpenFiles()) + " of its own): raise it (ulimit -n"
          + " 65536, or nofile in /etc/security/limits.conf)");
    }
    long perWorker = options.maxPerWorker() == null ? perProcess : Math.min(options.maxPerWorker(), perProcess);
    int workers = (int) ((n + perWorker - 1) / perWorker);
    checkWorkerMemory(what, workers, perWorker, limits);

    long usablePorts = limits.portRange() == null ? Integer.MAX_VALUE
        : Math.max(1, limits.portRange().size() - RESERVED_PORTS);
    long perSource = options.maxPerSourceAddress() == null ? Long.MAX_VALUE : options.maxPerSourceAddress();
    List<String> sources = sourceAddresses(what, n, hosts, limits, usablePorts, perSource, options.sourceAddresses());
    List<List<Slot>> cells = sources.isEmpty() ? List.of(unboundCells(n, hosts)) : boundCells(n, hosts, sources);
    List<WorkerAssignment> assignments = splitOverWorkers(cells, n, workers, settings, options);
    return new ConnectionPlan(n, settings.count(), settings.to(), hosts, sources, assignments,
        describe(limits, perWorker, usablePorts));
  }

  /** {@code connections.count 8000}, or with several servers {@code connections.count 8000 to each of 3 servers (24,000 connections)}. */
  static String countText(int count, int servers) {
    return servers == 1 ? ConnectionKeys.COUNT + " " + count : String.format(Locale.ROOT, "%s %d to each of %d servers"
        + " (%,d connections)", ConnectionKeys.COUNT, count, servers, (long) count * servers);
  }

  private static void checkWorkerMemory(String what, int workers, long perWorker, LocalLimits limits)
      throws ConnectionLimitException {
    if (limits.memAvailableBytes() == null) {
      return;
    }
    long fit = Math.max(1, limits.memAvailableBytes() / WORKER_MEMORY_BYTES);
    if (workers > fit) {
      throw new ConnectionLimitException(String.format(Locale.ROOT, "%s needs %,d worker JVMs of at"
          + " most %,d connections each (ulimit -n %d), but this machine's available memory (MemAvailable %.1f GiB)"
          + " fits about %,d of them at %d MiB each: raise the open-files limit (ulimit -n, or nofile in"
          + " /etc/security/limits.conf) so each worker holds more, or run from several client machines"
          + " (clients: N with execution.backend: kubernetes)", what, workers,
          perWorker, limits.maxOpenFiles(), limits.memAvailableBytes() / (double) (1L << 30), fit,
          WORKER_MEMORY_BYTES >> 20));
    }
  }

  /** The addresses to bind, empty for the kernel's choice; refuses when no choice fits the ports. */
  private static List<String> sourceAddresses(String what, int n, List<TargetHost> hosts, LocalLimits limits, long usablePorts,
      long perSource, SourceAddresses wanted) throws ConnectionLimitException {
    int h = hosts.size();
    long perHost = (n + h - 1) / h;
    boolean unboundFits = perHost <= usablePorts && n <= perSource;
    long boundCap = Math.min(perSource, usablePorts);
    switch (wanted.mode()) {
      case NONE:
        if (perHost > usablePorts) {
          throw portsRefusal(what, h, perHost, limits, "or allow more source addresses");
        }
        if (n > perSource) {
          throw new ConnectionLimitException(String.format(Locale.ROOT, "%s with at most %,d"
              + " connections per source address needs %,d source addresses, but source addresses 'none' leaves the"
              + " choice to the kernel (one address): allow more source addresses (auto on loopback, or a list)", what,
              perSource, (n + perSource - 1) / perSource));
        }
        return List.of();
      case LIST:
        long capacity = boundCap * wanted.addresses().size();
        if (n > capacity) {
          if (boundCap < usablePorts) {
            throw new ConnectionLimitException(String.format(Locale.ROOT, "%s with at most %,d"
                + " connections per source address needs %,d source addresses, but %d are given: give more", what,
                perSource, (n + boundCap - 1) / boundCap, wanted.addresses().size()));
          }
          throw new ConnectionLimitException(String.format(Locale.ROOT, "%s needs %,d local ports,"
              + " but net.ipv4.ip_local_port_range (%s) gives %s and %d source addresses are"
              + " given: widen it (%s), or give more source addresses", what, n, limits.portRange(),
              portsPerAddress(limits.portRange()), wanted.addresses().size(), widenCommand(limits.portRange())));
        }
        return wanted.addresses();
      default:
        if (unboundFits) {
          return List.of();
        }
        if (hosts.stream().allMatch(TargetHost::ipv4Loopback)) {
          return loopbackAddresses((int) ((n + boundCap - 1) / boundCap));
        }
        if (perHost > usablePorts) {
          throw portsRefusal(what, h, perHost, limits, "or give source addresses of this machine (a list)");
        }
        throw new ConnectionLimitException(String.format(Locale.ROOT, "%s with at most %,d"
            + " connections per source address needs %,d source addresses, and only loopback targets get them made"
            + " up: give source addresses of this machine (a list)", what, perSource, (n + perSource - 1) / perSource));
    }
  }

  private static ConnectionLimitException portsRefusal(String what, int hosts, long perHost, LocalLimits limits,
      String lastRemedy) {
    String to = hosts == 1 ? "1 target host" : "each of " + hosts + " target hosts";
    return new ConnectionLimitException(String.format(Locale.ROOT, "%s needs %,d local ports to %s,"
        + " but net.ipv4.ip_local_port_range (%s) gives %s: widen it (%s), lower connections.count, %s", what, perHost, to, limits.portRange(), portsPerAddress(limits.portRange()),
        widenCommand(limits.portRange()), lastRemedy));
  }

  private static String portsPerAddress(PortRange range) {
    return String.format(Locale.ROOT, "%,d per source address (%,d once %d are kept for other connections)",
        range.size(),
        Math.max(1, range.size() - RESERVED_PORTS), RESERVED_PORTS);
  }

  private static String widenCommand(PortRange range) {
    String wider = range.low() > 10240 || range.high() < 65535 ? WIDER_RANGE : "1024 65535";
    return "sysctl -w net.ipv4.ip_local_port_range=\"" + wider + "\"";
  }

  /** 127.0.0.1, 127.0.0.2, ...: all of 127.0.0.0/8 is local on Linux, no configuration needed. */
  static List<String> loopbackAddresses(int count) {
    List<String> out = new ArrayList<>(count);
    for (int i = 1; out.size() < count; i++) {
      int b = (i >> 16) & 0xff;
      int c = (i >> 8) & 0xff;
      int d = i & 0xff;
      if (i >= 1 << 24) {
        throw new IllegalStateException("127.0.0.0/8 exhausted");
      }
      if (d != 0 && d != 255) {
        out.add("127." + b + "." + c + "." + d);
      }
    }
    return out;
  }

  /** n connections over the hosts, evenly: count x hosts, so each host takes the count. */
  private static List<Slot> unboundCells(int n, List<TargetHost> hosts) {
    List<Slot> cells = new ArrayList<>();
    int h = hosts.size();
    for (int i = 0; i < h; i++) {
      int c = n / h + (i < n % h ? 1 : 0);
      if (c > 0) {
        TargetHost t = hosts.get(i);
        cells.add(new Slot(t.name(), t.port(), t.address(), null, c));
      }
    }
    return cells;
  }

  /**
   * n connections over the source addresses evenly, each address's share over the hosts; the hosts
   * that take an address's remainder rotate so every host ends within one of the others.
   */
  private static List<List<Slot>> boundCells(int n, List<TargetHost> hosts, List<String> sources) {
    List<List<Slot>> perSource = new ArrayList<>();
    int k = sources.size();
    int h = hosts.size();
    int offset = 0;
    for (int j = 0; j < k; j++) {
      int quota = n / k + (j < n % k ? 1 : 0);
      List<Slot> cells = new ArrayList<>();
      for (int i = 0; i < h; i++) {
        int extra = Math.floorMod(i - offset, h) < quota % h ? 1 : 0;
        int c = quota / h + extra;
        if (c > 0) {
          TargetHost t = hosts.get(i);
          cells.add(new Slot(t.name(), t.port(), t.address(), sources.get(j), c));
        }
      }
      offset = (offset + quota % h) % h;
      perSource.add(cells);
    }
    return perSource;
  }

  /** Cuts the cells, in order, into {@code workers} nearly equal runs; a worker's slots to the same ends merge. */
  private static List<WorkerAssignment> splitOverWorkers(List<List<Slot>> cellsBySource, int n, int workers,
      ConnectionKeys.Settings settings, ConnectionStress.Options options) {
    List<Slot> cells = cellsBySource.stream().flatMap(List::stream).toList();
    List<WorkerAssignment> out = new ArrayList<>();
    int cell = 0;
    int usedOfCell = 0;
    double rate = settings.ratePerSecond() / workers;
    for (int w = 0; w < workers; w++) {
      int quota = n / workers + (w < n % workers ? 1 : 0);
      Map<String, Slot> slots = new LinkedHashMap<>();
      while (quota > 0) {
        Slot c = cells.get(cell);
        int take = Math.min(quota, c.count() - usedOfCell);
        String key = c.address() + "|" + c.port() + "|" + c.sourceAddress();
        Slot piece = new Slot(c.host(), c.port(), c.address(), c.sourceAddress(), take);
        slots.merge(key, piece, (a, b) -> a.plus(b.count()));
        quota -= take;
        usedOfCell += take;
        if (usedOfCell == c.count()) {
          cell++;
          usedOfCell = 0;
        }
      }
      out.add(new WorkerAssignment(w + 1, List.copyOf(slots.values()), rate, settings.timeout().toMillis(),
          options.maxInFlightPerWorker(), ConnectionStress.PROGRESS_INTERVAL.toMillis()));
    }
    return out;
  }

  private static String describe(LocalLimits limits, long perWorker, long usablePorts) {
    StringBuilder s = new StringBuilder();
    s.append(limits.maxOpenFiles() == Long.MAX_VALUE ? "ulimit -n unknown"
        : "ulimit -n " + limits.maxOpenFiles());
    s.append(String.format(Locale.ROOT, " (%,d connections per worker JVM)", perWorker));
    if (limits.portRange() == null) {
      s.append(", ports unknown (no ").append(PortRange.PROC_FILE).append(')');
    } else {
      s.append(String.format(Locale.ROOT, ", ports %d-%d (%,d per source address, %,d usable)",
          limits.portRange().low(), limits.portRange().high(), limits.portRange().size(), usablePorts));
    }
    return s.toString();
  }
}
