//! georgia_bob against a plain game search over the chessmen's cells.

common::binary!(georgia_bob, "main.rs");
common::tests!(
    answers_match_a_game_search,
    a_case_is_needed_and_cells_are_distinct
);

use proptest::prelude::*;
use std::collections::HashMap;

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

fn run(input: &str) -> common::Outcome {
    common::run_solve(georgia_bob::solve, input)
}

proptest! {
    #![proptest_config(common::config!(256))]
    fn answers_match_a_game_search(cases in proptest::collection::vec(proptest::collection::btree_set(1u64..=8, 1..=3), 1..10)) {
        let mut memo = HashMap::new();
        let (mut input, mut expected) = (String::new(), String::new());
        for cells in &cases {
            let line: Vec<String> = cells.iter().map(|p| p.to_string()).collect();
            input += &format!("{} {}\n", cells.len(), line.join(" "));
            let georgia = chessmen_win(cells.iter().copied().collect(), &mut memo);
            expected += if georgia { "Georgia will win\n" } else { "Bob will win\n" };
        }
        prop_assert_eq!(run(&input), (expected, None));
    }
}

fn a_case_is_needed_and_cells_are_distinct() {
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
