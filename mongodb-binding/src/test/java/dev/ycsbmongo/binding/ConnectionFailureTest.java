package dev.ycsbmongo.binding;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.mongodb.MongoCommandException;
import com.mongodb.MongoCredential;
import com.mongodb.MongoInternalException;
import com.mongodb.MongoSecurityException;
import com.mongodb.MongoSocketOpenException;
import com.mongodb.MongoSocketReadTimeoutException;
import com.mongodb.MongoTimeoutException;
import com.mongodb.ServerAddress;
import java.net.ConnectException;
import java.net.SocketTimeoutException;
import java.net.UnknownHostException;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import javax.net.ssl.SSLHandshakeException;
import org.bson.BsonDocument;
import org.junit.jupiter.api.Test;

class ConnectionFailureTest {

  private static final ServerAddress HOST = new ServerAddress("127.0.0.1", 27017);

  private static String cause(Throwable t) {
    return ConnectionFailure.cause(t, false, 2000);
  }

  @Test
  void namesAFailedAuthenticationWithUserAndAuthDatabase() {
    MongoCredential credential = MongoCredential.createScramSha256Credential("bench", "admin", "secret".toCharArray());
    MongoCommandException server = new MongoCommandException(BsonDocument.parse(
        "{ok: 0, errmsg: 'Authentication failed.', code: 18, codeName: 'AuthenticationFailed'}"), HOST);
    String cause = cause(new MongoSecurityException(credential, "Exception authenticating " + credential, server));
    assertEquals("authentication failed for user 'bench' (auth database 'admin'): the server says"
        + " AuthenticationFailed: Authentication failed.; check the user name, password and authSource in the URL",
        cause);
    assertFalse(cause.contains("secret"), cause);
  }

  @Test
  void namesAFailedAuthenticationReportedInsideATimeout() {
    MongoTimeoutException e = new MongoTimeoutException("Timed out while waiting for a server that matches"
        + " ReadPreferenceServerSelector{readPreference=primary}. Client view of cluster state is {type=UNKNOWN,"
        + " servers=[{address=h:3717, type=UNKNOWN, state=CONNECTING, exception={com.mongodb.MongoSecurityException:"
        + " Exception authenticating MongoCredential{mechanism=SCRAM-SHA-1, userName='test', source='admin',"
        + " password=<hidden>, mechanismProperties=<hidden>}}, caused by {com.mongodb.MongoCommandException: Command"
        + " failed with error 18 (AuthenticationFailed): 'Authentication failed.' on server h:3717.}}]");
    assertTrue(cause(e).startsWith("authentication failed for user 'test' (auth database 'admin'): the server says"
        + " AuthenticationFailed: Authentication failed."), cause(e));
  }

  @Test
  void namesARefusedConnectionFromTheTimeoutsClusterView() {
    MongoTimeoutException e = new MongoTimeoutException("Timed out while waiting for a server that matches"
        + " ReadPreferenceServerSelector{readPreference=primary}. Client view of cluster state is {type=UNKNOWN,"
        + " servers=[{address=127.0.0.1:1, type=UNKNOWN, state=CONNECTING, exception={com.mongodb.MongoSocketOpenException:"
        + " Exception opening socket}, caused by {java.net.ConnectException: Connection refused}}]");
    assertEquals("connection refused: nothing listens at that host and port", cause(e));
  }

  @Test
  void namesARefusedConnectionFromTheCauseChain() {
    assertEquals("connection refused: nothing listens at that host and port",
        cause(new MongoSocketOpenException("Exception opening socket", HOST, new ConnectException("Connection refused"))));
  }

  @Test
  void namesAServerThatAcceptsButNeverAnswers() {
    String cause = cause(new MongoSocketReadTimeoutException("Timeout while receiving message", HOST,
        new SocketTimeoutException("Read timed out")));
    assertTrue(cause.startsWith("the server accepted the connection but did not answer"), cause);
    assertTrue(cause.contains("connectTimeoutMs=2000"), cause);
  }

  @Test
  void namesAStalledTlsHandshakeAsSuch() {
    String cause = ConnectionFailure.cause(new MongoSocketReadTimeoutException("Timeout while receiving message",
        HOST, new SocketTimeoutException("Read timed out")), true, 2000);
    assertTrue(cause.contains("did not complete a TLS handshake"), cause);
  }

