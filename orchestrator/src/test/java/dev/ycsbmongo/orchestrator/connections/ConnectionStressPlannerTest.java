package dev.ycsbmongo.orchestrator.connections;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ycsbmongo.orchestrator.plan.ConnectionKeys;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/** The spread over workers, hosts and source addresses, and the one-line refusals, on this machine's limits. */
class ConnectionStressPlannerTest {

  /** This machine: ulimit -n 20000, the default port range, 24 GiB. */
  static final LocalLimits HERE = new LocalLimits(20_000, new PortRange(32768, 60999), 24L << 30);
  static final ConnectionStress.Options DEFAULTS = ConnectionStress.Options.defaults();

  static List<TargetHost> loopbackHosts(int n) {
    return IntStream.range(0, n).mapToObj(i -> new TargetHost("127.0.0.1", 27017 + i, "127.0.0.1")).toList();
  }

  static List<TargetHost> remoteHosts(int n) {
    return IntStream.range(0, n).mapToObj(i -> new TargetHost("db" + i + ".example", 27017, "10.0.0." + (5 + i)))
        .toList();
  }

  static ConnectionKeys.Settings count(int n) {
    return new ConnectionKeys.Settings(n, 300, Duration.ofSeconds(20), Duration.ofSeconds(10));
  }

  /** {@code n} connections to each of {@code hosts}, checked to be exactly that. */
  static ConnectionPlan plan(int n, List<TargetHost> hosts, ConnectionStress.Options o) throws ConnectionLimitException {
    ConnectionPlan p = ConnectionStressPlanner.plan(count(n), hosts, HERE, o);
    assertEquals((long) n * hosts.size(), p.workers().stream().mapToLong(WorkerAssignment::count).sum(),
        "every connection assigned once");
    assertEquals(n * hosts.size(), p.count());
    perHost(p).forEach((host, c) -> assertEquals(n, c, host + " takes connections.count"));
    assertEquals(hosts.size(), perHost(p).size());
    return p;
  }

  /** Connections per source address (null: the kernel's choice), over all workers. */
  static Map<String, Long> perSource(ConnectionPlan p) {
    return p.workers().stream().flatMap(w -> w.slots().stream()).collect(Collectors.groupingBy(
        s -> String.valueOf(s.sourceAddress()), TreeMap::new, Collectors.summingLong(Slot::count)));
  }

  static Map<String, Long> perHost(ConnectionPlan p) {
    return p.workers().stream().flatMap(w -> w.slots().stream()).collect(Collectors.groupingBy(
        s -> s.address() + ":" + s.port(), TreeMap::new, Collectors.summingLong(Slot::count)));
  }

  @Test
  void aThousandFitInOneWorkerWithTheKernelsSourceAddress() throws Exception {
    ConnectionPlan p = plan(1000, loopbackHosts(1), DEFAULTS);
    assertEquals(1, p.workers().size());
    assertEquals(List.of(), p.sourceAddresses());
    assertEquals(List.of(new Slot("127.0.0.1", 27017, "127.0.0.1", null, 1000)), p.workers().get(0).slots());
    assertEquals("ulimit -n 20000 (18,800 connections per worker JVM), ports 32768-60999 (28,232 per source address,"
        + " 27,732 usable)", p.limits());
  }

  @Test
  void spreadsOverWorkersWhenOneProcessCannotHoldThemAll() throws Exception {
    ConnectionPlan p = plan(12_500, loopbackHosts(4), DEFAULTS);
    assertEquals(3, p.workers().size(), "50,000 in all, 18,800 per worker under ulimit -n 20000");
    for (WorkerAssignment w : p.workers()) {
      assertTrue(w.count() <= 18_800, "worker " + w.worker() + " holds " + w.count());
      assertEquals(100.0, w.ratePerSecond(), 1e-9, "the rate is split between the workers");
      assertEquals(10_000, w.timeoutMillis());
    }
    assertEquals(List.of(), p.sourceAddresses(), "4 hosts x 27,732 ports: the kernel's choice suffices");
    assertEquals(List.of(12_500L, 12_500L, 12_500L, 12_500L), List.copyOf(perHost(p).values()));
  }

