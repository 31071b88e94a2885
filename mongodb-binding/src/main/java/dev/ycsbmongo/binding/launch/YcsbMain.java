package dev.ycsbmongo.binding.launch;

import dev.ycsbmongo.binding.BindingSettings;
import dev.ycsbmongo.binding.ClientConfig;
import dev.ycsbmongo.binding.ConnectionCheck;
import dev.ycsbmongo.binding.CoreProperties;
import dev.ycsbmongo.binding.InvalidSettingException;
import dev.ycsbmongo.binding.Keys;
import dev.ycsbmongo.binding.UriMasker;
import java.io.ByteArrayOutputStream;
import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.Set;
import site.ycsb.workloads.CoreWorkload;

/**
 * Entry point of {@code scripts/ycsb}: {@code client ARGS} runs {@code site.ycsb.Client},
 * {@code shell ARGS} runs {@code site.ycsb.CommandLine}, with stdout and stderr filtered so that
 * no password from a connection string (in the arguments, in {@code -P} files or in
 * {@value ClientConfig#URL_ENV}) is ever printed.
 *
 * <p>Before YCSB starts it checks YCSB's core properties ({@link CoreProperties}), the binding's
 * options and, for {@code client}, the connection ({@link ConnectionCheck}); a problem ends the
 * JVM with one line on stderr ({@code ycsb: ...}) and exit status 2, before any operation.
 */
public final class YcsbMain {

  private YcsbMain() {
  }

  public static void main(String[] args) throws Exception {
    ParentWatch.start();  // a child of the orchestrator ends with it, even after kill -9 (no-op otherwise)
    if (args.length == 0 || !(args[0].equals("client") || args[0].equals("shell"))) {
      System.err.println("usage: YcsbMain client|shell [YCSB arguments]");
      System.exit(2);
      return;
    }
    String[] rest = new String[args.length - 1];
    System.arraycopy(args, 1, rest, 0, rest.length);
    Runnable drain = maskOutput(rest, System.getenv(), new FileOutputStream(FileDescriptor.out),
        new FileOutputStream(FileDescriptor.err));
    // YCSB ends in System.exit: a last line without its newline would otherwise stay pending
    Runtime.getRuntime().addShutdownHook(new Thread(drain, "ycsb-output-drain"));
    Optional<String> invalid = invalidSetting(rest, System.getenv());
    if (invalid.isPresent()) {
      // YCSB would print this per thread (or a stack trace), then run no operation and still exit 0
      System.err.println("ycsb: " + invalid.get());
      System.exit(2);
      return;
    }
    if (args[0].equals("client")) {
      Optional<String> unusable = checkConnection(rest, System.getenv());
      if (unusable.isPresent()) {
        // the last line on stderr: the orchestrator shows the last lines of ycsb.err as the cause
        System.err.println("ycsb: " + unusable.get());
        System.exit(2);
        return;
      }
    }
    jvmDefaultsNote(System.getenv()).ifPresent(System.err::println);
    if (args[0].equals("client")) {
      site.ycsb.Client.main(EarlyStop.withStoppableWorkload(rest, effectiveProperties(rest),
          System.getProperty(EarlyStop.STOP_FILE)));
    } else {
      site.ycsb.CommandLine.main(rest);
    }
  }

  /** Set by {@code scripts/ycsb}: the JVM options it added because the user set none of that kind. */
  static final String JVM_DEFAULTS_ENV = "YCSB_LAUNCHER_JVM_DEFAULTS";

  /**
   * The one line that names the JVM options the launcher chose (heap, thread stack, collector),
   * so they are not a silent difference from YCSB's own launcher, which sets none; empty when it
   * added none.
   */
  static Optional<String> jvmDefaultsNote(Map<String, String> env) {
    String added = env.getOrDefault(JVM_DEFAULTS_ENV, "").trim();
    if (added.isEmpty()) {
      return Optional.empty();
    }
    return Optional.of("ycsb: note: JVM options added by the launcher: " + added + " (JAVA_OPTS or -jvm-args with"
        + " an option of the same kind replace each; YCSB's own launcher adds none)");
  }

