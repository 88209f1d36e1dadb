//! power_cards against its rules (`rules.rs`): the formula is the rules' values, and every
//! answer is a plain game search's.

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

proptest! {
    #![proptest_config(common::config!(64))]
    fn answers_match_a_game_search(cards in vec(1u64..200, 0..20)) {
        let (mut input, mut expected) = (String::new(), String::new());
        for &n in &cards {
            input += &format!("{n}\n");
            let wins = common::search::heaps_win(&rules::Rules, &[n], &SEARCH);
            expected += if wins { "Kiki\n" } else { "Cici\n" };
        }
        prop_assert_eq!(run(&input), (expected, None));
    }
}

fn bad_input_is_reported_after_the_answers() {
    let cards = "a number of cards n in 1..=1000000000000000000";
    common::assert_errors(
        run,
        &[
            (
                "1\n3\n0\n",
                "Kiki\nCici\n",
                format!("line 3: expected {cards}, found 0"),
            ),
            (
                "2 x\n",
                "Kiki\n",
                format!("line 1: expected {cards}, found \"x\""),
            ),
        ],
    );
}
