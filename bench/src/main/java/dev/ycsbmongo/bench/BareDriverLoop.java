package dev.ycsbmongo.bench;

import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import com.mongodb.client.MongoCollection;
import com.mongodb.client.model.Filters;
import com.mongodb.client.model.Updates;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.LongAdder;
import org.bson.Document;
import org.bson.types.Binary;
import site.ycsb.Utils;
import site.ycsb.generator.ScrambledZipfianGenerator;

/**
 * The reference for the binding's overhead: workload A (50% read of a whole record, 50% update
 * of one 100-byte field, zipfian keys over YCSB's hashed key names) written as a plain loop on
 * the driver's documented API, with no YCSB in between. Run it against data loaded by
 * {@code scripts/ycsb load}; prints one line of counts that bench/binding-bench.sh parses.
 *
 * <p>Arguments: URL DATABASE THREADS OPERATIONS RECORDS
 */
public final class BareDriverLoop {

  private static final int FIELD_COUNT = 10;
  private static final int FIELD_LENGTH = 100;

  private BareDriverLoop() {
  }

  public static void main(String[] args) throws InterruptedException {
    if (args.length != 5) {
      System.err.println("usage: BareDriverLoop URL DATABASE THREADS OPERATIONS RECORDS");
      System.exit(2);
    }
    String url = args[0];
    String database = args[1];
    int threads = Integer.parseInt(args[2]);
    long operations = Long.parseLong(args[3]);
    long records = Long.parseLong(args[4]);

    LongAdder ok = new LongAdder();
    LongAdder failed = new LongAdder();
    try (MongoClient client = MongoClients.create(url + (url.contains("?") ? "&" : "?")
        + "maxPoolSize=" + Math.max(100, threads))) {
      MongoCollection<Document> table = client.getDatabase(database).getCollection("usertable");
      Thread[] workers = new Thread[threads];
      long start = System.nanoTime();
      for (int t = 0; t < threads; t++) {
        long share = operations / threads + (t < operations % threads ? 1 : 0);
        workers[t] = new Thread(() -> run(table, share, records, ok, failed), "bare-" + t);
        workers[t].start();
      }
      for (Thread w : workers) {
        w.join();
      }
      double seconds = (System.nanoTime() - start) / 1e9;
      System.out.printf("bare: threads=%d ok=%d failed=%d elapsed_s=%.3f throughput_ops_s=%.1f%n",
          threads, ok.sum(), failed.sum(), seconds, ok.sum() / seconds);
    }
  }

  private static void run(MongoCollection<Document> table, long operations, long records, LongAdder ok,
      LongAdder failed) {
    ScrambledZipfianGenerator keys = new ScrambledZipfianGenerator(0, records - 1);
    ThreadLocalRandom random = ThreadLocalRandom.current();
    byte[] value = new byte[FIELD_LENGTH];
    for (long i = 0; i < operations; i++) {
      String key = "user" + Utils.hash(keys.nextValue());
      try {
        boolean success;
        if (random.nextBoolean()) {
          success = table.find(Filters.eq("_id", key)).first() != null;
        } else {
          random.nextBytes(value);
          success = table.updateOne(Filters.eq("_id", key),
              Updates.set("field" + random.nextInt(FIELD_COUNT), new Binary(value))).getMatchedCount() == 1;
        }
        (success ? ok : failed).increment();
      } catch (RuntimeException e) {
        failed.increment();
      }
    }
  }
}
