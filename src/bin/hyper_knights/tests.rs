//! hyper_knights against plain recursion on the unbounded board, and against a game search
//! over whole positions of several knights.

common::binary!(hyper_knights, "main.rs");
common::tests!(
    the_moves_are_the_problems,
    every_board_value_equals_recursion_on_the_unbounded_board,
    a_table_filled_in_pieces_in_any_read_order_is_exact,
    a_table_cut_at_the_board_edge_is_wrong_at_eight_cells,
    small_positions_match_a_search_over_whole_positions,
    large_positions_match_the_nim_sum_of_recursive_values,
    crlf_blank_lines_and_a_missing_final_newline_are_fine,
    bad_input_reports_the_line_after_the_complete_answers,
    the_binary_prints_answers_then_one_error_line_and_fails,
    any_layout_reads_as_the_format_says
);

use proptest::prelude::*;
use std::collections::HashMap;
use std::sync::{Arc, Mutex};

/// The moves as the problem states them.
const RULES: [(i64, i64); 6] = [(-2, 1), (-2, -1), (-3, -1), (-1, -2), (-1, -3), (1, -2)];

/// The cells one move away from (x, y) on the board x, y >= 0 (and, if `cut`, x, y < cut).
fn moves_from(x: i64, y: i64, cut: Option<i64>) -> impl Iterator<Item = (i64, i64)> {
    RULES
        .iter()
        .map(move |&(dx, dy)| (x + dx, y + dy))
        .filter(move |&(a, b)| a >= 0 && b >= 0 && cut.map_or(true, |c| a < c && b < c))
}

/// Every move lowers x + y, so from the 500x500 board a knight stays within x + y < 1000.
const REACH: i64 = 1000;

/// Grundy value of one knight by plain memoised recursion: the mex of its moves' values.
/// `memo` holds the value of (x, y) at `x * REACH + y`, `u32::MAX` while unknown.
fn grundy(x: i64, y: i64, cut: Option<i64>, memo: &mut [u32]) -> u32 {
    let key = (x * REACH + y) as usize;
    if memo[key] != u32::MAX {
        return memo[key];
    }
    let options: Vec<u32> = moves_from(x, y, cut)
        .map(|(a, b)| grundy(a, b, cut, memo))
        .collect();
    let g = (0..).find(|g| !options.contains(g)).unwrap();
    memo[key] = g;
    g
}

/// `values[x][y]` for every board cell, by recursion with no bound above (or cut at `cut`).
/// The recursion is up to x + y < 1000 calls deep, so it runs on a thread with a large stack.
fn recursive_values(cut: Option<i64>) -> Vec<Vec<u32>> {
    std::thread::Builder::new()
        .stack_size(256 << 20)
        .spawn(move || {
            let mut memo = vec![u32::MAX; (REACH * REACH) as usize];
            (0..500)
                .map(|x| (0..500).map(|y| grundy(x, y, cut, &mut memo)).collect())
                .collect()
        })
        .unwrap()
        .join()
        .unwrap()
}

/// The exact values, computed once and shared by the tests that need them.
fn exact_values() -> Arc<Vec<Vec<u32>>> {
    static VALUES: Mutex<Option<Arc<Vec<Vec<u32>>>>> = Mutex::new(None);
    let mut values = VALUES.lock().unwrap();
    values
        .get_or_insert_with(|| Arc::new(recursive_values(None)))
        .clone()
}

fn run(input: &str) -> (String, Option<String>) {
    common::run_solve(hyper_knights::solve, input)
}

fn the_moves_are_the_problems() {
    let moves: Vec<(i64, i64)> = hyper_knights::MOVES
        .iter()
        .map(|&(dx, dy)| (dx as i64, dy as i64))
        .collect();
    assert_eq!(moves, RULES);
}

fn every_board_value_equals_recursion_on_the_unbounded_board() {
    let exact = exact_values();
    // Filled all at once, and on demand row by row: (0, 0..500) fills diagonals 0..500 in
    // order, then each (x, 499) one more.
    let mut at_once = hyper_knights::Grundy::new();
    at_once.fill_through(hyper_knights::LAST_DIAGONAL);
    let mut on_demand = hyper_knights::Grundy::new();
    for (x, row) in exact.iter().enumerate() {
        for (y, &value) in row.iter().enumerate() {
            assert_eq!(at_once.value(x, y), value, "({x}, {y})");
            assert_eq!(on_demand.value(x, y), value, "({x}, {y})");
        }
    }
    // The problem's fact: Grundy values are at most 6.
    assert_eq!(exact.iter().flatten().max(), Some(&6));
}

proptest! {
    #![proptest_config(common::config!(64))]

    /// A table filled as knights are read, several diagonals at a time in whatever order the
    /// reads come, gives the values of recursion on the unbounded board.
    fn a_table_filled_in_pieces_in_any_read_order_is_exact(
        reads in proptest::collection::vec((0usize..500, 0usize..500), 1..40),
        checked in proptest::collection::vec((0usize..500, 0usize..500), 200),
    ) {
        let exact = exact_values();
        let mut table = hyper_knights::Grundy::new();
        let mut reach = None;
        for &(x, y) in &reads {
            prop_assert_eq!(table.value(x, y), exact[x][y], "({}, {})", x, y);
            reach = reach.max(Some(x + y));
            // Every cell of the diagonals filled so far is right, not only the one read.
            for &(cx, cy) in checked.iter().filter(|&&(cx, cy)| Some(cx + cy) <= reach) {
                prop_assert_eq!(table.value(cx, cy), exact[cx][cy], "({}, {})", cx, cy);
            }
        }
    }
}

