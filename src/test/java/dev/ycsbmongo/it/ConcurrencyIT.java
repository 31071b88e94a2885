package dev.ycsbmongo.it;

import static dev.ycsbmongo.it.Binding.TABLE;
import static dev.ycsbmongo.it.Binding.values;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Queue;
import java.util.Set;
import java.util.Vector;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.IntSupplier;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import site.ycsb.ByteIterator;
import site.ycsb.DB;
import site.ycsb.Status;

/**
 * Many YCSB threads in one JVM, each with its own DB instance, made the way YCSB's Client makes
 * them: every instance constructed and given its properties first, then one thread per instance
 * calling init, its operations and cleanup.
 */
@ExtendWith(MongoServerExtension.class)
class ConcurrencyIT {

  private static final String POOL_SUMMARY = "[mongodb] pool summary:";

  @Test
  void shouldShareOneClientAcross64ThreadsWithoutErrors(TestMongo mongo) throws Exception {
    int threads = 64;
    int recordsPerThread = 50;
    String database = Binding.database("conc", "sharedClient64");
    Properties properties = Binding.properties(mongo, database, "threadcount", String.valueOf(threads));
    Queue<String> failures = new ConcurrentLinkedQueue<>();
    AtomicLong operations = new AtomicLong();
    CyclicBarrier allInitialised = new CyclicBarrier(threads + 1);
    CyclicBarrier connectionsCounted = new CyclicBarrier(threads + 1);

    try (MongoClient driver = MongoClients.create(mongo.uri(database));
         StderrCapture stderr = StderrCapture.start()) {
      driver.getDatabase(database).drop();
      int connectionsBefore = ServerConnections.current(mongo, driver);

      List<DB> dbs = new ArrayList<>();
      for (int t = 0; t < threads; t++) {
        dbs.add(Binding.newDb(properties));
      }
      List<Thread> workers = new ArrayList<>();
      for (int t = 0; t < threads; t++) {
        DB db = dbs.get(t);
        String prefix = "t" + t + "-";
        workers.add(start("shared-" + t, () -> {
          try {
            db.init();
            allInitialised.await(60, TimeUnit.SECONDS);
            for (int i = 0; i < recordsPerThread; i++) {
              String key = prefix + i;
              check(failures, operations, "insert " + key, db.insert(TABLE, key, values(key, 2, "v1")));
              check(failures, operations, "read " + key, db.read(TABLE, key, null, new HashMap<>()));
              check(failures, operations, "update " + key, db.update(TABLE, key, values(key, 1, "v2")));
            }
            Vector<HashMap<String, ByteIterator>> scanned = new Vector<>();
            check(failures, operations, "scan " + prefix, db.scan(TABLE, prefix, 10, Set.of("field0"), scanned));
            connectionsCounted.await(60, TimeUnit.SECONDS);
          } catch (Exception e) {
            failures.add(Thread.currentThread().getName() + ": " + e);
          } finally {
            try {
              db.cleanup();
            } catch (Exception e) {
              failures.add(Thread.currentThread().getName() + " cleanup: " + e);
            }
          }
        }));
      }

      allInitialised.await(60, TimeUnit.SECONDS);
      // Every instance is open at once here; the operations run, then we count connections.
      int connectionsDuring = awaitBarrierThenCount(connectionsCounted, () -> ServerConnections.current(mongo, driver));
      joinAll(workers, Duration.ofSeconds(120));

      assertEquals(List.of(), List.copyOf(failures), "failed operations");
      assertEquals((long) threads * (recordsPerThread * 3 + 1), operations.get());
      assertEquals(threads * recordsPerThread, driver.getDatabase(database).getCollection(TABLE).countDocuments());
      // One client: its pool holds at most one connection per thread, plus its monitoring
      // connections. One client per DB instance would open at least two per instance (128+).
      int opened = connectionsDuring - connectionsBefore;
      System.out.printf("[it] connections opened while %d instances were open: %d%n", threads, opened);
      assertTrue(opened >= 1, "the instances' connections are counted: " + opened);
      assertTrue(opened <= threads + 8,
          "connections opened by 64 DB instances: " + opened + " (more than one client's pool of 64?)");
      assertEquals(1, stderr.linesStartingWith(POOL_SUMMARY),
          "one client, so one pool summary when the last instance cleans up; stderr was:\n" + stderr.text());
    }
  }

