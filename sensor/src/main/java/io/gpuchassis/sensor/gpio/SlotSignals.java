package io.gpuchassis.sensor.gpio;

/**
 * A slot's control signals by meaning (active-low already resolved).
 *
 * @param present a card is seated (PRSNT# low)
 * @param powerEnabled slot power is switched on (PWR_EN high)
 * @param inReset the card is held in reset (PERST# low)
 * @param attention the attention LED is lit
 */
public record SlotSignals(boolean present, boolean powerEnabled, boolean inReset, boolean attention) {}
