package dev.ycsbmongo.binding;

import java.util.Locale;
import java.util.Optional;
import java.util.Properties;

/**
 * Typed, validated access to YCSB properties. A value that is present but bad fails with the
 * property, the value and what is accepted; an absent or blank value is {@link Optional#empty()}.
 */
final class PropertyReader {

  private final Properties properties;

  PropertyReader(Properties properties) {
    this.properties = properties;
  }

  Optional<String> string(String key) {
    String value = properties.getProperty(key);
    if (value == null || value.isBlank()) {
      return Optional.empty();
    }
    return Optional.of(value.trim());
  }

  Optional<Integer> nonNegativeInt(String key) {
    return string(key).map(v -> (int) whole(key, v, 0, Integer.MAX_VALUE, "a whole number >= 0"));
  }

  Optional<Integer> positiveInt(String key) {
    return string(key).map(v -> (int) whole(key, v, 1, Integer.MAX_VALUE, "a whole number >= 1"));
  }

  Optional<Long> nonNegativeMillis(String key) {
    return string(key).map(v -> whole(key, v, 0, Long.MAX_VALUE,
        "milliseconds as a whole number >= 0 (0 means no limit)"));
  }

  Optional<Boolean> bool(String key) {
    return string(key).map(v -> {
      switch (v.toLowerCase(Locale.ROOT)) {
        case "true":
          return Boolean.TRUE;
        case "false":
          return Boolean.FALSE;
        default:
          throw invalid(key, v, "true or false");
      }
    });
  }

  private static long whole(String key, String value, long min, long max, String accepted) {
    try {
      long parsed = Long.parseLong(value);
      if (parsed >= min && parsed <= max) {
        return parsed;
      }
    } catch (NumberFormatException e) {
      // reported below with what is accepted
    }
    throw invalid(key, value, accepted);
  }

  static SettingValueException invalid(String key, String value, String accepted) {
    return new SettingValueException(key + ": '" + value + "' is not valid; accepted: " + accepted);
  }

  /**
   * Unchecked carrier for a bad value while settings are being built; becomes an
   * {@link InvalidSettingException} at the boundary ({@code init}).
   */
  static final class SettingValueException extends IllegalArgumentException {
    private static final long serialVersionUID = 1L;

    SettingValueException(String message) {
      super(UriMasker.mask(message));
    }
  }
}
