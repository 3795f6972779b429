//! The layering rules of the codebase (issue 21), checked on the source text
//! of every crate, without the emulator:
//! (a) only store modules build AWS SDK requests;
//! (b) only the locations area reads a location by string path;
//! (c) the modules of one crate import each other in one direction only;
//! (d) handlers move onto the typed contract (issue 40), never back;
//! (e) only store modules open a table (`deps.table(..)`, issue 40).
//! Each test lists every offender it finds.
use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Path, PathBuf};

/// The store layer is the folder `shared/src/store/`: every file there may build
/// SDK requests. Outside it, these shared files name the SDK too, each for its
/// reason (none of them is a table's store that belongs in the folder):
const SDK_OUTSIDE_THE_STORE: &[(&str, &str)] = &[
    ("runtime/deps.rs", "builds the clients once per cold start; every store borrows them"),
    ("runtime/error.rs", "turns the SDK's errors into API errors, for every caller"),
    ("runtime/calls.rs", "records what each SDK call needs of IAM, from its typed input (the IAM check)"),
    ("runtime/usage.rs", "the SDK interceptor that counts calls"),
    ("runtime/s3.rs", "the S3 client the functions call, aws-sdk-s3 behind it"),
    ("runtime/s3/tests.rs", "its tests, with a stub's client"),
    ("runtime/permissions.rs", "the permission gate: the registry's edge asks it before any handler runs"),
    ("runtime/flags.rs", "the feature-flag gate, asked at the edge like the permission gate"),
    ("pieces/parking.rs", "parks a queue's bad records: the piece is its one write"),
    ("pieces/history.rs", "a change's record, its diff and its put are one piece, shared by every area's writes"),
    ("pieces/scheduler.rs", "its conditional claims are the scheduler's locking protocol, not a table's reads"),
    ("pieces/scheduler/wake.rs", "sends the scheduler's delayed wake-ups: the piece's one write, as parking's is"),
];

/// Whether a shared file (path under `shared/src/`) may build SDK requests.
fn shared_file_may_use_the_sdk(rel: &str) -> bool {
    rel.starts_with("store/") || SDK_OUTSIDE_THE_STORE.iter().any(|(file, _)| *file == rel)
}

/// String paths into a stored location document.
const LOCATION_PATHS: &[&str] = &[
    r#"["operationConfigs"]"#,
    r#"["locationConfigs"]"#,
    r#"["status"]["ops"]"#,
    r#"["timeZone"]"#,
    r#".get("operationConfigs")"#,
    r#".get("locationConfigs")"#,
];

