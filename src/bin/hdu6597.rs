//! HDU 6597, Game: sums of 3x3 boards where Alice (Left) bans a white piece with its row or
//! column neighbours and Bob (Right) bans a black piece. Who wins?
//!
//! Every one of the 3^9 single-board positions is worth a number, worked out once in `main`
//! as the simplest number between the best Left and the best Right option (the tests check
//! from the rules that the best Left option is always below the best Right one). Values are
//! kept in fixed point (counts of 1/32), and one position of each set of 8 that the
//! symmetries of the square relate is worked out. A case's value is the sum of its boards'
//! values and its sign decides. Were some board not a number, that case would be decided by
//! an explicit search over the sum instead.

use combgames::cells::Cells;
use combgames::io::{self, Reader, Result};
use combgames::partizan::{Outcome, OutcomeClass, Player};
use combgames::surreal::DyadicRational as Number;
use combgames::write::{Lines, Writer};
use std::cmp::Ordering;
use std::collections::HashMap;
use std::io::{Read, Write};
use std::process::ExitCode;

/// Positions of one board: each of the 9 cells is empty, white or black.
pub const POSITIONS: usize = 19_683;

/// A cell's digit in a position code: empty (`.` or `#`, which play the same), white `O`,
/// black `X`.
const WHITE: usize = 1;
const BLACK: usize = 2;

/// `3^i`: the weight of cell i (reading order) in a position code. Banning cells only turns
/// digits into 0, so every option has a smaller code than its position.
const WEIGHT: [usize; 9] = [1, 3, 9, 27, 81, 243, 729, 2187, 6561];

/// The cells: empty `.` and banned `#` (which play the same), white `O`, black `X`.
const CELLS: &[u8] = b".#OX";

/// The reader's value of a board: its position code, cell `i` holding `letter` adding its
/// digit times `3^i`.
fn digit_value(i: usize, letter: u8) -> u64 {
    let digit = match letter {
        b'O' => WHITE,
        b'X' => BLACK,
        _ => 0,
    };
    (digit * WEIGHT[i]) as u64
}

/// The position code of a board given as 9 cell bytes in reading order, or `None` if some
/// byte is not a cell.
///
/// # Complexity
/// O(1).
pub fn code(cells: &[u8; 9]) -> Option<usize> {
    let digit = |(i, &b): (usize, &u8)| CELLS.contains(&b).then(|| digit_value(i, b) as usize);
    cells.iter().enumerate().map(digit).sum()
}

/// The cells next to each cell: left, right, above, below, with 9 for "off the board".
const NEIGHBOURS: [[usize; 4]; 9] = {
    let mut neighbours = [[9; 4]; 9];
    let mut i = 0;
    while i < 9 {
        let (row, column) = (i / 3, i % 3);
        if column > 0 {
            neighbours[i][0] = i - 1;
        }
        if column < 2 {
            neighbours[i][1] = i + 1;
        }
        if row > 0 {
            neighbours[i][2] = i - 3;
        }
        if row < 2 {
            neighbours[i][3] = i + 3;
        }
        i += 1;
    }
    neighbours
};

/// Each cell's digit of `code` times its weight `3^i`; entry 9 is 0, for neighbours off
/// the board. Banning cells subtracts their entries from the code.
fn weighted_digits(code: usize) -> [usize; 10] {
    let mut weighted = [0; 10];
    for (i, w) in weighted.iter_mut().take(9).enumerate() {
        *w = code / WEIGHT[i] % 3 * WEIGHT[i];
    }
    weighted
}

/// Calls `visit` with each code Alice can move to from `code`: ban a white piece and its
/// left and right neighbours, or the ones above and below, or all four.
///
/// # Complexity
/// O(1): at most 27 options.
pub fn for_each_left_option(code: usize, mut visit: impl FnMut(usize)) {
    let weighted = weighted_digits(code);
    for i in (0..9).filter(|&i| weighted[i] == WHITE * WEIGHT[i]) {
        let [left, right, up, down] = NEIGHBOURS[i].map(|j| weighted[j]);
        let rest = code - weighted[i];
        let (sideways, upright) = (left + right, up + down);
        visit(rest - sideways);
        visit(rest - upright);
        visit(rest - sideways - upright);
    }
}

