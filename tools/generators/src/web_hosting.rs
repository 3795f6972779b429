//! The web app's security headers on AWS: CloudFront's response headers policy
//! (`WebSecurityHeadersPolicy`), rendered from `infra/security-headers.json`,
//! the one list of them; the local `vite preview` sends the same list
//! (web/vite.config.ts). The distribution that attaches the policy, its bucket
//! and the rest of the hosting are hand-written in the base template.
use serde_json::{Map, Value};
use std::fmt::Write;

pub const HEADERS_PATH: &str = "infra/security-headers.json";
/// The file's text when the generator was built (cargo rebuilds on a change).
const HEADERS_JSON: &str = include_str!("../../../infra/security-headers.json");
pub const POLICY_ID: &str = "WebSecurityHeadersPolicy";
/// CloudFront's limit on the Content-Security-Policy value.
pub const CSP_MAX_CHARS: usize = 1783;

/// Each CSP placeholder's source on AWS, as `!Sub` text, every one an exact
/// origin of this stack. Empty: none, as 'self' covers it: the distribution
/// serves the HTTP API's stage under /prod/* on the app's own origin. The
/// presigned buckets by the names the stack gives them
/// (`template::stack_named_bucket`): their CORS names the distribution, which
/// attaches this policy, so a `Ref` to them here would be a cycle.
pub const AWS_SOURCES: &[(&str, &str)] = &[
    ("{api}", ""),
    ("{graphql}", "https://${GraphQLApi.GraphQLDns}"),
    ("{realtime}", "wss://${GraphQLApi.RealtimeDns}"),
    ("{cognito}", "https://cognito-idp.${AWS::Region}.${AWS::URLSuffix}"),
    (
        "{s3}",
        "https://${AWS::StackName}-${AWS::AccountId}-uploads.s3.${AWS::Region}.${AWS::URLSuffix} https://${AWS::StackName}-${AWS::AccountId}-snapshots.s3.${AWS::Region}.${AWS::URLSuffix}",
    ),
    ("{images}", "https://${ItemImagesBucket.RegionalDomainName}"),
];

/// The headers of the JSON in the file's order (serde_json's maps are sorted):
/// `headers` as (name, value), the CSP as (directive, sources) with its
/// placeholders as they are, and the declared placeholders.
#[derive(Debug, PartialEq)]
pub struct SecurityHeaders {
    pub headers: Vec<(String, String)>,
    pub csp: Vec<(String, Vec<String>)>,
    pub placeholders: Vec<String>,
}

fn in_file_order<'a>(json: &str, map: &'a Map<String, Value>) -> Vec<(&'a String, &'a Value)> {
    let mut entries: Vec<_> = map.iter().collect();
    entries.sort_by_key(|(k, _)| json.find(&format!("\"{k}\"")).unwrap_or(usize::MAX));
    entries
}

pub fn parse(json: &str) -> SecurityHeaders {
    let v: Value = serde_json::from_str(json).unwrap_or_else(|e| panic!("{HEADERS_PATH}: {e}"));
    let object = |key: &str| v[key].as_object().unwrap_or_else(|| panic!("{HEADERS_PATH}: `{key}` is not an object"));
    let text = |v: &Value| v.as_str().unwrap_or_else(|| panic!("{HEADERS_PATH}: {v} is not a string")).to_string();
    SecurityHeaders {
        headers: in_file_order(json, object("headers")).into_iter().map(|(k, v)| (k.clone(), text(v))).collect(),
        csp: in_file_order(json, object("contentSecurityPolicy"))
            .into_iter()
            .map(|(d, list)| {
                let sources = list.as_array().unwrap_or_else(|| panic!("{HEADERS_PATH}: {d} is not a list"));
                (d.clone(), sources.iter().map(text).collect())
            })
            .collect(),
        placeholders: object("placeholders").keys().cloned().collect(),
    }
}

