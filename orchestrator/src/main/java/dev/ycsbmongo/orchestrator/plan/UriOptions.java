package dev.ycsbmongo.orchestrator.plan;

import dev.ycsbmongo.binding.BindingSettings;
import dev.ycsbmongo.binding.DidYouMean;
import dev.ycsbmongo.binding.InvalidSettingException;
import dev.ycsbmongo.binding.Keys;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;

/**
 * The options of a target's connection string ({@code ?w=majority&maxPoolSize=50}), checked by the
 * rule of the binding property that sets the same thing ({@code w} as {@code mongodb.writeConcern},
 * {@code maxPoolSize} as {@code mongodb.maxPoolSize}, ...). The driver itself takes {@code w=banana}
 * as a tag-set name and {@code maxPoolSize=-1} until the client is built, so without this a typo
 * in the URL would pass validate and fail (or mis-run) every phase.
 */
final class UriOptions {

  /** URL option (lower case) -> the binding property with the same meaning. */
  private static final Map<String, String> AS_PROPERTY = Map.ofEntries(
      Map.entry("w", Keys.WRITE_CONCERN),
      Map.entry("journal", Keys.JOURNAL),
      Map.entry("wtimeoutms", Keys.WTIMEOUT_MS),
      Map.entry("readpreference", Keys.READ_PREFERENCE),
      Map.entry("readpreferencetags", Keys.READ_PREFERENCE_TAGS),
      Map.entry("maxstalenessseconds", Keys.MAX_STALENESS_SECONDS),
      Map.entry("readconcernlevel", Keys.READ_CONCERN),
      Map.entry("maxpoolsize", Keys.MAX_POOL_SIZE),
      Map.entry("minpoolsize", Keys.MIN_POOL_SIZE),
      Map.entry("maxconnecting", Keys.MAX_CONNECTING),
      Map.entry("waitqueuetimeoutms", Keys.WAIT_QUEUE_TIMEOUT_MS),
      Map.entry("maxidletimems", Keys.MAX_IDLE_TIME_MS),
      Map.entry("maxlifetimems", Keys.MAX_LIFE_TIME_MS),
      Map.entry("connecttimeoutms", Keys.CONNECT_TIMEOUT_MS),
      Map.entry("sockettimeoutms", Keys.SOCKET_TIMEOUT_MS),
      Map.entry("serverselectiontimeoutms", Keys.SERVER_SELECTION_TIMEOUT_MS),
      Map.entry("compressors", Keys.COMPRESSORS),
      Map.entry("retrywrites", Keys.RETRY_WRITES),
      Map.entry("retryreads", Keys.RETRY_READS));

  /** Every option driver 5.14's ConnectionString reads, for "did you mean" on a misspelt one. */
  private static final List<String> DRIVER_OPTIONS = List.of("appName", "authMechanism", "authMechanismProperties",
      "authSource", "compressors", "connectTimeoutMS", "directConnection", "gssapiServiceName", "heartbeatFrequencyMS",
      "journal", "loadBalanced", "localThresholdMS", "maxConnecting", "maxIdleTimeMS", "maxLifeTimeMS", "maxPoolSize",
      "maxStalenessSeconds", "minPoolSize", "proxyHost", "proxyPort", "proxyUsername", "proxyPassword",
      "readConcernLevel", "readPreference", "readPreferenceTags", "replicaSet", "retryReads", "retryWrites", "safe",
      "serverMonitoringMode", "serverSelectionTimeoutMS", "serverSelectionTryOnce", "socketTimeoutMS", "srvMaxHosts",
      "srvServiceName", "ssl", "tls", "tlsAllowInvalidCertificates", "tlsAllowInvalidHostnames", "tlsCAFile",
      "tlsCertificateKeyFile", "tlsCertificateKeyFilePassword", "tlsInsecure", "timeoutMS", "uuidRepresentation", "w",
      "waitQueueTimeoutMS", "wtimeoutMS", "zlibCompressionLevel");

  /** Options whose values may be secret: never echoed. */
  private static final List<String> SECRET = List.of("proxypassword", "tlscertificatekeyfilepassword",
      "authmechanismproperties");

  private UriOptions() {
  }

  /** The first problem of {@code uri}'s options, as one phrase for the target's {@code uri} line. */
  static Optional<String> problem(String uri) {
    int at = uri.lastIndexOf('@');
    int query = uri.indexOf('?', Math.max(at, 0));
    if (query < 0) {
      return Optional.empty();
    }
    for (String pair : uri.substring(query + 1).split("[&;]")) {
      if (pair.isEmpty()) {
        continue;
      }
      int eq = pair.indexOf('=');
      String name = decode(eq < 0 ? pair : pair.substring(0, eq));
      String value = eq < 0 ? "" : decode(pair.substring(eq + 1));
      String lower = name.toLowerCase(Locale.ROOT);
      String property = AS_PROPERTY.get(lower);
      if (property == null) {
        if (DRIVER_OPTIONS.stream().noneMatch(o -> o.equalsIgnoreCase(name)) && name.length() >= 6) {
          Optional<String> close = DidYouMean.closest(name, DRIVER_OPTIONS);
          if (close.isPresent()) {
            return Optional.of("option " + name + " is unknown to the driver, which would ignore it; did you mean "
                + close.get() + "?");
          }
        }
        continue;
      }
      if (lower.equals("w") && value.toLowerCase(Locale.ROOT).startsWith("tag:")) {
        // the property's spelling: in the URL the driver would take "tag:NAME" as the tag's whole name
        return Optional.of("option w=" + value + ": the connection string takes a tag set's name without 'tag:',"
            + " and this check cannot tell a tag name from a typo; set mongodb.writeConcern: " + value
            + " in the target's properties instead");
      }
      Optional<String> bad = propertyProblem(property, value);
      if (bad.isPresent()) {
        String shown = SECRET.contains(lower) ? name : name + "=" + value;
        String hint = lower.equals("w") ? " (for a tag-set write concern write w=tag:NAME as mongodb.writeConcern"
            + " in the target's properties)" : "";
        return Optional.of("option " + shown + " is not valid, checked as " + property + ": " + bad.get() + hint);
      }
    }
    return Optional.empty();
  }

  /** The whole connection string as the binding will read it: combinations (minPoolSize above maxPoolSize, ...). */
  static Optional<String> combinationProblem(String uri) {
    if (uri.startsWith("mongodb+srv://")) {
      return Optional.empty();  // parsing it queries DNS: left to the run
    }
    Properties p = new Properties();
    p.setProperty(Keys.URL, uri);
    try {
      BindingSettings.from(p, Map.of());
      return Optional.empty();
    } catch (InvalidSettingException e) {
      return Optional.of(String.valueOf(e.getMessage()));
    }
  }

  /**
   * The binding's verdict on this one value. Tags and staleness are checked under a mode that
   * takes them (alone, the default mode primary would refuse any); whether the URL's own mode
   * takes them is the whole URL's check, {@link #combinationProblem}.
   */
  private static Optional<String> propertyProblem(String key, String value) {
    Properties p = new Properties();
    p.setProperty(key, value);
    if (key.equals(Keys.READ_PREFERENCE_TAGS) || key.equals(Keys.MAX_STALENESS_SECONDS)) {
      p.setProperty(Keys.READ_PREFERENCE, "nearest");
    }
    return PropertyRules.bindingProblem(key, p);
  }

  private static String decode(String s) {
    try {
      return URLDecoder.decode(s, StandardCharsets.UTF_8);
    } catch (IllegalArgumentException e) {
      return s;
    }
  }
}