  /**
   * From now on, everything printed through {@code System.out} goes to {@code out} and everything
   * through {@code System.err} to {@code err}, with every password that could be printed masked
   * ({@link #secrets}). Output is line-buffered: the returned action writes out a last line still
   * waiting for its newline, and is to be run as the process ends (YCSB ends in {@code System.exit}).
   * The framed client ({@code ClientMain} in the orchestrator) passes its standard error for both,
   * keeping its standard output for frames.
   */
  public static Runnable maskOutput(String[] args, Map<String, String> env, OutputStream out, OutputStream err) {
    List<String> secrets = secrets(args, env);
    MaskingOutputStream maskedOut = new MaskingOutputStream(out, secrets);
    MaskingOutputStream maskedErr = new MaskingOutputStream(err, secrets);
    System.setOut(new PrintStream(maskedOut, true, StandardCharsets.UTF_8));
    System.setErr(new PrintStream(maskedErr, true, StandardCharsets.UTF_8));
    return () -> {
      maskedOut.drain();
      maskedErr.drain();
    };
  }

  /**
   * Checks YCSB's core properties and the binding's options before YCSB starts, with the
   * properties YCSB will see ({@link #effectiveProperties}). Arguments YCSB itself would reject
   * (a missing value, an unreadable file) are left to YCSB.
   *
   * @return the problem, as one line to print after {@code ycsb: }; empty when YCSB may start
   */
  public static Optional<String> invalidSetting(String[] args, Map<String, String> env) {
    Optional<Properties> read = effectiveProperties(args);
    if (read.isEmpty()) {
      return Optional.empty();  // YCSB reports unreadable files itself
    }
    Properties props = read.get();
    Map<String, String> core = coreProperties(props);
    boolean load = loads(args);
    List<String> values = CoreProperties.valueProblems(core, load);
    if (!values.isEmpty()) {
      return Optional.of(values.get(0));
    }
    try {
      BindingSettings.from(props, env);
    } catch (InvalidSettingException e) {
      return Optional.of(e.getMessage());
    }
    List<String> combination = CoreProperties.setProblems(core, load);
    return combination.isEmpty() ? Optional.empty() : Optional.of(combination.get(0));
  }

  /** True when YCSB will load: the last of {@code -load} and {@code -t} wins, a run is its default. */
  static boolean loads(String[] args) {
    boolean load = false;
    for (String arg : args) {
      if (arg.equals("-load")) {
        load = true;
      } else if (arg.equals("-t")) {
        load = false;
      }
    }
    return load;
  }

  /**
   * The properties YCSB 0.17.0's {@code Client.parseArguments} ends with: {@code -P} files in
   * order (a later file wins), then every command-line setting ({@code -p}, {@code -threads},
   * {@code -target}) over them, wherever it stood on the line. Empty when a file cannot be read.
   */
  public static Optional<Properties> effectiveProperties(String[] args) {
    Properties files = new Properties();
    Properties commandLine = new Properties();
    for (int i = 0; i + 1 < args.length; i++) {
      String arg = args[i];
      String value = args[i + 1];
      switch (arg) {
        case "-P" -> {
          Optional<Properties> file = readPropertyFile(value);
          if (file.isEmpty()) {
            return Optional.empty();
          }
          files.putAll(file.get());
          i++;
        }
        case "-p" -> {
          int eq = value.indexOf('=');
          if (eq > 0) {
            commandLine.setProperty(value.substring(0, eq), value.substring(eq + 1));
          }
          i++;
        }
        case "-threads" -> {
          commandLine.setProperty(CoreProperties.THREAD_COUNT, value);
          i++;
        }
        case "-target" -> {
          commandLine.setProperty(CoreProperties.TARGET, value);
          i++;
        }
        case "-db", "-l", "-table" -> i++;
        default -> {
          // flags (-s, -load, -t) and anything YCSB will judge itself
        }
      }
    }
    Properties effective = new Properties();
    effective.putAll(files);
    effective.putAll(commandLine);
    return Optional.of(effective);
  }

