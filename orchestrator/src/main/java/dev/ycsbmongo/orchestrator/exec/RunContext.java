package dev.ycsbmongo.orchestrator.exec;

import dev.ycsbmongo.orchestrator.plan.Plan;
import dev.ycsbmongo.orchestrator.process.ChildJvm;
import dev.ycsbmongo.orchestrator.replset.ServerSettingsApplier;
import dev.ycsbmongo.orchestrator.results.ClientHost;
import dev.ycsbmongo.orchestrator.results.RunDirectory;
import dev.ycsbmongo.orchestrator.results.ServerInfo;
import java.util.Map;

/** Everything about one session of a run that every phase runner uses and every phase's record repeats. */
record RunContext(Plan plan, RunDirectory runDir, ClientHost client, Map<String, ServerInfo> servers,
    EmbeddedTargets uris, ChildJvm jvm, ServerSettingsApplier serverSettings) {
}
