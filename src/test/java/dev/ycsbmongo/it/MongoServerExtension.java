package dev.ycsbmongo.it;

import dev.ycsbmongo.binding.UriMasker;
import dev.ycsbmongo.orchestrator.embedded.EmbeddedMongoServer;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolver;
import org.testcontainers.DockerClientFactory;
import org.testcontainers.mongodb.MongoDBContainer;
import org.testcontainers.utility.DockerImageName;

/**
 * Resolves the MongoDB server for the integration tests once per JVM and hands it to tests as a
 * {@link TestMongo} parameter. In order of preference:
 * <ol>
 *   <li>{@code MONGODB_TEST_URI}, when set: a server someone else runs;</li>
 *   <li>a {@code mongo:7.0} single-node replica set from Testcontainers, when Docker is available;</li>
 *   <li>the embedded MongoDB-wire test server on a free loopback port.</li>
 * </ol>
 * The server lives in the root extension store, so it is shared by every test class and closed
 * when the test plan ends. Each test class prints which server it runs against.
 */
public final class MongoServerExtension implements BeforeAllCallback, ParameterResolver {

  /** The pinned image for the Testcontainers path: tests should not drift with {@code latest}. */
  static final String MONGO_IMAGE = "mongo:7.0";

  static final String ENV_URI = "MONGODB_TEST_URI";

  private static final ExtensionContext.Namespace NAMESPACE =
      ExtensionContext.Namespace.create(MongoServerExtension.class);

  @Override
  public void beforeAll(ExtensionContext context) {
    TestMongo mongo = server(context);
    System.out.println("[it] " + context.getRequiredTestClass().getSimpleName()
        + " runs against: " + mongo.description());
  }

  @Override
  public boolean supportsParameter(ParameterContext parameterContext, ExtensionContext extensionContext) {
    return parameterContext.getParameter().getType() == TestMongo.class;
  }

  @Override
  public Object resolveParameter(ParameterContext parameterContext, ExtensionContext extensionContext) {
    return server(extensionContext);
  }

  private static TestMongo server(ExtensionContext context) {
    return context.getRoot().getStore(NAMESPACE)
        .getOrComputeIfAbsent(TestMongo.class, type -> resolve(), TestMongo.class);
  }

  private static TestMongo resolve() {
    TestMongo mongo;
    String fromEnv = System.getenv(ENV_URI);
    if (fromEnv != null && !fromEnv.isBlank()) {
      mongo = new TestMongo(TestMongo.Kind.ENV_URI, fromEnv.trim(),
          "MongoDB from " + ENV_URI + " (" + UriMasker.mask(fromEnv.trim()) + ")", null);
    } else if (dockerAvailable()) {
      mongo = startContainer();
    } else {
      EmbeddedMongoServer server = EmbeddedMongoServer.start(0);
      mongo = new TestMongo(TestMongo.Kind.EMBEDDED, server.connectionString("ycsb"),
          server + " (no " + ENV_URI + ", no Docker)", server::close);
    }
    System.out.println("[it] test server for this JVM: " + mongo.description());
    return mongo;
  }

  private static TestMongo startContainer() {
    MongoDBContainer container = new MongoDBContainer(DockerImageName.parse(MONGO_IMAGE)).withReplicaSet();
    container.start();
    String uri = container.getReplicaSetUrl("ycsb");
    return new TestMongo(TestMongo.Kind.TESTCONTAINERS, uri,
        "MongoDB " + MONGO_IMAGE + " single-node replica set (Testcontainers) at " + uri, container::stop);
  }

  private static boolean dockerAvailable() {
    try {
      return DockerClientFactory.instance().isDockerAvailable();
    } catch (RuntimeException | LinkageError e) {
      return false;
    }
  }
}
