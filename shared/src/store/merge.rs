//! Several partitions read as one, in sort order: the shards of one key
//! (`shard`). A page answers the smallest head of the parts' read items while
//! every part that has more still holds read items (its unread ones come after
//! them), reading more from a part when it runs out. Its cursor records where
//! each part stands: the key of the last item answered from it, its own next
//! key when all it read was answered, or that it is done. So the pages, put
//! end to end, are the whole merge: nothing twice, nothing left out, in order.
use crate::error::ApiError;
use crate::item::{self, Item, Key};
use crate::paging::INVALID_TOKEN;
use crate::query::SortKey;
use aws_sdk_dynamodb::types::AttributeValue;
use std::collections::VecDeque;
use std::future::Future;

/// How parts merge: the string attribute they are sorted by, and the
/// attributes of a key to resume after an item (the table's key, and the
/// index's when reading one).
#[derive(Clone, Debug)]
pub struct Merge {
    pub order: String,
    pub keys: Vec<String>,
    pub descending: bool,
}

/// The cursor's marker of a part read to its end.
const DONE: &str = "~done";

/// Where one part stands.
#[derive(Clone, Debug, PartialEq)]
enum Part {
    Unread,
    After(Key),
    Done,
}

/// The per-part states of a cursor (`{part}.{attribute}` names, so it is
/// one flat key that `paging` can sign, and nests under `signed_page_across`).
fn decode(parts: usize, cursor: Option<Key>) -> Result<Vec<Part>, ApiError> {
    let bad = || ApiError::bad_request(INVALID_TOKEN);
    let mut states = vec![Part::Unread; parts];
    for (name, value) in cursor.unwrap_or_default() {
        let (part, attribute) = name.split_once('.').ok_or_else(bad)?;
        let state = states.get_mut(part.parse::<usize>().map_err(|_| bad())?).ok_or_else(bad)?;
        match (attribute, &mut *state) {
            (DONE, Part::Unread) => *state = Part::Done,
            (DONE, _) => return Err(bad()),
            (_, Part::Unread) => *state = Part::After(Key::from([(attribute.to_string(), value)])),
            (_, Part::After(key)) => {
                key.insert(attribute.to_string(), value);
            }
            (_, Part::Done) => return Err(bad()),
        }
    }
    Ok(states)
}

fn encode(states: &[Part]) -> Option<Key> {
    if states.iter().all(|s| *s == Part::Done) {
        return None;
    }
    let mut cursor = Key::new();
    for (i, state) in states.iter().enumerate() {
        match state {
            Part::Unread => {}
            Part::Done => {
                cursor.insert(format!("{i}.{DONE}"), AttributeValue::N("1".into()));
            }
            Part::After(key) => cursor.extend(key.iter().map(|(k, v)| (format!("{i}.{k}"), v.clone()))),
        }
    }
    Some(cursor)
}

pub(crate) fn order_of<'i>(item: &'i Item, attribute: &str) -> &'i str {
    match item.get(attribute) {
        Some(AttributeValue::S(s)) => s,
        _ => "",
    }
}

/// Every item of one partition in ascending `order` (its sort key): its first page, then, if there is more,
/// the rest in slices read side by side, cut at those of `bounds` past the page's last item (each bound a string
/// no sort key equals, such as a prefix of one, so DynamoDB's inclusive conditions make the slices disjoint).
/// `fetch(slice, start)` reads one page of the partition, within the slice's condition when there is one.
pub(crate) async fn sliced<F, Fut>(order: &str, bounds: &[String], fetch: F) -> Result<Vec<Item>, ApiError>
where
    F: Fn(Option<SortKey>, Option<Key>) -> Fut,
    Fut: Future<Output = Result<(Vec<Item>, Option<Key>), ApiError>>,
{
    let (mut items, next) = fetch(None, None).await?;
    let Some(next) = next else { return Ok(items) };
    // Where the page stopped evaluating (past what a filter dropped): its key holds the sort key.
    let last = match order_of(&next, order) {
        "" => items.last().map_or("", |i| order_of(i, order)),
        evaluated => evaluated,
    }
    .to_string();
    let after: Vec<&String> = bounds.iter().filter(|b| b.as_str() > last.as_str()).collect();
    // The first slice resumes after the page, up to the first bound past it (or to the end).
    let mut slices = vec![(after.first().map(|b| SortKey::AtMost((*b).clone())), Some(next))];
    slices.extend(after.windows(2).map(|w| (Some(SortKey::Between(w[0].clone(), w[1].clone())), None)));
    if let Some(b) = after.last() {
        slices.push((Some(SortKey::AtLeast((*b).clone())), None));
    }
    let reads = slices.into_iter().map(|(slice, start)| {
        let fetch = &fetch;
        async move { item::pages(start, None, |s, _| fetch(slice.clone(), s)).await.map(|(read, _)| read) }
    });
    for read in futures::future::try_join_all(reads).await? {
        items.extend(read);
    }
    Ok(items)
}

