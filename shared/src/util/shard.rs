//! Write sharding (issue 26): a partition whose writes would grow with the
//! fleet (a day's driver log, every action of one type) is split into
//! `SHARDS` partitions `{base}#{n}`, where `n` is a stable hash of the entity
//! the item is about (a location, say). A write names one shard; a read of
//! the whole partition reads every shard in parallel and merges them in sort
//! order (`query::Query::across`), so a page still comes in order.
//!
//! The number is part of the stored keys: changing it needs a migration.

/// Partitions per sharded key: 8 keeps each one's writes at 25,000 fridges
/// to an eighth, and a merged read to 8 parallel Queries.
pub const SHARDS: u32 = 8;

/// The stable shard of an entity (FNV-1a), the same on every run and build.
pub fn of(entity: &str) -> u32 {
    let h = entity.bytes().fold(0xcbf2_9ce4_8422_2325u64, |h, b| (h ^ b as u64).wrapping_mul(0x100_0000_01b3));
    (h % SHARDS as u64) as u32
}

/// The partition of `base` that an item about `entity` is written to.
pub fn key(base: &str, entity: &str) -> String {
    format!("{base}#{}", of(entity))
}

/// Every partition of `base`, in shard order.
pub fn keys(base: &str) -> Vec<String> {
    (0..SHARDS).map(|n| format!("{base}#{n}")).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn a_shard_is_stable_across_builds() {
        // Stored keys depend on these values: a change here orphans stored items.
        assert_eq!((of("CHI_001"), of("DAL_017"), of("")), (of("CHI_001"), of("DAL_017"), 5));
        assert_eq!(key("LocationStocked", ""), "LocationStocked#5");
    }

    #[test]
    fn keys_name_every_shard_once() {
        let all = keys("2026-11-25");
        assert_eq!(all.len(), SHARDS as usize);
        assert_eq!((all[0].as_str(), all[7].as_str()), ("2026-11-25#0", "2026-11-25#7"));
    }

    proptest! {
        #[test]
        fn every_entity_writes_to_one_of_the_read_keys(entity in ".{0,40}", base in "[A-Za-z0-9-]{1,20}") {
            prop_assert!(keys(&base).contains(&key(&base, &entity)));
        }
    }

    #[test]
    fn locations_spread_over_every_shard() {
        let mut counts = [0u32; SHARDS as usize];
        for i in 0..8000 {
            counts[of(&format!("CHI_{i:05}")) as usize] += 1;
        }
        assert!(counts.iter().all(|&c| (800..1200).contains(&c)), "{counts:?}");
    }
}
