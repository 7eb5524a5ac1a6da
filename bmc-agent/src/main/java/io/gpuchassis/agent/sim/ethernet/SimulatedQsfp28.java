package io.gpuchassis.agent.sim.ethernet;

import java.util.Locale;

/**
 * A QSFP28 100GBASE-SR4 optic's EEPROM (SFF-8636: lower page, upper page 00h, page 03h) as the
 * values its registers hold, in their own units (temperature in 1/256 degree C, supply in 0.1 mV,
 * bias in 2 uA, optical power in 0.1 uW), and {@link #ethtool()}: what ethtool 6.1 prints for it
 * ({@code qsfp.c} and {@code sff-common.c}: every line, in order, with their formats).
 *
 * @param bias each channel's laser bias, in 2 uA
 * @param txPower each channel's transmitted power, in 0.1 uW
 * @param rxPower each channel's received power, in 0.1 uW
 */
record SimulatedQsfp28(
    String vendorName,
    String vendorPn,
    String vendorRev,
    String vendorSn,
    String dateCode,
    int temperature,
    int voltage,
    int[] bias,
    int[] txPower,
    int[] rxPower) {

  // page 03h's thresholds: high alarm, low alarm, high warning, low warning
  static final int[] TEMP = {75 * 256, -5 * 256, 70 * 256, 0};
  static final int[] VCC = {36300, 29700, 34650, 31350};
  static final int[] BIAS = {6000, 1000, 5500, 1500};
  static final int[] TX_POWER = {21878, 575, 10965, 1445};
  // -14.40 dBm low alarm, -10.40 dBm low warning: an SR4 receiver's usual levels
  static final int[] RX_POWER = {21878, 363, 10965, 912};

  private static final int HALRM = 0;
  private static final int LALRM = 1;
  private static final int HWARN = 2;
  private static final int LWARN = 3;

  /** The same module with every channel receiving {@code power} (0.1 uW). */
  SimulatedQsfp28 receiving(int power) {
    int[] rx = new int[rxPower.length];
    java.util.Arrays.fill(rx, power);
    return new SimulatedQsfp28(
        vendorName,
        vendorPn,
        vendorRev,
        vendorSn,
        dateCode,
        temperature,
        voltage,
        bias,
        txPower,
        rx);
  }

  String ethtool() {
    StringBuilder out = new StringBuilder();
    line(out, "Identifier", "0x11 (QSFP28)");
    line(out, "Extended identifier", "0x8c");
    String pfx = "\tExtended identifier description           :";
    out.append(pfx).append(" 2.5W max. Power consumption\n");
    out.append(pfx).append(" CDR present in TX, CDR present in RX\n");
    out.append(pfx).append(" High Power Class (> 3.5 W) not enabled\n");
    line(out, "Power set", "Off");
    line(out, "Power override", "Off");
    line(out, "Connector", "0x0c (MPO Parallel Optic)");
    line(out, "Transceiver codes", "0x80 0x00 0x00 0x00 0x00 0x00 0x00 0x00");
    line(out, "Transceiver type", "100G Ethernet: 100G Base-SR4 or 25GBase-SR");
    line(out, "Encoding", "0x05 (64B/66B)");
    line(out, "BR, Nominal", "25500Mbps");
    line(out, "Rate identifier", "0x00");
    line(out, "Length (SMF,km)", "0km");
    line(out, "Length (OM3 50um)", "70m");
    line(out, "Length (OM2 50um)", "0m");
    line(out, "Length (OM1 62.5um)", "0m");
    line(out, "Length (Copper or Active cable)", "0m");
    line(out, "Transmitter technology", "0x00 (850 nm VCSEL)");
    line(out, "Laser wavelength", "850.000nm");
    line(out, "Laser wavelength tolerance", "10.000nm");
    line(out, "Vendor name", vendorName);
    line(out, "Vendor OUI", "00:02:c9");
    line(out, "Vendor PN", vendorPn);
    line(out, "Vendor rev", vendorRev);
    line(out, "Vendor SN", vendorSn);
    line(out, "Date code", dateCode);
    line(out, "Revision Compliance", "SFF-8636 Rev 2.5/2.6/2.7");
    temp(out, "Module temperature", temperature);
    vcc(out, "Module voltage", voltage);
    line(out, "Alarm/warning flags implemented", "Yes");
    for (int i = 0; i < 4; i++) {
      bias(out, "Laser tx bias current (Channel " + (i + 1) + ")", bias[i]);
    }
    for (int i = 0; i < 4; i++) {
      power(out, "Transmit avg optical power (Channel " + (i + 1) + ")", txPower[i]);
    }
    for (int i = 0; i < 4; i++) {
      // qsfp.c's "%s(Channel %d)": no space before the bracket
      power(out, "Rcvr signal avg optical power(Channel " + (i + 1) + ")", rxPower[i]);
    }
    for (int i = 0; i < 4; i++) {
      String ch = "(Chan " + (i + 1) + ")";
      flag(out, "Laser bias current high alarm   " + ch, bias[i] > BIAS[HALRM]);
      flag(out, "Laser bias current low alarm    " + ch, bias[i] < BIAS[LALRM]);
      flag(out, "Laser bias current high warning " + ch, bias[i] > BIAS[HWARN]);
      flag(out, "Laser bias current low warning  " + ch, bias[i] < BIAS[LWARN]);
    }
    flag(out, "Module temperature high alarm", temperature > TEMP[HALRM]);
    flag(out, "Module temperature low alarm", temperature < TEMP[LALRM]);
    flag(out, "Module temperature high warning", temperature > TEMP[HWARN]);
    flag(out, "Module temperature low warning", temperature < TEMP[LWARN]);
    flag(out, "Module voltage high alarm", voltage > VCC[HALRM]);
    flag(out, "Module voltage low alarm", voltage < VCC[LALRM]);
    flag(out, "Module voltage high warning", voltage > VCC[HWARN]);
    flag(out, "Module voltage low warning", voltage < VCC[LWARN]);
    levelFlags(out, "Laser tx power", txPower, TX_POWER);
    levelFlags(out, "Laser rx power", rxPower, RX_POWER);
    String[] level = {"high alarm", "low alarm", "high warning", "low warning"};
    for (int t = 0; t < 4; t++) {
      bias(out, "Laser bias current " + level[t] + " threshold", BIAS[t]);
    }
    for (int t = 0; t < 4; t++) {
      power(out, "Laser output power " + level[t] + " threshold", TX_POWER[t]);
    }
    for (int t = 0; t < 4; t++) {
      temp(out, "Module temperature " + level[t] + " threshold", TEMP[t]);
    }
    for (int t = 0; t < 4; t++) {
      vcc(out, "Module voltage " + level[t] + " threshold", VCC[t]);
    }
    for (int t = 0; t < 4; t++) {
      power(out, "Laser rx power " + level[t] + " threshold", RX_POWER[t]);
    }
    return out.toString();
  }

  private static void levelFlags(StringBuilder out, String what, int[] values, int[] levels) {
    for (int i = 0; i < values.length; i++) {
      String ch = "(Channel " + (i + 1) + ")";
      flag(out, what + " high alarm   " + ch, values[i] > levels[HALRM]);
      flag(out, what + " low alarm    " + ch, values[i] < levels[LALRM]);
      flag(out, what + " high warning " + ch, values[i] > levels[HWARN]);
      flag(out, what + " low warning  " + ch, values[i] < levels[LWARN]);
    }
  }

  private static void line(StringBuilder out, String label, String value) {
    out.append(String.format(Locale.ROOT, "\t%-41s : %s\n", label, value));
  }

  private static void flag(StringBuilder out, String label, boolean on) {
    line(out, label, on ? "On" : "Off");
  }

  // sff-common.h's PRINT_TEMP, PRINT_VCC, PRINT_BIAS and PRINT_xX_PWR
  private static void temp(StringBuilder out, String label, int raw) {
    line(
        out,
        label,
        String.format(
            Locale.ROOT, "%.2f degrees C / %.2f degrees F", raw / 256., raw / 256. * 1.8 + 32.));
  }

  private static void vcc(StringBuilder out, String label, int raw) {
    line(out, label, String.format(Locale.ROOT, "%.4f V", raw / 10000.));
  }

  private static void bias(StringBuilder out, String label, int raw) {
    line(out, label, String.format(Locale.ROOT, "%.3f mA", raw / 500.));
  }

  private static void power(StringBuilder out, String label, int raw) {
    double mw = raw / 10000.;
    // glibc prints log10(0) as -inf
    String dbm = mw == 0 ? "-inf" : String.format(Locale.ROOT, "%.2f", 10. * Math.log10(mw));
    line(out, label, String.format(Locale.ROOT, "%.4f mW / %s dBm", mw, dbm));
  }
}
