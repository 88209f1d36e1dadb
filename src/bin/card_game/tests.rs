//! card_game against an exhaustive search over the sets of remaining cards, written from the
//! rules: walk the card's diagonals both ways and stop at the edge or at a hole.

common::binary!(card_game, "main.rs");
common::tests!(
    answers_and_the_plain_region_recursion_match_an_exhaustive_search,
    large_boards_match_the_plain_region_recursion,
    large_boards_with_crlf_lines_match_the_plain_region_recursion,
    every_board_of_two_by_two_and_three_by_two_matches_the_search,
    the_problems_mirror_pair_tells_r_from_b,
    crlf_blank_lines_and_a_missing_final_newline_are_fine,
    bad_input_gives_one_clear_error,
    the_binary_reports_one_error_line_and_fails
);

use proptest::prelude::*;

/// The steps (drow, dcol) of a card's walks: R on the "/" diagonal (row + col constant), B
/// on the "\" diagonal (row - col constant), G on both.
fn walks(colour: u8) -> &'static [(i32, i32)] {
    match colour {
        b'R' => &[(-1, 1), (1, -1)],
        b'B' => &[(1, 1), (-1, -1)],
        _ => &[(-1, 1), (1, -1), (1, 1), (-1, -1)],
    }
}

/// Whether the first player wins on `board` (rows of `R`, `G`, `B`), by a search over every
/// set of remaining cards: bit r * m + c is the card at (r, c).
fn brute_force_wins(board: &[Vec<u8>]) -> bool {
    let (n, m) = (board.len(), board[0].len());
    let cells = n * m;
    assert!(cells <= 20, "too many cards to search");
    let bit = |r: i32, c: i32| 1u32 << (r as usize * m + c as usize);
    // The cards a move at card (r, c) removes from `left`.
    let removed = |left: u32, r: i32, c: i32| {
        let mut gone = bit(r, c);
        for &(dr, dc) in walks(board[r as usize][c as usize]) {
            let (mut rr, mut cc) = (r + dr, c + dc);
            while (0..n as i32).contains(&rr)
                && (0..m as i32).contains(&cc)
                && left & bit(rr, cc) != 0
            {
                gone |= bit(rr, cc);
                rr += dr;
                cc += dc;
            }
        }
        gone
    };
    // A move only removes cards, so every successor of `left` is a smaller number.
    let mut wins = vec![false; 1 << cells];
    for left in 1..1u32 << cells {
        wins[left as usize] = (0..cells).any(|i| {
            let (r, c) = ((i / m) as i32, (i % m) as i32);
            left & bit(r, c) != 0 && !wins[(left & !removed(left, r, c)) as usize]
        });
    }
    wins[(1usize << cells) - 1]
}

/// The Grundy values of the games of the cards whose row + col is even, and odd, on `board`,
/// by a plain memoised recursion written from the rules in diagonal coordinates s = row +
/// col ("/" diagonals) and d = row - col ("\\" diagonals), independently of the binary's
/// rotated tables: every position reached from the full board is a set of regions
/// s1 <= s <= s2, d1 <= d <= d2 of one parity (what `brute_force_wins` confirms on small
/// boards), an R card removes its s line, a B card its d line and a G card both, splitting
/// its region in 2 or 4. No shortcuts: every card of a region is an option, and every
/// region is worked out from its cards.
fn diagonal_region_values(board: &[Vec<u8>]) -> [u32; 2] {
    let (n, m) = (board.len() as i32, board[0].len() as i32);
    // s in 0..=n+m-2, d + m - 1 in 0..=n+m-2.
    let side = (n + m - 1) as usize;
    let mut memo = vec![u16::MAX; side.pow(4)];
    // Each parity of s is one game; d takes every value in both.
    let all = (0, n + m - 2);
    [0, 1].map(|parity| u32::from(region_grundy(board, (parity, n + m - 2), all, &mut memo)))
}

/// Whether the first player wins on `board`, by [`diagonal_region_values`].
fn diagonal_regions_wins(board: &[Vec<u8>]) -> bool {
    let [even, odd] = diagonal_region_values(board);
    even ^ odd != 0
}

