package dev.ycsbmongo.it;

import static dev.ycsbmongo.it.Binding.TABLE;
import static dev.ycsbmongo.it.Binding.expectedValue;
import static dev.ycsbmongo.it.Binding.values;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import com.mongodb.client.MongoCollection;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import org.bson.Document;
import org.bson.types.Binary;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInfo;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import site.ycsb.DB;
import site.ycsb.DBException;
import site.ycsb.Status;

/** Batched inserts ({@code batchsize}) and reloading with {@code mongodb.upsert}. */
@ExtendWith(MongoServerExtension.class)
class BatchAndUpsertIT {

  private static final int BATCH_SIZE = 7;
  private static final int RECORDS = 100;

  private TestMongo mongo;
  private String database;
  private MongoClient driver;

  @BeforeEach
  void open(TestMongo mongo, TestInfo info) {
    this.mongo = mongo;
    database = mongo.freshDatabase("batch", info);
    driver = MongoClients.create(mongo.uri(database));
  }

  @AfterEach
  void close() {
    driver.close();
  }

  private MongoCollection<Document> collection() {
    return driver.getDatabase(database).getCollection(TABLE);
  }

  @ParameterizedTest(name = "[{index}] {0}")
  @ValueSource(strings = {"batchsize", "mongodb.batchsize"})
  void shouldStoreEveryRecordWhenTheBatchSizeDoesNotDivideTheRecordCount(String batchSizeKey) throws DBException {
    DB db = Binding.newDb(Binding.properties(mongo, database, batchSizeKey, String.valueOf(BATCH_SIZE)));
    db.init();
    List<String> unexpected = new ArrayList<>();
    try {
      for (int i = 0; i < RECORDS; i++) {
        Status status = db.insert(TABLE, key(i), values(key(i), 3, "v1"));
        Status expected = (i + 1) % BATCH_SIZE == 0 ? Status.OK : Status.BATCHED_OK;
        if (status != expected) {
          unexpected.add("insert #" + (i + 1) + " returned " + status + ", expected " + expected);
        }
      }
      int flushed = RECORDS / BATCH_SIZE * BATCH_SIZE;
      assertEquals(flushed, collection().countDocuments(),
          "before cleanup, only the full batches of " + BATCH_SIZE + " are stored");
    } finally {
      db.cleanup();
    }

    assertEquals(List.of(), unexpected, "queued inserts return BATCHED_OK and every " + BATCH_SIZE + "th the flush result");
    assertEquals(RECORDS, collection().countDocuments(), "cleanup flushes the tail of " + RECORDS % BATCH_SIZE);
    for (int i = 0; i < RECORDS; i++) {
      Document stored = collection().find(new Document("_id", key(i))).first();
      assertNotNull(stored, key(i));
      assertArrayEquals(expectedValue(key(i), "field2", "v1").getBytes(StandardCharsets.UTF_8),
          stored.get("field2", Binary.class).getData(), key(i));
    }
  }

  @ParameterizedTest(name = "[{index}] batchsize={0}")
  @ValueSource(ints = {1, BATCH_SIZE})
  void shouldReloadTheSameKeysWithoutErrorsInUpsertMode(int batchSize) throws DBException {
    assertEquals(List.of(), load(batchSize, false, "v1"), "first load");

    List<String> failures = load(batchSize, true, "v2");

    assertEquals(List.of(), failures, "reloading the same keys with mongodb.upsert=true");
    assertEquals(RECORDS, collection().countDocuments());
    for (int i = 0; i < RECORDS; i++) {
      Document stored = collection().find(new Document("_id", key(i))).first();
      assertArrayEquals(expectedValue(key(i), "field0", "v2").getBytes(StandardCharsets.UTF_8),
          stored.get("field0", Binary.class).getData(), "the reload replaced " + key(i));
    }
  }

  @Test
  void shouldReturnErrorForEveryInsertWhenReloadingWithoutUpsert() throws DBException {
    assertEquals(List.of(), load(1, false, "v1"), "first load");

    List<String> failures = load(1, false, "v2");

    assertEquals(RECORDS, failures.size(), "every reloaded key is a duplicate: " + failures);
    for (String failure : failures) {
      assertTrue(failure.endsWith("returned " + Status.ERROR), failure);
    }
  }

  @Test
  void shouldReturnErrorForEveryBatchWhenReloadingWithoutUpsert() throws DBException {
    int records = BATCH_SIZE * 7; // whole batches only: every flush result is an insert's status
    Properties properties = Binding.properties(mongo, database, "batchsize", String.valueOf(BATCH_SIZE));
    DB first = Binding.newDb(properties);
    first.init();
    for (int i = 0; i < records; i++) {
      first.insert(TABLE, key(i), values(key(i), 2, "v1"));
    }
    first.cleanup();
    assertEquals(records, collection().countDocuments());

    DB reload = Binding.newDb(properties);
    reload.init();
    List<Status> flushResults = new ArrayList<>();
    try {
      for (int i = 0; i < records; i++) {
        Status status = reload.insert(TABLE, key(i), values(key(i), 2, "v2"));
        if ((i + 1) % BATCH_SIZE == 0) {
          flushResults.add(status);
        } else {
          assertSame(Status.BATCHED_OK, status, "queued insert #" + (i + 1));
        }
      }
    } finally {
      reload.cleanup();
    }
    assertEquals(List.of(Status.ERROR, Status.ERROR, Status.ERROR, Status.ERROR, Status.ERROR, Status.ERROR,
        Status.ERROR), flushResults, "each batch of duplicates fails");
  }

  /** Loads {@link #RECORDS} records; returns a line per insert that did not succeed. */
  private List<String> load(int batchSize, boolean upsert, String version) throws DBException {
    DB db = Binding.newDb(Binding.properties(mongo, database,
        "batchsize", String.valueOf(batchSize), "mongodb.upsert", String.valueOf(upsert)));
    db.init();
    List<String> failures = new ArrayList<>();
    try {
      for (int i = 0; i < RECORDS; i++) {
        Status status = db.insert(TABLE, key(i), values(key(i), 3, version));
        if (!status.isOk()) {
          failures.add("insert of " + key(i) + " (upsert=" + upsert + ", batchsize=" + batchSize + ") returned "
              + status);
        }
      }
    } finally {
      db.cleanup();
    }
    return failures;
  }

  private static String key(int i) {
    return String.format("user%03d", i);
  }
}
