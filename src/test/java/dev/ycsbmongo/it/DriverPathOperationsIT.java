package dev.ycsbmongo.it;

import java.util.Properties;

/**
 * {@link BindingOperationsIT}'s tests with retryable reads and writes on: reads and updates by key
 * then go through the driver's collection API ({@code find().first()}, {@code updateOne}) instead
 * of plain commands, and must behave the same.
 */
class DriverPathOperationsIT extends BindingOperationsIT {

  @Override
  Properties properties(TestMongo mongo, String database) {
    Properties p = super.properties(mongo, database);
    p.setProperty("mongodb.retryReads", "true");
    p.setProperty("mongodb.retryWrites", "true");
    return p;
  }
}
