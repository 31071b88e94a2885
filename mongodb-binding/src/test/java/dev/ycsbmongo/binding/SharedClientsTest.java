package dev.ycsbmongo.binding;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Properties;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import site.ycsb.ByteIterator;
import site.ycsb.Status;
import site.ycsb.StringByteIterator;

/** Reference counting of the shared client, against an in-JVM MongoDB-wire test server (not MongoDB). */
class SharedClientsTest {

  @RegisterExtension
  static final TestServer SERVER = new TestServer();

  private static MongoDbClient newDb(String appName) {
    Properties p = new Properties();
    p.setProperty(Keys.URL, SERVER.url("sharedclients"));
    p.setProperty(Keys.APP_NAME, appName);
    MongoDbClient db = new MongoDbClient();
    db.setProperties(p);
    return db;
  }

  @Test
  void keepsTheClientOpenUntilEveryConstructedInstanceHasCleanedUp() throws Exception {
    int before = SharedClients.openClients();
    List<MongoDbClient> dbs = new ArrayList<>();
    for (int i = 0; i < 3; i++) {
      dbs.add(newDb("refcount"));
    }
    MongoDbClient first = dbs.get(0);
    first.init();
    HashMap<String, ByteIterator> values = new HashMap<>(StringByteIterator.getByteIteratorMap(
        java.util.Map.of("field0", "value0")));
    assertEquals(Status.OK, first.insert("t", "k1", values));
    first.cleanup();
    // the first thread is done before the others have even started: the client must stay open
    assertEquals(before + 1, SharedClients.openClients());
    for (MongoDbClient late : dbs.subList(1, 3)) {
      late.init();
      assertEquals(Status.OK, late.read("t", "k1", null, new HashMap<>()));
      late.cleanup();
    }
    assertEquals(before, SharedClients.openClients());
  }

  @Test
  void distinctSettingsGetDistinctClients() throws Exception {
    int before = SharedClients.openClients();
    MongoDbClient a = newDb("a");
    MongoDbClient b = newDb("b");
    a.init();
    b.init();
    assertEquals(before + 2, SharedClients.openClients());
    a.cleanup();
    b.cleanup();
    assertEquals(before, SharedClients.openClients());
    assertTrue(before >= 0);
  }
}
