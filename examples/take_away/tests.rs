//! take_away against its rules (`rules.rs`): the heaps' values are the rules', and every
//! answer is a plain game search's over the whole position, bad input's included.

common::binary!(take_away, "main.rs");
mod rules;
common::tests!(
    the_values_are_the_rules,
    answers_match_a_game_search,
    bad_input_is_reported_after_the_answers,
);

use combgames::subtraction::SubtractionGame;
use common::search::{HeapMemo, Play};
use lab::tables::{Table, Values};
use lab::verify::assert_formula;
use proptest::collection::vec;
use proptest::prelude::*;
use take_away::{ANSWERS, MAX_CASES, MAX_HEAP, MAX_HEAPS};

/// The game search's memo, one for every test of this target.
static SEARCH: HeapMemo = HeapMemo::new(Play::Normal);

thread_local! {
    static GAME: SubtractionGame = take_away::game();
}

fn run(input: &str) -> common::Outcome {
    GAME.with(|game| common::run_solve(|rd, out| take_away::solve(rd, out, game), input))
}

/// The input of `cases`, each a list of heaps, and what it prints by the game search.
fn case_lines(cases: &[Vec<u64>]) -> (String, String) {
    let (mut input, mut expected) = (String::new(), String::new());
    for heaps in cases {
        let line: Vec<String> = heaps.iter().map(u64::to_string).collect();
        input += &format!("{} {}\n", heaps.len(), line.join(" "));
        let wins = common::search::heaps_win(&rules::Rules, heaps, &SEARCH);
        expected += &format!("{}\n", ANSWERS[usize::from(wins)]);
    }
    (input, expected)
}

fn the_values_are_the_rules() {
    let table = Table::heaps(&rules::Rules, 10_000, Values::Grundy).unwrap();
    GAME.with(|game| assert_formula(table.values(), |n| game.grundy(n)));
}

proptest! {
    #![proptest_config(common::config!(64))]
    fn answers_match_a_game_search(cases in vec(vec(1..=MAX_HEAP.min(13), 1..4), 1..12)) {
        let (input, expected) = case_lines(&cases);
        prop_assert_eq!(run(&format!("{}\n{input}", cases.len())), (expected, None));
    }
}

fn bad_input_is_reported_after_the_answers() {
    let (one, answer) = case_lines(&[vec![1]]);
    let heap = format!("expected a heap in 1..={MAX_HEAP}");
    let cases = format!("expected the number of cases T in 1..={MAX_CASES}");
    let sum = format!(
        "expected the number of heaps n ({MAX_HEAPS} in all) in 1..={}",
        MAX_HEAPS - 1
    );
    let too_many = format!("2\n{one}{MAX_HEAPS} {}\n", "1 ".repeat(MAX_HEAPS as usize));
    common::assert_errors(
        run,
        &[
            (
                format!("2\n{one}2 3 0\n"),
                answer.as_str(),
                format!("line 3: {heap}, found 0"),
            ),
            (
                format!("2\n{one}0\n"),
                &answer,
                format!("line 3: {sum}, found 0"),
            ),
            (
                too_many,
                &answer,
                format!("line 3: {sum}, found {MAX_HEAPS}"),
            ),
            (
                format!("2\n{one}"),
                &answer,
                format!("line 2: {sum}, found end of input"),
            ),
            (
                format!("{}\n{one}", MAX_CASES + 1),
                "",
                format!("line 1: {cases}, found {}", MAX_CASES + 1),
            ),
        ],
    );
}