fn key_of(item: &Item, attributes: &[String]) -> Result<Key, ApiError> {
    attributes
        .iter()
        .map(|a| {
            let v = item.get(a).ok_or_else(|| ApiError::internal(format!("a merged item has no key attribute {a}")))?;
            Ok((a.clone(), v.clone()))
        })
        .collect()
}

/// Items each part reads at least in one round of a page.
const MIN_CHUNK: usize = 10;

/// One part as a page reads it: what was read and not yet answered, where to
/// read next, and the last item answered from it.
struct Reader {
    buffer: VecDeque<Item>,
    next: Option<Key>,
    more: bool,
    answered: Option<Key>,
}

/// One page of at most `limit` items (every item when `None`) of `parts`
/// partitions merged, resuming from `cursor`; `fetch(part, start, limit)`
/// reads one page of one part. Answers the items and the next cursor.
///
/// Each round reads a chunk (a share of `limit`, with a margin) from every
/// part whose read items are all answered, in parallel; the smallest head is
/// answered only while every part that has more still holds read items, as
/// its unread ones come after them. So a page reads about `limit` items, not
/// `limit` from every part, and the rounds are usually one.
pub async fn page<F, Fut>(
    merge: &Merge,
    parts: usize,
    cursor: Option<Key>,
    limit: Option<i32>,
    fetch: F,
) -> Result<(Vec<Item>, Option<Key>), ApiError>
where
    F: Fn(usize, Option<Key>, Option<i32>) -> Fut,
    Fut: Future<Output = Result<(Vec<Item>, Option<Key>), ApiError>>,
{
    let limit = limit.map_or(usize::MAX, |l| l.max(1) as usize);
    // Every item wanted: each part is read whole at once.
    let chunk =
        (limit != usize::MAX).then(|| (limit.div_ceil(parts.max(1)) * 5 / 4).clamp(MIN_CHUNK.min(limit), limit));
    page_in_chunks(merge, parts, cursor, limit, chunk, fetch).await
}

