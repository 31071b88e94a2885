package dev.ycsbmongo.orchestrator.connections;

import dev.ycsbmongo.binding.UriMasker;
import dev.ycsbmongo.orchestrator.clients.ClientArgumentException;
import dev.ycsbmongo.orchestrator.clients.ClientConnections;
import dev.ycsbmongo.orchestrator.clients.ClientHello;
import dev.ycsbmongo.orchestrator.clients.ClientIndex;
import dev.ycsbmongo.orchestrator.clients.ClientSlice;
import dev.ycsbmongo.orchestrator.clients.FrameWriter;
import dev.ycsbmongo.orchestrator.clients.StartBarrier;
import dev.ycsbmongo.orchestrator.plan.ConnectionKeys;
import dev.ycsbmongo.orchestrator.results.ConnectionStressResult;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;

/**
 * One client of N in a connection-stress cell (study 5's 96,000 connections need several
 * machines): it holds its share of {@code connections.count} to each server, opened from its own
 * machine's (or pod's) ports by its own worker JVMs, and reports in frames on standard output.
 *
 * <p>Arguments, as a YCSB client takes them: {@code -p KEY=VALUE} for the {@code connections.*}
 * settings (the plan's keys, checked as in a plan), {@code client.index} and {@code client.count}
 * (else {@code JOB_COMPLETION_INDEX} and {@code YCSB_CLIENT_COUNT}: {@link ClientIndex}) and
 * {@code client.start} ({@link StartBarrier}); {@code -P FILE} properties files with the same keys
 * and {@code mongodb.url}. The connection string comes from a {@code -P} file or environment
 * variable {@value #URI_ENV}, never from the argument list, which {@code ps} shows.
 *
 * <p>Client i of N takes {@code connections.count / N} connections per server, plus one of the
 * remainder for the lowest indexes (as {@link ClientSlice} splits a count), and the same share of
 * {@code connections.rate}, from its own source ports (clients on one machine bind disjoint loopback
 * addresses: {@link #sourceAddresses}). It checks and plans its share as the {@code connections}
 * command does ({@link ConnectionStressRun}), writes its hello frame, waits for the start barrier, runs, and
 * writes one {@code connections} frame ({@link ClientConnections}); progress goes to standard
 * error. Exit status: 0 it ran and reported (however many it reached: the orchestrator judges the cell), 1 it
 * was stopped or could not start, 2 bad input
 * or an OS limit in the way (one line on standard error, no frame).
 */
public final class ConnectionClient {

  /** The environment variable a Kubernetes Secret fills with the connection string. */
  public static final String URI_ENV = "MONGODB_URI";
  /** The {@code -P} file's key for the connection string (the binding's). */
  public static final String URI_KEY = "mongodb.url";

  static final int OK = 0;
  static final int SOME_FAILED = 1;
  static final int BAD_INPUT = 2;

  private static final String NAME = "connections client";
  private static final List<String> CLIENT_KEYS = List.of(ClientIndex.INDEX_PROPERTY, ClientIndex.COUNT_PROPERTY,
      StartBarrier.PROPERTY);

  private ConnectionClient() {
  }

  /** Runs one client with this process's environment; returns the exit status. */
  public static int run(String[] args, InputStream stdin, PrintStream stdout, PrintStream stderr) {
    return run(args, System.getenv(), stdin, stdout, stderr);
  }

