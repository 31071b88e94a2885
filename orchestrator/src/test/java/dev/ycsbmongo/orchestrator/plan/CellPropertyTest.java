package dev.ycsbmongo.orchestrator.plan;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** The one place {@code threads} (what people type) and {@code threadcount} (what YCSB and the records key) meet. */
class CellPropertyTest {

  @Test
  void theWordPeopleTypeNamesYcsbsProperty() {
    assertEquals("threadcount", CellProperty.propertyKey("threads"));
    assertEquals("threadcount", CellProperty.propertyKey("threadcount"));
    assertEquals("recordcount", CellProperty.propertyKey("recordcount"));
    assertEquals("storage", CellProperty.propertyKey("storage"), "a label or other key is itself");
  }

  @Test
  void headingsShowThreadcountAsThreads() {
    assertEquals("threads", CellProperty.shownAs("threadcount"));
    assertEquals("threads", CellProperty.shownAs("threads"));
    assertEquals("clients", CellProperty.shownAs("clients"));
    assertEquals("mongodb.writeConcern", CellProperty.shownAs("mongodb.writeConcern"));
  }
}
