//! take_away against a plain game search.

common::binary!(take_away, "main.rs");
common::tests!(
    answers_match_a_game_search,
    bad_input_is_reported_after_the_answers
);

use combgames::subtraction::SubtractionGame;
use proptest::prelude::*;

thread_local! {
    static GAME: SubtractionGame = SubtractionGame::new(&[1, 3, 4]);
}

fn run(input: &str) -> common::Outcome {
    GAME.with(|game| common::run_solve(|rd, out| take_away::solve(rd, out, game), input))
}

proptest! {
    #![proptest_config(common::config!(256))]
    fn answers_match_a_game_search(heaps in proptest::collection::vec(1usize..64, 1..50)) {
        // Plain game search from the rules: the mover wins if a move leaves a lost heap.
        let mut wins = [false; 64];
        for n in 1..64 {
            wins[n] = [1, 3, 4].iter().any(|&take| take <= n && !wins[n - take]);
        }
        let lines: Vec<String> = heaps.iter().map(|h| h.to_string()).collect();
        let input = format!("{}\n{}\n", heaps.len(), lines.join("\n"));
        let answer = |&h: &usize| if wins[h] { "First\n" } else { "Second\n" };
        let expected: String = heaps.iter().map(answer).collect();
        prop_assert_eq!(run(&input), (expected, None));
    }
}

fn bad_input_is_reported_after_the_answers() {
    let error = "line 3: expected a heap n in 1..=1000000000000000000, found 0";
    assert_eq!(run("2\n5\n0\n"), ("First\n".into(), Some(error.into())));
}
