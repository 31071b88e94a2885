package dev.ycsbmongo.orchestrator.cli;

import com.mongodb.internal.build.MongoDriverVersion;
import dev.ycsbmongo.binding.BuildInfo;
import picocli.CommandLine.IVersionProvider;

/** {@code --version}: the version and commit built from, and what the figures also depend on. */
final class VersionLine implements IVersionProvider {

  @Override
  public String[] getVersion() {
    return new String[] {"orchestrator " + BuildInfo.current().describe() + " (YCSB 0.17.0, MongoDB Java driver "
        + MongoDriverVersion.VERSION + ", Java " + Runtime.version() + ")"};
  }
}
