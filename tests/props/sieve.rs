//! The sieve's win/lose tables against `game::grundy_by_index` (a state is won when its
//! Grundy value is not 0) and against a plain loop written here from the definition, on
//! random move sets: small tables, and tables over several of the sieve's blocks with
//! sizes that cross them.

use combgames::game::grundy_by_index;
use combgames::sieve::win_lose_by_sizes;
use proptest::collection::btree_set;
use proptest::prelude::*;

/// Won exactly when some size leads to a lost state, by the definition.
fn plain(len: usize, sizes: &[usize]) -> Vec<bool> {
    let mut won: Vec<bool> = Vec::with_capacity(len);
    for n in 0..len {
        let reaches_lost = sizes.iter().any(|&s| s <= n && !won[n - s]);
        won.push(reaches_lost);
    }
    won
}

proptest! {
    #![proptest_config(common::cases(300))]

    #[test]
    fn small_tables_are_grundy_by_index_s_win_lose(
        sizes in btree_set(1usize..60, 1..8),
        len in 0usize..400,
    ) {
        let sizes: Vec<usize> = sizes.into_iter().collect();
        let grundy = grundy_by_index(len, |n, grundy, values| {
            sizes.iter().filter(|&&s| s <= n).for_each(|&s| values.push(grundy[n - s]));
        });
        let by_grundy: Vec<bool> = grundy.iter().map(|&g| g != 0).collect();
        prop_assert_eq!(win_lose_by_sizes(len, &sizes), by_grundy);
    }
}

proptest! {
    #![proptest_config(common::cases(12))]

    #[test]
    fn tables_over_many_blocks_are_the_plain_loop_s(
        sizes in btree_set(prop_oneof![1usize..50, 1usize..100_000], 1..12),
        len in 30_000usize..140_000,
    ) {
        let sizes: Vec<usize> = sizes.into_iter().collect();
        prop_assert_eq!(win_lose_by_sizes(len, &sizes), plain(len, &sizes));
    }
}

#[test]
fn subtract_a_square_to_10_5_is_the_plain_loop_s() {
    let squares: Vec<usize> = (1..).map(|k| k * k).take_while(|&s| s < 100_000).collect();
    assert_eq!(
        win_lose_by_sizes(100_000, &squares),
        plain(100_000, &squares)
    );
}

#[test]
#[should_panic(expected = "sizes must be positive and strictly increasing")]
fn unsorted_sizes_panic() {
    win_lose_by_sizes(10, &[3, 1]);
}

#[test]
#[should_panic(expected = "sizes must be positive and strictly increasing")]
fn a_size_of_zero_panics() {
    win_lose_by_sizes(10, &[0, 1]);
}
