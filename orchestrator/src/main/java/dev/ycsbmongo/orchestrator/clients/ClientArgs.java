package dev.ycsbmongo.orchestrator.clients;

import dev.ycsbmongo.binding.launch.YcsbMain;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;

/**
 * A framed client's command line ({@code ClientMain ycsb ...}), checked before anything runs: the
 * YCSB arguments, and the client's own settings taken out of them ({@code -p client.index},
 * {@code client.count}, {@code client.start}), with the slice computed from the effective YCSB
 * properties ({@code -P} files, then {@code -p}, as YCSB reads them).
 *
 * @param ycsbArgs the YCSB arguments without the client's own settings
 * @param effective the properties YCSB will see (before the slice and the measurement settings)
 * @param load whether the phase is a load ({@code -load}, or {@code dotransactions=false})
 */
public record ClientArgs(List<String> ycsbArgs, Properties effective, ClientIndex client, StartBarrier start,
    ClientSlice slice, boolean load) {

  public static final String PREFIX = "client.";
  static final List<String> OWN_KEYS = List.of(ClientIndex.INDEX_PROPERTY, ClientIndex.COUNT_PROPERTY,
      StartBarrier.PROPERTY);
  static final String MEASUREMENT_INTERVAL = "measurement.interval";
  static final String STATUS_INTERVAL = "status.interval";

  public ClientArgs {
    ycsbArgs = List.copyOf(ycsbArgs);
  }

  /**
   * @param env the environment ({@link ClientIndex}'s variables when the index is not given)
   * @throws ClientArgumentException with one line: what is wrong, where, what is accepted
   */
  static ClientArgs parse(List<String> args, Map<String, String> env) throws ClientArgumentException {
    List<String> ycsb = new ArrayList<>();
    Map<String, String> own = new HashMap<>();
    for (int i = 0; i < args.size(); i++) {
      String a = args.get(i);
      if (a.equals("-p") || a.equals("-P")) {
        if (i + 1 >= args.size()) {
          throw new ClientArgumentException(a + " at the end of the arguments; accepted: " + a
              + (a.equals("-p") ? " KEY=VALUE" : " FILE"));
        }
        String value = args.get(++i);
        if (a.equals("-P") && !Files.isReadable(Path.of(value))) {
          throw new ClientArgumentException("-P " + value + ": cannot be read; accepted: a readable properties file");
        }
        if (a.equals("-p") && value.startsWith(PREFIX)) {
          int eq = value.indexOf('=');
          String key = eq < 0 ? value : value.substring(0, eq);
          if (eq < 0 || !OWN_KEYS.contains(key)) {
            throw new ClientArgumentException("-p " + value + ": not a client setting; accepted: -p KEY=VALUE with KEY "
                + String.join(", ", OWN_KEYS));
          }
          own.put(key, value.substring(eq + 1));
          continue;
        }
        ycsb.add(a);
        ycsb.add(value);
      } else {
        ycsb.add(a);
      }
    }
    Properties effective = YcsbMain.effectiveProperties(ycsb.toArray(String[]::new)).orElseThrow(
        () -> new ClientArgumentException("a -P file cannot be read as properties; accepted: readable properties files"));
    boolean load = !Boolean.parseBoolean(effective.getProperty("dotransactions", "true").trim());
    for (String a : ycsb) {
      if (a.equals("-load")) {
        load = true;
      } else if (a.equals("-t")) {
        load = false;
      }
    }
    String interval = effective.getProperty(MEASUREMENT_INTERVAL, "op").trim();
    if (interval.equals("intended")) {
      throw new ClientArgumentException(MEASUREMENT_INTERVAL + "=intended would leave the operations' own"
          + " histograms empty, and frames carry those; accepted: op (YCSB's default) or both");
    }
    ClientIndex client = ClientIndex.from(own, env);
    StartBarrier start = StartBarrier.parse(own.get(StartBarrier.PROPERTY));
    Map<String, String> props = new HashMap<>();
    effective.stringPropertyNames().forEach(k -> props.put(k, effective.getProperty(k)));
    ClientSlice slice = ClientSlice.of(client, props, load);
    return new ClientArgs(ycsb, effective, client, start, slice, load);
  }

  /**
   * The arguments YCSB runs with: the given ones, then this client's slice and the measurement
   * settings frames need, which win over anything given (a later {@code -p} wins in YCSB):
   * HdrHistogram interval logs and the export into {@code workDir}, every failed operation
   * measured under its status, a status tick every second unless {@code status.interval} is given,
   * and {@code -s} (the status thread is what closes an interval in every log).
   */
  List<String> ycsbArgs(Path workDir) {
    Map<String, String> forced = new LinkedHashMap<>(slice.overrides());
    forced.putAll(measurementProperties(workDir));
    if (!effective.containsKey(STATUS_INTERVAL)) {
      forced.put(STATUS_INTERVAL, "1");
    }
    List<String> out = new ArrayList<>(ycsbArgs);
    forced.forEach((k, v) -> {
      out.add("-p");
      out.add(k + "=" + v);
    });
    if (!ycsbArgs.contains("-s")) {
      out.add("-s");
    }
    return out;
  }

  static Map<String, String> measurementProperties(Path workDir) {
    Map<String, String> m = new LinkedHashMap<>();
    m.put("measurementtype", "hdrhistogram");
    m.put("hdrhistogram.fileoutput", "true");
    m.put("hdrhistogram.output.path", workDir + "/");
    // READ-NOT_FOUND rather than READ-FAILED: the interval logs then name the statuses the export counts
    m.put("reportlatencyforeacherror", "true");
    m.put("exporter", FramingExporter.class.getName());
    m.put("exportfile", workDir.resolve("measurements.json").toString());
    return m;
  }
}
