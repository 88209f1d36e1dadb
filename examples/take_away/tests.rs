//! take_away against a plain game search from the rules.

common::binary!(take_away, "main.rs");
common::tests!(
    answers_match_a_game_search,
    bad_input_is_reported_after_the_answers
);

use combgames::subtraction::SubtractionGame;
use proptest::collection::vec;
use proptest::prelude::*;
use std::collections::HashMap;

thread_local! {
    static GAME: SubtractionGame = SubtractionGame::new(&[1, 3, 4]);
}

fn run(input: &str) -> common::Outcome {
    GAME.with(|game| common::run_solve(|rd, out| take_away::solve(rd, out, game), input))
}

/// Whether the player to move wins from `heaps` (sorted), by a plain game search over the
/// whole position: a move takes 1, 3 or 4 stones from one heap.
fn wins(heaps: Vec<u64>, memo: &mut HashMap<Vec<u64>, bool>) -> bool {
    if let Some(&known) = memo.get(&heaps) {
        return known;
    }
    let mut won = false;
    for i in 0..heaps.len() {
        for take in [1, 3, 4].into_iter().filter(|&take| take <= heaps[i]) {
            let mut after = heaps.clone();
            after[i] -= take;
            after.sort_unstable();
            won |= !wins(after, memo);
        }
    }
    memo.insert(heaps, won);
    won
}

proptest! {
    #![proptest_config(common::config!(64))]
    fn answers_match_a_game_search(cases in vec(vec(1u64..14, 1..4), 1..12)) {
        let mut memo = HashMap::new();
        let (mut input, mut expected) = (format!("{}\n", cases.len()), String::new());
        for heaps in &cases {
            let line: Vec<String> = heaps.iter().map(u64::to_string).collect();
            input += &format!("{} {}\n", heaps.len(), line.join(" "));
            let mut sorted = heaps.clone();
            sorted.sort_unstable();
            expected += if wins(sorted, &mut memo) { "First\n" } else { "Second\n" };
        }
        prop_assert_eq!(run(&input), (expected, None));
    }
}

fn bad_input_is_reported_after_the_answers() {
    let many = format!("2\n1 7\n200000 {}\n", "1 ".repeat(200_000));
    common::assert_errors(
        run,
        &[
            ("2\n1 5\n2 3 0\n", "First\n", "line 3: expected a heap in 1..=1000000000000000000, found 0"),
            ("2\n1 5\n0\n", "First\n", "line 3: expected the number of heaps n (200000 in all) in 1..=199999, found 0"),
            (&many, "Second\n", "line 3: expected the number of heaps n (200000 in all) in 1..=199999, found 200000"),
        ],
    );
}
