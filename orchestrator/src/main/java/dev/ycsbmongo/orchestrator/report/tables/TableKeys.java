package dev.ycsbmongo.orchestrator.report.tables;

import dev.ycsbmongo.orchestrator.plan.CellProperty;
import dev.ycsbmongo.orchestrator.results.PhaseResult;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * What a key of {@code report.tables} names, in this order: the cell's scenario, target or kind; a
 * figure ({@link TableColumns}); a coordinate (what the plan varies); a target label; its client
 * processes ({@code clients}); a YCSB property the cell ran with. The same resolution serves the plan (its
 * expanded phases, before anything runs)
 * and the records (when the tables are written).
 */
public final class TableKeys {

  public static final String SCENARIO = "scenario";
  public static final String TARGET = "target";
  public static final String KIND = "kind";
  /** The cell's client processes ({@code clients}): every cell has a count, swept or not. */
  public static final String CLIENTS = "clients";

  /** Where a key's value lives. */
  public enum Source { SCENARIO, TARGET, KIND, FIGURE, CURVE, COORDINATE, LABEL, CLIENTS, PROPERTY }

  private TableKeys() {
  }

  /** The source of {@code key} among what the cells have; empty when it names nothing they have. */
  public static Optional<Source> resolve(String key, Set<String> coordinates, Set<String> labels,
      Set<String> properties) {
    switch (key) {
      case SCENARIO:
        return Optional.of(Source.SCENARIO);
      case TARGET:
        return Optional.of(Source.TARGET);
      case KIND:
        return Optional.of(Source.KIND);
      default:
        break;
    }
    Optional<TableColumns.Column> figure = TableColumns.named(key);
    if (figure.isPresent()) {
      return Optional.of(figure.get().kind() == TableColumns.Kind.CURVE ? Source.CURVE : Source.FIGURE);
    }
    if (coordinates.contains(key)) {
      return Optional.of(Source.COORDINATE);
    }
    if (labels.contains(key)) {
      return Optional.of(Source.LABEL);
    }
    if (key.equals(CLIENTS)) {
      // not swept here: still a value of every cell (its record's parameters), to show or to place by
      return Optional.of(Source.CLIENTS);
    }
    if (properties.contains(key)) {
      return Optional.of(Source.PROPERTY);
    }
    return Optional.empty();
  }

  /** Every key the cells offer, for "accepted: ..." messages: names, labels, coordinates, figures, then properties. */
  public static List<String> offered(Collection<String> coordinates, Collection<String> labels,
      Collection<String> properties) {
    Set<String> keys = new LinkedHashSet<>(List.of(SCENARIO, TARGET, KIND));
    keys.addAll(labels);
    keys.addAll(coordinates);
    keys.add(CLIENTS);
    TableColumns.ALL.forEach(c -> keys.add(c.key()));
    keys.addAll(properties);
    return new ArrayList<>(keys);
  }

  /** The key's value in one record; null when it has none (figures are not read here). */
  static String identityValue(Source source, String key, PhaseResult r) {
    return switch (source) {
      case SCENARIO -> r.scenario();
      case TARGET -> r.target().name();
      case KIND -> r.kind().label();
      case COORDINATE -> r.coordinates().get(key);
      case LABEL -> r.target().labels().get(key);
      case CLIENTS -> Integer.toString(r.parameters().clients());
      case PROPERTY -> r.properties().get(key);
      case FIGURE, CURVE -> null;
    };
  }

  /** The default heading of a key: a figure's own, {@code threads} for threadcount, else the key. */
  static String defaultHeader(String key) {
    return TableColumns.named(key).map(TableColumns.Column::header).orElse(CellProperty.shownAs(key));
  }
}
