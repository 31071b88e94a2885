package dev.ycsbmongo.it;

/** Small connection-string edits the tests need, done on the text (no driver parsing). */
final class ConnectionStrings {

  private ConnectionStrings() {
  }

  /** {@code uri} with its database path replaced by {@code database}; options are kept. */
  static String withDatabase(String uri, String database) {
    int schemeEnd = uri.indexOf("://");
    if (schemeEnd < 0) {
      throw new IllegalArgumentException("not a MongoDB connection string: " + mask(uri));
    }
    int hostsStart = schemeEnd + 3;
    int queryStart = uri.indexOf('?', hostsStart);
    int pathStart = uri.indexOf('/', hostsStart);
    if (queryStart >= 0 && pathStart > queryStart) {
      pathStart = -1;
    }
    int hostsEnd = pathStart >= 0 ? pathStart : queryStart >= 0 ? queryStart : uri.length();
    String query = queryStart >= 0 ? uri.substring(queryStart) : "";
    return uri.substring(0, hostsEnd) + "/" + database + query;
  }

  /** {@code uri} with the password between {@code user:} and {@code @} replaced by {@code ***}. */
  static String mask(String uri) {
    int schemeEnd = uri.indexOf("://");
    int at = uri.lastIndexOf('@');
    if (schemeEnd < 0 || at < schemeEnd) {
      return uri;
    }
    int colon = uri.indexOf(':', schemeEnd + 3);
    if (colon < 0 || colon > at) {
      return uri;
    }
    return uri.substring(0, colon + 1) + "***" + uri.substring(at);
  }

  /** {@code uri} with {@code user:password@} as its credentials (replacing any it had). */
  static String withCredentials(String uri, String user, String password) {
    int schemeEnd = uri.indexOf("://");
    if (schemeEnd < 0) {
      throw new IllegalArgumentException("not a MongoDB connection string: " + mask(uri));
    }
    int hostsStart = schemeEnd + 3;
    int slash = uri.indexOf('/', hostsStart);
    int hostsEnd = slash >= 0 ? slash : uri.length();
    int at = uri.lastIndexOf('@', hostsEnd);
    int from = at >= hostsStart ? at + 1 : hostsStart;
    return uri.substring(0, hostsStart) + user + ":" + password + "@" + uri.substring(from);
  }
}
