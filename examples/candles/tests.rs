//! candles against its rules (`rules.rs`): the tables pasted in `main.rs` are the lab's,
//! with their period proved, and every answer, the winning move included, is a plain misère
//! search's over the whole position (`common::search`, no theory).

common::binary!(candles, "main.rs");
mod rules;
common::tests!(
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

/// A row of the most candles, or near it, with rows of a few: the winner is the one of the
/// row of the same place in the period (from 7, of 8), as the search finds it.
fn long_rows_answer_as_their_period_says() {
    let quotient = MisereQuotient::new(&candles::TABLES);
    for far in candles::MAX_ROW - 8..=candles::MAX_ROW {
        let near = 7 + (far - 7) % 8;
        for small in [1, 2, 3, 5, 8] {
            assert_eq!(
                quotient.wins(&[far, small]),
                heaps_win(&rules::Rules, &[near, small], &SEARCH),
                "{far} and {small}"
            );
        }
    }
    let (text, error) = run(&format!("1\n2 {} 9\n", candles::MAX_ROW));
    assert_eq!(error, None);
    assert!(text.starts_with("First ") || text == "Second\n", "{text}");
}

fn bad_input_is_reported_after_the_answers() {
    use candles::{MAX_CASES, MAX_ROW, MAX_ROWS};
    let row = format!("expected a row in 1..={MAX_ROW}");
    let cases = format!("expected the number of cases T in 1..={MAX_CASES}");
    let sum = format!(
        "expected the number of rows n ({MAX_ROWS} in all) in 1..={}",
        MAX_ROWS - 1
    );
    let too_many = format!("2\n1 7\n{MAX_ROWS} {}\n", "1 ".repeat(MAX_ROWS as usize));
    // One row of one candle: lost (its one move blows out the last candle).
    common::assert_errors(
        run,
        &[
            (
                "2\n1 1\n2 3 0\n".to_string(),
                "Second\n",
                format!("line 3: {row}, found 0"),
            ),
            (
                "2\n1 1\n0\n".to_string(),
                "Second\n",
                format!("line 3: {sum}, found 0"),
            ),
            (
                too_many,
                "First 1 1 1\n",
                format!("line 3: {sum}, found {MAX_ROWS}"),
            ),
            (
                format!("{}\n", MAX_CASES + 1),
                "",
                format!("line 1: {cases}, found {}", MAX_CASES + 1),
            ),
        ],
    );
}
