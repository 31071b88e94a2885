package dev.ycsbmongo.orchestrator.plan;

import java.util.Map;
import java.util.regex.Pattern;

/**
 * {@code ${VAR}} in a target's {@code uri}, so that passwords stay out of plan files;
 * {@code $${} writes a literal {@code ${}.
 */
final class EnvSubstitution {

  private static final Pattern NAME = Pattern.compile("[A-Za-z_][A-Za-z0-9_]*");
  /**
   * The longest a value may grow to once its references are filled in: a connection string is at most a few
   * kilobytes, and a value of many references to one large variable must not grow without bound.
   */
  static final int MAX_EXPANDED_CHARS = 64 * 1024;

  private EnvSubstitution() {
  }

  /**
   * The variables {@code text} refers to that {@code env} lacks, in order, each once: the loader names every
   * missing one at once rather than one per attempt. A malformed reference is left to {@link #apply}.
   */
  static java.util.List<String> missing(String text, Map<String, String> env) {
    java.util.Set<String> names = new java.util.LinkedHashSet<>();
    int i = 0;
    while (i < text.length()) {
      if (text.startsWith("$${", i)) {
        i += 3;
      } else if (text.startsWith("${", i)) {
        int end = text.indexOf('}', i + 2);
        if (end < 0) {
          break;
        }
        String name = text.substring(i + 2, end);
        if (NAME.matcher(name).matches() && env.get(name) == null) {
          names.add(name);
        }
        i = end + 1;
      } else {
        i++;
      }
    }
    return java.util.List.copyOf(names);
  }

  /** {@code text} with every reference replaced; {@link IllegalArgumentException} names a missing or malformed one. */
  static String apply(String text, Map<String, String> env) {
    StringBuilder out = new StringBuilder(text.length());
    int i = 0;
    while (i < text.length()) {
      if (text.startsWith("$${", i)) {
        out.append("${");
        i += 3;
      } else if (text.startsWith("${", i)) {
        int end = text.indexOf('}', i + 2);
        if (end < 0) {
          throw new IllegalArgumentException("'${' without a closing '}'; write ${NAME} for environment variable NAME,"
              + " or $${ for a literal ${");
        }
        String name = text.substring(i + 2, end);
        if (!NAME.matcher(name).matches()) {
          throw new IllegalArgumentException("'${" + name + "}' is not a variable reference; expected ${NAME} with NAME"
              + " made of letters, digits and '_', or $${ for a literal ${");
        }
        String value = env.get(name);
        if (value == null) {
          throw new IllegalArgumentException("environment variable " + name + " is not set; it is referenced as ${"
              + name + "}");
        }
        out.append(value);
        if (out.length() > MAX_EXPANDED_CHARS) {
          throw new IllegalArgumentException("longer than " + MAX_EXPANDED_CHARS + " characters once its ${NAME}s are"
              + " filled in (" + name + " holds " + value.length() + "); expected a connection string of at most a few"
              + " kilobytes");
        }
        i = end + 1;
      } else {
        out.append(text.charAt(i));
        i++;
      }
    }
    return out.toString();
  }
}
