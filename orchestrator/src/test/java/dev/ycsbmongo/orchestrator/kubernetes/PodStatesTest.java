package dev.ycsbmongo.orchestrator.kubernetes;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.fabric8.kubernetes.api.model.PodBuilder;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class PodStatesTest {

  @Test
  void shouldReadTheClientIndexFromTheAnnotationOrTheLabel() {
    assertEquals(3, PodStates.of(Fleets.pod("cell", 3, "Running").build()).index());
    PodBuilder labelOnly = Fleets.pod("cell", 0, "Running").editMetadata().withAnnotations(null)
        .addToLabels(JobManifests.COMPLETION_INDEX, "5").endMetadata();
    assertEquals(5, PodStates.of(labelOnly.build()).index());
    PodBuilder none = Fleets.pod("cell", 0, "Running").editMetadata().withAnnotations(null).endMetadata();
    assertEquals(-1, PodStates.of(none.build()).index());
  }

  @Test
  void shouldNameAnOomKilledPodAndItsReason() {
    PodState state = PodStates.of(Fleets.oomKilled("cell", 1));
    assertEquals(PodState.Phase.FAILED, state.phase());
    assertEquals(Optional.of("pod cell-1-x7k2q (client 1) was OOMKilled: container 'ycsb-client' exceeded its memory limit (exit code 137)."),
        state.reason());
  }

  @Test
  void shouldNameAnEvictedPodAndTheKubeletsMessage() {
    PodState state = PodStates.of(Fleets.evicted("cell", 2, "The node was low on resource: memory."));
    assertEquals(Optional.of("pod cell-2-x7k2q (client 2) was evicted: The node was low on resource: memory."), state.reason());
  }

  @Test
  void shouldGiveTheExitCodeOfAFailedClient() {
    PodState state = PodStates.of(Fleets.pod("cell", 0, "Failed").editStatus()
        .addNewContainerStatus().withName(JobManifests.CONTAINER).withNewState().withNewTerminated()
        .withExitCode(2).withReason("Error").endTerminated().endState().endContainerStatus().endStatus().build());
    assertEquals(Optional.of("pod cell-0-x7k2q (client 0) failed: container 'ycsb-client' exited with code 2 (Error)."), state.reason());
  }

  @Test
  void shouldTreatAnOomKillWhileThePodStillSaysRunningAsAFailure() {
    PodState state = PodStates.of(Fleets.pod("cell", 0, "Running").editStatus()
        .addNewContainerStatus().withName(JobManifests.CONTAINER).withNewState().withNewTerminated()
        .withExitCode(137).withReason("OOMKilled").endTerminated().endState().endContainerStatus().endStatus().build());
    assertEquals(PodState.Phase.FAILED, state.phase());
  }

  @Test
  void shouldKeepImagePullBackOffPendingWithItsReasonForThePendingTimeout() {
    PodState state = PodStates.of(Fleets.waiting("cell", 0, "ImagePullBackOff", "Back-off pulling image \"x:1\""));
    assertEquals(PodState.Phase.PENDING, state.phase());
    assertEquals(Optional.of("ImagePullBackOff (Back-off pulling image \"x:1\")"), state.reason());
  }

  @Test
  void shouldFailAtOnceOnAnInvalidImageName() {
    PodState state = PodStates.of(Fleets.waiting("cell", 0, "InvalidImageName", "couldn't parse image reference"));
    assertEquals(PodState.Phase.FAILED, state.phase());
    assertTrue(state.reason().orElseThrow().startsWith("pod cell-0-x7k2q (client 0) cannot start: InvalidImageName"), state.reason().toString());
  }

  @Test
  void shouldGiveTheSchedulersReasonForAnUnschedulablePod() {
    PodState state = PodStates.of(Fleets.pod("cell", 0, "Pending").editStatus().addNewCondition().withType("PodScheduled")
        .withStatus("False").withReason("Unschedulable").withMessage("0/3 nodes are available: 3 Insufficient cpu.")
        .endCondition().endStatus().build());
    assertEquals(Optional.of("Unschedulable (0/3 nodes are available: 3 Insufficient cpu.)"), state.reason());
  }
}
