//! Reports in memory, for unit tests of the reports: rows kept by their
//! keys, read back by their kind's day partitions; actions and the driver
//! log read as the indexes order them, a page of `count` at a time behind a
//! token of the page's scope.
use super::*;
use fleet_shared::entity::report;
use fleet_shared::{paging, shard};
use serde_json::Value;
use std::collections::{BTreeMap, BTreeSet};
use std::sync::Mutex;

#[derive(Default)]
pub struct Memory {
    /// Report rows as stored, by (pk, sk).
    pub rows: BTreeMap<(String, String), Value>,
    /// Driver actions (any event type).
    pub actions: Vec<ReadingAction>,
    pub stops: Vec<StoredStop>,
    pub log: Vec<LogEntry>,
    pub users: Vec<PoolUser>,
    /// The days of each `stops_of_days` read, in order.
    pub stop_reads: Mutex<Vec<Vec<String>>>,
    /// Each `log_callers` read: its day and the ids it looked for, in order.
    pub caller_reads: Mutex<Vec<(String, Vec<String>)>>,
    /// `users` calls.
    pub user_reads: std::sync::atomic::AtomicUsize,
}

impl Memory {
    /// Stores a report row under its own keys (`pk`, `sk`).
    pub fn put_row<R: DayRow>(&mut self, row: &R) {
        let value = serde_json::to_value(row).expect("a row serialises");
        let key = |k: &str| value[k].as_str().expect("a row has its keys").to_string();
        self.rows.insert((key("pk"), key("sk")), value.clone());
    }
}

/// The page behind `ask.token` (`{scope}#{offset}`; another scope's token
/// is refused as the signed one is), and the next page's token.
fn page<T>(all: Vec<T>, ask: PageAsk<'_>) -> Result<(Vec<T>, Option<String>), ApiError> {
    let skip = match ask.token {
        None => 0,
        Some(token) => token
            .strip_prefix(ask.scope)
            .and_then(|rest| rest.strip_prefix('#'))
            .and_then(|n| n.parse::<usize>().ok())
            .ok_or_else(|| ApiError::bad_request(paging::INVALID_TOKEN))?,
    };
    let next = (all.len() > skip + ask.count).then(|| format!("{}#{}", ask.scope, skip + ask.count));
    Ok((all.into_iter().skip(skip).take(ask.count).collect(), next))
}

impl ReportStore for Memory {
    async fn day<R: DayRow>(&self, day: NaiveDate) -> Result<Vec<R>, ApiError> {
        let partitions = report::partitions(R::KIND, day);
        self.rows
            .iter()
            .filter(|((pk, _), _)| partitions.contains(pk))
            .map(|(_, row)| serde_json::from_value(row.clone()).map_err(ApiError::internal))
            .collect()
    }

    async fn actions_page(
        &self,
        event_types: &[&str],
        span: Span<'_>,
        ask: PageAsk<'_>,
    ) -> Result<(Vec<ReadingAction>, Option<String>), ApiError> {
        let mut found: Vec<(usize, &ReadingAction)> = self
            .actions
            .iter()
            .filter(|a| event_types.contains(&a.event_type.as_str()))
            .filter(|a| (span.from..=span.to).contains(&a.occurred_at.as_str()))
            .filter_map(|a| Some((span.days.iter().position(|d| *d == a.stocking_day)?, a)))
            .collect();
        found.sort_by(|(d1, a1), (d2, a2)| (d1, &a1.occurred_at).cmp(&(d2, &a2.occurred_at)));
        page(found.into_iter().map(|(_, a)| a.clone()).collect(), ask)
    }

    async fn stops_of_days(&self, days: Vec<String>) -> Result<Vec<StoredStop>, ApiError> {
        let stops = self.stops.iter().filter(|s| days.contains(&s.stop.stocking_date)).cloned().collect();
        self.stop_reads.lock().unwrap().push(days);
        Ok(stops)
    }

    async fn log_page(&self, span: Span<'_>, ask: PageAsk<'_>) -> Result<(Vec<LogEntry>, Option<String>), ApiError> {
        let mut found: Vec<(usize, &LogEntry)> = self
            .log
            .iter()
            .filter(|e| (span.from..=span.to).contains(&e.sk.as_str()))
            .filter_map(|e| Some((span.days.iter().position(|d| shard::keys(d).contains(&e.pk))?, e)))
            .collect();
        found.sort_by(|(d1, e1), (d2, e2)| (d1, &e1.sk).cmp(&(d2, &e2.sk)));
        page(found.into_iter().map(|(_, e)| e.clone()).collect(), ask)
    }

    async fn log_callers(
        &self,
        day: &str,
        (from, to): (&str, &str),
        ids: &BTreeSet<String>,
    ) -> Result<BTreeSet<String>, ApiError> {
        self.caller_reads.lock().unwrap().push((day.to_string(), ids.iter().cloned().collect()));
        let day_keys = shard::keys(day);
        Ok(self
            .log
            .iter()
            .filter(|e| day_keys.contains(&e.pk) && (from..=to).contains(&e.sk.as_str()) && ids.contains(&e.uuid))
            .map(|e| e.uuid.clone())
            .collect())
    }

    async fn users(&self) -> Result<Vec<PoolUser>, ApiError> {
        self.user_reads.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
        Ok(self.users.clone())
    }
}
