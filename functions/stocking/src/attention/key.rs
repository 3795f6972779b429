//! An occurrence's key: what an acknowledgement names (issue 42). Built by the
//! rules (`occurrences`) and parsed back at the edge (`acknowledge`), so the
//! text form has one definition: `KIND|part|part…`.
use super::Kind;
use fleet_shared::{limits, ApiError};
use std::fmt;

/// The fridge conditions a "Fridge needs the driver" item is raised for.
pub const FRIDGE_CONDITIONS: [&str; 5] = ["NO_HEARTBEAT", "WARM", "FAULT", "OUT_OF_ORDER", "SAFETY_HOLD"];
/// The longest key accepted (ids are at most `limits::MAX_ID_CHARS` each).
pub const MAX_KEY_CHARS: usize = 300;

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum OccurrenceKey {
    /// No action on the route by its start hour of `date`; `since`: when it
    /// became late (its threshold, or the void that took back its only action).
    /// None in a key made before each occurrence had its own (issue 59).
    RouteNotStarted { route: String, date: String, since: Option<String> },
    /// The wait after the scan `scan` at a stop.
    StopStuck { location: String, stocking_index: i64, scan: String },
    /// The driver's silence after their action `after`.
    DriverQuiet { route: String, after: String },
    /// The reading `action` above the limit.
    Temperature { action: String },
    /// One of `FRIDGE_CONDITIONS` at a stop's fridge; `since`: the first
    /// reading that showed it (for NO_HEARTBEAT, the last heartbeat). None in a
    /// key made before each occurrence had its own (issue 59).
    FridgeNeedsDriver { location: String, stocking_index: i64, condition: String, since: Option<String> },
    /// The LocationUnreachable `action`.
    Unreachable { action: String },
    /// A driver's claim of the route, made at `at` (issue 59).
    RouteClaimed { route: String, at: String },
}

impl OccurrenceKey {
    pub fn kind(&self) -> Kind {
        match self {
            OccurrenceKey::RouteNotStarted { .. } => Kind::RouteNotStarted,
            OccurrenceKey::StopStuck { .. } => Kind::StopStuck,
            OccurrenceKey::DriverQuiet { .. } => Kind::DriverQuiet,
            OccurrenceKey::Temperature { .. } => Kind::Temperature,
            OccurrenceKey::FridgeNeedsDriver { .. } => Kind::FridgeNeedsDriver,
            OccurrenceKey::Unreachable { .. } => Kind::Unreachable,
            OccurrenceKey::RouteClaimed { .. } => Kind::RouteClaimed,
        }
    }

    /// The stop's location, when the occurrence is a stop's.
    pub fn location(&self) -> Option<&str> {
        match self {
            OccurrenceKey::StopStuck { location, .. } | OccurrenceKey::FridgeNeedsDriver { location, .. } => {
                Some(location)
            }
            _ => None,
        }
    }