/// Calls `visit` with each code Bob can move to from `code`: ban a black piece.
///
/// # Complexity
/// O(1): at most 9 options.
pub fn for_each_right_option(code: usize, mut visit: impl FnMut(usize)) {
    let weighted = weighted_digits(code);
    for i in (0..9).filter(|&i| weighted[i] == BLACK * WEIGHT[i]) {
        visit(code - weighted[i]);
    }
}

/// Digit `j` (0, 1 or 2) of each row code `0..27`.
const ROW_DIGIT: [[usize; 27]; 3] = {
    let mut digits = [[0; 27]; 3];
    let mut row = 0;
    while row < 27 {
        digits[0][row] = row % 3;
        digits[1][row] = row / 3 % 3;
        digits[2][row] = row / 9;
        row += 1;
    }
    digits
};

/// The codes of the 8 positions that a symmetry of the square makes of `code`: Alice's
/// three choices and Bob's move look the same after any rotation or reflection, so all 8
/// have one value.
fn symmetric_codes(code: usize) -> [usize; 8] {
    let rows = [code % 27, code / 27 % 27, code / 729];
    let [d0, d1, d2] = ROW_DIGIT;
    let column = |digit: &[usize; 27]| digit[rows[0]] + 3 * digit[rows[1]] + 9 * digit[rows[2]];
    let columns = [column(&d0), column(&d1), column(&d2)];
    let reversed = |row: usize| d2[row] + 3 * d1[row] + 9 * d0[row];
    let mut codes = [0; 8];
    for (k, lines) in [rows, columns].iter().enumerate() {
        let [a, b, c] = *lines;
        let [ra, rb, rc] = [reversed(a), reversed(b), reversed(c)];
        codes[4 * k] = a + 27 * b + 729 * c;
        codes[4 * k + 1] = c + 27 * b + 729 * a;
        codes[4 * k + 2] = ra + 27 * rb + 729 * rc;
        codes[4 * k + 3] = rc + 27 * rb + 729 * ra;
    }
    codes
}

/// The scale of fixed-point values: a value `v` is stored as the integer `v * 2^SCALE`.
/// Denominators up to 32 fit (the tests show that every position's does).
pub const SCALE: u32 = 5;

/// The stored value of a position that is not a number, or whose value needs a finer
/// denominator than `2^SCALE`: such boards are decided by search.
pub const NOT_A_NUMBER: i16 = i16::MIN;

/// The value of every position (indexed by code) times `2^SCALE`, or [`NOT_A_NUMBER`]: the
/// simplest number between the best Left and the best Right option, when all options are
/// numbers and the best Left one is below the best Right one.
///
/// Positions go in code order, as options have smaller codes. Only the first position of
/// each set of 8 symmetric ones is worked out; the others copy it.
///
/// # Complexity
/// O(3^9 x 36 / 8): a position in 8 with at most 36 options, the rest copied.
pub fn scaled_values() -> Vec<i16> {
    // Not yet known; no value comes near it.
    const UNKNOWN: i16 = i16::MAX;
    let mut values = vec![UNKNOWN; POSITIONS];
    let exact = |v: i16| Some(Number::fraction(i64::from(v), 1 << SCALE));
    for code in 0..POSITIONS {
        if values[code] != UNKNOWN {
            continue;
        }
        // The best option of each player, as long as every option is a number.
        let (mut numbers, mut best_left, mut best_right) = (true, None, None);
        for_each_left_option(code, |o| {
            numbers &= values[o] != NOT_A_NUMBER;
            best_left = best_left.max(Some(values[o]));
        });
        for_each_right_option(code, |o| {
            numbers &= values[o] != NOT_A_NUMBER;
            best_right = Some(best_right.map_or(values[o], |b: i16| b.min(values[o])));
        });
        let value = Number::simplest_between(best_left.and_then(exact), best_right.and_then(exact))
            .filter(|_| numbers)
            .and_then(|v| v.to_scaled(SCALE)?.try_into().ok())
            .filter(|&v| v != NOT_A_NUMBER && v != UNKNOWN);
        for image in symmetric_codes(code) {
            values[image] = value.unwrap_or(NOT_A_NUMBER);
        }
    }
    values
}

