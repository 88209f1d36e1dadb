//! nim_move and its checker, against its rules (`rules.rs`): the checker accepts exactly the
//! answers a game search says win, solve's answers pass it, and so do the binary's on the
//! samples; bad input is reported after answers that pass it.

common::binary!(nim_move, "main.rs");
mod rules;
common::tests!(
    checker = checker::check,
    the_checker_accepts_exactly_the_winning_answers,
    the_answers_pass_the_checker,
    bad_input_is_reported_after_the_answers
);

mod checker;

use common::search::{HeapMemo, Play};
use nim_move::{MAX_CASES, MAX_HEAP, MAX_HEAPS};
use proptest::collection::vec;
use proptest::prelude::*;

/// The game search's memo, one for every test of this target.
static SEARCH: HeapMemo = HeapMemo::new(Play::Normal);

/// The input of `cases`, each a list of heaps.
fn input(cases: &[Vec<u64>]) -> String {
    let mut input = format!("{}\n", cases.len());
    for heaps in cases {
        let line: Vec<String> = heaps.iter().map(u64::to_string).collect();
        input += &format!("{} {}\n", heaps.len(), line.join(" "));
    }
    input
}

fn the_checker_accepts_exactly_the_winning_answers() {
    let lost = |heaps: &[u64]| !common::search::heaps_win(&rules::Rules, heaps, &SEARCH);
    // Every case of up to 3 heaps of 1 to 5 stones: the k digits of a code in base 5, + 1.
    for k in 1..=MAX_HEAPS.min(3) as u32 {
        for code in 0..5u64.pow(k) {
            let heaps: Vec<u64> = (0..k).map(|i| code / 5u64.pow(i) % 5 + 1).collect();
            let input = input(std::slice::from_ref(&heaps));
            let accepts =
                |answer: &str| checker::check(input.as_bytes(), answer.as_bytes(), None).is_ok();
            assert_eq!(accepts("LOSE\n"), lost(&heaps), "{input:?}");
            for i in 0..=k as usize + 1 {
                for x in 0..=6 {
                    let mut after = heaps.clone();
                    let legal = (1..=heaps.len()).contains(&i) && (1..=heaps[i - 1]).contains(&x);
                    let right = legal && {
                        after[i - 1] -= x;
                        lost(&after)
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
    fn the_answers_pass_the_checker(
        cases in vec(vec(1..=MAX_HEAP, 1..=MAX_HEAPS.min(7)), 1..20),
        small in any::<bool>(),
    ) {
        let cases: Vec<Vec<u64>> = match small {
            true => cases.iter().map(|c| c.iter().map(|h| h % 4 + 1).collect()).collect(),
            false => cases,
        };
        let input = input(&cases);
        let (output, error) = common::run_solve(nim_move::solve, &input);
        prop_assert_eq!(error, None);
        let checked = checker::check(input.as_bytes(), output.as_bytes(), None);
        prop_assert_eq!(checked.map_err(|e| e.to_string()), Ok(()));
    }
}

fn bad_input_is_reported_after_the_answers() {
    let good = [vec![1, 1], vec![2, 3, 5]];
    let heap = format!("expected a heap in 1..={MAX_HEAP}");
    let k = format!("expected the number of heaps k in 1..={MAX_HEAPS}");
    let cases = format!("expected the number of cases T in 1..={MAX_CASES}");
    let lines = input(&good);
    let rest = lines.split_once('\n').unwrap().1;
    for (bad, error) in [
        ("1 0\n".to_string(), format!("line 4: {heap}, found 0")),
        (
            format!("1 {}\n", MAX_HEAP + 1),
            format!("line 4: {heap}, found {}", MAX_HEAP + 1),
        ),
        (
            format!("{}\n", MAX_HEAPS + 1),
            format!("line 4: {k}, found {}", MAX_HEAPS + 1),
        ),
        (
            "2 1\n".to_string(),
            format!("line 4: {heap}, found end of input"),
        ),
    ] {
        // The answers before the fault: any the checker accepts.
        let (output, found) = common::run_solve(nim_move::solve, format!("3\n{rest}{bad}"));
        assert_eq!(found.as_ref(), Some(&error), "{bad:?}");
        let checked = checker::check(lines.as_bytes(), output.as_bytes(), None);
        assert_eq!(checked.map_err(|e| e.to_string()), Ok(()), "{bad:?}");
    }
    let many = format!("{}\n{rest}", MAX_CASES + 1);
    let (output, found) = common::run_solve(nim_move::solve, many);
    let error = format!("line 1: {cases}, found {}", MAX_CASES + 1);
    assert_eq!((output, found), (String::new(), Some(error)));
}
