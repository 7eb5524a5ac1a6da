package io.gpuchassis.agent.fault;

import java.time.Instant;

/** A fault that is in effect: its id, kind, target and when it started. */
public record ActiveFault(String id, String kind, String target, Instant injected) {}
