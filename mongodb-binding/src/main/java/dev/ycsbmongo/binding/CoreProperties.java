package dev.ycsbmongo.binding;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import site.ycsb.Client;
import site.ycsb.Workload;
import site.ycsb.generator.ExponentialGenerator;
import site.ycsb.workloads.CoreWorkload;

/**
 * Checks YCSB 0.17.0's own properties ({@code site.ycsb.Client} and {@code CoreWorkload}) before
 * YCSB runs, because YCSB itself either fails on them with a stack trace ({@code operationcount=abc}),
 * exits with a bare {@code System.exit(-1)}, or runs something else than asked without a word
 * ({@code readproportion=-1}, {@code readallfields=yes} read as false, {@code recordcount=0} read
 * as 2,147,483,647 records).
 *
 * <p>Only what YCSB 0.17.0 would crash on or run otherwise than written is refused; anything it
 * runs as meant passes, spelled as it accepts it: the proportions are weights (any scale; YCSB
 * divides each by their sum), decimals may have spaces around them ({@code Double.parseDouble}
 * trims), and a property YCSB does not read with this set ({@link #isRead}) is not judged.
 *
 * <p>The rules follow what YCSB 0.17.0 does with each value: counts it parses with
 * {@code Integer.parseInt} must be whole numbers in Java's int range, written exactly (YCSB does
 * not trim); distribution names are compared case-sensitively; booleans it reads with
 * {@code Boolean.parseBoolean} (anything but "true" is false) must be {@code true} or
 * {@code false}. Absent keys take YCSB's defaults (the {@code CoreWorkload} constants).
 *
 * <p>Used by {@code scripts/ycsb} (the launcher) and by the orchestrator's {@code validate}.
 */
public final class CoreProperties {

  public static final String OPERATION_COUNT = Client.OPERATION_COUNT_PROPERTY;
  public static final String RECORD_COUNT = Client.RECORD_COUNT_PROPERTY;
  public static final String INSERT_START = Workload.INSERT_START_PROPERTY;
  public static final String INSERT_COUNT = Client.INSERT_COUNT_PROPERTY;
  public static final String THREAD_COUNT = Client.THREAD_COUNT_PROPERTY;
  public static final String TARGET = Client.TARGET_PROPERTY;
  public static final String MAX_EXECUTION_TIME = Client.MAX_EXECUTION_TIME;
  public static final String STATUS_INTERVAL = "status.interval";
  public static final String FIELD_COUNT = CoreWorkload.FIELD_COUNT_PROPERTY;
  public static final String FIELD_LENGTH = CoreWorkload.FIELD_LENGTH_PROPERTY;
  public static final String MIN_FIELD_LENGTH = CoreWorkload.MIN_FIELD_LENGTH_PROPERTY;
  public static final String FIELD_LENGTH_DISTRIBUTION = CoreWorkload.FIELD_LENGTH_DISTRIBUTION_PROPERTY;
  public static final String READ_PROPORTION = CoreWorkload.READ_PROPORTION_PROPERTY;
  public static final String UPDATE_PROPORTION = CoreWorkload.UPDATE_PROPORTION_PROPERTY;
  public static final String INSERT_PROPORTION = CoreWorkload.INSERT_PROPORTION_PROPERTY;
  public static final String SCAN_PROPORTION = CoreWorkload.SCAN_PROPORTION_PROPERTY;
  public static final String READ_MODIFY_WRITE_PROPORTION = CoreWorkload.READMODIFYWRITE_PROPORTION_PROPERTY;
  public static final String REQUEST_DISTRIBUTION = CoreWorkload.REQUEST_DISTRIBUTION_PROPERTY;
  public static final String SCAN_LENGTH_DISTRIBUTION = CoreWorkload.SCAN_LENGTH_DISTRIBUTION_PROPERTY;
  public static final String MIN_SCAN_LENGTH = CoreWorkload.MIN_SCAN_LENGTH_PROPERTY;
  public static final String MAX_SCAN_LENGTH = CoreWorkload.MAX_SCAN_LENGTH_PROPERTY;
  public static final String INSERT_ORDER = CoreWorkload.INSERT_ORDER_PROPERTY;
  public static final String ZERO_PADDING = CoreWorkload.ZERO_PADDING_PROPERTY;
  public static final String READ_ALL_FIELDS = CoreWorkload.READ_ALL_FIELDS_PROPERTY;
  public static final String WRITE_ALL_FIELDS = CoreWorkload.WRITE_ALL_FIELDS_PROPERTY;
  public static final String DATA_INTEGRITY = CoreWorkload.DATA_INTEGRITY_PROPERTY;
  public static final String HOTSPOT_DATA_FRACTION = CoreWorkload.HOTSPOT_DATA_FRACTION;
  public static final String HOTSPOT_OPN_FRACTION = CoreWorkload.HOTSPOT_OPN_FRACTION;
  public static final String EXPONENTIAL_PERCENTILE = ExponentialGenerator.EXPONENTIAL_PERCENTILE_PROPERTY;
  public static final String EXPONENTIAL_FRAC = ExponentialGenerator.EXPONENTIAL_FRAC_PROPERTY;
  public static final String INSERTION_RETRY_LIMIT = CoreWorkload.INSERTION_RETRY_LIMIT;
  public static final String INSERTION_RETRY_INTERVAL = CoreWorkload.INSERTION_RETRY_INTERVAL;

