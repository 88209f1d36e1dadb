//! power_cards against its rules (`rules.rs`): the formula is the rules' values, and every
//! answer is a plain game search's, bad input's included.

common::binary!(power_cards, "main.rs");
mod rules;
common::tests!(
    the_formula_is_the_rules_values,
    answers_match_a_game_search,
    bad_input_is_reported_after_the_answers,
);

use common::search::{HeapMemo, Play};
use lab::tables::{Table, Values};
use lab::verify::assert_formula;
use power_cards::{ANSWERS, MAX_CARDS};
use proptest::collection::vec;
use proptest::prelude::*;

/// The game search's memo, one for every test of this target.
static SEARCH: HeapMemo = HeapMemo::new(Play::Normal);

fn run(input: &str) -> common::Outcome {
    common::run_solve(power_cards::solve, input)
}

fn the_formula_is_the_rules_values() {
    let table = Table::heaps(&rules::Rules, 100_000, Values::WinLose).unwrap();
    assert_formula(table.values(), power_cards::wins);
}

/// The input of `cards`, a number a line, and what it prints by the game search.
fn case_lines(cards: &[u64]) -> (String, String) {
    let (mut input, mut expected) = (String::new(), String::new());
    for &n in cards {
        input += &format!("{n}\n");
        let wins = common::search::heaps_win(&rules::Rules, &[n], &SEARCH);
        expected += &format!("{}\n", ANSWERS[usize::from(wins)]);
    }
    (input, expected)
}

proptest! {
    #![proptest_config(common::config!(64))]
    fn answers_match_a_game_search(cards in vec(1..=MAX_CARDS.min(199), 0..20)) {
        let (input, expected) = case_lines(&cards);
        prop_assert_eq!(run(&input), (expected, None));
    }
}

fn bad_input_is_reported_after_the_answers() {
    let cards = format!("expected a number of cards n in 1..={MAX_CARDS}");
    let (two, answers) = case_lines(&[1, 3]);
    let (_, first) = case_lines(&[2]);
    common::assert_errors(
        run,
        &[
            (
                format!("{two}0\n"),
                answers.as_str(),
                format!("line 3: {cards}, found 0"),
            ),
            (
                "2 x\n".to_string(),
                &first,
                format!("line 1: {cards}, found \"x\""),
            ),
            (
                format!("{}\n", MAX_CARDS + 1),
                "",
                format!("line 1: {cards}, found {}", MAX_CARDS + 1),
            ),
        ],
    );
}
