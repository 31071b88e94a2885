package dev.ycsbmongo.orchestrator.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.ycsbmongo.orchestrator.embedded.EmbeddedMongoServer;
import dev.ycsbmongo.orchestrator.results.ConnectionStressResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code connections} in-process: defaults in --help, one-line refusals before anything opens, a small real run. */
class ConnectionsCommandTest {

  private static InProcessCli run(String... args) {
    return InProcessCli.run(args);
  }

  private static void assertOneLineRefusal(InProcessCli r, String expected) {
    assertEquals(2, r.exit(), r.err());
    assertEquals("", r.out());
    assertEquals(expected + "\n", r.err());
  }

  @Test
  void helpShowsEachDefaultFromWhereItIsDefined() {
    InProcessCli r = run("connections", "--help");
    assertEquals(0, r.exit());
    for (String d : List.of("--hold=DURATION", "Default: 20s", "Default: 10s", "Default: auto", "Default: 100",
        "Default: 0", "default: each")) {
      assertTrue(r.out().contains(d), d + " in\n" + r.out());
    }
  }

  @Test
  void aCountBeyondOneHostsPortsIsRefusedInOneLineBeforeAnythingOpens() throws Exception {
    // more than any port range holds: refused on every Linux machine, by ports or, with a small ulimit -n, by memory
    InProcessCli r = run("connections", "--uri", "mongodb://127.0.0.1:1/", "--count", "70000", "--source-addresses", "none");
    assertEquals(2, r.exit(), r.err());
    assertEquals("", r.out());
    assertTrue(r.err().startsWith("orchestrator: connections: connections.count 70000 needs ") && r.err().endsWith("\n")
        && r.err().indexOf('\n') == r.err().length() - 1, r.err());
    Path range = Path.of("/proc/sys/net/ipv4/ip_local_port_range");
    assumeTrue(Files.isReadable(range) && Files.readAllLines(range).get(0).matches("32768\\s+60999")
        && ((com.sun.management.UnixOperatingSystemMXBean) java.lang.management.ManagementFactory
            .getOperatingSystemMXBean()).getMaxFileDescriptorCount() >= 20_000, "this machine's exact limits");
    assertEquals("orchestrator: connections: connections.count 70000 needs 70,000 local ports to 1 target"
        + " host, but net.ipv4.ip_local_port_range (32768 60999) gives 28,232 per source address (27,732 once 500 are"
        + " kept for other connections): widen it (sysctl -w net.ipv4.ip_local_port_range=\"10240 65535\"), lower"
        + " connections.count, or allow more source addresses\n", r.err());
  }

  @Test
  void rejectsAnUnknownToInOneLineListingEachAndPrimary() {
    assertOneLineRefusal(run("connections", "--uri", "mongodb://127.0.0.1:1/", "--count", "5", "--to", "secondary"),
        "orchestrator: connections: connections.to: 'secondary' is not accepted; expected each|primary (each:"
            + " connections.count to every host of the URI; primary: to the primary only)");
  }

  @Test
  void refusesPrimaryWhenTwoServersEachSayTheyAreIt() {
    // two standalone servers both answer ismaster true: which one is "the primary" has no answer
    try (EmbeddedMongoServer a = EmbeddedMongoServer.start(0); EmbeddedMongoServer b = EmbeddedMongoServer.start(0)) {
      String ha = "127.0.0.1:" + a.port();
      String hb = "127.0.0.1:" + b.port();
      InProcessCli r = run("connections", "--uri", "mongodb://" + ha + "," + hb + "/", "--count", "5", "--to",
          "primary", "--hold", "0");
      assertEquals(2, r.exit(), r.err());
      assertEquals("", r.out());
      assertTrue(r.err().startsWith("orchestrator: connections: connections.to primary: the hosts name 2 different"
          + " primaries ("), r.err());
      assertTrue(r.err().contains(ha + " named by " + ha + " (itself)") && r.err().contains(hb + " named by " + hb
          + " (itself)"), r.err());
      assertEquals(1, r.err().lines().count(), r.err());
    }
  }

  @Test
  void badValuesAreOneLineEach() {
    assertOneLineRefusal(run("connections", "--uri", "mongodb://127.0.0.1:1/", "--count", "0"),
        "orchestrator: connections: connections.count: '0' is not a connection count; expected a whole number >= 1");
    assertOneLineRefusal(run("connections", "--uri", "mongodb://127.0.0.1:1/", "--count", "5", "--hold", "soon"),
        "orchestrator: connections: connections.hold: 'soon' is not a duration; expected a duration such as 500ms,"
            + " 30s, 5m, 2h, or a whole number of seconds");
    assertOneLineRefusal(run("connections", "--uri", "mongodb://127.0.0.1:1/", "--count", "5", "--source-addresses",
        "eth0"), "orchestrator: connections: source addresses 'eth0': 'eth0' is not an IP address; expected auto,"
            + " none, or a comma-separated list of IP addresses of this machine");
    assertOneLineRefusal(run("connections", "--uri", "mongodb://127.0.0.1:1/", "--count", "5", "--source-addresses",
        "192.0.2.77"), "orchestrator: connections: source address 192.0.2.77 is not an address of this machine (see ip"
            + " addr): give addresses of its interfaces, or none");
  }