  /** The operation proportions, in YCSB's order; their defaults are 0.95, 0.05, 0, 0, 0. */
  public static final List<String> PROPORTIONS = List.of(READ_PROPORTION, UPDATE_PROPORTION, INSERT_PROPORTION,
      SCAN_PROPORTION, READ_MODIFY_WRITE_PROPORTION);

  static final List<String> REQUEST_DISTRIBUTIONS =
      List.of("uniform", "zipfian", "hotspot", "sequential", "exponential", "latest");
  static final List<String> SCAN_LENGTH_DISTRIBUTIONS = List.of("uniform", "zipfian");
  static final List<String> FIELD_LENGTH_DISTRIBUTIONS = List.of("constant", "uniform", "zipfian", "histogram");
  static final List<String> INSERT_ORDERS = List.of("hashed", "ordered");

  private static final long INT_MAX = Integer.MAX_VALUE;

  /** YCSB 0.17.0's value when a key is absent; keys YCSB has no default for are not here. */
  private static final Map<String, String> DEFAULTS = Map.ofEntries(
      Map.entry(RECORD_COUNT, Client.DEFAULT_RECORD_COUNT),
      Map.entry(INSERT_START, Workload.INSERT_START_PROPERTY_DEFAULT),
      Map.entry(FIELD_LENGTH, CoreWorkload.FIELD_LENGTH_PROPERTY_DEFAULT),
      Map.entry(MIN_FIELD_LENGTH, CoreWorkload.MIN_FIELD_LENGTH_PROPERTY_DEFAULT),
      Map.entry(FIELD_LENGTH_DISTRIBUTION, CoreWorkload.FIELD_LENGTH_DISTRIBUTION_PROPERTY_DEFAULT),
      Map.entry(READ_PROPORTION, CoreWorkload.READ_PROPORTION_PROPERTY_DEFAULT),
      Map.entry(UPDATE_PROPORTION, CoreWorkload.UPDATE_PROPORTION_PROPERTY_DEFAULT),
      Map.entry(INSERT_PROPORTION, CoreWorkload.INSERT_PROPORTION_PROPERTY_DEFAULT),
      Map.entry(SCAN_PROPORTION, CoreWorkload.SCAN_PROPORTION_PROPERTY_DEFAULT),
      Map.entry(READ_MODIFY_WRITE_PROPORTION, CoreWorkload.READMODIFYWRITE_PROPORTION_PROPERTY_DEFAULT),
      Map.entry(REQUEST_DISTRIBUTION, CoreWorkload.REQUEST_DISTRIBUTION_PROPERTY_DEFAULT),
      Map.entry(MIN_SCAN_LENGTH, CoreWorkload.MIN_SCAN_LENGTH_PROPERTY_DEFAULT),
      Map.entry(MAX_SCAN_LENGTH, CoreWorkload.MAX_SCAN_LENGTH_PROPERTY_DEFAULT),
      Map.entry(DATA_INTEGRITY, CoreWorkload.DATA_INTEGRITY_PROPERTY_DEFAULT),
      Map.entry(HOTSPOT_DATA_FRACTION, CoreWorkload.HOTSPOT_DATA_FRACTION_DEFAULT),
      Map.entry(HOTSPOT_OPN_FRACTION, CoreWorkload.HOTSPOT_OPN_FRACTION_DEFAULT));

