package dev.ycsbmongo.orchestrator.cli;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.ycsbmongo.binding.UriMasker;
import dev.ycsbmongo.orchestrator.plan.Matrix;
import dev.ycsbmongo.orchestrator.plan.MatrixSize;
import dev.ycsbmongo.orchestrator.plan.Phase;
import dev.ycsbmongo.orchestrator.plan.Target;
import dev.ycsbmongo.orchestrator.results.ServerInfo;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.TreeMap;

/**
 * {@code validate --json}: what validate found, as one JSON document on stdout for scripts and CI: whether
 * the plan may run ({@code valid}), the refusal when it may not ({@code error}, the same line as on stderr),
 * the phases in order with their resolved properties, the size, the warnings and each target's answer.
 * Connection strings and properties are masked as in the text output.
 */
final class ValidateJson {

  private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

  private final ObjectNode root = JSON.createObjectNode();
  private final ArrayNode warnings = JSON.createArrayNode();
  private final ArrayNode targets = JSON.createArrayNode();

  ValidateJson(Path planFile) {
    root.put("file", planFile.toString());
  }

  void matrix(Matrix matrix, MatrixSize size, String untimed) {
    root.put("plan", matrix.plan().name());
    ObjectNode s = root.putObject("size");
    s.put("phases", matrix.phases().size());
    s.put("timedSeconds", size.timedSeconds());
    s.put("untimedPhases", size.untimedPhases());
    s.put("description", size.describe());
    if (!untimed.isEmpty()) {
      s.put("untimed", untimed);
    }
    ArrayNode phases = root.putArray("phases");
    for (Phase p : matrix.phases()) {
      ObjectNode n = phases.addObject();
      n.put("index", p.index());
      n.put("id", p.id());
      n.put("kind", p.kind().name().toLowerCase(java.util.Locale.ROOT));
      n.put("target", p.target());
      n.put("scenario", p.scenario());
      n.put("repetition", p.repetition());
      n.put("threads", p.threads());
      p.workload().ifPresent(w -> n.put("workload", w.toString()));
      ObjectNode coordinates = n.putObject("coordinates");
      p.coordinates().forEach(coordinates::put);
      ObjectNode properties = n.putObject("properties");
      new TreeMap<>(p.properties()).forEach((k, v) -> properties.put(k, UriMasker.mask(v)));
    }
  }

  void warning(String w) {
    warnings.add(UriMasker.mask(w));
  }

  void target(Target t, ServerInfo s) {
    ObjectNode n = targets.addObject();
    n.put("name", t.name());
    n.put("uri", t.maskedUri());
    n.put("usable", s.probeError() == null);
    if (s.probeError() == null) {
      n.put("version", s.version());
      n.put("topology", s.topology());
      if (s.members() != null) {
        n.put("members", s.members());
      }
    } else {
      n.put("error", s.probeError());
    }
  }

  /** The document once validate has decided: {@code valid} when every check passed and every target answered. */
  String render(boolean valid, boolean probed) {
    root.put("valid", valid);
    root.put("probed", probed);
    root.set("warnings", warnings);
    if (probed) {
      root.set("targets", targets);
    }
    return write();
  }

  /** The document of a refused plan: the one line the refusal prints on stderr too. */
  String refused(String message) {
    root.put("valid", false);
    root.put("error", UriMasker.mask(message));
    root.set("warnings", warnings);
    return write();
  }

  private String write() {
    try {
      return JSON.writeValueAsString(root);
    } catch (JsonProcessingException e) {
      throw new UncheckedIOException(e);
    }
  }
}
