package io.gpuchassis.companion;

import java.util.Optional;

/** A GPU of the chassis as this host sees it: its slot, its address here, its driver's UUID. */
public record SeenDevice(int slot, PciAddress address, Optional<String> uuid) {}
