package dev.ycsbmongo.orchestrator.embedded;

import de.bwaldvogel.mongo.MongoServer;
import de.bwaldvogel.mongo.backend.memory.MemoryBackend;
import java.net.InetSocketAddress;

/**
 * An in-JVM MongoDB-wire server (mongo-java-server, memory backend) bound to the loopback
 * interface. It is a test server, not MongoDB: it ignores write concerns, loses {@code w:0}
 * writes and reports no opcounters, so figures measured against it describe the client only.
 */
public final class EmbeddedMongoServer implements AutoCloseable {

  /** Said wherever a figure measured against this server is shown. */
  public static final String LABEL = "embedded MongoDB-wire test server (mongo-java-server), not MongoDB";

  private static final String LOOPBACK = "127.0.0.1";

  private final MongoServer server;
  private final InetSocketAddress address;

  private EmbeddedMongoServer(MongoServer server, InetSocketAddress address) {
    this.server = server;
    this.address = address;
  }

  /** Starts a server on 127.0.0.1; port 0 picks a free port. */
  public static EmbeddedMongoServer start(int port) {
    if (port < 0 || port > 65535) {
      throw new IllegalArgumentException("port " + port + " is out of range: expected 0 (any free port) to 65535");
    }
    MongoServer server = new MongoServer(new MemoryBackend());
    server.bind(LOOPBACK, port);
    return new EmbeddedMongoServer(server, server.getLocalAddress());
  }

  public int port() {
    return address.getPort();
  }

  /** A connection string for this server's {@code database}. */
  public String connectionString(String database) {
    return "mongodb://" + LOOPBACK + ":" + port() + "/" + database;
  }

  @Override
  public void close() {
    server.shutdownNow();
  }

  @Override
  public String toString() {
    return LABEL + " at " + LOOPBACK + ":" + port();
  }
}
