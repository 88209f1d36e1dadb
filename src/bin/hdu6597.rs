//! HDU 6597, Game: sums of 3x3 boards where Alice (Left) bans a white piece with its row or
//! column neighbours and Bob (Right) bans a black piece. Who wins?
//!
//! Every one of the 3^9 single-board positions is worth a number, computed at start-up from
//! its options as the simplest number between the best Left and the best Right option (the
//! tests check from the rules that the best Left option is always below the best Right one).
//! A case's value is the sum of its boards' values and its sign decides. Were some board not
//! a number, that case would be decided by an explicit search over the sum instead.

use combgames::io::{self, describe_byte, describe_token, Reader, Result};
use combgames::partizan::{Outcome, OutcomeClass, Player};
use combgames::surreal::DyadicRational;
use std::collections::HashMap;
// Not in the 2018 prelude, which bundles may be compiled under.
use std::convert::TryInto;
use std::io::{Read, Write};
use std::process::ExitCode;

/// Positions of one board: each of the 9 cells is empty, white or black.
pub const POSITIONS: usize = 19_683;

/// A cell's digit in a position code: empty (`.` or `#`, which play the same), white `O`,
/// black `X`.
const EMPTY: usize = 0;
const WHITE: usize = 1;
const BLACK: usize = 2;

/// `3^i`: the weight of cell i (reading order) in a position code. Banning cells only turns
/// digits into 0, so every option has a smaller code than its position.
const WEIGHT: [usize; 9] = [1, 3, 9, 27, 81, 243, 729, 2187, 6561];

/// The digit of each input byte, or `NOT_A_CELL`.
const CELL: [u8; 256] = {
    let mut table = [NOT_A_CELL; 256];
    table[b'.' as usize] = EMPTY as u8;
    table[b'#' as usize] = EMPTY as u8;
    table[b'O' as usize] = WHITE as u8;
    table[b'X' as usize] = BLACK as u8;
    table
};
const NOT_A_CELL: u8 = 3;

/// The position code of a board given as 9 cell bytes (`.`, `#`, `O`, `X`) in reading
/// order, or `None` if some byte is not a cell.
///
/// # Complexity
/// O(1).
pub fn code(cells: &[u8; 9]) -> Option<usize> {
    cells.iter().zip(WEIGHT).try_fold(0, |code, (&b, weight)| {
        let digit = CELL[b as usize];
        (digit != NOT_A_CELL).then_some(code + digit as usize * weight)
    })
}

/// The cells Alice bans when she picks cell i: with its left and right neighbours, with the
/// ones above and below, or with all four (neighbours off the board do not exist).
const BANS: [[u16; 3]; 9] = {
    let mut bans = [[0; 3]; 9];
    let mut i = 0;
    while i < 9 {
        let (row, column) = (i / 3, i % 3);
        let mut sideways = 1 << i;
        let mut upright = 1 << i;
        if column > 0 {
            sideways |= 1 << (i - 1);
        }
        if column < 2 {
            sideways |= 1 << (i + 1);
        }
        if row > 0 {
            upright |= 1 << (i - 3);
        }
        if row < 2 {
            upright |= 1 << (i + 3);
        }
        bans[i] = [sideways, upright, sideways | upright];
        i += 1;
    }
    bans
};

/// A position as masks of its white and black cells.
fn pieces(code: usize) -> (u16, u16) {
    let (mut white, mut black) = (0, 0);
    for (i, weight) in WEIGHT.iter().enumerate() {
        match code / weight % 3 {
            WHITE => white |= 1 << i,
            BLACK => black |= 1 << i,
            _ => {}
        }
    }
    (white, black)
}

/// `MASK_WEIGHT[mask]`: the sum of `3^i` over the cells i of a 9-bit `mask`.
const MASK_WEIGHT: [u16; 512] = {
    let mut table = [0; 512];
    let mut mask = 0;
    while mask < 512 {
        let mut i = 0;
        while i < 9 {
            if mask >> i & 1 == 1 {
                table[mask] += WEIGHT[i] as u16;
            }
            i += 1;
        }
        mask += 1;
    }
    table
};

fn weight_of(mask: u16) -> usize {
    MASK_WEIGHT[mask as usize] as usize
}

