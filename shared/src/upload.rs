//! The upload pipeline every file upload runs on: the browser reads the file
//! and sends its rows; the server checks the whole file in a dry run (each
//! row valid and new, will change, unchanged, or invalid with its messages,
//! plus a diff against the stored data and a summary); then the browser
//! commits in batches, and the server re-checks and writes each batch,
//! answering per row. Writes carry the upload id and row, so a retried batch
//! finds its rows already written instead of writing them twice.
//!
//! An area implements `UploadKind` with its own row rules and writes.
use crate::history::Change;
use crate::{limits, ApiError};
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};
use std::collections::HashMap;
use std::future::Future;

/// Rows a dry run takes (the whole file).
pub const MAX_FILE_ROWS: usize = 10_000;
/// Rows one commit call takes: the browser's batch.
pub const MAX_BATCH_ROWS: usize = 100;

/// One row of the file: its line number as the user sees it (header = 1)
/// and its cells by column name.
#[derive(Debug, Clone, Deserialize, Serialize, PartialEq)]
pub struct RawRow {
    pub row: u32,
    pub values: Map<String, Value>,
}

impl RawRow {
    /// A column's trimmed text; see `cell`.
    pub fn cell(&self, column: &str) -> Option<String> {
        cell(&self.values, column)
    }
}

/// A column's trimmed text, matching the header loosely (its case, a
/// byte-order mark and spaces around it are ignored); `None` when the row lacks it.
pub fn cell(values: &Map<String, Value>, column: &str) -> Option<String> {
    values
        .iter()
        .find(|(k, _)| k.trim_start_matches('\u{feff}').trim().eq_ignore_ascii_case(column))
        .map(|(_, v)| v.as_str().map(str::to_string).unwrap_or_else(|| v.to_string()).trim().to_string())
}

#[derive(Debug, Clone, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct UploadRequest {
    /// Chosen by the browser once per file (a UUID); the idempotency key.
    pub upload_id: String,
    pub file_name: String,
    pub rows: Vec<RawRow>,
}

impl UploadRequest {
    /// The request's bounds, before any rule runs.
    pub fn check(&self, max_rows: usize) -> Result<(), ApiError> {
        limits::check_len("uploadId", &self.upload_id, limits::MAX_ID_CHARS)?;
        if self.upload_id.is_empty() || !self.upload_id.chars().all(|c| c.is_ascii_alphanumeric() || c == '-') {
            return Err(ApiError::bad_request("uploadId must be letters, digits and dashes"));
        }
        limits::check_len("fileName", &self.file_name, 200)?;
        limits::check_count("rows", self.rows.len(), max_rows)
    }

    /// `file.csv row 7`: where a write came from, for the history.
    pub fn source(&self, row: u32) -> String {
        format!("{} row {row}", self.file_name)
    }

