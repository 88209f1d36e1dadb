//! Plain checks of the answers of the problems in `problems.rs`, written apart from the
//! library: each parses the input its own plain way, answers every case by the rules, and
//! compares with the output line by line. `Ok` says what was checked, `Err` what differs.

use std::collections::HashMap;

/// A check of a problem's output against its input.
pub type Check = fn(input: &[u8], output: &[u8]) -> Result<String, String>;

/// The whitespace-separated tokens of `text`.
pub fn tokens(text: &[u8]) -> impl Iterator<Item = &[u8]> {
    text.split(u8::is_ascii_whitespace)
        .filter(|t| !t.is_empty())
}

pub fn number(token: Option<&[u8]>) -> Result<u64, String> {
    let token = token.ok_or("the input ends early")?;
    let text = std::str::from_utf8(token).map_err(|e| e.to_string())?;
    text.parse().map_err(|e| format!("{text:?}: {e}"))
}

/// Compares `output` with one expected answer line per case.
pub fn compare(output: &[u8], expected: &[bool], cases: &str) -> Result<String, String> {
    let lines: Vec<&[u8]> = output.split(|&b| b == b'\n').collect();
    if lines.len() != expected.len() + 1 || lines.last() != Some(&&b""[..]) {
        return Err(format!(
            "{} lines of output for {} {cases}",
            lines.len() - 1,
            expected.len()
        ));
    }
    for (i, (line, &first)) in lines.iter().zip(expected).enumerate() {
        let want: &[u8] = if first { b"First" } else { b"Second" };
        if *line != want {
            let line = String::from_utf8_lossy(line);
            return Err(format!("case {}: {line:?}, expected {first}", i + 1));
        }
    }
    Ok(format!("{} {cases}", expected.len()))
}

/// Whether the player to move wins the grid game with cells `filled` (bit `4 row +
/// column`), by a search over every move, remembering positions already searched.
fn grid_first_wins(filled: u16, memo: &mut HashMap<u16, bool>) -> bool {
    if let Some(&wins) = memo.get(&filled) {
        return wins;
    }
    let empty = |cell: usize| filled >> cell & 1 == 0;
    let mut moves = Vec::new();
    for cell in (0..16).filter(|&c| empty(c)) {
        moves.push(1 << cell);
        if cell % 4 < 3 && empty(cell + 1) {
            moves.push(1 << cell | 1 << (cell + 1));
        }
        if cell < 12 && empty(cell + 4) {
            moves.push(1 << cell | 1 << (cell + 4));
        }
    }
    let wins = moves.iter().any(|m| !grid_first_wins(filled | m, memo));
    memo.insert(filled, wins);
    wins
}

/// Checks every grid's answer with a plain game search.
pub fn grids(input: &[u8], output: &[u8]) -> Result<String, String> {
    let mut tokens = tokens(input);
    let count = number(tokens.next())?;
    let mut memo = HashMap::new();
    let mut expected = Vec::new();
    for grid in 0..count {
        let mut filled = 0u16;
        for row in 0..4 {
            let cells = tokens.next().ok_or("the input ends early")?;
            if cells.len() != 4 || cells.iter().any(|c| !b".#".contains(c)) {
                return Err(format!("grid {}: row {cells:?}", grid + 1));
            }
            for (column, &cell) in cells.iter().enumerate() {
                filled |= u16::from(cell == b'#') << (4 * row + column);
            }
        }
        expected.push(grid_first_wins(filled, &mut memo));
    }
    compare(output, &expected, "grids against a plain game search")
}

/// Checks every case's answer with a plain XOR of its piles.
pub fn numbers(input: &[u8], output: &[u8]) -> Result<String, String> {
    let mut expected = Vec::new();
    for line in input.split(|&b| b == b'\n') {
        let mut tokens = tokens(line);
        let k = match tokens.next() {
            Some(k) => number(Some(k))?,
            None => continue,
        };
        let mut xor = 0;
        for _ in 0..k {
            xor ^= number(tokens.next())?;
        }
        if tokens.next().is_some() {
            return Err(format!("a line holds more than {k} piles"));
        }
        expected.push(xor != 0);
    }
    compare(output, &expected, "cases against a plain XOR")
}

/// Checks every case's answer: the player to move wins two-pile Nim when the piles differ.
pub fn pairs(input: &[u8], output: &[u8]) -> Result<String, String> {
    let mut expected = Vec::new();
    let mut tokens = tokens(input);
    while let Some(a) = tokens.next() {
        let b = tokens.next();
        expected.push(number(Some(a))? != number(b)?);
    }
    compare(output, &expected, "cases against a plain comparison")
}

/// Checks every case's answer before the sentinel `0 0`, as [`pairs`] does.
pub fn until(input: &[u8], output: &[u8]) -> Result<String, String> {
    let cases = input
        .strip_suffix(b"0 0\n")
        .ok_or("the input does not end with 0 0")?;
    pairs(cases, output)
}