/// The Grundy value of the cards (r, c) with r + c in `s` and r - c + m - 1 in `d` (inclusive
/// ranges; the region's cards have the parity of `s.0`), memoised in `memo`.
fn region_grundy(board: &[Vec<u8>], s: (i32, i32), d: (i32, i32), memo: &mut [u16]) -> u16 {
    let (n, m) = (board.len() as i32, board[0].len() as i32);
    if s.0 > s.1 || d.0 > d.1 {
        return 0;
    }
    let side = (n + m - 1) as usize;
    let key = ((s.0 as usize * side + s.1 as usize) * side + d.0 as usize) * side + d.1 as usize;
    if memo[key] != u16::MAX {
        return memo[key];
    }
    // The region's cells: r = (s + d - (m - 1)) / 2 and c = (s - d + m - 1) / 2 for each s
    // and d of the region whose sum has the cells' parity, when those are on the board.
    let mut options = Vec::new();
    for cs in (s.0..=s.1).step_by(2) {
        // s + d + m - 1 is even (twice r) on every cell.
        let first_d = d.0 + (cs + d.0 + m - 1).rem_euclid(2);
        for cd in (first_d..=d.1).step_by(2) {
            let (r, c) = ((cs + cd - (m - 1)) / 2, (cs - cd + m - 1) / 2);
            if !(0..n).contains(&r) || !(0..m).contains(&c) {
                continue;
            }
            let below_s = (s.0, cs - 2);
            let above_s = (cs + 2, s.1);
            let below_d = (d.0, cd - 2);
            let above_d = (cd + 2, d.1);
            let option = match board[r as usize][c as usize] {
                b'R' => {
                    region_grundy(board, below_s, d, memo) ^ region_grundy(board, above_s, d, memo)
                }
                b'B' => {
                    region_grundy(board, s, below_d, memo) ^ region_grundy(board, s, above_d, memo)
                }
                _ => {
                    region_grundy(board, below_s, below_d, memo)
                        ^ region_grundy(board, below_s, above_d, memo)
                        ^ region_grundy(board, above_s, below_d, memo)
                        ^ region_grundy(board, above_s, above_d, memo)
                }
            };
            options.push(option);
        }
    }
    let mex = (0..).find(|v| !options.contains(v)).unwrap();
    memo[key] = mex;
    mex
}

/// Boards up to 25 x 25, with any share of G cards (the binary's G-card loop works on
/// up to 32 rows at once).
fn large_board() -> impl Strategy<Value = Vec<Vec<u8>>> {
    (1usize..=25, 1usize..=25, 0u32..=100).prop_flat_map(|(n, m, green)| {
        let colour = (0u32..100, prop_oneof![Just(b'R'), Just(b'B')])
            .prop_map(move |(p, other)| if p < green { b'G' } else { other });
        proptest::collection::vec(proptest::collection::vec(colour, m), n)
    })
}

fn board_text(board: &[Vec<u8>], newline: &str) -> String {
    let mut text = format!("{} {}{newline}", board.len(), board[0].len());
    for row in board {
        text += std::str::from_utf8(row).unwrap();
        text += newline;
    }
    text
}

fn run(input: &str) -> (String, Option<String>) {
    common::run_solve(card_game::solve, input)
}

fn answer(wins: bool) -> &'static str {
    if wins {
        "W\n"
    } else {
        "L\n"
    }
}

/// Boards of at most 16 cards: every shape from 1x1 to 4x4, and strips up to 1x16 and 16x1.
fn small_board() -> impl Strategy<Value = Vec<Vec<u8>>> {
    let shape = prop_oneof![
        (1usize..=4, 1usize..=4),
        (1usize..=16).prop_map(|k| (1, k)),
        (1usize..=16).prop_map(|k| (k, 1)),
    ];
    shape.prop_flat_map(|(n, m)| {
        let colour = prop_oneof![Just(b'R'), Just(b'G'), Just(b'B')];
        proptest::collection::vec(proptest::collection::vec(colour, m), n)
    })
}

proptest! {
    #![proptest_config(common::config!(300))]

    /// The binary's answer, and the plain region recursion's (which the large boards below
    /// check the binary against), are the exhaustive search's, searched once per board.
    fn answers_and_the_plain_region_recursion_match_an_exhaustive_search(board in small_board()) {
        let wins = brute_force_wins(&board);
        prop_assert_eq!(run(&board_text(&board, "\n")), (answer(wins).to_string(), None));
        prop_assert_eq!(diagonal_regions_wins(&board), wins);
    }
}

/// The DP against the plain recursion, and the binary's answer, on one board.
fn check_large_board(board: &[Vec<u8>], newline: &str) -> Result<(), TestCaseError> {
    let (n, m) = (board.len(), board[0].len());
    let values = card_game::parity_values(&board.concat(), n, m);
    let plain = diagonal_region_values(board);
    prop_assert_eq!(values, plain);
    let expected = answer(plain[0] ^ plain[1] != 0);
    prop_assert_eq!(
        run(&board_text(board, newline)),
        (expected.to_string(), None)
    );
    Ok(())
}