fn repo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = fs::read_dir(dir) else { return };
    let mut paths: Vec<PathBuf> = entries.filter_map(|e| e.ok().map(|e| e.path())).collect();
    paths.sort();
    for path in paths {
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// Each crate's name and `src` directory: the product crates under
/// `functions/` (the local tooling lives apart, in `tools/`) and, when asked, `shared`.
fn crates(with_shared: bool) -> Vec<(String, PathBuf)> {
    let root = repo();
    let mut out: Vec<(String, PathBuf)> = fs::read_dir(root.join("functions"))
        .expect("functions/")
        .filter_map(|e| e.ok())
        .map(|e| e.path())
        .filter(|p| p.join("src").is_dir())
        .map(|p| (format!("functions/{}", p.file_name().unwrap_or_default().to_string_lossy()), p.join("src")))
        .collect();
    if with_shared {
        out.push(("shared".into(), root.join("shared/src")));
    }
    out.sort();
    out
}

fn relative(path: &Path) -> String {
    let root = repo().canonicalize().unwrap_or_else(|_| repo());
    let path = path.canonicalize().unwrap_or_else(|_| path.to_path_buf());
    path.strip_prefix(&root).unwrap_or(&path).to_string_lossy().into_owned()
}

/// A store module: a file named `store.rs`, or any file under a `store/` directory.
fn is_store_module(src: &Path, file: &Path) -> bool {
    let rel = file.strip_prefix(src).unwrap_or(file);
    rel.file_name().is_some_and(|n| n == "store.rs") || rel.components().rev().skip(1).any(|c| c.as_os_str() == "store")
}

fn sdk_offenders() -> Vec<String> {
    let mut offenders = Vec::new();
    for (name, src) in crates(true) {
        let mut files = Vec::new();
        rust_files(&src, &mut files);
        for file in files {
            let allowed = if name == "shared" {
                let rel = file.strip_prefix(&src).unwrap_or(&file).to_string_lossy().into_owned();
                shared_file_may_use_the_sdk(&rel)
            } else {
                is_store_module(&src, &file)
            };
            let text = fs::read_to_string(&file).unwrap_or_default();
            let lines: Vec<usize> =
                text.lines().enumerate().filter(|(_, l)| l.contains("aws_sdk_")).map(|(i, _)| i + 1).collect();
            if !allowed && !lines.is_empty() {
                offenders.push(format!("{} (lines {lines:?})", relative(&file)));
            }
        }
    }
    offenders
}

#[test]
fn only_store_modules_use_the_aws_sdk() {
    let offenders = sdk_offenders();
    assert!(
        offenders.is_empty(),
        "these modules mention aws_sdk_ outside a store module (store.rs or store/):\n  {}",
        offenders.join("\n  ")
    );
}

/// (file, lines) of product code outside a store module that opens a table.
fn table_offenders() -> Vec<String> {
    let mut offenders = Vec::new();
    for (_, src) in crates(false) {
        let mut files = Vec::new();
        rust_files(&src, &mut files);
        for file in files.into_iter().filter(|f| !is_store_module(&src, f)) {
            let text = fs::read_to_string(&file).unwrap_or_default();
            let lines: Vec<usize> = text
                .lines()
                .enumerate()
                .filter(|(_, l)| !l.trim_start().starts_with("//") && l.contains("deps.table("))
                .map(|(i, _)| i + 1)
                .collect();
            if !lines.is_empty() {
                offenders.push(format!("{} (lines {lines:?})", relative(&file)));
            }
        }
    }
    offenders
}

#[test]
fn only_store_modules_open_a_table() {
    let offenders = table_offenders();
    assert!(
        offenders.is_empty(),
        "these modules open a table (deps.table(..)) outside a store module: move the read or write into the area's store:\n  {}",
        offenders.join("\n  ")
    );
}

fn location_path_offenders() -> Vec<String> {
    let root = repo();
    let mut files = Vec::new();
    // The product crates and the local tooling (front door, demo, benchmarks) alike.
    let dirs =
        ["functions", "tools"].into_iter().flat_map(|top| fs::read_dir(root.join(top)).expect("functions/ and tools/"));
    for dir in dirs.filter_map(|e| e.ok()).map(|e| e.path()) {
        if !dir.ends_with("locations") {
            rust_files(&dir.join("src"), &mut files);
        }
    }
    let mut offenders = Vec::new();
    for file in files {
        let text = fs::read_to_string(&file).unwrap_or_default();
        for (i, line) in text.lines().enumerate() {
            for path in LOCATION_PATHS.iter().filter(|p| line.contains(*p)) {
                offenders.push(format!("{}:{} {path}", relative(&file), i + 1));
            }
        }
    }
    offenders
}

#[test]
fn only_the_locations_area_reads_a_location_by_string_path() {
    let offenders = location_path_offenders();
    assert!(
        offenders.is_empty(),
        "read these through fleet_shared::entity::Location instead:\n  {}",
        offenders.join("\n  ")
    );
}

/// The code of a file without its unit tests (a `#[cfg(test)] mod tests`
/// may use any module) and without `//` comments.
fn code_of(text: &str) -> String {
    let mut code = String::new();
    let mut lines = text.lines().peekable();
    while let Some(line) = lines.next() {
        if line.trim() == "#[cfg(test)]" && lines.peek().is_some_and(|next| next.trim_start().starts_with("mod tests"))
        {
            break;
        }
        code.push_str(line.split("//").next().unwrap_or_default());
        code.push('\n');
    }
    code
}

fn identifier(text: &str) -> &str {
    let end = text.find(|c: char| !(c.is_alphanumeric() || c == '_')).unwrap_or(text.len());
    &text[..end]
}

/// The first module each `crate::` path of `code` names: `crate::a::b`,
/// `use crate::{a, b::{c, d}}` name `a` and `b`.
fn crate_references(code: &str) -> BTreeSet<String> {
    let mut names = BTreeSet::new();
    for (at, _) in code.match_indices("crate::") {
        let before = code[..at].chars().next_back();
        if before.is_some_and(|c| c.is_alphanumeric() || c == '_' || c == '$') {
            continue;
        }
        let rest = &code[at + "crate::".len()..];
        if let Some(group) = rest.strip_prefix('{') {
            let (mut depth, mut item_start) = (0usize, true);
            for (i, c) in group.char_indices() {
                match c {
                    '{' => depth += 1,
                    '}' if depth == 0 => break,
                    '}' => depth -= 1,
                    ',' if depth == 0 => item_start = true,
                    c if item_start && !c.is_whitespace() => {
                        item_start = false;
                        names.insert(identifier(&group[i..]).to_string());
                    }
                    _ => {}
                }
            }
        } else {
            names.insert(identifier(rest).to_string());
        }
    }
    names
}

/// The modules of one crate (a top-level file or directory of `src`) and the
/// other modules each refers to.
fn module_graph(src: &Path) -> BTreeMap<String, BTreeSet<String>> {
    let mut files = Vec::new();
    rust_files(src, &mut files);
    let module_of = |file: &Path| -> Option<String> {
        let rel = file.strip_prefix(src).ok()?;
        let first = rel.components().next()?.as_os_str().to_string_lossy().into_owned();
        let name = first.strip_suffix(".rs").unwrap_or(&first).to_string();
        (!matches!(name.as_str(), "lib" | "main")).then_some(name)
    };
    let modules: BTreeSet<String> = files.iter().filter_map(|f| module_of(f)).collect();
    let mut graph: BTreeMap<String, BTreeSet<String>> = modules.iter().map(|m| (m.clone(), BTreeSet::new())).collect();
    for file in &files {
        let Some(module) = module_of(file) else { continue };
        let code = code_of(&fs::read_to_string(file).unwrap_or_default());
        let uses: Vec<String> =
            crate_references(&code).into_iter().filter(|m| modules.contains(m) && *m != module).collect();
        graph.entry(module).or_default().extend(uses);
    }
    graph
}

/// The groups of modules that reach each other (Tarjan's strongly connected
/// components), of more than one module.
fn cycles(graph: &BTreeMap<String, BTreeSet<String>>) -> Vec<Vec<String>> {
    struct Walk<'a> {
        graph: &'a BTreeMap<String, BTreeSet<String>>,
        index: BTreeMap<&'a str, usize>,
        low: BTreeMap<&'a str, usize>,
        stack: Vec<&'a str>,
        on_stack: BTreeSet<&'a str>,
        found: Vec<Vec<String>>,
    }
    impl<'a> Walk<'a> {
        fn visit(&mut self, m: &'a str) {
            let n = self.index.len();
            self.index.insert(m, n);
            self.low.insert(m, n);
            self.stack.push(m);
            self.on_stack.insert(m);
            for next in self.graph.get(m).into_iter().flatten() {
                let next = next.as_str();
                if !self.index.contains_key(next) {
                    self.visit(next);
                    let low = self.low[m].min(self.low[next]);
                    self.low.insert(m, low);
                } else if self.on_stack.contains(next) {
                    let low = self.low[m].min(self.index[next]);
                    self.low.insert(m, low);
                }
            }
            if self.low[m] == self.index[m] {
                let mut group = Vec::new();
                while let Some(top) = self.stack.pop() {
                    self.on_stack.remove(top);
                    group.push(top.to_string());
                    if top == m {
                        break;
                    }
                }
                if group.len() > 1 {
                    group.sort();
                    self.found.push(group);
                }
            }
        }
    }
    let mut walk = Walk {
        graph,
        index: BTreeMap::new(),
        low: BTreeMap::new(),
        stack: Vec::new(),
        on_stack: BTreeSet::new(),
        found: Vec::new(),
    };
    for m in graph.keys() {
        if !walk.index.contains_key(m.as_str()) {
            walk.visit(m);
        }
    }
    walk.found
}

