package dev.ycsbmongo.binding;

import java.io.IOException;
import java.io.InputStream;
import java.util.Properties;

/**
 * The version and commit these classes were built from ({@code build.properties}, written at build time by
 * the binding's pom): what {@code --version} prints, so a figure can be traced to the code that measured it.
 * Classes run without that file (an IDE's own build) say "unknown".
 *
 * @param version the project version, e.g. {@code 0.1.0-SNAPSHOT}
 * @param commit the full commit id, or {@code unknown}
 * @param modified the working tree had uncommitted changes to tracked files when it was built
 */
public record BuildInfo(String version, String commit, boolean modified) {

  static final String RESOURCE = "build.properties";
  static final String UNKNOWN = "unknown";

  /** This build's. */
  public static BuildInfo current() {
    Properties p = new Properties();
    try (InputStream in = BuildInfo.class.getResourceAsStream(RESOURCE)) {
      if (in != null) {
        p.load(in);
      }
    } catch (IOException e) {
      // unreadable: reported as unknown, like a build without the file
    }
    return of(p);
  }

  static BuildInfo of(Properties p) {
    String commit = p.getProperty("commit", UNKNOWN).strip();
    return new BuildInfo(p.getProperty("version", UNKNOWN).strip(), commit.isEmpty() ? UNKNOWN : commit,
        Boolean.parseBoolean(p.getProperty("modified", "false").strip()));
  }

  /** {@code 0.1.0-SNAPSHOT, commit 0123456789ab} (plus {@code with local changes}), for version lines. */
  public String describe() {
    String shortCommit = commit.length() > 12 && !commit.equals(UNKNOWN) ? commit.substring(0, 12) : commit;
    return version + ", commit " + shortCommit + (modified ? " with local changes" : "");
  }

  /** {@code java -cp BINDING_JAR dev.ycsbmongo.binding.BuildInfo NAME}: the version line of launcher NAME. */
  public static void main(String[] args) {
    String name = args.length > 0 ? args[0] : "ycsb-mongodb";
    System.out.println(name + " " + current().describe() + " (YCSB 0.17.0, MongoDB Java driver "
        + com.mongodb.internal.build.MongoDriverVersion.VERSION + ", Java " + Runtime.version() + ")");
  }
}
