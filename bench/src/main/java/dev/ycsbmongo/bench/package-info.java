/**
 * Reference programs for {@code bench/} scripts: the same work as a YCSB workload written
 * directly against the driver, so the binding's overhead is a measured ratio, not a guess.
 */
package dev.ycsbmongo.bench;