/// The CSP header value, each placeholder replaced by `fill` (which panics on
/// one it does not know); a placeholder filled with nothing is left out.
pub fn csp_value(spec: &SecurityHeaders, fill: impl Fn(&str) -> String) -> String {
    spec.csp
        .iter()
        .map(|(directive, sources)| {
            let sources = sources
                .iter()
                .map(|s| if spec.placeholders.contains(s) { fill(s) } else { s.clone() })
                .filter(|s| !s.is_empty());
            std::iter::once(directive.clone()).chain(sources).collect::<Vec<_>>().join(" ")
        })
        .collect::<Vec<_>>()
        .join("; ")
}

/// A placeholder's source on AWS.
pub fn aws_source(placeholder: &str) -> String {
    AWS_SOURCES
        .iter()
        .find(|(p, _)| *p == placeholder)
        .map(|(_, s)| s.to_string())
        .unwrap_or_else(|| panic!("{HEADERS_PATH}: placeholder {placeholder} has no AWS source in web_hosting.rs"))
}

/// `max-age=N; includeSubDomains; preload` as (N, includeSubDomains, preload).
pub fn hsts_parts(value: &str) -> (u64, bool, bool) {
    let parts: Vec<&str> = value.split(';').map(str::trim).filter(|p| !p.is_empty()).collect();
    let max_age = parts
        .iter()
        .find_map(|p| p.strip_prefix("max-age="))
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("Strict-Transport-Security without a max-age: {value}"));
    let has = |flag: &str| parts.iter().any(|p| p.eq_ignore_ascii_case(flag));
    (max_age, has("includeSubDomains"), has("preload"))
}

/// The `AWS::CloudFront::ResponseHeadersPolicy` of `json` (a resource of the
/// template's `Resources`, two-space indented, after a blank line, with no
/// newline at its end). The
/// headers CloudFront knows go in its `SecurityHeadersConfig`; any other in
/// `CustomHeadersConfig`. Every one overrides what the origin sends.
pub fn render_policy(json: &str) -> String {
    let spec = parse(json);
    let csp = csp_value(&spec, aws_source);
    assert!(!csp.contains('"') && !csp.contains('\\'), "the CSP is written as a double-quoted YAML scalar");
    let mut security = String::new();
    let _ = write!(
        security,
        "          ContentSecurityPolicy:\n            ContentSecurityPolicy: !Sub \"{csp}\"\n            Override: true\n"
    );
    let mut custom = String::new();
    for (name, value) in &spec.headers {
        match name.to_ascii_lowercase().as_str() {
            "strict-transport-security" => {
                let (max_age, subdomains, preload) = hsts_parts(value);
                let _ = write!(
                    security,
                    "          StrictTransportSecurity:\n            AccessControlMaxAgeSec: {max_age}\n            IncludeSubdomains: {subdomains}\n            Preload: {preload}\n            Override: true\n"
                );
            }
            "x-content-type-options" => {
                assert_eq!(value, "nosniff", "CloudFront sends X-Content-Type-Options: nosniff only");
                security.push_str("          ContentTypeOptions:\n            Override: true\n");
            }
            "x-frame-options" => {
                assert!(["DENY", "SAMEORIGIN"].contains(&value.as_str()), "X-Frame-Options: {value}");
                let _ = write!(
                    security,
                    "          FrameOptions:\n            FrameOption: {value}\n            Override: true\n"
                );
            }
            "referrer-policy" => {
                let _ = write!(
                    security,
                    "          ReferrerPolicy:\n            ReferrerPolicy: {value}\n            Override: true\n"
                );
            }
            "content-security-policy" => panic!("{HEADERS_PATH}: the CSP goes in `contentSecurityPolicy`"),
            _ => {
                let _ = write!(
                    custom,
                    "            - Header: {name}\n              Value: '{}'\n              Override: true\n",
                    value.replace('\'', "''")
                );
            }
        }
    }
    let custom = if custom.is_empty() {
        String::new()
    } else {
        format!("        CustomHeadersConfig:\n          Items:\n{custom}")
    };
    format!(
        "\n\n  # GENERATED from {HEADERS_PATH} (tools/generators/src/web_hosting.rs): the security\n  # headers CloudFront adds to every answer of the web app; `vite preview` sends the same.\n  {POLICY_ID}:\n    Type: AWS::CloudFront::ResponseHeadersPolicy\n    Properties:\n      ResponseHeadersPolicyConfig:\n        Name: !Sub ${{AWS::StackName}}-web-security-headers\n        Comment: The web app's security headers, from {HEADERS_PATH}\n        SecurityHeadersConfig:\n{security}{custom}"
    )
    .trim_end()
    .to_string()
}

