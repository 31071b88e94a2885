/**
 * Capacity under a latency SLO: the search for the highest offered rate (YCSB {@code -target}, open loop) whose
 * achieved throughput keeps up with the offer and whose intended-time percentile stays within the SLO. Pure
 * computation on step figures: the spec and its parsing ({@link dev.ycsbmongo.orchestrator.capacity.CapacitySpec}),
 * the search ({@link dev.ycsbmongo.orchestrator.capacity.CapacitySearch}), a step's verdict
 * ({@link dev.ycsbmongo.orchestrator.capacity.StepVerdict}) and the threads a rate needs
 * ({@link dev.ycsbmongo.orchestrator.capacity.ThreadSizing}). It runs nothing: a runner asks the search for the next
 * rate, runs it as a phase and hands the figures back, so the same logic is tested on simulated servers.
 */
package dev.ycsbmongo.orchestrator.capacity;
