package dev.ycsbmongo.binding;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;
import java.util.Properties;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import site.ycsb.ByteIterator;
import site.ycsb.Status;
import site.ycsb.StringByteIterator;

/**
 * A run whose every read answers NOT_FOUND says so at the end, and whether the collection is
 * empty; against an in-JVM MongoDB-wire test server (not MongoDB).
 */
class NothingFoundTest {

  @RegisterExtension
  static final TestServer SERVER = new TestServer();

  /** Runs {@code work} on one DB instance with its own client (appName) and returns what it printed on stderr. */
  private static String stderrOf(String appName, DbWork work) throws Exception {
    Properties p = new Properties();
    p.setProperty(Keys.URL, SERVER.url("nothingfound"));
    p.setProperty(Keys.APP_NAME, appName);
    MongoDbClient db = new MongoDbClient();
    db.setProperties(p);
    PrintStream realErr = System.err;
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    System.setErr(new PrintStream(err, true, StandardCharsets.UTF_8));
    try {
      db.init();
      work.run(db);
      db.cleanup();
    } finally {
      System.setErr(realErr);
    }
    return err.toString(StandardCharsets.UTF_8);
  }

  private interface DbWork {
    void run(MongoDbClient db) throws Exception;
  }

  private static HashMap<String, ByteIterator> values() {
    return new HashMap<>(StringByteIterator.getByteIteratorMap(Map.of("field0", "value0")));
  }

  @Test
  void saysWhenEveryReadAndUpdateMissedAnEmptyCollection() throws Exception {
    String err = stderrOf("empty", db -> {
      for (int i = 0; i < 5; i++) {
        assertEquals(Status.NOT_FOUND, db.read("emptytable", "user" + i, null, new HashMap<>()));
        assertEquals(Status.NOT_FOUND, db.update("emptytable", "user" + i, values()));
      }
    });
    assertTrue(err.contains("[mongodb] WARNING: all 5 reads and all 5 updates found no record (NOT_FOUND):"
        + " collection emptytable in database 'nothingfound' is empty; load the data first"), err);
  }

  @Test
  void saysWhenTheCollectionHoldsOtherKeys() throws Exception {
    String err = stderrOf("otherkeys", db -> {
      assertEquals(Status.OK, db.insert("otherkeys", "user999", values()));
      assertEquals(Status.NOT_FOUND, db.read("otherkeys", "user1", null, new HashMap<>()));
    });
    assertTrue(err.contains("[mongodb] WARNING: all 1 reads found no record (NOT_FOUND), yet otherkeys in database"
        + " 'nothingfound' holds documents: do recordcount, insertorder and zeropadding match the load?"), err);
  }

  @Test
  void saysNothingWhenAnyReadFoundItsRecord() throws Exception {
    String err = stderrOf("somefound", db -> {
      assertEquals(Status.OK, db.insert("somefound", "user1", values()));
      assertEquals(Status.OK, db.read("somefound", "user1", null, new HashMap<>()));
      assertEquals(Status.NOT_FOUND, db.read("somefound", "user2", null, new HashMap<>()));
    });
    assertFalse(err.contains("found no record"), err);
  }

  @Test
  void saysNothingForALoad() throws Exception {
    String err = stderrOf("loadonly", db -> assertEquals(Status.OK, db.insert("loadonly", "user1", values())));
    assertFalse(err.contains("found no record"), err);
  }
}
