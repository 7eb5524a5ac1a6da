package io.gpuchassis.agent.tls;

import java.nio.file.Path;

/** The PEM certificate chain and private key the HTTPS server presents. */
public record TlsMaterial(Path certificate, Path privateKey, boolean generated) {}
