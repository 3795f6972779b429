//! The upload pipeline every file upload runs on: the browser reads the file
//! and sends its rows; the server checks the whole file in a dry run (each
//! row valid and new, will change, unchanged, or invalid with its messages,
//! plus a diff against the stored data and a summary); then the browser
//! commits in batches, and the server re-checks and writes each batch,
//! answering per row.
//!
//! A retried batch is recognised by idempotency records (see `idempotency`):
//! one per (upload id, row) — or per group, for rows that land together —
//! written in the same transaction as the row's change. A retry with the same
//! content replays the first answer and writes nothing; a row of the same
//! upload with other content is refused (409). Rows that changed nothing get
//! a record too, so a late retry can never undo a later upload's change.
//!
//! Groups (a route on a date) land whole: the dry run reports every row of a
//! touched group as a change and counts each group's rows (`groups`); a commit
//! declares the counts of the groups it holds, and one holding only part of a
//! group is refused. A group is bounded (`UploadKind::max_group_rows`) so it
//! fits one batch and one transaction.
//!
//! An area implements `UploadKind` with its own row rules and writes.
use crate::entity::UploadId;
use crate::history::Change;
use crate::idempotency::{self, Claim, Records, Seen};
use crate::{limits, ApiError};
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};
use std::collections::{BTreeMap, HashMap, HashSet};
use std::future::Future;

/// Rows a dry run takes (the whole file).
pub const MAX_FILE_ROWS: usize = 10_000;
/// Rows one commit call takes: the browser's batch.
pub const MAX_BATCH_ROWS: usize = 100;

/// One row of the file: its line number as the user sees it (header = 1)
/// and its cells by column name.
#[derive(Debug, Clone, Deserialize, Serialize, PartialEq, schemars::JsonSchema)]
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

/// A CSV of these columns, one line per row (a missing cell is empty).
pub fn csv_of(columns: &[&str], rows: &[RawRow]) -> Result<String, ApiError> {
    let mut out = csv::Writer::from_writer(Vec::new());
    out.write_record(columns).map_err(ApiError::internal)?;
    for r in rows {
        out.write_record(columns.iter().map(|c| r.cell(c).unwrap_or_default())).map_err(ApiError::internal)?;
    }
    let bytes = out.into_inner().map_err(ApiError::internal)?;
    String::from_utf8(bytes).map_err(ApiError::internal)
}

/// A column's trimmed text, matching the header loosely (its case, a
/// byte-order mark and spaces around it are ignored); `None` when the row lacks it.
pub fn cell(values: &Map<String, Value>, column: &str) -> Option<String> {
    values
        .iter()
        .find(|(k, _)| k.trim_start_matches('\u{feff}').trim().eq_ignore_ascii_case(column))
        .map(|(_, v)| v.as_str().map(str::to_string).unwrap_or_else(|| v.to_string()).trim().to_string())
}

#[derive(Debug, Clone, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct UploadRequest {
    /// Chosen by the browser once per file (a UUID); the idempotency key.
    pub upload_id: UploadId,
    pub file_name: String,
    pub rows: Vec<RawRow>,
    /// A commit's declaration of each group it holds: the row count the dry
    /// run gave it (kinds whose rows land in groups).
    #[serde(default)]
    pub groups: Option<BTreeMap<String, usize>>,
}

impl UploadRequest {
    /// The request's bounds, before any rule runs.
    pub fn check(&self, max_rows: usize) -> Result<(), ApiError> {
        limits::check_len("fileName", &self.file_name, 200)?;
        limits::check_count("rows", self.rows.len(), max_rows)?;
        // Rows are answered, recorded and retried by number: each names one row.
        let mut seen = HashSet::new();
        match self.rows.iter().find(|r| !seen.insert(r.row)) {
            Some(r) => Err(ApiError::bad_request(format!(
                "Row {} appears more than once: each row of a file has its own number.",
                r.row
            ))),
            None => Ok(()),
        }
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

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, schemars::JsonSchema)]
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

#[derive(Debug, Clone, Serialize, PartialEq, schemars::JsonSchema)]
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

#[derive(Debug, Clone, Default, Serialize, PartialEq, schemars::JsonSchema)]
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
        let parts: Vec<String> =
            [(self.new, "new"), (self.change, "will change"), (self.unchanged, "unchanged"), (self.invalid, "invalid")]
                .iter()
                .filter(|(n, _)| *n > 0)
                .map(|(n, what)| format!("{n} {what}"))
                .collect();
        if parts.is_empty() {
            "No rows".into()
        } else {
            parts.join(", ")
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum CommitStatus {
    /// Written by this call, or by an earlier try of the same upload and row.
    Written,
    Unchanged,
    Failed,
}

#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, schemars::JsonSchema)]
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
    /// The idempotency record of this row, or of its group (on the group's
    /// first row): `write` puts it in the same transaction as the change.
    pub claim: Option<Claim>,
}

/// One area's upload: its row rules, how it reads stored records, how a row
/// compares with them, and how it writes.
pub trait UploadKind: Sync {
    /// The scope of this kind's idempotency records (`prices`...).
    const SCOPE: &'static str;
    /// Whether `write` puts each `claim` in its change's transaction. A kind
    /// whose writes go through another area's service cannot: the pipeline
    /// then records each unit right after it is written.
    const CLAIMS_IN_WRITE: bool = true;
    /// Whether a unit this upload already committed with other content
    /// refuses the whole batch (409), or only fails its own rows while the
    /// rest go on: for an API that answers per unit (`uploadParMaps`).
    const REUSE_REFUSES_BATCH: bool = true;
    /// What a valid row becomes (e.g. a location document).
    type Plan: Send + Sync;
    /// What the rules need, loaded once per check (option lists, or what
    /// the rows name...). A commit loads it while it reads its records.
    type Context: Send + Sync;

