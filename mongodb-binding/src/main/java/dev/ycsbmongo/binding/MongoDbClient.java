package dev.ycsbmongo.binding;

import static dev.ycsbmongo.binding.KeyCommands.idFilter;
import static dev.ycsbmongo.binding.KeyCommands.projection;

import com.mongodb.MongoBulkWriteException;
import com.mongodb.client.FindIterable;
import com.mongodb.client.MongoCursor;
import com.mongodb.client.model.BulkWriteOptions;
import com.mongodb.client.model.InsertManyOptions;
import com.mongodb.client.model.ReplaceOneModel;
import com.mongodb.client.model.ReplaceOptions;
import com.mongodb.client.model.WriteModel;
import com.mongodb.client.result.DeleteResult;
import com.mongodb.client.result.UpdateResult;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.Vector;
import java.util.function.Supplier;
import org.bson.BsonBinary;
import org.bson.BsonDocument;
import org.bson.BsonInt32;
import org.bson.BsonString;
import site.ycsb.ByteIterator;
import site.ycsb.DB;
import site.ycsb.DBException;
import site.ycsb.Status;
import site.ycsb.measurements.Measurements;

/**
 * YCSB's {@code DB} for MongoDB on the sync driver. One instance per YCSB thread; all instances
 * with the same settings share one client (see {@link SharedClients}).
 *
 * <p>Documents keep the stock binding's layout ({@code _id} = key, fields as binary), so data
 * loaded by either binding reads back with the other.
 */
public class MongoDbClient extends DB {

  /**
   * Batch flushes as their own measurement (with {@code mongodb.extraMeasurements=true}): queued
   * inserts report BATCHED_OK in microseconds.
   */
  static final String BATCH_MEASUREMENT = "INSERT-BATCH";

  private static final BsonDocument ID_ASCENDING = new BsonDocument("_id", new BsonInt32(1));
  private static final ReplaceOptions UPSERT = new ReplaceOptions().upsert(true);
  private static final InsertManyOptions UNORDERED = new InsertManyOptions().ordered(false);
  private static final BulkWriteOptions UNORDERED_BULK = new BulkWriteOptions().ordered(false);

  private final Log log = Log.stderr();
  private BindingSettings settings;
  private InvalidSettingException settingsError;
  private boolean registered;
  private SharedClient client;
  private List<YcsbRecord> batch;
  private String batchTable;
  private Measurements measurements;

  @Override
  public void setProperties(java.util.Properties p) {
    super.setProperties(p);
    // YCSB's Client configures Measurements with these same properties before creating any DB;
    // its shell and programs embedding the binding do not, and the first getMeasurements() would
    // then fail. Setting them again is harmless once the singleton exists.
    Measurements.setProperties(p);
    // parsed here so this instance counts towards the shared client from construction time
    try {
      settings = BindingSettings.from(p);
      settingsError = null;
      registerOnce();
    } catch (InvalidSettingException e) {
      settings = null;
      settingsError = e;
    }
  }

  @Override
  public void init() throws DBException {
    if (settings == null && settingsError == null) {
      setProperties(getProperties());
    }
    if (settingsError != null) {
      throw settingsError;
    }
    registerOnce();
    try {
      client = SharedClients.acquire(settings, log);
    } catch (RuntimeException e) {
      throw new DBException(UriMasker.mask("cannot create the MongoDB client for "
          + settings.client().maskedUrl() + ": " + e.getMessage()));
    }
    if (settings.batchSize() > 1) {
      batch = new ArrayList<>(settings.batchSize());
      measurements = settings.extraMeasurements() ? Measurements.getMeasurements() : null;
    }
  }

  /** Counts this instance towards its shared client (again after a cleanup, if re-initialised). */
  private void registerOnce() {
    if (!registered) {
      SharedClients.register(settings.client());
      registered = true;
    }
  }

  @Override
  public void cleanup() throws DBException {
    try {
      if (batch != null && !batch.isEmpty() && client != null) {
        // YCSB never sees this status: the INSERT-BATCH Return= counts are where a failed tail shows
        flush();
      }
    } finally {
      batch = null;
      client = null;
      if (registered) {
        registered = false;
        SharedClients.release(settings.client(), log);
      }
    }
  }

  @Override
  public Status read(String table, String key, Set<String> fields, Map<String, ByteIterator> result) {
    Status status = readByKey(table, key, fields, result);
    if (status == Status.OK || status == Status.NOT_FOUND) {
      client.countRead(table, status == Status.OK);
    }
    return status;
  }

  private Status readByKey(String table, String key, Set<String> fields, Map<String, ByteIterator> result) {
    return execute("read", table, key, () -> {
      FieldMap found;
      if (client.keyCommands().reads()) {
        found = client.keyCommands().find(table, key, fields);
      } else {
        FindIterable<FieldMap> find = client.table(table).reads().find(idFilter(key)).limit(1);
        if (fields != null) {
          find = find.projection(projection(fields));
        }
        found = find.first();
      }
      if (found == null) {
        return Status.NOT_FOUND;
      }
      if (result != null) {
        result.putAll(found);
      }
      return Status.OK;
    });
  }