/// Calls `visit` with each code Alice can move to from `code`: ban a white piece and its
/// left and right neighbours, or the ones above and below, or all four.
///
/// # Complexity
/// O(1): at most 27 options.
pub fn for_each_left_option(code: usize, mut visit: impl FnMut(usize)) {
    let (white, black) = pieces(code);
    for (i, bans) in BANS.iter().enumerate() {
        if white >> i & 1 == 1 {
            for &banned in bans {
                visit(code - weight_of(white & banned) - 2 * weight_of(black & banned));
            }
        }
    }
}

/// Calls `visit` with each code Bob can move to from `code`: ban a black piece.
///
/// # Complexity
/// O(1): at most 9 options.
pub fn for_each_right_option(code: usize, mut visit: impl FnMut(usize)) {
    let (_, black) = pieces(code);
    for (i, weight) in WEIGHT.iter().enumerate() {
        if black >> i & 1 == 1 {
            visit(code - BLACK * weight);
        }
    }
}

/// The value of every position (indexed by code), or `None` where it is not a number: when
/// an option is not a number, or the best Left option is not below the best Right one.
///
/// # Complexity
/// O(3^9 x 36): every position once, in code order, with at most 36 options.
pub fn board_values() -> Vec<Option<DyadicRational>> {
    let mut values: Vec<Option<DyadicRational>> = Vec::with_capacity(POSITIONS);
    for position in 0..POSITIONS {
        // Options have smaller codes, so their values are known.
        let mut numbers = true;
        let mut best_left: Option<DyadicRational> = None;
        let mut best_right: Option<DyadicRational> = None;
        for_each_left_option(position, |option| match values[option] {
            Some(v) => best_left = Some(best_left.map_or(v, |best| best.max(v))),
            None => numbers = false,
        });
        for_each_right_option(position, |option| match values[option] {
            Some(v) => best_right = Some(best_right.map_or(v, |best| best.min(v))),
            None => numbers = false,
        });
        let value = if numbers {
            DyadicRational::simplest_between(best_left, best_right)
        } else {
            None
        };
        values.push(value);
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

/// Fixed-point board values: `value * 2^exponent`, or `None` where a board must be searched.
pub struct Table {
    scaled: Vec<Option<i32>>,
    /// Whether some board is not a number, so a case may need the boards for a search.
    has_non_numbers: bool,
}

impl Table {
    /// The table of `values`, one per position code (`None` for a board that is not a
    /// number).
    ///
    /// # Complexity
    /// O(positions).
    ///
    /// # Panics
    /// If `values` does not hold [`POSITIONS`] entries.
    pub fn from_values(values: &[Option<DyadicRational>]) -> Table {
        assert_eq!(values.len(), POSITIONS, "one value per position");
        let exponent = values
            .iter()
            .flatten()
            .map(|v| v.exponent())
            .max()
            .unwrap_or(0);
        // A value that does not fit is treated like a non-number: searched, still exact.
        let scaled = values
            .iter()
            .map(|v| v.and_then(|v| v.to_scaled(exponent)?.try_into().ok()))
            .collect::<Vec<_>>();
        let has_non_numbers = scaled.iter().any(Option::is_none);
        Table {
            scaled,
            has_non_numbers,
        }
    }
}

thread_local! {
    /// The table of [`board_values`], built on first use: tests call [`solve`] many times.
    static TABLE: Table = Table::from_values(&board_values());
}

const ROW: &str = "a board row such as O|.|X, O.X or O . X";
const CELL_WHAT: &str = "a cell 'O', 'X', '.' or '#'";

/// The digit of cell byte `b`, or a parse error.
fn cell_digit<R: Read>(rd: &Reader<R>, b: u8) -> Result<usize> {
    match CELL[b as usize] {
        NOT_A_CELL => Err(rd.error(CELL_WHAT, describe_byte(b))),
        digit => Ok(digit as usize),
    }
}

/// Reads one row in any accepted layout, as `c0 + 3 c1 + 9 c2`. Each cell is checked as
/// soon as it is read, so an error names its line.
fn read_row<R: Read>(rd: &mut Reader<R>) -> Result<usize> {
    let token = rd.expect_token(ROW)?;
    let cells: [u8; 3] = match *token {
        [a, b'|', b, b'|', c] | [a, b, c] => [a, b, c],
        [a] => {
            let mut row = cell_digit(rd, a)?;
            for weight in [3, 9] {
                let b = match *rd.expect_token(CELL_WHAT)? {
                    [b] => b,
                    ref other => {
                        let found = describe_token(other);
                        return Err(rd.error(CELL_WHAT, found));
                    }
                };
                row += cell_digit(rd, b)? * weight;
            }
            return Ok(row);
        }
        ref other => {
            let found = describe_token(other);
            return Err(rd.error(ROW, found));
        }
    };
    let mut row = 0;
    for (&b, weight) in cells.iter().zip([1, 3, 9]) {
        row += cell_digit(rd, b)? * weight;
    }
    Ok(row)
}

/// Reads one board through the reader, in any accepted layout.
fn read_board<R: Read>(rd: &mut Reader<R>) -> Result<usize> {
    let mut code = 0;
    for weight in [1, 27, 729] {
        code += read_row(rd)? * weight;
    }
    Ok(code)
}

/// The row starting at `bytes[0]` in layout `c|c|c`, `c c c` (single spaces) or `ccc`,
/// followed by whitespace: its code and length. `None` for anything else, which the reader
/// then handles.
#[inline]
fn fast_row(bytes: &[u8]) -> Option<(usize, usize)> {
    let cell = |i: usize| match CELL[bytes[i] as usize] {
        NOT_A_CELL => None,
        digit => Some(digit as usize),
    };
    let separator = *bytes.get(1)?;
    let len = if separator == b'|' || separator == b' ' {
        5
    } else {
        3
    };
    if !bytes.get(len)?.is_ascii_whitespace() || (len == 5 && bytes[3] != separator) {
        return None;
    }
    let step = len / 2;
    Some((cell(0)? + 3 * cell(step)? + 9 * cell(2 * step)?, len))
}

/// The board starting after whitespace at the front of `bytes`: its code and the bytes it
/// takes, if all three rows are there in a fast layout.
#[inline]
fn fast_board(bytes: &[u8]) -> Option<(usize, usize)> {
    let mut used = 0;
    let mut code = 0;
    for weight in [1, 27, 729] {
        used += bytes
            .get(used..)?
            .iter()
            .position(|b| !b.is_ascii_whitespace())?;
        let (row, len) = fast_row(&bytes[used..])?;
        code += row * weight;
        used += len;
    }
    Some((code, used))
}

/// Answers every case of `input` on `out`, one line each.
///
/// # Complexity
/// O(input bytes) after the table, built once per thread.
pub fn solve(input: impl Read, out: &mut impl Write) -> Result<()> {
    TABLE.with(|table| solve_with(table, input, out))
}

/// [`solve`] with the board values of `table`.
///
/// # Complexity
/// O(input bytes) while every board is a number; a case with a board that is not goes
/// to [`outcome_by_search`].
pub fn solve_with(table: &Table, input: impl Read, out: &mut impl Write) -> Result<()> {
    let mut rd = Reader::new(input);
    let cases = rd.u64_in(1..=u64::MAX, "the number of cases T")?;
    let mut codes = Vec::new();
    for _ in 0..cases {
        let boards = rd.u64("the number of boards n")?;
        let mut sum: i64 = 0;
        let mut all_numbers = true;
        codes.clear();
        let add = |code: usize| {
            // Boards are only kept when a search may need them: memory stays flat.
            if table.has_non_numbers {
                codes.push(code);
            }
            match table.scaled[code] {
                // Boards take at least 9 input bytes and |values| are small: no overflow.
                Some(v) => sum += i64::from(v),
                None => all_numbers = false,
            }
            Ok(())
        };
        rd.read_each(boards, fast_board, read_board, add)?;
        let outcome = if all_numbers {
            Outcome::from_comparison_with_zero(Some(sum.cmp(&0)))
        } else {
            outcome_by_search(&codes)
        };
        out.write_all(verdict(outcome.class()).as_bytes())?;
        out.write_all(b"\n")?;
    }
    rd.expect_end()
}

fn main() -> ExitCode {
    io::run(solve)
}
