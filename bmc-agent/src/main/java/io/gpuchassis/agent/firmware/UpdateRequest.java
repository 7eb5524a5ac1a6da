package io.gpuchassis.agent.firmware;

import java.util.List;

/**
 * What a client asked to update, in the chassis's terms.
 *
 * @param imageName how messages name the image (the uploaded file's name or the image URI)
 * @param switchIds the chips to update; empty means every chip the bundle fits
 * @param applyTime when the new image is to run
 * @param force write the image even when the chip already runs its version ({@code ForceUpdate})
 */
public record UpdateRequest(
    String imageName, List<String> switchIds, ApplyTime applyTime, boolean force) {

  public UpdateRequest {
    switchIds = List.copyOf(switchIds);
  }
}
