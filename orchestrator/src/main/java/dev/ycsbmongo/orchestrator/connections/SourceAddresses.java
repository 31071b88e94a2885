package dev.ycsbmongo.orchestrator.connections;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/**
 * Which local addresses connections leave from. {@code auto}: the kernel's choice while its ports
 * suffice, then (loopback targets only) 127.0.0.1, 127.0.0.2, ... as many as the count needs;
 * {@code none}: always the kernel's choice; a list: bind to exactly these addresses, spread evenly.
 *
 * @param addresses the explicit list (empty for auto and none)
 */
public record SourceAddresses(Mode mode, List<String> addresses) {

  public enum Mode { AUTO, NONE, LIST }

  public static final String ACCEPTED = "auto, none, or a comma-separated list of IP addresses of this machine";

  private static final Pattern IPV4 = Pattern.compile("\\d{1,3}(\\.\\d{1,3}){3}");
  private static final Pattern IPV6 = Pattern.compile("[0-9A-Fa-f:.]*:[0-9A-Fa-f:.]*");

  public SourceAddresses {
    addresses = List.copyOf(addresses);
    if ((mode == Mode.LIST) == addresses.isEmpty()) {
      throw new IllegalArgumentException("a list of source addresses, and only a list, has addresses");
    }
  }

  public static SourceAddresses auto() {
    return new SourceAddresses(Mode.AUTO, List.of());
  }

  public static SourceAddresses none() {
    return new SourceAddresses(Mode.NONE, List.of());
  }

  /**
   * {@code auto}, {@code none} or {@code A,B,...}; only IP literals, so nothing is looked up and a
   * typo cannot resolve to someone else's address.
   */
  public static SourceAddresses parse(String text) {
    String t = text.strip();
    if (t.equalsIgnoreCase("auto")) {
      return auto();
    }
    if (t.equalsIgnoreCase("none")) {
      return none();
    }
    List<String> list = new ArrayList<>();
    for (String part : t.split(",", -1)) {
      String a = part.strip();
      if (!IPV4.matcher(a).matches() && !IPV6.matcher(a).matches()) {
        throw new IllegalArgumentException("source addresses '" + text + "': '" + a + "' is not an IP address; expected "
            + ACCEPTED);
      }
      if (list.contains(a)) {
        throw new IllegalArgumentException("source addresses '" + text + "' list " + a + " twice");
      }
      list.add(a);
    }
    return new SourceAddresses(Mode.LIST, list);
  }

  @Override
  public String toString() {
    return mode == Mode.LIST ? String.join(",", addresses) : mode.name().toLowerCase(java.util.Locale.ROOT);
  }
}
