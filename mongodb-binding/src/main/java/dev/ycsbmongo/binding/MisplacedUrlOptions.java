package dev.ycsbmongo.binding;

import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Catches connection-string options written into the path: {@code .../admin&maxPoolSize=8000},
 * an {@code &} where the {@code ?} belongs, as in the max-connections study's own URL. The driver
 * takes the whole path as the database name, so YCSB 0.17.0's binding (and the driver alone)
 * silently writes to a database named {@code admin&maxPoolSize=8000}, authenticates against it,
 * keeps the default pool and reports every read as NOT_FOUND with exit status 0. MongoDB database
 * names may hold {@code &} and {@code =}, but {@code &name=value} in one is a misplaced option, and
 * a {@code ?} in one (written {@code %3F}) cannot be meant.
 */
final class MisplacedUrlOptions {

  private static final Pattern OPTION_IN_PATH = Pattern.compile("&[A-Za-z][A-Za-z0-9_]*=");

  private MisplacedUrlOptions() {
  }

  /**
   * The problem with {@code url}'s path, as one line with the corrected URL (password masked);
   * empty when its path holds no option. {@code database} is the driver's reading of the path.
   */
  static Optional<String> problem(String url, String database) {
    if (database == null) {
      return Optional.empty();
    }
    int pathStart = pathStart(url);
    if (pathStart < 0) {
      return Optional.empty();
    }
    int query = url.indexOf('?', pathStart);
    String path = url.substring(pathStart + 1, query < 0 ? url.length() : query);
    Matcher m = OPTION_IN_PATH.matcher(path);
    if (m.find()) {
      String options = path.substring(m.start() + 1) + (query < 0 ? "" : "&" + url.substring(query + 1));
      String fixed = "/" + path.substring(0, m.start()) + "?" + options;
      return Optional.of(hideSecretOptions(Keys.URL + ": " + UriMasker.mask(url) + " puts URL options into the"
          + " database name '" + database + "' (an '&' where the '?' belongs); did you mean '" + fixed + "'? As"
          + " written, the data and the authentication would go to a database of that name and " + options
          + " would not apply"));
    }
    if (database.indexOf('?') >= 0) {
      return Optional.of(Keys.URL + ": the database name '" + database + "' holds a '?' (written %3F); options"
          + " follow a plain '?' after the database name: mongodb://host/database?option=value");
    }
    return Optional.empty();
  }

  /** Option values that may be secret (proxyPassword, tlsCertificateKeyFilePassword) are never echoed. */
  private static String hideSecretOptions(String text) {
    return SECRET_OPTION.matcher(text).replaceAll("$1" + UriMasker.MASK);
  }

  private static final Pattern SECRET_OPTION = Pattern.compile("(?i)([a-z]*(?:password|properties)=)[^&'\\s]*");

  /** Index of the '/' that starts the path (after the hosts), or -1 when there is none. */
  private static int pathStart(String url) {
    int scheme = url.indexOf("://");
    if (scheme < 0) {
      return -1;
    }
    int hostsStart = scheme + 3;
    // the hosts follow the user information, which ends at the last '@' before any '?'
    int query = url.indexOf('?', hostsStart);
    int at = url.lastIndexOf('@', query < 0 ? url.length() - 1 : query);
    int from = at >= hostsStart ? at + 1 : hostsStart;
    return url.indexOf('/', from);
  }
}
