//! HDU 6597, Game: sums of 3x3 boards where Alice (Left) bans a white piece with its row or
//! column neighbours and Bob (Right) bans a black piece. Who wins?
//!
//! Every one of the 3^9 single-board positions is worth a number, computed at start-up from
//! its options as the simplest number between the best Left and the best Right option (the
//! tests check from the rules that the best Left option is always below the best Right one).
//! Values are kept in fixed point (counts of 1/32), and one position of each set of 8 that the
//! symmetries of the square relate is worked out. A case's value is the sum of its boards'
//! values and its sign decides. Were some board not a number, that case would be decided by
//! an explicit search over the sum instead.
//!
//! Reading is most of the work: `board_rows` reads boards straight from a buffer of our own,
//! a word per row, and hands over to the checked `io::Reader` (which reports errors) at the
//! first thing it does not recognise.

use combgames::board_rows::{read_count, BoardRows, Cases, LOOKAHEAD};
use combgames::io::{self, describe_byte, describe_token, Error, Reader, Result, DEFAULT_CAPACITY};
use combgames::partizan::{Outcome, OutcomeClass, Player};
use std::cmp::Ordering;
use std::collections::HashMap;
// Not in the 2018 prelude, which bundles may be compiled under.
use std::convert::TryFrom;
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

/// The scale of fixed-point values: a value `v` is stored as the integer `v * 2^SCALE`.
/// Denominators up to 32 fit (the tests show that every position's does).
pub const SCALE: u32 = 5;

/// The stored value of a position that is not a number, or whose value needs a finer
/// denominator than `2^SCALE`: such boards are decided by search.
pub const NOT_A_NUMBER: i16 = i16::MIN;

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

/// The simplest number strictly between `low` and `high` (either may be absent) in fixed
/// point: bounds and answer are multiples of `2^-scale`, given by their integer
/// multipliers. `None` when `low >= high`, or when the simplest number is not a multiple
/// of `2^-scale` (it needs a finer denominator). The value of `{low | high}` when the
/// options are numbers; the tests check it against `DyadicRational::simplest_between`.
/// (Here, not in the library's `surreal`, which a bundle would then carry whole.)
///
/// # Complexity
/// O(1).
///
/// # Panics
/// If `scale > 62`, or a bound is within `2^scale` of the `i64` limits.
pub fn simplest_scaled(low: Option<i64>, high: Option<i64>, scale: u32) -> Option<i64> {
    assert!(scale <= 62, "scale {} too large", scale);
    // The integers next to a bound: the least above `low`, the greatest below `high`.
    let above = |low: i64| ((low >> scale) + 1) << scale;
    let below = |high: i64| -above(-high);
    let (low, high) = match (low, high) {
        (None, None) => return Some(0),
        (Some(low), None) => return Some(if low < 0 { 0 } else { above(low) }),
        (None, Some(high)) => return Some(if high > 0 { 0 } else { below(high) }),
        (Some(low), Some(high)) if low >= high => return None,
        (Some(low), Some(high)) if low < 0 && high > 0 => return Some(0),
        (Some(low), Some(high)) => (low, high),
    };
    // An integer in between, nearest 0, if there is one.
    let integer = if low >= 0 { above(low) } else { below(high) };
    if low < integer && integer < high {
        return Some(integer);
    }
    // Else all of `low + 1 ..= high - 1` lies within one unit interval, so it has one
    // sign, and the number with the most trailing zero bits is the simplest. With k the
    // highest bit where the ends differ, that is the first end if it is 0 from bit k down,
    // else the common high bits, then a one at bit k, then zeros.
    let (first, last) = (low + 1, high - 1);
    match first ^ last {
        _ if first > last => None,
        0 => Some(first),
        differ => {
            let below_k = (1i64 << (63 - differ.leading_zeros())) - 1;
            if first & (2 * below_k + 1) == 0 {
                Some(first)
            } else {
                Some(last & !below_k)
            }
        }
    }
}

