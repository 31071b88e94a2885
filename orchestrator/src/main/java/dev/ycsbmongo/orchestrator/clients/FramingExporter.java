package dev.ycsbmongo.orchestrator.clients;

import java.io.IOException;
import java.io.OutputStream;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Consumer;
import site.ycsb.measurements.exporter.JSONArrayMeasurementsExporter;

/**
 * The {@code exporter} a framed client gives YCSB: writes YCSB's JSON array export as
 * {@link JSONArrayMeasurementsExporter} does, keeps the figures, and hands them to the client when
 * YCSB closes it. YCSB closes its exporter after every measurement has written its last interval
 * to its HDR log and closed that log, and just before it calls {@code System.exit}: so the client
 * writes its last interval frames and its summary there, on YCSB's own thread, before the JVM
 * begins to shut down. Public, with YCSB's constructor, because YCSB loads it by name.
 */
public final class FramingExporter extends JSONArrayMeasurementsExporter {

  /** One JVM runs one YCSB, which creates one exporter: where its figures go is process-wide. */
  private static volatile Consumer<Map<String, Map<String, Double>>> onClose;

  private final Map<String, Map<String, Double>> figures = new LinkedHashMap<>();

  public FramingExporter(OutputStream out) throws IOException {
    super(out);
  }

  /** Where the figures of the next exporter to close go: metric (READ, OVERALL, ...) -> measurement -> value. */
  static void onClose(Consumer<Map<String, Map<String, Double>>> consumer) {
    onClose = consumer;
  }

  @Override
  public void write(String metric, String measurement, int i) throws IOException {
    super.write(metric, measurement, i);
    keep(metric, measurement, i);
  }

  @Override
  public void write(String metric, String measurement, long i) throws IOException {
    super.write(metric, measurement, i);
    keep(metric, measurement, i);
  }

  @Override
  public void write(String metric, String measurement, double d) throws IOException {
    super.write(metric, measurement, d);
    keep(metric, measurement, d);
  }

  private void keep(String metric, String measurement, double value) {
    figures.computeIfAbsent(metric, k -> new LinkedHashMap<>()).put(measurement, value);
  }

  /** Hands the figures on only once the export is complete: a failed close means YCSB's export failed. */
  @Override
  public void close() throws IOException {
    super.close();
    Consumer<Map<String, Map<String, Double>>> c = onClose;
    if (c != null) {
      c.accept(figures);
    }
  }
}
