package dev.ycsbmongo.orchestrator.embedded;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.mongodb.MongoCommandException;
import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import org.bson.Document;
import org.junit.jupiter.api.Test;

/**
 * The embedded server answers {@code hello} (mongo-java-server does not, and logged a stack trace per ask on
 * a normal run's console); whether the console stays quiet is checked by hand, as this module's test logging
 * turns that logger off (src/test/resources/simplelogger.properties).
 */
class EmbeddedMongoServerTest {

  @Test
  void answersHelloAsIsMasterWithIsWritablePrimary() {
    try (EmbeddedMongoServer server = EmbeddedMongoServer.start(0);
        MongoClient client = MongoClients.create(server.connectionString("admin"))) {
      Document hello = client.getDatabase("admin").runCommand(new Document("hello", 1));
      Document isMaster = client.getDatabase("admin").runCommand(new Document("isMaster", 1));
      assertEquals(1.0, ((Number) hello.get("ok")).doubleValue());
      assertEquals(Boolean.TRUE, hello.get("isWritablePrimary"));
      assertEquals(isMaster.get("ismaster"), hello.get("ismaster"));
      assertEquals(isMaster.get("maxWireVersion"), hello.get("maxWireVersion"));
    }
  }

  @Test
  void anyOtherUnknownCommandStillFails() {
    try (EmbeddedMongoServer server = EmbeddedMongoServer.start(0);
        MongoClient client = MongoClients.create(server.connectionString("admin"))) {
      MongoCommandException e = assertThrows(MongoCommandException.class,
          () -> client.getDatabase("admin").runCommand(new Document("helloThere", 1)));
      assertEquals(59, e.getErrorCode());  // CommandNotFound, as before
    }
  }

  @Test
  void refusesAPortOutOfRange() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> EmbeddedMongoServer.start(70000));
    assertTrue(e.getMessage().contains("0 (any free port) to 65535"), e.getMessage());
  }
}