#[test]
fn no_crate_has_an_import_cycle() {
    let mut offenders = Vec::new();
    for (name, src) in crates(true) {
        let graph = module_graph(&src);
        for group in cycles(&graph) {
            let edges: Vec<String> = group
                .iter()
                .flat_map(|m| graph[m].iter().filter(|t| group.contains(t)).map(move |t| format!("{m} -> {t}")))
                .collect();
            offenders.push(format!("{name}: {} ({})", group.join(", "), edges.join("; ")));
        }
    }
    assert!(offenders.is_empty(), "modules that import each other:\n  {}", offenders.join("\n  "));
}

/// (registry file, `module::function`) of every handler declared with `macro_name!`.
fn declared(macro_name: &str) -> Vec<(PathBuf, String)> {
    let mut out = Vec::new();
    for (_, src) in crates(false) {
        let lib = src.join("lib.rs");
        let text = fs::read_to_string(&lib).unwrap_or_default();
        for part in text.split(&format!("{macro_name}!(")).skip(1) {
            out.push((lib.clone(), part.split(')').next().unwrap_or_default().trim().to_string()));
        }
    }
    out
}

#[test]
fn every_handler_is_on_the_typed_contract() {
    // `handler!` (`Input` in, anything out) is left to the shared pieces' own tests.
    let untyped = declared("handler");
    assert!(untyped.is_empty(), "declare these with typed!, not handler!: {untyped:?}");
    // A typed handler answers a typed struct, never a whole `Value`.
    let mut offenders = Vec::new();
    for (lib, path) in declared("typed") {
        let (module, function) = path.rsplit_once("::").unwrap_or(("", &path));
        let file = lib.with_file_name(format!("{}.rs", module.replace("::", "/")));
        let text = fs::read_to_string(&file).unwrap_or_default();
        let signature: String = text
            .split(&format!("pub async fn {function}("))
            .nth(1)
            .map(|rest| rest.split('{').next().unwrap_or_default().to_string())
            .unwrap_or_default();
        if signature.is_empty() || signature.contains("Result<Value,") || signature.contains("input: Input") {
            offenders.push(format!("{} {function}", relative(&file)));
        }
        // Nor does it read an argument by name: the request type names them.
        let body: String = text
            .split(&format!("pub async fn {function}("))
            .nth(1)
            .map(|rest| rest.split("\n}\n").next().unwrap_or_default().to_string())
            .unwrap_or_default();
        if [".arg(", "args.get(", "input.args", "input.path", "input.query"]
            .iter()
            .any(|by_name| body.contains(by_name))
        {
            offenders.push(format!("{} {function} reads an argument by name", relative(&file)));
        }
    }
    assert!(
        offenders.is_empty(),
        "typed handlers must take Ctx and a request and answer a typed struct:\n  {}",
        offenders.join("\n  ")
    );
}

