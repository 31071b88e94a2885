package dev.ycsbmongo.it;

import dev.ycsbmongo.binding.UriMasker;

/** Small connection-string edits the tests need, done on the text (no driver parsing). */
final class ConnectionStrings {

  private ConnectionStrings() {
  }

  /** {@code uri} with its database path replaced by {@code database}; options are kept. */
  static String withDatabase(String uri, String database) {
    int schemeEnd = uri.indexOf("://");
    if (schemeEnd < 0) {
      throw new IllegalArgumentException("not a MongoDB connection string: " + UriMasker.mask(uri));
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

  /** {@code uri} with {@code user:password@} as its credentials (replacing any it had). */
  static String withCredentials(String uri, String user, String password) {
    int schemeEnd = uri.indexOf("://");
    if (schemeEnd < 0) {
      throw new IllegalArgumentException("not a MongoDB connection string: " + UriMasker.mask(uri));
    }
    int hostsStart = schemeEnd + 3;
    int slash = uri.indexOf('/', hostsStart);
    int hostsEnd = slash >= 0 ? slash : uri.length();
    int at = uri.lastIndexOf('@', hostsEnd);
    int from = at >= hostsStart ? at + 1 : hostsStart;
    return uri.substring(0, hostsStart) + user + ":" + password + "@" + uri.substring(from);
  }
}