// Two tests of 5 boards rather than one of 10, so that the test threads share the slowest
// check (about 70 ms a board; PROPTEST_CASES=100 for a deeper run).
proptest! {
    #![proptest_config(common::config!(5))]

    fn large_boards_match_the_plain_region_recursion(board in large_board()) {
        check_large_board(&board, "\n")?;
    }

    fn large_boards_with_crlf_lines_match_the_plain_region_recursion(board in large_board()) {
        check_large_board(&board, "\r\n")?;
    }
}

fn every_board_of_two_by_two_and_three_by_two_matches_the_search() {
    // All 3^4 + 2 * 3^6 boards, in both orientations of the 3x2 one.
    for (n, m) in [(2, 2), (3, 2), (2, 3)] {
        for code in 0..3usize.pow((n * m) as u32) {
            let mut rest = code;
            let board: Vec<Vec<u8>> = (0..n)
                .map(|_| {
                    (0..m)
                        .map(|_| {
                            let colour = b"RGB"[rest % 3];
                            rest /= 3;
                            colour
                        })
                        .collect()
                })
                .collect();
            let expected = answer(brute_force_wins(&board));
            assert_eq!(
                run(&board_text(&board, "\n")),
                (expected.to_string(), None),
                "{board:?}"
            );
        }
    }
}

fn the_problems_mirror_pair_tells_r_from_b() {
    // The problem's facts: RR/BG is L and RR/GB is W.
    assert_eq!(run("2 2\nRR\nBG\n"), ("L\n".to_string(), None));
    assert_eq!(run("2 2\nRR\nGB\n"), ("W\n".to_string(), None));
    assert!(!brute_force_wins(&[b"RR".to_vec(), b"BG".to_vec()]));
    assert!(brute_force_wins(&[b"RR".to_vec(), b"GB".to_vec()]));
}

fn crlf_blank_lines_and_a_missing_final_newline_are_fine() {
    assert_eq!(run("\r\n2 2\r\n\r\nRR\r\nGB"), ("W\n".to_string(), None));
    assert_eq!(run("2\n2\n\nRR\n\n\nBG\n\n"), ("L\n".to_string(), None));
}

fn bad_input_gives_one_clear_error() {
    let cases = [
        (
            "",
            "line 1: expected the number of rows N in 1..=25, found end of input",
        ),
        (
            "0 3\n",
            "line 1: expected the number of rows N in 1..=25, found 0",
        ),
        (
            "26 3\n",
            "line 1: expected the number of rows N in 1..=25, found 26",
        ),
        (
            "x 3\n",
            "line 1: expected the number of rows N in 1..=25, found \"x\"",
        ),
        (
            "3 26\n",
            "line 1: expected the number of columns M in 1..=25, found 26",
        ),
        (
            "2 3\nRGB\nRG\n",
            "line 3: expected a card R, G or B, found end of input",
        ),
        (
            "2 3\nRGB\nRgB\n",
            "line 3: expected a card R, G or B, found 'g'",
        ),
        (
            "2 3\nRXB\nRGB\n",
            "line 2: expected a card R, G or B, found 'X'",
        ),
        (
            // Cards may stand apart: the second row is missing.
            "2 3\nR G B\n",
            "line 2: expected a card R, G or B, found end of input",
        ),
        (
            "3 3\nRGB\nRGB\n",
            "line 3: expected a card R, G or B, found end of input",
        ),
    ];
    let cases = cases.map(|(input, error)| (input, "", error));
    common::assert_errors(run, &cases);
    // The one answer is complete before the extra row is seen, so it is printed.
    let extra_row = (
        "1 1\nR\nG\n",
        "W\n",
        "line 3: expected the end of the input, found \"G\"",
    );
    // A row too long leaves a card past the board.
    let long_row = (
        "2 3\nRGB\nRGBR\n",
        "W\n",
        "line 3: expected the end of the input, found \"R\"",
    );
    common::assert_errors(run, &[extra_row, long_row]);
}

fn the_binary_reports_one_error_line_and_fails() {
    common::assert_binary_fails(
        common::exe!(),
        b"2 2\nRR\nRQ\n",
        "",
        "error: line 3: expected a card R, G or B, found 'Q'\n",
    );
}
