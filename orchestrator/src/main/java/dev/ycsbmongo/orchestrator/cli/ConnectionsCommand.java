package dev.ycsbmongo.orchestrator.cli;

import dev.ycsbmongo.orchestrator.OutputFiles;
import dev.ycsbmongo.orchestrator.connections.ConnectionLimitException;
import dev.ycsbmongo.orchestrator.connections.ConnectionStress;
import dev.ycsbmongo.orchestrator.connections.ConnectionStressRun;
import dev.ycsbmongo.orchestrator.connections.SourceAddresses;
import dev.ycsbmongo.orchestrator.plan.ConnectionKeys;
import dev.ycsbmongo.orchestrator.plan.Durations;
import dev.ycsbmongo.orchestrator.results.ConnectionStressResult;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.function.Function;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.ArgSpec;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code connections --uri URI --count N ...}: one connection stress (study 5) without a plan. */
@Command(name = "connections", mixinStandardHelpOptions = true, showDefaultValues = true,
    defaultValueProvider = ConnectionsCommand.Defaults.class,
    description = {"Opens N connections to a target (each runs one isMaster), holds them, then closes them, spread "
        + "over worker JVMs, target hosts and source addresses as this machine's limits require; refuses up front, "
        + "naming the setting to change, when an OS limit (ulimit -n, net.ipv4.ip_local_port_range) stands in the way.",
        "Prints progress on stderr and a summary on stdout: connections reached (client side) and seen by the server "
            + "(serverStatus), open time, failures by cause, client memory. Plain TCP only: TLS targets are refused."},
    footer = {"", "Examples:",
        "  scripts/orchestrator connections --uri mongodb://127.0.0.1:27017 --count 1000",
        "  scripts/orchestrator connections --uri env:MONGODB_URI --count 20000 --to each --rate 500 --hold 30s",
        "", "Exit status: 0 every connection reached and held, 1 some failed or were dropped, 2 bad input or an "
        + "OS limit in the way (nothing opened)."})
final class ConnectionsCommand implements Callable<Integer> {

  @Spec
  CommandSpec spec;

  @Option(names = "--uri", required = true, paramLabel = "URI|env:NAME", description = "the target's connection "
      + "string; every host it lists is a target host. env:NAME reads it from environment variable NAME, keeping a "
      + "password out of the process list (scripts/orchestrator does that for you)")
  String uri;

  @Option(names = "--count", required = true, paramLabel = "N", description = "connections to open to each server "
      + "--to names (connections.count)")
  String count;

  @Option(names = "--to", paramLabel = "each|primary", description = "each: --count connections to every host the "
      + "URI lists; primary: to the replica set's primary only, found with hello on those hosts (connections.to; "
      + "default: ${DEFAULT-VALUE})")
  String to;

  @Option(names = "--rate", paramLabel = "PER_SECOND", description = "new connections per second over all workers; "
      + "0: as fast as the target accepts, at most --max-in-flight per worker at a time (connections.rate)")
  String rate;

  @Option(names = "--hold", paramLabel = "DURATION", description = "how long to hold them once every attempt has "
      + "ended, e.g. 20s, 5m (connections.hold)")
  String hold;

  @Option(names = "--timeout", paramLabel = "DURATION", description = "how long one connection may take to connect "
      + "and answer (connections.timeout)")
  String timeout;

  @Option(names = "--source-addresses", paramLabel = "auto|none|A,B", description = "local addresses to connect "
      + "from: auto (the kernel's choice while its ports suffice, then 127.0.0.1, 127.0.0.2, ... for loopback "
      + "targets), none (always the kernel's choice), or a list of this machine's addresses")
  String sourceAddresses;

  @Option(names = "--max-per-worker", paramLabel = "N", description = "most connections per worker JVM (default: "
      + "what ulimit -n allows)")
  Integer maxPerWorker;

  @Option(names = "--max-per-source-address", paramLabel = "N", description = "most connections per source address "
      + "(default: what the ephemeral port range allows)")
  Integer maxPerSourceAddress;

