package dev.ycsbmongo.orchestrator.clients;

import java.util.Map;

/**
 * Which of a cell's N clients this process is: {@code -p client.index=I -p client.count=N}, or,
 * when not given, the environment a Kubernetes Indexed Job gives its pods
 * ({@code JOB_COMPLETION_INDEX}, and {@code YCSB_CLIENT_COUNT} set by the fleet's Job manifest).
 */
public record ClientIndex(int index, int count) {

  public static final String INDEX_PROPERTY = "client.index";
  public static final String COUNT_PROPERTY = "client.count";
  public static final String INDEX_ENV = "JOB_COMPLETION_INDEX";
  public static final String COUNT_ENV = "YCSB_CLIENT_COUNT";

  public ClientIndex {
    if (count < 1 || index < 0 || index >= count) {
      throw new IllegalArgumentException("client " + index + " of " + count + ": need 0 <= index < count");
    }
  }

  /**
   * The index from {@code props} (the client's own {@code -p} settings), else from {@code env}.
   *
   * @throws ClientArgumentException when either is missing or not a whole number in range
   */
  public static ClientIndex from(Map<String, String> props, Map<String, String> env) throws ClientArgumentException {
    long count = whole(props, COUNT_PROPERTY, env, COUNT_ENV, 1, 100_000);
    long index = whole(props, INDEX_PROPERTY, env, INDEX_ENV, 0, Math.max(0, count - 1));
    return new ClientIndex((int) index, (int) count);
  }

  private static long whole(Map<String, String> props, String key, Map<String, String> env, String envName,
      long min, long max) throws ClientArgumentException {
    String where;
    String value;
    if (props.containsKey(key)) {
      where = "-p " + key;
      value = props.get(key);
    } else if (env.containsKey(envName)) {
      where = "environment variable " + envName;
      value = env.get(envName);
    } else {
      throw new ClientArgumentException(key + " is not set (neither -p " + key + " nor " + envName
          + "); accepted: a whole number from " + min + " to " + max);
    }
    try {
      long n = Long.parseLong(value.trim());
      if (n < min || n > max) {
        throw new ClientArgumentException(where + ": " + n + " is out of range; accepted: a whole number from " + min
            + " to " + max);
      }
      return n;
    } catch (NumberFormatException e) {
      throw new ClientArgumentException(where + ": '" + value + "' is not a whole number; accepted: a whole number from "
          + min + " to " + max);
    }
  }
}