  private static final Map<String, Function<String, Optional<String>>> RULES = rules();

  private CoreProperties() {
  }

  private static Map<String, Function<String, Optional<String>>> rules() {
    Map<String, Function<String, Optional<String>>> r = new LinkedHashMap<>();
    r.put(OPERATION_COUNT, v -> whole(v, 0, INT_MAX, "0 means no limit: the run then needs "
        + MAX_EXECUTION_TIME));
    r.put(RECORD_COUNT, v -> whole(v, 1, INT_MAX,
        "YCSB 0.17.0 reads 0 as 2,147,483,647 records, so reads miss and a load does not end"));
    r.put(INSERT_START, v -> whole(v, 0, INT_MAX, null));
    r.put(INSERT_COUNT, v -> whole(v, 0, INT_MAX, null));
    r.put(THREAD_COUNT, v -> whole(v, 1, INT_MAX, null));
    r.put(TARGET, v -> whole(v, 0, INT_MAX, "operations per second; 0 means no throttle"));
    r.put(MAX_EXECUTION_TIME, v -> whole(v, 0, INT_MAX, "seconds; 0 means no time limit"));
    r.put(STATUS_INTERVAL, v -> whole(v, 1, INT_MAX, "seconds"));
    r.put(FIELD_COUNT, v -> whole(v, 1, INT_MAX, null));
    // 0 bytes makes empty values, which YCSB 0.17.0 writes as asked
    r.put(FIELD_LENGTH, v -> whole(v, 0, INT_MAX, "bytes"));
    r.put(MIN_FIELD_LENGTH, v -> whole(v, 0, INT_MAX, "bytes"));
    r.put(MIN_SCAN_LENGTH, v -> whole(v, 1, INT_MAX, null));
    r.put(MAX_SCAN_LENGTH, v -> whole(v, 1, INT_MAX, null));
    r.put(ZERO_PADDING, v -> whole(v, 0, INT_MAX, "0 and 1 both mean no padding"));
    r.put(INSERTION_RETRY_LIMIT, v -> whole(v, 0, INT_MAX, null));
    r.put(INSERTION_RETRY_INTERVAL, v -> whole(v, 0, INT_MAX, "seconds"));
    for (String p : PROPORTIONS) {
      r.put(p, CoreProperties::weight);
    }
    r.put(HOTSPOT_DATA_FRACTION, CoreProperties::hotspotFraction);
    r.put(HOTSPOT_OPN_FRACTION, CoreProperties::hotspotFraction);
    r.put(EXPONENTIAL_PERCENTILE, CoreProperties::percentile);
    r.put(EXPONENTIAL_FRAC, v -> fraction(v, true));
    r.put(REQUEST_DISTRIBUTION, v -> oneOf(v, REQUEST_DISTRIBUTIONS));
    r.put(SCAN_LENGTH_DISTRIBUTION, v -> oneOf(v, SCAN_LENGTH_DISTRIBUTIONS));
    r.put(FIELD_LENGTH_DISTRIBUTION, v -> oneOf(v, FIELD_LENGTH_DISTRIBUTIONS));
    r.put(INSERT_ORDER, v -> oneOf(v, INSERT_ORDERS));
    r.put(READ_ALL_FIELDS, CoreProperties::bool);
    r.put(WRITE_ALL_FIELDS, CoreProperties::bool);
    r.put(DATA_INTEGRITY, CoreProperties::bool);
    return r;
  }

