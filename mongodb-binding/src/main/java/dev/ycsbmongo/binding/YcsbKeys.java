package dev.ycsbmongo.binding;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Every property YCSB 0.17.0 or this binding reads, so that a misspelt key in a plan is refused instead of
 * being passed to YCSB, which ignores what it does not read ({@code maxexecutiontme: 40} would leave a run
 * without its time limit). The lists follow YCSB 0.17.0's classes, each key a string constant of the class
 * named (a test checks each one against the class files of the YCSB jar on the class path). Keys of other
 * workload classes (TimeSeriesWorkload, RestWorkload, ...) and of one's own workload are not here: a plan
 * declares those it uses.
 */
public final class YcsbKeys {

  /** YCSB 0.17.0's keys by the class that reads them (its simple name under {@code site.ycsb}). */
  static final Map<String, List<String>> BY_CLASS = Map.of(
      // the -db, -threads, -target, -s and -l flags are these properties too
      "Client", List.of("workload", "db", "exporter", "exportfile", "threadcount", "insertcount", "target",
          "maxexecutiontime", "operationcount", "recordcount", "dotransactions", "status", "label",
          "status.interval", "measurementtype", "measurement.trackjvm"),
      "ClientThread", List.of("spin.sleep"),
      "DBWrapper", List.of("reportlatencyforeacherror", "latencytrackederrors"),
      "Workload", List.of("insertstart", "insertcount"),
      "workloads.CoreWorkload", List.of("table", "fieldcount", "fieldnameprefix", "fieldlength", "minfieldlength",
          "fieldlengthdistribution", "fieldlengthhistogram", "readallfields", "writeallfields", "dataintegrity",
          "readproportion", "updateproportion", "insertproportion", "scanproportion", "readmodifywriteproportion",
          "requestdistribution", "zeropadding", "minscanlength", "maxscanlength", "scanlengthdistribution",
          "insertorder", "hotspotdatafraction", "hotspotopnfraction", "core_workload_insertion_retry_limit",
          "core_workload_insertion_retry_interval", "exponential.percentile", "exponential.frac"),
      "measurements.Measurements", List.of("measurementtype", "measurement.interval", "measurement.trackjvm"),
      "measurements.OneMeasurementHdrHistogram", List.of("hdrhistogram.fileoutput", "hdrhistogram.output.path",
          "hdrhistogram.percentiles", "measurement.histogram.verbose"),
      "measurements.OneMeasurementHistogram", List.of("histogram.buckets", "measurement.histogram.verbose"),
      "measurements.OneMeasurementRaw", List.of("measurement.raw.output_file", "measurement.raw.no_summary"),
      "measurements.OneMeasurementTimeSeries", List.of("timeseries.granularity"));

  /** site.ycsb.Client hands every property under this prefix to HTrace. */
  public static final String HTRACE_PREFIX = "htrace.";

  private static final Set<String> YCSB = ycsb();

  private YcsbKeys() {
  }

  private static Set<String> ycsb() {
    Set<String> all = new LinkedHashSet<>();
    BY_CLASS.values().forEach(all::addAll);
    return Set.copyOf(all);
  }

  /** YCSB 0.17.0's own keys (without {@value #HTRACE_PREFIX}*), sorted. */
  public static List<String> ycsb0170() {
    return YCSB.stream().sorted().toList();
  }

  /** The binding's: the {@code mongodb.*} keys it accepts (YCSB 0.17.0's deprecated ones too) and {@code batchsize}. */
  public static List<String> binding() {
    List<String> keys = new ArrayList<>(Keys.accepted());
    keys.add(Keys.BATCH_SIZE_STOCK);
    return List.copyOf(keys);
  }

  /** True for a key YCSB 0.17.0 or this binding reads. */
  public static boolean known(String key) {
    return YCSB.contains(key) || key.startsWith(HTRACE_PREFIX) || binding().contains(key);
  }

  /** The known key closest to {@code key}, for "did you mean". */
  public static Optional<String> closest(String key) {
    List<String> candidates = new ArrayList<>(YCSB);
    candidates.addAll(binding());
    return DidYouMean.closest(key, candidates);
  }
}
