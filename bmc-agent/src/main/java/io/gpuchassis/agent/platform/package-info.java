/**
 * The seam between the agent and its hardware: {@link
 * io.gpuchassis.agent.platform.ChassisPlatform}, chosen in one place ({@link
 * io.gpuchassis.agent.platform.PlatformAssembly}) as a real {@link
 * io.gpuchassis.agent.platform.BoardPlatform} or a simulated one, both built from the same board
 * description; and what the agent does through it whatever answers: the board as the sensor
 * module's layout, reading the chassis's identity and GPUs at start, naming a device as the board
 * file does, and probing a board.
 */
package io.gpuchassis.agent.platform;