/// Whether code reads the clock itself rather than taking the call's `ctx.now`.
fn reads_the_clock(code: &str) -> bool {
    code.contains("fridge_time::now") || code.replace("ctx.now_text()", "").contains("now_text()")
}

/// (file, handler) of the typed handlers that read the clock: a handler takes
/// the call's time from its context (`Ctx::now`), so one call sees one instant
/// and a test sets it there. The helpers in a `handlers.rs` are held alike.
fn clock_in_handlers_offenders() -> Vec<String> {
    let mut offenders = Vec::new();
    let mut files = BTreeSet::new();
    for (lib, path) in declared("typed").into_iter().chain(declared("typed_event")) {
        let (module, function) = path.rsplit_once("::").unwrap_or(("", &path));
        let file = lib.with_file_name(format!("{}.rs", module.replace("::", "/")));
        let code = code_of(&fs::read_to_string(&file).unwrap_or_default());
        let body = code
            .split(&format!("pub async fn {function}("))
            .nth(1)
            .map(|rest| rest.split("\n}\n").next().unwrap_or_default().to_string())
            .unwrap_or_default();
        if reads_the_clock(&body) {
            offenders.push(format!("{} {function} reads the clock (use ctx.now)", relative(&file)));
        }
        files.insert(file);
    }
    for (_, src) in crates(false) {
        files.insert(src.join("handlers.rs"));
    }
    for file in files.iter().filter(|f| f.ends_with("handlers.rs")) {
        if reads_the_clock(&code_of(&fs::read_to_string(file).unwrap_or_default())) {
            offenders.push(format!("{} reads the clock (pass ctx.now down)", relative(file)));
        }
    }
    offenders.sort();
    offenders.dedup();
    offenders
}

