package dev.ycsbmongo.orchestrator.embedded;

import de.bwaldvogel.mongo.MongoServer;
import de.bwaldvogel.mongo.backend.memory.MemoryBackend;
import de.bwaldvogel.mongo.bson.Document;
import io.netty.channel.Channel;
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
    MongoServer server = new MongoServer(new HelloAnsweringBackend());
    server.bind(LOOPBACK, port);
    return new EmbeddedMongoServer(server, server.getLocalAddress());
  }

  /**
   * The memory backend, answering {@code hello} as it answers {@code isMaster} (plus
   * {@code isWritablePrimary}, as MongoDB 5.0 does). mongo-java-server 1.47 knows only
   * {@code isMaster} and logs every unknown command at ERROR with its stack trace; the
   * orchestrator asks {@code hello} before falling back (PrimaryFinder), so a normal run printed
   * one 25-line trace per connection-stress cell. Answering it removes the cause instead of
   * hiding the logger, whose other errors (a real failed command) stay on the console.
   */
  static final class HelloAnsweringBackend extends MemoryBackend {

    private static final String HELLO = "hello";
    private static final String IS_MASTER = "isMaster";

    @Override
    public Document handleCommand(Channel channel, String databaseName, String command, Document query) {
      if (!HELLO.equalsIgnoreCase(command)) {
        return super.handleCommand(channel, databaseName, command, query);
      }
      Document asIsMaster = new Document(IS_MASTER, query.get(command));
      Document answer = super.handleCommand(channel, databaseName, IS_MASTER, asIsMaster);
      answer.put("isWritablePrimary", answer.get("ismaster"));
      return answer;
    }
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
