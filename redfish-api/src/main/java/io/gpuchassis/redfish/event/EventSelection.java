package io.gpuchassis.redfish.event;

import java.util.List;

/**
 * The filters of an event subscription (EventDestination {@code RegistryPrefixes}, {@code
 * MessageIds}, {@code OriginResources}, {@code SubordinateResources}): an event passes when its
 * registry or its MessageId is listed (or neither list is given), and its OriginOfCondition is
 * listed, or lies below a listed resource with SubordinateResources (or no origin list is given).
 */
public record EventSelection(
    List<String> registryPrefixes,
    List<String> messageIds,
    List<String> originResources,
    boolean subordinateResources) {

  public static final EventSelection EVERYTHING =
      new EventSelection(List.of(), List.of(), List.of(), false);

  public EventSelection {
    registryPrefixes = List.copyOf(registryPrefixes);
    messageIds = List.copyOf(messageIds);
    originResources = originResources.stream().map(EventFacts::normalizeUri).toList();
  }

  public boolean matches(EventFacts event) {
    return matchesMessage(event) && matchesOrigin(event);
  }

  private boolean matchesMessage(EventFacts event) {
    if (registryPrefixes.isEmpty() && messageIds.isEmpty()) {
      return true;
    }
    return registryPrefixes.contains(event.registryPrefix())
        || messageIds.stream()
            .map(EventFacts::unversioned)
            .anyMatch(event.unversionedMessageId()::equals);
  }

  private boolean matchesOrigin(EventFacts event) {
    if (originResources.isEmpty()) {
      return true;
    }
    if (event.originOfCondition().isEmpty()) {
      return false;
    }
    String origin = event.originOfCondition().get();
    return originResources.stream()
        .anyMatch(r -> origin.equals(r) || (subordinateResources && origin.startsWith(r + "/")));
  }
}
