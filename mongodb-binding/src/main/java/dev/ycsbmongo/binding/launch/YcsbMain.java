package dev.ycsbmongo.binding.launch;

import dev.ycsbmongo.binding.BindingSettings;
import dev.ycsbmongo.binding.ClientConfig;
import dev.ycsbmongo.binding.InvalidSettingException;
import dev.ycsbmongo.binding.Keys;
import dev.ycsbmongo.binding.UriMasker;
import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;

/**
 * Entry point of {@code scripts/ycsb}: {@code client ARGS} runs {@code site.ycsb.Client},
 * {@code shell ARGS} runs {@code site.ycsb.CommandLine}, with stdout and stderr filtered so that
 * no password from a connection string (in the arguments, in {@code -P} files or in
 * {@value ClientConfig#URL_ENV}) is ever printed.
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
    List<String> secrets = secrets(rest, System.getenv());
    MaskingOutputStream out = new MaskingOutputStream(new FileOutputStream(FileDescriptor.out), secrets);
    MaskingOutputStream err = new MaskingOutputStream(new FileOutputStream(FileDescriptor.err), secrets);
    System.setOut(new PrintStream(out, true, StandardCharsets.UTF_8));
    System.setErr(new PrintStream(err, true, StandardCharsets.UTF_8));
    // YCSB ends in System.exit: a last line without its newline would otherwise stay pending
    Runtime.getRuntime().addShutdownHook(new Thread(() -> {
      out.drain();
      err.drain();
    }, "ycsb-output-drain"));
    Optional<String> invalid = invalidSetting(rest, System.getenv());
    if (invalid.isPresent()) {
      // YCSB would print this per thread, then run no operation and still exit 0
      System.err.println("ycsb: " + invalid.get());
      System.exit(2);
      return;
    }
    if (args[0].equals("client")) {
      site.ycsb.Client.main(rest);
    } else {
      site.ycsb.CommandLine.main(rest);
    }
  }

  /**
   * Checks the binding's options before YCSB starts, reading {@code -P} files and {@code -p}
   * pairs in YCSB's order (later wins). Arguments YCSB itself would reject are left to YCSB.
   */
  static Optional<String> invalidSetting(String[] args, Map<String, String> env) {
    Properties props = new Properties();
    for (int i = 0; i + 1 < args.length; i++) {
      String arg = args[i];
      String value = args[i + 1];
      if (arg.equals("-P")) {
        Optional<Properties> file = readPropertyFile(value);
        if (file.isEmpty()) {
          return Optional.empty();  // YCSB reports unreadable files itself
        }
        props.putAll(file.get());
        i++;
      } else if (arg.equals("-p")) {
        int eq = value.indexOf('=');
        if (eq > 0) {
          props.setProperty(value.substring(0, eq), value.substring(eq + 1));
        }
        i++;
      } else if (arg.equals("-threads")) {
        props.setProperty(Keys.THREAD_COUNT, value);
        i++;
      }
    }
    try {
      BindingSettings.from(props, env);
      return Optional.empty();
    } catch (InvalidSettingException e) {
      return Optional.of(e.getMessage());
    }
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
