/**
 * Cross-module integration tests, run by failsafe from the {@code integration-tests} module after
 * the other modules are packaged: the binding in-process through YCSB's {@code DB} API, and the
 * {@code scripts/ycsb} launcher end to end. {@link dev.ycsbmongo.it.MongoServerExtension} picks the
 * server once per JVM ({@code MONGODB_TEST_URI}, else Testcontainers, else the embedded test
 * server) and every test class prints which one it ran against; {@code RealMongoSemanticsIT}
 * needs Docker and skips without it.
 */
package dev.ycsbmongo.it;
