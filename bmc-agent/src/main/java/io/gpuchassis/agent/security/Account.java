package io.gpuchassis.agent.security;

import java.time.Instant;

/** A local user account as stored: the password only as a hash. */
public record Account(
    String userName,
    String passwordHash,
    Role role,
    boolean enabled,
    boolean passwordChangeRequired,
    Instant created) {}
