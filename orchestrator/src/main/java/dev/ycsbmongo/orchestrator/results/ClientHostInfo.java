package dev.ycsbmongo.orchestrator.results;

import com.mongodb.internal.build.MongoDriverVersion;
import java.io.IOException;
import java.io.InputStream;
import java.lang.management.ManagementFactory;
import java.util.Properties;

/** Reads the client machine and software versions that every result record carries. */
public final class ClientHostInfo {

  /** This project's version; the jar's manifest says so when packaged. */
  public static final String TOOL_VERSION = "0.1.0-SNAPSHOT";

  private ClientHostInfo() {
  }

  public static ClientHost read() {
    long memory = 0;
    if (ManagementFactory.getOperatingSystemMXBean() instanceof com.sun.management.OperatingSystemMXBean os) {
      memory = os.getTotalMemorySize();
    }
    return new ClientHost(dev.ycsbmongo.orchestrator.HostName.of(System.getenv()), Runtime.getRuntime().availableProcessors(), memory,
        System.getProperty("os.name") + " " + System.getProperty("os.version") + " " + System.getProperty("os.arch"),
        System.getProperty("java.vendor") + " " + System.getProperty("java.runtime.version"),
        MongoDriverVersion.VERSION, ycsbVersion(), TOOL_VERSION);
  }
  /** YCSB's jar has no version class: its Maven metadata does. */
  static String ycsbVersion() {
    try (InputStream in = site.ycsb.Client.class.getResourceAsStream("/META-INF/maven/site.ycsb/core/pom.properties")) {
      if (in == null) {
        return "unknown";
      }
      Properties p = new Properties();
      p.load(in);
      return p.getProperty("version", "unknown");
    } catch (IOException e) {
      return "unknown";
    }
  }
}
