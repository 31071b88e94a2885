package dev.ycsbmongo.orchestrator.connections;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.InetAddress;
import java.net.ServerSocket;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** A port nobody listens on is named refused at once, not after the driver's whole selection timeout. */
class DirectClientTest {

  private static int closedPort() throws Exception {
    try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      return s.getLocalPort();
    }
  }

  @Test
  void aClosedPortIsRefusedAndAListeningOneIsLeftToTheDriver() throws Exception {
    TargetHost closed = new TargetHost("127.0.0.1", closedPort(), "127.0.0.1");
    assertEquals(Optional.of("connection refused"), DirectClient.refused(closed, 5_000));
    try (ServerSocket listening = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      TargetHost open = new TargetHost("127.0.0.1", listening.getLocalPort(), "127.0.0.1");
      assertEquals(Optional.empty(), DirectClient.refused(open, 5_000));
    }
  }

  @Test
  void theServerSideCountOfARefusedHostSaysSoWithoutWaitingForTheTimeout() throws Exception {
    int port = closedPort();
    TargetHost closed = new TargetHost("127.0.0.1", port, "127.0.0.1");
    long started = System.nanoTime();
    ServerConnectionCounts.Counts counts = ServerConnectionCounts.query("mongodb://127.0.0.1:" + port + "/",
        List.of(closed), 30_000);
    long millis = (System.nanoTime() - started) / 1_000_000;
    assertEquals(List.of("127.0.0.1:" + port + ": connection refused"), counts.problems());
    assertTrue(millis < 15_000, "answered in " + millis + " ms, not after the 30,000 ms timeout");
  }
}
