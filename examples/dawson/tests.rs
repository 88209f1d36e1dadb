//! dawson against its rules (`rules.rs`): every winning move is one a plain game search over
//! the rows of pins finds.

common::binary!(dawson, "main.rs");
mod rules;
common::tests!(answers_match_a_game_search_until_the_sentinel,);

use common::search::{HeapMemo, Play};
use dawson::MAX_PINS;

/// The game search's memo, one for every test of this target.
static SEARCH: HeapMemo = HeapMemo::new(Play::Normal);

fn answers_match_a_game_search_until_the_sentinel() {
    let game = dawson::game();
    let run = |input: &str| common::run_solve(|rd, out| dawson::solve(rd, out, &game), input);
    let (mut input, mut expected) = (String::new(), String::new());
    for n in 1..=MAX_PINS.min(14) {
        input += &format!("{n}\n");
        let firsts: Vec<String> = (1..n)
            .filter(|&first| {
                let after = [first - 1, n - first - 1];
                !common::search::heaps_win(&rules::Rules, &after, &SEARCH)
            })
            .map(|first| first.to_string())
            .collect();
        expected += &match firsts.is_empty() {
            true => "none\n".to_string(),
            false => firsts.join(" ") + "\n",
        };
    }
    assert_eq!(run(&(input.clone() + "0\n")), (expected.clone(), None));
    let rows = input.lines().count();
    let pins = format!("the number of pins n in 1..={MAX_PINS}");
    let cases = [
        (
            input.clone() + "0\n5\n",
            format!(
                "line {}: expected the end of the input, found \"5\"",
                rows + 2
            ),
        ),
        (
            format!("{input}{}\n0\n", MAX_PINS + 1),
            format!("line {}: expected {pins}, found {}", rows + 1, MAX_PINS + 1),
        ),
        (
            input.clone(),
            format!("line {rows}: expected {pins}, found end of input"),
        ),
    ];
    common::assert_errors(
        run,
        &cases.map(|(input, error)| (input, expected.as_str(), error)),
    );
}
