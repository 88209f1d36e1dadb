//! nim_move and its checker: the checker accepts exactly the answers a game search says
//! win, solve's answers pass it, and a checked sample fails with the checker's message.

crate::binary!(nim_move, "../../src/bin/nim_move.rs");

use crate::common::judged::{judge_sample, nim_move::check, Judged};
use crate::common::samples::Sample;
use crate::common::{self, harness::Failure};
use crate::nim::{nim_moves, wins};
use combgames::io::Error;
use proptest::prelude::*;
use std::collections::HashMap;
use std::path::Path;

#[test]
fn the_checker_accepts_exactly_the_winning_answers() {
    let mut memo = HashMap::new();
    for k in 1..=3u32 {
        for code in 0..5u64.pow(k) {
            let heaps: Vec<u64> = (0..k).map(|i| code / 5u64.pow(i) % 5 + 1).collect();
            let line: Vec<String> = heaps.iter().map(u64::to_string).collect();
            let input = format!("1\n{k} {}\n", line.join(" "));
            let lost = !wins(&heaps, false, &nim_moves, &mut memo);
            let accepts = |answer: &str| check(input.as_bytes(), answer.as_bytes(), None).is_ok();
            assert_eq!(accepts("LOSE\n"), lost, "{input:?}");
            for i in 0..=k as usize + 1 {
                for x in 0..=6 {
                    let mut after = heaps.clone();
                    let legal = (1..=heaps.len()).contains(&i) && (1..=heaps[i - 1]).contains(&x);
                    let right = legal && {
                        after[i - 1] -= x;
                        !wins(&after, false, &nim_moves, &mut memo)
                    };
                    assert_eq!(accepts(&format!("{i} {x}\n")), right, "{input:?}: {i} {x}");
                }
            }
            assert!(!accepts(""), "{input:?}: no answer");
            assert!(!accepts("LOSE\nLOSE\n") && !accepts("lose\n"), "{input:?}");
        }
    }
}

proptest! {
    #[test]
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
        let checked = check(input.as_bytes(), output.as_bytes(), None).map_err(|e| e.to_string());
        prop_assert_eq!(checked, Ok(()));
    }
}

#[test]
fn a_checked_sample_fails_with_the_checkers_message() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("samples/nim_move");
    let sample = Sample {
        binary: "nim_move".into(),
        name: "sample".into(),
        input: root.join("sample.in"),
        expected: Some(root.join("sample.out")),
    };
    let exe = Path::new(env!("CARGO_BIN_EXE_nim_move"));
    // The binary's answer to the first case is not the `.out`'s, and right.
    assert!(judge_sample(Judged::Checker(check), exe, &sample).is_ok());
    let strict = |_: &[u8], output: &[u8], expected: Option<&[u8]>| match Some(output) == expected {
        true => Ok(()),
        false => Err(Error::Parse {
            line: 1,
            expected: "the .out".into(),
            found: "something else".into(),
        }),
    };
    let (verdict, details) = match judge_sample(Judged::Checker(strict), exe, &sample) {
        Err(Failure {
            verdict, details, ..
        }) => (verdict, details),
        Ok(_) => panic!("a byte compare fails"),
    };
    assert_eq!(verdict, "wrong answer");
    let message = "the checker, of the output on samples/nim_move/sample.in: line 1: expected \
                   the .out, found something else";
    assert_eq!(details, message);
}

#[test]
fn bad_input_is_reported_after_the_answers() {
    let run = |input: &str| common::run_solve(nim_move::solve, input);
    let error = "line 3: expected a heap in 1..=1000000000, found 0";
    assert_eq!(
        run("2\n2 1 1\n1 0\n"),
        ("LOSE\n".into(), Some(error.into()))
    );
}
