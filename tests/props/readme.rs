//! The README's examples of new problems: each is a file of `tests/readme/`, compiled and
//! checked against a brute force here (take_away in its own module, which the README shows
//! as the template of a test), and the README shows each to the letter.

#[allow(dead_code)]
#[path = "../readme/misere_nim.rs"]
mod misere_nim;

#[allow(dead_code)]
#[path = "../readme/cutting.rs"]
mod cutting;

use crate::common;
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
        "tests/readme/misere_nim.rs",
        "tests/readme/cutting.rs",
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
        "docs/judged.md",
        judged.iter().map(|f| (*f, read(f))).collect(),
    );
}

/// Whether the player to move wins misère Nim on `heaps`, by a plain game search.
fn misere_wins(heaps: Vec<u64>, memo: &mut HashMap<Vec<u64>, bool>) -> bool {
    if heaps.iter().all(|&h| h == 0) {
        // The other player took the last stone.
        return true;
    }
    if let Some(&known) = memo.get(&heaps) {
        return known;
    }
    let mut wins = false;
    for i in 0..heaps.len() {
        for left in 0..heaps[i] {
            let mut after = heaps.clone();
            after[i] = left;
            after.sort_unstable();
            wins |= !misere_wins(after, memo);
        }
    }
    memo.insert(heaps, wins);
    wins
}

/// Whether the first player wins the cutting game on the pieces `pieces` (sides, sorted), by
/// a plain game search from the rules: a cut that leaves a 1x1 piece wins at once.
fn cutting_wins(
    pieces: Vec<(usize, usize)>,
    memo: &mut HashMap<Vec<(usize, usize)>, bool>,
) -> bool {
    if let Some(&known) = memo.get(&pieces) {
        return known;
    }
    let mut wins = false;
    for (i, &(w, h)) in pieces.iter().enumerate() {
        let cuts = (1..w)
            .map(|x| [(x, h), (w - x, h)])
            .chain((1..h).map(|y| [(w, y), (w, h - y)]));
        for parts in cuts {
            if parts.contains(&(1, 1)) {
                wins = true;
                continue;
            }
            let mut after = pieces.clone();
            after.remove(i);
            after.extend(parts.iter().map(|&(a, b)| (a.min(b), a.max(b))));
            after.sort_unstable();
            wins |= !cutting_wins(after, memo);
        }
    }
    memo.insert(pieces, wins);
    wins
}

proptest! {
    #[test]
    fn misere_nim_matches_a_game_search(cases in proptest::collection::vec(proptest::collection::vec(1u64..5, 1..5), 1..20)) {
        let mut memo = HashMap::new();
        let (mut input, mut expected) = (String::new(), String::new());
        for heaps in &cases {
            let line: Vec<String> = heaps.iter().map(|h| h.to_string()).collect();
            input += &format!("{} {}\r\n", heaps.len(), line.join(" "));
            let mut sorted = heaps.clone();
            sorted.sort_unstable();
            expected += if misere_wins(sorted, &mut memo) { "First\n" } else { "Second\n" };
        }
        // A closure, not the function: it must take readers and writers of any lifetime.
        #[allow(clippy::redundant_closure)]
        let run = |input: &str| common::run_solve(|rd, out| misere_nim::solve(rd, out), input);
        prop_assert_eq!(run(&input), (expected, None));
    }
}

#[test]
fn cutting_matches_a_game_search_and_stops_at_the_sentinel() {
    let values = cutting::sheet_values();
    let run = |input: &str| common::run_solve(|rd, out| cutting::solve(rd, out, &values), input);
    let mut memo = HashMap::new();
    let (mut input, mut expected) = (String::new(), String::new());
    for (w, h) in (2..=6).flat_map(|w| (2..=5).map(move |h| (w, h))) {
        input += &format!("{w} {h}\n");
        let wins = cutting_wins(vec![(w.min(h), w.max(h))], &mut memo);
        expected += if wins { "WIN\n" } else { "LOSE\n" };
    }
    assert_eq!(run(&(input.clone() + "0 0\n")), (expected.clone(), None));
    let error = "line 21: expected sides of 2 to 200, found 1 5";
    assert_eq!(
        run(&(input.clone() + "1 5\n0 0\n")),
        (expected.clone(), Some(error.into()))
    );
    let error = "line 21: expected the width w in 0..=200, found end of input";
    assert_eq!(run(&input), (expected, Some(error.into())));
}