    /// The marker a written record carries: this upload and row.
    pub fn marker(&self, row: u32) -> String {
        format!("{}#{row}", self.upload_id)
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum RowStatus {
    /// Valid, and creates a record.
    New,
    /// Valid, and changes a stored record (see the diff).
    Change,
    /// Valid, and the stored record already holds it.
    Unchanged,
    Invalid,
}

#[derive(Debug, Clone, Serialize, PartialEq)]
#[serde(rename_all = "camelCase")]
pub struct RowReport {
    pub row: u32,
    pub key: Option<String>,
    /// Rows of one group are written together or not at all (see `UploadKind::group_of`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub group: Option<String>,
    pub status: RowStatus,
    pub messages: Vec<String>,
    /// What the user should know about a valid row; never blocks it.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub warnings: Vec<String>,
    pub diff: Vec<Change>,
}

#[derive(Debug, Clone, Default, Serialize, PartialEq)]
pub struct Summary {
    pub total: usize,
    pub new: usize,
    pub change: usize,
    pub unchanged: usize,
    pub invalid: usize,
}

impl Summary {
    pub fn of(rows: &[RowReport]) -> Summary {
        let mut s = Summary { total: rows.len(), ..Default::default() };
        for r in rows {
            match r.status {
                RowStatus::New => s.new += 1,
                RowStatus::Change => s.change += 1,
                RowStatus::Unchanged => s.unchanged += 1,
                RowStatus::Invalid => s.invalid += 1,
            }
        }
        s
    }

    /// '12 new, 212 will change, 30 unchanged, 3 invalid' (zero counts left out).
    pub fn text(&self) -> String {
        let parts: Vec<String> = [(self.new, "new"), (self.change, "will change"), (self.unchanged, "unchanged"), (self.invalid, "invalid")]
            .iter()
            .filter(|(n, _)| *n > 0)
            .map(|(n, what)| format!("{n} {what}"))
            .collect();
        if parts.is_empty() { "No rows".into() } else { parts.join(", ") }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum CommitStatus {
    /// Written by this call, or by an earlier try of the same upload and row.
    Written,
    Unchanged,
    Failed,
}

#[derive(Debug, Clone, Serialize, PartialEq)]
pub struct CommitResult {
    pub row: u32,
    pub key: Option<String>,
    pub status: CommitStatus,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub message: Option<String>,
}

/// A row that passed its rules, with what is stored under its key.
pub struct Planned<P> {
    pub row: u32,
    pub key: String,
    pub plan: P,
    pub stored: Option<Value>,
}

/// One area's upload: its row rules, how it reads stored records, how a row
/// compares with them, and how it writes.
pub trait UploadKind: Sync {
    /// What a valid row becomes (e.g. a location document).
    type Plan: Send + Sync;
    /// What the rules need, loaded once per request (option lists...).
    type Context: Send + Sync;

    fn context(&self) -> impl Future<Output = Result<Self::Context, ApiError>> + Send;
    /// Checks one row, answering its key and plan, or every message that applies.
    fn check(&self, row: &RawRow, ctx: &Self::Context) -> Result<(String, Self::Plan), Vec<String>>;
    /// The stored records under these keys (absent keys are left out).
    fn load(&self, keys: Vec<String>) -> impl Future<Output = Result<HashMap<String, Value>, ApiError>> + Send;
    /// The diff of a row against what is stored (`None` stored: a new record),
    /// or why the row cannot apply to it.
    fn compare(&self, plan: &Self::Plan, stored: Option<&Value>) -> Result<Vec<Change>, String>;
    /// True when `stored` was written by this upload's `marker` (a retry).
    fn written_by(&self, stored: &Value, marker: &str) -> bool;
    /// The group a row belongs to, read from its raw cells, for kinds whose
    /// rows land together (a route on a date). A group with an invalid row is
    /// invalid as a whole, and every valid row of a group reaches `write`
    /// together, unchanged ones too. `None`: rows stand alone.
    fn group_of(&self, _row: &RawRow) -> Option<String> {
        None
    }
    /// Warnings about a valid row (a long holdover...): shown, never blocking.
    fn warnings(&self, _plan: &Self::Plan) -> Vec<String> {
        Vec::new()
    }
    /// A looser key than the row's (a layout's slot at any hour): valid rows
    /// sharing one are warned with `related_warning`, never blocked.
    fn related_key(&self, _plan: &Self::Plan) -> Option<String> {
        None
    }
    /// The warning of a row whose related key other rows share (`others`, in file order).
    fn related_warning(&self, _row: u32, others: &[u32]) -> String {
        format!("Also on line(s) {}", others.iter().map(u32::to_string).collect::<Vec<_>>().join(", "))
    }
    /// The message of a row whose key other rows of the file share (`others`,
    /// in file order). By default 'Duplicated records: Lines X and Y', X the
    /// first of the key's rows and Y the next other one.
    fn duplicate_message(&self, row: u32, others: &[u32]) -> String {
        let mut lines: Vec<u32> = others.iter().copied().chain([row]).collect();
        lines.sort_unstable();
        let (first, second) = (lines[0], if row == lines[0] { lines[1] } else { row });
        format!("Duplicated records: Lines {first} and {second}")
    }
    /// Writes the rows, each whole or not at all, and answers each row's
    /// result. Rows this upload already wrote (`written_by`) come too, so the
    /// kind can complete anything an interrupted try left (a history record).
    fn write(&self, rows: Vec<Planned<Self::Plan>>, req: &UploadRequest) -> impl Future<Output = Result<Vec<CommitResult>, ApiError>> + Send;
}

/// Checks every row and compares it with the stored data. Duplicate keys in
/// the file make both rows invalid.
async fn checked<K: UploadKind>(kind: &K, req: &UploadRequest) -> Result<(Vec<RowReport>, Vec<Planned<K::Plan>>), ApiError> {
    let ctx = kind.context().await?;
    let mut reports = Vec::with_capacity(req.rows.len());
    let mut plans: Vec<(usize, String, K::Plan)> = Vec::new();
    let mut rows_of: HashMap<String, Vec<u32>> = HashMap::new();
    let mut related_rows: HashMap<String, Vec<u32>> = HashMap::new();
    let mut related_of: Vec<(usize, String)> = Vec::new();
    for raw in &req.rows {
        let group = kind.group_of(raw);
        match kind.check(raw, &ctx) {
            Ok((key, plan)) => {
                rows_of.entry(key.clone()).or_default().push(raw.row);
                if let Some(related) = kind.related_key(&plan) {
                    related_rows.entry(related.clone()).or_default().push(raw.row);
                    related_of.push((reports.len(), related));
                }
                plans.push((reports.len(), key.clone(), plan));
                reports.push(invalid(raw.row, Some(key), group, vec![])); // decided below
            }
            Err(messages) => reports.push(invalid(raw.row, None, group, messages)),
        }
    }
    // A key on several rows: every one of them is invalid, each told where the others are.
    let unique: Vec<String> = rows_of.iter().filter(|(_, rows)| rows.len() == 1).map(|(k, _)| k.clone()).collect();
    let mut stored = if unique.is_empty() { HashMap::new() } else { kind.load(unique).await? };
    let mut ready = Vec::new();
    for (i, key, plan) in plans {
        let report = &mut reports[i];
        let rows = &rows_of[&key];
        if rows.len() > 1 {
            let others: Vec<u32> = rows.iter().copied().filter(|r| *r != report.row).collect();
            report.messages = vec![kind.duplicate_message(report.row, &others)];
            continue;
        }
        let current = stored.remove(&key);
        match kind.compare(&plan, current.as_ref()) {
            Ok(diff) => {
                report.status = match (&current, diff.is_empty()) {
                    (None, _) => RowStatus::New,
                    (Some(_), true) => RowStatus::Unchanged,
                    (Some(_), false) => RowStatus::Change,
                };
                report.diff = if current.is_some() { diff } else { vec![] };
                report.warnings = kind.warnings(&plan);
                ready.push(Planned { row: report.row, key, plan, stored: current });
            }
            Err(message) => report.messages = vec![message],
        }
    }
    for (i, related) in related_of {
        let report = &mut reports[i];
        let others: Vec<u32> = related_rows[&related].iter().copied().filter(|r| *r != report.row).collect();
        if report.status != RowStatus::Invalid && !others.is_empty() {
            report.warnings.push(kind.related_warning(report.row, &others));
        }
    }
    spoil_groups(&mut reports, &mut ready);
    Ok((reports, ready))
}

/// A group with an invalid row cannot land: its other rows become invalid,
/// naming the row that holds the group back.
fn spoil_groups<P>(reports: &mut [RowReport], ready: &mut Vec<Planned<P>>) {
    let mut first_bad: HashMap<String, u32> = HashMap::new();
    for r in reports.iter().filter(|r| r.status == RowStatus::Invalid) {
        if let Some(g) = &r.group {
            first_bad.entry(g.clone()).or_insert(r.row);
        }
    }
    if first_bad.is_empty() {
        return;
    }
    for r in reports.iter_mut().filter(|r| r.status != RowStatus::Invalid) {
        if let Some(bad) = r.group.as_ref().and_then(|g| first_bad.get(g)) {
            r.status = RowStatus::Invalid;
            r.messages = vec![format!("Not written: row {bad} of the same group is invalid, and a group lands whole or not at all.")];
            r.diff.clear();
        }
    }
    let spoiled: std::collections::HashSet<u32> = reports.iter().filter(|r| r.status == RowStatus::Invalid).map(|r| r.row).collect();
    ready.retain(|p| !spoiled.contains(&p.row));
}

fn invalid(row: u32, key: Option<String>, group: Option<String>, messages: Vec<String>) -> RowReport {
    RowReport { row, key, group, status: RowStatus::Invalid, messages, warnings: vec![], diff: vec![] }
}

/// The dry run: every row's status, messages and diff, and the summary.
pub async fn dry_run<K: UploadKind>(kind: &K, req: &UploadRequest) -> Result<Value, ApiError> {
    req.check(MAX_FILE_ROWS)?;
    let (reports, _) = checked(kind, req).await?;
    let summary = Summary::of(&reports);
    Ok(serde_json::json!({ "uploadId": req.upload_id, "rows": reports, "summary": summary, "summaryText": summary.text() }))
}

/// Commits one batch: re-checks every row (the server enforces the rules
/// whatever the browser says), skips the unchanged and those this upload
/// already wrote, writes the rest, and answers per row.
pub async fn commit<K: UploadKind>(kind: &K, req: &UploadRequest) -> Result<Value, ApiError> {
    req.check(MAX_BATCH_ROWS)?;
    let (reports, ready) = checked(kind, req).await?;
    let mut results: Vec<CommitResult> = reports
        .iter()
        .filter(|r| r.status == RowStatus::Invalid)
        .map(|r| CommitResult { row: r.row, key: r.key.clone(), status: CommitStatus::Failed, message: Some(r.messages.join("; ")) })
        .collect();
    let mut to_write = Vec::new();
    for p in ready {
        let status = reports.iter().find(|r| r.row == p.row).map(|r| r.status);
        let already = p.stored.as_ref().is_some_and(|s| kind.written_by(s, &req.marker(p.row)));
        let grouped = reports.iter().any(|r| r.row == p.row && r.group.is_some());
        if !already && !grouped && status == Some(RowStatus::Unchanged) {
            results.push(CommitResult { row: p.row, key: Some(p.key), status: CommitStatus::Unchanged, message: None });
        } else {
            to_write.push(p);
        }
    }
    if !to_write.is_empty() {
        results.extend(kind.write(to_write, req).await?);
    }
    results.sort_by_key(|r| r.row);
    let written = results.iter().filter(|r| r.status == CommitStatus::Written).count();
    let failed = results.iter().filter(|r| r.status == CommitStatus::Failed).count();
    Ok(serde_json::json!({ "uploadId": req.upload_id, "results": results, "written": written, "failed": failed }))
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;
    use std::sync::Mutex;

    /// Rows `{id, n}`: n must be a number; stored maps id -> n.
    #[derive(Default)]
    struct Numbers {
        stored: Mutex<HashMap<String, Value>>,
        writes: Mutex<usize>,
    }

    impl UploadKind for Numbers {
        type Plan = i64;
        type Context = ();
        async fn context(&self) -> Result<(), ApiError> {
            Ok(())
        }
        fn check(&self, row: &RawRow, _: &()) -> Result<(String, i64), Vec<String>> {
            let id = row.values.get("id").and_then(Value::as_str).filter(|s| !s.is_empty());
            let n = row.values.get("n").and_then(Value::as_str).and_then(|s| s.parse().ok());
            match (id, n) {
                (Some(id), Some(n)) => Ok((id.to_string(), n)),
                (id, n) => Err([id.is_none().then_some("id cannot be empty"), n.is_none().then_some("n must be a number")]
                    .into_iter().flatten().map(str::to_string).collect()),
            }
        }
        async fn load(&self, keys: Vec<String>) -> Result<HashMap<String, Value>, ApiError> {
            let s = self.stored.lock().unwrap();
            Ok(keys.into_iter().filter_map(|k| s.get(&k).map(|v| (k, v.clone()))).collect())
        }
        fn compare(&self, plan: &i64, stored: Option<&Value>) -> Result<Vec<Change>, String> {
            Ok(match stored {
                Some(s) if s["n"] == json!(plan) => vec![],
                s => vec![Change { attribute: "n".into(), old_value: s.map(|s| s["n"].to_string()).unwrap_or("null".into()), new_value: plan.to_string(), reason: None }],
            })
        }
        fn written_by(&self, stored: &Value, marker: &str) -> bool {
            stored["upload"] == json!(marker)
        }
        fn group_of(&self, row: &RawRow) -> Option<String> {
            row.values.get("g").and_then(Value::as_str).map(str::to_string)
        }
        fn warnings(&self, plan: &i64) -> Vec<String> {
            if *plan > 100 { vec![format!("{plan} is large")] } else { vec![] }
        }
        fn related_key(&self, plan: &i64) -> Option<String> {
            (*plan < 0).then(|| "negative".to_string())
        }
        async fn write(&self, rows: Vec<Planned<i64>>, req: &UploadRequest) -> Result<Vec<CommitResult>, ApiError> {
            let mut s = self.stored.lock().unwrap();
            Ok(rows
                .into_iter()
                .map(|p| {
                    if !p.stored.as_ref().is_some_and(|st| self.written_by(st, &req.marker(p.row))) {
                        *self.writes.lock().unwrap() += 1;
                        s.insert(p.key.clone(), json!({"n": p.plan, "upload": req.marker(p.row)}));
                    }
                    CommitResult { row: p.row, key: Some(p.key), status: CommitStatus::Written, message: None }
                })
                .collect())
        }
    }

    fn req(rows: &[(&str, &str)]) -> UploadRequest {
        UploadRequest {
            upload_id: "u-1".into(),
            file_name: "f.csv".into(),
            rows: rows.iter().enumerate().map(|(i, (id, n))| RawRow { row: i as u32 + 2, values: json!({"id": id, "n": n}).as_object().cloned().unwrap() }).collect(),
        }
    }

    #[tokio::test]
    async fn a_dry_run_reports_each_row_against_the_store_and_writes_nothing() {
        let kind = Numbers::default();
        kind.stored.lock().unwrap().insert("a".into(), json!({"n": 1}));
        kind.stored.lock().unwrap().insert("b".into(), json!({"n": 2}));
        let out = dry_run(&kind, &req(&[("a", "1"), ("b", "5"), ("c", "3"), ("", "x"), ("d", "1"), ("d", "2")])).await.unwrap();
        let statuses: Vec<&str> = out["rows"].as_array().unwrap().iter().map(|r| r["status"].as_str().unwrap()).collect();
        assert_eq!(statuses, vec!["unchanged", "change", "new", "invalid", "invalid", "invalid"]);
        assert_eq!(out["rows"][1]["diff"][0]["oldValue"], "2");
        assert_eq!(out["rows"][3]["messages"], json!(["id cannot be empty", "n must be a number"]));
        assert_eq!(out["rows"][5]["messages"], json!(["Duplicated records: Lines 6 and 7"]));
        assert_eq!(out["summaryText"], "1 new, 1 will change, 1 unchanged, 3 invalid");
        assert_eq!(*kind.writes.lock().unwrap(), 0);
    }

    #[tokio::test]
    async fn a_retried_commit_writes_nothing_twice_and_reports_the_same() {
        let kind = Numbers::default();
        let batch = req(&[("a", "1"), ("b", "oops"), ("c", "3")]);
        let first = commit(&kind, &batch).await.unwrap();
        assert_eq!((first["written"].as_u64(), first["failed"].as_u64()), (Some(2), Some(1)));
        assert_eq!(first["results"][1]["message"], "n must be a number");
        let again = commit(&kind, &batch).await.unwrap();
        assert_eq!(again["results"], first["results"], "a retry answers the same");
        assert_eq!(*kind.writes.lock().unwrap(), 2, "and writes nothing again");
    }

    #[tokio::test]
    async fn a_group_with_an_invalid_row_is_refused_whole_and_others_land() {
        let kind = Numbers::default();
        let mut batch = req(&[("a", "1"), ("b", "oops"), ("c", "3")]);
        for (raw, g) in batch.rows.iter_mut().zip(["g1", "g1", "g2"]) {
            raw.values.insert("g".into(), json!(g));
        }
        let dry = dry_run(&kind, &batch).await.unwrap();
        assert_eq!(dry["rows"][0]["status"], "invalid");
        assert_eq!(dry["rows"][0]["messages"][0], "Not written: row 3 of the same group is invalid, and a group lands whole or not at all.");
        assert_eq!((dry["rows"][2]["status"].as_str(), dry["rows"][2]["group"].as_str()), (Some("new"), Some("g2")));
        let out = commit(&kind, &batch).await.unwrap();
        assert_eq!((out["written"].as_u64(), out["failed"].as_u64()), (Some(1), Some(2)));
        assert!(kind.stored.lock().unwrap().get("a").is_none(), "nothing of the spoiled group is written");
    }

    #[tokio::test]
    async fn warnings_are_reported_on_valid_rows_and_never_block() {
        let kind = Numbers::default();
        let batch = req(&[("a", "500"), ("b", "5")]);
        let dry = dry_run(&kind, &batch).await.unwrap();
        assert_eq!((dry["rows"][0]["status"].as_str(), &dry["rows"][0]["warnings"]), (Some("new"), &json!(["500 is large"])));
        assert!(dry["rows"][1].get("warnings").is_none(), "no warnings, no field");
        assert_eq!(commit(&kind, &batch).await.unwrap()["written"], 2);
    }

    #[tokio::test]
    async fn rows_sharing_a_related_key_are_warned_of_each_other_and_still_land() {
        let kind = Numbers::default();
        let batch = req(&[("a", "-1"), ("b", "2"), ("c", "-3")]);
        let dry = dry_run(&kind, &batch).await.unwrap();
        let (first, third) = (dry["rows"][0]["row"].as_u64().unwrap(), dry["rows"][2]["row"].as_u64().unwrap());
        assert_eq!(dry["rows"][0]["warnings"], json!([format!("Also on line(s) {third}")]));
        assert_eq!(dry["rows"][2]["warnings"], json!([format!("Also on line(s) {first}")]));
        assert!(dry["rows"][1].get("warnings").is_none());
        assert_eq!(commit(&kind, &batch).await.unwrap()["written"], 3);
    }

    #[test]
    fn bounds_and_summary_text() {
        let mut r = req(&[("a", "1")]);
        r.upload_id = "bad id!".into();
        assert!(r.check(10).is_err());
        let r = req(&[]);
        assert_eq!(r.check(10).unwrap_err().to_string(), "rows must hold between 1 and 10 entries");
        assert_eq!(Summary::default().text(), "No rows");
    }
}
