package dev.ycsbmongo.it;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import org.bson.BsonDocument;
import org.bson.BsonValue;

/**
 * What a YCSB run sent to the server, from a {@link RecordingProxy}'s record, reduced to what the
 * two bindings must agree on: databases, collections, the operation mix, write and read concerns,
 * read preference and the shape of documents and statements. Everything a driver adds by itself
 * (handshakes, monitoring, sessions, cursor plumbing) is left out; each rule says why.
 *
 * <p>{@link #facts()} are compared as text; {@link #counts()} as numbers (a run phase's mix is
 * random, so the comparison allows for chance there).
 */
final class SentTraffic {

  /**
   * Commands a driver sends of its own accord, not because YCSB asked for an operation:
   * <ul>
   *   <li>{@code ismaster}/{@code isMaster}/{@code hello}: the connection handshake and the
   *       monitor's heartbeats, whose number depends on timing (driver 3.8 spells it
   *       {@code ismaster} over OP_QUERY, 5.14 {@code isMaster}/{@code hello} over OP_MSG);</li>
   *   <li>{@code buildinfo}, {@code getlasterror}: driver 3.8's connection set-up;</li>
   *   <li>{@code ping}: our launcher's connection check before YCSB starts (stock has none);</li>
   *   <li>{@code endSessions}: driver 5.14 ending its implicit sessions at close (driver 3.8
   *       only where the server announces sessions);</li>
   *   <li>{@code saslStart}/{@code saslContinue}/{@code authenticate}: authentication;</li>
   *   <li>{@code getMore}/{@code killCursors}: fetching the rest of a scan's range. What the
   *       scan asked for (filter, sort, limit) is in its {@code find}; how many round trips the
   *       driver takes to fetch it is the driver's business (ours asks for the whole range in
   *       the first batch; driver 3.8 takes the server's default first batch, then getMore).</li>
   * </ul>
   */
  static final Set<String> DRIVER_COMMANDS = Set.of("ismaster", "hello", "buildinfo", "getlasterror", "ping",
      "endsessions", "saslstart", "saslcontinue", "authenticate", "getnonce", "getmore", "killcursors");

  /**
   * Command fields that are not part of what was asked, left out of a command's shape:
   * {@code $db} (kept as the database fact), {@code $readPreference}, {@code readConcern} and
   * {@code writeConcern} (facts of their own); {@code lsid}, {@code $clusterTime},
   * {@code txnNumber}: sessions and cluster time, which driver 5.14 sends wherever the server
   * supports them and driver 3.8 only sometimes; {@code batchSize}: cursor plumbing (see
   * {@link #DRIVER_COMMANDS}); {@code $client}, {@code apiVersion}: driver identification.
   */
  static final Set<String> UNASKED_FIELDS = Set.of("$db", "$readPreference", "readConcern", "writeConcern", "lsid",
      "$clusterTime", "txnNumber", "batchSize", "$client", "apiVersion", "apiStrict", "apiDeprecationErrors");

  private final Map<String, String> facts = new TreeMap<>();
  private final Map<String, Long> counts = new TreeMap<>();
  private final int dataConnections;

