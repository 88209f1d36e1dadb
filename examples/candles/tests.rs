//! candles against its rules (`rules.rs`): the tables pasted in `main.rs` are the lab's,
//! with their period proved, and every answer, the winning move included, is a plain misère
//! search's over the whole position (`common::search`, no theory).

common::binary!(candles, "main.rs");
mod rules;
common::tests!(
    lab = misere_report::explore(&rules::Rules, 60),
    the_tables_are_the_labs,
    answers_match_a_misere_search,
    long_rows_answer_as_their_period_says,
    bad_input_is_reported_after_the_answers,
);

use combgames::misere::MisereQuotient;
use common::search::{heaps_win, HeapMemo, Play};
use lab::misere::{analyse, Reach};
use lab::misere_report;
use proptest::collection::vec;
use proptest::prelude::*;

/// The misère search's memo, one for every test of this target.
static SEARCH: HeapMemo = HeapMemo::new(Play::Misere);

fn run(input: &str) -> common::Outcome {
    let quotient = MisereQuotient::new(&candles::TABLES);
    common::run_solve(|rd, out| candles::solve(rd, out, &quotient), input)
}

fn the_tables_are_the_labs() {
    let misere = analyse(&rules::Rules, 60, Reach::default()).unwrap();
    let period = misere.period.unwrap();
    let proof = misere.period_proof(period, misere.reached());
    assert!(proof.is_ok(), "{proof:?}");
    let main = include_str!("main.rs");
    for line in misere_report::code(&misere.quotient, misere.period) {
        if line.starts_with("    ") {
            assert!(
                main.contains(&line),
                "main.rs lacks the lab's line {line:?}"
            );
        }
    }
}

/// The answer to one case, by the search: `Second`, or the first winning move in the
/// statement's order, every move of every row tried.
fn searched(rows: &[u64]) -> String {
    if !heaps_win(&rules::Rules, rows, &SEARCH) {
        return "Second".to_string();
    }
    for (i, &n) in rows.iter().enumerate() {
        for p in 1..=n {
            for c in [1, 2] {
                let left = match c {
                    1 if p == 1 || p == n => vec![n - 1],
                    2 if p >= 2 && p + 2 <= n => vec![p - 1, n - p - 1],
                    _ => continue,
                };
                let mut after: Vec<u64> = rows.to_vec();
                after.remove(i);
                after.extend(left);
                if !heaps_win(&rules::Rules, &after, &SEARCH) {
                    return format!("First {} {} {}", i + 1, p, c);
                }
            }
        }
    }
    unreachable!("a won sum has a winning move")
}

proptest! {
    #![proptest_config(common::config!(64))]
    fn answers_match_a_misere_search(cases in vec(vec(1u64..19, 1..4), 1..8)) {
        let (mut input, mut expected) = (format!("{}\n", cases.len()), String::new());
        for rows in &cases {
            let line: Vec<String> = rows.iter().map(u64::to_string).collect();
            input += &format!("{} {}\n", rows.len(), line.join(" "));
            expected += &searched(rows);
            expected.push('\n');
        }
        prop_assert_eq!(run(&input), (expected, None));
    }
}

/// A row of 10^18 candles, or near it, with rows of a few: the winner is the one of the row
/// of the same place in the period (from 7, of 8), as the search finds it.
fn long_rows_answer_as_their_period_says() {
    let quotient = MisereQuotient::new(&candles::TABLES);
    for far in 1_000_000_000_000_000_000 - 8..=1_000_000_000_000_000_000 {
        let near = 7 + (far - 7) % 8;
        for small in [1, 2, 3, 5, 8] {
            assert_eq!(
                quotient.wins(&[far, small]),
                heaps_win(&rules::Rules, &[near, small], &SEARCH),
                "{far} and {small}"
            );
        }
    }
    let (text, error) = run("1\n2 1000000000000000000 9\n");
    assert_eq!(error, None);
    assert!(text.starts_with("First ") || text == "Second\n", "{text}");
}

fn bad_input_is_reported_after_the_answers() {
    let many = format!("2\n1 7\n200000 {}\n", "1 ".repeat(200_000));
    let sum = "expected the number of rows n (200000 in all) in 1..=199999";
    common::assert_errors(
        run,
        &[
            (
                "2\n1 1\n2 3 0\n",
                "Second\n",
                "line 3: expected a row in 1..=1000000000000000000, found 0".to_string(),
            ),
            ("2\n1 1\n0\n", "Second\n", format!("line 3: {sum}, found 0")),
            (
                &many,
                "First 1 1 1\n",
                format!("line 3: {sum}, found 200000"),
            ),
        ],
    );
}
