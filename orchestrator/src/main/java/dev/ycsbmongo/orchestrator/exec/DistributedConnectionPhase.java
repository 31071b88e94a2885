package dev.ycsbmongo.orchestrator.exec;

import dev.ycsbmongo.orchestrator.Causes;
import dev.ycsbmongo.orchestrator.clients.ConnectionsOutput;
import dev.ycsbmongo.orchestrator.clients.FrameException;
import dev.ycsbmongo.orchestrator.clients.FrameReader;
import dev.ycsbmongo.orchestrator.clients.MergeException;
import dev.ycsbmongo.orchestrator.connections.ConnectionMerge;
import dev.ycsbmongo.orchestrator.launch.ClientMain;
import dev.ycsbmongo.orchestrator.plan.Phase;
import dev.ycsbmongo.orchestrator.process.ConnectionFile;
import dev.ycsbmongo.orchestrator.results.ConnectionStressResult;
import dev.ycsbmongo.orchestrator.results.PhaseResult;
import dev.ycsbmongo.orchestrator.results.PhaseStatus;
import dev.ycsbmongo.orchestrator.results.ServerMetrics;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;

/**
 * A {@code kind: connections} phase driven by N clients (study 5's 96,000 connections, which one
 * machine's ports cannot open): each client ({@code ClientMain connections}, {@code
 * connections.ConnectionClient}) opens and holds its share of {@code connections.count} per server
 * from its own source addresses and reports its figures as one frame; the cell's result is their
 * merge ({@link ConnectionMerge}: counts summed per server, the slowest client's open time, latency
 * percentiles from summed histograms). The server sampler runs beside it, as for one client, and the
 * verdict is {@link ConnectionPhase}'s.
 */
final class DistributedConnectionPhase implements PhaseRunner {

  private final RunContext ctx;
  private final DistributedPhaseRunner.Backends backends;

  DistributedConnectionPhase(RunContext ctx, DistributedPhaseRunner.Backends backends) {
    this.ctx = ctx;
    this.backends = backends;
  }

  @Override
  public PhaseResult run(Cell cell) {
    Phase phase = cell.phase();
    int n = phase.clients();
    String display = ConnectionPhase.command(cell.target().maskedUri(), phase.connectionStress());
    try (ConnectionFile conn = ConnectionFile.create(cell.uri())) {
      ClientBackend backend = backends.of(phase, conn.path());
      List<String> args = clientArgs(phase);
      display = display + "   # x " + n + " clients (" + backend.name() + "), each its share per server";
      DistributedPhaseRunner.writeCommand(cell.dir(), "orchestrator", display, args, backend, n);
      if (cell.stop().isRequested()) {
        return cell.records().unmeasured(new PhaseVerdict(PhaseStatus.INTERRUPTED, "interrupted before it started"),
            cell.relDir(), display);
      }
      FrameReader[] readers = new FrameReader[n];
      for (int i = 0; i < n; i++) {
        readers[i] = new FrameReader("client " + i);
      }
      AtomicReference<String> frameProblem = new AtomicReference<>();
      ClientBackend.Run run;
      ServerSampling sampling = ServerSampling.start(phase, cell.uri(), ctx.servers().get(cell.target().name()),
          cell.dir(), cell.relDir());
      try (sampling) {
        run = backend.run(new ClientBackend.Launch(ClientMain.CONNECTIONS, n, 1, args, cell.uri(), cell.dir(),
            phase.timeout(), DistributedPhaseRunner.jobName(ctx, phase)), (client, line) -> {
              if (client < 0 || client >= n) {
                frameProblem.compareAndSet(null, "output of client " + client + ", but the cell has " + n);
                return;
              }
              synchronized (readers[client]) {
                try {
                  readers[client].accept(line);
                } catch (FrameException e) {
                  frameProblem.compareAndSet(null, e.getMessage());
                }
              }
            }, cell.stop());
      }
      ConnectionStressResult result = null;
      String problem = frameProblem.get();
      if (problem == null && !run.stopped()) {
        try {
          List<ConnectionsOutput> outputs = new ArrayList<>();
          for (int i = 0; i < n; i++) {
            outputs.add(readers[i].finishConnections(i));
          }
          result = ConnectionMerge.merge(outputs, n);
        } catch (FrameException | MergeException e) {
          problem = e.getMessage();
        }
      }
      ServerMetrics server = result == null ? null
          : sampling.metrics(result.holdStart(), result.holdEnd(), null, Map.of());
      PhaseVerdict verdict;
      if (run.stopped()) {
        verdict = new PhaseVerdict(PhaseStatus.INTERRUPTED, "interrupted (Ctrl-C or SIGTERM)");
      } else if (run.timedOut()) {
        verdict = PhaseVerdict.failed("timed out: still running after " + phase.timeout().toSeconds()
            + " s (execution.phaseTimeout), clients ended");
      } else if (run.failure().isPresent() && result == null) {
        verdict = PhaseVerdict.failed(run.failure().get());
      } else if (result == null) {
        verdict = PhaseVerdict.failed("no connection figures: " + problem);
      } else {
        // a client that did not reach its share exits 1, and its figures say how many it missed: judged as one cell
        verdict = ConnectionPhase.verdict(phase, result, false);
      }
      if (run.cleanupProblem().isPresent()) {
        cell.progress().note(phase.id() + ": " + run.cleanupProblem().get());
      }
      return cell.records().measured(run.elapsed().toMillis() / 1000.0, verdict, null, cell.relDir(), display, null,
          server, result, null, null);
    } catch (IOException | RuntimeException e) {
      return cell.records().unmeasured(PhaseVerdict.failed("cannot run the connection clients: "
          + Causes.rootMessage(e)), cell.relDir(), display);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return cell.records().unmeasured(new PhaseVerdict(PhaseStatus.INTERRUPTED, "interrupted"), cell.relDir(),
          display);
    }
  }

  /** Every client's arguments: the phase's {@code connections.*} settings, each as {@code -p}. */
  static List<String> clientArgs(Phase phase) {
    List<String> args = new ArrayList<>();
    phase.connectionSettings().forEach((k, v) -> args.addAll(List.of("-p", k + "=" + v)));
    return args;
  }
}
