package dev.ycsbmongo.it;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import dev.ycsbmongo.binding.UriMasker;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.Properties;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import site.ycsb.DB;
import site.ycsb.DBException;

/**
 * A bad option value makes {@code init()} throw a {@link DBException} with a one-line message
 * that names the property and the value; a password in the URL never shows, not even in the
 * causes (YCSB prints the whole stack trace of a failed init).
 */
@ExtendWith(MongoServerExtension.class)
class BadOptionsIT {

  static final String PASSWORD = "S3cretPassw0rd42";

  private TestMongo mongo;

  @BeforeEach
  void resolve(TestMongo mongo) {
    this.mongo = mongo;
  }

  static Stream<Arguments> badValues() {
    return Stream.of(
        Arguments.of("mongodb.writeConcern", "w7xyz", "mongodb.writeConcern", "w7xyz"),
        Arguments.of("mongodb.maxPoolSize", "-5", "mongodb.maxPoolSize", "-5"),
        Arguments.of("mongodb.readPreference", "fastest", "mongodb.readPreference", "fastest"),
        Arguments.of("mongodb.url", "mongodb://127.0.0.1:notaport/ycsb", "mongodb.url", "notaport"),
        Arguments.of("mongodb.url", "not-a-mongodb-url", "mongodb.url", "not-a-mongodb-url"));
  }

  @ParameterizedTest(name = "[{index}] {0}={1}")
  @MethodSource("badValues")
  void shouldRejectABadValueInInitWithAOneLineMessageNamingPropertyAndValue(
      String property, String value, String expectedProperty, String expectedValue) {
    Properties properties = Binding.properties(mongo, Binding.database("bad", "values"));
    properties.setProperty(property, value);

    DBException e = initFails(properties);

    assertOneLineNaming(e, expectedProperty, expectedValue);
  }

  @ParameterizedTest(name = "[{index}] minPoolSize={0} maxPoolSize={1}")
  @MethodSource("minAboveMax")
  void shouldRejectAMinPoolSizeAboveTheMaxPoolSize(String min, String max) {
    Properties properties = Binding.properties(mongo, Binding.database("bad", "values"),
        "mongodb.minPoolSize", min, "mongodb.maxPoolSize", max);

    DBException e = initFails(properties);

    assertOneLineNaming(e, "mongodb.minPoolSize", min);
  }

  static Stream<Arguments> minAboveMax() {
    return Stream.of(Arguments.of("20", "10"), Arguments.of("101", "100"));
  }

  static Stream<Arguments> urlsWithPassword() {
    String credentials = "benchuser:" + PASSWORD + "@";
    return Stream.of(
        // the URL itself is malformed
        Arguments.of("mongodb://" + credentials + "127.0.0.1:notaport/ycsb", null, null),
        Arguments.of("mongodb://" + credentials + "127.0.0.1:27017/ycsb?readPreference=fastest", null, null),
        Arguments.of("mongodb://" + credentials + "127.0.0.1:27017/ycsb?maxPoolSize=lots", null, null),
        // the URL is fine, another option is not
        Arguments.of("mongodb://" + credentials + "127.0.0.1:27017/ycsb", "mongodb.writeConcern", "w7xyz"),
        Arguments.of("mongodb://" + credentials + "127.0.0.1:27017/ycsb", "mongodb.maxPoolSize", "-1"));
  }

  @ParameterizedTest(name = "[{index}] {0} {1}={2}")
  @MethodSource("urlsWithPassword")
  void shouldNotShowThePasswordWhenRejectingAnOption(String url, String property, String value) {
    Properties properties = new Properties();
    properties.setProperty("mongodb.url", url);
    if (property != null) {
      properties.setProperty(property, value);
    }

    DBException e = initFails(properties);

    assertFalse(e.getMessage().contains(PASSWORD), "password in the message: " + e.getMessage());
    String trace = stackTrace(e);
    assertFalse(trace.contains(PASSWORD), "password in the stack trace YCSB prints:\n" + trace);
    assertFalse(e.getMessage().contains("\n") || e.getMessage().contains("\r"), "one line: " + e.getMessage());
    if (property != null) {
      assertTrue(e.getMessage().contains(property) && e.getMessage().contains(value),
          "names " + property + " and " + value + ": " + e.getMessage());
    } else {
      assertTrue(e.getMessage().contains("mongodb.url"), "names mongodb.url: " + e.getMessage());
    }
  }

  private static DBException initFails(Properties properties) {
    DB db = Binding.newDb(properties);
    try {
      db.init();
    } catch (DBException e) {
      return e;
    }
    try {
      db.cleanup();
    } catch (DBException e) {
      // the failure below says what matters
    }
    return fail("init() accepted " + UriMasker.mask(properties.toString()) + "; expected a DBException");
  }

  private static void assertOneLineNaming(DBException e, String property, String value) {
    String message = e.getMessage();
    assertNotNull(message, "a message");
    assertFalse(message.contains("\n") || message.contains("\r"), "one line: " + message);
    assertTrue(message.contains(property), "names " + property + ": " + message);
    assertTrue(message.contains(value), "names the value " + value + ": " + message);
  }

  private static String stackTrace(Throwable e) {
    StringWriter out = new StringWriter();
    e.printStackTrace(new PrintWriter(out));
    return out.toString();
  }
}
