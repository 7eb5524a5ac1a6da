/**
 * The agent's own A/B update, in RAUC's words: two install slots beside the package's jar, a
 * primary slot the launcher starts, boot attempts it counts, and mark-good once the new agent has
 * proven itself; {@link io.gpuchassis.agent.selfupdate.BootState} is the file the agent and its
 * launcher share (docs/FIRMWARE.md, "The agent's own update").
 */
package io.gpuchassis.agent.selfupdate;
