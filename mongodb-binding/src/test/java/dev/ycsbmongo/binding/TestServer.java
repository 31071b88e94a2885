package dev.ycsbmongo.binding;

import de.bwaldvogel.mongo.MongoServer;
import de.bwaldvogel.mongo.backend.memory.MemoryBackend;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * An in-JVM MongoDB-wire test server (mongo-java-server, not MongoDB) on 127.0.0.1, up for the whole
 * test class that registers it: {@code @RegisterExtension static final TestServer SERVER = new TestServer();}.
 */
final class TestServer implements BeforeAllCallback, AfterAllCallback {

  private MongoServer server;

  @Override
  public void beforeAll(ExtensionContext context) {
    server = new MongoServer(new MemoryBackend());
    server.bind("127.0.0.1", 0);
  }

  @Override
  public void afterAll(ExtensionContext context) {
    server.shutdownNow();
  }

  /** {@code 127.0.0.1:PORT}, the port the server is bound to. */
  String hostPort() {
    return "127.0.0.1:" + server.getLocalAddress().getPort();
  }

  /** {@code mongodb://127.0.0.1:PORT/DATABASE}. */
  String url(String database) {
    return "mongodb://" + hostPort() + "/" + database;
  }
}
