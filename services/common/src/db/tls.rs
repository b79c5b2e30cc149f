//! TLS to PostgreSQL on rustls (ring provider), with libpq's `sslmode` semantics: the
//! driver negotiates TLS and hands the socket to [`MakeRustls`]; what the server's
//! certificate is checked for comes from [`Verify`].

use std::fmt;
use std::future::Future;
use std::io;
use std::pin::Pin;
use std::sync::Arc;
use std::task::{Context, Poll};

use rustls::client::danger::{HandshakeSignatureValid, ServerCertVerified, ServerCertVerifier};
use rustls::crypto::WebPkiSupportedAlgorithms;
use rustls::pki_types::pem::PemObject;
use rustls::pki_types::{CertificateDer, ServerName, UnixTime};
use rustls::{
    CertificateError, ClientConfig, DigitallySignedStruct, RootCertStore, SignatureScheme,
};
use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio_postgres::tls::{ChannelBinding, MakeTlsConnect, TlsConnect};

use super::conninfo::{ConnInfo, RootCert, Verify};

/// The TLS side of one database URL, built once per pool: the CA file is read here, so
/// a missing or unreadable one stops the service at start rather than at each connect.
#[derive(Clone)]
pub struct MakeRustls {
    config: Arc<ClientConfig>,
    rootcert: Option<RootCert>,
}

impl MakeRustls {
    pub fn new(info: &ConnInfo) -> Result<Self, String> {
        let provider = Arc::new(rustls::crypto::ring::default_provider());
        let verify = info.verify();
        let roots = match (&info.rootcert, verify) {
            (_, Verify::Nothing) | (None, _) => RootCertStore::empty(),
            (Some(RootCert::File(path)), _) => roots_from_file(path)?,
            (Some(RootCert::System), _) => system_roots()?,
        };
        let verifier = Verifier {
            verify,
            roots: Arc::new(roots),
            algorithms: provider.signature_verification_algorithms,
        };
        let mut config = ClientConfig::builder_with_provider(provider)
            .with_safe_default_protocol_versions()
            .map_err(|e| format!("TLS set-up: {e}"))?
            .dangerous()
            .with_custom_certificate_verifier(Arc::new(verifier))
            .with_no_client_auth();
        // PostgreSQL 17 checks the ALPN name when a client offers one; older servers
        // ignore it.
        config.alpn_protocols = vec![b"postgresql".to_vec()];
        Ok(Self {
            config: Arc::new(config),
            rootcert: info.rootcert.clone(),
        })
    }
}

fn roots_from_file(path: &str) -> Result<RootCertStore, String> {
    let mut roots = RootCertStore::empty();
    let certs =
        CertificateDer::pem_file_iter(path).map_err(|e| format!("sslrootcert {path}: {e}"))?;
    for cert in certs {
        let cert = cert.map_err(|e| format!("sslrootcert {path}: {e}"))?;
        roots
            .add(cert)
            .map_err(|e| format!("sslrootcert {path}: {e}"))?;
    }
    if roots.is_empty() {
        return Err(format!("sslrootcert {path} holds no certificate"));
    }
    Ok(roots)
}

fn system_roots() -> Result<RootCertStore, String> {
    let found = rustls_native_certs::load_native_certs();
    let mut roots = RootCertStore::empty();
    roots.add_parsable_certificates(found.certs);
    if roots.is_empty() {
        let why = found.errors.first().map(ToString::to_string);
        return Err(format!(
            "sslrootcert=system: no trusted root certificate found on this machine{}",
            why.map(|w| format!(" ({w})")).unwrap_or_default()
        ));
    }
    Ok(roots)
}

/// Checks the server's certificate as far as the `sslmode` asks; the handshake's
/// signatures are always checked, so the key exchange is with the certificate's owner.
#[derive(Debug)]
struct Verifier {
    verify: Verify,
    roots: Arc<RootCertStore>,
    algorithms: WebPkiSupportedAlgorithms,
}

