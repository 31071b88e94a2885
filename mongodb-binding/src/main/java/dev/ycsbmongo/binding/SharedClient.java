package dev.ycsbmongo.binding;

import com.mongodb.MongoClientSettings;
import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import com.mongodb.client.MongoCollection;
import com.mongodb.client.MongoDatabase;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.atomic.LongAdder;
import org.bson.BsonDocument;
import org.bson.BsonInt32;
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
  private final LongAdder readsFound = new LongAdder();
  private final LongAdder readsMissed = new LongAdder();
  private final LongAdder updatesFound = new LongAdder();
  private final LongAdder updatesMissed = new LongAdder();
  private final Set<String> tablesMissed = ConcurrentHashMap.newKeySet();

  private SharedClient(ClientConfig config, MongoClient client, PoolStats poolStats) {
    this.config = config;
    this.client = client;
    this.database = client.getDatabase(config.database());
    this.poolStats = poolStats;
    this.keyCommands = KeyCommands.of(config, database);
  }

  /** @param measureCheckouts whether every checkout wait goes into YCSB's POOL-CHECKOUT measurement */
  static SharedClient open(ClientConfig config, boolean measureCheckouts) {
    PoolStats stats = new PoolStats(measureCheckouts);
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

  /** A read by key answered: the record was there ({@code found}) or not (NOT_FOUND). */
  void countRead(String table, boolean found) {
    if (found) {
      readsFound.increment();
    } else {
      readsMissed.increment();
      tablesMissed.add(table);
    }
  }

  /** An update by key answered: it matched a record ({@code found}) or not (NOT_FOUND). */
  void countUpdate(boolean found) {
    (found ? updatesFound : updatesMissed).increment();
  }

  /** Closes the client and returns the pool summary, with a warning when no read found a record. */
  String close() {
    String nothingFound = nothingFound();
    client.close();
    String summary = poolStats.summary(config.maxPoolSize());
    return nothingFound == null ? summary : summary + System.lineSeparator() + nothingFound;
  }

  /**
   * One line when every read (and every update) answered NOT_FOUND: YCSB still exits 0 then, and a
   * run against the wrong database (a typo, or a URL path like {@code /admin&maxPoolSize=8000})
   * looks like a fast one. Says whether the tables read are empty, from one query each.
   */
  private String nothingFound() {
    long missed = readsMissed.sum();
    long updates = updatesMissed.sum();
    if (missed == 0 || readsFound.sum() > 0 || updatesFound.sum() > 0) {
      return null;
    }
    String what = "all " + missed + " reads" + (updates > 0 ? " and all " + updates + " updates" : "")
        + " found no record (NOT_FOUND)";
    List<String> empty = new ArrayList<>();
    List<String> holding = new ArrayList<>();
    for (String name : new TreeSet<>(tablesMissed)) {
      try {
        (table(name).reads().find().projection(ID_ONLY).limit(1).first() == null ? empty : holding).add(name);
      } catch (RuntimeException e) {
        return Log.PREFIX + "WARNING: " + what + " in database '" + config.database() + "': is the data loaded there?";
      }
    }
    if (holding.isEmpty()) {
      return Log.PREFIX + "WARNING: " + what + ": " + (empty.size() == 1 ? "collection " : "collections ")
          + String.join(", ", empty) + " in database '" + config.database() + "' " + (empty.size() == 1 ? "is" : "are")
          + " empty; load the data first (scripts/ycsb load), into the database this run reads";
    }
    return Log.PREFIX + "WARNING: " + what + ", yet " + String.join(", ", holding) + " in database '"
        + config.database() + "' holds documents: do recordcount, insertorder and zeropadding match the load?";
  }

  private static final BsonDocument ID_ONLY = new BsonDocument("_id", new BsonInt32(1));
}