fn a_table_cut_at_the_board_edge_is_wrong_at_eight_cells() {
    // The problem's fact, which shows that the comparison above can fail: moves that leave
    // the 500x500 board do matter.
    let cut = recursive_values(Some(500));
    let exact = exact_values();
    let mut wrong = Vec::new();
    for (x, (cut_row, exact_row)) in cut.iter().zip(exact.iter()).enumerate() {
        for (y, (a, b)) in cut_row.iter().zip(exact_row).enumerate() {
            if a != b {
                wrong.push((x, y));
            }
        }
    }
    assert_eq!(wrong.len(), 8, "{wrong:?}");
    assert!(wrong.contains(&(247, 499)), "{wrong:?}");
    // The cells nearest the edge, where a cut would show, agree with the solver.
    let mut table = hyper_knights::Grundy::new();
    for &(x, y) in &wrong {
        assert_eq!(table.value(x, y), exact[x][y], "({x}, {y})");
    }
}

/// Win/lose search over whole positions: a sorted list of knights; the mover wins if some
/// move of some knight leaves a lost position.
fn wins(knights: &[(i64, i64)], memo: &mut HashMap<Vec<(i64, i64)>, bool>) -> bool {
    if let Some(&w) = memo.get(knights) {
        return w;
    }
    let mut w = false;
    'search: for i in 0..knights.len() {
        for to in moves_from(knights[i].0, knights[i].1, None) {
            let mut next = knights.to_vec();
            next[i] = to;
            next.sort_unstable();
            if !wins(&next, memo) {
                w = true;
                break 'search;
            }
        }
    }
    memo.insert(knights.to_vec(), w);
    w
}

thread_local! {
    /// Positions already searched, kept from one generated input to the next.
    static SEARCHED: std::cell::RefCell<HashMap<Vec<(i64, i64)>, bool>> = Default::default();
}

fn case_text(knights: &[(i64, i64)]) -> String {
    let mut text = format!("{}\n", knights.len());
    for (x, y) in knights {
        text += &format!("{x} {y}\n");
    }
    text
}

proptest! {
    // Each input holds up to 200 cases (the most the format allows), so few inputs cover many
    // positions; every call of `solve` builds the whole table, which is slow in a debug build.
    #![proptest_config(common::config!(24))]

    fn small_positions_match_a_search_over_whole_positions(
        cases in proptest::collection::vec(
            proptest::collection::vec((0i64..6, 0i64..6), 1..=3),
            1..=200,
        ),
    ) {
        let mut memo = SEARCHED.with(|m| m.take());
        let mut input = format!("{}\n", cases.len());
        let mut expected = String::new();
        for (i, knights) in cases.iter().enumerate() {
            input += &case_text(knights);
            let mut sorted = knights.clone();
            sorted.sort_unstable();
            let winner = if wins(&sorted, &mut memo) { "Alice" } else { "Bob" };
            expected += &format!("Case {}: {winner}\n", i + 1);
        }
        SEARCHED.with(|m| m.replace(memo));
        prop_assert_eq!(run(&input), (expected, None));
    }

    fn large_positions_match_the_nim_sum_of_recursive_values(
        cases in proptest::collection::vec(
            proptest::collection::vec((0usize..500, 0usize..500), 1..40),
            1..=200,
        ),
    ) {
        let exact = exact_values();
        let mut input = format!("{}\n", cases.len());
        let mut expected = String::new();
        for (i, knights) in cases.iter().enumerate() {
            let cells: Vec<(i64, i64)> = knights.iter().map(|&(x, y)| (x as i64, y as i64)).collect();
            input += &case_text(&cells);
            let sum = knights.iter().fold(0, |s, &(x, y)| s ^ exact[x][y]);
            let winner = if sum != 0 { "Alice" } else { "Bob" };
            expected += &format!("Case {}: {winner}\n", i + 1);
        }
        prop_assert_eq!(run(&input), (expected, None));
    }
}

fn crlf_blank_lines_and_a_missing_final_newline_are_fine() {
    let plain = run("2\n1\n0 0\n2\n2 5\n3 5\n");
    assert_eq!(plain, ("Case 1: Bob\nCase 2: Alice\n".to_string(), None));
    assert_eq!(
        run("\r\n2\r\n\r\n1\r\n0 0\r\n2\r\n2 5\r\n\r\n3\r\n5"),
        plain
    );
}

// Answers below are the problem's facts: its sample, and a knight on (0, 0) cannot move.