#[test]
fn handlers_take_the_time_from_their_context() {
    let offenders = clock_in_handlers_offenders();
    assert!(offenders.is_empty(), "handlers take the time from Ctx::now:\n  {}", offenders.join("\n  "));
}

#[test]
fn the_checks_find_what_they_look_for() {
    // The parsing the three tests rely on, on known text.
    let code = code_of(
        "use crate::{a::{self, x}, b, c::y};\nuse crate::d::e; // crate::not_code\nfn f() { crate::g::h(); $crate::i::j }\n#[cfg(test)]\nmod tests {\n    use crate::k;\n}\n",
    );
    let found: Vec<String> = crate_references(&code).into_iter().collect();
    assert_eq!(found, ["a", "b", "c", "d", "g"]);
    let graph: BTreeMap<String, BTreeSet<String>> =
        [("a", vec!["b"]), ("b", vec!["c"]), ("c", vec!["a"]), ("d", vec!["a"])]
            .into_iter()
            .map(|(m, to)| (m.to_string(), to.into_iter().map(str::to_string).collect()))
            .collect();
    assert_eq!(cycles(&graph), vec![vec!["a".to_string(), "b".to_string(), "c".to_string()]]);
    let src = Path::new("/x/src");
    assert!(is_store_module(src, Path::new("/x/src/store.rs")));
    assert!(is_store_module(src, Path::new("/x/src/store/dynamo.rs")));
    assert!(!is_store_module(src, Path::new("/x/src/handlers.rs")));
    assert!(!is_store_module(src, Path::new("/x/src/restore.rs")));
    // In shared, the store layer is its folder; a file outside it names the SDK only with its reason.
    assert!(shared_file_may_use_the_sdk("store/a_new_store.rs") && shared_file_may_use_the_sdk("pieces/history.rs"));
    assert!(!shared_file_may_use_the_sdk("pieces/upload.rs") && !shared_file_may_use_the_sdk("runtime/contract.rs"));
    // The date check: a hand-read YYYY-MM-DD is found, the newtype's reading is not.
    assert!(reads_a_date_by_hand("let d = dates::iso_date_exact(raw.trim());"));
    assert!(reads_a_date_by_hand("fleet_shared::dates::iso_date(&row.date)"));
    assert!(!reads_a_date_by_hand("StockingDate::of(raw).map(|d| d.date())"));
    // The clock check: a handler's own read, in either form, and not the context's.
    assert!(reads_the_clock("let at = fridge_time::now();"));
    assert!(reads_the_clock("Record::new(e, &now_text(), who)"));
    assert!(!reads_the_clock("Record::new(e, &ctx.now_text(), who); let t = ctx.now;"));
}