impl ServerCertVerifier for Verifier {
    fn verify_server_cert(
        &self,
        end_entity: &CertificateDer<'_>,
        intermediates: &[CertificateDer<'_>],
        server_name: &ServerName<'_>,
        _ocsp_response: &[u8],
        now: UnixTime,
    ) -> Result<ServerCertVerified, rustls::Error> {
        if self.verify == Verify::Nothing {
            return Ok(ServerCertVerified::assertion());
        }
        let cert = rustls::server::ParsedCertificate::try_from(end_entity)?;
        rustls::client::verify_server_cert_signed_by_trust_anchor(
            &cert,
            &self.roots,
            intermediates,
            now,
            self.algorithms.all,
        )?;
        if self.verify == Verify::ChainAndHost {
            rustls::client::verify_server_name(&cert, server_name)?;
        }
        Ok(ServerCertVerified::assertion())
    }

    fn verify_tls12_signature(
        &self,
        message: &[u8],
        cert: &CertificateDer<'_>,
        dss: &DigitallySignedStruct,
    ) -> Result<HandshakeSignatureValid, rustls::Error> {
        rustls::crypto::verify_tls12_signature(message, cert, dss, &self.algorithms)
    }

    fn verify_tls13_signature(
        &self,
        message: &[u8],
        cert: &CertificateDer<'_>,
        dss: &DigitallySignedStruct,
    ) -> Result<HandshakeSignatureValid, rustls::Error> {
        rustls::crypto::verify_tls13_signature(message, cert, dss, &self.algorithms)
    }

    fn supported_verify_schemes(&self) -> Vec<SignatureScheme> {
        self.algorithms.supported_schemes()
    }
}

/// A refused handshake, said in the terms of the URL's parameters.
#[derive(Debug)]
pub struct TlsError(String);

impl fmt::Display for TlsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for TlsError {}

fn explain(error: io::Error, host: &str, rootcert: Option<&RootCert>) -> TlsError {
    let ca = match rootcert {
        Some(RootCert::System) => "a root this machine trusts (sslrootcert=system)",
        _ => "the CA in sslrootcert",
    };
    let certificate = error
        .get_ref()
        .and_then(|e| e.downcast_ref::<rustls::Error>())
        .and_then(|e| match e {
            rustls::Error::InvalidCertificate(c) => Some(c),
            _ => None,
        });
    TlsError(match certificate {
        Some(CertificateError::UnknownIssuer | CertificateError::BadSignature) => {
            format!("the server's certificate is not signed by {ca}")
        }
        Some(
            CertificateError::NotValidForName | CertificateError::NotValidForNameContext { .. },
        ) => {
            format!(
                "host name mismatch: the server's certificate is not issued for '{host}' \
                 (sslmode=verify-full)"
            )
        }
        Some(CertificateError::Expired | CertificateError::ExpiredContext { .. }) => {
            "the server's certificate has expired".to_owned()
        }
        Some(CertificateError::NotValidYet | CertificateError::NotValidYetContext { .. }) => {
            "the server's certificate is not valid yet".to_owned()
        }
        Some(other) => format!("the server's certificate is refused: {other}"),
        None => format!("TLS handshake failed: {error}"),
    })
}

impl MakeTlsConnect<tokio_postgres::Socket> for MakeRustls {
    type Stream = RustlsStream<tokio_postgres::Socket>;
    type TlsConnect = RustlsConnect;
    type Error = TlsError;

    fn make_tls_connect(&mut self, host: &str) -> Result<RustlsConnect, TlsError> {
        // A host given by address is checked against the certificate's IP entries.
        let server_name = ServerName::try_from(host)
            .map_err(|_| TlsError(format!("'{host}' is not a valid host name for TLS")))?
            .to_owned();
        Ok(RustlsConnect {
            connector: tokio_rustls::TlsConnector::from(self.config.clone()),
            server_name,
            rootcert: self.rootcert.clone(),
        })
    }
}

pub struct RustlsConnect {
    connector: tokio_rustls::TlsConnector,
    server_name: ServerName<'static>,
    rootcert: Option<RootCert>,
}

type Connecting<S> = Pin<Box<dyn Future<Output = Result<RustlsStream<S>, TlsError>> + Send>>;

impl<S> TlsConnect<S> for RustlsConnect
where
    S: AsyncRead + AsyncWrite + Unpin + Send + 'static,
{
    type Stream = RustlsStream<S>;
    type Error = TlsError;
    type Future = Connecting<S>;

    fn connect(self, stream: S) -> Self::Future {
        Box::pin(async move {
            let host = self.server_name.to_str().into_owned();
            self.connector
                .connect(self.server_name, stream)
                .await
                .map(RustlsStream)
                .map_err(|e| explain(e, &host, self.rootcert.as_ref()))
        })
    }
}

/// The encrypted socket. No channel binding is offered: SCRAM then runs without it,
/// as with libpq's `channel_binding=prefer` when the server's certificate hash is not
/// known.
pub struct RustlsStream<S>(tokio_rustls::client::TlsStream<S>);

impl<S: AsyncRead + AsyncWrite + Unpin> tokio_postgres::tls::TlsStream for RustlsStream<S> {
    fn channel_binding(&self) -> ChannelBinding {
        ChannelBinding::none()
    }
}

impl<S: AsyncRead + AsyncWrite + Unpin> AsyncRead for RustlsStream<S> {
    fn poll_read(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        Pin::new(&mut self.0).poll_read(cx, buf)
    }
}

impl<S: AsyncRead + AsyncWrite + Unpin> AsyncWrite for RustlsStream<S> {
    fn poll_write(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<io::Result<usize>> {
        Pin::new(&mut self.0).poll_write(cx, buf)
    }

    fn poll_flush(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.0).poll_flush(cx)
    }

    fn poll_shutdown(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.0).poll_shutdown(cx)
    }

    fn poll_write_vectored(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        bufs: &[io::IoSlice<'_>],
    ) -> Poll<io::Result<usize>> {
        Pin::new(&mut self.0).poll_write_vectored(cx, bufs)
    }

    fn is_write_vectored(&self) -> bool {
        self.0.is_write_vectored()
    }
}
