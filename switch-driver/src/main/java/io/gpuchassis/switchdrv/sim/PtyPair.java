package io.gpuchassis.switchdrv.sim;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

/**
 * A pseudo-terminal pair made by {@code socat -d -d pty,raw,echo=0,link=A pty,raw,echo=0,link=B}:
 * bytes written to one end are read at the other, like a null-modem cable. The simulator serves
 * its console on {@link #devicePath()}; the driver opens {@link #hostPath()}. {@link #close()}
 * stops the socat process this object started.
 */
public final class PtyPair implements AutoCloseable {

    private final Process socat;
    private final Path dir;
    private final Path host;
    private final Path device;

    private PtyPair(Process socat, Path dir, Path host, Path device) {
        this.socat = socat;
        this.dir = dir;
        this.host = host;
        this.device = device;
    }

    /** Whether an executable {@code socat} is on the PATH. */
    public static boolean socatAvailable() {
        String path = System.getenv("PATH");
        if (path == null) {
            return false;
        }
        for (String d : path.split(File.pathSeparator)) {
            if (Files.isExecutable(Path.of(d, "socat"))) {
                return true;
            }
        }
        return false;
    }

    /** Starts socat and waits (up to 5 s) until both pty links exist. */
    public static PtyPair create() throws IOException {
        Path dir = Files.createTempDirectory("switch-pty");
        Path host = dir.resolve("host");
        Path device = dir.resolve("device");
        Process p = new ProcessBuilder("socat", "-d", "-d", "pty,raw,echo=0,link=" + host,
                "pty,raw,echo=0,link=" + device).redirectErrorStream(true).redirectOutput(
                        ProcessBuilder.Redirect.DISCARD).start();
        long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
        while (!(Files.exists(host) && Files.exists(device))) {
            if (!p.isAlive() || System.nanoTime() > end) {
                p.destroyForcibly();
                throw new IOException("socat did not create the pty pair");
            }
            try {
                Thread.sleep(5);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                p.destroyForcibly();
                throw new IOException("interrupted");
            }
        }
        return new PtyPair(p, dir, host, device);
    }

    /** The end the driver opens. */
    public String hostPath() {
        return host.toString();
    }

    /** The end the simulator serves its console on. */
    public String devicePath() {
        return device.toString();
    }

    @Override
    public void close() {
        socat.destroy();
        try {
            if (!socat.waitFor(2, TimeUnit.SECONDS)) {
                socat.destroyForcibly();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        try {
            Files.deleteIfExists(host);
            Files.deleteIfExists(device);
            Files.deleteIfExists(dir);
        } catch (IOException ignored) {
            // temp files; best effort
        }
    }
}
