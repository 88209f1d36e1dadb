//! The README's examples of new problems: each is a file of `tests/readme/`, compiled and
//! checked against a brute force here (take_away in its own module, which the README shows
//! as the template of a test), and the README shows each to the letter.

crate::binary!(georgia_bob, "../readme/georgia_bob.rs");
crate::binary!(dawson, "../readme/dawson.rs");

// Never compiled, only seen by `cargo fmt`, which does not look into the modules a macro
// declares: so it formats the examples too.
#[cfg(any())]
#[path = "../readme/dawson.rs"]
mod dawson_formatted;
#[cfg(any())]
#[path = "../readme/georgia_bob.rs"]
mod georgia_bob_formatted;
#[cfg(any())]
#[path = "../readme/take_away.rs"]
mod take_away_formatted;

use crate::common;
use combgames::split::SplitGame;
use proptest::prelude::*;
use std::collections::HashMap;
use std::fs;
use std::path::Path;

/// The file `path` of the project.
fn read(path: &str) -> String {
    fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join(path)).unwrap()
}

/// Checks that the markdown file `page` shows each of `files`, named, as it is.
fn assert_shows(page: &str, files: Vec<(&str, String)>) {
    let text = read(page);
    let blocks: Vec<&str> = text
        .split("```rust\n")
        .skip(1)
        .map(|b| b.split("```").next().unwrap())
        .collect();
    for (name, file) in files {
        assert!(
            blocks.contains(&file.as_str()),
            "{page} does not show {name} as it is"
        );
    }
}

#[test]
fn the_readme_shows_every_example_as_it_is() {
    // The template names the binary where a new problem's test would.
    let template = read("tests/props/take_away.rs").replace("../readme/", "../../src/bin/");
    let files = [
        "tests/readme/take_away.rs",
        "tests/readme/georgia_bob.rs",
        "tests/readme/dawson.rs",
    ];
    let files = files.iter().map(|f| (*f, read(f)));
    assert_shows(
        "README.md",
        files.chain([("the template", template)]).collect(),
    );
    let judged = [
        "src/bin/nim_move.rs",
        "tests/checkers/nim_move.rs",
        "src/bin/nim_duel.rs",
        "tests/judges/nim_duel.rs",
        "tests/props/nim_duel.rs",
    ];
    assert_shows(
        "tests/readme/judged.md",
        judged.iter().map(|f| (*f, read(f))).collect(),
    );
}

/// Whether the player to move wins from `cells` (sorted) by a plain game search: a move
/// takes a chessman left to a free cell, over no other.
fn chessmen_win(cells: Vec<u64>, memo: &mut HashMap<Vec<u64>, bool>) -> bool {
    if let Some(&known) = memo.get(&cells) {
        return known;
    }
    let mut wins = false;
    for i in 0..cells.len() {
        let lowest = if i == 0 { 1 } else { cells[i - 1] + 1 };
        for to in lowest..cells[i] {
            let mut after = cells.clone();
            after[i] = to;
            wins |= !chessmen_win(after, memo);
        }
    }
    memo.insert(cells, wins);
    wins
}

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

proptest! {
    #[test]
    fn georgia_bob_matches_a_game_search(cases in proptest::collection::vec(proptest::collection::btree_set(1u64..=8, 1..=3), 1..10)) {
        let mut memo = HashMap::new();
        let (mut input, mut expected) = (String::new(), String::new());
        for cells in &cases {
            let line: Vec<String> = cells.iter().map(|p| p.to_string()).collect();
            input += &format!("{} {}\n", cells.len(), line.join(" "));
            let georgia = chessmen_win(cells.iter().copied().collect(), &mut memo);
            expected += if georgia { "Georgia will win\n" } else { "Bob will win\n" };
        }
        prop_assert_eq!(common::run_solve(georgia_bob::solve, &input), (expected, None));
    }
}

#[test]
fn georgia_bob_needs_a_case_and_distinct_cells() {
    let run = |input: &str| common::run_solve(georgia_bob::solve, input);
    common::assert_errors(
        run,
        &[
            (
                "",
                "",
                "line 1: expected the number of chessmen n in 1..=1000, found end of input",
            ),
            (
                "1 5\n3\n1 2\n 2\n",
                "Georgia will win\n",
                "line 4: expected distinct cells, found 2 twice",
            ),
            (
                "2 1 2\n1\n",
                "Bob will win\n",
                "line 2: expected a chessman's cell in 1..=10000, found end of input",
            ),
        ],
    );
}

#[test]
fn dawson_matches_a_game_search_and_stops_at_the_sentinel() {
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
