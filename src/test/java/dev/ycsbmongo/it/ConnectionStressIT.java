package dev.ycsbmongo.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.ycsbmongo.orchestrator.embedded.EmbeddedMongoServer;
import java.io.IOException;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code scripts/orchestrator connections} as a process against three embedded test servers
 * started here, each on its own free loopback port. The embedded server's serverStatus answers
 * connections.current 1 whatever is open, so what the servers hold is counted here from the
 * kernel: established sockets whose local port is a server's port.
 */
class ConnectionStressIT {

  static final String PASSWORD = "Literal-Pw-5531";

  private static final List<EmbeddedMongoServer> SERVERS = new ArrayList<>();

  @BeforeAll
  static void startServers() {
    // each reset at close would otherwise print a stack trace from the servers in this JVM
    System.setProperty("org.slf4j.simpleLogger.log.de.bwaldvogel.mongo.wire.MongoExceptionHandler", "off");
    for (int i = 0; i < 3; i++) {
      SERVERS.add(EmbeddedMongoServer.start(0));
    }
    System.out.println("[it] ConnectionStressIT runs against: " + SERVERS);
  }

  @AfterAll
  static void stopServers() {
    SERVERS.forEach(EmbeddedMongoServer::close);
    SERVERS.clear();
  }

  static String uri(String credentials) {
    StringBuilder s = new StringBuilder("mongodb://").append(credentials);
    for (int i = 0; i < SERVERS.size(); i++) {
      s.append(i == 0 ? "" : ",").append("127.0.0.1:").append(SERVERS.get(i).port());
    }
    return s.append("/").toString();
  }

  /** Established sockets on this machine whose local port is one of the servers': their ends of the connections. */
  static int serverSideEstablished() {
    return SERVERS.stream().mapToInt(s -> ServerConnections.establishedAt(s.port())).sum();
  }

  /** While the process runs: the most server-side established sockets seen, in all and per server. */
  static final class PeakServerSockets implements Consumer<Process> {
    int peak;
    final int[] peakPerServer = new int[SERVERS.size()];

    @Override
    public void accept(Process p) {
      while (p.isAlive()) {
        int sum = 0;
        for (int i = 0; i < SERVERS.size(); i++) {
          int n = ServerConnections.establishedAt(SERVERS.get(i).port());
          peakPerServer[i] = Math.max(peakPerServer[i], n);
          sum += n;
        }
        peak = Math.max(peak, sum);
        sleep(100);
      }
    }
  }

  static int[] establishedPerServer() {
    return SERVERS.stream().mapToInt(s -> ServerConnections.establishedAt(s.port())).toArray();
  }