  @Test
  void aTlsTargetIsRefusedInOneLineWithThePasswordMasked() {
    InProcessCli r = run("connections", "--uri", "mongodb://u:Hidden42@127.0.0.1:1/?tls=true", "--count", "5");
    assertOneLineRefusal(r, "orchestrator: connections: connection stress opens plain TCP connections and cannot speak"
        + " TLS, but mongodb://u:****@127.0.0.1:1/?tls=true asks for tls=true: stress a port that accepts plain"
        + " connections, or leave TLS targets out of connection stress");
    assertFalse(r.err().contains("Hidden42"));
  }

  @Test
  void anSrvUriIsRefusedBecauseItHidesTheHosts() {
    InProcessCli r = run("connections", "--uri", "mongodb+srv://cluster0.example.net/", "--count", "5");
    assertOneLineRefusal(r, "orchestrator: connections: connection stress needs the hosts listed:"
        + " mongodb+srv://cluster0.example.net/ hides them behind a DNS SRV record; give mongodb://HOST1:PORT,HOST2:PORT,..."
        + " instead");
  }

  @Test
  void envUriReadsTheVariableAndSaysWhichIsMissing() {
    assertEquals("mongodb://h/", ConnectionsCommand.resolveUri("env:X", Map.of("X", "mongodb://h/")::get));
    assertEquals("mongodb://h/", ConnectionsCommand.resolveUri("mongodb://h/", n -> null));
    BadInputException e = assertThrows(BadInputException.class,
        () -> ConnectionsCommand.resolveUri("env:NOPE", n -> null));
    assertEquals("connections: --uri env:NOPE: environment variable NOPE is not set; expected --uri mongodb://... or"
        + " --uri env:NAME", e.getMessage());
  }

  @Test
  void summaryIsSealed() {
    ConnectionStressResult r = ConnectionStressResult.builder().schemaVersion(1).requested(1000).opened(990).failed(10)
        .failuresByCause(new TreeMap<>(Map.of("refused", 4L, "timeout", 6L))).seenByServer(1004L)
        .seenByServerByHost(Map.of("db0:27017", 1004L)).seenByServerNote("serverStatus connections.current per host")
        .openSeconds(12.345).openLatencyP50Millis(1.25).openLatencyP99Millis(40.5).openLatencyMaxMillis(80.0)
        .holdStart(Instant.parse("2026-11-23T10:00:00Z")).holdEnd(Instant.parse("2026-11-23T10:00:20Z"))
        .holdSeconds(20.0).droppedWhileHeld(0L).workers(1).targetHosts(List.of("db0:27017"))
        .clientRssBeforeBytes(60L << 20).clientRssHeldBytes(70L << 20).clientPeakRssBytes(80L << 20)
        .clientBytesPerConnection(10_590L).limits("ulimit -n 20000").build();
    assertEquals("""
        reached:        990 of 1,000 connections (client side)
        seen by server: 1,004 (db0:27017 1,004); serverStatus connections.current per host
        open time:      12.3 s from the first attempt to the last connection opened; per connection (connect + isMaster) p50 1.3 ms, p99 40.5 ms, max 80.0 ms
        failures:       10 (refused 4; timeout 6)
        held:           20.0 s (10:00:00Z to 10:00:20Z), 0 dropped while held
        client memory:  worker RSS 60.0 MiB before, 70.0 MiB held, 80.0 MiB peak (summed over 1 worker JVM); 10,590 bytes per held connection
        spread:         1 worker JVM; source addresses: the kernel's choice; target hosts: db0:27017
        limits:         ulimit -n 20000
        """, ConnectionsCommand.summary(r));
  }

  @Test
  void aSmallRunReachesEveryConnectionAndWritesItsJson(@TempDir Path dir) throws Exception {
    try (EmbeddedMongoServer server = EmbeddedMongoServer.start(0)) {
      Path json = dir.resolve("out/r.json");
      InProcessCli r = run("connections", "--uri", "mongodb://127.0.0.1:" + server.port() + "/", "--count", "30", "--hold",
          "0", "--json", json.toString());
      System.out.println("[test] against " + server);
      assertEquals(0, r.exit(), r.err() + r.out());
      String host = "127.0.0.1:" + server.port();
      assertTrue(r.out().startsWith("reached:        30 of 30 connections (client side)\n"), r.out());
      assertTrue(r.out().contains("failures:       none\n"), r.out());
      String text = Files.readString(json);
      assertTrue(text.startsWith("{\"schemaVersion\":1,\"requested\":30,\"opened\":30,\"failed\":0,"), text);
      assertTrue(r.err().contains("connections: 30 connections to " + host + " from 1 worker JVM"), r.err());
    }
  }
}
