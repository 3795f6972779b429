//! The local API's port speaks plain HTTP and TLS: aws-amplify derives the
//! real-time endpoint from the GraphQL URL and always uses `wss://`, even
//! for an `http://` endpoint, so the same host and port must take both. The
//! first byte of a connection tells them apart (a TLS handshake starts
//! with 0x16). The certificate is made for the run, for 127.0.0.1 and
//! localhost; its PEM is written where the README says, for a browser to trust.
use axum::Router;
use hyper_util::rt::{TokioExecutor, TokioIo};
use hyper_util::server::conn::auto::Builder;
use hyper_util::service::TowerToHyperService;
use std::future::Future;
use std::path::Path;
use std::sync::Arc;
use tokio::net::TcpListener;
use tokio_rustls::rustls::pki_types::{CertificateDer, PrivateKeyDer, PrivatePkcs8KeyDer};
use tokio_rustls::rustls::ServerConfig;
use tokio_rustls::TlsAcceptor;

/// The first byte of a TLS ClientHello record.
const TLS_HANDSHAKE: u8 = 0x16;

/// A certificate for this run, written as PEM to `pem_out`; the acceptor serving it, and the certificate.
pub fn acceptor(pem_out: Option<&Path>) -> Result<(TlsAcceptor, CertificateDer<'static>), String> {
    let _ = tokio_rustls::rustls::crypto::ring::default_provider().install_default();
    let made = rcgen::generate_simple_self_signed(vec!["127.0.0.1".to_string(), "localhost".to_string()])
        .map_err(|e| e.to_string())?;
    if let Some(path) = pem_out {
        std::fs::write(path, made.cert.pem()).map_err(|e| format!("{}: {e}", path.display()))?;
    }
    let cert = CertificateDer::from(made.cert.der().to_vec());
    let key = PrivateKeyDer::Pkcs8(PrivatePkcs8KeyDer::from(made.key_pair.serialize_der()));
    let config = ServerConfig::builder()
        .with_no_client_auth()
        .with_single_cert(vec![cert.clone()], key)
        .map_err(|e| e.to_string())?;
    Ok((TlsAcceptor::from(Arc::new(config)), cert))
}

/// Serves `app` on `listener`, over TLS or not by each connection's first byte, until `shutdown`.
pub async fn serve(listener: TcpListener, app: Router, tls: TlsAcceptor, shutdown: impl Future<Output = ()>) {
    tokio::pin!(shutdown);
    loop {
        let (tcp, _) = tokio::select! {
            accepted = listener.accept() => match accepted {
                Ok(a) => a,
                Err(e) => { tracing::warn!(error = %e, "accept failed"); continue; }
            },
            _ = &mut shutdown => return,
        };
        let app = app.clone();
        let tls = tls.clone();
        tokio::spawn(async move {
            let mut first = [0u8; 1];
            let service = TowerToHyperService::new(app);
            let builder = Builder::new(TokioExecutor::new());
            let served = match tcp.peek(&mut first).await {
                Ok(1) if first[0] == TLS_HANDSHAKE => match tls.accept(tcp).await {
                    Ok(stream) => builder.serve_connection_with_upgrades(TokioIo::new(stream), service).await,
                    Err(e) => {
                        tracing::debug!(error = %e, "TLS handshake failed");
                        return;
                    }
                },
                Ok(_) => builder.serve_connection_with_upgrades(TokioIo::new(tcp), service).await,
                Err(_) => return,
            };
            if let Err(e) = served {
                tracing::debug!(error = %e, "connection ended");
            }
        });
    }
}
