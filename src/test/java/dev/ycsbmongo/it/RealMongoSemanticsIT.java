package dev.ycsbmongo.it;

import static dev.ycsbmongo.it.Binding.TABLE;
import static dev.ycsbmongo.it.Binding.values;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertSame;

import com.mongodb.ReadConcern;
import com.mongodb.WriteConcern;
import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import com.mongodb.client.MongoCollection;
import com.mongodb.client.MongoDatabase;
import java.util.HashMap;
import java.util.Properties;
import org.bson.Document;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInfo;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.testcontainers.junit.jupiter.Container;
import org.testcontainers.junit.jupiter.Testcontainers;
import org.testcontainers.mongodb.MongoDBContainer;
import org.testcontainers.utility.DockerImageName;
import site.ycsb.DB;
import site.ycsb.DBException;
import site.ycsb.Status;

/**
 * What only a real MongoDB shows: write concerns enforced by a replica set, unacknowledged writes
 * kept, the read preference sent to the server. Skipped without Docker: the embedded test server
 * acknowledges every write concern, loses {@code w:0} writes and has no replica set.
 */
@Testcontainers(disabledWithoutDocker = true)
class RealMongoSemanticsIT {

  @Container
  static final MongoDBContainer MONGO =
      new MongoDBContainer(DockerImageName.parse(MongoServerExtension.MONGO_IMAGE)).withReplicaSet();

  private static Properties properties(String database, String... keyValues) {
    Properties properties = new Properties();
    properties.setProperty("mongodb.url", MONGO.getReplicaSetUrl(database));
    for (int i = 0; i < keyValues.length; i += 2) {
      properties.setProperty(keyValues[i], keyValues[i + 1]);
    }
    return properties;
  }

  private static String database(TestInfo info) {
    // the display name's digits tell the parameterized cases apart, so each writes its own database
    String name = Binding.database("real", info.getTestMethod().orElseThrow().getName()
        + info.getDisplayName().replaceAll("\\D", ""));
    System.out.println("[it] " + RealMongoSemanticsIT.class.getSimpleName() + " runs against: MongoDB "
        + MongoServerExtension.MONGO_IMAGE + " single-node replica set (Testcontainers) at "
        + MONGO.getReplicaSetUrl(name));
    return name;
  }

  @Test
  void shouldAcknowledgeMajorityWritesOnAReplicaSet(TestInfo info) throws DBException {
    String database = database(info);
    try (Binding binding = Binding.open(properties(database, "mongodb.writeConcern", "majority",
        "mongodb.journal", "true", "mongodb.readConcern", "majority"));
         MongoClient driver = MongoClients.create(MONGO.getReplicaSetUrl(database))) {
      assertSame(Status.OK, binding.db().insert(TABLE, "user1", values("user1", 3, "v1")));
      assertSame(Status.OK, binding.db().read(TABLE, "user1", null, new HashMap<>()));

      MongoCollection<Document> majority = driver.getDatabase(database).getCollection(TABLE)
          .withReadConcern(ReadConcern.MAJORITY);
      assertNotNull(majority.find(new Document("_id", "user1")).first(), "majority-committed");
    }
  }

  /** A single-node replica set cannot acknowledge w:3 nor an undefined tag; the embedded server would say OK. */
  @ParameterizedTest
  @ValueSource(strings = {"3", "tag:noSuchTag"})
  void shouldReturnErrorWhenTheWriteConcernCannotBeSatisfied(String writeConcern, TestInfo info) throws DBException {
    String database = database(info);
    try (Binding binding = Binding.open(properties(database, "mongodb.writeConcern", writeConcern,
        "mongodb.wtimeoutMs", "1000"))) {
      assertSame(Status.ERROR, binding.db().insert(TABLE, "user1", values("user1", 1, "v1")));
    }
  }