/// The value of every position (indexed by code) times `2^SCALE`, or [`NOT_A_NUMBER`]: the
/// simplest number between the best Left and the best Right option, when all options are
/// numbers and the best Left one is below the best Right one.
///
/// Positions go in code order, as options have smaller codes. Only the first position
/// of each set of 8 symmetric ones is worked out; the others copy it.
///
/// # Complexity
/// O(3^9 x 36 / 8): a position in 8 with at most 36 options, the rest copied.
pub fn scaled_values() -> Vec<i16> {
    // Not yet known; no value comes near it.
    const UNKNOWN: i16 = i16::MAX;
    let mut values = vec![UNKNOWN; POSITIONS];
    for code in 0..POSITIONS {
        if values[code] != UNKNOWN {
            continue;
        }
        let mut numbers = true;
        let (mut best_left, mut best_right) = (None, None);
        for_each_left_option(code, |option| {
            let v = values[option];
            numbers &= v != NOT_A_NUMBER;
            best_left = Some(best_left.map_or(v, |best: i16| best.max(v)));
        });
        for_each_right_option(code, |option| {
            let v = values[option];
            numbers &= v != NOT_A_NUMBER;
            best_right = Some(best_right.map_or(v, |best: i16| best.min(v)));
        });
        let value = if numbers {
            simplest_scaled(best_left.map(i64::from), best_right.map(i64::from), SCALE)
                .and_then(|v| i16::try_from(v).ok())
                .filter(|&v| v != NOT_A_NUMBER && v != UNKNOWN)
        } else {
            None
        };
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

/// Board values for the solver: [`scaled_values`], or any other table (the tests make one
/// with no numbers, to run the search).
pub struct Table {
    scaled: Vec<i16>,
    /// Whether some board is not a number, so a case may need its boards for a search.
    has_non_numbers: bool,
}

impl Table {
    /// The table of `scaled` values, one per position code, [`NOT_A_NUMBER`] for a board
    /// that must be searched.
    ///
    /// # Complexity
    /// O(positions).
    ///
    /// # Panics
    /// If `scaled` does not hold [`POSITIONS`] entries.
    pub fn new(scaled: Vec<i16>) -> Table {
        assert_eq!(scaled.len(), POSITIONS, "one value per position");
        let has_non_numbers = scaled.contains(&NOT_A_NUMBER);
        Table {
            scaled,
            has_non_numbers,
        }
    }
}

thread_local! {
    /// The table of [`scaled_values`], built on first use: tests call [`solve`] many times.
    static TABLE: Table = Table::new(scaled_values());
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

/// What the checked reader keeps of the case being read, besides the sum in [`Cases`].
struct Case {
    /// Whether every board so far is a number.
    all_numbers: bool,
    /// The boards, kept only when some board may need a search: memory stays flat.
    codes: Vec<usize>,
}

impl Case {
    /// Adds the board `code`, read by the checked reader, to `cases`.
    fn add(&mut self, table: &Table, cases: &mut Cases, code: usize) {
        if table.has_non_numbers {
            self.codes.push(code);
        }
        match table.scaled[code] {
            NOT_A_NUMBER => self.all_numbers = false,
            // Boards take at least 9 input bytes and |values| are small: no overflow.
            v => cases.sum += i64::from(v),
        }
    }

    /// Writes the verdict of the case that `cases` ends and readies the next case.
    fn finish(&mut self, cases: &mut Cases, out: &mut impl Write) -> Result<()> {
        let outcome = if self.all_numbers {
            Outcome::from_comparison_with_zero(Some(cases.sum.cmp(&0)))
        } else {
            outcome_by_search(&self.codes)
        };
        out.write_all(verdict(outcome.class()).as_bytes())?;
        out.write_all(b"\n")?;
        self.all_numbers = true;
        self.codes.clear();
        cases.sum = 0;
        cases.boards_left = None;
        cases.left -= 1;
        Ok(())
    }
}

/// The most verdicts [`read_fast`] collects before writing them.
const VERDICTS_AT_ONCE: u64 = 4096;

/// The fast path: [`BoardRows`], the verdict lines, and room for the verdicts it collects.
struct Fast {
    rows: BoardRows,
    /// The line for a sum below, at and above 0, padded to 8 bytes to be stored at once,
    /// and its length.
    lines: [([u8; 8], usize); 3],
    verdicts: Vec<u8>,
}

impl Fast {
    fn new() -> Fast {
        let line = |ordering| {
            let class = Outcome::from_comparison_with_zero(Some(ordering)).class();
            let word = verdict(class).as_bytes();
            let mut padded = [0; 8];
            padded[..word.len()].copy_from_slice(word);
            padded[word.len()] = b'\n';
            (padded, word.len() + 1)
        };
        Fast {
            rows: BoardRows::new(),
            lines: [Ordering::Less, Ordering::Equal, Ordering::Greater].map(line),
            verdicts: vec![0; 8 * VERDICTS_AT_ONCE as usize],
        }
    }
}

/// Reads cases from `bytes` with the fast path while it recognises them, as
/// [`BoardRows::read_cases`] does, and writes their verdicts. Returns how many bytes it
/// read and how many newlines they hold.
fn read_fast(
    fast: &mut Fast,
    bytes: &[u8],
    table: &Table,
    cases: &mut Cases,
    case: &mut Case,
    out: &mut impl Write,
) -> Result<(usize, usize)> {
    let (lines, written) = (&fast.lines, &mut fast.verdicts[..]);
    let mut len = 0;
    let mut some = Cases {
        left: cases.left.min(VERDICTS_AT_ONCE),
        ..*cases
    };
    let read = fast
        .rows
        .read_cases(bytes, &table.scaled, &mut some, |sum| {
            let (padded, line_len) = &lines[(sum.signum() + 1) as usize];
            written[len..len + 8].copy_from_slice(padded);
            len += line_len;
        });
    let ended = cases.left.min(VERDICTS_AT_ONCE) - some.left;
    *cases = Cases {
        left: cases.left - ended,
        ..some
    };
    out.write_all(&written[..len])?;
    if cases.boards_left == Some(0) {
        case.finish(cases, out)?;
    }
    Ok(read)
}

/// One `read` of `input` into `buffer`, tried again when interrupted: the bytes read, 0 at
/// the end of the input.
fn read_some(input: &mut impl Read, buffer: &mut [u8]) -> Result<usize> {
    loop {
        match input.read(buffer) {
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
            read => return Ok(read?),
        }
    }
}

/// Reads straight from `input` through a buffer of its own for as long as [`read_fast`]
/// recognises the input, counting lines from what it read, and stops at the first thing
/// it does not (an error, another layout, the last few boards, the end): [`read_checked`]
/// goes on from there. Returns the buffer, where its unread bytes start and end, and the
/// lines before them. `cases` is `None` until T is read.
fn read_direct(
    fast: &mut Fast,
    input: &mut impl Read,
    table: &Table,
    (cases, case): (&mut Option<Cases>, &mut Case),
    out: &mut impl Write,
) -> Result<(Vec<u8>, usize, usize, usize)> {
    // The fewest bytes to hold before giving up on reading fast: a board with its
    // lookahead, or a long count.
    const ENOUGH: usize = 2 * LOOKAHEAD;
    let mut buffer = vec![0; DEFAULT_CAPACITY];
    let (mut start, mut end, mut eof, mut lines) = (0, 0, false, 0);
    // Whether the last byte read fast was `\r` (the buffer may have moved since).
    let mut after_cr = false;
    loop {
        if end - start < ENOUGH && !eof {
            buffer.copy_within(start..end, 0);
            end -= start;
            start = 0;
            while end < ENOUGH && !eof {
                let n = read_some(input, &mut buffer[end..])?;
                end += n;
                eof = n == 0;
            }
        }
        let bytes = &buffer[start..end];
        let short = bytes.len() < ENOUGH && !eof;
        let cases = match cases.as_mut() {
            // The checked reader sees that only whitespace follows.
            Some(cases) if cases.left == 0 => break,
            Some(cases) => cases,
            None => match read_count(bytes) {
                Some((count, len, newlines)) if count > 0 => {
                    start += len;
                    after_cr = buffer[start - 1] == b'\r';
                    lines += newlines;
                    *cases = Some(Cases {
                        left: count,
                        boards_left: None,
                        sum: 0,
                    });
                    continue;
                }
                _ if short => continue,
                _ => break,
            },
        };
        let before = *cases;
        let (len, newlines) = read_fast(fast, bytes, table, cases, case, out)?;
        start += len;
        if len > 0 {
            after_cr = buffer[start - 1] == b'\r';
        }
        lines += newlines;
        // Stuck with enough bytes at hand, or at the end: leave it to the checked reader.
        if len == 0 && *cases == before && !short {
            break;
        }
    }
    // A board can end inside a run of whitespace longer than its learned one, between the
    // `\r` and the `\n` of a pair: the fast path counted that `\r` as a line break, and the
    // checked reader, starting at the `\n`, will count it again. (All read so far was read
    // fast: look at the next byte.)
    if after_cr && start == end {
        start = 0;
        end = read_some(input, &mut buffer)?;
    }
    if after_cr && start < end && buffer[start] == b'\n' {
        lines -= 1;
    }
    Ok((buffer, start, end, lines))
}

/// Reads through the checked reader `rd`, which reports errors: cases with [`read_fast`]
/// while it recognises them, else a count or a board at a time.
fn read_checked<R: Read>(
    rd: &mut Reader<R>,
    mut fast: Option<&mut Fast>,
    table: &Table,
    (cases, case): (&mut Option<Cases>, &mut Case),
    out: &mut impl Write,
) -> Result<()> {
    let cases = match cases {
        Some(cases) => cases,
        None => cases.insert(Cases {
            left: rd.u64_in(1..=u64::MAX, "the number of cases T")?,
            boards_left: None,
            sum: 0,
        }),
    };
    while cases.left > 0 {
        if let Some(fast) = fast.as_mut() {
            let bytes = rd.peek(2 * LOOKAHEAD)?;
            let (len, _) = read_fast(fast, bytes, table, cases, case, out)?;
            rd.consume(len);
            if cases.left == 0 {
                break;
            }
        }
        let left = match cases.boards_left {
            None => rd.u64("the number of boards n")?,
            Some(left) => {
                case.add(table, cases, read_board(rd)?);
                left - 1
            }
        };
        cases.boards_left = Some(left);
        if left == 0 {
            case.finish(cases, out)?;
        }
    }
    rd.expect_end()
}

/// Answers every case of `input` on `out`, one line each.
///
/// # Complexity
/// O(input bytes) after the table, built once per thread.
pub fn solve(input: impl Read, out: &mut impl Write) -> Result<()> {
    TABLE.with(|table| solve_with(table, input, out, true))
}

/// [`solve`] reading every board through the checked reader, for the tests to compare with.
///
/// # Complexity
/// O(input bytes) after the table, built once per thread.
pub fn solve_plain(input: impl Read, out: &mut impl Write) -> Result<()> {
    TABLE.with(|table| solve_with(table, input, out, false))
}

/// [`solve`] with the board values of `table`, reading boards straight from a buffer when
/// `fast` and every board is a number.
///
/// # Complexity
/// O(input bytes) while every board is a number; a case with a board that is not goes
/// to [`outcome_by_search`].
pub fn solve_with(
    table: &Table,
    mut input: impl Read,
    out: &mut impl Write,
    fast: bool,
) -> Result<()> {
    let mut cases = None;
    let mut case = Case {
        all_numbers: true,
        codes: Vec::new(),
    };
    let mut fast = (fast && !table.has_non_numbers).then(Fast::new);
    let (buffer, start, end, lines) = match fast.as_mut() {
        Some(fast) => read_direct(fast, &mut input, table, (&mut cases, &mut case), out)?,
        None => (Vec::new(), 0, 0, 0),
    };
    let mut rd = Reader::new(buffer[start..end].chain(input));
    let state = (&mut cases, &mut case);
    read_checked(&mut rd, fast.as_mut(), table, state, out).map_err(|e| match e {
        // The checked reader counts lines from where it started.
        Error::Parse {
            line,
            expected,
            found,
        } => Error::Parse {
            line: line + lines,
            expected,
            found,
        },
        e => e,
    })
}

fn main() -> ExitCode {
    io::run(solve)
}
