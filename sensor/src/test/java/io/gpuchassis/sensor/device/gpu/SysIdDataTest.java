package io.gpuchassis.sensor.device.gpu;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class SysIdDataTest {

  // Source: NVIDIA open-gpu-kernel-modules smbpbi.h (2023): NV_MSGBOX_CMD_ARG1_*_V1 type codes,
  // NV_MSGBOX_SYSID_DATA_SIZE_*_V1 sizes, NV_MSGBOX_DATA_CAP_<page>_*_V1 bit positions.
  @ParameterizedTest(name = "{0}: type 0x{1}, {2} bytes, capability dword {3} bit {4}")
  @CsvSource({
    "SERIAL_NUMBER,       02, 16, 1, 2",
    "MARKETING_NAME,      03, 24, 1, 3",
    "FIRMWARE_VERSION,    08, 14, 1, 8",
    "VENDOR_ID,           09,  2, 1, 9",
    "DEVICE_ID,           0A,  2, 1, 10",
    "SUBSYSTEM_VENDOR_ID, 0B,  2, 1, 11",
    "SUBSYSTEM_ID,        0C,  2, 1, 12",
    "PCIE_SPEED,          12,  1, 2, 9",
    "PCIE_WIDTH,          13,  1, 2, 10",
    "TGP_LIMIT,           14,  4, 2, 11",
    "MAX_DRAM_CAPACITY,   17,  4, 4, 31"
  })
  void typesAsTheHeaderDefinesThem(SysIdDataType type, String code, int size, int page, int bit) {
    assertEquals(Integer.parseInt(code, 16), type.arg1());
    assertEquals(size, type.size());
    assertEquals(page, type.capabilityPage());
    assertEquals(1 << bit, type.capabilityMask());
    assertEquals(type, SysIdDataType.ofArg1(type.arg1()));
  }

  @Test
  void requestCarriesTheTypeInArg1AndTheDwordIndexInArg2() {
    // NV_MSGBOX_CMD_GET_SYS_ID_DATA(type, offset) puts offset / 4 in ARG2: byte 8 of the marketing
    // name is dword 2
    assertEquals(
        0x80020305, SmbpbiCommand.encode(SmbpbiCommand.OPCODE_GET_SYS_ID_DATA, 0x03, 8 / 4));
    assertEquals(6, SysIdDataType.MARKETING_NAME.dwords());
    assertEquals(
        4,
        SysIdDataType.FIRMWARE_VERSION.dwords(),
        "14 bytes take four dwords, the last one half used");
    assertEquals(1, SysIdDataType.PCIE_WIDTH.dwords());
  }

  @Test
  void stringsTravelLowByteFirst() {
    byte[] name = SysIdData.encodeString("NVIDIA H100 PCIe", 24);
    // "NVID" = 4E 56 49 44 on the wire, so the dword reads 0x4449564E
    assertEquals(0x4449564E, SysIdData.dword(name, 0));
    assertEquals(0x48204149, SysIdData.dword(name, 1)); // "IA H"
    assertEquals(0x20303031, SysIdData.dword(name, 2)); // "100 "
    assertEquals(0x65494350, SysIdData.dword(name, 3)); // "PCIe"
    assertEquals(0, SysIdData.dword(name, 4), "NUL padding");
    assertEquals(0, SysIdData.dword(name, 5));

    byte[] received = new byte[24];
    int[] dwords = {0x4449564E, 0x48204149, 0x20303031, 0x65494350, 0, 0};
    for (int i = 0; i < dwords.length; i++) {
      SysIdData.putDword(received, i, dwords[i]);
    }
    assertEquals("NVIDIA H100 PCIe", SysIdData.decodeString(received));
  }

  @Test
  void paddingIsTrimmed() {
    byte[] spaces = "1650923001234   ".getBytes(StandardCharsets.US_ASCII);
    assertEquals("1650923001234", SysIdData.decodeString(spaces));
    byte[] nulAfterText = {'A', '1', 0, 'x', 'y', 0, 0, 0};
    assertEquals("A1", SysIdData.decodeString(nulAfterText), "the text ends at the first NUL");
    assertEquals("", SysIdData.decodeString(new byte[16]), "an unprogrammed field");
  }

  @Test
  void lastDwordBeyondTheFieldIsDropped() {
    byte[] firmware = new byte[14];
    SysIdData.putDword(firmware, 0, 0x302E3639); // "96.0"
    SysIdData.putDword(firmware, 1, 0x30332E30); // "0.30"
    SysIdData.putDword(firmware, 2, 0x2E30302E); // ".00."
    SysIdData.putDword(
        firmware, 3, 0xFFFF3130); // "01" and two bytes that are not part of the field
    assertEquals("96.00.30.00.01", SysIdData.decodeString(firmware));
  }

  @Test
  void numbersAreLittleEndian() {
    byte[] vendor = new byte[2];
    SysIdData.putDword(vendor, 0, 0x000010DE);
    assertArrayEquals(new byte[] {(byte) 0xDE, 0x10}, vendor);
    assertEquals(0x10DE, SysIdData.decodeUnsigned(vendor));
    assertEquals(
        350_000, SysIdData.decodeUnsigned(SysIdData.encodeUnsigned(350_000, 4))); // TGP in mW
    assertEquals(0x00055730, SysIdData.dword(SysIdData.encodeUnsigned(350_000, 4), 0));
    assertEquals(
        0x00014000, SysIdData.dword(SysIdData.encodeUnsigned(80 * 1024, 4), 0)); // 80 GiB in MiB
    assertEquals(
        0xFFFFFFFFL,
        SysIdData.decodeUnsigned(new byte[] {-1, -1, -1, -1}),
        "unsigned, not negative");
  }

  @Test
  void malformedFieldsAreRejected() {
    assertThrows(
        IllegalArgumentException.class,
        () -> SysIdData.decodeString(new byte[] {'A', (byte) 0xFF, 0}));
    assertThrows(
        IllegalArgumentException.class, () -> SysIdData.decodeString(new byte[] {'A', 0x07, 0}));
    assertThrows(
        IllegalArgumentException.class, () -> SysIdData.encodeString("12345678901234567", 16));
    assertThrows(IllegalArgumentException.class, () -> SysIdData.encodeString("Grafikkarte ä", 24));
    assertThrows(IllegalArgumentException.class, () -> SysIdData.encodeUnsigned(0x10000, 2));
    assertThrows(IllegalArgumentException.class, () -> SysIdData.encodeUnsigned(-1, 4));
  }
}
