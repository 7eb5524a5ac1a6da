package io.gpuchassis.agent.firmware;

import java.util.List;

/**
 * What a client asked to update, in the chassis's terms.
 *
 * @param imageName how messages name the image (the uploaded file's name or the image URI)
 * @param switchIds the chips to update; empty means every chip the bundle fits
 * @param applyTime when the new image is to run
 * @param force write the image even when the chip already runs its version ({@code ForceUpdate})
 * @param onStartUpdate wait for {@code UpdateService.StartUpdate} before writing anything ({@code
 *     OnStartUpdateRequest}); the image then runs from the chip's next reset
 * @param agent the targets name the agent itself (its FirmwareInventory entry or its Manager)
 */
public record UpdateRequest(
    String imageName,
    List<String> switchIds,
    ApplyTime applyTime,
    boolean force,
    boolean onStartUpdate,
    boolean agent) {

  public UpdateRequest {
    switchIds = List.copyOf(switchIds);
  }

  /** A request for switches, or for whatever the bundle fits. */
  public UpdateRequest(
      String imageName,
      List<String> switchIds,
      ApplyTime applyTime,
      boolean force,
      boolean onStartUpdate) {
    this(imageName, switchIds, applyTime, force, onStartUpdate, false);
  }

  /** A request that runs as soon as it is accepted. */
  public UpdateRequest(
      String imageName, List<String> switchIds, ApplyTime applyTime, boolean force) {
    this(imageName, switchIds, applyTime, force, false);
  }
}
