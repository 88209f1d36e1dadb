//! marble_diamond against a brute force written from the diamond's display geometry.

#[allow(dead_code)]
#[path = "../src/bin/marble_diamond.rs"]
mod marble_diamond;

mod common;

use combgames::game::{win_table, MoveMasks};
use proptest::prelude::*;
use std::collections::HashMap;

/// Holes as (display row, display column) in reading order: row r holds 4 - |3 - r| holes,
/// indented by |3 - r| and two columns apart, as the problem draws them.
fn holes() -> Vec<(i32, i32)> {
    let mut holes = Vec::new();
    for row in 0..7i32 {
        let indent = (3 - row).abs();
        for k in 0..4 - indent {
            holes.push((row, indent + 2 * k));
        }
    }
    holes
}

/// Every move as a set of reading-order indices, from the display: neighbours on a row are
/// two columns apart, on a vertical two rows apart, on a slant one row and one column.
fn display_moves() -> Vec<u32> {
    let holes = holes();
    let index = |p: (i32, i32)| holes.iter().position(|&h| h == p);
    let mut moves = Vec::new();
    for &start in &holes {
        moves.push(1u32 << index(start).unwrap());
        for (dr, dc) in [(0, 2), (2, 0), (1, 1), (1, -1)] {
            let mut mask = 1u32 << index(start).unwrap();
            for step in 1..3 {
                match index((start.0 + dr * step, start.1 + dc * step)) {
                    Some(i) => {
                        mask |= 1 << i;
                        moves.push(mask);
                    }
                    None => break,
                }
            }
        }
    }
    moves
}

/// Plain memoised game search: the mover wins if some move leaves a lost position.
fn brute_wins(board: u32, moves: &[u32], memo: &mut HashMap<u32, bool>) -> bool {
    if let Some(&known) = memo.get(&board) {
        return known;
    }
    let wins = moves
        .iter()
        .any(|&m| board & m == 0 && !brute_wins(board | m, moves, memo));
    memo.insert(board, wins);
    wins
}

/// Draws `board` (bit i = hole i filled) in the problem's layout, with `newline` line ends.
fn draw(board: u32, newline: &str) -> String {
    let mut text = String::new();
    let mut i = 0;
    for row in 0..7i32 {
        let indent = (3 - row).unsigned_abs() as usize;
        let cells: Vec<&str> = (0..4 - indent)
            .map(|_| {
                let c = if board >> i & 1 == 1 { "*" } else { "." };
                i += 1;
                c
            })
            .collect();
        text += &format!("{}{}{newline}", " ".repeat(indent), cells.join(" "));
    }
    text
}

fn run(input: &str) -> (String, Option<String>) {
    common::run_solve(|input, out| marble_diamond::solve(input, out), input)
}

fn answer(wins: bool) -> &'static str {
    if wins {
        "Possible.\n"
    } else {
        "Impossible.\n"
    }
}

#[test]
fn the_diamond_has_82_moves_16_singles_42_pairs_24_triples() {
    let moves = marble_diamond::moves();
    let count = |size: u32| moves.iter().filter(|m| m.count_ones() == size).count();
    assert_eq!((count(1), count(2), count(3)), (16, 42, 24));
    assert_eq!(moves.len(), 82);
    let mut sorted = moves.clone();
    sorted.sort_unstable();
    sorted.dedup();
    assert_eq!(sorted.len(), 82, "moves are distinct");
}

#[test]
fn rotated_grid_moves_equal_display_moves() {
    let mut grid = marble_diamond::moves();
    let mut display = display_moves();
    grid.sort_unstable();
    display.sort_unstable();
    assert_eq!(grid, display);
}

#[test]
fn win_table_matches_brute_force_on_all_65536_boards() {
    let table = win_table(&MoveMasks::new(16, marble_diamond::moves()));
    let moves = display_moves();
    let mut memo = HashMap::new();
    for board in 0..1u32 << 16 {
        assert_eq!(
            table[board as usize],
            brute_wins(board, &moves, &mut memo),
            "board {board:#06x}"
        );
    }
    assert_eq!(table.iter().filter(|&&w| w).count(), 58_728);
}

