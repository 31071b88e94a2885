package dev.ycsbmongo.orchestrator.connections;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.ycsbmongo.orchestrator.connections.FailureCause.Stage;
import java.io.IOException;
import java.net.BindException;
import java.net.ConnectException;
import java.net.NoRouteToHostException;
import java.net.SocketException;
import org.junit.jupiter.api.Test;

/** The messages are the JDK's for the errno in question on Linux. */
class FailureCauseTest {

  @Test
  void connectionRefusedIsRefused() {
    assertEquals("refused", FailureCause.classify(Stage.CONNECT, new ConnectException("Connection refused")));
  }

  @Test
  void noPortLeftForAnUnboundConnectIsPortsExhausted() {
    assertEquals("local ports exhausted",
        FailureCause.classify(Stage.CONNECT, new ConnectException("Cannot assign requested address")));
    assertEquals("local ports exhausted",
        FailureCause.classify(Stage.CONNECT, new BindException("Cannot assign requested address")));
  }

  @Test
  void noPortLeftForABoundSourceAddressIsPortsExhausted() {
    assertEquals("local ports exhausted",
        FailureCause.classify(Stage.BIND, new BindException("Address already in use")));
  }

  @Test
  void bindingAnAddressThatIsNotOursSaysSo() {
    assertEquals("source address not on this machine",
        FailureCause.classify(Stage.BIND, new BindException("Cannot assign requested address")));
  }

  @Test
  void tooManyOpenFilesWhereverItHappens() {
    assertEquals("too many open files", FailureCause.classify(Stage.OPEN_SOCKET, new IOException("Too many open files")));
    assertEquals("too many open files", FailureCause.classify(Stage.CONNECT, new SocketException("Too many open files")));
  }

  @Test
  void resetWhileWaitingForTheReplyIsClosedByServer() {
    assertEquals(FailureCause.CLOSED_BY_SERVER,
        FailureCause.classify(Stage.EXCHANGE, new SocketException("Connection reset")));
    assertEquals(FailureCause.CLOSED_BY_SERVER,
        FailureCause.classify(Stage.EXCHANGE, new IOException("Broken pipe")));
  }

  @Test
  void timedOutIsTimeout() {
    assertEquals("timeout", FailureCause.classify(Stage.CONNECT, new ConnectException("Connection timed out")));
  }

  @Test
  void anythingElseKeepsItsMessageCut() {
    assertEquals("other: no route to host",
        FailureCause.classify(Stage.CONNECT, new NoRouteToHostException("No route to host")));
    assertEquals("other: Network is unreachable",
        FailureCause.classify(Stage.CONNECT, new SocketException("Network is unreachable")));
    String cut = FailureCause.other("x".repeat(500));
    assertEquals("other: ".length() + FailureCause.MAX_DETAIL, cut.length());
    assertEquals("other: a b", FailureCause.other(" a\nb "));
  }

  @Test
  void errorReplyCarriesTheServersMessage() {
    assertEquals("error reply: too many connections", FailureCause.errorReply("too many connections"));
    assertEquals("error reply: ok is not 1 and there is no errmsg", FailureCause.errorReply(null));
  }
}
