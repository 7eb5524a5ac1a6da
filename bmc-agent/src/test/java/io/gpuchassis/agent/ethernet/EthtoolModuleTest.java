package io.gpuchassis.agent.ethernet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * {@code ethtool -m} as ethtool 6.1 prints it: every line {@code \t%-41s : value} ({@code
 * sff-common.c}), a QSFP28's page 00h, its diagnostics per channel and page 03h's thresholds
 * ({@code qsfp.c}), in the order the source prints them.
 */
class EthtoolModuleTest {

  /** A 100GBASE-SR4 optic whose channel 2 receives 0.03 mW, below its 0.0407 mW low alarm. */
  static final String QSFP28_SR4 =
      """
      \tIdentifier                                : 0x11 (QSFP28)
      \tExtended identifier                       : 0xcf
      \tExtended identifier description           : 3.5W max. Power consumption
      \tExtended identifier description           : CDR present in TX, CDR present in RX
      \tExtended identifier description           : 5.0W max. Power consumption,  High Power Class (> 3.5 W) not enabled
      \tPower set                                 : Off
      \tPower override                            : On
      \tConnector                                 : 0x0c (MPO Parallel Optic)
      \tTransceiver codes                         : 0x80 0x00 0x00 0x00 0x00 0x00 0x00 0x00
      \tTransceiver type                          : 100G Ethernet: 100G Base-SR4 or 25GBase-SR
      \tEncoding                                  : 0x05 (64B/66B)
      \tBR, Nominal                               : 25500Mbps
      \tRate identifier                           : 0x00
      \tLength (SMF,km)                           : 0km
      \tLength (OM3 50um)                         : 70m
      \tLength (OM2 50um)                         : 0m
      \tLength (OM1 62.5um)                       : 0m
      \tLength (Copper or Active cable)           : 50m
      \tTransmitter technology                    : 0x00 (850 nm VCSEL)
      \tLaser wavelength                          : 850.000nm
      \tLaser wavelength tolerance                : 15.000nm
      \tVendor name                               : FINISAR CORP
      \tVendor OUI                                : 00:90:65
      \tVendor PN                                 : FTLC9551REPM
      \tVendor rev                                : A0
      \tVendor SN                                 : X6AB1CD
      \tDate code                                 : 200607
      \tRevision Compliance                       : SFF-8636 Rev 2.5/2.6/2.7
      \tModule temperature                        : 33.00 degrees C / 91.40 degrees F
      \tModule voltage                            : 3.2853 V
      \tAlarm/warning flags implemented           : Yes
      \tLaser tx bias current (Channel 1)         : 6.592 mA
      \tLaser tx bias current (Channel 2)         : 6.622 mA
      \tLaser tx bias current (Channel 3)         : 6.580 mA
      \tLaser tx bias current (Channel 4)         : 6.604 mA
      \tTransmit avg optical power (Channel 1)    : 0.7780 mW / -1.09 dBm
      \tTransmit avg optical power (Channel 2)    : 0.7923 mW / -1.01 dBm
      \tTransmit avg optical power (Channel 3)    : 0.8062 mW / -0.94 dBm
      \tTransmit avg optical power (Channel 4)    : 0.7510 mW / -1.24 dBm
      \tRcvr signal avg optical power(Channel 1)  : 0.6504 mW / -1.87 dBm
      \tRcvr signal avg optical power(Channel 2)  : 0.0300 mW / -15.23 dBm
      \tRcvr signal avg optical power(Channel 3)  : 0.7012 mW / -1.54 dBm
      \tRcvr signal avg optical power(Channel 4)  : 0.6690 mW / -1.75 dBm
      \tLaser bias current high alarm   (Chan 1)  : Off
      \tLaser bias current low alarm    (Chan 1)  : Off
      \tLaser bias current high warning (Chan 1)  : Off
      \tLaser bias current low warning  (Chan 1)  : Off
      \tLaser bias current high alarm   (Chan 2)  : Off
      \tLaser bias current low alarm    (Chan 2)  : Off
      \tLaser bias current high warning (Chan 2)  : Off
      \tLaser bias current low warning  (Chan 2)  : Off
      \tLaser bias current high alarm   (Chan 3)  : Off
      \tLaser bias current low alarm    (Chan 3)  : Off
      \tLaser bias current high warning (Chan 3)  : Off
      \tLaser bias current low warning  (Chan 3)  : Off
      \tLaser bias current high alarm   (Chan 4)  : Off
      \tLaser bias current low alarm    (Chan 4)  : Off
      \tLaser bias current high warning (Chan 4)  : Off
      \tLaser bias current low warning  (Chan 4)  : Off
      \tModule temperature high alarm             : Off
      \tModule temperature low alarm              : Off
      \tModule temperature high warning           : Off
      \tModule temperature low warning            : Off
      \tModule voltage high alarm                 : Off
      \tModule voltage low alarm                  : Off
      \tModule voltage high warning               : Off
      \tModule voltage low warning                : Off
      \tLaser tx power high alarm   (Channel 1)   : Off
      \tLaser tx power low alarm    (Channel 1)   : Off
      \tLaser tx power high warning (Channel 1)   : Off
      \tLaser tx power low warning  (Channel 1)   : Off
      \tLaser tx power high alarm   (Channel 2)   : Off
      \tLaser tx power low alarm    (Channel 2)   : Off
      \tLaser tx power high warning (Channel 2)   : Off
      \tLaser tx power low warning  (Channel 2)   : Off
      \tLaser tx power high alarm   (Channel 3)   : Off
      \tLaser tx power low alarm    (Channel 3)   : Off
      \tLaser tx power high warning (Channel 3)   : Off
      \tLaser tx power low warning  (Channel 3)   : Off
      \tLaser tx power high alarm   (Channel 4)   : Off
      \tLaser tx power low alarm    (Channel 4)   : Off
      \tLaser tx power high warning (Channel 4)   : Off
      \tLaser tx power low warning  (Channel 4)   : Off
      \tLaser rx power high alarm   (Channel 1)   : Off
      \tLaser rx power low alarm    (Channel 1)   : Off
      \tLaser rx power high warning (Channel 1)   : Off
      \tLaser rx power low warning  (Channel 1)   : Off
      \tLaser rx power high alarm   (Channel 2)   : Off
      \tLaser rx power low alarm    (Channel 2)   : On
      \tLaser rx power high warning (Channel 2)   : Off
      \tLaser rx power low warning  (Channel 2)   : On
      \tLaser rx power high alarm   (Channel 3)   : Off
      \tLaser rx power low alarm    (Channel 3)   : Off
      \tLaser rx power high warning (Channel 3)   : Off
      \tLaser rx power low warning  (Channel 3)   : Off
      \tLaser rx power high alarm   (Channel 4)   : Off
      \tLaser rx power low alarm    (Channel 4)   : Off
      \tLaser rx power high warning (Channel 4)   : Off
      \tLaser rx power low warning  (Channel 4)   : Off
      \tLaser bias current high alarm threshold   : 15.000 mA
      \tLaser bias current low alarm threshold    : 2.000 mA
      \tLaser bias current high warning threshold : 13.000 mA
      \tLaser bias current low warning threshold  : 3.000 mA
      \tLaser output power high alarm threshold   : 2.2387 mW / 3.50 dBm
      \tLaser output power low alarm threshold    : 0.0316 mW / -15.00 dBm
      \tLaser output power high warning threshold : 1.1220 mW / 0.50 dBm
      \tLaser output power low warning threshold  : 0.0794 mW / -11.00 dBm
      \tModule temperature high alarm threshold   : 75.00 degrees C / 167.00 degrees F
      \tModule temperature low alarm threshold    : -5.00 degrees C / 23.00 degrees F
      \tModule temperature high warning threshold : 70.00 degrees C / 158.00 degrees F
      \tModule temperature low warning threshold  : 0.00 degrees C / 32.00 degrees F
      \tModule voltage high alarm threshold       : 3.6300 V
      \tModule voltage low alarm threshold        : 2.9700 V
      \tModule voltage high warning threshold     : 3.4650 V
      \tModule voltage low warning threshold      : 3.1350 V
      \tLaser rx power high alarm threshold       : 3.4674 mW / 5.40 dBm
      \tLaser rx power low alarm threshold        : 0.0407 mW / -13.90 dBm
      \tLaser rx power high warning threshold     : 1.7378 mW / 2.40 dBm
      \tLaser rx power low warning threshold      : 0.1023 mW / -9.90 dBm
      """;