    /// Parses a key as the panel sent it back; a clear 400 for anything the rules never make.
    pub fn parse(raw: &str) -> Result<OccurrenceKey, ApiError> {
        let bad = || ApiError::bad_request(format!("key is not a Needs-attention item's key: {}", shorten(raw)));
        let raw = raw.trim();
        limits::check_len("key", raw, MAX_KEY_CHARS)?;
        let (kind, rest) = raw.split_once('|').ok_or_else(bad)?;
        let part = |p: &str| -> Result<String, ApiError> {
            let p = p.trim();
            if p.is_empty() || p.chars().count() > limits::MAX_ID_CHARS {
                return Err(bad());
            }
            Ok(p.to_string())
        };
        let index = |p: &str| p.trim().parse::<i64>().ok().filter(|i| *i >= 0).ok_or_else(bad);
        // Route names are the schedule's text: the route is what is left of the other parts.
        let split3 = |rest: &str| -> Result<(String, String, String), ApiError> {
            let (a, rest) = rest.split_once('|').ok_or_else(bad)?;
            let (b, c) = rest.split_once('|').ok_or_else(bad)?;
            Ok((part(a)?, b.to_string(), part(c)?))
        };
        Ok(match kind {
            "ROUTE_NOT_STARTED" => {
                let (rest, since) = trailing_time(rest);
                let (route, date) = rest.rsplit_once('|').ok_or_else(bad)?;
                let date =
                    fleet_shared::entity::StockingDate::of(date.trim()).map(|d| d.date()).ok_or_else(bad)?.to_string();
                OccurrenceKey::RouteNotStarted { route: part(route)?, date, since }
            }
            "STOP_STUCK" => {
                let (location, i, scan) = split3(rest)?;
                OccurrenceKey::StopStuck { location, stocking_index: index(&i)?, scan }
            }
            "DRIVER_QUIET" => {
                let (route, after) = rest.rsplit_once('|').ok_or_else(bad)?;
                OccurrenceKey::DriverQuiet { route: part(route)?, after: part(after)? }
            }
            "TEMPERATURE" => OccurrenceKey::Temperature { action: part(rest)? },
            "FRIDGE_NEEDS_DRIVER" => {
                let (rest, since) = trailing_time(rest);
                let (location, i, condition) = split3(rest)?;
                if !FRIDGE_CONDITIONS.contains(&condition.as_str()) {
                    return Err(bad());
                }
                OccurrenceKey::FridgeNeedsDriver { location, stocking_index: index(&i)?, condition, since }
            }
            "UNREACHABLE" => OccurrenceKey::Unreachable { action: part(rest)? },
            "ROUTE_CLAIMED" => {
                let (route, at) = rest.rsplit_once('|').ok_or_else(bad)?;
                OccurrenceKey::RouteClaimed { route: part(route)?, at: part(at)? }
            }
            _ => return Err(bad()),
        })
    }
}

/// A key's last part when it is a time (`stamp` text), and what is before it.
fn trailing_time(rest: &str) -> (&str, Option<String>) {
    match rest.rsplit_once('|') {
        Some((before, last)) if fleet_shared::dates::instant(last.trim()).is_some() && last.trim().contains('T') => {
            let t = fleet_shared::dates::instant(last.trim()).map(fleet_shared::fridge_time::stamp);
            (before, t)
        }
        _ => (rest, None),
    }
}

fn shorten(raw: &str) -> String {
    let mut s: String = raw.chars().take(80).collect();
    if raw.chars().count() > 80 {
        s.push('…');
    }
    s
}