    fn context(&self, rows: &[RawRow]) -> impl Future<Output = Result<Self::Context, ApiError>> + Send;
    /// The bounds of one commit call, before any rule runs: by default the
    /// browser's batch of rows of a file with its upload id.
    fn check_batch(&self, req: &UploadRequest) -> Result<(), ApiError> {
        req.check(MAX_BATCH_ROWS)
    }
    /// What an upload id reused with other content names: its rows by
    /// default, or the unit's group (`what` of `idempotency::conflict`).
    fn reused_what(&self, upload_id: &str, _group: Option<&str>, rows: &[u32]) -> String {
        let rows = rows.iter().map(u32::to_string).collect::<Vec<_>>().join(", ");
        format!("Upload {upload_id} row {rows}")
    }
    /// Checks one row, answering its key and plan, or every message that applies.
    fn check(&self, row: &RawRow, ctx: &Self::Context) -> Result<(String, Self::Plan), Vec<String>>;
    /// The stored records under these keys (absent keys are left out).
    fn load(&self, keys: Vec<String>) -> impl Future<Output = Result<HashMap<String, Value>, ApiError>> + Send;
    /// The diff of a row against what is stored (`None` stored: a new record),
    /// or why the row cannot apply to it.
    fn compare(&self, plan: &Self::Plan, stored: Option<&Value>) -> Result<Vec<Change>, String>;
    /// The group a row belongs to, read from its raw cells, for kinds whose
    /// rows land together (a route on a date). A group with an invalid row is
    /// invalid as a whole, and every valid row of a group reaches `write`
    /// together, unchanged ones too. `None`: rows stand alone.
    fn group_of(&self, _row: &RawRow) -> Option<String> {
        None
    }
    /// The group of a stored record that `load` answered (a route's other
    /// stops): a group with a stored record the file lacks is touched, since
    /// landing the group removes that record.
    fn group_of_key(&self, _key: &str) -> Option<String> {
        None
    }
    /// The most rows one group may hold: it must fit one commit batch and one
    /// transaction with its other items.
    fn max_group_rows(&self) -> usize {
        MAX_BATCH_ROWS
    }
    /// Why a group of `rows` rows is refused (over `max_group_rows`).
    fn group_too_large(&self, group: &str, rows: usize, max: usize) -> String {
        format!("Group {group} has {rows} rows; a group can have at most {max}.")
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
        let first = lines.first().copied().unwrap_or(row);
        let second = if row == first { lines.get(1).copied().unwrap_or(row) } else { row };
        format!("Duplicated records: Lines {first} and {second}")
    }
    /// Writes the rows, each whole or not at all, and answers each row's
    /// result. A row's (or its group's) `claim` goes in the same transaction
    /// as its change; a row answered unchanged writes nothing (its record is
    /// kept by the pipeline).
    fn write(
        &self,
        rows: Vec<Planned<Self::Plan>>,
        req: &UploadRequest,
    ) -> impl Future<Output = Result<Vec<CommitResult>, ApiError>> + Send;
}

/// What `checked` found: each row's report, the rows ready to write, and the
/// groups that landing would change (a row new or changed, or a stored
/// record of the group that the file lacks).
struct Checked<P> {
    reports: Vec<RowReport>,
    ready: Vec<Planned<P>>,
    touched: HashSet<String>,
}

/// Checks every row and compares it with the stored data. Duplicate keys in
/// the file make both rows invalid; a group over its bound is invalid whole.
async fn checked<K: UploadKind>(kind: &K, req: &UploadRequest) -> Result<Checked<K::Plan>, ApiError> {
    let ctx = kind.context(&req.rows).await?;
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
        let rows = rows_of.get(&key).map(Vec::as_slice).unwrap_or_default();
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
                ready.push(Planned { row: report.row, key, plan, stored: current, claim: None });
            }
            Err(message) => report.messages = vec![message],
        }
    }
    for (i, related) in related_of {
        let report = &mut reports[i];
        let others: Vec<u32> =
            related_rows.get(&related).into_iter().flatten().copied().filter(|r| *r != report.row).collect();
        if report.status != RowStatus::Invalid && !others.is_empty() {
            report.warnings.push(kind.related_warning(report.row, &others));
        }
    }
    refuse_large_groups(kind, &mut reports);
    spoil_groups(&mut reports, &mut ready);
    // What stays in `stored` is what the file does not name: records its groups would remove.
    let mut touched: HashSet<String> = stored.keys().filter_map(|k| kind.group_of_key(k)).collect();
    touched.extend(
        reports
            .iter()
            .filter(|r| matches!(r.status, RowStatus::New | RowStatus::Change))
            .filter_map(|r| r.group.clone()),
    );
    Ok(Checked { reports, ready, touched })
}

/// Each group's row count in these reports.
fn group_sizes(reports: &[RowReport]) -> BTreeMap<String, usize> {
    let mut sizes = BTreeMap::new();
    for g in reports.iter().filter_map(|r| r.group.as_ref()) {
        *sizes.entry(g.clone()).or_insert(0) += 1;
    }
    sizes
}

