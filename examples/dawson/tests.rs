//! dawson against its rules (`rules.rs`): every winning move is one a plain game search over
//! the rows of pins finds.

common::binary!(dawson, "main.rs");
mod rules;
common::tests!(answers_match_a_game_search_until_the_sentinel,);

use combgames::split::SplitGame;
use common::search::{HeapMemo, Play};

/// The game search's memo, one for every test of this target.
static SEARCH: HeapMemo = HeapMemo::new(Play::Normal);

fn answers_match_a_game_search_until_the_sentinel() {
    let game: SplitGame<usize> = SplitGame::new(1001, dawson::knock_two);
    let run = |input: &str| common::run_solve(|rd, out| dawson::solve(rd, out, &game), input);
    let (mut input, mut expected) = (String::new(), String::new());
    for n in 1..=14 {
        input += &format!("{n}\n");
        let firsts: Vec<String> = (1..n)
            .filter(|&first| {
                let after = [first as u64 - 1, (n - first) as u64 - 1];
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
    let cases = [
        (
            input.clone() + "0\n5\n",
            "line 16: expected the end of the input, found \"5\"",
        ),
        (
            input.clone() + "1001\n0\n",
            "line 15: expected the number of pins n in 1..=1000, found 1001",
        ),
        (
            input.clone(),
            "line 14: expected the number of pins n in 1..=1000, found end of input",
        ),
    ];
    common::assert_errors(
        run,
        &cases.map(|(input, error)| (input, expected.as_str(), error)),
    );
}
