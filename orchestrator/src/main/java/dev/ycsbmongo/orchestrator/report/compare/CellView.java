package dev.ycsbmongo.orchestrator.report.compare;

import dev.ycsbmongo.orchestrator.plan.CellProperty;
import dev.ycsbmongo.orchestrator.plan.CompareAxis;
import dev.ycsbmongo.orchestrator.results.PhaseResult;
import java.util.Map;

/**
 * What pairing reads of a cell: a record of a run, or a phase of a plan not yet run (so that
 * {@code validate} can say beforehand which pairs a comparison will refuse).
 *
 * @param kind the phase kind's label (run, load, connections)
 * @param properties the YCSB properties the cell runs with (threadcount, recordcount, operationcount, ...) and its
 *     client processes ({@code clients})
 */
public record CellView(String scenario, String kind, String target, Map<String, String> labels,
    Map<String, String> coordinates, Map<String, String> properties) {

  public CellView {
    labels = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(labels));
    coordinates = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(coordinates));
    properties = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(properties));
  }

  static CellView of(PhaseResult r) {
    // client processes are the orchestrator's own setting, not a YCSB property: the record's parameters hold them
    Map<String, String> properties = new java.util.LinkedHashMap<>(r.properties());
    properties.put(CellProperty.CLIENTS.key(), Integer.toString(r.parameters().clients()));
    return new CellView(r.scenario(), r.kind().label(), r.target().name(), r.target().labels(), r.coordinates(),
        properties);
  }

  CompareAxis.Cell axisCell() {
    return new CompareAxis.Cell(target, labels, coordinates);
  }
}
