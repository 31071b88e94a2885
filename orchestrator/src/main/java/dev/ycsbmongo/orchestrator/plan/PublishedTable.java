package dev.ycsbmongo.orchestrator.plan;

import java.io.IOException;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A document's published figures, transcribed for {@code report --replay}: one entry per published cell,
 * naming the plan's target, scenario, threads and coordinates it stands for and the figures the document
 * printed. A YAML (or JSON) file:
 *
 * <pre>
 * source: "ApsaraDB for MongoDB instance sizes (Japanese), 性能比較"   # what is replayed, shown on every report
 * plan: ../workloads/plans/instance-sizes.yaml                          # optional, relative to this file
 * cells:
 *   - {table: 1, target: ssd-1c2g, scenario: load, threads: 4, throughput: 3589, ral: 0, wal: 1110}
 *   - {table: "Topologi 7-node, w:1", target: rs7, scenario: load, throughput: 11492, cpu: 93,
 *      with: {server.chainingAllowed: false, mongodb.writeConcern: 1}}
 * </pre>
 *
 * {@code table} (required) cites where the document prints the figure; {@code throughput} (ops/s) is required
 * but for a connection-stress cell, which takes {@code connections} (the connections the server held) instead;
 * {@code ral}, {@code wal} (µs), {@code cpu} (%) and {@code qps} are optional, and a latency of 0 means "no such
 * operation" (the documents print 0 so); {@code threads} and {@code with} (the cell's coordinates) pick one cell
 * of the plan where its target and scenario have several. Bad input is a {@link PlanException}: one line with the
 * file, line, key and what is accepted.
 *
 * @param file the file read, for messages
 * @param source what the figures are, as the reports name them
 * @param plan the plan the file names, resolved against the file's directory
 */
public record PublishedTable(Path file, String source, Optional<Path> plan, List<Cell> cells) {

  static final List<String> TOP_KEYS = List.of("source", "plan", "cells");
  static final List<String> CELL_KEYS = List.of("table", "target", "scenario", "threads", "with", "throughput", "ral",
      "wal", "cpu", "qps", "connections");

  public PublishedTable {
    cells = List.copyOf(cells);
  }

