package io.gpuchassis.companion;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;

/** An agent that keeps what the companion told it. */
final class RecordingAgent implements ChassisAgent {

  record Report(
      String system, String systemUuid, OptionalLong hotPlugWindowMiB, List<SeenDevice> devices) {

    /** A report without a window (an attach's). */
    Report(String system, String systemUuid, List<SeenDevice> devices) {
      this(system, systemUuid, OptionalLong.empty(), devices);
    }
  }

  final List<Report> reports = new CopyOnWriteArrayList<>();
  final List<Integer> readyToRemove = new CopyOnWriteArrayList<>();
  final Map<Integer, PciAddress> addresses = new ConcurrentHashMap<>();

  @Override
  public void report(
      String system, String systemUuid, OptionalLong hotPlugWindowMiB, List<SeenDevice> devices) {
    reports.add(new Report(system, systemUuid, hotPlugWindowMiB, List.copyOf(devices)));
  }

  @Override
  public void readyToRemove(int slot) {
    readyToRemove.add(slot);
  }

  @Override
  public Optional<PciAddress> reportedAddress(int slot) {
    return Optional.ofNullable(addresses.get(slot));
  }
}