  @Test
  void spreadsOverLoopbackSourceAddressesWhenOneHostsPortsDoNotSuffice() throws Exception {
    ConnectionPlan p = plan(50_000, loopbackHosts(1), DEFAULTS);
    assertEquals(List.of("127.0.0.1", "127.0.0.2"), p.sourceAddresses());
    assertEquals(Map.of("127.0.0.1", 25_000L, "127.0.0.2", 25_000L), perSource(p));
    assertEquals(3, p.workers().size());
  }

  @Test
  void spreadsOverRemoteHostsWithoutBinding() throws Exception {
    ConnectionPlan p = plan(25_000, remoteHosts(2), DEFAULTS);
    assertEquals(List.of(), p.sourceAddresses());
    assertEquals(List.of(25_000L, 25_000L), List.copyOf(perHost(p).values()));
  }

  @Test
  void smallLimitsSpreadOverThreeWorkersAndThreeSourceAddresses() throws Exception {
    ConnectionPlan p = plan(200, loopbackHosts(3), DEFAULTS.withMaxPerWorker(250).withMaxPerSourceAddress(250));
    assertEquals(3, p.workers().size());
    assertEquals(List.of("127.0.0.1", "127.0.0.2", "127.0.0.3"), p.sourceAddresses());
    assertEquals(Map.of("127.0.0.1", 200L, "127.0.0.2", 200L, "127.0.0.3", 200L), perSource(p));
    assertEquals(List.of(200L, 200L, 200L), List.copyOf(perHost(p).values()));
    p.workers().forEach(w -> assertEquals(200, w.count()));
  }

  @Test
  void anAddressesRemainderRotatesOverTheHostsSoEachHostGetsItsCountAndNoAddressExceedsItsLimit() throws Exception {
    ConnectionPlan p = plan(5, loopbackHosts(3), DEFAULTS.withMaxPerSourceAddress(4));
    assertEquals(Map.of("127.0.0.1", 4L, "127.0.0.2", 4L, "127.0.0.3", 4L, "127.0.0.4", 3L), perSource(p));
    assertEquals(List.of(5L, 5L, 5L), List.copyOf(perHost(p).values()));
  }

  @Test
  void eachServerOfTheUriTakesTheWholeCountNotAShareOfIt() throws Exception {
    ConnectionPlan p = plan(8_000, remoteHosts(3), DEFAULTS);
    assertEquals(24_000, p.count());
    assertEquals(8_000, p.perServer());
    assertEquals(ConnectionKeys.To.EACH, p.to());
    assertEquals(List.of(8_000L, 8_000L, 8_000L), List.copyOf(perHost(p).values()));
  }

  @Test
  void theWorkerCountIsForCountTimesServers() throws Exception {
    assertEquals(1, plan(10_000, remoteHosts(1), DEFAULTS).workers().size());
    assertEquals(2, plan(10_000, remoteHosts(2), DEFAULTS).workers().size(), "20,000 > 18,800 per worker");
  }

  @Test
  void theFilesAndMemoryCheckCountsEveryServersConnections() throws Exception {
    LocalLimits small = new LocalLimits(1024, new PortRange(32768, 60999), 2L << 30);
    ConnectionStressPlanner.plan(count(2_000), remoteHosts(1), small, DEFAULTS);
    ConnectionLimitException e = assertThrows(ConnectionLimitException.class,
        () -> ConnectionStressPlanner.plan(count(2_000), remoteHosts(3), small, DEFAULTS));
    assertTrue(e.getMessage().startsWith("connections.count 2000 to each of 3 servers (6,000 connections) needs 8 worker"
        + " JVMs"), e.getMessage());
  }

