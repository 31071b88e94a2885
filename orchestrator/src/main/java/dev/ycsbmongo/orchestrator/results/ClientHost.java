package dev.ycsbmongo.orchestrator.results;

/**
 * The machine and software that ran the client.
 *
 * @param memoryBytes physical memory
 * @param toolVersion this project's version
 */
public record ClientHost(String hostname, int cores, long memoryBytes, String os, String jdk, String driverVersion,
    String ycsbVersion, String toolVersion) {
}