  /** A passive copper cable: no diagnostics, so qsfp.c stops after a zero temperature. */
  static final String QSFP28_DAC =
      """
      \tIdentifier                                : 0x11 (QSFP28)
      \tExtended identifier                       : 0x00
      \tExtended identifier description           : 1.5W max. Power consumption
      \tExtended identifier description           : No CDR in TX, No CDR in RX
      \tExtended identifier description           : High Power Class (> 3.5 W) not enabled
      \tPower set                                 : Off
      \tPower override                            : On
      \tConnector                                 : 0x23 (No separable connector)
      \tTransceiver codes                         : 0x80 0x00 0x00 0x00 0x00 0x00 0x00 0x00
      \tTransceiver type                          : 100G Ethernet: 100G Base-CR4 or 25G Base-CR CA-L
      \tEncoding                                  : 0x05 (64B/66B)
      \tBR, Nominal                               : 25500Mbps
      \tRate identifier                           : 0x00
      \tLength (SMF,km)                           : 0km
      \tLength (OM3 50um)                         : 0m
      \tLength (OM2 50um)                         : 0m
      \tLength (OM1 62.5um)                       : 0m
      \tLength (Copper or Active cable)           : 2m
      \tTransmitter technology                    : 0xa0 (Copper cable unequalized)
      \tAttenuation at 2.5GHz                     : 4db
      \tAttenuation at 5.0GHz                     : 5db
      \tAttenuation at 7.0GHz                     : 7db
      \tAttenuation at 12.9GHz                    : 10db
      \tVendor name                               : Mellanox
      \tVendor OUI                                : 00:02:c9
      \tVendor PN                                 : MCP1600-C002E30N
      \tVendor rev                                : A3
      \tVendor SN                                 : MT2104VB03127
      \tDate code                                 : 210126
      \tRevision Compliance                       : SFF-8636 Rev 2.5/2.6/2.7
      \tModule temperature                        : 0.00 degrees C / 32.00 degrees F
      \tModule voltage                            : 0.0000 V
      """;