  /** Every core property this class checks, in a stable order. */
  public static Set<String> keys() {
    return RULES.keySet();
  }

  /**
   * Why {@code value} is no good for {@code key}, without the key: for example
   * {@code "'abc' is not a whole number; expected a whole number >= 0 (...)"}. Empty when the
   * value is fine or {@code key} is not a core property checked here.
   */
  public static Optional<String> valueProblem(String key, String value) {
    Function<String, Optional<String>> rule = RULES.get(key);
    if (rule == null) {
      return Optional.empty();
    }
    if (value == null) {
      return Optional.of("no value; " + expected(key));
    }
    return rule.apply(value);
  }

  /**
   * Whether YCSB 0.17.0 reads {@code key} at all with this set: the hotspot fractions only with
   * {@code requestdistribution=hotspot}, the exponential ones only with {@code exponential},
   * {@code operationcount} not when loading (unless zipfian sizes its key space with it). A value
   * YCSB never reads cannot make it run wrongly, so it is not refused.
   *
   * @param load true for {@code -load}, false for a run ({@code -t}, YCSB's default)
   */
  public static boolean isRead(String key, Map<String, String> props, boolean load) {
    String distribution = props.getOrDefault(REQUEST_DISTRIBUTION, CoreWorkload.REQUEST_DISTRIBUTION_PROPERTY_DEFAULT);
    if (key.equals(HOTSPOT_DATA_FRACTION) || key.equals(HOTSPOT_OPN_FRACTION)) {
      return distribution.equals("hotspot");
    }
    if (key.equals(EXPONENTIAL_PERCENTILE) || key.equals(EXPONENTIAL_FRAC)) {
      return distribution.equals("exponential");
    }
    if (key.equals(OPERATION_COUNT)) {
      return !load || distribution.equals("zipfian");
    }
    return true;
  }

  /**
   * Each bad value YCSB 0.17.0 will read ({@link #isRead}) as {@code "key: problem"}, in the
   * order of {@link #keys()}.
   */
  public static List<String> valueProblems(Map<String, String> props, boolean load) {
    List<String> problems = new ArrayList<>();
    for (String key : RULES.keySet()) {
      if (props.containsKey(key) && isRead(key, props, load)) {
        valueProblem(key, props.get(key)).ifPresent(p -> problems.add(key + ": " + p));
      }
    }
    return problems;
  }

  /** {@link #setProblems(Map, boolean)} for a run, the stricter of the two. */
  public static List<String> setProblems(Map<String, String> props) {
    return setProblems(props, false);
  }