/// A group over the kind's bound is invalid whole, said on each of its rows.
fn refuse_large_groups<K: UploadKind>(kind: &K, reports: &mut [RowReport]) {
    let max = kind.max_group_rows();
    for (group, rows) in group_sizes(reports).into_iter().filter(|(_, n)| *n > max) {
        let message = kind.group_too_large(&group, rows, max);
        for r in reports.iter_mut().filter(|r| r.group.as_deref() == Some(group.as_str())) {
            r.status = RowStatus::Invalid;
            r.messages = vec![message.clone()];
            r.diff.clear();
        }
    }
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
    for r in reports.iter_mut().filter(|r| r.status != RowStatus::Invalid) {
        if let Some(bad) = r.group.as_ref().and_then(|g| first_bad.get(g)) {
            r.status = RowStatus::Invalid;
            r.messages = vec![format!(
                "Not written: row {bad} of the same group is invalid, and a group lands whole or not at all."
            )];
            r.diff.clear();
        }
    }
    let spoiled: HashSet<u32> = reports.iter().filter(|r| r.status == RowStatus::Invalid).map(|r| r.row).collect();
    ready.retain(|p| !spoiled.contains(&p.row));
}

fn invalid(row: u32, key: Option<String>, group: Option<String>, messages: Vec<String>) -> RowReport {
    RowReport { row, key, group, status: RowStatus::Invalid, messages, warnings: vec![], diff: vec![] }
}

/// What a dry run answers (the wire shape of every upload's dry run).
#[derive(Debug, Clone, Serialize, PartialEq, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct DryRun {
    pub upload_id: String,
    pub rows: Vec<RowReport>,
    pub summary: Summary,
    pub summary_text: String,
    /// Each group's row count, when the kind groups rows.
    #[serde(skip_serializing_if = "BTreeMap::is_empty")]
    pub groups: BTreeMap<String, usize>,
}

/// What a commit answers: each row's outcome and the counts.
#[derive(Debug, Clone, Serialize, PartialEq, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct Committed {
    pub upload_id: String,
    pub results: Vec<CommitResult>,
    pub written: usize,
    pub failed: usize,
    /// Each refused row's rule messages as a list (a result's `message`
    /// joins them), for an answer that lists them; not on the wire.
    #[serde(skip)]
    pub messages: BTreeMap<u32, Vec<String>>,
}

/// The dry run: every row's status, messages and diff, the summary, and each
/// group's row count. Every row of a touched group is a change: the group is
/// sent and replaced whole.
pub async fn dry_run<K: UploadKind>(kind: &K, req: &UploadRequest) -> Result<DryRun, ApiError> {
    dry_run_planned(kind, req).await.map(|(dry, _)| dry)
}

/// [`dry_run`], with the plans of the rows that would land (valid, in a
/// group that can land), in file order: for a kind whose answer also says
/// what a commit will send (the orders of a par file).
pub async fn dry_run_planned<K: UploadKind>(
    kind: &K,
    req: &UploadRequest,
) -> Result<(DryRun, Vec<Planned<K::Plan>>), ApiError> {
    req.check(MAX_FILE_ROWS)?;
    let Checked { mut reports, ready, touched } = checked(kind, req).await?;
    for r in reports.iter_mut().filter(|r| r.status == RowStatus::Unchanged) {
        if r.group.as_ref().is_some_and(|g| touched.contains(g)) {
            r.status = RowStatus::Change;
        }
    }
    let summary = Summary::of(&reports);
    let groups = group_sizes(&reports);
    let dry =
        DryRun { upload_id: req.upload_id.to_string(), summary_text: summary.text(), summary, rows: reports, groups };
    Ok((dry, ready))
}

/// Writes rows one at a time, `in_flight` at once, each answered written or
/// failed with its error: for kinds whose rows land alone. `write` takes a
/// row and gives it back with its outcome.
pub async fn write_each<P, W, Fut>(rows: Vec<Planned<P>>, in_flight: usize, write: W) -> Vec<CommitResult>
where
    W: Fn(Planned<P>) -> Fut,
    Fut: Future<Output = (Planned<P>, Result<(), ApiError>)>,
{
    use futures::{stream, StreamExt};
    stream::iter(rows)
        .map(write)
        .buffered(in_flight.max(1))
        .map(|(p, outcome)| {
            let (status, message) = match outcome {
                Ok(()) => (CommitStatus::Written, None),
                Err(e) => (CommitStatus::Failed, Some(e.to_string())),
            };
            CommitResult { row: p.row, key: Some(p.key), status, message }
        })
        .collect()
        .await
}

/// Each group of these rows with its row count, as a commit declares them.
/// For callers whose API has no declaration (schedulePlanogramUpdate) and
/// whose groups only add records, so a partial group removes nothing.
pub fn own_groups<K: UploadKind>(kind: &K, rows: &[RawRow]) -> Option<BTreeMap<String, usize>> {
    let mut sizes = BTreeMap::new();
    for g in rows.iter().filter_map(|r| kind.group_of(r)) {
        *sizes.entry(g).or_insert(0) += 1;
    }
    (!sizes.is_empty()).then_some(sizes)
}

/// The rows that are recorded and replayed together: a group, or one row.
struct Unit {
    part: String,
    /// The group the unit is, if it is one.
    group: Option<String>,
    rows: Vec<u32>,
    digest: String,
}