  @Option(names = "--max-in-flight", paramLabel = "N", description = "most connections per worker connecting or "
      + "awaiting their reply at once")
  int maxInFlight;

  @Option(names = "--json", paramLabel = "FILE", description = "also write the result as one JSON object to FILE")
  Path json;

  /** The defaults, from the classes that own them, so --help and the plan keys cannot drift apart. */
  static final class Defaults implements CommandLine.IDefaultValueProvider {
    private static final Map<String, String> VALUES = Map.of(
        "--rate", rateText(ConnectionKeys.DEFAULT_RATE),
        "--hold", Durations.format(ConnectionKeys.DEFAULT_HOLD),
        "--timeout", Durations.format(ConnectionKeys.DEFAULT_TIMEOUT),
        "--to", ConnectionKeys.DEFAULT_TO.word(),
        "--source-addresses", SourceAddresses.auto().toString(),
        "--max-in-flight", String.valueOf(ConnectionStress.Options.DEFAULT_MAX_IN_FLIGHT));

    @Override
    public String defaultValue(ArgSpec arg) {
      return arg instanceof OptionSpec o ? VALUES.get(o.longestName()) : null;
    }

    private static String rateText(double rate) {
      return rate == Math.rint(rate) ? String.valueOf((long) rate) : String.valueOf(rate);
    }
  }

  @Override
  public Integer call() throws IOException {
    PrintWriter out = spec.commandLine().getOut();
    PrintWriter err = spec.commandLine().getErr();
    String target = resolveUri(uri, System::getenv);
    ConnectionKeys.Settings settings;
    ConnectionStress.Options options;
    try {
      Map<String, String> values = new LinkedHashMap<>();
      values.put(ConnectionKeys.COUNT, count);
      values.put(ConnectionKeys.RATE, rate);
      values.put(ConnectionKeys.HOLD, hold);
      values.put(ConnectionKeys.TIMEOUT, timeout);
      values.put(ConnectionKeys.TO, to);
      settings = ConnectionKeys.parse(values);
      options = new ConnectionStress.Options(SourceAddresses.parse(sourceAddresses), maxPerWorker, maxPerSourceAddress,
          maxInFlight);
    } catch (IllegalArgumentException e) {
      throw new BadInputException("connections: " + e.getMessage());
    }
    ConnectionStressRun stress;
    try {
      stress = ConnectionStressRun.prepare(target, settings, options);
    } catch (ConnectionLimitException e) {
      throw new BadInputException("connections: " + e.getMessage());
    }
    if (json != null && json.getParent() != null) {
      Files.createDirectories(json.getParent());
    }
    // reported inside the run so that a Ctrl-C still gets the summary of what was reached
    return stress.runUntilShutdown(ConnectionStressRun.textListener(err, "connections: "), done -> {
      ConnectionStressResult result = done.result();
      if (json != null) {
        OutputFiles.writeString(json, result.toJson() + "\n");
      }
      out.print(summary(result));
      if (json != null) {
        out.println("result: " + json);
      }
      out.flush();
      return result.allReached() ? Main.OK : Main.SOME_FAILED;
    });
  }

  /** The URI itself, or the value of the environment variable an {@code env:NAME} names. */
  static String resolveUri(String given, Function<String, String> env) {
    return EnvUri.resolve(given, env, "connections: --uri " + given, "--uri mongodb://... or --uri env:NAME");
  }