impl fmt::Display for OccurrenceKey {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let kind = self.kind().code();
        match self {
            OccurrenceKey::RouteNotStarted { route, date, since: None } => write!(f, "{kind}|{route}|{date}"),
            OccurrenceKey::RouteNotStarted { route, date, since: Some(t) } => write!(f, "{kind}|{route}|{date}|{t}"),
            OccurrenceKey::StopStuck { location, stocking_index, scan } => {
                write!(f, "{kind}|{location}|{stocking_index}|{scan}")
            }
            OccurrenceKey::DriverQuiet { route, after } => write!(f, "{kind}|{route}|{after}"),
            OccurrenceKey::RouteClaimed { route, at } => write!(f, "{kind}|{route}|{at}"),
            OccurrenceKey::Temperature { action } | OccurrenceKey::Unreachable { action } => {
                write!(f, "{kind}|{action}")
            }
            OccurrenceKey::FridgeNeedsDriver { location, stocking_index, condition, since } => {
                write!(f, "{kind}|{location}|{stocking_index}|{condition}")?;
                since.as_ref().map_or(Ok(()), |t| write!(f, "|{t}"))
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn id() -> impl Strategy<Value = String> {
        "[A-Za-z0-9][A-Za-z0-9 _.#-]{0,20}[A-Za-z0-9]"
    }

    fn any_key() -> impl Strategy<Value = OccurrenceKey> {
        let route = "[A-Za-z0-9][A-Za-z0-9 |_-]{0,20}[A-Za-z0-9]";
        // A time as the rules stamp it, or none (a key made before issue 59).
        let since = proptest::option::of((0i64..2_000_000_000).prop_map(|s| {
            fleet_shared::fridge_time::stamp(chrono::DateTime::from_timestamp(1_700_000_000 + s, 0).unwrap())
        }));
        prop_oneof![
            (route, 0u32..20_000, since.clone()).prop_map(|(route, d, since)| OccurrenceKey::RouteNotStarted {
                route,
                date: (chrono::NaiveDate::from_ymd_opt(2026, 1, 1).unwrap() + chrono::Days::new(d.into())).to_string(),
                since,
            }),
            (id(), 0i64..1_000, id()).prop_map(|(location, stocking_index, scan)| OccurrenceKey::StopStuck {
                location,
                stocking_index,
                scan
            }),
            (route, id()).prop_map(|(route, after)| OccurrenceKey::DriverQuiet { route, after }),
            id().prop_map(|action| OccurrenceKey::Temperature { action }),
            (id(), 0i64..1_000, 0usize..FRIDGE_CONDITIONS.len(), since).prop_map(
                |(location, stocking_index, c, since)| OccurrenceKey::FridgeNeedsDriver {
                    location,
                    stocking_index,
                    condition: FRIDGE_CONDITIONS[c].into(),
                    since
                }
            ),
            id().prop_map(|action| OccurrenceKey::Unreachable { action }),
        ]
    }

    proptest! {
        /// Every key the rules make reads back as itself (route names may hold a `|`).
        #[test]
        fn every_key_reads_back_as_itself(key in any_key()) {
            prop_assert_eq!(OccurrenceKey::parse(&key.to_string()).unwrap(), key);
        }

        /// Any text is a key or a 400, never a panic or another error.
        #[test]
        fn any_text_is_a_key_or_a_clear_refusal(raw in "\\PC{0,400}") {
            if let Err(e) = OccurrenceKey::parse(&raw) {
                prop_assert!(matches!(e, ApiError::BadRequest(_)), "{e:?}");
            }
        }
    }

    #[test]
    fn what_the_rules_never_make_is_refused() {
        for raw in [
            "",
            "STOP_STUCK",
            "STOP_STUCK|L1|x|s1",
            "STOP_STUCK|L1|-1|s1",
            "STOP_STUCK||0|s1",
            "FRIDGE_NEEDS_DRIVER|L1|0|HUNGRY",
            "ROUTE_NOT_STARTED|R1|2026-13-01",
            "ROUTE_NOT_STARTED|2026-11-01",
            "SOMETHING|a",
            "TEMPERATURE|",
        ] {
            let e = OccurrenceKey::parse(raw).unwrap_err();
            assert!(matches!(e, ApiError::BadRequest(_)), "{raw}: {e:?}");
        }
        assert!(OccurrenceKey::parse(&format!("TEMPERATURE|{}", "a".repeat(65))).is_err());
    }

    #[test]
    fn a_key_with_its_start_and_one_made_before_read_apart() {
        let with = OccurrenceKey::parse("FRIDGE_NEEDS_DRIVER|L1|0|WARM|2026-11-23T13:00:00.000Z").unwrap();
        let before = OccurrenceKey::parse("FRIDGE_NEEDS_DRIVER|L1|0|WARM").unwrap();
        let since = |k: &OccurrenceKey| match k {
            OccurrenceKey::FridgeNeedsDriver { since, .. } => since.clone(),
            _ => panic!("{k:?}"),
        };
        assert_eq!(since(&with).as_deref(), Some("2026-11-23T13:00:00.000Z"));
        assert_eq!(since(&before), None);
        let route = OccurrenceKey::parse("ROUTE_NOT_STARTED|r|1|2026-11-23|2026-11-23T13:00:00.000Z").unwrap();
        assert_eq!(
            route,
            OccurrenceKey::RouteNotStarted {
                route: "r|1".into(),
                date: "2026-11-23".into(),
                since: Some("2026-11-23T13:00:00.000Z".into())
            }
        );
    }
}
