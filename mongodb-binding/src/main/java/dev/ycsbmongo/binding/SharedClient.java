package dev.ycsbmongo.binding;

import com.mongodb.MongoClientSettings;
import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import com.mongodb.client.MongoCollection;
import com.mongodb.client.MongoDatabase;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import org.bson.codecs.configuration.CodecRegistries;
import org.bson.codecs.configuration.CodecRegistry;

/**
 * One open {@code MongoClient} with its pool statistics and a cache of collection handles per
 * table; handles are built once because {@code getCollection} per operation costs a codec
 * lookup and an allocation on every call.
 */
final class SharedClient {

  /** The two views of a table: records written, field maps read. */
  record Table(MongoCollection<YcsbRecord> writes, MongoCollection<FieldMap> reads) {
  }

  private static final CodecRegistry CODECS = CodecRegistries.fromRegistries(
      CodecRegistries.fromCodecs(new YcsbRecordCodec(), new FieldMapCodec(), new FindReply.ReplyCodec(),
          new WriteReply.ReplyCodec()),
      MongoClientSettings.getDefaultCodecRegistry());

  private final ClientConfig config;
  private final MongoClient client;
  private final MongoDatabase database;
  private final PoolStats poolStats;
  private final KeyCommands keyCommands;
  private final ConcurrentMap<String, Table> tables = new ConcurrentHashMap<>();

  private SharedClient(ClientConfig config, MongoClient client, PoolStats poolStats) {
    this.config = config;
    this.client = client;
    this.database = client.getDatabase(config.database());
    this.poolStats = poolStats;
    this.keyCommands = KeyCommands.of(config, database);
  }

  static SharedClient open(ClientConfig config) {
    PoolStats stats = new PoolStats();
    MongoClient client = MongoClients.create(MongoClientSettingsFactory.create(config, CODECS, stats));
    return new SharedClient(config, client, stats);
  }

  Table table(String name) {
    Table t = tables.get(name);
    if (t == null) {
      t = tables.computeIfAbsent(name, n -> {
        MongoCollection<YcsbRecord> writes = database.getCollection(n, YcsbRecord.class);
        return new Table(writes, writes.withDocumentClass(FieldMap.class));
      });
    }
    return t;
  }

  /** Read and update by key as plain commands, where the settings allow (see {@link KeyCommands}). */
  KeyCommands keyCommands() {
    return keyCommands;
  }

  PoolStats poolStats() {
    return poolStats;
  }

  /** Closes the client and returns the pool summary. */
  String close() {
    client.close();
    return poolStats.summary(config.maxPoolSize());
  }
}
