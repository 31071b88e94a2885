package dev.ycsbmongo.orchestrator.connections;

import java.util.List;

/**
 * What one worker JVM opens: the first line the coordinator writes to its stdin, as JSON.
 *
 * @param worker 1-based, for messages
 * @param ratePerSecond this worker's share of the ramp rate; 0: as fast as {@code maxInFlight} allows
 * @param timeoutMillis how long one connection may take to connect and answer
 * @param maxInFlight most connections connecting or awaiting their reply at once
 * @param progressIntervalMillis how often the worker reports (its heartbeat too)
 */
record WorkerAssignment(int worker, List<Slot> slots, double ratePerSecond, long timeoutMillis, int maxInFlight,
    long progressIntervalMillis) {

  WorkerAssignment {
    slots = List.copyOf(slots);
  }

  long count() {
    return slots.stream().mapToLong(Slot::count).sum();
  }
}
