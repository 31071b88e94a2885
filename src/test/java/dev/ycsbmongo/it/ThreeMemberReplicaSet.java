package dev.ycsbmongo.it;

import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.bson.Document;
import org.testcontainers.containers.GenericContainer;
import org.testcontainers.containers.Network;
import org.testcontainers.containers.wait.strategy.Wait;
import org.testcontainers.utility.DockerImageName;

/**
 * A real three-member replica set: three {@code mongo} containers on one Docker network, members
 * m0 (priority 2, so it is the primary), m1 and m2. The host reaches the primary through its
 * mapped port with {@code directConnection=true} (the members' names resolve only inside the
 * network), which is also how the orchestrator's phases and commands reach it.
 */
final class ThreeMemberReplicaSet implements AutoCloseable {

  private final Network network = Network.newNetwork();
  private final List<GenericContainer<?>> members = new ArrayList<>();

  ThreeMemberReplicaSet start() throws InterruptedException {
    for (int i = 0; i < 3; i++) {
      GenericContainer<?> c = new GenericContainer<>(DockerImageName.parse(MongoServerExtension.MONGO_IMAGE))
          .withNetwork(network)
          .withNetworkAliases("m" + i)
          .withExposedPorts(27017)
          .withCommand("--replSet", "rs0", "--bind_ip_all")
          .waitingFor(Wait.forLogMessage(".*Waiting for connections.*\\n", 1));
      c.start();
      members.add(c);
    }
    try (MongoClient client = MongoClients.create(primaryUri("admin"))) {
      List<Document> config = new ArrayList<>();
      for (int i = 0; i < 3; i++) {
        config.add(new Document("_id", i).append("host", "m" + i + ":27017").append("priority", i == 0 ? 2 : 1));
      }
      client.getDatabase("admin").runCommand(new Document("replSetInitiate",
          new Document("_id", "rs0").append("members", config)));
      long deadline = System.nanoTime() + Duration.ofMinutes(2).toNanos();
      while (true) {
        Document status = client.getDatabase("admin").runCommand(new Document("replSetGetStatus", 1));
        long settled = status.getList("members", Document.class).stream()
            .filter(m -> m.getInteger("state", 0) == 1 || m.getInteger("state", 0) == 2).count();
        boolean m0Primary = status.getList("members", Document.class).stream()
            .anyMatch(m -> m.getString("name").startsWith("m0") && m.getInteger("state", 0) == 1);
        if (settled == 3 && m0Primary) {
          break;
        }
        if (System.nanoTime() > deadline) {
          throw new IllegalStateException("the replica set did not settle in 2 minutes: " + status.toJson());
        }
        Thread.sleep(500);
      }
    }
    return this;
  }

  /** The primary (m0) from the host. */
  String primaryUri(String database) {
    GenericContainer<?> m0 = members.get(0);
    return "mongodb://" + m0.getHost() + ":" + m0.getMappedPort(27017) + "/" + database + "?directConnection=true";
  }

  /** Member {@code i} (0 is the primary) from the host, on its own. */
  String memberUri(int i) {
    GenericContainer<?> m = members.get(i);
    return "mongodb://" + m.getHost() + ":" + m.getMappedPort(27017) + "/admin?directConnection=true";
  }

  String describe() {
    return "MongoDB " + MongoServerExtension.MONGO_IMAGE + " three-member replica set (Testcontainers), primary at "
        + primaryUri("");
  }

  @Override
  public void close() {
    members.forEach(GenericContainer::stop);
    network.close();
  }
}