/// The batch's units, refusing a batch that holds part of a group: each group
/// present must bring exactly the row count its declaration (from the dry
/// run) gives.
fn units_of<K: UploadKind>(kind: &K, req: &UploadRequest) -> Result<Vec<Unit>, ApiError> {
    let mut groups: BTreeMap<String, Vec<&RawRow>> = BTreeMap::new();
    let mut units = Vec::new();
    for raw in &req.rows {
        match kind.group_of(raw) {
            Some(g) => groups.entry(g).or_default().push(raw),
            None => units.push(Unit {
                part: format!("row#{}", raw.row),
                group: None,
                rows: vec![raw.row],
                digest: idempotency::digest(&(raw.row, &raw.values)),
            }),
        }
    }
    for (group, rows) in groups {
        let declared = req.groups.as_ref().and_then(|d| d.get(&group)).copied();
        const WHOLE: &str = "A group is sent whole, in one batch, with its row count from the dry run.";
        match declared {
            Some(n) if n == rows.len() => {}
            Some(n) => {
                return Err(ApiError::bad_request(format!(
                    "Group {group}: this batch holds {} of its {n} rows. {WHOLE}",
                    rows.len()
                )))
            }
            None => {
                return Err(ApiError::bad_request(format!(
                    "Group {group}: this batch does not declare its row count (groups). {WHOLE}"
                )))
            }
        }
        let content: Vec<(u32, &Map<String, Value>)> = rows.iter().map(|r| (r.row, &r.values)).collect();
        units.push(Unit {
            part: format!("group#{group}"),
            rows: rows.iter().map(|r| r.row).collect(),
            digest: idempotency::digest(&content),
            group: Some(group),
        });
    }
    Ok(units)
}

/// Commits one batch. Rows (or groups) this upload already committed with the
/// same content are answered as then; with other content the batch is refused
/// (409). The rest are re-checked (the server enforces the rules whatever the
/// browser says): unchanged ones are recorded, changed ones written with their
/// record, and each row answered.
pub async fn commit<K: UploadKind, R: Records>(
    kind: &K,
    req: &UploadRequest,
    records: &R,
) -> Result<Committed, ApiError> {
    kind.check_batch(req)?;
    let units = units_of(kind, req)?;
    let pk = format!("{}#{}", K::SCOPE, req.upload_id);
    let all_units = units.len();
    // The records and the batch's check are read at once: a first try (the
    // usual case) needs both. A retry that finds records checks its fresh
    // rows again, on their own; a check that failed matters only then.
    let (found, whole_check) =
        futures::join!(records.get(&pk, units.iter().map(|u| u.part.clone()).collect()), checked(kind, req));
    let found = found?;
    let mut results: Vec<CommitResult> = Vec::new();
    let mut messages = BTreeMap::new();
    let mut fresh: Vec<Unit> = Vec::new();
    for unit in units {
        match found.get(&unit.part).map(|c| c.seen_by(&unit.digest)) {
            Some(Seen::Replay(answer)) => results.extend(replayed(answer)),
            Some(Seen::Conflict) if K::REUSE_REFUSES_BATCH => return Err(reused(kind, req, &unit)),
            Some(Seen::Conflict) => {
                let e = reused(kind, req, &unit).to_string();
                results.extend(unit.rows.iter().map(|&row| CommitResult {
                    row,
                    key: None,
                    status: CommitStatus::Failed,
                    message: Some(e.clone()),
                }))
            }
            _ => fresh.push(unit),
        }
    }
    if !fresh.is_empty() && fresh.len() == all_units {
        let (answers, refused) = commit_fresh(kind, req, records, fresh, whole_check?).await?;
        results.extend(answers);
        messages = refused;
    } else if !fresh.is_empty() {
        let rows: HashSet<u32> = fresh.iter().flat_map(|u| u.rows.iter().copied()).collect();
        let sub =
            UploadRequest { rows: req.rows.iter().filter(|r| rows.contains(&r.row)).cloned().collect(), ..req.clone() };
        let checked_fresh = checked(kind, &sub).await?;
        let (answers, refused) = commit_fresh(kind, &sub, records, fresh, checked_fresh).await?;
        results.extend(answers);
        messages = refused;
    }
    results.sort_by_key(|r| r.row);
    let written = results.iter().filter(|r| r.status == CommitStatus::Written).count();
    let failed = results.iter().filter(|r| r.status == CommitStatus::Failed).count();
    Ok(Committed { upload_id: req.upload_id.to_string(), results, written, failed, messages })
}

fn replayed(answer: Value) -> Vec<CommitResult> {
    serde_json::from_value(answer).unwrap_or_default()
}

fn reused<K: UploadKind>(kind: &K, req: &UploadRequest, unit: &Unit) -> ApiError {
    idempotency::conflict(&kind.reused_what(req.upload_id.as_str(), unit.group.as_deref(), &unit.rows))
}

