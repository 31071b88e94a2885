package dev.ycsbmongo.orchestrator.exec;

import com.mongodb.ConnectionString;
import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoCollection;
import dev.ycsbmongo.binding.ClientConfig;
import dev.ycsbmongo.binding.Keys;
import dev.ycsbmongo.orchestrator.plan.Phase;
import dev.ycsbmongo.orchestrator.process.Clients;
import java.util.Map;
import java.util.Optional;
import org.bson.Document;

/** The collection a phase's data lives in, and the orchestrator's own operations on it. */
final class DataSets {

  static final String DEFAULT_TABLE = "usertable";
  private static final int TIMEOUT_MILLIS = 30_000;

  private DataSets() {
  }

  /** Drops the phase's collection so a load starts from nothing (and never fails on duplicate keys). */
  static void drop(String uri, Phase phase) {
    try (MongoClient client = Clients.open(uri, TIMEOUT_MILLIS)) {
      MongoCollection<Document> c = collection(client, uri, phase.effectiveProperties());
      // dropping a missing collection is harmless on MongoDB but logs an error on the embedded server
      String name = c.getNamespace().getCollectionName();
      if (client.getDatabase(c.getNamespace().getDatabaseName()).listCollectionNames().into(new java.util.ArrayList<>())
          .contains(name)) {
        c.drop();
      }
    }
  }

  /** Documents in the phase's collection. */
  static long count(String uri, Phase phase) {
    try (MongoClient client = Clients.open(uri, TIMEOUT_MILLIS)) {
      return collection(client, uri, phase.effectiveProperties()).countDocuments();
    }
  }

  private static MongoCollection<Document> collection(MongoClient client, String uri, Map<String, String> props) {
    // the binding's rule, so a URL path of admin counts the documents where the binding wrote them (ycsb)
    String database = ClientConfig.database(Optional.ofNullable(props.get(Keys.DATABASE)).filter(d -> !d.isBlank())
        .map(String::trim), new ConnectionString(uri).getDatabase());
    return client.getDatabase(database).getCollection(props.getOrDefault("table", DEFAULT_TABLE));
  }
}
