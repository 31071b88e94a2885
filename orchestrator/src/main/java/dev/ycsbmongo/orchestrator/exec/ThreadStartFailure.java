package dev.ycsbmongo.orchestrator.exec;

import dev.ycsbmongo.orchestrator.plan.Phase;
import dev.ycsbmongo.orchestrator.process.HostLimits;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * A child JVM that could not start a thread (a cgroup's {@code pids.max}, {@code ulimit -u}, memory): its main
 * thread may die with YCSB's terminator never started, leaving a phase that measures nothing until it is killed, so
 * the first such line a child writes ends the phase at once, and the cause names the host's limit.
 */
final class ThreadStartFailure {

  /** What the JVM writes when it cannot start a thread, each as the reason the cause repeats. */
  private static final List<String> SIGNS = List.of("unable to create native thread", "Cannot create worker GC thread",
      "Cannot create GC thread", "pthread_create failed");

  private ThreadStartFailure() {
  }

  /** The reason when {@code line} says a thread could not be started. */
  static Optional<String> reason(String line) {
    if (line.contains("unable to create new native thread")) {
      return Optional.of(SIGNS.get(0));  // JDK 8's words for the same
    }
    return SIGNS.stream().filter(line::contains).findFirst();
  }

  /**
   * The phase's cause: who could not start its threads, how many were asked, and what this host allows (read after
   * the child was ended, so the threads it held are counted free again).
   *
   * @param who {@code "client"}, or {@code "client 2"} of a cell of several
   */
  static String cause(String who, String reason, Phase phase, HostLimits host) {
    return cause(who, reason, phase.clients(), phase.threads(), host);
  }

  /** As {@link #cause(String, String, Phase, HostLimits)}, for {@code clients} JVMs of {@code threads} threads each. */
  static String cause(String who, String reason, int clients, int threads, HostLimits host) {
    String asked = clients == 1 ? String.format(Locale.ROOT, "%,d threads asked", threads)
        : String.format(Locale.ROOT, "%,d clients x %,d threads asked", clients, threads);
    String allows = host.threadCeiling(clients).map(c -> String.format(Locale.ROOT,
        "this host allows at most %,d (%s)", Math.max(0, c.threads()), c.reason()))
        .orElse("no limit of this host is known");
    return who + " could not start its threads (" + reason + "): " + asked + "; " + allows;
  }
}
