package dev.ycsbmongo.orchestrator.replset;

import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoDatabase;
import dev.ycsbmongo.orchestrator.process.Clients;
import org.bson.Document;

/** {@link ReplicaSetAdmin} over a short-lived driver client; commands go to the primary. */
public final class DriverReplicaSetAdmin implements ReplicaSetAdmin {

  private static final int TIMEOUT_MILLIS = 15_000;

  private final MongoClient client;
  private final MongoDatabase admin;

  private DriverReplicaSetAdmin(MongoClient client) {
    this.client = client;
    this.admin = client.getDatabase("admin");
  }

  public static DriverReplicaSetAdmin open(String uri) {
    return new DriverReplicaSetAdmin(Clients.open(uri, TIMEOUT_MILLIS));
  }

  @Override
  public Document config() {
    return admin.runCommand(new Document("replSetGetConfig", 1)).get("config", Document.class);
  }

  @Override
  public void reconfig(Document config) {
    admin.runCommand(new Document("replSetReconfig", config));
  }

  @Override
  public Document status() {
    return admin.runCommand(new Document("replSetGetStatus", 1));
  }

  @Override
  public void close() {
    client.close();
  }
}