#[test]
fn the_locations_area_keeps_every_rule() {
    // The area whose brief wrote these checks passes all three.
    let sdk: Vec<String> = sdk_offenders().into_iter().filter(|o| o.starts_with("functions/locations/")).collect();
    assert!(sdk.is_empty(), "{sdk:?}");
    let graph = module_graph(&repo().join("functions/locations/src"));
    assert!(graph.contains_key("rules") && graph["rules"].contains("create_rules"), "the graph is read");
    assert_eq!(cycles(&graph), Vec::<Vec<String>>::new());
}

/// Whether code reads a `YYYY-MM-DD` date itself: a stocking date is read
/// through its newtype (`StockingDate::of`, `::parse`, `::read_loose`), whose rule it is.
fn reads_a_date_by_hand(code: &str) -> bool {
    ["iso_date(", "iso_date_exact("].iter().any(|call| code.contains(call))
}

/// (file, what) of product code that reads the clock or parses a date outside
/// the one clock (`fridge_time`) and the one parser (`dates`).
fn clock_and_parser_offenders() -> Vec<String> {
    let mut offenders = Vec::new();
    for (_, src) in crates(true) {
        let mut files = Vec::new();
        rust_files(&src, &mut files);
        for file in files.iter().filter(|f| !f.ends_with("tests.rs")) {
            let code = code_of(&fs::read_to_string(file).unwrap_or_default());
            let rel = relative(file);
            if code.contains("Utc::now()") && rel != "shared/src/util/fridge_time.rs" {
                offenders.push(format!("{rel} reads the clock (use fridge_time::now)"));
            }
            if reads_a_date_by_hand(&code)
                && !["shared/src/util/dates.rs", "shared/src/entity/ids.rs"].contains(&rel.as_str())
            {
                offenders.push(format!("{rel} reads a YYYY-MM-DD date by hand (use entity::StockingDate)"));
            }
            if ["parse_from_str(", "parse_from_rfc3339(", "parse::<NaiveDate", "parse::<DateTime"]
                .iter()
                .any(|p| code.contains(p))
                && rel != "shared/src/util/dates.rs"
            {
                offenders.push(format!("{rel} parses a date (use shared/src/util/dates.rs)"));
            }
        }
    }
    offenders
}

#[test]
fn one_clock_and_one_date_parser() {
    let offenders = clock_and_parser_offenders();
    assert!(offenders.is_empty(), "the README promises one clock and one date parser:\n  {}", offenders.join("\n  "));
}

/// `shared/` is grouped by layer: its root holds only `lib.rs` and the layer
/// folders (runtime, store, entity, pieces, util), so a new module has to say
/// which layer it belongs to.
#[test]
fn shared_is_grouped_by_layer() {
    let src = repo().join("shared/src");
    let mut loose: Vec<String> = fs::read_dir(&src)
        .expect("shared/src")
        .filter_map(|e| e.ok())
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|name| name != "lib.rs" && !["runtime", "store", "entity", "pieces", "util"].contains(&name.as_str()))
        .collect();
    loose.sort();
    assert!(loose.is_empty(), "shared/src/ holds modules outside the layer folders: {loose:?}");
}

#[test]
fn entities_do_not_import_the_store_layer() {
    // An entity is a type and its keys' names; how it is read and written
    // (table keys, queries, items) lives in the store layer, which imports it.
    let store = layer_modules("store");
    let mut files = Vec::new();
    rust_files(&repo().join("shared/src/entity"), &mut files);
    let mut offenders = Vec::new();
    for file in files {
        let code = code_of(&fs::read_to_string(&file).unwrap_or_default());
        for name in crate_references(&code).intersection(&store) {
            offenders.push(format!("{} uses crate::{name}", relative(&file)));
        }
        for word in ["TableRef", "aws_sdk_dynamodb"].iter().filter(|w| code.contains(*w)) {
            offenders.push(format!("{} uses {word}", relative(&file)));
        }
    }
    assert!(offenders.is_empty(), "move these into the store layer (shared/src/store):\n  {}", offenders.join("\n  "));
}