  /**
   * The core properties to check: all of them for {@code CoreWorkload} (the default of every
   * workload file here), only the client's own for another workload class, whose rules we do not know.
   */
  static Map<String, String> coreProperties(Properties props) {
    String workload = props.getProperty("workload");
    boolean coreWorkload = workload == null || workload.trim().equals(CoreWorkload.class.getName());
    Map<String, String> core = new HashMap<>();
    for (String key : props.stringPropertyNames()) {
      if (coreWorkload || CLIENT_KEYS.contains(key)) {
        core.put(key, props.getProperty(key));
      }
    }
    return core;
  }

  private static final Set<String> CLIENT_KEYS = Set.of(CoreProperties.OPERATION_COUNT, CoreProperties.RECORD_COUNT,
      CoreProperties.INSERT_COUNT, CoreProperties.THREAD_COUNT, CoreProperties.TARGET,
      CoreProperties.MAX_EXECUTION_TIME, CoreProperties.STATUS_INTERVAL);

  /**
   * Pings the server with the binding's settings before YCSB starts; the cause and the masked URL
   * when it cannot be used. The driver's own log lines during the check are held back and
   * printed only when the server turns out usable: on failure the one cause line says it all.
   *
   * @return the cause, as one line to print after {@code ycsb: }; empty when the server can be used
   */
  public static Optional<String> checkConnection(String[] args, Map<String, String> env) {
    Optional<Properties> props = effectiveProperties(args);
    if (props.isEmpty()) {
      return Optional.empty();
    }
    BindingSettings settings;
    try {
      settings = BindingSettings.from(props.get(), env);
    } catch (InvalidSettingException e) {
      return Optional.of(e.getMessage());
    }
    PrintStream realErr = System.err;
    ByteArrayOutputStream held = new ByteArrayOutputStream();
    System.setErr(new PrintStream(held, true, StandardCharsets.UTF_8));
    ConnectionCheck.Result result;
    try {
      result = ConnectionCheck.run(settings.client());
    } finally {
      System.setErr(realErr);
    }
    if (result.cause().isEmpty()) {
      realErr.print(held.toString(StandardCharsets.UTF_8));
      return Optional.empty();
    }
    return Optional.of("cannot use " + settings.client().maskedUrl() + ": " + result.cause().get()
        + " [connection check, " + result.elapsedMs() + " ms]");
  }

  /** Every password that could be printed: from URLs in the arguments, the environment and -P files. */
  static List<String> secrets(String[] args, Map<String, String> env) {
    List<String> secrets = new ArrayList<>();
    for (int i = 0; i < args.length; i++) {
      secrets.addAll(UriMasker.passwords(args[i]));
      if (args[i].equals("-P") && i + 1 < args.length) {
        readPropertyFile(args[i + 1]).ifPresent(p -> secrets.addAll(UriMasker.passwords(p.getProperty(Keys.URL))));
      }
    }
    secrets.addAll(UriMasker.passwords(env.get(ClientConfig.URL_ENV)));
    // mongodb.url=env:NAME (a pod's URI from a Secret): that variable's password is as secret
    effectiveProperties(args).map(p -> p.getProperty(Keys.URL)).map(String::trim)
        .filter(u -> u.startsWith(ClientConfig.ENV_PREFIX))
        .map(u -> env.get(u.substring(ClientConfig.ENV_PREFIX.length()).trim()))
        .ifPresent(u -> secrets.addAll(UriMasker.passwords(u)));
    return secrets;
  }

  private static Optional<Properties> readPropertyFile(String file) {
    Properties p = new Properties();
    try (Reader r = Files.newBufferedReader(Path.of(file), StandardCharsets.UTF_8)) {
      p.load(r);
      return Optional.of(p);
    } catch (IOException | RuntimeException e) {
      return Optional.empty();
    }
  }
}