/// The rows of units without a record, checked (`checked` of exactly these
/// rows): recorded or written. Answers each row, and the rule messages of
/// each refused row.
async fn commit_fresh<K: UploadKind, R: Records>(
    kind: &K,
    req: &UploadRequest,
    records: &R,
    units: Vec<Unit>,
    Checked { reports, ready, .. }: Checked<K::Plan>,
) -> Result<(Vec<CommitResult>, BTreeMap<u32, Vec<String>>), ApiError> {
    let now = crate::fridge_time::now().timestamp();
    let refused: BTreeMap<u32, Vec<String>> =
        reports.iter().filter(|r| r.status == RowStatus::Invalid).map(|r| (r.row, r.messages.clone())).collect();
    let unit_of: HashMap<u32, usize> =
        units.iter().enumerate().flat_map(|(i, u)| u.rows.iter().map(move |r| (*r, i))).collect();
    let mut results: Vec<CommitResult> = reports
        .iter()
        .filter(|r| r.status == RowStatus::Invalid)
        .map(|r| CommitResult {
            row: r.row,
            key: r.key.clone(),
            status: CommitStatus::Failed,
            message: Some(r.messages.join("; ")),
        })
        .collect();
    let status_of: HashMap<u32, RowStatus> = reports.iter().map(|r| (r.row, r.status)).collect();
    let mut to_write: Vec<Planned<K::Plan>> = Vec::new();
    let mut claimed: HashSet<usize> = HashSet::new();
    for mut p in ready {
        let Some(&u) = unit_of.get(&p.row) else { continue };
        let unit = &units[u];
        let lone = unit.group.is_none();
        if lone && status_of.get(&p.row) == Some(&RowStatus::Unchanged) {
            let answer =
                vec![CommitResult { row: p.row, key: Some(p.key), status: CommitStatus::Unchanged, message: None }];
            results.extend(record(kind, records, req, unit, answer, now).await?);
            continue;
        }
        if claimed.insert(u) {
            // The answer a retry replays: every row of the unit written.
            let answer: Vec<CommitResult> = unit
                .rows
                .iter()
                .map(|r| written(*r, reports.iter().find(|x| x.row == *r).and_then(|x| x.key.clone())))
                .collect();
            p.claim = Some(Claim::new(
                K::SCOPE,
                req.upload_id.as_str(),
                &unit.part,
                unit.digest.clone(),
                &serde_json::json!(answer),
                now,
            ));
        }
        to_write.push(p);
    }
    if to_write.is_empty() {
        return Ok((results, refused));
    }
    let written_units: HashSet<usize> = to_write.iter().filter_map(|p| unit_of.get(&p.row).copied()).collect();
    let outcome = kind.write(to_write, req).await?;
    // Per unit: written (its record landed with it), unchanged (record it now), or failed.
    for u in written_units {
        let unit = &units[u];
        let answers: Vec<CommitResult> = outcome.iter().filter(|r| unit.rows.contains(&r.row)).cloned().collect();
        if answers.iter().all(|r| r.status == CommitStatus::Unchanged) {
            results.extend(record(kind, records, req, unit, answers, now).await?);
        } else if answers.iter().any(|r| r.status == CommitStatus::Failed) {
            // A racing try of the same upload may have landed it meanwhile.
            let found = records.get(&format!("{}#{}", K::SCOPE, req.upload_id), vec![unit.part.clone()]).await?;
            match found.get(&unit.part).map(|c| c.seen_by(&unit.digest)) {
                Some(Seen::Replay(answer)) => results.extend(replayed(answer)),
                Some(Seen::Conflict) => results.extend(failed_with(&answers, reused(kind, req, unit))),
                _ => results.extend(answers),
            }
        } else if !K::CLAIMS_IN_WRITE {
            results.extend(record(kind, records, req, unit, answers, now).await?);
        } else {
            results.extend(answers);
        }
    }
    Ok((results, refused))
}

fn written(row: u32, key: Option<String>) -> CommitResult {
    CommitResult { row, key, status: CommitStatus::Written, message: None }
}

fn failed_with(answers: &[CommitResult], e: ApiError) -> Vec<CommitResult> {
    answers
        .iter()
        .map(|r| CommitResult { status: CommitStatus::Failed, message: Some(e.to_string()), ..r.clone() })
        .collect()
}

