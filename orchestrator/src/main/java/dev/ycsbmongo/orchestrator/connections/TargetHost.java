package dev.ycsbmongo.orchestrator.connections;

import java.net.InetAddress;
import java.net.UnknownHostException;

/**
 * One host of the target's connection string, resolved once by the coordinator so workers connect
 * to an address and never look names up.
 *
 * @param name the host as the URI spells it (shown in results)
 * @param address the resolved IP literal
 */
record TargetHost(String name, int port, String address) {

  /** {@code name:port}, how results and messages show the host. */
  String label() {
    return name.indexOf(':') >= 0 ? "[" + name + "]:" + port : name + ":" + port;
  }

  /** True for 127.0.0.0/8: the only targets for which more loopback source addresses can be made up. */
  boolean ipv4Loopback() {
    return address.startsWith("127.") && address.indexOf(':') < 0;
  }

  boolean loopback() {
    try {
      return InetAddress.getByName(address).isLoopbackAddress();
    } catch (UnknownHostException e) {
      return false; // an IP literal always parses; unreachable
    }
  }
}