/// `page`, reading `chunk` items from a part at a time (all of it when `None`).
async fn page_in_chunks<F, Fut>(
    merge: &Merge,
    parts: usize,
    cursor: Option<Key>,
    limit: usize,
    chunk: Option<usize>,
    fetch: F,
) -> Result<(Vec<Item>, Option<Key>), ApiError>
where
    F: Fn(usize, Option<Key>, Option<i32>) -> Fut,
    Fut: Future<Output = Result<(Vec<Item>, Option<Key>), ApiError>>,
{
    let states = decode(parts, cursor)?;
    let mut readers: Vec<Reader> = states
        .iter()
        .map(|s| Reader {
            buffer: VecDeque::new(),
            next: match s {
                Part::After(key) => Some(key.clone()),
                _ => None,
            },
            more: *s != Part::Done,
            answered: None,
        })
        .collect();
    let mut out = Vec::new();
    loop {
        let empty: Vec<usize> = (0..parts).filter(|&p| readers[p].more && readers[p].buffer.is_empty()).collect();
        let reads = empty.iter().map(|&p| {
            let (start, fetch) = (readers[p].next.clone(), &fetch);
            async move { item::pages(start, chunk, |s, l| fetch(p, s, l)).await.map(|read| (p, read)) }
        });
        for (p, (items, next)) in futures::future::try_join_all(reads).await? {
            let reader = &mut readers[p];
            reader.more = next.is_some();
            reader.next = next;
            reader.buffer.extend(items);
        }
        // Answer heads while it is safe: a part with more must hold read items.
        while out.len() < limit && !readers.iter().any(|r| r.more && r.buffer.is_empty()) {
            let head = (0..parts).filter(|&p| !readers[p].buffer.is_empty()).min_by(|&a, &b| {
                let o =
                    order_of(&readers[a].buffer[0], &merge.order).cmp(order_of(&readers[b].buffer[0], &merge.order));
                (if merge.descending { o.reverse() } else { o }).then(a.cmp(&b))
            });
            let Some(item) = head.and_then(|p| readers[p].buffer.pop_front().map(|item| (p, item))) else {
                break;
            };
            let (p, item) = item;
            if chunk.is_some() {
                readers[p].answered = Some(key_of(&item, &merge.keys)?);
            }
            out.push(item);
        }
        let done = readers.iter().all(|r| !r.more && r.buffer.is_empty());
        if out.len() >= limit || done {
            break;
        }
    }
    let states: Vec<Part> = readers
        .into_iter()
        .zip(states)
        .map(|(r, before)| match (r.buffer.is_empty(), r.more, r.answered) {
            // A part with more was read this page, so it has its next key.
            (true, true, _) => r.next.map(Part::After).unwrap_or(before),
            (true, false, _) => Part::Done,
            (false, _, Some(key)) => Part::After(key),
            (false, _, None) => before,
        })
        .collect();
    Ok((out, encode(&states)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn s(v: &str) -> AttributeValue {
        AttributeValue::S(v.into())
    }

    /// One part as DynamoDB holds it: items sorted by (o, id), each kept or
    /// dropped by a filter, which counts against the limit like a real one.
    #[derive(Clone, Debug)]
    struct Stored(Vec<(String, String, bool)>);

    impl Stored {
        fn page(&self, start: Option<Key>, limit: Option<i32>, descending: bool) -> (Vec<Item>, Option<Key>) {
            let mut rows = self.0.clone();
            rows.sort();
            if descending {
                rows.reverse();
            }
            let from = start.map_or(0, |k| {
                let at = (order_of(&k, "o").to_string(), order_of(&k, "id").to_string());
                rows.iter().position(|r| (r.0.clone(), r.1.clone()) == at).expect("a cursor names a stored key") + 1
            });
            let evaluated: Vec<_> = rows[from..].iter().take(limit.map_or(usize::MAX, |l| l as usize)).collect();
            let more = from + evaluated.len() < rows.len();
            let items = evaluated
                .iter()
                .filter(|r| r.2)
                .map(|r| Item::from([("o".into(), s(&r.0)), ("id".into(), s(&r.1))]))
                .collect();
            let next = evaluated
                .last()
                .filter(|_| more || limit.is_some_and(|l| evaluated.len() == l as usize))
                .map(|r| Key::from([("o".into(), s(&r.0)), ("id".into(), s(&r.1))]));
            (items, next)
        }
    }

    fn merge(descending: bool) -> Merge {
        Merge { order: "o".into(), keys: vec!["o".into(), "id".into()], descending }
    }

    async fn read(
        parts: &[Stored],
        descending: bool,
        cursor: Option<Key>,
        limit: Option<i32>,
    ) -> Result<(Vec<Item>, Option<Key>), ApiError> {
        page(&merge(descending), parts.len(), cursor, limit, |p, start, l| {
            let out = parts[p].page(start, l, descending);
            async move { Ok(out) }
        })
        .await
    }

    /// `read`, a part `chunk` items at a time.
    async fn read_in_chunks(
        parts: &[Stored],
        descending: bool,
        cursor: Option<Key>,
        limit: usize,
        chunk: usize,
    ) -> Result<(Vec<Item>, Option<Key>), ApiError> {
        page_in_chunks(&merge(descending), parts.len(), cursor, limit, Some(chunk.min(limit)), |p, start, l| {
            let out = parts[p].page(start, l, descending);
            async move { Ok(out) }
        })
        .await
    }

    fn ids(items: &[Item]) -> Vec<String> {
        items.iter().map(|i| format!("{}/{}", order_of(i, "o"), order_of(i, "id"))).collect()
    }

    fn parts_strategy() -> impl Strategy<Value = Vec<Stored>> {
        let row = ("[a-e]", any::<bool>());
        prop::collection::vec(prop::collection::vec(row, 0..12), 1..5).prop_map(|parts| {
            parts
                .into_iter()
                .enumerate()
                .map(|(p, rows)| {
                    Stored(
                        rows.into_iter().enumerate().map(|(n, (o, keep))| (o, format!("p{p}-{n:02}"), keep)).collect(),
                    )
                })
                .collect()
        })
    }

    proptest! {
        #[test]
        fn pages_end_to_end_are_the_whole_merge_in_order(
            parts in parts_strategy(),
            sizes in prop::collection::vec(1i32..8, 1..40),
            chunk in 1usize..5,
            descending in any::<bool>(),
        ) {
            let rt = tokio::runtime::Builder::new_current_thread().build().unwrap();
            let whole = rt.block_on(read(&parts, descending, None, None)).unwrap();
            prop_assert!(whole.1.is_none());
            let mut expected: Vec<(String, usize, String)> = parts.iter().enumerate()
                .flat_map(|(p, st)| st.0.iter().filter(|r| r.2).map(move |r| (r.0.clone(), p, r.1.clone())))
                .collect();
            expected.sort_by(|a, b| {
                let o = if descending { b.0.cmp(&a.0) } else { a.0.cmp(&b.0) };
                o.then(a.1.cmp(&b.1)).then(if descending { b.2.cmp(&a.2) } else { a.2.cmp(&b.2) })
            });
            let expected: Vec<String> = expected.into_iter().map(|(o, _, id)| format!("{o}/{id}")).collect();
            prop_assert_eq!(ids(&whole.0), expected.clone());

            let (mut got, mut cursor, mut n) = (Vec::new(), None, 0);
            loop {
                let size = sizes[n % sizes.len()];
                let (items, next) = rt.block_on(read_in_chunks(&parts, descending, cursor, size as usize, chunk)).unwrap();
                prop_assert!(items.len() <= size as usize);
                got.extend(ids(&items));
                n += 1;
                prop_assert!(n < 500, "paging does not end");
                match next { Some(c) => cursor = Some(c), None => break }
            }
            prop_assert_eq!(got, expected);
        }

        #[test]
        fn any_cursor_is_read_or_refused_never_a_panic(names in prop::collection::vec("[0-9a-z.~]{0,8}", 0..4)) {
            let cursor: Key = names.into_iter().map(|n| (n, s("a"))).collect();
            if let Err(e) = decode(3, Some(cursor)) {
                prop_assert!(matches!(e, ApiError::BadRequest(ref m) if m == INVALID_TOKEN));
            }
        }
    }

    #[test]
    fn a_cursor_for_a_part_that_does_not_exist_is_refused() {
        let cursor = Key::from([("9.o".to_string(), s("a"))]);
        assert!(matches!(decode(2, Some(cursor)), Err(ApiError::BadRequest(m)) if m == INVALID_TOKEN));
        let both = Key::from([("0.~done".to_string(), AttributeValue::N("1".into())), ("0.o".to_string(), s("a"))]);
        assert!(decode(2, Some(both)).is_err());
    }

    #[test]
    fn a_read_part_is_marked_done_and_not_read_again() {
        let rt = tokio::runtime::Builder::new_current_thread().build().unwrap();
        let parts = vec![
            Stored(vec![("a".into(), "p0-00".into(), true)]),
            Stored(vec![("b".into(), "p1-00".into(), true), ("c".into(), "p1-01".into(), true)]),
        ];
        let (items, cursor) = rt.block_on(read(&parts, false, None, Some(2))).unwrap();
        assert_eq!(ids(&items), ["a/p0-00", "b/p1-00"]);
        let cursor = cursor.unwrap();
        assert!(cursor.contains_key("0.~done"), "{cursor:?}");
        let reads = std::sync::atomic::AtomicUsize::new(0);
        let (rest, end) = rt
            .block_on(page(&merge(false), 2, Some(cursor), Some(2), |p, start, l| {
                reads.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
                assert_eq!(p, 1, "a done part is not read");
                let out = parts[p].page(start, l, false);
                async move { Ok(out) }
            }))
            .unwrap();
        assert_eq!((ids(&rest), end, reads.into_inner()), (vec!["c/p1-01".to_string()], None, 1));
    }

    /// One partition as DynamoDB pages it: rows in (o, id) order, `size` rows evaluated a page and those a filter
    /// keeps (`.2`) answered, a slice's condition inclusive, a page resumed after the key it names, which must lie
    /// within the slice ("The provided starting key is outside query boundaries based on provided conditions").
    fn partition_page(
        rows: &[(String, String, bool)],
        size: usize,
        slice: Option<SortKey>,
        start: Option<Key>,
    ) -> Result<(Vec<Item>, Option<Key>), ApiError> {
        let within = |o: &str| match &slice {
            None => true,
            Some(SortKey::AtMost(b)) => o <= b.as_str(),
            Some(SortKey::AtLeast(b)) => o >= b.as_str(),
            Some(SortKey::Between(a, b)) => a.as_str() <= o && o <= b.as_str(),
            Some(SortKey::BeginsWith(p)) => o.starts_with(p.as_str()),
        };
        let mut rows: Vec<&(String, String, bool)> = rows.iter().filter(|r| within(&r.0)).collect();
        rows.sort();
        let from = match start {
            None => 0,
            Some(k) if !within(order_of(&k, "o")) => return Err(ApiError::bad_request("starting key outside")),
            Some(k) => {
                let after = (order_of(&k, "o").to_string(), order_of(&k, "id").to_string());
                rows.iter().position(|r| (r.0.clone(), r.1.clone()) > after).unwrap_or(rows.len())
            }
        };
        let evaluated: Vec<&&(String, String, bool)> = rows[from..].iter().take(size).collect();
        let item = |r: &(String, String, bool)| Item::from([("o".into(), s(&r.0)), ("id".into(), s(&r.1))]);
        let next = evaluated.last().filter(|_| from + evaluated.len() < rows.len()).map(|r| item(r));
        Ok((evaluated.iter().filter(|r| r.2).map(|r| item(r)).collect(), next))
    }

    proptest! {
        /// However the partition pages, whatever a filter drops and wherever the bounds fall, the first page and
        /// the slices past it are the partition's every kept item once, in order; a partition of one page is one
        /// call.
        #[test]
        fn a_partition_read_in_slices_is_every_item_once_in_order(
            rows in prop::collection::vec(("[a-f][0-9]", 0u8..3, prop::bool::weighted(0.8)), 0..40),
            size in 1usize..12,
            bounds in prop::collection::btree_set("[a-g]", 0..5),
        ) {
            let rows: Vec<(String, String, bool)> =
                rows.into_iter().enumerate().map(|(n, (o, tie, keep))| (o, format!("{tie}-{n:02}"), keep)).collect();
            let bounds: Vec<String> = bounds.into_iter().collect();
            let calls = std::cell::Cell::new(0);
            let read = futures::executor::block_on(sliced("o", &bounds, |slice, start| {
                calls.set(calls.get() + 1);
                let out = partition_page(&rows, size, slice, start);
                async move { out }
            }))
            .unwrap();
            let mut expected: Vec<(String, String)> =
                rows.iter().filter(|r| r.2).map(|r| (r.0.clone(), r.1.clone())).collect();
            expected.sort();
            let got: Vec<(String, String)> =
                read.iter().map(|i| (order_of(i, "o").to_string(), order_of(i, "id").to_string())).collect();
            prop_assert_eq!(got, expected);
            if rows.len() < size {
                prop_assert_eq!(calls.get(), 1);
            }
        }
    }
}
