package dev.ycsbmongo.orchestrator.process;

import com.mongodb.ConnectionString;
import com.mongodb.MongoClientSettings;
import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import java.util.concurrent.TimeUnit;

/** Short-lived driver clients for the orchestrator's own commands (probe, drop, count, sampling). */
public final class Clients {

  private Clients() {
  }

  public static MongoClient open(String uri, int timeoutMillis) {
    MongoClientSettings settings = MongoClientSettings.builder()
        .applyConnectionString(new ConnectionString(uri))
        .applyToClusterSettings(b -> b.serverSelectionTimeout(timeoutMillis, TimeUnit.MILLISECONDS))
        .applyToSocketSettings(b -> b.connectTimeout(timeoutMillis, TimeUnit.MILLISECONDS))
        .applicationName("ycsb-orchestrator")
        .build();
    return MongoClients.create(settings);
  }
}