  private SentTraffic(List<RecordingProxy.Command> recorded) {
    Set<String> databases = new TreeSet<>();
    Set<String> collections = new TreeSet<>();
    Set<String> writeConcerns = new TreeSet<>();
    Set<String> readConcerns = new TreeSet<>();
    Set<String> readPreferences = new TreeSet<>();
    Set<String> insertShapes = new TreeSet<>();
    Set<String> updateShapes = new TreeSet<>();
    Set<String> findShapes = new TreeSet<>();
    Set<String> ordered = new TreeSet<>();
    Set<Integer> connections = new HashSet<>();
    Set<String> other = new TreeSet<>();
    long operations = 0;
    for (RecordingProxy.Command c : recorded) {
      String name = c.name().toLowerCase(Locale.ROOT);
      if (DRIVER_COMMANDS.contains(name) || emptyCollectionProbe(name, c.body())) {
        continue;
      }
      connections.add(c.connection());
      databases.add(c.database());
      BsonValue target = c.body().get(c.name());
      if (target != null && target.isString()) {
        collections.add(target.asString().getValue());
      }
      switch (name) {
        case "insert", "update", "delete" -> {
          writeConcerns.add(writeConcern(c));
          if (c.body().containsKey("ordered")) {
            ordered.add(name + " ordered:" + c.body().get("ordered"));
          }
          String items = name.equals("insert") ? "documents" : name.equals("update") ? "updates" : "deletes";
          List<BsonDocument> docs = c.documents(items);
          add("commands." + name, 1);
          add(name + "." + items, docs.size());
          operations += docs.size();
          for (BsonDocument doc : docs) {
            (name.equals("insert") ? insertShapes : updateShapes).add(name.equals("insert")
                ? Shapes.record(doc) : Shapes.statement(doc));
          }
        }
        case "find" -> {
          readConcerns.add(c.body().containsKey("readConcern") ? c.body().getDocument("readConcern").toJson() : "none");
          readPreferences.add(readPreference(c.body()));
          boolean scan = c.body().isDocument("filter") && c.body().getDocument("filter").isDocument("_id");
          add(scan ? "find.scans" : "find.byKey", 1);
          operations++;
          findShapes.add((scan ? "scan " : "by key ") + Shapes.command(c.body(), scan));
        }
        default -> {
          other.add(c.name());
          add("commands." + c.name(), 1);
        }
      }
    }
    dataConnections = connections.size();
    counts.put("operations", operations);
    facts.put("databases", databases.toString());
    facts.put("collections", collections.toString());
    facts.put("writeConcern", writeConcerns.toString());
    facts.put("readConcern", readConcerns.toString());
    facts.put("readPreference", readPreferences.toString());
    facts.put("insert.shape", insertShapes.toString());
    facts.put("update.shape", updateShapes.toString());
    facts.put("find.shape", findShapes.toString());
    facts.put("ordered", ordered.toString());
    facts.put("other commands", other.toString());
  }

  /**
   * A find with an empty filter is never one of YCSB's operations (reads and scans filter on
   * {@code _id}): it is our binding's question at the end of a run whose reads all found nothing,
   * whether the collection is empty at all (answered in a note on stderr). Not counted.
   */
  private static boolean emptyCollectionProbe(String name, BsonDocument body) {
    return name.equals("find") && body.isDocument("filter") && body.getDocument("filter").isEmpty();
  }

  static SentTraffic of(List<RecordingProxy.Command> recorded) {
    return new SentTraffic(recorded);
  }

  Map<String, String> facts() {
    return facts;
  }

  Map<String, Long> counts() {
    return counts;
  }

  /** Connections that carried at least one of YCSB's operations: the pool's size in use. */
  int dataConnections() {
    return dataConnections;
  }

  /** True when YCSB's work reached the server (a refused command sends none of it). */
  boolean anyOperation() {
    return counts.getOrDefault("operations", 0L) > 0;
  }

  private void add(String key, long n) {
    counts.merge(key, n, Long::sum);
  }

  /**
   * The write concern as sent; {@code moreToCome} (the OP_MSG flag of an unacknowledged write:
   * no reply wanted) is said beside it, because both drivers send w:0 that way.
   */
  private static String writeConcern(RecordingProxy.Command c) {
    String wc = c.body().isDocument("writeConcern") ? c.body().getDocument("writeConcern").toJson() : "none";
    return c.moreToCome() ? wc + " moreToCome" : wc;
  }

  /**
   * The read preference a read carries. None, {@code primary} and {@code primaryPreferred} all
   * mean the same on the direct connection of these tests (one host, no replica set name): the
   * server selection rules make a driver let a directly connected server answer as
   * {@code primaryPreferred}, which driver 3.8 says in the command and driver 5.14 leaves implied
   * when the server is a standalone. So they are one value here; any other mode is kept.
   */
  private static String readPreference(BsonDocument body) {
    if (!body.isDocument("$readPreference")) {
      return DIRECT_DEFAULT;
    }
    BsonDocument rp = body.getDocument("$readPreference");
    String mode = rp.isString("mode") ? rp.getString("mode").getValue() : "";
    if ((mode.equals("primary") || mode.equals("primaryPreferred")) && rp.size() == 1) {
      return DIRECT_DEFAULT;
    }
    return rp.toJson();
  }

