//! leapers against its rules (`rules.rs`): the values are the rules' grid, and every
//! answer is a plain game search's over the tokens, bad input's included.

common::binary!(leapers, "main.rs");
mod rules;
common::tests!(
    the_values_are_the_rules,
    answers_match_a_game_search,
    bad_input_is_reported_after_the_answers,
);

use common::search::{CellMemo, Play};
use lab::grids::Grid;
use lab::tables::Values;
use lab::verify::assert_plane_formula;
use leapers::{ANSWERS, MAX_CASES, MAX_COORD, MAX_TOKENS};
use proptest::collection::vec;
use proptest::prelude::*;

/// The game search's memo, one for every test of this target.
static SEARCH: CellMemo = CellMemo::new(Play::Normal);

fn run(input: &str) -> common::Outcome {
    common::run_solve(leapers::solve, input)
}

/// The input of `cases`, each the cells of its tokens, and what it prints by the game
/// search.
fn case_lines(cases: &[Vec<(u64, u64)>]) -> (String, String) {
    let (mut input, mut expected) = (String::new(), String::new());
    for cells in cases {
        input += &format!("{}\n", cells.len());
        cells
            .iter()
            .for_each(|(x, y)| input += &format!("{x} {y}\n"));
        let wins = common::search::cells_win(&rules::Rules, cells, &SEARCH);
        expected += &format!("{}\n", ANSWERS[usize::from(wins)]);
    }
    (input, expected)
}

fn the_values_are_the_rules() {
    let grid = Grid::plane(&rules::Rules, 200, 200, Values::Grundy).unwrap();
    assert_plane_formula(&grid, leapers::grundy);
}

proptest! {
    #![proptest_config(common::config!(64))]
    fn answers_match_a_game_search(
        cases in vec(vec((0..=MAX_COORD.min(7), 0..=MAX_COORD.min(7)), 1..4), 1..8),
    ) {
        let (input, expected) = case_lines(&cases);
        prop_assert_eq!(run(&format!("{}\n{input}", cases.len())), (expected, None));
    }
}

fn bad_input_is_reported_after_the_answers() {
    let (one, answer) = case_lines(&[vec![(3, 4)]]);
    let x = format!("expected x in 0..={MAX_COORD}");
    let y = format!("expected y in 0..={MAX_COORD}");
    let cases = format!("expected the number of cases T in 1..={MAX_CASES}");
    let sum = format!(
        "expected the number of tokens k ({MAX_TOKENS} in all) in 1..={}",
        MAX_TOKENS - 1
    );
    let too_many = format!(
        "2\n{one}{MAX_TOKENS}\n{}",
        "0 0\n".repeat(MAX_TOKENS as usize)
    );
    common::assert_errors(
        run,
        &[
            (
                format!("2\n{one}1\n{} 0\n", MAX_COORD + 1),
                answer.as_str(),
                format!("line 5: {x}, found {}", MAX_COORD + 1),
            ),
            (
                format!("2\n{one}1\n5\n"),
                &answer,
                format!("line 5: {y}, found end of input"),
            ),
            (
                format!("2\n{one}0\n"),
                &answer,
                format!("line 4: {sum}, found 0"),
            ),
            (
                too_many,
                &answer,
                format!("line 4: {sum}, found {MAX_TOKENS}"),
            ),
            (
                format!("{}\n{one}", MAX_CASES + 1),
                "",
                format!("line 1: {cases}, found {}", MAX_CASES + 1),
            ),
        ],
    );
}
