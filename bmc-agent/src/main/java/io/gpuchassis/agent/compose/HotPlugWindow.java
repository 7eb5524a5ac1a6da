package io.gpuchassis.agent.compose;

import io.gpuchassis.agent.chassis.HostPort;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * A host port's hot-plug memory window and where the figure comes from: the host's own report (what
 * its firmware actually reserved) over the board description (what it should reserve).
 */
public record HotPlugWindow(long mib, Source source) {

  /** Where a window's size was learnt. */
  public enum Source {
    /** The host companion read it from the host's bridge. */
    HOST_COMPANION("HostCompanion"),
    /** The board description's {@code hotPlugWindowGiB}. */
    BOARD_DESCRIPTION("BoardDescription");

    private final String redfishName;

    Source(String redfishName) {
      this.redfishName = redfishName;
    }

    /** As the OEM schema's {@code HotPlugWindowSource} spells it. */
    public String redfishName() {
      return redfishName;
    }
  }

  /** {@code host}'s window, if it reported one or the board gives one. */
  public static Optional<HotPlugWindow> of(HostPort host, ReportedWindows reported) {
    OptionalLong mib = reported.hotPlugWindowMiB(host.id());
    if (mib.isPresent()) {
      return Optional.of(new HotPlugWindow(mib.getAsLong(), Source.HOST_COMPANION));
    }
    return host.hotPlugWindowGiB() == 0
        ? Optional.empty()
        : Optional.of(new HotPlugWindow(host.hotPlugWindowGiB() * 1024L, Source.BOARD_DESCRIPTION));
  }

  /** Where the figure comes from, in words for a refusal. */
  public String origin(String hostId) {
    return switch (source) {
      case HOST_COMPANION -> "as " + hostId + "'s host companion reported it";
      case BOARD_DESCRIPTION -> "as the board description gives it (hotPlugWindowGiB)";
    };
  }
}
