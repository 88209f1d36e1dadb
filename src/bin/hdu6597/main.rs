//! HDU 6597, Game: sums of 3x3 boards where Alice (Left) bans a white piece with its row or
//! column neighbours and Bob (Right) bans a black piece. Who wins?
//!
//! Each of the 3^9 single-board positions is worth a number (the tests check it from the
//! rules), worked out once in `main` as the simplest number between the best Left and the
//! best Right option (`surreal::simplest_between`), kept in counts of 1/32. A case's value is
//! the sum of its boards' counts and its sign decides; were some board not a number, a
//! search over the sum would decide.
//! O(input bytes) after the 3^9 table.

use combgames::cells::Cells;
use combgames::io::{self, Reader, Result};
use combgames::partizan::{Outcome, OutcomeClass, Player};
use combgames::surreal::{simplest_between, DyadicRational};
use combgames::write::{Lines, Writer};
use std::cmp::Ordering;
use std::collections::HashMap;
use std::convert::TryFrom;
use std::io::{Read, Write};
use std::process::ExitCode;

/// Positions of one board: each of the 9 cells is empty, white or black.
pub const POSITIONS: usize = 19_683;

/// A cell's digit in a position code: white `O`, black `X` (empty cells are 0).
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
    let digit = usize::from(letter == b'O') * WHITE + usize::from(letter == b'X') * BLACK;
    (digit * WEIGHT[i]) as u64
}

/// Calls `visit` with each move from `code` and who makes it: Alice bans a white piece with
/// its left and right neighbours, the ones above and below, or all four; Bob a black piece.
///
/// # Complexity
/// O(1): at most 27 moves for Alice and 9 for Bob.
pub fn for_each_option(code: usize, mut visit: impl FnMut(Player, usize)) {
    // Each cell's digit times its weight, framed by zeros (a 4th column, a row above and one
    // below) that put its neighbours at -1, +1, -4 and +4: bans subtract their entries.
    const AT: [usize; 9] = [4, 5, 6, 8, 9, 10, 12, 13, 14];
    let mut framed = [0; 20];
    for (&at, &weight) in AT.iter().zip(&WEIGHT) {
        framed[at] = code / weight % 3 * weight;
    }
    for (&at, &weight) in AT.iter().zip(&WEIGHT) {
        let rest = code - framed[at];
        if framed[at] == WHITE * weight {
            let sideways = framed[at - 1] + framed[at + 1];
            let upright = framed[at - 4] + framed[at + 4];
            for banned in [sideways, upright, sideways + upright] {
                visit(Player::Left, rest - banned);
            }
        } else if framed[at] == BLACK * weight {
            visit(Player::Right, rest);
        }
    }
}

/// The scale of fixed-point values: a value `v` is stored as the integer `v * 2^SCALE`.
/// Denominators up to 32 fit (the tests show that every position's does).
pub const SCALE: u32 = 5;

/// The stored value of a position that is not a number, or whose value needs a finer
/// denominator than `2^SCALE` or more than an `i16`: such boards are decided by search.
pub const NOT_A_NUMBER: i16 = i16::MIN;

/// The value of every position (indexed by code) times `2^SCALE`, or [`NOT_A_NUMBER`]: the
/// simplest number between the best Left and the best Right option, if all options are
/// numbers. Positions go in code order, as options have smaller codes. Only the first of
/// each 8 positions that the symmetries of the square relate is worked out: the moves look
/// the same after any rotation or reflection, so all 8 have one value.
///
/// # Complexity
/// O(3^9 x 36 / 8): a position in 8 with at most 36 options, the rest copied.
pub fn scaled_values() -> Vec<i16> {
    // Not yet known: no value comes near it.
    const UNKNOWN: i16 = i16::MAX;
    let mut values = vec![UNKNOWN; POSITIONS];
    for code in 0..POSITIONS {
        if values[code] != UNKNOWN {
            continue;
        }
        // The best options, found among the counts (which order as the numbers do).
        let (mut numbers, mut best_left, mut best_right) = (true, None, None);
        for_each_option(code, |player, option| {
            numbers &= values[option] != NOT_A_NUMBER;
            let value = Some(values[option]);
            match player {
                Player::Left => best_left = best_left.max(value),
                // `None` (no option yet) is below every value: the first option replaces it.
                Player::Right => best_right = best_right.min(value).or(value),
            }
        });
        let number = |count: i16| DyadicRational::new(count.into(), SCALE);
        let value = simplest_between(best_left.map(number), best_right.map(number));
        let count = value.and_then(|v| i16::try_from(v.numerator_over(SCALE)?).ok());
        let value = count.filter(|_| numbers).unwrap_or(NOT_A_NUMBER);
        // Flipping the board about its diagonal and its middle column by turns (cell i takes
        // cell FLIPS[turn % 2][i]) visits all 8 symmetries: the two make a quarter turn.
        const FLIPS: [[usize; 9]; 2] = [[0, 3, 6, 1, 4, 7, 2, 5, 8], [2, 1, 0, 5, 4, 3, 8, 7, 6]];
        let mut cells: [usize; 9] = std::array::from_fn(|i| code / WEIGHT[i] % 3);
        for turn in 0..8 {
            cells = std::array::from_fn(|i| cells[FLIPS[turn % 2][i]]);
            let image_code: usize = cells.iter().zip(WEIGHT).map(|(d, w)| d * w).sum();
            values[image_code] = value;
        }
    }
    values
}

/// Who wins the sum of the boards `codes` with each player starting, by explicit search
/// over the sum: correct whatever the values, and the last resort when some board is not a
/// number, as its cost grows exponentially with the number of boards.
///
/// # Complexity
/// O(product over boards of their positions reachable), memoised.
pub fn outcome_by_search(codes: &[usize]) -> Outcome {
    let mut memo = HashMap::new();
    let mut winner = |mover: Player| {
        let wins = mover_wins(codes.to_vec(), mover, &mut memo);
        Some(if wins { mover } else { mover.other() })
    };
    Outcome {
        left_starts: winner(Player::Left),
        right_starts: winner(Player::Right),
    }
}

/// Whether `mover` wins the sum of `boards` by moving first.
fn mover_wins(mut boards: Vec<usize>, mover: Player, memo: &mut Memo) -> bool {
    // The order of the boards does not matter: one memo entry serves all orders.
    boards.sort_unstable();
    if let Some(&known) = memo.get(&(boards.clone(), mover)) {
        return known;
    }
    let mut wins = false;
    for k in 0..boards.len() {
        for_each_option(boards[k], |player, option| {
            if player == mover && !wins {
                let after = [&boards[..k], &[option], &boards[k + 1..]].concat();
                wins = !mover_wins(after, mover.other(), memo);
            }
        });
    }
    memo.insert((boards, mover), wins);
    wins
}

/// Known results of [`mover_wins`], by sorted boards and mover.
type Memo = HashMap<(Vec<usize>, Player), bool>;

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