  /**
   * Problems of the combination, each one line that starts with the keys involved
   * ({@code "insertstart, recordcount: ..."}). Absent keys take YCSB 0.17.0's defaults. A key
   * whose own value is bad ({@link #valueProblem}) takes no part here: it is reported there.
   *
   * @param load true for {@code -load}: what only a run trips over is not a problem then
   */
  public static List<String> setProblems(Map<String, String> props, boolean load) {
    List<String> problems = new ArrayList<>();
    proportions(props, problems);
    if (!load && word(props, REQUEST_DISTRIBUTION).filter("hotspot"::equals).isPresent()) {
      hotspot(props, problems);
    }

    Optional<Long> recordcount = number(props, RECORD_COUNT);
    Optional<Long> insertstart = number(props, INSERT_START);
    Optional<Long> insertcount = props.containsKey(INSERT_COUNT) ? number(props, INSERT_COUNT) : Optional.empty();
    // a recordcount left to YCSB's default 0 means "2^31-1" to CoreWorkload: nothing to compare with
    if (recordcount.isPresent() && recordcount.get() > 0 && insertstart.isPresent()) {
      long rc = recordcount.get();
      long start = insertstart.get();
      if (start >= rc) {
        problems.add(INSERT_START + ", " + RECORD_COUNT + ": insertstart " + start + " is beyond recordcount " + rc
            + "; insertstart must be below recordcount (keys are numbered 0 to recordcount-1)");
      } else if (insertcount.isPresent() && start + insertcount.get() > rc) {
        problems.add(INSERT_START + ", " + INSERT_COUNT + ", " + RECORD_COUNT + ": insertstart " + start
            + " + insertcount " + insertcount.get() + " = " + (start + insertcount.get()) + " is beyond recordcount "
            + rc + "; YCSB 0.17.0 stops with exit status -1 unless insertstart + insertcount <= recordcount");
      }
    }

    Optional<Long> minField = number(props, MIN_FIELD_LENGTH);
    Optional<Long> maxField = number(props, FIELD_LENGTH);
    Optional<String> fieldDist = word(props, FIELD_LENGTH_DISTRIBUTION);
    if (minField.isPresent() && maxField.isPresent() && minField.get() > maxField.get()
        && fieldDist.filter(d -> d.equals("uniform") || d.equals("zipfian")).isPresent()) {
      problems.add(MIN_FIELD_LENGTH + ", " + FIELD_LENGTH + ": minfieldlength " + minField.get()
          + " is above fieldlength " + maxField.get() + "; with fieldlengthdistribution " + fieldDist.get()
          + " field lengths range from minfieldlength to fieldlength");
    }

    Optional<Long> minScan = number(props, MIN_SCAN_LENGTH);
    Optional<Long> maxScan = number(props, MAX_SCAN_LENGTH);
    if (minScan.isPresent() && maxScan.isPresent() && minScan.get() > maxScan.get()) {
      problems.add(MIN_SCAN_LENGTH + ", " + MAX_SCAN_LENGTH + ": minscanlength " + minScan.get()
          + " is above maxscanlength " + maxScan.get() + "; scan lengths range from minscanlength to maxscanlength");
    }

    if (word(props, DATA_INTEGRITY).filter("true"::equalsIgnoreCase).isPresent()
        && fieldDist.filter(d -> !d.equals("constant")).isPresent()) {
      problems.add(DATA_INTEGRITY + ", " + FIELD_LENGTH_DISTRIBUTION + ": dataintegrity needs"
          + " fieldlengthdistribution constant (YCSB 0.17.0 stops with exit status -1), not " + fieldDist.get());
    }

    // CoreWorkload.init parses operationcount for zipfian with no default, even when loading
    if (word(props, REQUEST_DISTRIBUTION).filter("zipfian"::equals).isPresent() && !props.containsKey(OPERATION_COUNT)) {
      problems.add(REQUEST_DISTRIBUTION + ", " + OPERATION_COUNT + ": requestdistribution zipfian needs"
          + " operationcount set (YCSB 0.17.0 reads it to size the key space, also when loading)");
    }
    return problems;
  }

  /**
   * Every problem of {@code props} for a run: each bad value as {@code "key: problem"}, then
   * {@link #setProblems}. Empty when YCSB 0.17.0 will take the set as meant.
   */
  public static List<String> problems(Map<String, String> props) {
    List<String> problems = new ArrayList<>(valueProblems(props, false));
    problems.addAll(setProblems(props, false));
    return problems;
  }