  /** What a person reads after the run: the figures, in the order the study asks for them. */
  static String summary(ConnectionStressResult r) {
    StringBuilder s = new StringBuilder();
    s.append(String.format(Locale.ROOT, "reached:        %,d of %,d connections (client side)%s%s%n", r.opened(),
        r.requested(), r.to() != null && r.namesServers() ? ", asked " + r.describeRequested() : "",
        r.interrupted() ? ", interrupted" : ""));
    if (r.opening() != null) {
      // a stress that did not reach its count: what it held and what stopped it is the measured limit
      s.append("limit:          ").append(r.opening().describe(r.requested())).append(System.lineSeparator());
    }
    if (r.openedByHost().size() > 1) {
      StringBuilder hosts = new StringBuilder();
      r.openedByHost().forEach((h, n) -> hosts.append(hosts.length() == 0 ? "" : ", ")
          .append(String.format(Locale.ROOT, "%s %,d", h, n)));
      s.append("per server:     ").append(hosts).append(" (client side)").append(System.lineSeparator());
    }
    if (r.seenByServer() != null) {
      StringBuilder hosts = new StringBuilder();
      r.seenByServerByHost().forEach((h, n) -> hosts.append(hosts.length() == 0 ? "" : ", ")
          .append(String.format(Locale.ROOT, "%s %,d", h, n)));
      s.append(String.format(Locale.ROOT, "seen by server: %,d (%s); %s%n", r.seenByServer(), hosts,
          r.seenByServerNote()));
    } else {
      s.append("seen by server: not measured: ").append(r.seenByServerNote()).append(System.lineSeparator());
    }
    if (r.openSeconds() != null) {
      s.append(String.format(Locale.ROOT, "open time:      %.1f s from the first attempt to the last connection "
          + "opened; per connection (connect + isMaster) p50 %.1f ms, p99 %.1f ms, max %.1f ms%n", r.openSeconds(),
          r.openLatencyP50Millis(), r.openLatencyP99Millis(), r.openLatencyMaxMillis()));
    } else {
      s.append("open time:      none opened").append(System.lineSeparator());
    }
    s.append("failures:       ");
    if (r.failuresByCause().isEmpty()) {
      s.append("none");
    } else {
      StringBuilder f = new StringBuilder();
      r.failuresByCause().forEach((cause, n) -> f.append(f.length() == 0 ? "" : "; ")
          .append(String.format(Locale.ROOT, "%s %,d", cause, n)));
      s.append(String.format(Locale.ROOT, "%,d (%s)", r.failed(), f));
    }
    s.append(System.lineSeparator());
    s.append(String.format(Locale.ROOT, "held:           %.1f s (%s to %s)%s%n", r.holdSeconds(), time(r.holdStart()),
        time(r.holdEnd()), r.droppedWhileHeld() == null ? ""
            : String.format(Locale.ROOT, ", %,d dropped while held", r.droppedWhileHeld())));
    s.append(String.format(Locale.ROOT, "client memory:  %s%n", memory(r)));
    s.append(String.format(Locale.ROOT, "spread:         %d worker JVM%s; source addresses: %s; target hosts: %s%n",
        r.workers(), r.workers() == 1 ? "" : "s",
        r.sourceAddresses().isEmpty() ? "the kernel's choice" : String.join(", ", r.sourceAddresses()),
        String.join(", ", r.targetHosts())));
    s.append("limits:         ").append(r.limits()).append(System.lineSeparator());
    return s.toString();
  }

  private static String memory(ConnectionStressResult r) {
    if (r.clientRssHeldBytes() == null) {
      return "not measured (no /proc/self/status, or no worker reached the hold)";
    }
    return String.format(Locale.ROOT, "worker RSS %s before, %s held, %s peak (summed over %d worker JVM%s)%s",
        mib(r.clientRssBeforeBytes()), mib(r.clientRssHeldBytes()), mib(r.clientPeakRssBytes()), r.workers(),
        r.workers() == 1 ? "" : "s", r.clientBytesPerConnection() == null ? ""
            : String.format(Locale.ROOT, "; %,d bytes per held connection", r.clientBytesPerConnection()));
  }

  private static String mib(Long bytes) {
    return bytes == null ? "?" : String.format(Locale.ROOT, "%.1f MiB", bytes / 1048576.0);
  }

  private static String time(Instant t) {
    return ConnectionStressRun.clock(t);
  }
}