  @Test
  void namesATlsFailure() {
    String cause = cause(new MongoSocketOpenException("Exception opening socket", HOST,
        new SSLHandshakeException("PKIX path building failed")));
    assertTrue(cause.startsWith("TLS handshake failed (PKIX path building failed)"), cause);
  }

  @Test
  void namesAnUnknownHost() {
    String cause = cause(new MongoSocketOpenException("Exception opening socket", HOST,
        new UnknownHostException("db.example.invalid")));
    assertEquals("unknown host db.example.invalid: the name does not resolve", cause);
  }

  @Test
  void namesAConnectTimeout() {
    String cause = cause(new MongoSocketOpenException("Exception opening socket", HOST,
        new SocketTimeoutException("Connect timed out")));
    assertTrue(cause.startsWith("no answer to the TCP connection attempt within connectTimeoutMs=2000"), cause);
  }

  @Test
  void namesAWrongReplicaSetName() {
    Map<String, Optional<String>> found = new LinkedHashMap<>();
    found.put("a:27017", Optional.empty());
    found.put("b:27017", Optional.of("rs0"));
    assertEquals("wrong replica set name: the URL asks for replicaSet=nope, but a:27017 is not a replica-set member"
        + " (standalone or mongos); b:27017 is in replica set 'rs0' (fix replicaSet= in the URL, or drop it for a"
        + " standalone server)", ConnectionFailure.replicaSetMismatch("nope", found));
  }

  @Test
  void fallsBackToTheFirstLineOfAnUnknownFailureWithThePasswordMasked() {
    String cause = cause(new IllegalStateException("odd: mongodb://u:hunter2@h/db\nsecond line"));
    assertEquals("no usable server: odd: mongodb://u:****@h/db", cause);
  }
  @Test
  void quotesAServerMessageThatHoldsQuotesWhole() {
    // what the embedded test server answers to saslStart, as driver 5.x words it: the message holds quotes
    MongoCredential credential = MongoCredential.createCredential("bench", "ycsb", "secret99".toCharArray());
    MongoCommandException server = new MongoCommandException(BsonDocument.parse(
        "{ok: 0, errmsg: \"no such command: 'saslStart'\", code: 59, codeName: 'CommandNotFound'}"), HOST);
    String cause = cause(new MongoSecurityException(credential, "Exception authenticating " + credential, server));
    assertEquals("authentication failed for user 'bench' (auth database 'ycsb'): the server does not support"
        + " authentication or rejected it (CommandNotFound: no such command: 'saslStart'); check the user name,"
        + " password and authSource in the URL", cause);
    assertTrue(ConnectionFailure.diagnose(new MongoSecurityException(credential, "x", server), false, 2000)
        .waitingDoesNotHelp(), "waiting for the server cannot fix credentials");
  }

  @Test
  void namesAReplyThatIsNotMongoDbWithItsHostAndNoClusterDump() {
    MongoTimeoutException e = new MongoTimeoutException("Timed out while waiting for a server that matches"
        + " ReadPreferenceServerSelector{readPreference=primary}. Client view of cluster state is {type=UNKNOWN,"
        + " servers=[{address=127.0.0.1:27992, type=UNKNOWN, state=CONNECTING, exception={com.mongodb.MongoInternalException:"
        + " The reply message length 2147483647 is greater than the maximum message length 33554432}}]");
    assertEquals("the server at 127.0.0.1:27992 answered with something that is not a MongoDB reply (The reply"
        + " message length 2147483647 is greater than the maximum message length 33554432)", cause(e));
    String direct = cause(new MongoInternalException("Unexpected reply message opCode 1347703880"));
    assertEquals("the server answered with something that is not a MongoDB reply (Unexpected reply message opCode"
        + " 1347703880)", direct);
    assertTrue(ConnectionFailure.diagnose(e, false, 2000).waitingDoesNotHelp());
    assertFalse(ConnectionFailure.diagnose(new MongoSocketOpenException("Exception opening socket", HOST,
        new ConnectException("Connection refused")), false, 2000).waitingDoesNotHelp());
  }
}
