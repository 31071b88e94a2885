package dev.ycsbmongo.it;

import static dev.ycsbmongo.it.Binding.TABLE;
import static dev.ycsbmongo.it.Binding.bytes;
import static dev.ycsbmongo.it.Binding.expectedValue;
import static dev.ycsbmongo.it.Binding.text;
import static dev.ycsbmongo.it.Binding.values;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import com.mongodb.client.MongoCollection;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.TreeSet;
import java.util.Vector;
import org.bson.BsonBinarySubType;
import org.bson.Document;
import org.bson.types.Binary;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInfo;
import org.junit.jupiter.api.extension.ExtendWith;
import site.ycsb.ByteIterator;
import site.ycsb.DB;
import site.ycsb.Status;

/**
 * Every DB operation and its status codes, and the stored format shared with YCSB's stock binding,
 * with the default settings: reads and updates by key go as plain commands (KeyCommands).
 * {@link DriverPathOperationsIT} runs the same tests through the driver's collection API.
 */
@ExtendWith(MongoServerExtension.class)
class BindingOperationsIT {

  /** The binding's properties for these tests; subclasses add settings. */
  Properties properties(TestMongo mongo, String database) {
    return Binding.properties(mongo, database);
  }

  private String database;
  private Binding binding;
  private DB db;
  private MongoClient driver;

  @BeforeEach
  void open(TestMongo mongo, TestInfo info) throws Exception {
    database = mongo.freshDatabase("ops", info);
    binding = Binding.open(properties(mongo, database));
    db = binding.db();
    driver = MongoClients.create(mongo.uri(database));
  }

  @AfterEach
  void close() throws Exception {
    try {
      binding.close();
    } finally {
      driver.close();
    }
  }

  private MongoCollection<Document> collection() {
    return driver.getDatabase(database).getCollection(TABLE);
  }

  @Test
  void shouldInsertAndReadBackEveryField() {
    assertSame(Status.OK, db.insert(TABLE, "user1", values("user1", 10, "v1")));

    Map<String, ByteIterator> result = new HashMap<>();
    assertSame(Status.OK, db.read(TABLE, "user1", null, result));

    assertEquals(fieldNames(10), new TreeSet<>(result.keySet()), "a read without a field set returns every field, not _id");
    for (String field : fieldNames(10)) {
      assertEquals(expectedValue("user1", field, "v1"), text(result.get(field)), field);
    }
  }

  @Test
  void shouldReadOnlyTheRequestedFields() {
    assertSame(Status.OK, db.insert(TABLE, "user1", values("user1", 10, "v1")));

    Map<String, ByteIterator> result = new HashMap<>();
    assertSame(Status.OK, db.read(TABLE, "user1", Set.of("field1", "field7"), result));

    assertEquals(Set.of("field1", "field7"), result.keySet());
    assertEquals(expectedValue("user1", "field7", "v1"), text(result.get("field7")));
  }

  @Test
  void shouldReturnNotFoundWhenReadingAMissingKey() {
    Map<String, ByteIterator> result = new HashMap<>();
    assertSame(Status.NOT_FOUND, db.read(TABLE, "no-such-user", null, result));
    assertTrue(result.isEmpty(), "nothing is put into the result: " + result.keySet());
  }

  @Test
  void shouldScanInKeyOrderFromTheStartKeyUpToTheLimit() {
    insertRange(100, 120);

    Vector<HashMap<String, ByteIterator>> result = new Vector<>();
    assertSame(Status.OK, db.scan(TABLE, key(105), 5, null, result));

    assertEquals(List.of(key(105), key(106), key(107), key(108), key(109)), keysOf(result));
    assertEquals(fieldNames(3), new TreeSet<>(result.get(0).keySet()));
  }

  @Test
  void shouldScanFromAStartKeyThatIsNotStored() {
    insertRange(100, 110);

    Vector<HashMap<String, ByteIterator>> result = new Vector<>();
    assertSame(Status.OK, db.scan(TABLE, key(104) + "5", 3, null, result));

    assertEquals(List.of(key(105), key(106), key(107)), keysOf(result));
  }

  @Test
  void shouldStopScanningAtTheLastRecord() {
    insertRange(100, 110);

    Vector<HashMap<String, ByteIterator>> result = new Vector<>();
    assertSame(Status.OK, db.scan(TABLE, key(107), 100, null, result));

    assertEquals(List.of(key(107), key(108), key(109)), keysOf(result));
  }

  @Test
  void shouldScanOnlyTheRequestedFields() {
    insertRange(100, 110);

    Vector<HashMap<String, ByteIterator>> result = new Vector<>();
    assertSame(Status.OK, db.scan(TABLE, key(100), 4, Set.of("field0", "field2"), result));

    assertEquals(4, result.size());
    for (HashMap<String, ByteIterator> record : result) {
      assertEquals(Set.of("field0", "field2"), record.keySet());
    }
    assertEquals(expectedValue(key(101), "field2", "v1"), text(result.get(1).get("field2")));
  }

  @Test
  void shouldReturnOkAndNoRecordsWhenScanFindsNothing() {
    insertRange(100, 105);

    Vector<HashMap<String, ByteIterator>> result = new Vector<>();
    assertSame(Status.OK, db.scan(TABLE, "zzzz", 10, null, result));
    assertTrue(result.isEmpty(), "no record after 'zzzz': " + result.size());

    assertSame(Status.OK, db.scan("emptytable", "user", 10, null, result));
    assertTrue(result.isEmpty(), "no record in an empty collection: " + result.size());
  }

