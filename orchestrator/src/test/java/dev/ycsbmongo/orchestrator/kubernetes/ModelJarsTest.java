package dev.ycsbmongo.orchestrator.kubernetes;

import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The fabric8 models on the class path are the few the backend needs (the parent pom excludes the others,
 * 8.7 MB), and the mock-server tests of this package run on that same set: were an exclusion dropped or a
 * needed model excluded, this or those tests would say so.
 */
class ModelJarsTest {

  @Test
  void theUsedModelsArePresentAndTheOthersAreNot() throws Exception {
    // core (Pod, Secret), batch (Job), what the client registers (apps, extensions, certificates), Scale (autoscaling)
    for (String present : List.of("io.fabric8.kubernetes.api.model.Pod", "io.fabric8.kubernetes.api.model.Secret",
        "io.fabric8.kubernetes.api.model.batch.v1.Job", "io.fabric8.kubernetes.api.model.apps.Deployment",
        "io.fabric8.kubernetes.api.model.extensions.Deployment",
        "io.fabric8.kubernetes.api.model.certificates.v1.CertificateSigningRequest",
        "io.fabric8.kubernetes.api.model.autoscaling.v1.Scale")) {
      Class.forName(present, false, getClass().getClassLoader());
    }
    for (String absent : List.of("io.fabric8.kubernetes.api.model.rbac.Role",
        "io.fabric8.kubernetes.api.model.networking.v1.Ingress",
        "io.fabric8.kubernetes.api.model.gatewayapi.v1.Gateway",
        "io.fabric8.kubernetes.api.model.policy.v1.PodDisruptionBudget",
        "io.fabric8.kubernetes.api.model.storage.StorageClass")) {
      assertThrows(ClassNotFoundException.class, () -> Class.forName(absent, false, getClass().getClassLoader()),
          absent + " is on the class path: its model jar is no longer excluded (parent pom)");
    }
  }
}
