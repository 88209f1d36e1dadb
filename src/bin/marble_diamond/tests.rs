//! marble_diamond against a brute force written from the diamond's display geometry.

common::binary!(marble_diamond, "main.rs");
common::tests!(
    the_diamond_has_82_moves_16_singles_42_pairs_24_triples,
    rotated_grid_moves_equal_display_moves,
    the_win_table_matches_brute_force_on_all_65536_boards,
    every_layout_reads_as_the_plain_reader,
    a_bad_byte_anywhere_reports_as_the_plain_reader,
    answers_match_brute_force_in_any_layout,
    crlf_missing_final_newline_and_blank_lines_are_fine,
    bad_input_reports_the_line_after_the_complete_answers,
    the_binary_prints_answers_then_one_error_line_and_fails
);

use combgames::cells::Cells;
use combgames::game::{win_table, MoveMasks, WinBits};
use combgames::io::Reader;
use proptest::prelude::*;
use std::cell::RefCell;
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

thread_local! {
    /// The program's win bits, worked out once per test thread.
    static WIN: WinBits = win_table(&MoveMasks::new(16, marble_diamond::moves()));
    /// The display's moves, and the brute force's verdicts so far, kept across the cases of
    /// a test (one thread each).
    static BRUTE: RefCell<(Vec<u32>, HashMap<u32, bool>)> =
        RefCell::new((display_moves(), HashMap::new()));
}

/// The brute force's verdict on `board`, memoised across a test's cases.
fn brute_force(board: u32) -> bool {
    BRUTE.with(|brute| {
        let (moves, memo) = &mut *brute.borrow_mut();
        brute_wins(board, moves, memo)
    })
}

fn run(input: impl AsRef<[u8]>) -> common::Outcome {
    WIN.with(|win| common::run_solve(|rd, out| marble_diamond::solve(rd, out, win), input))
}

fn answer(wins: bool) -> &'static str {
    if wins {
        "Possible.\n"
    } else {
        "Impossible.\n"
    }
}

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

fn rotated_grid_moves_equal_display_moves() {
    let mut grid = marble_diamond::moves();
    let mut display = display_moves();
    grid.sort_unstable();
    display.sort_unstable();
    assert_eq!(grid, display);
}

fn the_win_table_matches_brute_force_on_all_65536_boards() {
    let moves = display_moves();
    let mut memo = HashMap::new();
    WIN.with(|win| {
        for board in 0..1u32 << 16 {
            let wins = brute_wins(board, &moves, &mut memo);
            assert_eq!(win.get(board as usize), wins, "board {board:#06x}");
        }
        assert_eq!(
            win.words().iter().map(|w| w.count_ones()).sum::<u32>(),
            58_728
        );
    });
}

/// Separators the format allows between holes: anything made of whitespace.
fn whitespace() -> impl Strategy<Value = String> {
    proptest::collection::vec(
        prop_oneof![
            Just(" "),
            Just("\n"),
            Just("\r\n"),
            Just("\r"),
            Just("\t"),
            Just("\x0b"),
            Just("\x0c")
        ],
        0..4,
    )
    .prop_map(|parts| parts.concat())
}

/// A whole-input way of drawing boards: the separator before each hole (`gaps[i]` before
/// hole i, `gaps[16]` before the first hole of the next board) is fixed, as judge data does.
#[derive(Clone, Debug)]
struct Layout {
    gaps: Vec<String>,
}

impl Layout {
    /// The problem's picture with `newline` line ends, `pad` at the end of every line and
    /// `space` between holes and in the indent.
    fn pictured(newline: &str, pad: &str, space: &str) -> Layout {
        let mut gaps = Vec::new();
        for row in 0..7i32 {
            let indent = (3 - row).unsigned_abs() as usize;
            for k in 0..4 - indent {
                gaps.push(if k == 0 {
                    format!("{pad}{newline}{}", space.repeat(indent))
                } else {
                    space.to_string()
                });
            }
        }
        // The first hole of a board follows a blank line.
        gaps[0] = format!("{pad}{newline}{newline}   ");
        gaps.push(gaps[0].clone());
        Layout { gaps }
    }

    fn draw(&self, board: u32, first: bool) -> String {
        (0..16)
            .map(|i| {
                let gap = if i == 0 && !first {
                    &self.gaps[16]
                } else {
                    &self.gaps[i]
                };
                format!("{gap}{}", if board >> i & 1 == 1 { '*' } else { '.' })
            })
            .collect()
    }
}

/// The layouts the benchmark times, and random ones.
fn layout() -> impl Strategy<Value = Layout> {
    prop_oneof![
        Just(Layout::pictured("\n", "", " ")),
        Just(Layout::pictured("\r\n", "", " ")),
        Just(Layout::pictured("\r", "", " ")),
        Just(Layout::pictured("\n", " ", " ")),
        Just(Layout::pictured("\n", "", "\t")),
        Just(Layout::pictured("\n", "", "")),
        // One line per board.
        Just(Layout {
            gaps: std::iter::once("\n".to_string())
                .chain((0..15).map(|_| " ".to_string()))
                .chain(std::iter::once("\n".to_string()))
                .collect()
        }),
        // Sixteen holes in a row, or split once: eight or seven holes in a word.
        (0usize..16).prop_map(|split| Layout {
            gaps: (0..17)
                .map(|i| match i {
                    0 | 16 => "\n",
                    i if i == split => " ",
                    _ => "",
                })
                .map(String::from)
                .collect()
        }),
        proptest::collection::vec(whitespace(), 17).prop_map(|gaps| Layout { gaps }),
    ]
}

