//! take_squares against its rules (`rules.rs`): the table is the game search's, and every
//! answer is the search's, bad input's included.

common::binary!(take_squares, "main.rs");
mod rules;
common::tests!(
    the_table_is_the_game_searchs,
    answers_match_a_game_search,
    bad_input_is_reported_after_the_answers,
);

use common::search::{heaps_win, HeapMemo, Play};
use lab::tables::{Table, Values};
use lab::verify::assert_formula;
use proptest::collection::vec;
use proptest::prelude::*;
use take_squares::{ANSWERS, MAX_ITEMS, MAX_N};

/// The game search's memo, one for every test of this target.
static SEARCH: HeapMemo = HeapMemo::new(Play::Normal);

/// The heaps the game search decides, from 0 up: each a few moves from heaps it knows.
const SEARCHED: u64 = 1_000;

thread_local! {
    static TABLE: Vec<bool> = take_squares::table();
}

fn run(input: &str) -> common::Outcome {
    TABLE.with(|table| common::run_solve(|rd, out| take_squares::solve(rd, out, table), input))
}

/// The lines of the heaps `items`, and what they print by the game search.
fn item_lines(items: &[u64]) -> (String, String) {
    let (mut input, mut expected) = (String::new(), String::new());
    for &n in items {
        input += &format!("{n}\n");
        let wins = heaps_win(&rules::Rules, &[n], &SEARCH);
        expected += &format!("{}\n", ANSWERS[usize::from(wins)]);
    }
    (input, expected)
}

fn the_table_is_the_game_searchs() {
    TABLE.with(|table| {
        for n in 0..=MAX_N.min(SEARCHED) {
            let wins = heaps_win(&rules::Rules, &[n], &SEARCH);
            assert_eq!(table[n as usize], wins, "heap {n}");
        }
        // Further, the rules' own table (a plain loop too, but not the one tested).
        let len = table.len().min(20_000);
        let rules = Table::heaps(&rules::Rules, len, Values::WinLose).unwrap();
        assert_formula(rules.values(), |n| table[n as usize]);
    });
}

proptest! {
    #![proptest_config(common::config!(64))]
    fn answers_match_a_game_search(items in vec(1..=MAX_N.min(SEARCHED), 1..20)) {
        let (input, expected) = item_lines(&items);
        prop_assert_eq!(run(&format!("{}\n{input}", items.len())), (expected, None));
    }
}

fn bad_input_is_reported_after_the_answers() {
    let (two, answers) = item_lines(&[1, 2]);
    let n = format!("expected a heap n in 1..={MAX_N}");
    let items = format!("expected the number of heaps T in 1..={MAX_ITEMS}");
    common::assert_errors(
        run,
        &[
            (
                format!("3\n{two}0\n"),
                answers.as_str(),
                format!("line 4: {n}, found 0"),
            ),
            (
                format!("3\n{two}{}\n", MAX_N + 1),
                &answers,
                format!("line 4: {n}, found {}", MAX_N + 1),
            ),
            (
                format!("3\n{two}"),
                &answers,
                format!("line 3: {n}, found end of input"),
            ),
            (
                format!("2\n{two}5\n"),
                &answers,
                "line 4: expected the end of the input, found \"5\"".to_string(),
            ),
            (
                format!("{}\n{two}", MAX_ITEMS + 1),
                "",
                format!("line 1: {items}, found {}", MAX_ITEMS + 1),
            ),
        ],
    );
}