  /** Updates by key go as a plain update command (KeyCommands): its write concern error must still fail the operation. */
  @ParameterizedTest
  @ValueSource(strings = {"3", "tag:noSuchTag"})
  void shouldReturnErrorWhenAnUpdateCannotSatisfyTheWriteConcern(String writeConcern, TestInfo info) throws DBException {
    String database = database(info);
    try (MongoClient driver = MongoClients.create(MONGO.getReplicaSetUrl(database))) {
      driver.getDatabase(database).getCollection(TABLE).insertOne(new Document("_id", "user1").append("field0", new byte[] {1}));
    }
    try (Binding binding = Binding.open(properties(database, "mongodb.writeConcern", writeConcern,
        "mongodb.wtimeoutMs", "1000"))) {
      assertSame(Status.ERROR, binding.db().update(TABLE, "user1", values("user1", 1, "v2")));
    }
  }

  /** Reads by key go as a plain find command (KeyCommands), which must carry the configured read concern. */
  @Test
  void shouldSendTheConfiguredReadConcernWithReadsByKey(TestInfo info) throws DBException {
    Document command = profiledRead(database(info), "mongodb.readConcern", "majority");
    Document readConcern = command.get("readConcern", Document.class);
    assertNotNull(readConcern, "the read carried a read concern: " + command.toJson());
    assertEquals("majority", readConcern.getString("level"));
  }

  @Test
  void shouldKeepUnacknowledgedWrites(TestInfo info) throws Exception {
    String database = database(info);
    DB db = Binding.newDb(properties(database, "mongodb.writeConcern", "0"));
    db.init();
    try {
      for (int i = 0; i < 100; i++) {
        assertSame(Status.OK, db.insert(TABLE, "user" + i, values("user" + i, 1, "v1")));
      }
    } finally {
      db.cleanup();
    }
    try (MongoClient driver = MongoClients.create(MONGO.getReplicaSetUrl(database))) {
      MongoCollection<Document> collection = driver.getDatabase(database).getCollection(TABLE)
          .withWriteConcern(WriteConcern.MAJORITY);
      long deadline = System.nanoTime() + 10_000_000_000L;
      while (collection.countDocuments() < 100 && System.nanoTime() < deadline) {
        Thread.sleep(50);
      }
      assertEquals(100, collection.countDocuments(), "w:0 writes reach a real server");
    }
  }

  @Test
  void shouldSendTheConfiguredReadPreferenceToTheServer(TestInfo info) throws DBException {
    // One container is one member, so no read can come from a secondary; what can be checked is
    // that the binding's read preference reaches the server. The driver connects directly to the
    // single host and passes a non-primary mode on as $readPreference, which the profiler records.
    Document command = profiledRead(database(info), "mongodb.readPreference", "secondaryPreferred");
    Document readPreference = command.get("$readPreference", Document.class);
    assertNotNull(readPreference, "the read carried a read preference: " + command.toJson());
    assertEquals("secondaryPreferred", readPreference.getString("mode"));
  }

  /** The command the server's profiler recorded for one binding read of a stored record, with these settings. */
  private static Document profiledRead(String database, String... settings) throws DBException {
    try (MongoClient driver = MongoClients.create(MONGO.getReplicaSetUrl(database))) {
      MongoDatabase db = driver.getDatabase(database);
      db.getCollection(TABLE).insertOne(new Document("_id", "user1").append("field0", new byte[] {1}));
      db.runCommand(new Document("profile", 2));
      try (Binding binding = Binding.open(properties(database, settings))) {
        assertSame(Status.OK, binding.db().read(TABLE, "user1", null, new HashMap<>()));
      } finally {
        db.runCommand(new Document("profile", 0));
      }
      Document profiled = db.getCollection("system.profile")
          .find(new Document("ns", database + "." + TABLE).append("command.filter._id", "user1")).first();
      assertNotNull(profiled, "the binding's read is in the profiler");
      return profiled.get("command", Document.class);
    }
  }
}
