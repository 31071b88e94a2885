package dev.ycsbmongo.it;

import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import java.util.Objects;
import org.junit.jupiter.api.TestInfo;

/**
 * The MongoDB server the integration tests of this JVM run against, resolved once by
 * {@link MongoServerExtension}. Tests take it as a parameter and use a database of their own.
 */
public final class TestMongo implements AutoCloseable {

  /** Where the server came from, in the order the extension tries them. */
  public enum Kind {
    /** {@code MONGODB_TEST_URI}: a server someone else runs; assumed to be real MongoDB. */
    ENV_URI,
    /** A {@code mongo:7.0} single-node replica set started by Testcontainers. */
    TESTCONTAINERS,
    /** The in-JVM MongoDB-wire test server (mongo-java-server): not MongoDB. */
    EMBEDDED
  }

  private final Kind kind;
  private final String baseUri;
  private final String description;
  /** Stops what the extension started; no checked exceptions, so closing cannot be interrupted. */
  interface Resource {
    void close();
  }

  private final Resource resource;

  TestMongo(Kind kind, String baseUri, String description, Resource resource) {
    this.kind = Objects.requireNonNull(kind, "kind");
    this.baseUri = Objects.requireNonNull(baseUri, "baseUri");
    this.description = Objects.requireNonNull(description, "description");
    this.resource = resource;
  }

  public Kind kind() {
    return kind;
  }

  /** The server's connection string as resolved (database path and options as given). */
  public String uri() {
    return baseUri;
  }

  /**
   * The connection string pointed at {@code database}, keeping the hosts and options of
   * {@link #uri()} (so a {@code MONGODB_TEST_URI} with credentials or TLS options still applies).
   */
  public String uri(String database) {
    return ConnectionStrings.withDatabase(baseUri, database);
  }

  /**
   * A database of the test's own, named for the test method (and its parameters, if any) and
   * dropped, so the test starts from nothing whatever ran before it.
   */
  public String freshDatabase(String prefix, TestInfo info) {
    String database = Binding.database(prefix, info.getTestMethod().orElseThrow().getName()
        + info.getDisplayName().replaceAll("\\D", ""));
    try (MongoClient driver = MongoClients.create(uri(database))) {
      driver.getDatabase(database).drop();
    }
    return database;
  }

  /**
   * Whether write concerns, read preferences and the like behave as in MongoDB. False for the
   * embedded test server, which acknowledges any write concern, loses {@code w:0} writes and has
   * no replica set.
   */
  public boolean supportsRealMongoSemantics() {
    return kind != Kind.EMBEDDED;
  }

  /** One line for logs; never contains a password. */
  public String description() {
    return description;
  }

  @Override
  public void close() {
    if (resource != null) {
      resource.close();
    }
  }

  @Override
  public String toString() {
    return kind + ": " + description;
  }
}
