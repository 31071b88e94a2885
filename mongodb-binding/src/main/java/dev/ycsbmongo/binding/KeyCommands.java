package dev.ycsbmongo.binding;

import com.mongodb.MongoException;
import com.mongodb.ReadConcern;
import com.mongodb.ReadPreference;
import com.mongodb.WriteConcern;
import com.mongodb.client.MongoDatabase;
import java.util.List;
import java.util.Set;
import org.bson.BsonArray;
import org.bson.BsonBoolean;
import org.bson.BsonDocument;
import org.bson.BsonInt32;
import org.bson.BsonString;

/**
 * The two operations a YCSB run repeats (read one record by key, {@code $set} fields of one
 * record by key) sent as the very commands the driver's collection API sends for them
 * ({@code find} with {@code limit: 1, singleBatch: true}; {@code update} with one statement),
 * through {@code MongoDatabase.runCommand}, with reply codecs that decode the record straight out
 * of the reply.
 *
 * <p>Why: the collection API wraps each of these in a cursor or a bulk write and builds a new
 * codec registry per reply; measured side by side (BENCHMARKS.md), that plumbing cost about as
 * much client CPU per operation as all of YCSB 0.17.0's binding spends beyond the socket. The
 * wire traffic is the same, and so is everything {@code runCommand} keeps: server selection by the
 * read preference, the pool, implicit sessions, cluster time.
 *
 * <p>What {@code runCommand} does not do, this class does or declines: it puts the configured read
 * concern and write concern into the command (the collection API would), and it is not used where
 * the driver would do more than send the command: a retryable read or write (retryReads /
 * retryWrites on, the driver then retries once and numbers the write), and an unacknowledged
 * write (w:0 sends the command without waiting for a reply, which runCommand cannot).
 */
final class KeyCommands {

  private static final BsonInt32 ONE = new BsonInt32(1);

  private final MongoDatabase database;
  private final ReadPreference readPreference;
  private final BsonDocument readConcern;
  private final BsonDocument writeConcern;
  private final boolean reads;
  private final boolean updates;

  private KeyCommands(MongoDatabase database, ReadPreference readPreference, BsonDocument readConcern,
      BsonDocument writeConcern, boolean reads, boolean updates) {
    this.database = database;
    this.readPreference = readPreference;
    this.readConcern = readConcern;
    this.writeConcern = writeConcern;
    this.reads = reads;
    this.updates = updates;
  }

  static KeyCommands of(ClientConfig config, MongoDatabase database) {
    ReadConcern rc = config.readConcern();
    WriteConcern wc = config.writeConcern();
    return new KeyCommands(database, config.readPreference(),
        rc == null || rc.isServerDefault() ? null : rc.asDocument(),
        wc == null || wc.isServerDefault() ? null : wc.asDocument(),
        readsDirect(config), updatesDirect(config));
  }

  /** Reads by key go as a plain find command unless the driver is to retry them. */
  static boolean readsDirect(ClientConfig config) {
    return !config.retryReads();
  }

  /** Updates by key go as a plain update command when acknowledged and not retried by the driver. */
  static boolean updatesDirect(ClientConfig config) {
    return !config.retryWrites() && (config.writeConcern() == null || config.writeConcern().isAcknowledged());
  }

  /** For the start-up line: which path each operation takes. */
  static String describe(ClientConfig config) {
    return "read by key: " + (readsDirect(config) ? "find command" : "driver find (retryReads)")
        + ", update by key: " + (updatesDirect(config) ? "update command"
            : config.retryWrites() ? "driver updateOne (retryWrites)" : "driver updateOne (w:0)");
  }

  boolean reads() {
    return reads;
  }

  boolean updates() {
    return updates;
  }

  /** The record with {@code _id} {@code key} (only {@code fields}, when given), or null. */
  FieldMap find(String table, String key, Set<String> fields) {
    return database.runCommand(findCommand(table, key, fields), readPreference, FindReply.class).first();
  }

  /**
   * Sets {@code set}'s fields in the record with {@code _id} {@code key}.
   *
   * @return how many records matched (0 or 1)
   * @throws MongoException for a write error or a write concern error, as the driver's updateOne does
   */
  long update(String table, String key, BsonDocument set) {
    WriteReply reply = database.runCommand(updateCommand(table, key, set), ReadPreference.primary(), WriteReply.class);
    if (reply.error() != null) {
      throw new MongoException(reply.errorCode(), reply.error());
    }
    return reply.n();
  }

  BsonDocument findCommand(String table, String key, Set<String> fields) {
    BsonDocument command = new BsonDocument("find", new BsonString(table))
        .append("filter", idFilter(key))
        .append("limit", ONE)
        .append("singleBatch", BsonBoolean.TRUE);
    if (fields != null) {
      command.append("projection", projection(fields));
    }
    if (readConcern != null) {
      command.append("readConcern", readConcern);
    }
    return command;
  }

  BsonDocument updateCommand(String table, String key, BsonDocument set) {
    BsonDocument statement = new BsonDocument("q", idFilter(key)).append("u", new BsonDocument("$set", set));
    BsonDocument command = new BsonDocument("update", new BsonString(table))
        .append("ordered", BsonBoolean.TRUE)
        .append("updates", new BsonArray(List.of(statement)));
    if (writeConcern != null) {
      command.append("writeConcern", writeConcern);
    }
    return command;
  }

  static BsonDocument idFilter(String key) {
    return new BsonDocument("_id", new BsonString(key));
  }

  static BsonDocument projection(Set<String> fields) {
    BsonDocument p = new BsonDocument();
    for (String f : fields) {
      p.append(f, ONE);
    }
    return p;
  }
}
