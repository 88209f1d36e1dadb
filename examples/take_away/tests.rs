//! take_away against its rules (`rules.rs`): the heaps' values are the rules', and every
//! answer is a plain game search's over the whole position.

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

/// The game search's memo, one for every test of this target.
static SEARCH: HeapMemo = HeapMemo::new(Play::Normal);

thread_local! {
    static GAME: SubtractionGame = SubtractionGame::new(&[1, 3, 4]);
}

fn run(input: &str) -> common::Outcome {
    GAME.with(|game| common::run_solve(|rd, out| take_away::solve(rd, out, game), input))
}

fn the_values_are_the_rules() {
    let table = Table::heaps(&rules::Rules, 10_000, Values::Grundy).unwrap();
    GAME.with(|game| assert_formula(table.values(), |n| game.grundy(n)));
}

proptest! {
    #![proptest_config(common::config!(64))]
    fn answers_match_a_game_search(cases in vec(vec(1u64..14, 1..4), 1..12)) {
        let (mut input, mut expected) = (format!("{}\n", cases.len()), String::new());
        for heaps in &cases {
            let line: Vec<String> = heaps.iter().map(u64::to_string).collect();
            input += &format!("{} {}\n", heaps.len(), line.join(" "));
            let wins = common::search::heaps_win(&rules::Rules, heaps, &SEARCH);
            expected += if wins { "First\n" } else { "Second\n" };
        }
        prop_assert_eq!(run(&input), (expected, None));
    }
}

fn bad_input_is_reported_after_the_answers() {
    let many = format!("2\n1 7\n200000 {}\n", "1 ".repeat(200_000));
    let sum = "expected the number of heaps n (200000 in all) in 1..=199999";
    common::assert_errors(
        run,
        &[
            (
                "2\n1 5\n2 3 0\n",
                "First\n",
                "line 3: expected a heap in 1..=1000000000000000000, found 0".to_string(),
            ),
            ("2\n1 5\n0\n", "First\n", format!("line 3: {sum}, found 0")),
            (&many, "Second\n", format!("line 3: {sum}, found 200000")),
        ],
    );
}
