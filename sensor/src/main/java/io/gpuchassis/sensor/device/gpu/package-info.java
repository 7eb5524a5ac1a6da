/**
 * The GPU's SMBus post-box (NVIDIA SMBPBI): a command register and a data register on the GPU's
 * SMBus slave through which the chassis asks for temperature, power and identity ({@link
 * io.gpuchassis.sensor.device.gpu.GpuIdentity}, GET_SYS_ID_DATA) without involving the host.
 */
package io.gpuchassis.sensor.device.gpu;
