package dev.ycsbmongo.bench;

import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;

/**
 * Drops one database: bench runs free each load's data before the next, because the embedded
 * test server keeps everything on its heap. Arguments: URL DATABASE
 */
public final class DropDatabase {

  private DropDatabase() {
  }

  public static void main(String[] args) {
    if (args.length != 2) {
      System.err.println("usage: DropDatabase URL DATABASE");
      System.exit(2);
    }
    try (MongoClient client = MongoClients.create(args[0])) {
      client.getDatabase(args[1]).drop();
    }
  }
}
