//! Every function of every area, in one place: the Lambda binary, the local
//! API and the template generator all read this registry.
use fleet_shared::{FunctionSpec, Trigger};

/// (crate folder under functions/, its functions)
pub fn areas() -> [(&'static str, &'static [FunctionSpec]); 13] {
    [
        ("shell", fn_shell::FUNCTIONS),
        ("permissions", fn_permissions::FUNCTIONS),
        ("locations", fn_locations::FUNCTIONS),
        ("software", fn_software::FUNCTIONS),
        ("routes", fn_routes::FUNCTIONS),
        ("pars", fn_pars::FUNCTIONS),
        ("forecast", fn_forecast::FUNCTIONS),
        ("coupons", fn_coupons::FUNCTIONS),
        ("prices", fn_prices::FUNCTIONS),
        ("planograms", fn_planograms::FUNCTIONS),
        ("fleet", fn_fleet::FUNCTIONS),
        ("stocking", fn_stocking::FUNCTIONS),
        ("reports", fn_reports::FUNCTIONS),
    ]
}

pub fn all() -> impl Iterator<Item = &'static FunctionSpec> + Clone {
    areas().into_iter().flat_map(|(_, f)| f.iter())
}

pub fn by_name(name: &str) -> Option<&'static FunctionSpec> {
    all().find(|f| f.name == name)
}

pub fn graphql_field(type_name: &str, field: &str) -> Option<&'static FunctionSpec> {
    all().find(|f| match f.trigger {
        Trigger::Query(name) => type_name == "Query" && name == field,
        Trigger::Mutation(name) => type_name == "Mutation" && name == field,
        Trigger::Subscription(name) => type_name == "Subscription" && name == field,
        _ => false,
    })
}

/// Matches an HTTP route, returning its path parameters.
/// The route a request takes. As on API Gateway, a literal segment beats a
/// `{param}` (`/forecast/upload/url` before `/forecast/upload/{uploadId}`).
pub fn http_route(method: &str, path: &str) -> Option<(&'static FunctionSpec, Vec<(String, String)>)> {
    all()
        .filter_map(|f| match f.trigger {
            Trigger::Http { method: m, path: pattern } if m.eq_ignore_ascii_case(method) => {
                match_path(pattern, path).map(|params| (f, params))
            }
            _ => None,
        })
        .min_by_key(|(_, params)| params.len())
}

fn match_path(pattern: &str, path: &str) -> Option<Vec<(String, String)>> {
    let pat: Vec<&str> = pattern.trim_matches('/').split('/').collect();
    let got: Vec<&str> = path.trim_matches('/').split('/').collect();
    if pat.len() != got.len() {
        return None;
    }
    let mut params = Vec::new();
    for (p, g) in pat.iter().zip(&got) {
        if let Some(name) = p.strip_prefix('{').and_then(|p| p.strip_suffix('}')) {
            if g.is_empty() {
                return None;
            }
            params.push((name.to_string(), g.to_string()));
        } else if p != g {
            return None;
        }
    }
    Some(params)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn matches_paths_with_parameters() {
        assert_eq!(match_path("/users/permissions", "/users/permissions/"), Some(vec![]));
        assert_eq!(match_path("/users/permissions", "/users/permissions/remove"), None);
        assert_eq!(
            match_path("/locations/{id}/inventory", "/locations/CHI_1/inventory"),
            Some(vec![("id".into(), "CHI_1".into())])
        );
    }

    #[test]
    fn a_literal_segment_beats_a_parameter() {
        assert_eq!(http_route("GET", "/forecast/upload/url").map(|(f, _)| f.name), Some("forecast_upload_url"));
        assert_eq!(http_route("GET", "/forecast/upload/abc-1").map(|(f, _)| f.name), Some("forecast_upload_status"));
    }

    #[test]
    fn names_are_unique() {
        let mut names: Vec<_> = all().map(|f| f.name).collect();
        let n = names.len();
        names.sort();
        names.dedup();
        assert_eq!(n, names.len());
    }
}
