package dev.ycsbmongo.orchestrator.launch;

import dev.ycsbmongo.orchestrator.clients.ClientArgs;
import dev.ycsbmongo.orchestrator.clients.ClientCpu;
import dev.ycsbmongo.orchestrator.clients.ClientHello;
import dev.ycsbmongo.orchestrator.clients.ClientIndex;
import dev.ycsbmongo.orchestrator.clients.ClientSlice;
import dev.ycsbmongo.orchestrator.clients.StartBarrier;
import dev.ycsbmongo.orchestrator.clients.YcsbClient;
import dev.ycsbmongo.orchestrator.connections.ConnectionClient;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * The process of one of a cell's N clients (a local child JVM, or a pod of the Kubernetes Indexed
 * Job: the client image's entry point). The first argument names the mode:
 *
 * <p>{@code ycsb <YCSB client arguments>} runs YCSB ({@code -db CLASS -P FILE -p KEY=VALUE ...
 * -threads N -s -load|-t}, as {@code YcsbMain client} takes them) as client {@code I} of {@code N}
 * ({@code -p client.index=I -p client.count=N}, else {@code JOB_COMPLETION_INDEX} and
 * {@code YCSB_CLIENT_COUNT}) from the start instant {@code -p client.start=stdin|<epoch ms>}
 * ({@link StartBarrier}; absent: at once), and writes its measurements as frames on standard output:
 * <ol>
 *   <li>checks its own arguments, the slice ({@link ClientSlice}, from the effective YCSB properties)
 *       and YCSB's settings; bad input is one line on standard error ({@code client: ...} or
 *       {@code ycsb: ...}) and exit status 2, before anything is written on standard output;
 *   <li>writes its hello frame at once ({@link ClientHello}, start = the process's start);
 *   <li>waits for the start instant, checks the connection, and runs YCSB in this JVM with its
 *       slice and the measurement settings frames need (HdrHistogram interval logs and JSON export
 *       in a private working directory, removed at exit; a status tick every second unless
 *       {@code status.interval} is given);
 *   <li>while YCSB runs, writes one interval frame per operation per status tick as the ticks are
 *       logged, each with that tick's failures by status ({@code clients.IntervalTailer});
 *   <li>when YCSB has exported, the intervals left and the summary frame (per-operation totals from
 *       YCSB's export, and the JVM's CPU time and available processors: {@link ClientCpu}).
 * </ol>
 * Standard output carries frames only: everything YCSB and the driver print goes to standard error,
 * passwords masked as {@code scripts/ycsb} masks them. The connection string comes from a
 * {@code -P} file or, on Kubernetes, from the environment ({@code -p mongodb.url=env:MONGODB_URI}),
 * never from the arguments. Exit status: YCSB's (0 after its export); 1 when YCSB ended without
 * exporting (then there is no summary frame, and the reader reports the client as failed); 2 for
 * bad input.
 *
 * <p>Any other first argument prints the usage line and exits 2.
 */
public final class ClientMain {

  public static final String MAIN_CLASS = ClientMain.class.getName();
  /** The mode that runs a YCSB client. */
  public static final String YCSB = "ycsb";
  /** The mode that runs a connection-stress client ({@link ConnectionClient}). */
  public static final String CONNECTIONS = "connections";
  static final String USAGE = "usage: " + ClientMain.class.getSimpleName() + " " + YCSB
      + " -db CLASS [-P FILE]... [-p KEY=VALUE]... [-threads N] [-s] -load|-t"
      + " [-p client.index=I -p client.count=N] [-p client.start=stdin|EPOCH_MS]";

  private ClientMain() {
  }

  public static void main(String[] args) {
    String mode = args.length == 0 ? "" : args[0];
    List<String> rest = Arrays.asList(args).subList(Math.min(1, args.length), args.length);
    int status = switch (mode) {
      case YCSB -> YcsbClient.run(rest, System.getenv());
      case CONNECTIONS -> ConnectionClient.run(rest.toArray(String[]::new), System.in, System.out, System.err);
      default -> usage(mode);
    };
    System.exit(status);
  }

  private static int usage(String mode) {
    System.err.println((mode.isEmpty() ? "no mode given" : "unknown mode '" + mode + "'") + "; " + USAGE);
    return 2;
  }

  /**
   * The arguments of a client process after {@link #MAIN_CLASS}: the mode, {@code ycsbArgs}, then
   * the client's own settings.
   *
   * @param ycsbArgs what {@code YcsbMain client} takes; never a connection string (use a {@code -P}
   *     file, or {@code -p mongodb.url=env:NAME} with the URI in the environment), never a
   *     {@code client.*} setting (given here)
   * @param client which client, or null when the process takes it from its environment (the pods of
   *     a Kubernetes Indexed Job share their arguments: {@code JOB_COMPLETION_INDEX},
   *     {@code YCSB_CLIENT_COUNT})
   * @param start when to start measuring; {@link StartBarrier#none()} adds nothing
   * @throws IllegalArgumentException when {@code ycsbArgs} hold a connection string or a client setting
   */
  public static List<String> arguments(List<String> ycsbArgs, ClientIndex client, StartBarrier start) {
    return arguments(YCSB, ycsbArgs, client, start);
  }

  /** As {@link #arguments(List, ClientIndex, StartBarrier)}, for the client of {@code mode} ({@link #YCSB} or {@link #CONNECTIONS}). */
  public static List<String> arguments(String mode, List<String> ycsbArgs, ClientIndex client, StartBarrier start) {
    if (!mode.equals(YCSB) && !mode.equals(CONNECTIONS)) {
      throw new IllegalArgumentException("client mode '" + mode + "'; accepted: " + YCSB + ", " + CONNECTIONS);
    }
    for (String a : ycsbArgs) {
      String lower = a.toLowerCase(Locale.ROOT);
      if (lower.contains("mongodb://") || lower.contains("mongodb+srv://")) {
        throw new IllegalArgumentException("a connection string in a client's arguments would show in ps and in"
            + " pod specs; pass it in a -P file or as -p mongodb.url=env:NAME");
      }
      if (a.startsWith(ClientArgs.PREFIX)) {
        throw new IllegalArgumentException("'" + a + "' in the YCSB arguments: the client settings are given as"
            + " the client and start parameters");
      }
    }
    List<String> out = new ArrayList<>();
    out.add(mode);
    out.addAll(ycsbArgs);
    if (client != null) {
      out.add("-p");
      out.add(ClientIndex.INDEX_PROPERTY + "=" + client.index());
      out.add("-p");
      out.add(ClientIndex.COUNT_PROPERTY + "=" + client.count());
    }
    start.propertyValue().ifPresent(v -> {
      out.add("-p");
      out.add(StartBarrier.PROPERTY + "=" + v);
    });
    return List.copyOf(out);
  }
}
