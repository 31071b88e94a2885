package dev.ycsbmongo.it;

import static org.junit.jupiter.api.Assertions.assertSame;

import java.util.HashMap;
import java.util.Properties;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;
import site.ycsb.DBException;
import site.ycsb.Status;

/** The documented option values are accepted by {@code init()} (the counterpart of {@link BadOptionsIT}). */
@ExtendWith(MongoServerExtension.class)
class AcceptedOptionsIT {

  private TestMongo mongo;

  @BeforeEach
  void resolve(TestMongo mongo) {
    this.mongo = mongo;
  }

  @ParameterizedTest(name = "[{index}] mongodb.writeConcern={0}")
  @ValueSource(strings = {"0", "1", "2", "majority", "tag:multiDc", "acknowledged", "unacknowledged",
      "journaled", "MAJORITY", "errors_ignored", "replica_acknowledged", "Journaled"})
  void shouldAcceptEveryDocumentedWriteConcern(String writeConcern) throws DBException {
    Properties properties = Binding.properties(mongo, Binding.database("accepted", "options"),
        "mongodb.writeConcern", writeConcern, "mongodb.wtimeoutMs", "1000");

    try (Binding binding = Binding.open(properties)) {
      // a read: its outcome does not depend on the write concern, and it proves the client works
      assertSame(Status.NOT_FOUND, binding.db().read(Binding.TABLE, "no-such-user", null, new HashMap<>()));
    }
  }

  @ParameterizedTest(name = "[{index}] {0}={1} {2}={3}")
  @CsvSource({
      "mongodb.readPreference, primary, mongodb.readConcern, local",
      "mongodb.readPreference, primaryPreferred, mongodb.readConcern, majority",
      "mongodb.readPreference, secondary, mongodb.maxStalenessSeconds, 90",
      "mongodb.readPreference, secondaryPreferred, mongodb.readPreferenceTags, 'dc:east,rack:1;dc:west;'",
      "mongodb.readPreference, nearest, mongodb.maxStalenessSeconds, -1",
      "mongodb.maxPoolSize, 5, mongodb.minPoolSize, 5",
      "mongodb.maxConnecting, 4, mongodb.waitQueueTimeoutMs, 5000",
      "mongodb.retryWrites, false, mongodb.retryReads, false",
      "mongodb.appName, it-accepted, mongodb.compressors, 'zstd,snappy,zlib'",
      // YCSB 0.17.0's own names, accepted with a note naming the modern form
      "mongodb.readPreference, primary_preferred, mongodb.maxconnections, 7",
      "mongodb.readPreference, secondary_preferred, mongodb.threadsAllowedToBlockForConnectionMultiplier, 5",
  })
  void shouldAcceptDocumentedReadAndPoolOptions(String key1, String value1, String key2, String value2)
      throws DBException {
    Properties properties = Binding.properties(mongo, Binding.database("accepted", "options"), key1, value1, key2, value2);

    // init and cleanup only: a read with a secondary mode may have nowhere to go on a real single node
    Binding.open(properties).close();
  }
}