  /** As {@link #run(String[], InputStream, PrintStream, PrintStream)} with the environment given (tests). */
  static int run(String[] args, Map<String, String> env, InputStream stdin, PrintStream stdout, PrintStream stderr) {
    PrintWriter err = new PrintWriter(stderr, true, StandardCharsets.UTF_8);
    Setup setup;
    try {
      setup = Setup.parse(args, env);
    } catch (ClientArgumentException e) {
      err.println(NAME + ": " + e.getMessage());
      return BAD_INPUT;
    }
    String who = String.format(Locale.ROOT, "%s %d of %d: ", NAME, setup.client().index(), setup.client().count());
    ConnectionStressRun stress;
    try {
      SourceAddresses sources = sourceAddresses(ConnectionStress.targetHosts(setup.uri()), setup.cell(),
          setup.client(), LocalLimits.ofThisMachine().portRange());
      stress = ConnectionStressRun.prepare(setup.uri(), setup.share(),
          ConnectionStress.Options.defaults().withSourceAddresses(sources));
    } catch (ConnectionLimitException e) {
      err.println(who + UriMasker.mask(e.getMessage()));
      return BAD_INPUT;
    }
    FrameWriter frames = new FrameWriter(stdout, setup.client().index());
    frames.hello(new ClientHello(setup.client().index(), setup.client().count(), dev.ycsbmongo.orchestrator.HostName.of(env),
        ProcessHandle.current().pid(), ProcessHandle.current().info().startInstant().orElse(Instant.now())));
    Instant start;
    try {
      start = setup.barrier().await(new BufferedReader(new InputStreamReader(stdin, StandardCharsets.UTF_8)));
    } catch (ClientArgumentException e) {
      err.println(who + e.getMessage());
      return BAD_INPUT;
    } catch (IOException e) {
      err.println(who + "cannot read the start line on standard input: " + e.getMessage());
      return SOME_FAILED;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      err.println(who + "interrupted while waiting for the start");
      return SOME_FAILED;
    }
    err.println(who + "starting at " + ConnectionStressRun.clock(start) + ": " + stress.describeCount());
    // the frame is written inside the run, so a SIGTERM (the Job deleted) still reports what was reached
    return stress.runUntilShutdown(ConnectionStressRun.textListener(err, who), done -> {
      frames.connections(new ClientConnections(done.result(), done.openLatency()));
      ConnectionStressResult r = done.result();
      err.printf(Locale.ROOT, "%sreached %,d of %,d (%s), %,d failed%s%s%n", who, r.opened(), r.requested(),
          perServer(r.openedByHost()), r.failed(), r.interrupted() ? ", interrupted" : "",
          r.opening() == null ? "" : "; " + r.opening().describe(r.requested()));
      // what it reached is a result, not a failure: past a server's limit is what study 5 measures, and the
      // orchestrator judges the merged cell (an exit 1 would end a Kubernetes Job and the other clients)
      return r.interrupted() ? SOME_FAILED : OK;
    });
  }

  /**
   * Where client i's connections leave from. Loopback targets mean that all N clients run on this
   * machine (the local backend) and would share its ephemeral ports while each plans as if alone,
   * so each binds its own block of loopback addresses (127.0.0.1, 127.0.0.2, ... in blocks of k,
   * k enough for the largest share): its own source ports. Clients on other machines or pods
   * (any other target) have their own ports and keep {@code auto}.
   *
   * @param range this machine's ephemeral port range, null when unknown (then one address each)
   */
  static SourceAddresses sourceAddresses(List<TargetHost> listed, ConnectionKeys.Settings cell, ClientIndex client,
      PortRange range) {
    if (client.count() == 1 || !listed.stream().allMatch(TargetHost::ipv4Loopback)) {
      return SourceAddresses.auto();
    }
    int servers = cell.to() == ConnectionKeys.To.PRIMARY ? 1 : listed.size();
    long largestShare = ((long) cell.count() + client.count() - 1) / client.count() * servers;
    long perAddress = range == null ? largestShare
        : Math.max(1, range.size() - ConnectionStressPlanner.RESERVED_PORTS);
    int k = (int) ((largestShare + perAddress - 1) / perAddress);
    List<String> all = ConnectionStressPlanner.loopbackAddresses((client.index() + 1) * k);
    return new SourceAddresses(SourceAddresses.Mode.LIST, all.subList(client.index() * k, all.size()));
  }