  @Test
  void shouldCompleteEveryOperationWhenTenThousandInstancesStartAndStopConcurrently(TestMongo mongo) throws Exception {
    int threads = 10_000;
    String database = Binding.database("conc", "cleanupRace10k");
    // maxPoolSize 100: the client and the embedded server share this JVM's 20,000 file
    // descriptors, and the server accepts only ~100 new connections a second; what is under
    // test is the open/close life cycle of the shared client, not the pool's size.
    Properties properties = Binding.properties(mongo, database,
        "threadcount", String.valueOf(threads), "mongodb.maxPoolSize", "100");
    Queue<String> failures = new ConcurrentLinkedQueue<>();
    AtomicLong operations = new AtomicLong();

    try (MongoClient driver = MongoClients.create(mongo.uri(database));
         StderrCapture stderr = StderrCapture.start()) {
      driver.getDatabase(database).drop();

      // Like site.ycsb.Client: every DB constructed and given its properties before any thread starts.
      List<DB> dbs = new ArrayList<>(threads);
      for (int t = 0; t < threads; t++) {
        dbs.add(Binding.newDb(properties));
      }
      long started = System.nanoTime();
      List<Thread> workers = new ArrayList<>(threads);
      for (int t = 0; t < threads; t++) {
        DB db = dbs.get(t);
        String key = "user" + t;
        workers.add(start("race-" + t, () -> {
          boolean initialised = false;
          try {
            db.init();
            initialised = true;
            check(failures, operations, "insert " + key, db.insert(TABLE, key, values(key, 2, "v1")));
            Map<String, ByteIterator> result = new HashMap<>();
            check(failures, operations, "read " + key, db.read(TABLE, key, null, result));
            check(failures, operations, "update " + key, db.update(TABLE, key, values(key, 1, "v2")));
            check(failures, operations, "read " + key, db.read(TABLE, key, Set.of("field0"), new HashMap<>()));
            check(failures, operations, "delete " + key, db.delete(TABLE, key));
          } catch (Exception e) {
            failures.add(Thread.currentThread().getName() + (initialised ? ": " : " init: ") + e);
          } finally {
            try {
              db.cleanup();
            } catch (Exception e) {
              failures.add(Thread.currentThread().getName() + " cleanup: " + e);
            }
          }
        }));
      }
      joinAll(workers, Duration.ofSeconds(180));
      System.out.printf("[it] %d instances x 5 operations took %d ms%n", threads,
          TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - started));

      List<String> failed = List.copyOf(failures);
      assertEquals(0, failed.size(), "failed operations (first 20): " + failed.subList(0, Math.min(20, failed.size())));
      assertEquals(threads * 5L, operations.get());
      assertEquals(0, driver.getDatabase(database).getCollection(TABLE).countDocuments(), "every record was deleted");
      // Every instance existed before the first init, so the client must not close (and reopen)
      // before the last cleanup: one client, one summary.
      assertEquals(1, stderr.linesStartingWith(POOL_SUMMARY), "pool summaries printed");
    }
  }

  private static void check(Queue<String> failures, AtomicLong operations, String what, Status status) {
    if (status == Status.OK) {
      operations.incrementAndGet();
    } else {
      failures.add(what + " returned " + status);
    }
  }

  private static Thread start(String name, Runnable body) {
    Thread thread = new Thread(body, name);
    thread.setDaemon(true);
    thread.start();
    return thread;
  }

  private static void joinAll(List<Thread> threads, Duration timeout) throws InterruptedException {
    long deadline = System.nanoTime() + timeout.toNanos();
    for (Thread thread : threads) {
      long left = deadline - System.nanoTime();
      if (left > 0) {
        TimeUnit.NANOSECONDS.timedJoin(thread, left);
      }
    }
    long alive = threads.stream().filter(Thread::isAlive).count();
    assertEquals(0, alive, "threads still running after " + timeout);
  }

  /** Waits until every worker waits at {@code barrier} (all open, operations done), counts connections, releases them. */
  private static int awaitBarrierThenCount(CyclicBarrier barrier, IntSupplier count) throws Exception {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
    while (barrier.getNumberWaiting() < barrier.getParties() - 1 && !barrier.isBroken()
        && System.nanoTime() < deadline) {
      Thread.sleep(10);
    }
    int connections = count.getAsInt();
    barrier.await(60, TimeUnit.SECONDS);
    return connections;
  }
}