  /**
   * {@code HotspotIntegerGenerator} splits the key range into a hot set of
   * {@code (int) (keys * hotspotdatafraction)} keys and a cold set of the rest, and draws a key with
   * {@code % size} of the set an operation falls in: an empty set that operations fall in (a hot
   * set with {@code hotspotopnfraction > 0}, a cold set with {@code hotspotopnfraction < 1})
   * stops every thread with an ArithmeticException.
   */
  private static void hotspot(Map<String, String> props, List<String> problems) {
    Optional<Double> data = effective(props, HOTSPOT_DATA_FRACTION).flatMap(CoreProperties::decimal);
    Optional<Double> opn = effective(props, HOTSPOT_OPN_FRACTION).flatMap(CoreProperties::decimal);
    Optional<Long> recordcount = number(props, RECORD_COUNT);
    Optional<Long> insertstart = number(props, INSERT_START);
    if (data.isEmpty() || opn.isEmpty() || recordcount.isEmpty() || insertstart.isEmpty()) {
      return;
    }
    long keys = props.containsKey(INSERT_COUNT)
        ? number(props, INSERT_COUNT).orElse(-1L) : recordcount.get() - insertstart.get();
    if (keys <= 0) {
      return;  // the insertstart/insertcount problem says it
    }
    long hot = (int) (keys * data.get());
    long cold = keys - hot;
    String keysNote = "of the " + keys + " keys (" + (props.containsKey(INSERT_COUNT) ? "insertcount"
        : "recordcount - insertstart") + ")";
    if (opn.get() > 0 && hot == 0) {
      problems.add(HOTSPOT_DATA_FRACTION + ", " + HOTSPOT_OPN_FRACTION + ": a hot set of hotspotdatafraction "
          + data.get() + " " + keysNote + " holds no key, yet hotspotopnfraction " + opn.get() + " sends operations"
          + " to it; YCSB 0.17.0 stops every thread with an ArithmeticException (/ by zero): raise"
          + " hotspotdatafraction or set hotspotopnfraction to 0");
    } else if (opn.get() < 1 && cold == 0) {
      problems.add(HOTSPOT_DATA_FRACTION + ", " + HOTSPOT_OPN_FRACTION + ": hotspotdatafraction " + data.get()
          + " puts all " + keysNote.substring(3) + " in the hot set, yet hotspotopnfraction " + opn.get()
          + " sends operations to the empty cold set; YCSB 0.17.0 stops every thread with an ArithmeticException"
          + " (/ by zero): lower hotspotdatafraction or set hotspotopnfraction to 1");
    }
  }

  private static void proportions(Map<String, String> props, List<String> problems) {
    double sum = 0;
    for (String key : PROPORTIONS) {
      Optional<String> v = effective(props, key);
      if (v.isEmpty()) {
        return;  // a bad proportion is its own problem; the sum means nothing then
      }
      sum += decimal(v.get()).orElse(0.0);
    }
    if (sum == 0) {
      problems.add(String.join(", ", PROPORTIONS) + ": every operation proportion is 0 (absent ones take YCSB's"
          + " defaults: readproportion 0.95, updateproportion 0.05, others 0); at least one must be above 0"
          + " (YCSB 0.17.0 would stop every thread with an AssertionError)");
    }
  }

  /** The value YCSB will use (given or default), or empty when absent without default or bad. */
  private static Optional<String> effective(Map<String, String> props, String key) {
    String v = props.containsKey(key) ? props.get(key) : DEFAULTS.get(key);
    if (v == null || valueProblem(key, v).isPresent()) {
      return Optional.empty();
    }
    return Optional.of(v);
  }

  private static Optional<Long> number(Map<String, String> props, String key) {
    return effective(props, key).map(Long::parseLong);
  }

  private static Optional<String> word(Map<String, String> props, String key) {
    return effective(props, key);
  }

  private static String expected(String key) {
    // the problem of an empty value carries exactly the expectation of the key's rule
    String p = RULES.get(key).apply("").orElse("");
    int at = p.indexOf("expected");
    return at < 0 ? p : p.substring(at);
  }

  private static Optional<String> whole(String value, long min, long max, String note) {
    String range = max == INT_MAX ? "a whole number >= " + min : "a whole number from " + min + " to " + max;
    String expected = "expected " + range + (note == null ? "" : " (" + note + ")");
    String shown = "'" + value + "'";
    if (!value.matches("[+-]?[0-9]+")) {
      String why = !value.isEmpty() && !value.equals(value.strip()) && value.strip().matches("[+-]?[0-9]+")
          ? " has spaces around it (YCSB does not trim values)" : " is not a whole number";
      return Optional.of(shown + why + "; " + expected);
    }
    BigInteger n = new BigInteger(value);
    if (n.compareTo(BigInteger.valueOf(min)) < 0) {
      return Optional.of(shown + " is too small; " + expected);
    }
    if (n.compareTo(BigInteger.valueOf(max)) > 0) {
      return Optional.of(shown + " is too large; " + expected + "; YCSB 0.17.0 reads it as a Java int, at most "
          + INT_MAX);
    }
    return Optional.empty();
  }

