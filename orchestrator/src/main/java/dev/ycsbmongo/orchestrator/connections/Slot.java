package dev.ycsbmongo.orchestrator.connections;

/**
 * {@code count} connections of one worker to one target host from one source address.
 *
 * @param host the host as the URI spells it, for results
 * @param address the IP literal to connect to
 * @param sourceAddress the local address to bind, or null for the kernel's choice
 */
record Slot(String host, int port, String address, String sourceAddress, int count) {

  Slot {
    if (count < 1) {
      throw new IllegalArgumentException("a slot holds at least one connection, not " + count);
    }
  }

  /** {@code host:port} as {@link TargetHost#label()} shows it. */
  String hostLabel() {
    return new TargetHost(host, port, address).label();
  }

  Slot plus(int more) {
    return new Slot(host, port, address, sourceAddress, count + more);
  }
}