  @Test
  void thePrimaryAloneTakesTheCount() throws Exception {
    ConnectionKeys.Settings primary = new ConnectionKeys.Settings(8_000, 0, Duration.ZERO, Duration.ofSeconds(10),
        ConnectionKeys.To.PRIMARY);
    ConnectionPlan p = ConnectionStressPlanner.plan(primary, remoteHosts(3).subList(1, 2), HERE, DEFAULTS);
    assertEquals(ConnectionKeys.To.PRIMARY, p.to());
    assertEquals(8_000, p.count());
    assertEquals(Map.of("10.0.0.6:27017", 8_000L), perHost(p));
  }

  @Test
  void refusesACountTimesServersBeyondWhatARunCanCount() {
    ConnectionLimitException e = assertThrows(ConnectionLimitException.class,
        () -> ConnectionStressPlanner.plan(count(1_000_000_000), remoteHosts(3), HERE, DEFAULTS));
    assertEquals("connections.count 1000000000 to each of 3 servers (3,000,000,000 connections) makes 3,000,000,000"
        + " connections, more than one run can count: lower connections.count", e.getMessage());
  }

  @Test
  void aWorkersSlotsToTheSameEndsMerge() throws Exception {
    ConnectionPlan p = plan(5, loopbackHosts(2), DEFAULTS);
    assertEquals(2, p.workers().get(0).slots().size());
  }

  @Test
  void anExplicitListIsUsedEvenly() throws Exception {
    ConnectionPlan p = plan(9, loopbackHosts(1), DEFAULTS.withSourceAddresses(SourceAddresses.parse(
        "127.0.0.7,127.0.0.8,127.0.0.9")));
    assertEquals(Map.of("127.0.0.7", 3L, "127.0.0.8", 3L, "127.0.0.9", 3L), perSource(p));
  }

  @Test
  void refusesWhatOneHostsPortsCannotHoldWithoutMoreSourceAddresses() {
    ConnectionLimitException e = assertThrows(ConnectionLimitException.class,
        () -> plan(50_000, loopbackHosts(1), DEFAULTS.withSourceAddresses(SourceAddresses.none())));
    assertEquals("connections.count 50000 needs 50,000 local ports to 1 target host, but net.ipv4.ip_local_port_range"
        + " (32768 60999) gives 28,232 per source address (27,732 once 500 are kept for other connections): widen it"
        + " (sysctl -w net.ipv4.ip_local_port_range=\"10240 65535\"), lower connections.count, or allow more"
        + " source addresses", e.getMessage());
  }

  @Test
  void refusesARemoteHostsPortsAndSuggestsAddressesOfThisMachine() {
    ConnectionLimitException e = assertThrows(ConnectionLimitException.class,
        () -> plan(30_000, remoteHosts(4), DEFAULTS));
    assertEquals("connections.count 30000 to each of 4 servers (120,000 connections) needs 30,000 local ports to each"
        + " of 4 target hosts, but net.ipv4.ip_local_port_range (32768 60999) gives 28,232 per source address (27,732"
        + " once 500 are kept for other connections): widen it (sysctl -w net.ipv4.ip_local_port_range=\"10240"
        + " 65535\"), lower connections.count, or give source addresses of this machine (a list)", e.getMessage());
  }

  @Test
  void suggestsTheWidestRangeWhenItIsWideAlready() {
    LocalLimits wide = new LocalLimits(20_000, new PortRange(10240, 65535), 24L << 30);
    ConnectionLimitException e = assertThrows(ConnectionLimitException.class, () -> ConnectionStressPlanner.plan(
        count(60_000), remoteHosts(1), wide, DEFAULTS));
    assertTrue(e.getMessage().contains("(sysctl -w net.ipv4.ip_local_port_range=\"1024 65535\")"), e.getMessage());
  }

  @Test
  void refusesTooFewListedAddresses() {
    ConnectionLimitException e = assertThrows(ConnectionLimitException.class,
        () -> plan(60_000, loopbackHosts(1), DEFAULTS.withSourceAddresses(SourceAddresses.parse("127.0.0.2"))));
    assertEquals("connections.count 60000 needs 60,000 local ports, but net.ipv4.ip_local_port_range (32768 60999)"
        + " gives 28,232 per source address (27,732 once 500 are kept for other connections) and 1 source addresses"
        + " are given: widen it (sysctl -w net.ipv4.ip_local_port_range=\"10240 65535\"), or give more source"
        + " addresses", e.getMessage());
  }

