package dev.ycsbmongo.orchestrator.exec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import org.junit.jupiter.api.Test;

class ServerSamplingTest {

  @Test
  void readsTheReadPreferenceOptionOfTheConnectionString() {
    assertEquals("secondaryPreferred", ServerSampling.urlReadPreference(
        "mongodb://bench:pw@127.0.0.1:27017/ycsb?replicaSet=rs0&readPreference=secondaryPreferred"));
    assertNull(ServerSampling.urlReadPreference("mongodb://127.0.0.1:27017/ycsb"));
    assertNull(ServerSampling.urlReadPreference("not a connection string"));
  }
}