/// The policy of the committed `infra/security-headers.json`.
pub fn response_headers_policy() -> String {
    render_policy(HEADERS_JSON)
}

pub const PATHS_PATH: &str = "infra/web-app-paths.js";
const PATHS_JS: &str = include_str!("../../../infra/web-app-paths.js");
pub const PATHS_FUNCTION_ID: &str = "WebAppPathsFunction";

/// The CloudFront Function of `js` (a resource of the template's `Resources`,
/// as `render_policy`'s), published on deploy, the code as a block scalar.
pub fn render_paths_function(js: &str) -> String {
    let code: String =
        js.trim_end().lines().map(|l| if l.is_empty() { "\n".to_string() } else { format!("        {l}\n") }).collect();
    format!(
        "\n\n  # GENERATED from {PATHS_PATH} (tools/generators/src/web_hosting.rs): the distribution\n  # asks its bucket for a client-side route as /index.html.\n  {PATHS_FUNCTION_ID}:\n    Type: AWS::CloudFront::Function\n    Properties:\n      Name: !Sub ${{AWS::StackName}}-web-app-paths\n      AutoPublish: true\n      FunctionConfig:\n        Comment: The web app's client-side routes as /index.html, from {PATHS_PATH}\n        Runtime: cloudfront-js-2.0\n      FunctionCode: |\n{code}"
    )
    .trim_end()
    .to_string()
}