  static final String DIRECT_DEFAULT = "primary(Preferred) on a direct connection";

  /** Shapes of records, statements and commands: field names, counts and sizes, never values. */
  static final class Shapes {

    private Shapes() {
    }

    /** {@code _id:string(user…) + 10 x field# binary[100]}. */
    static String record(BsonDocument doc) {
      StringBuilder s = new StringBuilder();
      BsonValue id = doc.get("_id");
      s.append("_id:").append(id == null ? "absent" : id.getBsonType().name().toLowerCase(Locale.ROOT));
      if (id != null && id.isString()) {
        s.append('(').append(id.asString().getValue().replaceAll("[0-9]+$", "")).append("…)");
      }
      BsonDocument fields = doc.clone();
      fields.remove("_id");
      return s.append(" + ").append(fields(fields)).toString();
    }

    /** An update statement: filter fields, {@code $set} fields or a replacement record, flags. */
    static String statement(BsonDocument statement) {
      List<String> parts = new ArrayList<>();
      if (statement.isDocument("q")) {
        parts.add("q" + statement.getDocument("q").keySet());
      }
      if (statement.isDocument("u")) {
        BsonDocument u = statement.getDocument("u");
        String first = u.isEmpty() ? "" : u.getFirstKey();
        if (first.startsWith("$")) {
          for (String op : u.keySet()) {
            parts.add(op + "{" + fields(u.getDocument(op)) + "}");
          }
        } else {
          parts.add("replacement{" + record(u) + "}");
        }
      }
      for (String flag : List.of("upsert", "multi")) {
        if (statement.containsKey(flag)) {
          parts.add(flag + ":" + statement.get(flag));
        }
      }
      return String.join(" ", parts);
    }

    /**
     * A command's fields other than {@link #UNASKED_FIELDS}, each with what matters of its value:
     * filter, sort and projection with their field names (values of a filter are keys, random),
     * limit as 1 for a read by key or "n" (a scan's length is random), flags as they are; in name order.
     */
    static String command(BsonDocument body, boolean scan) {
      List<String> parts = new ArrayList<>();
      for (Map.Entry<String, BsonValue> e : body.entrySet()) {
        String key = e.getKey();
        if (key.equals(body.getFirstKey()) || UNASKED_FIELDS.contains(key)) {
          continue;
        }
        BsonValue v = e.getValue();
        if (key.equals("filter") && v.isDocument()) {
          List<String> filter = new ArrayList<>();
          v.asDocument().forEach((f, fv) -> filter.add(fv.isDocument() ? f + fv.asDocument().keySet() : f));
          parts.add("filter" + filter);
        } else if (v.isDocument()) {
          parts.add(key + v.asDocument().toJson().replaceAll("field[0-9]+", "field#"));
        } else if (key.equals("limit") && v.isNumber()) {
          // a read by key asks for 1; a scan's length is YCSB's random draw (1 included)
          parts.add("limit:" + (!scan && v.asNumber().longValue() == 1 ? "1" : "n"));
        } else {
          parts.add(key + ":" + v);
        }
      }
      // a command is read by field name: the order the driver wrote them in does not matter
      parts.sort(null);
      return String.join(" ", parts);
    }

    /** {@code 10 x field# binary[100]}: how many fields, their names with digits as #, value types and sizes. */
    static String fields(BsonDocument doc) {
      Set<String> names = new TreeSet<>();
      Set<String> values = new TreeSet<>();
      doc.forEach((name, value) -> {
        names.add(name.replaceAll("[0-9]+", "#"));
        values.add(value.isBinary() ? "binary[" + value.asBinary().getData().length + "]"
            : value.getBsonType().name().toLowerCase(Locale.ROOT));
      });
      return doc.size() + " x " + String.join("|", names) + " " + String.join("|", values);
    }
  }
}
