//! Several partitions read as one, in sort order: the shards of one key
//! (`shard`). A page reads at most `limit` items from each part, answers the
//! first `limit` of them in merged order, and its cursor records where each
//! part stands: the key of the last item answered from it, its own next key
//! when all it read was answered, or that it is done. The `limit` first items
//! of the merge are always among those read, since a part that has more read
//! `limit` items that all come before the rest of it. So the pages, put end to
//! end, are the whole merge: nothing twice, nothing left out, in order.
use crate::error::ApiError;
use crate::item::{self, Item, Key};
use crate::paging::INVALID_TOKEN;
use aws_sdk_dynamodb::types::AttributeValue;
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

fn order_of<'i>(item: &'i Item, attribute: &str) -> &'i str {
    match item.get(attribute) {
        Some(AttributeValue::S(s)) => s,
        _ => "",
    }
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

/// One page of at most `limit` items (every item when `None`) of `parts`
/// partitions merged, resuming from `cursor`; `fetch(part, start, limit)`
/// reads one page of one part. Answers the items and the next cursor.
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
    let mut states = decode(parts, cursor)?;
    let want = limit.map(|l| l.max(1) as usize);
    let reads = states.iter().enumerate().filter(|(_, s)| **s != Part::Done).map(|(i, s)| {
        let start = match s {
            Part::After(key) => Some(key.clone()),
            _ => None,
        };
        let fetch = &fetch;
        async move { item::pages(start, want, |s, l| fetch(i, s, l)).await.map(|read| (i, read)) }
    });
    let read = futures::future::try_join_all(reads).await?;

    // Every item read, in merged order: by the order attribute, then part, then as read.
    let mut merged: Vec<(usize, usize)> =
        read.iter().enumerate().flat_map(|(r, (_, (items, _)))| (0..items.len()).map(move |n| (r, n))).collect();
    let value = |&(r, n): &(usize, usize)| order_of(&read[r].1 .0[n], &merge.order);
    merged.sort_by(|a, b| {
        let by_value = value(a).cmp(value(b));
        let by_value = if merge.descending { by_value.reverse() } else { by_value };
        by_value.then(read[a.0].0.cmp(&read[b.0].0)).then(a.1.cmp(&b.1))
    });
    merged.truncate(want.unwrap_or(usize::MAX));

    let mut answered = vec![0usize; read.len()];
    for &(r, _) in &merged {
        answered[r] += 1;
    }
    for (r, (part, (items, next))) in read.iter().enumerate() {
        states[*part] = match (answered[r], next) {
            (n, next) if n == items.len() => next.clone().map(Part::After).unwrap_or(Part::Done),
            (0, _) => states[*part].clone(),
            (n, _) => Part::After(key_of(&items[n - 1], &merge.keys)?),
        };
    }
    let items = merged.iter().map(|&(r, n)| read[r].1 .0[n].clone()).collect();
    Ok((items, encode(&states)))
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
            sizes in prop::collection::vec(1i32..6, 1..40),
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
                let (items, next) = rt.block_on(read(&parts, descending, cursor, Some(size))).unwrap();
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
}