  static void sleep(long millis) {
    try {
      Thread.sleep(millis);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  static JsonNode json(Path file) throws IOException {
    return new ObjectMapper().readTree(Files.readString(file, StandardCharsets.UTF_8));
  }

  @Test
  void eachOfThreeServersReceivesTheCountOverThreeWorkersAndThreeSourceAddresses(@TempDir Path work)
      throws Exception {
    int before = serverSideEstablished();
    int[] beforePerServer = establishedPerServer();
    PeakServerSockets servers = new PeakServerSockets();
    Path result = work.resolve("result.json");
    LauncherRun run = Orchestrator.run(work, Map.of(), servers, "connections", "--uri", uri(""), "--count", "200",
        "--max-per-worker", "250", "--max-per-source-address", "250", "--hold", "2s", "--json", result.toString());
    System.out.println("[it] " + run.describe() + "; server-side sockets " + before + " before, peak " + servers.peak);
    assertEquals(0, run.exitCode, run.diagnostics());
    JsonNode r = json(result);
    assertEquals(600, r.get("requested").asLong(), "200 to each of 3 servers");
    assertEquals(600, r.get("opened").asLong(), run.diagnostics());
    assertEquals(200, r.get("countPerServer").asInt());
    assertEquals("each", r.get("to").asText());
    assertEquals(3, r.get("workers").asInt());
    assertEquals(List.of("127.0.0.1", "127.0.0.2", "127.0.0.3"),
        List.of(r.get("sourceAddresses").get(0).asText(), r.get("sourceAddresses").get(1).asText(),
            r.get("sourceAddresses").get(2).asText()));
    assertEquals(0, r.get("droppedWhileHeld").asLong());
    for (int i = 0; i < SERVERS.size(); i++) {
      String host = "127.0.0.1:" + SERVERS.get(i).port();
      assertEquals(200, r.get("openedByHost").get(host).asLong(), host + " in " + r.get("openedByHost"));
      assertTrue(servers.peakPerServer[i] - beforePerServer[i] >= 200, host + " held "
          + (servers.peakPerServer[i] - beforePerServer[i]) + " established sockets, not its 200");
    }
    assertFalse(r.has("seenByServer"), "the embedded server's serverStatus count is no count");
    assertTrue(r.get("seenByServerNote").asText()
        .contains("are the embedded test server (serverStatus process 'java')"), r.toString());
    assertTrue(run.stdout.startsWith("reached:        600 of 600 connections (client side), asked 200 to each of 3"
        + " servers\nper server:     127.0.0.1:"), run.stdout);
    assertTrue(serverSideEstablished() - before < 600, "the connections are closed after the run");
  }

  @Test
  void primaryPutsTheWholeCountOnTheHostThatSaysItIsPrimary(@TempDir Path work) throws Exception {
    int closedPort;
    try (ServerSocket s = new ServerSocket(0)) {
      closedPort = s.getLocalPort();
    }
    String primary = "127.0.0.1:" + SERVERS.get(1).port();
    int[] beforePerServer = establishedPerServer();
    PeakServerSockets servers = new PeakServerSockets();
    Path result = work.resolve("result.json");
    // a member that does not answer (the closed port) does not stop the others from naming the primary
    LauncherRun run = Orchestrator.run(work, Map.of(), servers, "connections", "--uri", "mongodb://127.0.0.1:"
        + closedPort + "," + primary + "/", "--count", "40", "--to", "primary", "--hold", "2s", "--json",
        result.toString());
    System.out.println("[it] " + run.describe() + "; per-server peaks " + java.util.Arrays.toString(servers.peakPerServer));
    assertEquals(0, run.exitCode, run.diagnostics());
    JsonNode r = json(result);
    assertEquals(40, r.get("requested").asLong());
    assertEquals("primary", r.get("to").asText());
    assertEquals(primary, r.get("targetHosts").get(0).asText());
    assertEquals(1, r.get("targetHosts").size());
    assertTrue(servers.peakPerServer[1] - beforePerServer[1] >= 40, "the primary held "
        + (servers.peakPerServer[1] - beforePerServer[1]));
    assertTrue(run.stdout.startsWith("reached:        40 of 40 connections (client side), asked 40 to the primary ("
        + primary + ")\n"), run.stdout);
  }

  @Test
  void aPortWithoutAServerIsRefusedAndExitsOne(@TempDir Path work) throws Exception {
    int port;
    try (ServerSocket s = new ServerSocket(0)) {
      port = s.getLocalPort();
    }
    Path result = work.resolve("result.json");
    LauncherRun run = Orchestrator.run(work, Map.of(), null, "connections", "--uri", "mongodb://127.0.0.1:" + port
        + "/", "--count", "20", "--hold", "0", "--json", result.toString());
    System.out.println("[it] " + run.describe() + " (no server on port " + port + ")");
    assertEquals(1, run.exitCode, run.diagnostics());
    JsonNode r = json(result);
    assertEquals(0, r.get("opened").asLong());
    assertEquals(20, r.get("failuresByCause").get("refused").asLong(), r.toString());
    assertEquals(1, r.get("failuresByCause").size(), r.toString());
    assertTrue(run.stdout.contains("failures:       20 (refused 20)\n"), run.stdout);
  }

  @Test
  void aCountBeyondThePortRangeWithoutSourceAddressesExitsTwoBeforeOpeningAnything(@TempDir Path work)
      throws Exception {
    int before = serverSideEstablished();
    PeakServerSockets servers = new PeakServerSockets();
    String oneServer = "mongodb://127.0.0.1:" + SERVERS.get(0).port() + "/";
    LauncherRun run = Orchestrator.run(work, Map.of(), servers, "connections", "--uri", oneServer, "--count", "70000",
        "--source-addresses", "none");
    System.out.println("[it] " + run.describe());
    assertEquals(2, run.exitCode, run.diagnostics());
    assertEquals("", run.stdout);
    assertTrue(run.stderr.startsWith("orchestrator: connections: connections.count 70000 needs 70,000 local ports to 1"
        + " target host, but net.ipv4.ip_local_port_range ("), run.stderr);
    assertEquals(1, run.stderr.lines().count(), "one line: " + run.stderr);
    assertTrue(servers.peak <= before + 1, "nothing opened: server sockets " + before + " -> " + servers.peak);
  }

  @Test
  void aLiteralPasswordIsInNoOutputNoArgumentListAndNoWorkersEnvironment(@TempDir Path work) throws Exception {
    Path result = work.resolve("result.json");
    List<String> argvSeen = new ArrayList<>();
    List<String> workerEnvironments = new ArrayList<>();
    Consumer<Process> watch = p -> {
      while (p.isAlive()) {
        List<ProcessHandle> all = new ArrayList<>();
        all.add(p.toHandle());
        p.descendants().forEach(all::add);
        for (ProcessHandle h : all) {
          List<String> argv = LauncherRun.cmdline(h.pid());
          if (argv.isEmpty() || !(argv.get(0).equals("java") || argv.get(0).endsWith("/java"))) {
            // the launcher's own shell, before it execs java, holds what the user typed: nothing to hide there
            continue;
          }
          String joined = String.join(" ", argv);
          argvSeen.add(joined);
          if (joined.contains("ConnectionWorkerMain")) {
            try {
              workerEnvironments.add(new String(Files.readAllBytes(Path.of("/proc", String.valueOf(h.pid()),
                  "environ")), StandardCharsets.ISO_8859_1));
            } catch (IOException e) {
              // gone between listing and reading
            }
          }
        }
        sleep(100);
      }
    };
    LauncherRun run = Orchestrator.run(work, Map.of(), watch, "connections", "--uri",
        uri("bench:" + PASSWORD + "@"), "--count", "30", "--hold", "2s", "--json", result.toString());
    System.out.println("[it] " + run.describe().replace(PASSWORD, "****"));
    assertEquals(90, json(result).get("opened").asLong(), "30 to each of 3 servers: " + run.diagnostics());
    assertFalse(workerEnvironments.isEmpty(), "saw the worker JVMs: " + argvSeen.size() + " command lines");
    assertTrue(argvSeen.stream().anyMatch(a -> a.contains("dev.ycsbmongo.orchestrator.cli.Main connections --uri env:")),
        "saw the coordinator JVM with --uri env:NAME");
    for (String argv : argvSeen) {
      assertFalse(argv.contains(PASSWORD), "password in a process argument list: " + argv.replace(PASSWORD, "<PW>"));
    }
    for (String env : workerEnvironments) {
      assertFalse(env.contains(PASSWORD), "password in a worker's environment");
    }
    assertFalse(run.stdout.contains(PASSWORD), run.stdout);
    assertFalse(run.stderr.contains(PASSWORD), run.stderr);
    assertFalse(Files.readString(result).contains(PASSWORD));
  }
}
