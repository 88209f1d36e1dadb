//! nim_move and its checker: the checker accepts exactly the answers a game search says
//! win, solve's answers pass it, and so do the binary's on the samples.

common::binary!(nim_move, "main.rs");
common::tests!(
    checker = checker::check,
    the_checker_accepts_exactly_the_winning_answers,
    the_answers_pass_the_checker,
    bad_input_is_reported_after_the_answers
);

mod checker;

use proptest::prelude::*;
use std::collections::HashMap;

/// Whether the player to move wins Nim from `heaps` (sorted), by a plain game search: a
/// move takes stones from one heap.
fn wins(heaps: Vec<u64>, memo: &mut HashMap<Vec<u64>, bool>) -> bool {
    if let Some(&known) = memo.get(&heaps) {
        return known;
    }
    let mut wins_ = false;
    for i in 0..heaps.len() {
        for left in 0..heaps[i] {
            let mut after = heaps.clone();
            after[i] = left;
            after.sort_unstable();
            wins_ |= !wins(after, memo);
        }
    }
    memo.insert(heaps, wins_);
    wins_
}

fn the_checker_accepts_exactly_the_winning_answers() {
    let mut memo = HashMap::new();
    let mut lost = |mut heaps: Vec<u64>| {
        heaps.sort_unstable();
        !wins(heaps, &mut memo)
    };
    for k in 1..=3u32 {
        for code in 0..5u64.pow(k) {
            let heaps: Vec<u64> = (0..k).map(|i| code / 5u64.pow(i) % 5 + 1).collect();
            let line: Vec<String> = heaps.iter().map(u64::to_string).collect();
            let input = format!("1\n{k} {}\n", line.join(" "));
            let accepts =
                |answer: &str| checker::check(input.as_bytes(), answer.as_bytes(), None).is_ok();
            assert_eq!(accepts("LOSE\n"), lost(heaps.clone()), "{input:?}");
            for i in 0..=k as usize + 1 {
                for x in 0..=6 {
                    let mut after = heaps.clone();
                    let legal = (1..=heaps.len()).contains(&i) && (1..=heaps[i - 1]).contains(&x);
                    let right = legal && {
                        after[i - 1] -= x;
                        lost(after)
                    };
                    assert_eq!(accepts(&format!("{i} {x}\n")), right, "{input:?}: {i} {x}");
                    if right {
                        // Exactly one line: no blank line, nor anything after the move.
                        assert!(!accepts(&format!("\n{i} {x}\n")), "{input:?}");
                        assert!(!accepts(&format!("{i} {x} 0\n")), "{input:?}");
                    }
                }
            }
            assert!(!accepts(""), "{input:?}: no answer");
            assert!(!accepts("LOSE\nLOSE\n") && !accepts("lose\n"), "{input:?}");
        }
    }
}

proptest! {
    #![proptest_config(common::config!(256))]
    fn the_answers_pass_the_checker(cases in proptest::collection::vec(proptest::collection::vec(1u64..=1_000_000_000, 1..8), 1..20), small in any::<bool>()) {
        let cases: Vec<Vec<u64>> = match small {
            true => cases.iter().map(|c| c.iter().map(|h| h % 4 + 1).collect()).collect(),
            false => cases,
        };
        let mut input = format!("{}\n", cases.len());
        for heaps in &cases {
            let line: Vec<String> = heaps.iter().map(u64::to_string).collect();
            input += &format!("{} {}\n", heaps.len(), line.join(" "));
        }
        let (output, error) = common::run_solve(nim_move::solve, &input);
        prop_assert_eq!(error, None);
        let checked = checker::check(input.as_bytes(), output.as_bytes(), None);
        prop_assert_eq!(checked.map_err(|e| e.to_string()), Ok(()));
    }
}

fn bad_input_is_reported_after_the_answers() {
    let run = |input: &str| common::run_solve(nim_move::solve, input);
    let error = "line 3: expected a heap in 1..=1000000000, found 0";
    assert_eq!(
        run("2\n2 1 1\n1 0\n"),
        ("LOSE\n".into(), Some(error.into()))
    );
}
