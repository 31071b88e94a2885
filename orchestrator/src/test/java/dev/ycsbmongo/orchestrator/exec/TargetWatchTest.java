package dev.ycsbmongo.orchestrator.exec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.mongodb.MongoSocketOpenException;
import com.mongodb.MongoSocketReadTimeoutException;
import com.mongodb.MongoTimeoutException;
import com.mongodb.ServerAddress;
import dev.ycsbmongo.binding.ConnectionFailure;
import dev.ycsbmongo.orchestrator.process.GarbageServer;
import java.io.IOException;
import java.net.ConnectException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class TargetWatchTest {

  @Test
  void namesWireFailuresInAPersonsWords() {
    ServerAddress a = new ServerAddress("127.0.0.1", 1);
    assertTrue(TargetWatch.cause(new MongoSocketOpenException("Exception opening socket", a,
        new ConnectException("Connection refused"))).startsWith("connection refused"));
    assertTrue(TargetWatch.cause(new MongoSocketReadTimeoutException("Timeout while receiving"
        + " message", a, new SocketTimeoutException("Read timed out"))).startsWith("the server accepted the connection but"
        + " did not answer"));
    assertTrue(TargetWatch.cause(new MongoTimeoutException("Timed out after 2000 ms while"
        + " waiting to connect. Client view of cluster state is {type=UNKNOWN, servers=[{address=127.0.0.1:1,"
        + " type=UNKNOWN, state=CONNECTING, exception={com.mongodb.MongoSocketOpenException: Exception opening socket},"
        + " caused by {java.net.ConnectException: Connection refused}}]")).startsWith("connection refused"));
    assertTrue(TargetWatch.cause(new MongoTimeoutException("Timed out after 2000 ms")).startsWith("no usable server"));
  }

  @Test
  void checkOnceSaysAPortWithNothingOnItRefuses() throws IOException {
    int port;
    try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      port = s.getLocalPort();
    }
    Optional<String> problem = TargetWatch.checkOnce("mongodb://127.0.0.1:" + port + "/?directConnection=true");
    assertTrue(problem.orElseThrow().startsWith("connection refused"), problem.toString());
  }

  @Test
  void declaresAStalledServerDownWithinItsBoundAndCallsBack() throws Exception {
    // accepts connections and never answers: the driver's handshake times out
    List<Socket> held = new ArrayList<>();
    try (ServerSocket stalled = new ServerSocket(0, 50, InetAddress.getLoopbackAddress())) {
      Thread acceptor = new Thread(() -> {
        try {
          while (true) {
            held.add(stalled.accept());
          }
        } catch (IOException e) {
          // closed at the end of the test
        }
      });
      acceptor.setDaemon(true);
      acceptor.start();
      CountDownLatch called = new CountDownLatch(1);
      long t0 = System.nanoTime();
      try (TargetWatch w = TargetWatch.start("mongodb://127.0.0.1:" + stalled.getLocalPort() + "/?directConnection=true",
          Duration.ofSeconds(2), called::countDown)) {
        assertTrue(called.await(15, TimeUnit.SECONDS), "the watch never declared the stalled server down");
        double seconds = (System.nanoTime() - t0) / 1e9;
        assertTrue(seconds < 10, "took " + seconds + " s");
        TargetWatch.Down down = w.down().orElseThrow();
        assertTrue(down.cause().startsWith("the server accepted the connection but did not answer"), down.cause());
        assertTrue(down.atSeconds() < 2, "first failure at " + down.atSeconds());
      } finally {
        for (Socket s : held) {
          s.close();
        }
      }
    }
  }

  @Test
  void aServerAnsweringGarbageIsUnusableNotSilent() throws IOException {
    try (GarbageServer server = new GarbageServer(GarbageServer.twoGibHeader())) {
      ConnectionFailure.Diagnosis d = TargetWatch.diagnoseOnce("mongodb://127.0.0.1:" + server.port()
          + "/?directConnection=true").orElseThrow();
      assertTrue(d.cause().startsWith("the server at 127.0.0.1:" + server.port() + " answered with something that is"
          + " not a MongoDB reply (The reply message length 2147483647"), d.cause());
      assertTrue(d.waitingDoesNotHelp());
      String down = new TargetWatch.Down(1.0, d.cause(), d.waitingDoesNotHelp()).describe();
      assertFalse(down.contains("stopped answering"), down);
    }
  }

  @Test
  void aTargetThatCannotBeUsedIsNotWaitedForToAnswerAgain() {
    String note = PlanRunner.stoppedBefore("t (authentication failed for user 'u')", true, "run/t/1", "results/x");
    assertFalse(note.contains("answers again"), note);
    assertTrue(note.contains("once that is fixed: scripts/orchestrator run --resume results/x"), note);
  }
}
