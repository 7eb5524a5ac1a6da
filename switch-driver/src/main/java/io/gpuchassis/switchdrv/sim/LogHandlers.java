package io.gpuchassis.switchdrv.sim;

import io.gpuchassis.switchdrv.Generation;
import io.gpuchassis.switchdrv.mrpc.FirmwareErrors;
import io.gpuchassis.switchdrv.wire.LeWriter;
import java.util.List;

/**
 * FWLOGRD 0x06, the application log read that {@code switchtec log-dump} uses (switchtec-user
 * lib/switchtec.c log_a_to_file, inc/switchtec/log.h struct log_a_retr and log_a_retr_result).
 * Input {sub_cmd u8, from_end u8, rsvd[6], count u32, rsvd u32, start u32} with start -1 for the
 * oldest entry; output a 32-byte header {sub_cmd u8, from_end u8, overflow u8, rsvd u8, total u32,
 * count u32, remain u32, next_start u32, sdk_version u32, fw_version u32, rsvd u32} and up to 31
 * entries of 32 bytes. Sub-commands by generation: RAM 11 and flash 12 on Gen5/Gen6, RAM 13 and
 * flash 14 ("with flag") or the legacy 0 and 1 on Gen4, 0 and 1 on Gen3. The flash log of a
 * simulated chip is empty (no fatal error was ever dumped); the crash-dump sub-commands (memlog,
 * registers, stacks, threads, NVLog header) answer "invalid sub-command".
 */
final class LogHandlers {

  static final int SUB_RAM = 0;
  static final int SUB_FLASH = 1;
  static final int SUB_RAM_GEN5 = 11;
  static final int SUB_FLASH_GEN5 = 12;
  static final int SUB_RAM_WITH_FLAG = 13;
  static final int SUB_FLASH_WITH_FLAG = 14;
  static final int HEADER = 32;
  static final int ENTRY = 32;
  static final int MAX_ENTRIES = (1024 - HEADER) / ENTRY;

  /** The SDK version the simulated firmware reports in the log header (Gen5 and later). */
  static final int SDK_VERSION = 0x00050100;

  private LogHandlers() {}

  static MrpcOutcome handle(ChipState c, byte[] p) {
    int sub = p[0] & 0xFF;
    Generation g = c.sw.generation();
    boolean gen5 = g == Generation.GEN5 || g == Generation.GEN6;
    boolean ram;
    if (gen5 && (sub == SUB_RAM_GEN5 || sub == SUB_FLASH_GEN5)) {
      ram = sub == SUB_RAM_GEN5;
    } else if (g == Generation.GEN4 && (sub == SUB_RAM_WITH_FLAG || sub == SUB_FLASH_WITH_FLAG)) {
      ram = sub == SUB_RAM_WITH_FLAG;
    } else if (!gen5 && (sub == SUB_RAM || sub == SUB_FLASH)) {
      ram = sub == SUB_RAM;
    } else {
      return MrpcOutcome.error(FirmwareErrors.ERR_INVALID_SUBCMD);
    }
    List<int[]> entries = ram ? c.log.entries() : List.of();
    int wanted = LeWriter.getI32(p, 8);
    int start = LeWriter.getI32(p, 16);
    int first = start == -1 ? 0 : start;
    if (first < 0 || first > entries.size()) {
      return MrpcOutcome.error(FirmwareErrors.ERR_INVALID_PARAM);
    }
    int n = Math.min(MAX_ENTRIES, entries.size() - first);
    if (wanted > 0) {
      n = Math.min(n, wanted);
    }
    LeWriter w =
        new LeWriter()
            .u8(sub)
            .u8(p[1] & 0xFF)
            .u8(0) // overflow: the ring has not wrapped since it was read
            .u8(0)
            .u32(entries.size())
            .u32(n)
            .u32(entries.size() - first - n)
            .u32(first + n)
            .u32(gen5 ? SDK_VERSION : 0)
            .u32(gen5 ? c.runningImageVersion() : 0)
            .u32(0);
    for (int i = first; i < first + n; i++) {
      for (int v : entries.get(i)) {
        w.u32(v & 0xFFFFFFFFL);
      }
    }
    return MrpcOutcome.ok(w.toBytes());
  }
}
