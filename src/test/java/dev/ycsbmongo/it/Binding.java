package dev.ycsbmongo.it;

import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Properties;
import site.ycsb.ByteArrayByteIterator;
import site.ycsb.ByteIterator;
import site.ycsb.DB;
import site.ycsb.DBException;

/**
 * The binding under test, made the way YCSB's {@code DBFactory} makes it: by class name, no-arg
 * constructor, then {@code setProperties}. The tests go through the {@link DB} API only.
 */
final class Binding implements AutoCloseable {

  static final String DB_CLASS = "dev.ycsbmongo.binding.MongoDbClient";

  /** YCSB's default table name; the binding maps it to a collection. */
  static final String TABLE = "usertable";

  private final DB db;

  private Binding(DB db) {
    this.db = db;
  }

  /** A new, not yet initialised instance with {@code properties} set. */
  static DB newDb(Properties properties) {
    DB db;
    try {
      db = Class.forName(DB_CLASS).asSubclass(DB.class).getDeclaredConstructor().newInstance();
    } catch (ReflectiveOperationException e) {
      throw new IllegalStateException("cannot instantiate " + DB_CLASS + ": " + e, e);
    }
    db.setProperties(properties);
    return db;
  }

  /** A new, initialised instance; {@link #close()} calls {@code cleanup()}. */
  static Binding open(Properties properties) throws DBException {
    DB db = newDb(properties);
    db.init();
    return new Binding(db);
  }

  DB db() {
    return db;
  }

  @Override
  public void close() throws DBException {
    db.cleanup();
  }

  /** Properties pointing the binding at {@code database} on {@code mongo}, plus key/value pairs. */
  static Properties properties(TestMongo mongo, String database, String... keyValues) {
    if (keyValues.length % 2 != 0) {
      throw new IllegalArgumentException("key/value pairs expected, got " + keyValues.length + " strings");
    }
    Properties properties = new Properties();
    properties.setProperty("mongodb.url", mongo.uri(database));
    for (int i = 0; i < keyValues.length; i += 2) {
      properties.setProperty(keyValues[i], keyValues[i + 1]);
    }
    return properties;
  }

  /** A YCSB value map {@code field0..field<n-1>} whose values name the key, field and version. */
  static Map<String, ByteIterator> values(String key, int fieldCount, String version) {
    Map<String, ByteIterator> values = new LinkedHashMap<>();
    for (int i = 0; i < fieldCount; i++) {
      values.put("field" + i, bytes(expectedValue(key, "field" + i, version)));
    }
    return values;
  }

  static String expectedValue(String key, String field, String version) {
    return key + "/" + field + "/" + version;
  }

  static ByteIterator bytes(String text) {
    return new ByteArrayByteIterator(text.getBytes(StandardCharsets.UTF_8));
  }

  static String text(ByteIterator value) {
    return new String(value.toArray(), StandardCharsets.UTF_8);
  }

  /** A database name for one test: distinct per test, within MongoDB's 63-character limit. */
  static String database(String prefix, String testName) {
    String name = ("it_" + prefix + "_" + testName).replaceAll("[^A-Za-z0-9_]", "_");
    return name.length() <= 63 ? name : name.substring(0, 54) + "_" + Integer.toHexString(name.hashCode());
  }
}