/// Who wins the sum of the boards `codes` with each player starting, by explicit search
/// over the sum: correct whatever the values, and used when some board is not a number.
/// Its cost grows exponentially with the number of boards, so it is a last resort (which
/// the tests show this game never needs).
///
/// # Complexity
/// O(product over boards of their positions reachable), memoised.
pub fn outcome_by_search(codes: &[usize]) -> Outcome {
    let mut memo = HashMap::new();
    let mut winner = |mover: Player| {
        let mut boards = codes.to_vec();
        boards.sort_unstable();
        if mover_wins(&boards, mover, &mut memo) {
            mover
        } else {
            mover.other()
        }
    };
    Outcome {
        left_starts: Some(winner(Player::Left)),
        right_starts: Some(winner(Player::Right)),
    }
}

/// Whether `mover` wins the sum of `boards` (sorted codes) by moving first.
fn mover_wins(
    boards: &[usize],
    mover: Player,
    memo: &mut HashMap<(Vec<usize>, Player), bool>,
) -> bool {
    if let Some(&known) = memo.get(&(boards.to_vec(), mover)) {
        return known;
    }
    let mut wins = false;
    'boards: for (k, &board) in boards.iter().enumerate() {
        let mut options = Vec::new();
        match mover {
            Player::Left => for_each_left_option(board, |o| options.push(o)),
            Player::Right => for_each_right_option(board, |o| options.push(o)),
        }
        for option in options {
            let mut after = boards.to_vec();
            after[k] = option;
            after.sort_unstable();
            if !mover_wins(&after, mover.other(), memo) {
                wins = true;
                break 'boards;
            }
        }
    }
    memo.insert((boards.to_vec(), mover), wins);
    wins
}

/// The problem's word for an outcome class.
///
/// # Complexity
/// O(1).
pub fn verdict(class: OutcomeClass) -> &'static str {
    match class {
        OutcomeClass::Left => "Alice",
        OutcomeClass::Right => "Bob",
        OutcomeClass::Next => "First",
        OutcomeClass::Previous => "Second",
        OutcomeClass::Other => "Others",
    }
}

/// Answers every case on `rd` on `out`, one line each, from the board values `values`
/// ([`scaled_values`], or any other table: the tests make one with no numbers, to run the
/// search).
///
/// # Complexity
/// O(input bytes) while every board is a number; a case with a board that is not goes to
/// [`outcome_by_search`].
///
/// # Panics
/// If `values` does not hold [`POSITIONS`] values.
pub fn solve<R: Read, W: Write>(
    rd: &mut Reader<R>,
    out: &mut Writer<W>,
    values: &[i16],
) -> Result<()> {
    assert_eq!(values.len(), POSITIONS, "one value per position");
    // Only a table with some board that is not a number needs the boards kept, for a
    // search; with this game's table, sums alone decide.
    let search = values.contains(&NOT_A_NUMBER);
    let mut board = Cells::new(CELLS, 9).rows_of(3).valued_by(digit_value);
    // The verdict line of a sum of numbers below, at and above 0.
    let signs = [Ordering::Less, Ordering::Equal, Ordering::Greater];
    let words = signs.map(|sign| verdict(Outcome::from_comparison_with_zero(Some(sign)).class()));
    let lines = Lines::new(words);
    let what = "a cell 'O', 'X', '.' or '#'";
    let cases = rd.u64_in(1..=u64::MAX, "the number of cases T")?;
    let mut codes = Vec::new();
    for _ in 0..cases {
        let boards = rd.u64("the number of boards n")?;
        // Boards take at least 9 input bytes and |values| are small: sums do not overflow.
        let sum = if search {
            codes.clear();
            rd.cells_each(&mut board, boards, what, |code| {
                codes.push(code as usize);
                Ok(())
            })?;
            let number = |code: &usize| Some(values[*code]).filter(|&v| v != NOT_A_NUMBER);
            codes
                .iter()
                .try_fold(0, |sum, code| Some(sum + i64::from(number(code)?)))
        } else {
            let mut sum = 0;
            rd.cells_each(&mut board, boards, what, |code| {
                sum += i64::from(values[code as usize]);
                Ok(())
            })?;
            Some(sum)
        };
        match sum {
            Some(sum) => out.line(&lines, (sum.signum() + 1) as usize)?,
            None => writeln!(out, "{}", verdict(outcome_by_search(&codes).class()))?,
        }
    }
    rd.expect_end()
}

fn main() -> ExitCode {
    let values = scaled_values();
    io::run(|rd, out| solve(rd, out, &values))
}