  @Test
  void refusesAPerAddressLimitThatNoneCannotMeet() {
    ConnectionLimitException e = assertThrows(ConnectionLimitException.class, () -> plan(600, loopbackHosts(1),
        DEFAULTS.withSourceAddresses(SourceAddresses.none()).withMaxPerSourceAddress(250)));
    assertEquals("connections.count 600 with at most 250 connections per source address needs 3 source addresses,"
        + " but source addresses 'none' leaves the choice to the kernel (one address): allow more source addresses"
        + " (auto on loopback, or a list)", e.getMessage());
  }

  @Test
  void refusesSoManyWorkersTheMemoryCannotHoldThem() {
    LocalLimits small = new LocalLimits(1024, new PortRange(32768, 60999), 2L << 30);
    ConnectionLimitException e = assertThrows(ConnectionLimitException.class,
        () -> ConnectionStressPlanner.plan(count(5_000), remoteHosts(4), small, DEFAULTS));
    assertEquals("connections.count 5000 to each of 4 servers (20,000 connections) needs 26 worker JVMs of at most 773 connections each (ulimit -n 1024), but"
        + " this machine's available memory (MemAvailable 2.0 GiB) fits about 6 of them at 320 MiB each: raise the"
        + " open-files limit (ulimit -n, or nofile in /etc/security/limits.conf) so each worker holds more, or run"
        + " from several client machines (clients: N with execution.backend: kubernetes)", e.getMessage());
  }

  @Test
  void refusesAnOpenFilesLimitThatLeavesNothingForConnections() {
    LocalLimits tiny = new LocalLimits(150, new PortRange(32768, 60999), 24L << 30);
    ConnectionLimitException e = assertThrows(ConnectionLimitException.class,
        () -> ConnectionStressPlanner.plan(count(10), remoteHosts(1), tiny, DEFAULTS));
    assertEquals("ulimit -n 150 leaves no file for connections in a worker JVM (it needs about 207 of its own): raise"
        + " it (ulimit -n 65536, or nofile in /etc/security/limits.conf)", e.getMessage());
  }

  @Test
  void withoutProcTheRangeIsUnknownAndNotChecked() throws Exception {
    LocalLimits noProc = new LocalLimits(Long.MAX_VALUE, null, null);
    ConnectionPlan p = ConnectionStressPlanner.plan(count(100_000), remoteHosts(1), noProc, DEFAULTS);
    assertEquals(1, p.workers().size());
    assertTrue(p.limits().contains("ports unknown"), p.limits());
  }

  @Test
  void loopbackAddressesSkipNetworkAndBroadcastLookingOnes() {
    List<String> a = ConnectionStressPlanner.loopbackAddresses(300);
    assertEquals("127.0.0.1", a.get(0));
    assertEquals("127.0.0.254", a.get(253));
    assertEquals("127.0.1.1", a.get(254));
    assertEquals(300, new ArrayList<>(new java.util.LinkedHashSet<>(a)).size());
  }

  @Test
  void sourceAddressesParseAutoNoneAndLiteralsOnly() {
    assertEquals(SourceAddresses.Mode.AUTO, SourceAddresses.parse("AUTO").mode());
    assertEquals(SourceAddresses.Mode.NONE, SourceAddresses.parse("none").mode());
    assertEquals(List.of("127.0.0.2", "::1"), SourceAddresses.parse("127.0.0.2, ::1").addresses());
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> SourceAddresses.parse("127.0.0.2,myhost"));
    assertEquals("source addresses '127.0.0.2,myhost': 'myhost' is not an IP address; expected auto, none, or a"
        + " comma-separated list of IP addresses of this machine", e.getMessage());
    assertThrows(IllegalArgumentException.class, () -> SourceAddresses.parse("127.0.0.2,127.0.0.2"));
  }
}