  @Override
  public Status scan(String table, String startkey, int recordcount, Set<String> fields,
      Vector<HashMap<String, ByteIterator>> result) {
    return execute("scan", table, startkey, () -> {
      BsonDocument range = new BsonDocument("_id", new BsonDocument("$gte", new BsonString(startkey)));
      FindIterable<FieldMap> find = client.table(table).reads().find(range)
          .sort(ID_ASCENDING).limit(recordcount).batchSize(Math.max(1, recordcount));
      if (fields != null) {
        find = find.projection(projection(fields));
      }
      try (MongoCursor<FieldMap> cursor = find.iterator()) {
        while (cursor.hasNext()) {
          FieldMap next = cursor.next();
          if (result != null) {
            result.add(next);
          }
        }
      }
      // an empty range is a valid answer, not an error
      return Status.OK;
    });
  }

  @Override
  public Status update(String table, String key, Map<String, ByteIterator> values) {
    Status status = updateByKey(table, key, values);
    if (status == Status.OK || status == Status.NOT_FOUND) {
      client.countUpdate(status == Status.OK);
    }
    return status;
  }

  private Status updateByKey(String table, String key, Map<String, ByteIterator> values) {
    return execute("update", table, key, () -> {
      BsonDocument set = new BsonDocument();
      for (Map.Entry<String, ByteIterator> e : values.entrySet()) {
        set.append(e.getKey(), new BsonBinary(e.getValue().toArray()));
      }
      if (client.keyCommands().updates()) {
        return client.keyCommands().update(table, key, set) == 0 ? Status.NOT_FOUND : Status.OK;
      }
      UpdateResult r = client.table(table).writes().updateOne(idFilter(key), new BsonDocument("$set", set));
      return r.wasAcknowledged() && r.getMatchedCount() == 0 ? Status.NOT_FOUND : Status.OK;
    });
  }

  @Override
  public Status insert(String table, String key, Map<String, ByteIterator> values) {
    YcsbRecord record = YcsbRecord.of(key, values);
    if (batch != null) {
      Status earlier = Status.OK;
      if (!batch.isEmpty() && !table.equals(batchTable)) {
        earlier = flush();
      }
      batchTable = table;
      batch.add(record);
      if (batch.size() < settings.batchSize()) {
        return earlier == Status.OK ? Status.BATCHED_OK : earlier;
      }
      Status flushed = flush();
      return earlier == Status.OK ? flushed : earlier;
    }
    return execute("insert", table, key, () -> {
      if (settings.upsert()) {
        client.table(table).writes().replaceOne(idFilter(key), record, UPSERT);
      } else {
        client.table(table).writes().insertOne(record);
      }
      return Status.OK;
    });
  }

  @Override
  public Status delete(String table, String key) {
    return execute("delete", table, key, () -> {
      DeleteResult r = client.table(table).writes().deleteOne(idFilter(key));
      return r.wasAcknowledged() && r.getDeletedCount() == 0 ? Status.NOT_FOUND : Status.OK;
    });
  }

  /** Runs one operation; a driver exception becomes ERROR and a (rate-limited, masked) log line. */
  private Status execute(String operation, String table, String key, Supplier<Status> action) {
    try {
      return action.get();
    } catch (RuntimeException e) {
      log.operationError(operation, table, key, e);
      return Status.ERROR;
    }
  }

  /**
   * Writes the queued records (all for {@link #batchTable}) as one unordered batch, measured as
   * {@value #BATCH_MEASUREMENT}. Unordered: one duplicate key does not stop the rest of the batch.
   */
  private Status flush() {
    List<YcsbRecord> records = batch;
    batch = new ArrayList<>(settings.batchSize());
    long start = System.nanoTime();
    String what = "insert batch of " + records.size();
    Status status = execute(what, batchTable, records.get(0).key(), () -> {
      try {
        if (settings.upsert()) {
          List<WriteModel<YcsbRecord>> models = new ArrayList<>(records.size());
          for (YcsbRecord r : records) {
            models.add(new ReplaceOneModel<>(idFilter(r.key()), r, UPSERT));
          }
          client.table(batchTable).writes().bulkWrite(models, UNORDERED_BULK);
        } else {
          client.table(batchTable).writes().insertMany(records, UNORDERED);
        }
        return Status.OK;
      } catch (MongoBulkWriteException e) {
        log.operationError(what + " (" + e.getWriteErrors().size() + " records failed)", batchTable,
            records.get(0).key(), e);
        return Status.ERROR;
      }
    });
    if (measurements != null) {
      long micros = (System.nanoTime() - start) / 1000;
      measurements.measure(BATCH_MEASUREMENT, (int) Math.min(Integer.MAX_VALUE, micros));
      measurements.reportStatus(BATCH_MEASUREMENT, status);
    }
    return status;
  }
}