  /**
   * A proportion is a weight: {@code CoreWorkload.createOperationGenerator} adds every one above 0
   * to a {@code DiscreteGenerator}, which divides each by their sum, so 50/50 is the same mix as
   * 0.5/0.5. A negative one it skips without a word (run as 0), so it is refused here.
   */
  private static Optional<String> weight(String value) {
    String expected = "expected a weight >= 0 (YCSB 0.17.0 divides each proportion by their sum: 50/50 and"
        + " 0.5/0.5 are the same mix)";
    Optional<Double> d = decimal(value);
    if (d.isEmpty()) {
      return Optional.of("'" + value + "' is not a number; " + expected);
    }
    if (d.get() < 0) {
      return Optional.of("'" + value + "' is negative; " + expected + "; YCSB 0.17.0 would run it as 0");
    }
    return Optional.empty();
  }

  /** A number in [0, 1] (or (0, 1] when {@code positive}). */
  private static Optional<String> fraction(String value, boolean positive) {
    String expected = positive ? "expected a number above 0 and at most 1" : "expected a number from 0 to 1";
    Optional<Double> d = decimal(value);
    if (d.isEmpty()) {
      return Optional.of("'" + value + "' is not a number; " + expected);
    }
    double x = d.get();
    if (x < 0 || x > 1 || (positive && x == 0)) {
      return Optional.of("'" + value + "' is out of range; " + expected);
    }
    return Optional.empty();
  }

  /** A fraction the hotspot generator takes: out of [0, 1] it runs with 0 instead (one stderr line). */
  private static Optional<String> hotspotFraction(String value) {
    return fraction(value, false).map(p -> p + (p.contains("out of range")
        ? " (YCSB 0.17.0 would run with 0 instead)" : ""));
  }

  private static Optional<String> percentile(String value) {
    String expected = "expected a percentage above 0 and below 100";
    Optional<Double> d = decimal(value);
    if (d.isEmpty()) {
      return Optional.of("'" + value + "' is not a number; " + expected);
    }
    if (d.get() <= 0 || d.get() >= 100) {
      return Optional.of("'" + value + "' is out of range; " + expected);
    }
    return Optional.empty();
  }

  /**
   * A number as YCSB 0.17.0 reads it ({@code Double.parseDouble}, which ignores spaces around it),
   * when finite: NaN and Infinity parse, but YCSB then skips (NaN) or breaks (Infinity) the value.
   */
  private static Optional<Double> decimal(String value) {
    try {
      double d = Double.parseDouble(value);
      return Double.isFinite(d) ? Optional.of(d) : Optional.empty();
    } catch (NumberFormatException e) {
      return Optional.empty();
    }
  }

  private static Optional<String> oneOf(String value, List<String> accepted) {
    if (accepted.contains(value)) {
      return Optional.empty();
    }
    String hint = accepted.stream().filter(a -> a.equalsIgnoreCase(value.strip())).findFirst()
        .map(a -> " (YCSB compares names exactly: write " + a + ")").orElse("");
    return Optional.of("'" + value + "' is not known" + hint + "; expected one of " + String.join(", ", accepted));
  }

  private static Optional<String> bool(String value) {
    // Boolean.parseBoolean ignores case, so TRUE is fine; "yes" or "1" would silently be false
    if (value.equalsIgnoreCase("true") || value.equalsIgnoreCase("false")) {
      return Optional.empty();
    }
    return Optional.of("'" + value + "' is not true or false; expected true or false (YCSB 0.17.0 reads anything"
        + " but 'true' as false)");
  }
}
