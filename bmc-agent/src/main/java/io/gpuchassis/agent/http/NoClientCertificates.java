package io.gpuchassis.agent.http;

import java.net.Socket;
import java.security.cert.CertificateException;
import java.security.cert.X509Certificate;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.X509ExtendedTrustManager;

/**
 * The HTTPS server's trust manager: it asks for no client certificate and trusts none. Given to the
 * server so that its TLS library does not build one from the JDK's 144 certificate authorities:
 * Netty loads and parses the JDK's trust store when a server has no trust manager of its own (about
 * 110 ms of CPU at start on a 2-core x86 machine, for certificates a server that never asks for a
 * client certificate never reads).
 */
final class NoClientCertificates extends X509ExtendedTrustManager {

  static final NoClientCertificates TRUST_MANAGER = new NoClientCertificates();

  private static final X509Certificate[] NONE = new X509Certificate[0];

  private NoClientCertificates() {}

  private static void refuse() throws CertificateException {
    throw new CertificateException("this service accepts no client certificate");
  }

  @Override
  public void checkClientTrusted(X509Certificate[] chain, String authType)
      throws CertificateException {
    refuse();
  }

  @Override
  public void checkClientTrusted(X509Certificate[] chain, String authType, Socket socket)
      throws CertificateException {
    refuse();
  }

  @Override
  public void checkClientTrusted(X509Certificate[] chain, String authType, SSLEngine engine)
      throws CertificateException {
    refuse();
  }

  @Override
  public void checkServerTrusted(X509Certificate[] chain, String authType)
      throws CertificateException {
    refuse();
  }

  @Override
  public void checkServerTrusted(X509Certificate[] chain, String authType, Socket socket)
      throws CertificateException {
    refuse();
  }

  @Override
  public void checkServerTrusted(X509Certificate[] chain, String authType, SSLEngine engine)
      throws CertificateException {
    refuse();
  }

  @Override
  public X509Certificate[] getAcceptedIssuers() {
    return NONE.clone();
  }
}
