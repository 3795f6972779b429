//! `fleet-local serve`: the local API, configured by the stack's environment
//! (.local/stack.env, written by scripts/local/provision.py).
use crate::{auth::Verifier, graphql, queues, server, wiring::Wiring};
use std::{process::ExitCode, sync::Arc};

#[derive(clap::Subcommand)]
pub enum Command {
    /// The local API (GraphQL on /graphql, REST on /prod), with the scheduler and the queue pollers.
    Serve {
        #[arg(long, env = "LOCAL_API_PORT", default_value_t = 4000)]
        port: u16,
        #[arg(long, env = "JWKS_URL")]
        jwks_url: String,
        #[arg(long, env = "TOKEN_ISSUER")]
        token_issuer: String,
        #[arg(long, env = "USER_POOL_CLIENT_ID")]
        user_pool_client_id: String,
    },
}

impl Command {
    pub async fn run(self) -> ExitCode {
        let Command::Serve { port, jwks_url, token_issuer, user_pool_client_id } = self;
        let wiring = Wiring::from_env().await.expect("configuration");
        let sdl = std::fs::read_to_string("infra/schema.graphql").expect("run from the repository root");
        let schema = graphql::load_schema(&sdl).expect("infra/schema.graphql is valid");
        let verifier = Verifier::fetch(&jwks_url, &token_issuer, &user_pool_client_id).expect("JWKS of the user pool");
        server::scheduler_loop(wiring).await;
        queues::queue_loops(wiring).await;
        crate::streams::stream_loops(wiring).await;
        let signing_key = crate::sigv4::Key::from_env();
        let state = Arc::new(server::AppState { wiring, schema, verifier, hub: Default::default(), signing_key });
        // CORS allows the web app's origin alone (stack.env, from the provisioner's --web-url).
        let origin = std::env::var(server::WEB_ORIGIN_VAR).ok();
        if origin.is_none() {
            tracing::warn!("{} is not set: no browser origin may call the local API", server::WEB_ORIGIN_VAR);
        }
        let listener = tokio::net::TcpListener::bind(("127.0.0.1", port)).await.expect("bind local API port");
        // The real-time endpoint's certificate, for a browser to trust (README).
        let pem = std::env::var("REALTIME_CERT_PEM").ok().map(std::path::PathBuf::from);
        let (tls, _) = crate::listener::acceptor(pem.as_deref()).expect("a certificate for the real-time endpoint");
        tracing::info!("local API on http://127.0.0.1:{port} (GraphQL /graphql, REST /prod; real-time wss://127.0.0.1:{port}/graphql/realtime)");
        let shutdown = async {
            let _ = tokio::signal::ctrl_c().await;
        };
        crate::listener::serve(listener, server::router_for(state, origin.as_deref()), tls, shutdown).await;
        ExitCode::SUCCESS
    }
}