  /**
   * One published cell.
   *
   * @param line the entry's line in the file
   * @param table where the document prints it
   * @param threads null when the entry does not say (the plan's cell must then be the only one of its target
   *     and scenario with those coordinates)
   * @param with the cell's coordinates, as the plan spells them (e.g. {@code server.chainingAllowed})
   * @param throughput null only for a connection-stress cell
   * @param ral, wal null when the document gives none or prints 0 (no such operation)
   * @param connections the connections the server held, as published (a connection-stress cell); null otherwise
   */
  public record Cell(int line, String table, String target, String scenario, Integer threads, Map<String, String> with,
      Double throughput, Double ral, Double wal, Double cpu, Double qps, Long connections) {
    public Cell {
      with = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(with));
    }
  }

  public static PublishedTable read(Path file) {
    String text;
    try {
      text = Files.readString(file, StandardCharsets.UTF_8);
    } catch (NoSuchFileException e) {
      throw new PlanException(file, 0, null, "no such file; expected a published table (YAML: source, cells)");
    } catch (CharacterCodingException e) {
      throw new PlanException(file, 0, null, "not a UTF-8 text file; expected a published table (YAML: source, cells)");
    } catch (IOException e) {
      throw new PlanException(file, 0, null, "cannot read (" + e.getClass().getSimpleName() + ": " + e.getMessage()
          + ")");
    }
    Node root = NodeReader.read(text, file).orElseThrow(() -> new PlanException(file, 1, null,
        "the file is empty; expected a map with source and cells"));
    Node.Mapping top = mapping(file, root, null, "a map with source and cells");
    unknownKeys(file, top, TOP_KEYS, null);
    String source = text(file, required(file, top, "source", null, "a text naming the document and its tables"),
        "source");
    Optional<Path> plan = Optional.ofNullable(top.entries().get("plan")).map(e -> {
      String p = text(file, e.value(), "plan");
      Path dir = file.toAbsolutePath().getParent();
      return dir == null ? Path.of(p) : dir.resolve(p).normalize();
    });
    Node cellsNode = required(file, top, "cells", null, "a list of published cells");
    if (!(cellsNode instanceof Node.Sequence seq) || seq.items().isEmpty()) {
      throw new PlanException(file, cellsNode.line(), "cells", cellsNode.describe()
          + "; expected a non-empty list of published cells ({table, target, scenario, throughput, ...})");
    }
    List<Cell> cells = new ArrayList<>();
    for (int i = 0; i < seq.items().size(); i++) {
      cells.add(cell(file, seq.items().get(i), "cells[" + i + "]"));
    }
    return new PublishedTable(file, source, plan, cells);
  }

  private static Cell cell(Path file, Node n, String key) {
    Node.Mapping m = mapping(file, n, key, "a map with table, target, scenario and throughput");
    unknownKeys(file, m, CELL_KEYS, key);
    String table = text(file, required(file, m, "table", key, "where the document prints it"), key + ".table");
    String target = text(file, required(file, m, "target", key, "a target of the plan"), key + ".target");
    String scenario = text(file, required(file, m, "scenario", key, "a scenario of the plan"), key + ".scenario");
    Double threads = optionalNumber(file, m, "threads", key);
    if (threads != null && (threads < 1 || threads != Math.rint(threads))) {
      throw new PlanException(file, m.entries().get("threads").line(), key + ".threads", "'" + threads
          + "' is not a thread count; expected a whole number of at least 1");
    }
    Map<String, String> with = new LinkedHashMap<>();
    Node.Entry w = m.entries().get("with");
    if (w != null) {
      Node.Mapping wm = mapping(file, w.value(), key + ".with", "a map of the cell's coordinates");
      wm.entries().forEach((k, e) -> with.put(k, text(file, e.value(), key + ".with." + k)));
    }
    Double connections = optionalNumber(file, m, "connections", key);
    Double throughput = optionalNumber(file, m, "throughput", key);
    if (throughput == null && connections == null) {
      missing(file, m, "throughput", key, "ops/s as published (or connections, for a connection-stress cell)");
    }
    return new Cell(m.line(), table, target, scenario, threads == null ? null : threads.intValue(), with, throughput,
        latency(optionalNumber(file, m, "ral", key)), latency(optionalNumber(file, m, "wal", key)),
        optionalNumber(file, m, "cpu", key), optionalNumber(file, m, "qps", key),
        connections == null ? null : Math.round(connections));
  }

  /** The documents print a latency of 0 for "no such operation": none, never a zero latency. */
  private static Double latency(Double v) {
    return v == null || v == 0 ? null : v;
  }

  private static Node.Mapping mapping(Path file, Node n, String key, String expected) {
    if (n instanceof Node.Mapping m) {
      return m;
    }
    throw new PlanException(file, n.line(), key, n.describe() + "; expected " + expected);
  }

  private static void unknownKeys(Path file, Node.Mapping m, List<String> accepted, String key) {
    m.entries().forEach((k, e) -> {
      if (!accepted.contains(k)) {
        throw new PlanException(file, e.line(), key == null ? k : key + "." + k, "unknown key; accepted: "
            + String.join(", ", accepted));
      }
    });
  }

  private static Node required(Path file, Node.Mapping m, String name, String key, String expected) {
    Node.Entry e = m.entries().get(name);
    if (e == null || e.value() instanceof Node.Null) {
      missing(file, m, name, key, expected);
    }
    return e.value();
  }

  private static double missing(Path file, Node.Mapping m, String name, String key, String expected) {
    throw new PlanException(file, m.line(), key == null ? name : key + "." + name, "missing; expected " + expected);
  }

  private static String text(Path file, Node n, String key) {
    if (n instanceof Node.Scalar s && !s.text().isBlank()) {
      return s.text().strip();
    }
    throw new PlanException(file, n.line(), key, n.describe() + "; expected a text or a number");
  }

  private static Double optionalNumber(Path file, Node.Mapping m, String name, String key) {
    Node.Entry e = m.entries().get(name);
    if (e == null || e.value() instanceof Node.Null) {
      return null;
    }
    if (e.value() instanceof Node.Scalar s && !s.isString()) {
      try {
        double v = Double.parseDouble(s.text());
        if (v >= 0 && Double.isFinite(v)) {
          return v;
        }
      } catch (NumberFormatException x) {
        // reported below
      }
    }
    throw new PlanException(file, e.line(), key + "." + name, e.value().describe()
        + "; expected a number of at least 0, as published (no units, no thousands separators)");
  }
}