/// Separators the format allows between holes: anything made of whitespace.
fn whitespace() -> impl Strategy<Value = String> {
    proptest::collection::vec(
        prop_oneof![Just(" "), Just("\n"), Just("\r\n"), Just("\t")],
        0..4,
    )
    .prop_map(|parts| parts.concat())
}

/// A board drawn in one of the layouts a judge might use.
fn drawn_board() -> impl Strategy<Value = (u32, String)> {
    let free_form =
        (any::<u16>(), proptest::collection::vec(whitespace(), 16)).prop_map(|(board, gaps)| {
            let text: String = (0..16)
                .map(|i| format!("{}{}", gaps[i], if board >> i & 1 == 1 { '*' } else { '.' }))
                .collect();
            (board as u32, text)
        });
    prop_oneof![
        4 => any::<u16>().prop_map(|b| (b as u32, format!("\n{}", draw(b as u32, "\n")))),
        2 => any::<u16>().prop_map(|b| (b as u32, format!("\r\n{}", draw(b as u32, "\r\n")))),
        1 => free_form,
    ]
}

proptest! {
    #[test]
    fn answers_match_brute_force_in_any_layout(
        boards in proptest::collection::vec(drawn_board(), 1..40),
        repeat in 1usize..120,
        tail in whitespace(),
    ) {
        // Repeating the list makes inputs long enough to cross the reader's buffer.
        let boards: Vec<&(u32, String)> = boards.iter().cycle().take(boards.len() * repeat).collect();
        let mut input = format!("{}\n", boards.len());
        let moves = display_moves();
        let mut memo = HashMap::new();
        let mut expected = String::new();
        for (board, text) in &boards {
            input += text;
            expected += answer(brute_wins(*board, &moves, &mut memo));
        }
        input += &tail;
        prop_assert_eq!(run(&input), (expected, None));
    }
}

#[test]
fn crlf_missing_final_newline_and_blank_lines_are_fine() {
    let board = draw(0b1010_0000_0000_0101, "\r\n");
    let input = format!("\r\n\r\n2\r\n\r\n\r\n{board}\r\n{}", board.trim_end());
    let expected = answer(brute_wins(
        0b1010_0000_0000_0101,
        &display_moves(),
        &mut HashMap::new(),
    ));
    assert_eq!(run(&input), (expected.repeat(2), None));
}

#[test]
fn bad_input_reports_the_line_after_the_complete_answers() {
    let full = draw(0xffff, "\n");
    let half: String = full.lines().take(3).map(|l| format!("{l}\n")).collect();
    let cases = [
        (
            "",
            "",
            "line 1: expected the number of boards T in 1..=1000000, found end of input",
        ),
        (
            "x",
            "",
            "line 1: expected the number of boards T in 1..=1000000, found \"x\"",
        ),
        (
            "0\n",
            "",
            "line 1: expected the number of boards T in 1..=1000000, found 0",
        ),
        (
            &*format!("2\n\n{full}\n{half}"),
            "Impossible.\n",
            "line 14: expected a hole '*' or '.', found end of input",
        ),
        (
            &*format!("1\n{}", full.replacen('*', "Q", 1)),
            "",
            "line 2: expected a hole '*' or '.', found 'Q'",
        ),
        (
            &*format!("1\n{full}\n*\n"),
            "Impossible.\n",
            "line 10: expected the end of the input, found \"*\"",
        ),
    ];
    common::assert_errors(run, &cases);
}

#[test]
fn the_binary_prints_answers_then_one_error_line_and_fails() {
    let full = draw(0, "\n");
    let input = format!("3\n{full}{full}   *\n  * Q\n");
    let output = common::run_binary(env!("CARGO_BIN_EXE_marble_diamond"), input.as_bytes());
    assert!(!output.success);
    let wins_empty = brute_wins(0, &display_moves(), &mut HashMap::new());
    assert_eq!(output.stdout, answer(wins_empty).repeat(2));
    assert_eq!(
        output.stderr,
        "error: line 17: expected a hole '*' or '.', found 'Q'\n"
    );
}