/// Records a unit that changed nothing, so a retry replays it even after a
/// later upload changed the same records.
async fn record<K: UploadKind, R: Records>(
    kind: &K,
    records: &R,
    req: &UploadRequest,
    unit: &Unit,
    answer: Vec<CommitResult>,
    now: i64,
) -> Result<Vec<CommitResult>, ApiError> {
    let claim =
        Claim::new(K::SCOPE, req.upload_id.as_str(), &unit.part, unit.digest.clone(), &serde_json::json!(answer), now);
    Ok(match records.put(&claim).await? {
        Seen::New => answer,
        Seen::Replay(first) => replayed(first),
        Seen::Conflict => failed_with(&answer, reused(kind, req, unit)),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;
    use std::sync::Mutex;

    fn csv_row(values: serde_json::Value) -> RawRow {
        RawRow { row: 2, values: values.as_object().cloned().unwrap() }
    }

    #[test]
    fn the_csv_writer_quotes_what_needs_quoting() {
        let rows = [csv_row(json!({ "a": "plain", "b": "with, comma" })), csv_row(json!({ "a": "say \"hi\"\nthen" }))];
        assert_eq!(csv_of(&["a", "b"], &rows).unwrap(), "a,b\nplain,\"with, comma\"\n\"say \"\"hi\"\"\nthen\",\n");
    }

    /// Rows `{id, n}`: n must be a number; stored maps id -> n.
    #[derive(Default)]
    struct Numbers {
        stored: Mutex<HashMap<String, Value>>,
        writes: Mutex<usize>,
        records: idempotency::MemoryRecords,
        /// Keys of a group `load` also answers (a group's stored members).
        members: Mutex<HashMap<String, String>>,
    }

    impl UploadKind for Numbers {
        const SCOPE: &'static str = "numbers";
        type Plan = i64;
        type Context = ();
        async fn context(&self, _rows: &[RawRow]) -> Result<(), ApiError> {
            Ok(())
        }
        fn check(&self, row: &RawRow, _: &()) -> Result<(String, i64), Vec<String>> {
            let id = row.values.get("id").and_then(Value::as_str).filter(|s| !s.is_empty());
            let n = row.values.get("n").and_then(Value::as_str).and_then(|s| s.parse().ok());
            match (id, n) {
                (Some(id), Some(n)) => Ok((id.to_string(), n)),
                (id, n) => {
                    Err([id.is_none().then_some("id cannot be empty"), n.is_none().then_some("n must be a number")]
                        .into_iter()
                        .flatten()
                        .map(str::to_string)
                        .collect())
                }
            }
        }
        async fn load(&self, keys: Vec<String>) -> Result<HashMap<String, Value>, ApiError> {
            tokio::task::yield_now().await; // lets racing tries interleave, as on a network
            let s = self.stored.lock().unwrap();
            let members = self.members.lock().unwrap();
            let mut found: HashMap<String, Value> =
                keys.into_iter().filter_map(|k| s.get(&k).map(|v| (k, v.clone()))).collect();
            found.extend(members.keys().filter_map(|k| s.get(k).map(|v| (k.clone(), v.clone()))));
            Ok(found)
        }
        fn group_of_key(&self, key: &str) -> Option<String> {
            self.members.lock().unwrap().get(key).cloned()
        }
        fn max_group_rows(&self) -> usize {
            3
        }
        fn compare(&self, plan: &i64, stored: Option<&Value>) -> Result<Vec<Change>, String> {
            Ok(match stored {
                Some(s) if s["n"] == json!(plan) => vec![],
                s => vec![Change {
                    attribute: "n".into(),
                    old_value: s.map(|s| s["n"].to_string()).unwrap_or("null".into()),
                    new_value: plan.to_string(),
                    reason: None,
                }],
            })
        }
        fn group_of(&self, row: &RawRow) -> Option<String> {
            row.values.get("g").and_then(Value::as_str).map(str::to_string)
        }
        fn warnings(&self, plan: &i64) -> Vec<String> {
            if *plan > 100 {
                vec![format!("{plan} is large")]
            } else {
                vec![]
            }
        }
        fn related_key(&self, plan: &i64) -> Option<String> {
            (*plan < 0).then(|| "negative".to_string())
        }
        /// Each row with its claim, as one transaction would: none lands when the claim exists.
        async fn write(&self, rows: Vec<Planned<i64>>, req: &UploadRequest) -> Result<Vec<CommitResult>, ApiError> {
            let mut s = self.stored.lock().unwrap();
            Ok(rows
                .into_iter()
                .map(|p| {
                    let claimed = p.claim.as_ref().map(|c| self.records.insert(c)).unwrap_or(Ok(()));
                    let status = if claimed.is_ok() {
                        *self.writes.lock().unwrap() += 1;
                        s.insert(p.key.clone(), json!({"n": p.plan, "upload": req.marker(p.row)}));
                        CommitStatus::Written
                    } else {
                        CommitStatus::Failed
                    };
                    CommitResult { row: p.row, key: Some(p.key), status, message: claimed.err().map(|e| e.to_string()) }
                })
                .collect())
        }
    }

    fn req(rows: &[(&str, &str)]) -> UploadRequest {
        UploadRequest {
            upload_id: UploadId::parse("u-1").unwrap(),
            file_name: "f.csv".into(),
            rows: rows
                .iter()
                .enumerate()
                .map(|(i, (id, n))| RawRow {
                    row: i as u32 + 2,
                    values: json!({"id": id, "n": n}).as_object().cloned().unwrap(),
                })
                .collect(),
            groups: None,
        }
    }

    /// The commit's answer on the wire.
    async fn commit_to(kind: &Numbers, batch: &UploadRequest) -> Result<Value, ApiError> {
        commit(kind, batch, &kind.records).await.map(|c| json!(c))
    }

    /// The dry run's answer on the wire.
    async fn dry_run(kind: &Numbers, batch: &UploadRequest) -> Result<Value, ApiError> {
        super::dry_run(kind, batch).await.map(|d| json!(d))
    }

    /// Rows in groups `g`, with the counts a dry run would give.
    fn grouped(rows: &[(&str, &str, &str)]) -> UploadRequest {
        let mut r = req(&rows.iter().map(|(id, n, _)| (*id, *n)).collect::<Vec<_>>());
        for (raw, (_, _, g)) in r.rows.iter_mut().zip(rows) {
            raw.values.insert("g".into(), json!(g));
        }
        let mut counts = BTreeMap::new();
        for (_, _, g) in rows {
            *counts.entry(g.to_string()).or_insert(0) += 1;
        }
        r.groups = Some(counts);
        r
    }

    #[tokio::test]
    async fn a_dry_run_reports_each_row_against_the_store_and_writes_nothing() {
        let kind = Numbers::default();
        kind.stored.lock().unwrap().insert("a".into(), json!({"n": 1}));
        kind.stored.lock().unwrap().insert("b".into(), json!({"n": 2}));
        let out = dry_run(&kind, &req(&[("a", "1"), ("b", "5"), ("c", "3"), ("", "x"), ("d", "1"), ("d", "2")]))
            .await
            .unwrap();
        let statuses: Vec<&str> =
            out["rows"].as_array().unwrap().iter().map(|r| r["status"].as_str().unwrap()).collect();
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
        let first = commit_to(&kind, &batch).await.unwrap();
        assert_eq!((first["written"].as_u64(), first["failed"].as_u64()), (Some(2), Some(1)));
        assert_eq!(first["results"][1]["message"], "n must be a number");
        let again = commit_to(&kind, &batch).await.unwrap();
        assert_eq!(again["results"], first["results"], "a retry answers the same");
        assert_eq!(*kind.writes.lock().unwrap(), 2, "and writes nothing again");
    }

    #[tokio::test]
    async fn a_group_with_an_invalid_row_is_refused_whole_and_others_land() {
        let kind = Numbers::default();
        let batch = grouped(&[("a", "1", "g1"), ("b", "oops", "g1"), ("c", "3", "g2")]);
        let dry = dry_run(&kind, &batch).await.unwrap();
        assert_eq!(dry["rows"][0]["status"], "invalid");
        assert_eq!(
            dry["rows"][0]["messages"][0],
            "Not written: row 3 of the same group is invalid, and a group lands whole or not at all."
        );
        assert_eq!((dry["rows"][2]["status"].as_str(), dry["rows"][2]["group"].as_str()), (Some("new"), Some("g2")));
        let out = commit_to(&kind, &batch).await.unwrap();
        assert_eq!((out["written"].as_u64(), out["failed"].as_u64()), (Some(1), Some(2)));
        assert!(kind.stored.lock().unwrap().get("a").is_none(), "nothing of the spoiled group is written");
    }

    #[tokio::test]
    async fn warnings_are_reported_on_valid_rows_and_never_block() {
        let kind = Numbers::default();
        let batch = req(&[("a", "500"), ("b", "5")]);
        let dry = dry_run(&kind, &batch).await.unwrap();
        assert_eq!(
            (dry["rows"][0]["status"].as_str(), &dry["rows"][0]["warnings"]),
            (Some("new"), &json!(["500 is large"]))
        );
        assert!(dry["rows"][1].get("warnings").is_none(), "no warnings, no field");
        assert_eq!(commit_to(&kind, &batch).await.unwrap()["written"], 2);
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
        assert_eq!(commit_to(&kind, &batch).await.unwrap()["written"], 3);
    }

    #[tokio::test]
    async fn a_late_retry_replays_its_answer_and_never_undoes_a_later_change() {
        let kind = Numbers::default();
        let a = req(&[("p1", "350"), ("p2", "1")]);
        let first = commit_to(&kind, &a).await.unwrap();
        let mut b = req(&[("p1", "525")]);
        b.upload_id = UploadId::parse("u-2").unwrap();
        assert_eq!(commit_to(&kind, &b).await.unwrap()["written"], 1);
        let again = commit_to(&kind, &a).await.unwrap();
        assert_eq!(again, first, "the retry answers what the first try answered");
        assert_eq!(kind.stored.lock().unwrap()["p1"]["n"], 525, "and the later change stands");
        assert_eq!(*kind.writes.lock().unwrap(), 3);
    }

    #[tokio::test]
    async fn an_unchanged_row_is_recorded_so_its_retry_changes_nothing_later() {
        let kind = Numbers::default();
        kind.stored.lock().unwrap().insert("p1".into(), json!({"n": 350}));
        let a = req(&[("p1", "350")]);
        assert_eq!(commit_to(&kind, &a).await.unwrap()["results"][0]["status"], "unchanged");
        kind.stored.lock().unwrap().insert("p1".into(), json!({"n": 525})); // a later upload
        assert_eq!(commit_to(&kind, &a).await.unwrap()["results"][0]["status"], "unchanged");
        assert_eq!(kind.stored.lock().unwrap()["p1"]["n"], 525);
    }

    #[tokio::test]
    async fn the_same_upload_and_row_with_other_content_is_refused() {
        let kind = Numbers::default();
        commit_to(&kind, &req(&[("p1", "350")])).await.unwrap();
        let err = commit_to(&kind, &req(&[("p1", "999")])).await.unwrap_err();
        assert_eq!(err.status(), 409);
        assert_eq!(
            err.to_string(),
            "Upload u-1 row 2 was already used with other content. Send new content with a new id."
        );
        assert_eq!(kind.stored.lock().unwrap()["p1"]["n"], 350);
    }

    #[tokio::test]
    async fn racing_tries_of_one_batch_write_it_once() {
        let kind = Numbers::default();
        let a = req(&[("p1", "350"), ("p2", "7")]);
        let (x, y) = tokio::join!(commit_to(&kind, &a), commit_to(&kind, &a));
        assert_eq!((x.unwrap()["written"].as_u64(), y.unwrap()["written"].as_u64()), (Some(2), Some(2)));
        assert_eq!(*kind.writes.lock().unwrap(), 2);
    }

    #[tokio::test]
    async fn a_touched_group_is_a_change_in_every_row_and_counted() {
        let kind = Numbers::default();
        for (k, n) in [("a", 1), ("b", 2), ("c", 3)] {
            kind.stored.lock().unwrap().insert(k.into(), json!({"n": n}));
        }
        let dry = dry_run(&kind, &grouped(&[("a", "1", "r1"), ("b", "9", "r1"), ("c", "3", "r2")])).await.unwrap();
        let statuses: Vec<&str> =
            dry["rows"].as_array().unwrap().iter().map(|r| r["status"].as_str().unwrap()).collect();
        assert_eq!(statuses, vec!["change", "change", "unchanged"], "a's own diff is empty, but its group changes");
        assert_eq!(dry["groups"], json!({"r1": 2, "r2": 1}));
        // A stored member the file lacks touches its group too: landing it removes that member.
        kind.members.lock().unwrap().insert("d".into(), "r2".into());
        kind.stored.lock().unwrap().insert("d".into(), json!({"n": 4}));
        let dry = dry_run(&kind, &grouped(&[("c", "3", "r2")])).await.unwrap();
        assert_eq!(dry["rows"][0]["status"], "change");
        assert!(dry_run(&kind, &req(&[("c", "3")])).await.unwrap().get("groups").is_none());
    }

    #[tokio::test]
    async fn a_commit_holding_part_of_a_group_is_refused() {
        let kind = Numbers::default();
        let whole = grouped(&[("a", "1", "r1"), ("b", "2", "r1"), ("c", "3", "r1")]);
        let mut part = whole.clone();
        part.rows.truncate(1);
        let err = commit_to(&kind, &part).await.unwrap_err();
        assert_eq!(err.status(), 400);
        assert!(err.to_string().starts_with("Group r1: this batch holds 1 of its 3 rows."), "{err}");
        let mut undeclared = whole.clone();
        undeclared.groups = None;
        assert_eq!(commit_to(&kind, &undeclared).await.unwrap_err().status(), 400);
        assert_eq!(*kind.writes.lock().unwrap(), 0);
        assert_eq!(commit_to(&kind, &whole).await.unwrap()["written"], 3);
        assert_eq!(commit_to(&kind, &whole).await.unwrap()["written"], 3, "a retry of the group replays");
        assert_eq!(*kind.writes.lock().unwrap(), 3);
    }

    #[tokio::test]
    async fn a_group_over_its_bound_is_refused_in_the_dry_run() {
        let kind = Numbers::default();
        let dry = dry_run(
            &kind,
            &grouped(&[("a", "1", "r1"), ("b", "2", "r1"), ("c", "3", "r1"), ("d", "4", "r1"), ("e", "5", "r2")]),
        )
        .await
        .unwrap();
        assert_eq!(dry["rows"][0]["status"], "invalid");
        assert_eq!(dry["rows"][0]["messages"], json!(["Group r1 has 4 rows; a group can have at most 3."]));
        assert_eq!(dry["rows"][4]["status"], "new");
    }

    #[tokio::test]
    async fn two_rows_with_one_number_are_refused_not_a_panic() {
        let kind = Numbers::default();
        let mut r = req(&[("a", "1"), ("a", "1")]);
        r.rows[1].row = r.rows[0].row;
        let err = dry_run(&kind, &r).await.unwrap_err();
        assert_eq!(
            (err.status(), err.to_string()),
            (400, "Row 2 appears more than once: each row of a file has its own number.".to_string())
        );
        assert_eq!(commit_to(&kind, &r).await.unwrap_err().status(), 400);
    }

    /// `Numbers` answered per unit: a reused upload row fails alone, under its own bounds.
    struct PerUnit(Numbers);

    impl UploadKind for PerUnit {
        const SCOPE: &'static str = "numbers";
        const REUSE_REFUSES_BATCH: bool = false;
        type Plan = i64;
        type Context = ();
        async fn context(&self, _rows: &[RawRow]) -> Result<(), ApiError> {
            Ok(())
        }
        fn check_batch(&self, req: &UploadRequest) -> Result<(), ApiError> {
            limits::check_count("groups", req.rows.len(), 2)
        }
        fn reused_what(&self, upload_id: &str, _group: Option<&str>, rows: &[u32]) -> String {
            format!("Upload {upload_id} for number {rows:?}")
        }
        fn check(&self, row: &RawRow, ctx: &()) -> Result<(String, i64), Vec<String>> {
            self.0.check(row, ctx)
        }
        async fn load(&self, keys: Vec<String>) -> Result<HashMap<String, Value>, ApiError> {
            self.0.load(keys).await
        }
        fn compare(&self, plan: &i64, stored: Option<&Value>) -> Result<Vec<Change>, String> {
            self.0.compare(plan, stored)
        }
        async fn write(&self, rows: Vec<Planned<i64>>, req: &UploadRequest) -> Result<Vec<CommitResult>, ApiError> {
            self.0.write(rows, req).await
        }
    }

    #[tokio::test]
    async fn a_kind_answering_per_unit_fails_a_reused_row_alone_and_lists_each_refusals_messages() {
        let kind = PerUnit(Numbers::default());
        commit(&kind, &req(&[("p1", "350")]), &kind.0.records).await.unwrap();
        let out = commit(&kind, &req(&[("p1", "999"), ("", "x")]), &kind.0.records).await.unwrap();
        assert_eq!(out.results[0].status, CommitStatus::Failed);
        assert_eq!(
            out.results[0].message.as_deref(),
            Some("Upload u-1 for number [2] was already used with other content. Send new content with a new id.")
        );
        assert_eq!(out.messages[&3], ["id cannot be empty", "n must be a number"], "as a list");
        assert_eq!(json!(out).get("messages"), None, "not on the wire");
        assert_eq!(kind.0.stored.lock().unwrap()["p1"]["n"], 350);
        let err = commit(&kind, &req(&[("a", "1"), ("b", "2"), ("c", "3")]), &kind.0.records).await.unwrap_err();
        assert_eq!(err.to_string(), "groups must hold between 1 and 2 entries", "the kind's own bounds");
    }

    #[tokio::test]
    async fn a_dry_run_can_answer_the_plans_that_would_land() {
        let kind = Numbers::default();
        let (dry, ready) =
            dry_run_planned(&kind, &grouped(&[("a", "1", "g1"), ("b", "x", "g1"), ("c", "3", "g2")])).await.unwrap();
        assert_eq!(dry.summary.invalid, 2);
        assert_eq!(ready.iter().map(|p| (p.row, p.plan)).collect::<Vec<_>>(), [(4, 3)], "spoiled groups left out");
    }

    #[test]
    fn bounds_and_summary_text() {
        // The upload id parsed itself on the way in (`UploadId`), with its own message.
        let bad: Result<UploadRequest, _> =
            serde_json::from_value(serde_json::json!({ "uploadId": "bad id!", "fileName": "f", "rows": [] }));
        assert!(bad.unwrap_err().to_string().contains("must be letters, digits and dashes"));
        let r = req(&[]);
        assert_eq!(r.check(10).unwrap_err().to_string(), "rows must hold between 1 and 10 entries");
        assert_eq!(Summary::default().text(), "No rows");
    }
}
