//! Structured logs: one JSON object a line, as CloudWatch Logs Insights reads
//! them. Every invocation runs in a span carrying its request id, function
//! and caller, and ends with one `invocation` line giving its duration and
//! outcome. Tokens and secrets are never logged: only the caller's `sub`.
use crate::{registry::FunctionSpec, ApiError, Deps, Input, Trigger};
use serde_json::Value;
use std::time::Instant;
use tracing::Instrument;
use tracing_subscriber::fmt::MakeWriter;

/// The JSON line format, writing to `writer`.
pub fn subscriber<W>(writer: W) -> impl tracing::Subscriber + Send + Sync
where
    W: for<'a> MakeWriter<'a> + Send + Sync + 'static,
{
    use tracing_subscriber::layer::SubscriberExt;
    let lines = tracing_subscriber::fmt::layer()
        .json()
        .flatten_event(true)
        .with_current_span(true)
        .with_span_list(false)
        .with_target(false)
        .with_writer(writer);
    tracing_subscriber::registry().with(lines).with(filter(std::env::var("RUST_LOG").ok().as_deref()))
}

/// `RUST_LOG` as `level` or `target=level,...` (`info` when unset or unreadable).
/// `Targets`, not `EnvFilter`: the latter brings a regex engine into the
/// Lambda binary's release build (issue 41) for span-field filters no function uses.
fn filter(directives: Option<&str>) -> tracing_subscriber::filter::Targets {
    use tracing_subscriber::filter::{LevelFilter, Targets};
    directives.and_then(|d| d.parse::<Targets>().ok()).unwrap_or_else(|| Targets::new().with_default(LevelFilter::INFO))
}

/// Installs the JSON format for the process (a Lambda function, the local API).
pub fn init() {
    let _ = tracing::subscriber::set_global_default(subscriber(std::io::stdout));
}

/// Invokes a function (gate, bounds, handler) inside its span and logs the outcome.
pub async fn invoke(
    spec: &'static FunctionSpec,
    deps: &'static Deps,
    input: Input,
    request_id: &str,
) -> Result<Value, ApiError> {
    let caller_sub = input.caller.as_ref().map(|c| c.sub.clone()).unwrap_or_default();
    let span =
        tracing::info_span!("invocation", requestId = %request_id, function = spec.name, callerSub = %caller_sub);
    async move {
        let started = Instant::now();
        let before = deps.usage.invoked();
        let result = spec.invoke(deps, input).await;
        deps.usage.finished(started.elapsed());
        let duration_ms = started.elapsed().as_secs_f64() * 1000.0;
        let duration_ms = (duration_ms * 100.0).round() / 100.0;
        // What the invocation cost (exact on Lambda, one invocation at a time per container).
        let used = deps.usage.totals().since(&before);
        let (aws_calls, read_units, write_units) = (used.call_count(), used.read_units, used.write_units);
        if let Trigger::Http { method, path } = spec.trigger {
            // The spec's analytics event of every REST call (3-planning §1): route and user, by
            // `sub` — never an e-mail, a token or a body. A metric filter on `analytics` counts them.
            let status = result.as_ref().map(|_| 200).unwrap_or_else(ApiError::status);
            tracing::info!(analytics = "api_call", route = %format!("{method} {path}"), userSub = %caller_sub, status, "analytics");
        }
        match &result {
            Ok(_) => tracing::info!(durationMs = duration_ms, awsCalls = aws_calls, readUnits = read_units, writeUnits = write_units, outcome = "ok", "invocation"),
            // 4xx messages are written for the user and safe to log; 5xx details were logged where they arose.
            Err(e) => tracing::info!(durationMs = duration_ms, awsCalls = aws_calls, readUnits = read_units, writeUnits = write_units, outcome = e.error_type(), status = e.status(), error = %redact_emails(&e.to_string()), "invocation"),
        }
        result
    }
    .instrument(span)
    .await
}