fn bad_input_reports_the_line_after_the_complete_answers() {
    let cases = [
        (
            "",
            "",
            "line 1: expected the number of cases T in 1..=200, found end of input",
        ),
        (
            "0\n",
            "",
            "line 1: expected the number of cases T in 1..=200, found 0",
        ),
        (
            "1\n0\n",
            "",
            "line 2: expected the number of knights n in 1..=1000, found 0",
        ),
        (
            "1\n1001\n",
            "",
            "line 2: expected the number of knights n in 1..=1000, found 1001",
        ),
        (
            "2\n1\n1 1\n1\n-1 0\n",
            "Case 1: Bob\n",
            "line 5: expected a knight's x in 0..=499, found \"-1\"",
        ),
        (
            "1\n1\n0 -3\n",
            "",
            "line 3: expected a knight's y in 0..=499, found \"-3\"",
        ),
        (
            "1\n1\n0 x\n",
            "",
            "line 3: expected a knight's y in 0..=499, found \"x\"",
        ),
        (
            "1\n1\n500 0\n",
            "",
            "line 3: expected a knight's x in 0..=499, found 500",
        ),
        (
            "2\n2\n2 5\n3 5\n3\n1 2\n2 1\n",
            "Case 1: Alice\n",
            "line 7: expected a knight's x in 0..=499, found end of input",
        ),
        (
            "1\n1\n0 0\n\n0 0\n",
            "Case 1: Bob\n",
            "line 5: expected the end of the input, found \"0\"",
        ),
    ];
    common::assert_errors(run, &cases);
}

fn the_binary_prints_answers_then_one_error_line_and_fails() {
    common::assert_binary_fails(
        common::exe!(),
        b"3\n1\n0 0\n2\n2 5\n3 5\n2\n1 1\n",
        "Case 1: Bob\nCase 2: Alice\n",
        "error: line 8: expected a knight's x in 0..=499, found end of input\n",
    );
}

/// A coordinate as the input may spell it: plainly, with leading zeros or a `+`.
fn coordinate_text() -> impl Strategy<Value = (usize, String)> {
    let spelling = prop_oneof![8 => Just(""), 1 => Just("0"), 1 => Just("00"), 1 => Just("+")];
    (0usize..500, spelling).prop_map(|(v, prefix)| (v, format!("{prefix}{v}")))
}

/// Any whitespace the format allows, in any amount (no lone `\r`, so that lines end at `\n`).
fn any_gap() -> impl Strategy<Value = &'static str> {
    prop_oneof![
        8 => Just(" "),
        4 => Just("\n"),
        2 => Just("\r\n"),
        1 => Just("\t"),
        1 => Just("  "),
        1 => Just("\n\n"),
        1 => Just("\x0b\x0c"),
    ]
}

proptest! {
    #![proptest_config(common::config!(64))]

    /// Knights in any layout the format allows, read fast or not, give the nim-sum of the
    /// recursive values; an off-board or bad coordinate anywhere gives the checked reader's
    /// error on its line, after the complete cases' answers.
    fn any_layout_reads_as_the_format_says(
        cases in proptest::collection::vec(
            proptest::collection::vec((coordinate_text(), any_gap(), coordinate_text(), any_gap()), 1..60),
            1..12,
        ),
        bad in proptest::option::of((any::<proptest::sample::Index>(), prop_oneof![
            Just("500"), Just("-1"), Just("x"), Just("1000000000000000000000"), Just("4.5"),
        ])),
    ) {
        let exact = exact_values();
        let mut input = format!("{}\n", cases.len());
        let mut expected = Vec::new();
        // Where each knight's x and y are: the line and the byte offset of each.
        let mut places = Vec::new();
        for knights in &cases {
            input += &format!("{}\n", knights.len());
            let mut sum = 0;
            for ((x, x_text), gap, (y, y_text), end) in knights {
                sum ^= exact[*x][*y];
                let line = input.matches('\n').count() + 1;
                places.push((line, input.len(), x_text.len()));
                input += x_text;
                input += gap;
                let line = input.matches('\n').count() + 1;
                places.push((line, input.len(), y_text.len()));
                input += y_text;
                input += end;
            }
            let winner = if sum != 0 { "Alice" } else { "Bob" };
            expected.push(format!("Case {}: {winner}\n", expected.len() + 1));
        }
        match bad {
            None => prop_assert_eq!(run(&input), (expected.concat(), None)),
            Some((index, bad)) => {
                let which = index.index(places.len());
                let (line, at, len) = places[which];
                let corrupted = format!("{}{bad}{}", &input[..at], &input[at + len..]);
                // The answers of the cases before the bad knight's case.
                let knight = which / 2;
                let mut before = 0;
                let mut complete = 0;
                for knights in &cases {
                    if before + knights.len() > knight {
                        break;
                    }
                    before += knights.len();
                    complete += 1;
                }
                let found = match bad {
                    "500" => "500".to_string(),
                    "1000000000000000000000" => format!("\"{bad}\" (too large)"),
                    _ => format!("\"{bad}\""),
                };
                let coordinate = ["x", "y"][which % 2];
                let error = format!("line {line}: expected a knight's {coordinate} in 0..=499, found {found}");
                prop_assert_eq!(run(&corrupted), (expected[..complete].concat(), Some(error)));
            }
        }
    }
}
