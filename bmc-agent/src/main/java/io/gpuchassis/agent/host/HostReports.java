package io.gpuchassis.agent.host;

import io.gpuchassis.agent.compose.ReportedWindows;
import java.util.Optional;
import java.util.OptionalLong;

/** What the Redfish views read of the host companions' reports ({@link HostSightings}). */
public interface HostReports extends ReportedWindows {

  /** No report at all (a view rendered without the host companions). */
  HostReports NONE =
      new HostReports() {
        @Override
        public Optional<HostIdentity> identity(String host) {
          return Optional.empty();
        }

        @Override
        public Optional<GpuSighting> sighting(int slot) {
          return Optional.empty();
        }

        @Override
        public long version() {
          return 0;
        }
      };

  /** Who the server cabled to {@code host} said it is, if its companion reported. */
  Optional<HostIdentity> identity(String host);

  /** Where the host holding the GPU in {@code slot} sees it, if it reported it. */
  Optional<GpuSighting> sighting(int slot);

  /** The window {@code host}'s companion last reported with its identity. */
  @Override
  default OptionalLong hotPlugWindowMiB(String host) {
    return identity(host).map(HostIdentity::hotPlugWindowMiB).orElse(OptionalLong.empty());
  }

  /** Changes with every report and every sighting forgotten: part of cached views' versions. */
  long version();
}