  @Test
  void an_sr4_optic_reads_its_identity_diagnostics_and_thresholds() {
    OpticalModule m = EthtoolModule.parse(QSFP28_SR4).orElseThrow();
    assertEquals(0x11, m.identifierCode());
    assertEquals("QSFP28", m.identifier());
    assertEquals(Optional.of("MPO Parallel Optic"), m.connector());
    assertEquals(List.of("100G Ethernet: 100G Base-SR4 or 25GBase-SR"), m.transceiverTypes());
    assertEquals(Optional.of("850 nm VCSEL"), m.transmitterTechnology());
    assertEquals(Optional.of("FINISAR CORP"), m.vendorName());
    assertEquals(Optional.of("FTLC9551REPM"), m.partNumber());
    assertEquals(Optional.of("X6AB1CD"), m.serialNumber());
    assertEquals(Optional.of("A0"), m.revision());
    assertEquals(33.0, m.temperatureCelsius().getAsDouble());
    assertEquals(3.2853, m.voltageVolts().getAsDouble());
    assertEquals(4, m.lanes().size());
    OpticalModule.Lane first = m.lanes().get(0);
    assertEquals(1, first.channel());
    assertEquals(6.592, first.biasMilliAmps().getAsDouble());
    assertEquals(0.778, first.txPowerMilliWatts().getAsDouble());
    assertEquals(0.6504, first.rxPowerMilliWatts().getAsDouble());
    // the rx line has no space before its bracket: channel 2 is still channel 2
    assertEquals(0.03, m.lanes().get(1).rxPowerMilliWatts().getAsDouble());
    assertEquals(0.0407, m.thresholds().get(OpticalModule.RX_POWER_LOW_ALARM));
    assertEquals(15.0, m.thresholds().get("Laser bias current high alarm threshold"));
    assertEquals(-5.0, m.thresholds().get("Module temperature low alarm threshold"));
    assertEquals(List.of(2), m.lanesBelowRxPowerLowAlarm());
    assertFalse(m.copper());
  }

  @Test
  void a_copper_cable_has_no_diagnostics() {
    OpticalModule m = EthtoolModule.parse(QSFP28_DAC).orElseThrow();
    assertEquals("QSFP28", m.identifier());
    assertTrue(m.copper());
    assertEquals(Optional.of("Copper cable unequalized"), m.transmitterTechnology());
    assertEquals(Optional.of("MCP1600-C002E30N"), m.partNumber());
    assertTrue(m.lanes().isEmpty());
    assertTrue(m.temperatureCelsius().isEmpty(), "a zero temperature is no measurement");
    assertTrue(m.voltageVolts().isEmpty());
    assertEquals(List.of(), m.lanesBelowRxPowerLowAlarm());
  }

  @Test
  void no_module_and_other_output_are_no_module() {
    assertEquals(
        Optional.empty(),
        EthtoolModule.parse(
            "\tIdentifier                                : 0x00 (no module present, unknown, or"
                + " unspecified)\n"));
    assertEquals(Optional.empty(), EthtoolModule.parse(""));
    assertEquals(Optional.empty(), EthtoolModule.parse("Offset\t\tValues\n------\t\t------\n"));
  }

  @Test
  void an_sfp_reads_its_single_channel() {
    String sfp =
        "\tIdentifier                                : 0x03 (SFP)\n"
            + "\tVendor name                               : FS\n"
            + "\tLaser bias current                        : 6.124 mA\n"
            + "\tLaser output power                        : 0.5473 mW / -2.62 dBm\n"
            + "\tReceiver signal average optical power     : 0.4512 mW / -3.46 dBm\n"
            + "\tModule temperature                        : 31.42 degrees C / 88.56 degrees F\n"
            + "\tModule voltage                            : 3.3000 V\n"
            + "\tLaser rx power low alarm threshold        : 0.0100 mW / -20.00 dBm\n";
    OpticalModule m = EthtoolModule.parse(sfp).orElseThrow();
    assertEquals("SFP", m.identifier());
    assertEquals(1, m.lanes().size());
    assertEquals(0.4512, m.lanes().get(0).rxPowerMilliWatts().getAsDouble());
    assertEquals(6.124, m.lanes().get(0).biasMilliAmps().getAsDouble());
    assertEquals(List.of(), m.lanesBelowRxPowerLowAlarm());
  }
}
