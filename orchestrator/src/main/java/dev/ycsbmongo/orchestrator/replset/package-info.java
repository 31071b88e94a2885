/**
 * Replica-set settings as plan dimensions ({@code server.chainingAllowed}): reading the set's
 * config, changing it with replSetReconfig (or asking the user to, on managed services), waiting
 * until the set is healthy again, and putting the original setting back when the plan ends.
 *
 * <p>Layer 5 (docs/architecture.md): uses {@code plan}, {@code results} and {@code process}.
 */
package dev.ycsbmongo.orchestrator.replset;