  @Test
  void shouldSetOnlyTheGivenFieldsOnUpdate() {
    assertSame(Status.OK, db.insert(TABLE, "user1", values("user1", 4, "v1")));

    Map<String, ByteIterator> update = new LinkedHashMap<>();
    update.put("field1", bytes("changed-1"));
    update.put("field3", bytes("changed-3"));
    assertSame(Status.OK, db.update(TABLE, "user1", update));

    Map<String, ByteIterator> result = new HashMap<>();
    assertSame(Status.OK, db.read(TABLE, "user1", null, result));
    assertEquals(fieldNames(4), new TreeSet<>(result.keySet()));
    assertEquals(expectedValue("user1", "field0", "v1"), text(result.get("field0")));
    assertEquals("changed-1", text(result.get("field1")));
    assertEquals(expectedValue("user1", "field2", "v1"), text(result.get("field2")));
    assertEquals("changed-3", text(result.get("field3")));
  }

  @Test
  void shouldReturnNotFoundWhenUpdatingAMissingKey() {
    assertSame(Status.NOT_FOUND, db.update(TABLE, "no-such-user", Map.of("field0", bytes("x"))));
    assertEquals(0, collection().countDocuments(), "an update must not create the record");
  }

  @Test
  void shouldDeleteTheRecord() {
    assertSame(Status.OK, db.insert(TABLE, "user1", values("user1", 2, "v1")));
    assertSame(Status.OK, db.insert(TABLE, "user2", values("user2", 2, "v1")));

    assertSame(Status.OK, db.delete(TABLE, "user1"));

    assertSame(Status.NOT_FOUND, db.read(TABLE, "user1", null, new HashMap<>()));
    assertSame(Status.OK, db.read(TABLE, "user2", null, new HashMap<>()));
    assertEquals(1, collection().countDocuments());
  }

  @Test
  void shouldReturnNotFoundWhenDeletingAMissingKey() {
    assertSame(Status.NOT_FOUND, db.delete(TABLE, "no-such-user"));
  }

  @Test
  void shouldReturnErrorWhenInsertingADuplicateKey() {
    assertSame(Status.OK, db.insert(TABLE, "user1", values("user1", 2, "v1")));

    assertSame(Status.ERROR, db.insert(TABLE, "user1", values("user1", 2, "v2")));

    Map<String, ByteIterator> result = new HashMap<>();
    assertSame(Status.OK, db.read(TABLE, "user1", null, result));
    assertEquals(expectedValue("user1", "field0", "v1"), text(result.get("field0")), "the first insert stays");
  }

  @Test
  void shouldStoreDocumentsInTheStockYcsbFormat() {
    assertSame(Status.OK, db.insert(TABLE, "user1", values("user1", 3, "v1")));

    Document stored = collection().find(new Document("_id", "user1")).first();

    assertNotNull(stored, "a plain driver finds the record by its string _id");
    assertEquals(Set.of("_id", "field0", "field1", "field2"), stored.keySet(), "only _id and the fields");
    assertInstanceOf(String.class, stored.get("_id"));
    for (String field : fieldNames(3)) {
      Binary value = assertInstanceOf(Binary.class, stored.get(field), field + " is BSON binary");
      assertEquals(BsonBinarySubType.BINARY.getValue(), value.getType(), field + " has binary subtype 0");
      assertArrayEquals(expectedValue("user1", field, "v1").getBytes(StandardCharsets.UTF_8), value.getData(), field);
    }
  }

  @Test
  void shouldReadRecordsWrittenByTheStockBindingFormat() {
    for (int i = 100; i < 103; i++) {
      // What YCSB's stock binding writes: _id the key, each field a byte[] (BSON binary subtype 0).
      Document stock = new Document("_id", key(i));
      for (String field : fieldNames(3)) {
        stock.append(field, expectedValue(key(i), field, "stock").getBytes(StandardCharsets.UTF_8));
      }
      collection().insertOne(stock);
    }

    Map<String, ByteIterator> result = new HashMap<>();
    assertSame(Status.OK, db.read(TABLE, key(101), null, result));
    assertEquals(fieldNames(3), new TreeSet<>(result.keySet()));
    assertEquals(expectedValue(key(101), "field2", "stock"), text(result.get("field2")));

    Vector<HashMap<String, ByteIterator>> scanned = new Vector<>();
    assertSame(Status.OK, db.scan(TABLE, key(100), 10, null, scanned));
    assertEquals(List.of(key(100), key(101), key(102)), keysOf(scanned));

    assertSame(Status.OK, db.update(TABLE, key(102), Map.of("field1", bytes("changed"))));
    Binary updated = collection().find(new Document("_id", key(102))).first().get("field1", Binary.class);
    assertArrayEquals("changed".getBytes(StandardCharsets.UTF_8), updated.getData());
    assertSame(Status.OK, db.delete(TABLE, key(100)));
  }

  private void insertRange(int from, int to) {
    for (int i = from; i < to; i++) {
      assertSame(Status.OK, db.insert(TABLE, key(i), values(key(i), 3, "v1")), key(i));
    }
  }

  private static String key(int i) {
    return "user" + i;
  }

  private static TreeSet<String> fieldNames(int count) {
    TreeSet<String> names = new TreeSet<>();
    for (int i = 0; i < count; i++) {
      names.add("field" + i);
    }
    return names;
  }

  /** The key of each scanned record, read back from its field0 value ({@code key/field0/version}). */
  private static List<String> keysOf(List<HashMap<String, ByteIterator>> records) {
    List<String> keys = new ArrayList<>();
    for (Map<String, ByteIterator> record : records) {
      String value = text(record.get("field0"));
      keys.add(value.substring(0, value.indexOf('/')));
    }
    return keys;
  }
}
