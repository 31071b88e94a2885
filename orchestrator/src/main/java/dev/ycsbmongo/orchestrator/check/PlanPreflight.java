package dev.ycsbmongo.orchestrator.check;

import com.sun.management.UnixOperatingSystemMXBean;
import dev.ycsbmongo.orchestrator.connections.ConnectionStress;
import dev.ycsbmongo.orchestrator.connections.ConnectionStressRun;
import dev.ycsbmongo.orchestrator.plan.Backend;
import dev.ycsbmongo.orchestrator.plan.ConnectionKeys;
import dev.ycsbmongo.orchestrator.plan.Matrix;
import dev.ycsbmongo.orchestrator.plan.Phase;
import dev.ycsbmongo.orchestrator.plan.PhaseKind;
import dev.ycsbmongo.orchestrator.plan.Target;
import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Checks made before a plan runs anything, so a study is refused at its start rather than failing
 * halfway: every connection-stress cell must fit this machine's limits ({@code ulimit -n}, the
 * ephemeral port range), or on Kubernetes each client pod's share of it must, each named with the
 * setting to change; and client pods must be able to reach their target.
 */
public final class PlanPreflight {

  /**
   * The embedded test server runs inside the orchestrator and accepts connections under the
   * orchestrator's own open-files limit; this many files stay for the JVM, the data and the client.
   */
  static final long EMBEDDED_FILE_HEADROOM = 1_000;
  /** Where an embedded target will listen is known only once it starts: any loopback address plans alike. */
  private static final String EMBEDDED_STAND_IN = "mongodb://127.0.0.1:27017/";

  private PlanPreflight() {
  }

  /** One line per connection-stress cell that cannot run here, naming the phase; empty when all fit. */
  public static List<String> connectionProblems(Matrix matrix) {
    java.util.Set<String> cells = new java.util.HashSet<>();
    return cellProblems(matrix).entrySet().stream().filter(e -> cells.add(cellKey(e.getKey())))
        .map(e -> "phase " + e.getKey().id() + ": " + e.getValue()).toList();
  }

  /** Phases alike in this (repetitions of a cell) plan alike. */
  private static String cellKey(Phase p) {
    return p.target() + "|" + p.connectionSettings() + "|" + p.clients() + "|" + p.distribution().backend();
  }

  /**
   * Every connection-stress cell that cannot run here, with why, in plan order: the same problem for
   * each repetition of a cell (they plan alike and are judged once).
   */
  public static Map<Phase, String> cellProblems(Matrix matrix) {
    Map<String, Optional<String>> seen = new LinkedHashMap<>();
    Map<Phase, String> problems = new LinkedHashMap<>();
    for (Phase p : matrix.phases()) {
      if (p.kind() != PhaseKind.CONNECTIONS) {
        continue;
      }
      Target t = matrix.plan().target(p.target()).orElseThrow();
      Optional<String> problem = seen.computeIfAbsent(cellKey(p), k -> connectionProblem(p, t));
      problem.ifPresent(msg -> problems.put(p, msg));
    }
    return problems;
  }

  /** Why this connection-stress cell cannot run here (an OS limit, named with the setting to change), if so. */
  public static Optional<String> connectionProblem(Phase p, Target t) {
    if (p.distribution().backend() == Backend.KUBERNETES) {
      return podProblem(p, t.isEmbedded() ? EMBEDDED_STAND_IN : t.uri());
    }
    // local clients share this machine: its ports (one range per source address) hold all the
    // connections, whatever the clients; files are per process, and the stress spreads its
    // connections over as many worker processes as the open-files limit needs
    Optional<String> problem = t.isEmbedded() ? embeddedProblem(p) : check(p, t.uri());
    if (t.isEmbedded() && problem.isEmpty()) {
      problem = check(p, EMBEDDED_STAND_IN);
    }
    return problem;
  }

  /** Problems that would stop the phase halfway (an OS limit), before any phase of the plan runs. */
  private static Optional<String> check(Phase phase, String uri) {
    return ConnectionStressRun.check(uri, phase.connectionStress(), ConnectionStress.Options.defaults());
  }

  /**
   * A client pod's share of a connection-stress cell on Kubernetes: {@code connections.count} is split over
   * the clients, each pod with its own ports and files. The pods' limits are not known here; this machine's
   * (the same image's JVM, a node's default limits) stand in for them.
   */
  private static Optional<String> podProblem(Phase p, String uri) {
    ConnectionKeys.Settings all = p.connectionStress();
    int clients = p.clients();
    int share = (all.count() + clients - 1) / clients;
    ConnectionKeys.Settings one = new ConnectionKeys.Settings(share, all.ratePerSecond() / clients, all.hold(),
        all.timeout(), all.to());
    return ConnectionStress.check(uri, one, ConnectionStress.Options.defaults()).map(problem -> String.format(
        java.util.Locale.ROOT, "each of %,d client pods takes %,d of %s %,d (judged by this machine's limits, as a"
            + " pod's are not known here): %s; or raise clients", clients, share, ConnectionKeys.COUNT, all.count(),
        problem));
  }

  /**
   * Cells whose client pods could not reach their target: an embedded test server, or a connection string
   * naming only this machine's loopback, listens where no pod of a cluster can connect. One line per target.
   */
  public static List<String> distributionProblems(Matrix matrix) {
    Map<String, String> problems = new LinkedHashMap<>();
    for (Phase p : matrix.phases()) {
      if (p.distribution().backend() != Backend.KUBERNETES || problems.containsKey(p.target())) {
        continue;
      }
      Target t = matrix.plan().target(p.target()).orElseThrow();
      if (t.isEmbedded() || onlyLoopback(t.uri())) {
        problems.put(p.target(), "phase " + p.id() + ": target " + t.name() + " (" + t.maskedUri() + ") is on this"
            + " machine's loopback, which client pods on Kubernetes cannot reach; give a connection string the"
            + " cluster can reach, or run the clients here (execution.backend: local)");
      }
    }
    return List.copyOf(problems.values());
  }

  /** True when every host of a {@code mongodb://} connection string is a loopback name or address. */
  public static boolean onlyLoopback(String uri) {
    if (!uri.startsWith("mongodb://")) {
      return false;  // mongodb+srv:// names hosts only in DNS
    }
    List<String> hosts;
    try {
      hosts = new com.mongodb.ConnectionString(uri).getHosts();
    } catch (RuntimeException e) {
      return false;  // the loader has reported a bad string already
    }
    return !hosts.isEmpty() && hosts.stream().map(h -> h.toLowerCase(java.util.Locale.ROOT)).allMatch(h ->
        h.startsWith("localhost") || h.startsWith("127.") || h.startsWith("[::1]") || h.equals("::1"));
  }

  private static Optional<String> embeddedProblem(Phase p) {
    int count = p.connectionStress().count();
    long limit = openFilesLimit();
    if (count > limit - EMBEDDED_FILE_HEADROOM) {
      return Optional.of(String.format(java.util.Locale.ROOT, "%s %,d is more than the embedded test server can accept:"
          + " it runs inside the orchestrator, whose open-files limit (ulimit -n) is %,d; raise it, or lower the"
          + " count (it is per server: several scripts/embedded-mongo servers in the target's uri,"
          + " mongodb://127.0.0.1:P1,127.0.0.1:P2/, each take it)",
          ConnectionKeys.COUNT, count, limit));
    }
    return Optional.empty();
  }

  private static long openFilesLimit() {
    return ManagementFactory.getOperatingSystemMXBean() instanceof UnixOperatingSystemMXBean unix
        ? unix.getMaxFileDescriptorCount() : Long.MAX_VALUE;
  }
}