/// Text for the logs with every e-mail address replaced: user-facing messages
/// may name who changed a record, logs never do (only `sub`s).
pub fn redact_emails(text: &str) -> String {
    text.split(' ').map(|word| if word.contains('@') { "[e-mail]" } else { word }).collect::<Vec<_>>().join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Caller, Grant, Needs, Permission, Trigger};
    use std::sync::{Arc, Mutex};

    #[test]
    fn rust_log_names_a_level_or_targets_and_unset_means_info() {
        use tracing::Level;
        let on = |directives: Option<&str>, target: &str, level: Level| filter(directives).would_enable(target, &level);
        assert!(on(None, "fleet_shared", Level::INFO));
        assert!(!on(None, "fleet_shared", Level::DEBUG));
        assert!(!on(Some("warn"), "fleet_shared", Level::INFO));
        assert!(on(Some("warn"), "fleet_shared", Level::ERROR));
        assert!(on(Some("info,fn_stocking=debug"), "fn_stocking::board", Level::DEBUG));
        assert!(!on(Some("info,fn_stocking=debug"), "fleet_shared", Level::DEBUG));
    }

    #[derive(Clone, Default)]
    struct Buffer(Arc<Mutex<Vec<u8>>>);
    impl std::io::Write for Buffer {
        fn write(&mut self, b: &[u8]) -> std::io::Result<usize> {
            self.0.lock().unwrap().extend_from_slice(b);
            Ok(b.len())
        }
        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }
    impl<'a> MakeWriter<'a> for Buffer {
        type Writer = Buffer;
        fn make_writer(&'a self) -> Buffer {
            self.clone()
        }
    }

    async fn refuse(_: &'static Deps, _: Input) -> Result<Value, ApiError> {
        Err(ApiError::bad_request("zipCode cannot be empty"))
    }
    static SPEC: FunctionSpec = FunctionSpec {
        name: "create_location",
        trigger: Trigger::Mutation("createLocation"),
        permission: Permission::SignedIn,
        grants: &[],
        handler: crate::handler!(refuse),
    };

    #[test]
    fn each_invocation_logs_one_json_line_with_its_context_and_no_token() {
        let buffer = Buffer::default();
        let needs = Needs::default();
        let sdk = aws_config::SdkConfig::builder().behavior_version(aws_config::BehaviorVersion::latest()).build();
        let deps = Deps::build(crate::Config::default(), &needs, &sdk);
        let caller = Caller {
            sub: "sub-1".into(),
            username: "sub-1".into(),
            email: "ops@x.co".into(),
            email_verified: true,
            name: None,
        };
        let input = Input { caller: Some(caller), args: serde_json::json!({"input": "{}"}), ..Default::default() };
        let rt = tokio::runtime::Builder::new_current_thread().build().unwrap();
        tracing::subscriber::with_default(subscriber(buffer.clone()), || {
            rt.block_on(invoke(&SPEC, deps, input, "req-42")).unwrap_err();
        });
        let text = String::from_utf8(buffer.0.lock().unwrap().clone()).unwrap();
        let line: Value = serde_json::from_str(text.lines().last().unwrap()).unwrap();
        assert_eq!(line["message"], "invocation");
        assert_eq!(line["outcome"], "BadRequest");
        assert_eq!(line["status"], 400);
        assert!(line["durationMs"].as_f64().is_some());
        assert_eq!(line["span"]["requestId"], "req-42");
        assert_eq!(line["span"]["function"], "create_location");
        assert_eq!(line["span"]["callerSub"], "sub-1");
        assert!(!text.contains("ops@x.co") && !text.to_lowercase().contains("authorization"));
        assert!(!text.contains("\"analytics\""), "a GraphQL call is not a REST call");
        assert_eq!(
            redact_emails("This location was changed by ops@x.co at 10:00."),
            "This location was changed by [e-mail] at 10:00."
        );
    }

    async fn changed_meanwhile(_: &'static Deps, _: Input) -> Result<Value, ApiError> {
        Err(ApiError::Conflict("This location was changed by boss@x.co at 10:00. Reload to see the change.".into()))
    }
    static CONFLICTING: FunctionSpec =
        FunctionSpec { name: "update_location", handler: crate::handler!(changed_meanwhile), ..REST_TEMPLATE };
    const REST_TEMPLATE: FunctionSpec = FunctionSpec {
        name: "",
        trigger: Trigger::Mutation("updateLocation"),
        permission: Permission::SignedIn,
        grants: &[],
        handler: crate::handler!(refuse),
    };

    #[test]
    fn a_conflict_naming_an_email_reaches_the_user_but_not_the_log() {
        let buffer = Buffer::default();
        let sdk = aws_config::SdkConfig::builder().behavior_version(aws_config::BehaviorVersion::latest()).build();
        let deps = Deps::build(crate::Config::default(), &Needs::default(), &sdk);
        let caller = Caller {
            sub: "sub-1".into(),
            username: "sub-1".into(),
            email: "ops@x.co".into(),
            email_verified: true,
            name: None,
        };
        let rt = tokio::runtime::Builder::new_current_thread().build().unwrap();
        let err = tracing::subscriber::with_default(subscriber(buffer.clone()), || {
            rt.block_on(invoke(&CONFLICTING, deps, Input { caller: Some(caller), ..Default::default() }, "r"))
                .unwrap_err()
        });
        assert!(err.to_string().contains("boss@x.co"));
        let text = String::from_utf8(buffer.0.lock().unwrap().clone()).unwrap();
        assert!(text.contains("changed by [e-mail] at") && !text.contains("boss@x.co"), "{text}");
    }

    static REST: FunctionSpec = FunctionSpec {
        name: "pars_archive",
        trigger: Trigger::Http { method: "POST", path: "/pars/archive" },
        permission: Permission::SignedIn,
        grants: &[],
        handler: crate::handler!(refuse),
    };

    #[test]
    fn each_rest_call_records_one_analytics_event_with_its_route_and_user_and_nothing_else() {
        let buffer = Buffer::default();
        let sdk = aws_config::SdkConfig::builder().behavior_version(aws_config::BehaviorVersion::latest()).build();
        let deps = Deps::build(crate::Config::default(), &Needs::default(), &sdk);
        let caller = Caller {
            sub: "sub-9".into(),
            username: "sub-9".into(),
            email: "ops@x.co".into(),
            email_verified: true,
            name: None,
        };
        let input =
            Input { caller: Some(caller), args: serde_json::json!({"csv": "secret,body"}), ..Default::default() };
        let rt = tokio::runtime::Builder::new_current_thread().build().unwrap();
        tracing::subscriber::with_default(subscriber(buffer.clone()), || {
            rt.block_on(invoke(&REST, deps, input, "req-7")).unwrap_err();
        });
        let text = String::from_utf8(buffer.0.lock().unwrap().clone()).unwrap();
        let events: Vec<Value> = text
            .lines()
            .map(|l| serde_json::from_str::<Value>(l).unwrap())
            .filter(|l| l["analytics"] == "api_call")
            .collect();
        assert_eq!(events.len(), 1);
        assert_eq!(
            (events[0]["route"].as_str(), events[0]["userSub"].as_str(), events[0]["status"].as_u64()),
            (Some("POST /pars/archive"), Some("sub-9"), Some(400))
        );
        assert!(!text.contains("ops@x.co") && !text.contains("secret,body"));
        let _ = Grant::ListUsers; // the gate's grants are covered in registry tests
    }
}
