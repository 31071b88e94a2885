package dev.ycsbmongo.binding;

import java.util.HashMap;
import java.util.Map;

/**
 * Reference-counted clients, one per distinct {@link ClientConfig} in the JVM (in practice one:
 * every YCSB thread has the same properties).
 *
 * <p>Why registration is separate from acquisition: YCSB constructs every thread's DB before
 * starting any thread, but each thread calls {@code init} only when it starts. With 10,000
 * threads, early threads finish and clean up before late ones have called {@code init}; counting
 * only {@code init}s lets the count touch zero mid-run, and YCSB's stock binding then closes the
 * client under threads that are about to use it ("The pool is closed"). Counting from
 * {@code setProperties} (construction time) means the client closes only when every DB that
 * was created has cleaned up. All transitions happen under one lock, so a client is never closed
 * while any registered instance may still use it.
 */
final class SharedClients {

  private static final class Entry {
    int registered;
    SharedClient client;
  }

  private static final Object LOCK = new Object();
  private static final Map<ClientConfig, Entry> ENTRIES = new HashMap<>();
  private static boolean hookInstalled;

  private SharedClients() {
  }

  /** A DB instance exists that will call {@link #release} once; keeps the client open until it does. */
  static void register(ClientConfig config) {
    synchronized (LOCK) {
      ENTRIES.computeIfAbsent(config, c -> new Entry()).registered++;
    }
  }

  /** The client for {@code config}, opened on first use; the caller must have {@link #register registered}. */
  static SharedClient acquire(BindingSettings settings, Log log) {
    synchronized (LOCK) {
      Entry entry = ENTRIES.get(settings.client());
      if (entry == null || entry.registered <= 0) {
        throw new IllegalStateException("acquire without register");
      }
      if (entry.client == null) {
        entry.client = SharedClient.open(settings.client(), settings.extraMeasurements());
        log.info("client: " + settings.describe());
        warnAboutSettings(settings, log);
        installShutdownHook(log);
      }
      return entry.client;
    }
  }

  /** One registered instance is done; the last one closes the client and prints the pool summary. */
  static void release(ClientConfig config, Log log) {
    SharedClient toClose = null;
    synchronized (LOCK) {
      Entry entry = ENTRIES.get(config);
      if (entry == null) {
        return;
      }
      entry.registered--;
      if (entry.registered <= 0) {
        ENTRIES.remove(config);
        toClose = entry.client;
      }
    }
    if (toClose != null) {
      log.summary(toClose.close());
    }
  }

  /** How many clients are open now; for tests. */
  static int openClients() {
    synchronized (LOCK) {
      return (int) ENTRIES.values().stream().filter(e -> e.client != null).count();
    }
  }

  private static void warnAboutSettings(BindingSettings settings, Log log) {
    for (String note : settings.notes()) {
      log.info("note: " + note);
    }
    ClientConfig c = settings.client();
    if (c.maxPoolSize() > 0 && c.maxPoolSize() < settings.threadCount()) {
      log.info("note: maxPoolSize " + c.maxPoolSize() + " < " + settings.threadCount()
          + " threads: threads will queue for connections (up to " + Keys.WAIT_QUEUE_TIMEOUT_MS + "="
          + c.waitQueueTimeoutMs() + "); the pool summary at the end shows the waits (and, with "
          + Keys.EXTRA_MEASUREMENTS + "=true, the " + PoolStats.CHECKOUT_MEASUREMENT + " measurement)");
    }
    String db = c.database();
    if (c.databaseRedirectedFromAdmin()) {
      log.info("note: the URL's path names 'admin' (the auth database); YCSB data goes to database '" + db
          + "', as with YCSB 0.17.0's binding; set " + Keys.DATABASE + " to choose another");
    }
    if (db.equals("admin") || db.equals("local") || db.equals("config")) {
      log.info("note: writing YCSB data into the '" + db + "' database (taken from the URL's path, which also names"
          + " the auth database); set " + Keys.DATABASE + " to keep benchmark data elsewhere");
    }
  }

  /** YCSB ends with System.exit; threads that never reached cleanup must not leave the summary unsaid. */
  private static void installShutdownHook(Log log) {
    if (hookInstalled) {
      return;
    }
    hookInstalled = true;
    Runtime.getRuntime().addShutdownHook(new Thread(() -> {
      Map<ClientConfig, Entry> left;
      synchronized (LOCK) {
        left = new HashMap<>(ENTRIES);
        ENTRIES.clear();
      }
      for (Entry e : left.values()) {
        if (e.client != null) {
          log.summary(e.client.close());
        }
      }
    }, "mongodb-binding-shutdown"));
  }
}
