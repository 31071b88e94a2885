package dev.ycsbmongo.binding;

import com.mongodb.ReadPreference;
import com.mongodb.Tag;
import com.mongodb.TagSet;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;

/** Parses {@code mongodb.readPreference}, {@code mongodb.readPreferenceTags} and {@code mongodb.maxStalenessSeconds}. */
final class ReadPreferences {

  static final String MODES = "primary, primaryPreferred, secondary, secondaryPreferred, nearest (and YCSB 0.17.0's"
      + " primary_preferred, secondary_preferred)";
  static final String TAGS_ACCEPTED = "tag sets separated by ';', each a comma-separated list of name:value "
      + "(e.g. dc:east,rack:1;dc:west; an empty set matches any member)";
  static final int MIN_STALENESS_SECONDS = 90;

  private ReadPreferences() {
  }

  /**
   * Validates a mode name and returns its canonical spelling. YCSB 0.17.0's names
   * ({@code primary_preferred}, {@code secondary_preferred}) are accepted with a note in
   * {@code notes} naming the modern form.
   */
  static String mode(String key, String value, List<String> notes) {
    String lower = value.trim().toLowerCase(Locale.ROOT);
    if (lower.equals("primary_preferred") || lower.equals("secondary_preferred")) {
      String modern = mode(key, lower.replace("_", ""), notes);
      notes.add(key + "=" + value + " is YCSB 0.17.0's name, read as " + modern + "; the modern form is " + key + "="
          + modern);
      return modern;
    }
    switch (lower) {
      case "primary":
        return "primary";
      case "primarypreferred":
        return "primaryPreferred";
      case "secondary":
        return "secondary";
      case "secondarypreferred":
        return "secondaryPreferred";
      case "nearest":
        return "nearest";
      default:
        throw PropertyReader.invalid(key, value, MODES);
    }
  }

  static List<TagSet> tags(String key, String value) {
    List<TagSet> sets = new ArrayList<>();
    String[] groups = value.split(";", -1);
    for (int i = 0; i < groups.length; i++) {
      String group = groups[i].trim();
      if (group.isEmpty()) {
        // only a trailing empty set (the "any member" fallback) is meaningful
        if (i == groups.length - 1 && i > 0) {
          sets.add(new TagSet());
          continue;
        }
        throw PropertyReader.invalid(key, value, TAGS_ACCEPTED);
      }
      List<Tag> tags = new ArrayList<>();
      for (String pair : group.split(",")) {
        int colon = pair.indexOf(':');
        if (colon <= 0 || colon == pair.length() - 1) {
          throw PropertyReader.invalid(key, value, TAGS_ACCEPTED);
        }
        tags.add(new Tag(pair.substring(0, colon).trim(), pair.substring(colon + 1).trim()));
      }
      sets.add(new TagSet(tags));
    }
    return sets;
  }

  static int maxStalenessSeconds(String key, String value) {
    try {
      int seconds = Integer.parseInt(value);
      if (seconds == -1 || seconds >= MIN_STALENESS_SECONDS) {
        return seconds;
      }
    } catch (NumberFormatException e) {
      // reported below with what is accepted
    }
    throw PropertyReader.invalid(key, value, "-1 (no limit) or a number of seconds >= " + MIN_STALENESS_SECONDS);
  }

  static ReadPreference build(String key, String mode, List<TagSet> tags, Integer maxStalenessSeconds) {
    boolean hasStaleness = maxStalenessSeconds != null && maxStalenessSeconds >= 0;
    if ("primary".equals(mode)) {
      if (!tags.isEmpty() || hasStaleness) {
        throw new PropertyReader.SettingValueException(key + ": 'primary' cannot have tag sets or "
            + "maxStalenessSeconds; accepted with them: primaryPreferred, secondary, secondaryPreferred, nearest");
      }
      return ReadPreference.primary();
    }
    if (hasStaleness) {
      return ReadPreference.valueOf(mode, tags, maxStalenessSeconds, TimeUnit.SECONDS);
    }
    return ReadPreference.valueOf(mode, tags);
  }
}
