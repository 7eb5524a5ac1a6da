package io.gpuchassis.companion;

/**
 * A MIG device of a GPU, as {@code nvidia-smi -L} lists it: its index on the GPU, its profile
 * ({@code 3g.20gb}) and its UUID ({@code MIG-...}).
 */
public record MigDevice(int index, String profile, String uuid) {}