/// The module names of one of shared's layer folders, as `crate::` names
/// them: the folder itself and each module in it (each is re-exported at the root).
fn layer_modules(layer: &str) -> BTreeSet<String> {
    let mut names: BTreeSet<String> = fs::read_dir(repo().join("shared/src").join(layer))
        .expect("a layer folder")
        .filter_map(|e| e.ok())
        .map(|e| e.file_name().to_string_lossy().trim_end_matches(".rs").to_string())
        .filter(|name| name != "mod")
        .collect();
    names.insert(layer.into());
    names
}

/// Imports in `shared/` that run back up a layer: the pieces (history, the
/// gate, snapshots, uploads) build on the store layer, the entities and the
/// runtime, never the other way; the runtime (clients, config, the contract)
/// does not reach into the store layer, except the gates that read a table (`SDK_OUTSIDE_THE_STORE`).
fn upward_imports() -> Vec<String> {
    let pieces = layer_modules("pieces");
    let store = layer_modules("store");
    let mut offenders = Vec::new();
    for layer in ["entity", "store", "runtime", "util"] {
        let src = repo().join("shared/src");
        let mut files = Vec::new();
        rust_files(&src.join(layer), &mut files);
        for file in files.iter().filter(|f| !f.ends_with("tests.rs")) {
            let rel = file.strip_prefix(&src).unwrap_or(file).to_string_lossy().into_owned();
            let code = code_of(&fs::read_to_string(file).unwrap_or_default());
            let used = crate_references(&code);
            let mut above: Vec<&String> = used.intersection(&pieces).collect();
            if ["runtime", "util"].contains(&layer) && !shared_file_may_use_the_sdk(&rel) {
                above.extend(used.intersection(&store));
            }
            for name in above {
                offenders.push(format!("shared/src/{rel} uses crate::{name}"));
            }
        }
    }
    offenders
}

#[test]
fn shared_imports_run_down_the_layers() {
    let offenders = upward_imports();
    assert!(
        offenders.is_empty(),
        "these import a layer above their own (move the type or trait down, or the code up):\n  {}",
        offenders.join("\n  ")
    );
}

/// How each area's store deviates from the one layout: `store/mod.rs` (the
/// traits), `store/dynamo.rs` (`Dynamo`), `store/memory.rs` (the fake,
/// `Memory`), no `src/store.rs`, and no fake module of another name. A
/// sub-domain's own store (`loginext/store.rs`) may sit beside the
/// sub-domain it serves, whose types it stores: moving it under `store/`
/// would make the two import each other.
fn store_layout_offenders() -> Vec<String> {
    let mut offenders = Vec::new();
    for (name, src) in crates(false) {
        let mut files = Vec::new();
        rust_files(&src, &mut files);
        let has_store = files.iter().any(|f| is_store_module(&src, f));
        for file in &files {
            let text = fs::read_to_string(file).unwrap_or_default();
            if file.strip_prefix(&src).is_ok_and(|rel| rel == Path::new("store.rs")) {
                offenders.push(format!("{}: a store module lives under src/store/", relative(file)));
            }
            if text
                .lines()
                .any(|l| l.trim_start().starts_with("pub mod fake") || l.trim_start().starts_with("mod fake"))
            {
                offenders.push(format!("{}: the in-memory fake is store/memory.rs's `Memory`", relative(file)));
            }
        }
        if !has_store {
            continue;
        }
        for part in ["mod.rs", "dynamo.rs", "memory.rs"] {
            if !src.join("store").join(part).is_file() {
                offenders.push(format!("{name}: no src/store/{part}"));
            }
        }
        let memory = fs::read_to_string(src.join("store/memory.rs")).unwrap_or_default();
        if !memory.contains("pub struct Memory") {
            offenders.push(format!("{name}: src/store/memory.rs does not define `pub struct Memory`"));
        }
    }
    offenders
}

#[test]
fn every_area_lays_out_its_store_alike() {
    let offenders = store_layout_offenders();
    assert!(
        offenders.is_empty(),
        "lay these stores out as store/{{mod, dynamo, memory}}.rs:\n  {}",
        offenders.join("\n  ")
    );
}
