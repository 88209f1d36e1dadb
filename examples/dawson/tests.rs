//! dawson against a plain game search over the rows of pins.

common::binary!(dawson, "main.rs");
common::tests!(answers_match_a_game_search_until_the_sentinel);

use combgames::split::SplitGame;
use std::collections::HashMap;

/// Whether the player to move wins Dawson's Kayles on the rows `rows` (sorted) by a plain
/// game search: a move knocks down two adjacent pins of a row.
fn rows_win(rows: Vec<usize>, memo: &mut HashMap<Vec<usize>, bool>) -> bool {
    if let Some(&known) = memo.get(&rows) {
        return known;
    }
    let mut wins = false;
    for (i, &n) in rows.iter().enumerate() {
        for first in 1..n {
            wins |= !rows_win(knocked(&rows, i, first), memo);
        }
    }
    memo.insert(rows, wins);
    wins
}

/// `rows` after knocking down pins `first` and `first + 1` of row `i`, sorted.
fn knocked(rows: &[usize], i: usize, first: usize) -> Vec<usize> {
    let mut after = rows.to_vec();
    let n = after.remove(i);
    after.extend([first - 1, n - first - 1]);
    after.sort_unstable();
    after
}

fn answers_match_a_game_search_until_the_sentinel() {
    let game: SplitGame<usize> = SplitGame::new(1001, dawson::knock_two);
    let run = |input: &str| common::run_solve(|rd, out| dawson::solve(rd, out, &game), input);
    let mut memo = HashMap::new();
    let (mut input, mut expected) = (String::new(), String::new());
    for n in 1..=14 {
        input += &format!("{n}\n");
        let firsts: Vec<String> = (1..n)
            .filter(|&first| !rows_win(knocked(&[n], 0, first), &mut memo))
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