  private static String perServer(Map<String, Long> byHost) {
    List<String> parts = new ArrayList<>();
    byHost.forEach((h, n) -> parts.add(String.format(Locale.ROOT, "%s %,d", h, n)));
    return String.join(", ", parts);
  }
  /**
   * A client's checked arguments.
   *
   * @param share this client's settings: its share of the count per server and of the rate
   */
  record Setup(ClientIndex client, StartBarrier barrier, ConnectionKeys.Settings cell, ConnectionKeys.Settings share,
      String uri) {

    static Setup parse(String[] args, Map<String, String> env) throws ClientArgumentException {
      Map<String, String> props = new LinkedHashMap<>();
      Map<String, String> fromFiles = new LinkedHashMap<>();
      for (int i = 0; i < args.length; i++) {
        String a = args[i];
        if ((a.equals("-p") || a.equals("-P")) && i + 1 == args.length) {
          throw new ClientArgumentException(a + " needs a value; accepted: -p KEY=VALUE, -P FILE");
        }
        if (a.equals("-p")) {
          property(args[++i], props);
        } else if (a.equals("-P")) {
          load(Path.of(args[++i]), fromFiles);
        } else {
          throw new ClientArgumentException("'" + UriMasker.mask(a) + "' is not accepted; accepted: -p KEY=VALUE"
              + " (" + accepted() + "), -P FILE (the same keys and " + URI_KEY + ")");
        }
      }
      String uri = fromFiles.remove(URI_KEY);
      fromFiles.forEach(props::putIfAbsent);
      for (String key : props.keySet()) {
        if (!ConnectionKeys.ALL.contains(key) && !CLIENT_KEYS.contains(key)) {
          throw new ClientArgumentException(key + " is not a setting of a connections client; accepted: "
              + accepted() + " (and " + URI_KEY + " in a -P file)");
        }
      }
      ClientIndex client = ClientIndex.from(props, env);
      StartBarrier barrier = StartBarrier.parse(props.get(StartBarrier.PROPERTY));
      Map<String, String> values = new LinkedHashMap<>();
      ConnectionKeys.ALL.stream().filter(props::containsKey).forEach(k -> values.put(k, props.get(k)));
      ConnectionKeys.Settings cell;
      try {
        cell = ConnectionKeys.parse(values);
      } catch (IllegalArgumentException e) {
        throw new ClientArgumentException(e.getMessage());
      }
      if (cell.count() < client.count()) {
        throw new ClientArgumentException(String.format(Locale.ROOT, "%s %d over %d clients leaves a client none;"
            + " accepted: %s >= %s", ConnectionKeys.COUNT, cell.count(), client.count(), ConnectionKeys.COUNT,
            ClientIndex.COUNT_PROPERTY));
      }
      if (uri == null || uri.isBlank()) {
        uri = env.get(URI_ENV);
      }
      if (uri == null || uri.isBlank()) {
        throw new ClientArgumentException("no connection string: give " + URI_KEY + " in a -P file or set environment"
            + " variable " + URI_ENV + " (never on the command line)");
      }
      UriMasker.remember(uri);
      return new Setup(client, barrier, cell, share(cell, client), uri);
    }

    /** Client i's part of the cell: its slice of the count per server, and of the rate in proportion. */
    static ConnectionKeys.Settings share(ConnectionKeys.Settings cell, ClientIndex client) {
      int count = (int) ClientSlice.size(cell.count(), client);
      return new ConnectionKeys.Settings(count, cell.ratePerSecond() * count / cell.count(), cell.hold(),
          cell.timeout(), cell.to());
    }

    private static void property(String kv, Map<String, String> props) throws ClientArgumentException {
      int eq = kv.indexOf('=');
      if (eq <= 0) {
        throw new ClientArgumentException("-p '" + UriMasker.mask(kv) + "' is not KEY=VALUE; accepted: -p KEY=VALUE ("
            + accepted() + ")");
      }
      String key = kv.substring(0, eq).strip();
      if (key.equals(URI_KEY)) {
        // the value is not repeated: it may hold a password
        throw new ClientArgumentException("-p " + URI_KEY + " is not accepted: the argument list is visible to every"
            + " user (ps); give it in a -P file or in environment variable " + URI_ENV);
      }
      props.put(key, kv.substring(eq + 1));
    }

    private static void load(Path file, Map<String, String> into) throws ClientArgumentException {
      Properties p = new Properties();
      try (Reader r = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
        p.load(r);
      } catch (NoSuchFileException e) {
        throw new ClientArgumentException("-P " + file + ": no such file");
      } catch (IOException | IllegalArgumentException e) {
        throw new ClientArgumentException("-P " + file + ": cannot read it as a properties file ("
            + UriMasker.mask(String.valueOf(e.getMessage())) + ")");
      }
      // a later file overrides an earlier one, as YCSB reads its -P files
      p.stringPropertyNames().forEach(k -> into.put(k, p.getProperty(k)));
    }

    private static String accepted() {
      List<String> keys = new ArrayList<>(ConnectionKeys.ALL);
      keys.addAll(CLIENT_KEYS);
      return String.join(", ", keys);
    }
  }
}
