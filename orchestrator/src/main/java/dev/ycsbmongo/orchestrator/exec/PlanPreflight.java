package dev.ycsbmongo.orchestrator.exec;

import com.sun.management.UnixOperatingSystemMXBean;
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
 * ephemeral port range), each named with the setting to change.
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
    Map<String, String> seen = new LinkedHashMap<>();
    List<String> problems = new ArrayList<>();
    for (Phase p : matrix.phases()) {
      if (p.kind() != PhaseKind.CONNECTIONS) {
        continue;
      }
      String key = p.target() + "|" + p.connectionSettings();
      if (seen.containsKey(key)) {
        continue;  // repetitions of a cell plan alike
      }
      Target t = matrix.plan().target(p.target()).orElseThrow();
      Optional<String> problem = t.isEmbedded() ? embeddedProblem(p) : ConnectionPhase.check(p, t.uri());
      if (t.isEmbedded() && problem.isEmpty()) {
        problem = ConnectionPhase.check(p, EMBEDDED_STAND_IN);
      }
      seen.put(key, problem.orElse(""));
      problem.ifPresent(msg -> problems.add("phase " + p.id() + ": " + msg));
    }
    return problems;
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
