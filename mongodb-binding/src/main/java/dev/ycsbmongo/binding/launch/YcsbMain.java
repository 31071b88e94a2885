package dev.ycsbmongo.binding.launch;

import dev.ycsbmongo.binding.ClientConfig;
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
    if (args.length == 0 || !(args[0].equals("client") || args[0].equals("shell"))) {
      System.err.println("usage: YcsbMain client|shell [YCSB arguments]");
      System.exit(2);
      return;
    }
    String[] rest = new String[args.length - 1];
    System.arraycopy(args, 1, rest, 0, rest.length);
    List<String> secrets = secrets(rest, System.getenv());
    System.setOut(new PrintStream(new MaskingOutputStream(new FileOutputStream(FileDescriptor.out), secrets), true,
        StandardCharsets.UTF_8));
    System.setErr(new PrintStream(new MaskingOutputStream(new FileOutputStream(FileDescriptor.err), secrets), true,
        StandardCharsets.UTF_8));
    if (args[0].equals("client")) {
      site.ycsb.Client.main(rest);
    } else {
      site.ycsb.CommandLine.main(rest);
    }
  }

  /** Every password that could be printed: from URLs in the arguments, the environment and -P files. */
  static List<String> secrets(String[] args, Map<String, String> env) {
    List<String> secrets = new ArrayList<>();
    for (int i = 0; i < args.length; i++) {
      secrets.addAll(UriMasker.passwords(args[i]));
      if (args[i].equals("-P") && i + 1 < args.length) {
        secrets.addAll(passwordsInPropertyFile(Path.of(args[i + 1])));
      }
    }
    secrets.addAll(UriMasker.passwords(env.get(ClientConfig.URL_ENV)));
    return secrets;
  }

  private static List<String> passwordsInPropertyFile(Path file) {
    Properties p = new Properties();
    try (Reader r = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
      p.load(r);
    } catch (IOException | RuntimeException e) {
      return List.of();  // YCSB reports unreadable files itself
    }
    return UriMasker.passwords(p.getProperty(Keys.URL));
  }
}
