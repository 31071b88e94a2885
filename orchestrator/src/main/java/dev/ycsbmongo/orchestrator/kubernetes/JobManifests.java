package dev.ycsbmongo.orchestrator.kubernetes;

import io.fabric8.kubernetes.api.model.EnvVar;
import io.fabric8.kubernetes.api.model.EnvVarBuilder;
import io.fabric8.kubernetes.api.model.OwnerReference;
import io.fabric8.kubernetes.api.model.OwnerReferenceBuilder;
import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.api.model.Secret;
import io.fabric8.kubernetes.api.model.SecretBuilder;
import io.fabric8.kubernetes.api.model.batch.v1.Job;
import io.fabric8.kubernetes.api.model.batch.v1.JobBuilder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The two objects of one cell, built from a {@link FleetSpec} without touching a cluster: the
 * Secret holding the secret values and the Indexed Job whose pods read them through
 * {@code secretKeyRef}. Pure functions, so the manifests are tested field by field.
 */
public final class JobManifests {

  /** Label on the Job and its pods that selects one fleet's pods, whatever the cluster version. */
  public static final String FLEET_LABEL = "ycsb-mongodb.dev/fleet";
  /** Kubernetes' annotation (1.21+) and label (1.28+) carrying a pod's completion index. */
  public static final String COMPLETION_INDEX = "batch.kubernetes.io/job-completion-index";
  /** The client container's name, for logs and failure causes. */
  public static final String CONTAINER = "ycsb-client";
  /** N, so each client computes its slice from {@code JOB_COMPLETION_INDEX} and this. */
  public static final String CLIENT_COUNT_ENV = "YCSB_CLIENT_COUNT";

  private JobManifests() {
  }

  /** The labels on the Job, its pod template and the Secret: the user's and the fleet label. */
  static Map<String, String> labels(FleetSpec spec) {
    Map<String, String> labels = new TreeMap<>(spec.labels());
    labels.put(FLEET_LABEL, spec.jobName());
    labels.put("app.kubernetes.io/name", "ycsb-mongodb-client");
    return labels;
  }

  /** The Secret with one data entry per secret value; owned by nobody yet (see {@link #ownedBy}). */
  public static Secret secret(FleetSpec spec) {
    Map<String, String> data = new TreeMap<>();
    Base64.Encoder base64 = Base64.getEncoder();
    spec.secrets().values().forEach((key, value) -> data.put(key, base64.encodeToString(value.getBytes(StandardCharsets.UTF_8))));
    return new SecretBuilder()
        .withNewMetadata()
          .withName(spec.secretName())
          .withNamespace(spec.namespace())
          .withLabels(labels(spec))
        .endMetadata()
        .withType("Opaque")
        .withImmutable(true)
        .withData(data)
        .build();
  }

  /** An owner reference to the Job, so the cluster deletes the Secret with it should we not. */
  public static OwnerReference ownedBy(Job job) {
    return new OwnerReferenceBuilder()
        .withApiVersion("batch/v1")
        .withKind("Job")
        .withName(job.getMetadata().getName())
        .withUid(job.getMetadata().getUid())
        .withBlockOwnerDeletion(false)
        .withController(false)
        .build();
  }

  /** The Indexed Job: N completions run at once, no retries, pods never restarted. */
  public static Job job(FleetSpec spec) {
    Map<String, String> labels = labels(spec);
    return new JobBuilder()
        .withNewMetadata()
          .withName(spec.jobName())
          .withNamespace(spec.namespace())
          .withLabels(labels)
        .endMetadata()
        .withNewSpec()
          .withCompletionMode("Indexed")
          .withCompletions(spec.clients())
          .withParallelism(spec.clients())
          // one failed client fails the cell: a retried client would measure a different window
          .withBackoffLimit(0)
          .withTtlSecondsAfterFinished((int) spec.ttlAfterFinished().toSeconds())
          .withNewTemplate()
            .withNewMetadata()
              .withLabels(labels)
            .endMetadata()
            .withNewSpec()
              .withRestartPolicy("Never")
              .withServiceAccountName(spec.serviceAccount().orElse(null))
              .withNodeSelector(spec.nodeSelector().isEmpty() ? null : spec.nodeSelector())
              .addNewContainer()
                .withName(CONTAINER)
                .withImage(spec.image())
                .withImagePullPolicy(spec.imagePullPolicy())
                .withCommand(spec.command().isEmpty() ? null : spec.command())
                .withArgs(spec.args().isEmpty() ? null : spec.args())
                .withEnv(env(spec))
                .withNewResources()
                  .withRequests(quantities(spec.resources().requests()))
                  .withLimits(quantities(spec.resources().limits()))
                .endResources()
              .endContainer()
            .endSpec()
          .endTemplate()
        .endSpec()
        .build();
  }

  /** {@code YCSB_CLIENT_COUNT} by value; every secret by reference only. */
  private static List<EnvVar> env(FleetSpec spec) {
    List<EnvVar> env = new ArrayList<>();
    env.add(new EnvVarBuilder().withName(CLIENT_COUNT_ENV).withValue(Integer.toString(spec.clients())).build());
    for (String key : spec.secrets().values().keySet()) {
      env.add(new EnvVarBuilder()
          .withName(key)
          .withNewValueFrom()
            .withNewSecretKeyRef()
              .withName(spec.secretName())
              .withKey(key)
              .withOptional(false)
            .endSecretKeyRef()
          .endValueFrom()
          .build());
    }
    return env;
  }

  private static Map<String, Quantity> quantities(Map<String, String> values) {
    if (values.isEmpty()) {
      return null;
    }
    Map<String, Quantity> quantities = new LinkedHashMap<>();
    values.forEach((name, value) -> quantities.put(name, new Quantity(value)));
    return quantities;
  }
}