/// The function of the committed `infra/web-app-paths.js`.
pub fn paths_function() -> String {
    render_paths_function(PATHS_JS)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::BTreeMap;
    use std::path::Path;

    fn read(rel: &str) -> String {
        let root = Path::new(env!("CARGO_MANIFEST_DIR")).parent().unwrap().parent().unwrap();
        std::fs::read_to_string(root.join(rel)).unwrap_or_else(|e| panic!("{rel}: {e}"))
    }

    /// The JSON's headers as a browser gets them, the CSP as directive -> sources.
    type Expected = (BTreeMap<String, String>, BTreeMap<String, Vec<String>>);

    /// Read independently of `parse`: straight from serde_json. A placeholder
    /// with no AWS source ('self' covers it) is not in the header.
    fn expected(json: &str) -> Expected {
        let v: Value = serde_json::from_str(json).unwrap();
        let headers = v["headers"].as_object().unwrap().iter().map(|(k, v)| (k.clone(), v.as_str().unwrap().into()));
        let on_aws = |s: &&Value| !s.as_str().unwrap().starts_with('{') || !aws_source(s.as_str().unwrap()).is_empty();
        let csp = v["contentSecurityPolicy"].as_object().unwrap().iter().map(|(d, list)| {
            (
                d.clone(),
                list.as_array().unwrap().iter().filter(on_aws).map(|s| s.as_str().unwrap().to_string()).collect(),
            )
        });
        (headers.collect(), csp.collect())
    }

    /// The one value under `key:` in `block` (the first match), unquoted.
    fn value_of<'a>(block: &'a str, key: &str) -> Option<&'a str> {
        block.lines().find_map(|l| l.trim().strip_prefix(&format!("{key}: ")))
    }

    /// The policy in rendered YAML read back into headers and CSP directives,
    /// each AWS source turned back into its placeholder.
    fn read_back(yaml: &str) -> Expected {
        let start = yaml.find(&format!("\n  {POLICY_ID}:\n")).expect("the policy resource") + 1;
        let rest = &yaml[start..];
        let end = rest
            .lines()
            .skip(1)
            .take_while(|l| l.starts_with("   ") || l.is_empty())
            .map(|l| l.len() + 1)
            .sum::<usize>()
            + rest.lines().next().unwrap().len()
            + 1;
        let block = &rest[..end.min(rest.len())];
        let mut headers = BTreeMap::new();
        if let Some(age) = value_of(block, "AccessControlMaxAgeSec") {
            let mut hsts = format!("max-age={age}");
            if value_of(block, "IncludeSubdomains") == Some("true") {
                hsts.push_str("; includeSubDomains");
            }
            if value_of(block, "Preload") == Some("true") {
                hsts.push_str("; preload");
            }
            headers.insert("Strict-Transport-Security".to_string(), hsts);
        }
        if block.contains("\n          ContentTypeOptions:\n            Override: true\n") {
            headers.insert("X-Content-Type-Options".to_string(), "nosniff".to_string());
        }
        if let Some(option) = value_of(block, "FrameOption") {
            headers.insert("X-Frame-Options".to_string(), option.to_string());
        }
        if let Some(policy) = value_of(block, "ReferrerPolicy") {
            headers.insert("Referrer-Policy".to_string(), policy.to_string());
        }
        let lines: Vec<&str> = block.lines().collect();
        for (i, l) in lines.iter().enumerate() {
            if let Some(name) = l.trim().strip_prefix("- Header: ") {
                let value = lines[i + 1].trim().strip_prefix("Value: ").unwrap();
                headers.insert(name.to_string(), value.trim_matches('\'').replace("''", "'"));
            }
        }
        let mut csp_text = value_of(block, "ContentSecurityPolicy")
            .and_then(|v| v.strip_prefix("!Sub \"")?.strip_suffix('"'))
            .expect("the CSP as !Sub \"...\"")
            .to_string();
        for (placeholder, source) in AWS_SOURCES.iter().filter(|(_, s)| !s.is_empty()) {
            csp_text = csp_text.replace(source, placeholder);
        }
        let csp = csp_text
            .split("; ")
            .map(|d| {
                let mut words = d.split(' ').map(str::to_string);
                (words.next().unwrap(), words.collect())
            })
            .collect();
        (headers, csp)
    }

    #[test]
    fn the_rendered_policy_carries_every_header_and_csp_source_of_the_json() {
        let json = read(HEADERS_PATH);
        let policy = render_policy(&json);
        let (headers, csp) = expected(&json);
        for name in headers.keys() {
            let key = match name.as_str() {
                "Strict-Transport-Security" => "StrictTransportSecurity:",
                "X-Content-Type-Options" => "ContentTypeOptions:",
                "X-Frame-Options" => "FrameOptions:",
                "Referrer-Policy" => "ReferrerPolicy:",
                other => other,
            };
            assert!(policy.contains(key), "{name} ({key}) missing from the policy:\n{policy}");
        }
        assert!(policy.contains("ContentSecurityPolicy: !Sub \""), "{policy}");
        for (directive, sources) in &csp {
            assert!(policy.contains(&format!("{directive} ")), "{directive} missing");
            for s in sources {
                let rendered = if s.starts_with('{') { aws_source(s) } else { s.clone() };
                assert!(policy.contains(&rendered), "{directive} {s} ({rendered}) missing");
            }
        }
        assert_eq!(read_back(&policy), (headers, csp), "the policy reads back as the JSON");
    }

    #[test]
    fn template_yaml_sends_the_headers_of_the_json() {
        let (yaml, json) = (read(crate::template::OUTPUT_PATH), read(HEADERS_PATH));
        assert_eq!(
            read_back(&yaml),
            expected(&json),
            "template.yaml's {POLICY_ID} differs from {HEADERS_PATH}: run `cargo run -p fleet-local -- template`"
        );
        // ...and the distribution sends them.
        assert!(yaml.contains(&format!("ResponseHeadersPolicyId: !Ref {POLICY_ID}\n")), "the distribution attaches it");
    }

    #[test]
    fn the_header_check_can_fail() {
        let json = read(HEADERS_PATH);
        let yaml = render_policy(&json);
        for (from, to) in [
            ("FrameOption: DENY", "FrameOption: SAMEORIGIN"),
            ("AccessControlMaxAgeSec: 63072000", "AccessControlMaxAgeSec: 300"),
            ("frame-ancestors 'none'", "frame-ancestors *"),
            ("https://${GraphQLApi.GraphQLDns}", "https://*"),
            ("-snapshots.s3.", "-uploads.s3."),
        ] {
            assert!(yaml.contains(from), "{from}");
            assert_ne!(read_back(&yaml.replace(from, to)), expected(&json), "{from} -> {to} is caught");
        }
    }

    #[test]
    fn every_placeholder_has_a_source_the_csp_fits_cloudfront_and_scripts_stay_strict() {
        let spec = parse(&read(HEADERS_PATH));
        let used: Vec<&String> = spec.csp.iter().flat_map(|(_, s)| s).filter(|s| s.starts_with('{')).collect();
        for p in &used {
            assert!(spec.placeholders.contains(p), "{p} is used but not declared in `placeholders`");
        }
        for p in &spec.placeholders {
            assert!(used.contains(&p), "{p} is declared but not used");
            aws_source(p);
        }
        assert_eq!(spec.placeholders.len(), AWS_SOURCES.len(), "every AWS source is a placeholder of the JSON");
        // Resolved, a Sub name grows by at most ~100 characters (an API id, a bucket's generated name).
        let csp = csp_value(&spec, aws_source);
        assert!(csp.len() + 100 * AWS_SOURCES.len() <= CSP_MAX_CHARS, "CSP too long for CloudFront: {csp}");
        let scripts = &spec.csp.iter().find(|(d, _)| d == "script-src").expect("script-src").1;
        assert!(!scripts.iter().any(|s| s.contains("unsafe")), "scripts stay 'self' only: {scripts:?}");
        for must in ["frame-ancestors", "object-src", "base-uri", "default-src"] {
            assert!(spec.csp.iter().any(|(d, _)| d == must), "{must} missing");
        }
    }

    /// Every source of the CSP on AWS is one origin of this stack: no wildcard
    /// host, and the API the app calls is its own origin ('self').
    #[test]
    fn the_csp_on_aws_names_exact_origins() {
        let spec = parse(&read(HEADERS_PATH));
        let csp = csp_value(&spec, aws_source);
        assert!(!csp.contains('*'), "a wildcard source: {csp}");
        assert!(!csp.contains("execute-api"), "the HTTP API is 'self' (/prod/* on the distribution): {csp}");
        for b in [fleet_shared::Bucket::Uploads, fleet_shared::Bucket::Snapshots] {
            let name = crate::template::stack_named_bucket(b).expect("a presigned bucket the stack names");
            assert!(csp.contains(&format!("https://{name}.s3.${{AWS::Region}}.${{AWS::URLSuffix}}")), "{b:?}: {csp}");
        }
    }

    /// The distribution sends /prod/* to the HTTP API and every other path that
    /// is no file of the build to /index.html, without error pages (which
    /// would answer the API's own 403 and 404 with the app).
    #[test]
    fn template_yaml_serves_the_api_and_the_app_s_routes_from_the_distribution() {
        let yaml = read(crate::template::OUTPUT_PATH);
        let start = yaml.find("\n  WebDistribution:\n").expect("the distribution");
        let end = yaml[start + 1..].find("\n\n").map(|e| start + 1 + e).unwrap_or(yaml.len());
        let distribution = &yaml[start..end];
        assert!(
            distribution.contains("- PathPattern: /prod/*\n            TargetOriginId: HttpApi\n"),
            "{distribution}"
        );
        assert!(distribution.contains("DomainName: !Sub ${HttpApi}.execute-api."), "{distribution}");
        assert!(!distribution.contains("CustomErrorResponses"), "{distribution}");
        assert!(
            distribution.contains(&format!("FunctionARN: !GetAtt {PATHS_FUNCTION_ID}.FunctionMetadata.FunctionARN")),
            "{distribution}"
        );
        assert!(yaml.contains(&paths_function()), "template.yaml's {PATHS_FUNCTION_ID} differs from {PATHS_PATH}");
        for line in read(PATHS_PATH).lines().filter(|l| !l.is_empty()) {
            assert!(paths_function().contains(&format!("        {line}\n")), "{line}");
        }
    }

    #[test]
    fn directives_keep_the_files_order() {
        let spec = parse(&read(HEADERS_PATH));
        assert_eq!(spec.csp[0].0, "default-src");
        assert_eq!(spec.headers[0].0, "Strict-Transport-Security");
    }
}
