/**
 * The embedded MongoDB-wire test server: what {@code scripts/embedded-mongo}, plans with
 * {@code uri: embedded} and the integration tests (without Docker or MONGODB_TEST_URI) run
 * against. It stands in for MongoDB only to exercise the client; it measures nothing about MongoDB.
 *
 * <p>Layer 5 (docs/architecture.md): uses the root package only.
 */
package dev.ycsbmongo.orchestrator.embedded;
