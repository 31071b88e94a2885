package dev.ycsbmongo.binding;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** The connection check against an in-JVM MongoDB-wire test server (not MongoDB) and a stalled socket. */
class ConnectionCheckTest {

  @RegisterExtension
  static final TestServer SERVER = new TestServer();

  private static ClientConfig config(String url, String... keyValues) throws InvalidSettingException {
    Properties p = new Properties();
    p.setProperty(Keys.URL, url);
    p.setProperty(Keys.CONNECT_TIMEOUT_MS, "1000");
    p.setProperty(Keys.SERVER_SELECTION_TIMEOUT_MS, "2000");
    p.setProperty(Keys.SOCKET_TIMEOUT_MS, "1000");
    for (int i = 0; i + 1 < keyValues.length; i += 2) {
      p.setProperty(keyValues[i], keyValues[i + 1]);
    }
    return BindingSettings.from(p, Map.of()).client();
  }

  @Test
  void passesWhenTheServerAnswersThePing() throws Exception {
    assertEquals(Optional.empty(), ConnectionCheck.run(config(SERVER.url("ycsb"))).cause());
  }

  @Test
  void namesAWrongReplicaSetNameWithoutWaitingOutTheSelectionTimeout() throws Exception {
    ClientConfig c = config(SERVER.url("ycsb?replicaSet=nope"), Keys.SERVER_SELECTION_TIMEOUT_MS, "20000");
    // the driver warns on stderr that it drops the host; the launcher holds such lines back, so does this test
    PrintStream stderr = System.err;
    ConnectionCheck.Result r;
    try {
      System.setErr(new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8));
      r = ConnectionCheck.run(c);
    } finally {
      System.setErr(stderr);
    }
    assertEquals(Optional.of("wrong replica set name: the URL asks for replicaSet=nope, but " + SERVER.hostPort()
        + " is not a replica-set member (standalone or mongos) (fix replicaSet= in the URL, or drop it for a"
        + " standalone server)"), r.cause());
    assertTrue(r.elapsedMs() < 10_000, "ended early: " + r.elapsedMs() + " ms");
  }

  @Test
  void namesARefusedConnectionWithoutWaitingOutTheSelectionTimeout() throws Exception {
    int port;
    try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      port = s.getLocalPort();
    }
    ConnectionCheck.Result r = ConnectionCheck.run(config("mongodb://127.0.0.1:" + port + "/ycsb",
        Keys.SERVER_SELECTION_TIMEOUT_MS, "20000"));
    assertEquals(Optional.of("connection refused: nothing listens at 127.0.0.1:" + port), r.cause());
    assertTrue(r.elapsedMs() < 10_000, "ended early: " + r.elapsedMs() + " ms");
  }

  @Test
  void endsWithinTheTimeoutsWhenTheServerAcceptsButNeverAnswers() throws Exception {
    List<Socket> held = new ArrayList<>();
    try (ServerSocket stalled = new ServerSocket(0, 50, InetAddress.getLoopbackAddress())) {
      Thread acceptor = new Thread(() -> {
        try {
          while (true) {
            Socket s = stalled.accept();
            synchronized (held) {
              held.add(s);
            }
          }
        } catch (IOException e) {
          // closed at the end of the test
        }
      });
      acceptor.setDaemon(true);
      acceptor.start();
      ClientConfig c = config("mongodb://127.0.0.1:" + stalled.getLocalPort() + "/ycsb");
      ConnectionCheck.Result r = ConnectionCheck.run(c);
      assertTrue(r.cause().orElseThrow().startsWith("the server accepted the connection but did not answer"),
          r.cause().toString());
      assertTrue(r.elapsedMs() <= ConnectionCheck.limitMs(c), r.elapsedMs() + " ms");
    } finally {
      synchronized (held) {
        for (Socket s : held) {
          s.close();
        }
      }
    }
  }

  @Test
  void boundsTheCheckByTheConfiguredTimeouts() throws Exception {
    assertEquals(2000 + 1000 + 1000 + 1000, ConnectionCheck.limitMs(config(SERVER.url("ycsb"))));
    // no socket timeout: the connect timeout stands in for the ping's read
    assertEquals(2000 + 1000 + 1000 + 1000, ConnectionCheck.limitMs(config(SERVER.url("ycsb"),
        Keys.SOCKET_TIMEOUT_MS, "0")));
  }
}
