/**
 * The board description file ({@code docs/BOARD.md}): what an integrator writes about a real
 * chassis board (PCIe wiring, switch transports, the I2C tree, the slots' signals) and what the
 * simulator puts into it. {@link io.gpuchassis.agent.board.BoardDescription} loads and validates
 * the file, reports every problem with its file, line and key, and produces the chassis model's
 * records ({@link io.gpuchassis.agent.board.BoardDescription#initialState()}) plus the records of
 * how each part is reached.
 */
package io.gpuchassis.agent.board;