/// An input of `boards`, each drawn in the layout it is paired with (mostly the same one),
/// with `tail` after the last.
fn input_of(boards: &[(u32, Layout)], tail: &str) -> String {
    // The count must end before the first hole, whatever the layout.
    let mut input = format!("{}\n", boards.len());
    for (k, (board, layout)) in boards.iter().enumerate() {
        input += &layout.draw(*board, k == 0);
    }
    input + tail
}

/// A plain reader written here from the format: the next 16 bytes that are not whitespace
/// must be holes; answers from the brute force.
fn plain(input: &[u8]) -> (String, Option<String>) {
    let mut out = String::new();
    let mut rd = Reader::new(input);
    let mut hole = Cells::new(b".*", 1);
    let result = (|| {
        let boards = rd.u64_in(1..=1_000_000, "the number of boards T")?;
        for _ in 0..boards {
            let mut board = 0;
            for i in 0..16 {
                board |= (rd.cells(&mut hole, "a hole '*' or '.'")? as u32) << i;
            }
            out += answer(brute_force(board));
        }
        rd.expect_end()
    })();
    (out, result.err().map(|e| e.to_string()))
}

/// Boards, mostly in one layout, some in another.
fn boards_in_layouts() -> impl Strategy<Value = Vec<(u32, Layout)>> {
    (
        layout(),
        layout(),
        proptest::collection::vec((any::<u16>(), 0..8u8), 1..300),
    )
        .prop_map(|(main, other, boards)| {
            boards
                .into_iter()
                .map(|(b, pick)| {
                    (
                        u32::from(b),
                        if pick == 0 {
                            other.clone()
                        } else {
                            main.clone()
                        },
                    )
                })
                .collect()
        })
}

proptest! {
    #![proptest_config(common::config!(16))]

    /// The program, its fast paths on and off, at two buffer sizes (`run`), reads what a
    /// hole-by-hole reader reads.
    fn every_layout_reads_as_the_plain_reader(
        boards in boards_in_layouts(),
        tail in whitespace(),
    ) {
        let input = input_of(&boards, &tail);
        let expected = plain(input.as_bytes());
        prop_assert_eq!(&expected.1, &None);
        prop_assert_eq!(&run(&input), &expected);
    }

    /// A byte with one bit flipped anywhere, or replaced, gives the plain reader's answers
    /// and error, line included.
    fn a_bad_byte_anywhere_reports_as_the_plain_reader(
        boards in boards_in_layouts(),
        at in any::<prop::sample::Index>(),
        change in prop_oneof![
            3 => (0u32..8).prop_map(|bit| (0xffu8, 1u8 << bit)),
            1 => prop_oneof![Just(b'Q'), Just(b'\0'), Just(0xff)].prop_map(|b| (0, b)),
        ],
    ) {
        let mut input = input_of(&boards, "\n").into_bytes();
        let at = at.index(input.len());
        let (keep, flip) = change;
        input[at] = (input[at] & keep) ^ flip;
        let expected = plain(&input);
        prop_assert_eq!(&run(&input), &expected);
    }

    fn answers_match_brute_force_in_any_layout(
        boards in proptest::collection::vec(any::<u16>(), 1..300),
        (main, other) in (layout(), layout()),
        repeat in 1usize..40,
        odd in any::<prop::sample::Index>(),
        tail in whitespace(),
    ) {
        // Repeating the list makes inputs long enough to cross the reader's 64 KiB buffer.
        // One layout, as judge data has, but for one board anywhere: the reader learns a
        // layout anew at each change, which takes as long as reading hundreds of boards, so
        // mixed layouts are left to `every_layout_reads_as_the_plain_reader`.
        // Each board is drawn once (as `input_of` would draw it) and its answer found once.
        let total = boards.len() * repeat;
        let odd = odd.index(total);
        let boards: Vec<u32> = boards.into_iter().map(u32::from).collect();
        let drawn: Vec<String> = boards.iter().map(|&b| main.draw(b, false)).collect();
        let answers: Vec<&str> = boards.iter().map(|&b| answer(brute_force(b))).collect();
        let mut input = format!("{total}\n");
        let mut expected = String::new();
        for k in 0..total {
            let i = k % boards.len();
            match k {
                _ if k == odd => input += &other.draw(boards[i], k == 0),
                0 => input += &main.draw(boards[i], true),
                _ => input += &drawn[i],
            }
            expected += answers[i];
        }
        input += &tail;
        prop_assert_eq!(run(input), (expected, None));
    }
}

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
            "line 13: expected a hole '*' or '.', found end of input",
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
    // `run` is generic over its input, and serves as it is.
    common::assert_errors(run, &cases);
}

fn the_binary_prints_answers_then_one_error_line_and_fails() {
    let full = draw(0, "\n");
    let input = format!("3\n{full}{full}   *\n  * Q\n");
    let wins_empty = brute_wins(0, &display_moves(), &mut HashMap::new());
    common::assert_binary_fails(
        common::exe!(),
        input,
        &answer(wins_empty).repeat(2),
        "error: line 17: expected a hole '*' or '.', found 'Q'\n",
    );
}
