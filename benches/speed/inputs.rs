//! The benchmark's inputs: deterministic, written by seeded generators, each a function
//! `fn(&mut Rng, &mut dyn Write)`. Variants of one input (other whitespace layouts of the same
//! boards) draw the same random numbers in the same order, so they differ only in layout.

use std::io::{self, Write};

/// Writes one input from a seeded generator.
pub type Generate = fn(&mut Rng, &mut dyn Write) -> io::Result<()>;

/// SplitMix64: small, fast, and the same everywhere, so inputs are reproducible.
pub struct Rng(pub u64);

impl Rng {
    pub fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number below `n`, nearly uniform for small `n`.
    pub fn below(&mut self, n: u64) -> u64 {
        ((self.next() >> 32) * n) >> 32
    }
}

/// How a marble board is drawn: what ends a line, what pads its end, what separates and
/// indents holes. The problem's own layout is `("\n", "", " ")`.
struct MarbleLayout {
    newline: &'static str,
    pad: &'static str,
    space: &'static str,
    one_line: bool,
}

const MARBLE_STANDARD: MarbleLayout = MarbleLayout {
    newline: "\n",
    pad: "",
    space: " ",
    one_line: false,
};

/// 10^6 random boards (about 45 MB in the problem's layout), two marbles in three holes on
/// average, as in mid-game positions.
fn marble_boards_in(layout: &MarbleLayout, rng: &mut Rng, out: &mut dyn Write) -> io::Result<()> {
    const BOARDS: usize = 1_000_000;
    write!(out, "{BOARDS}{}", layout.newline)?;
    let mut text = String::new();
    for _ in 0..BOARDS {
        let bits = rng.next();
        let hole = |i: usize| if (bits >> (2 * i)) & 3 == 0 { '.' } else { '*' };
        text.clear();
        text.push_str(layout.newline);
        if layout.one_line {
            let holes: Vec<String> = (0..16).map(|i| hole(i).to_string()).collect();
            text.push_str(&holes.join(layout.space));
            text.push_str(layout.newline);
        } else {
            let mut i = 0;
            for row in 0..7i32 {
                let indent = (3 - row).unsigned_abs() as usize;
                text.push_str(&layout.space.repeat(indent));
                for k in 0..4 - indent {
                    if k > 0 {
                        text.push_str(layout.space);
                    }
                    text.push(hole(i));
                    i += 1;
                }
                text.push_str(layout.pad);
                text.push_str(layout.newline);
            }
        }
        out.write_all(text.as_bytes())?;
    }
    Ok(())
}

/// The problem's layout.
pub fn marble_boards(rng: &mut Rng, out: &mut dyn Write) -> io::Result<()> {
    marble_boards_in(&MARBLE_STANDARD, rng, out)
}

/// A space at the end of every line.
pub fn marble_trailing_spaces(rng: &mut Rng, out: &mut dyn Write) -> io::Result<()> {
    let layout = MarbleLayout {
        pad: " ",
        ..MARBLE_STANDARD
    };
    marble_boards_in(&layout, rng, out)
}

/// Tabs instead of spaces.
pub fn marble_tabs(rng: &mut Rng, out: &mut dyn Write) -> io::Result<()> {
    let layout = MarbleLayout {
        space: "\t",
        ..MARBLE_STANDARD
    };
    marble_boards_in(&layout, rng, out)
}

/// No spaces: rows of adjacent holes.
pub fn marble_no_spaces(rng: &mut Rng, out: &mut dyn Write) -> io::Result<()> {
    let layout = MarbleLayout {
        space: "",
        ..MARBLE_STANDARD
    };
    marble_boards_in(&layout, rng, out)
}

/// Each board on one line, holes separated by spaces.
pub fn marble_one_line(rng: &mut Rng, out: &mut dyn Write) -> io::Result<()> {
    let layout = MarbleLayout {
        one_line: true,
        ..MARBLE_STANDARD
    };
    marble_boards_in(&layout, rng, out)
}

/// CRLF line ends.
pub fn marble_crlf(rng: &mut Rng, out: &mut dyn Write) -> io::Result<()> {
    let layout = MarbleLayout {
        newline: "\r\n",
        ..MARBLE_STANDARD
    };
    marble_boards_in(&layout, rng, out)
}

/// One board: the smallest input, where start-up is the whole cost.
pub fn marble_one_board(_: &mut Rng, out: &mut dyn Write) -> io::Result<()> {
    out.write_all(b"1\n\n   .\n  * *\n * * *\n* * . .\n * * *\n  . .\n   .\n")
}

/// How a layout varies line by line, for inputs a picture of the whole group cannot read:
/// each line's end has trailing whitespace (a space or a tab), is CRLF, or is followed by a
/// blank line, each in so many lines of 100; with `gaps`, the bytes between the cells of a
/// row change from row to row; with `turns`, every other group is drawn the other way. The
/// choices come from their own generator, so the groups are those of the standard layout.
#[derive(Clone, Copy, Default)]
pub struct Vary {
    pub trailing: u64,
    pub crlf: u64,
    pub blank: u64,
    pub gaps: bool,
    pub turns: bool,
}

/// The variations `cargo bench` times, by name.
pub const VARIATIONS: [(&str, Vary); 6] = [
    (
        "trailing whitespace on half the lines",
        Vary {
            trailing: 50,
            crlf: 0,
            blank: 0,
            gaps: false,
            turns: false,
        },
    ),
    (
        "a blank line after 30% of the lines",
        Vary {
            trailing: 0,
            crlf: 0,
            blank: 30,
            gaps: false,
            turns: false,
        },
    ),
    (
        "CRLF on half the lines",
        Vary {
            trailing: 0,
            crlf: 50,
            blank: 0,
            gaps: false,
            turns: false,
        },
    ),
    (
        "cells split row by row",
        Vary {
            trailing: 0,
            crlf: 0,
            blank: 0,
            gaps: true,
            turns: false,
        },
    ),
    (
        "two layouts by turns",
        Vary {
            trailing: 0,
            crlf: 0,
            blank: 0,
            gaps: false,
            turns: true,
        },
    ),
    (
        "all at once",
        Vary {
            trailing: 30,
            crlf: 30,
            blank: 20,
            gaps: true,
            turns: true,
        },
    ),
];

/// A generator of an input in a varied layout.
pub type GenerateVaried = fn(&Vary, &mut Rng, &mut dyn Write) -> io::Result<()>;

impl Vary {
    /// The end of a line: trailing whitespace, the line break, a blank line, as drawn.
    fn line_end(&self, style: &mut Rng) -> String {
        let trailing = style.below(100) < self.trailing;
        let crlf = style.below(100) < self.crlf;
        let blank = style.below(100) < self.blank;
        let pad = if style.below(2) == 0 { " " } else { "\t" };
        let (pad, newline) = (
            if trailing { pad } else { "" },
            if crlf { "\r\n" } else { "\n" },
        );
        [pad, newline, if blank { newline } else { "" }].concat()
    }

    /// The bytes between two cells of a row: `usual`, or with `gaps` one of `choices`.
    fn gap<'a>(&self, usual: &'a str, choices: &[&'a str], style: &mut Rng) -> &'a str {
        match self.gaps {
            true => choices[style.below(choices.len() as u64) as usize],
            false => usual,
        }
    }
}

/// The standard marble boards (`marble_boards`) drawn as `vary` says; odd boards by turns on
/// one line.
pub fn marble_varied(vary: &Vary, rng: &mut Rng, out: &mut dyn Write) -> io::Result<()> {
    const BOARDS: usize = 1_000_000;
    let mut style = Rng(0x57_71E5);
    writeln!(out, "{BOARDS}")?;
    let mut text = String::new();
    for board in 0..BOARDS {
        let bits = rng.next();
        let hole = |i: usize| if (bits >> (2 * i)) & 3 == 0 { '.' } else { '*' };
        text.clear();
        text.push('\n');
        if vary.turns && board % 2 == 1 {
            for i in 0..16 {
                if i > 0 {
                    text.push(' ');
                }
                text.push(hole(i));
            }
            text.push_str(&vary.line_end(&mut style));
        } else {
            let mut i = 0;
            for row in 0..7i32 {
                let indent = (3 - row).unsigned_abs() as usize;
                text.push_str(&" ".repeat(indent));
                let gap = vary.gap(" ", &[" ", "\t", "  ", ""], &mut style);
                for k in 0..4 - indent {
                    if k > 0 {
                        text.push_str(gap);
                    }
                    text.push(hole(i));
                    i += 1;
                }
                text.push_str(&vary.line_end(&mut style));
            }
        }
        out.write_all(text.as_bytes())?;
    }
    Ok(())
}

/// 5 x 10^5 grids of random piles in 1..=10^9, three per line (about 45 MB).
pub fn nim_grids(rng: &mut Rng, out: &mut dyn Write) -> io::Result<()> {
    const GRIDS: usize = 500_000;
    writeln!(out, "{GRIDS}")?;
    for _ in 0..GRIDS {
        for _ in 0..3 {
            let [a, b, c] = [(); 3].map(|_| 1 + rng.below(1_000_000_000));
            writeln!(out, "{a} {b} {c}")?;
        }
    }
    Ok(())
}

/// The sizes of cases of 1 to 9 boards, 10^6 boards in all.
fn partizan_cases(rng: &mut Rng) -> Vec<u64> {
    const BOARDS: u64 = 1_000_000;
    let mut sizes = Vec::new();
    let mut total = 0;
    while total < BOARDS {
        let n = (1 + rng.below(9)).min(BOARDS - total);
        sizes.push(n);
        total += n;
    }
    sizes
}

/// 10^6 random boards in cases of 1 to 9 boards (about 18 MB with rows `O|.|X`); `row`
/// writes one row of three cells.
fn partizan_boards_in(
    row: fn([u8; 3]) -> Vec<u8>,
    rng: &mut Rng,
    out: &mut dyn Write,
) -> io::Result<()> {
    let sizes = partizan_cases(rng);
    writeln!(out, "{}", sizes.len())?;
    for n in sizes {
        writeln!(out, "{n}")?;
        for _ in 0..3 * n {
            // Mostly pieces, some empty or banned cells.
            let cells = [(); 3].map(|_| b"..#OOXX"[rng.below(7) as usize]);
            out.write_all(&row(cells))?;
        }
    }
    Ok(())
}

/// Rows `O|.|X`, the layout the peer reads.
pub fn partizan_boards(rng: &mut Rng, out: &mut dyn Write) -> io::Result<()> {
    partizan_boards_in(|[a, b, c]| vec![a, b'|', b, b'|', c, b'\n'], rng, out)
}

/// Cells separated by tabs: each its own token.
pub fn partizan_tabs(rng: &mut Rng, out: &mut dyn Write) -> io::Result<()> {
    partizan_boards_in(|[a, b, c]| vec![a, b'\t', b, b'\t', c, b'\n'], rng, out)
}

/// Cells separated by spaces: each its own token.
pub fn partizan_spaces(rng: &mut Rng, out: &mut dyn Write) -> io::Result<()> {
    partizan_boards_in(|[a, b, c]| vec![a, b' ', b, b' ', c, b'\n'], rng, out)
}

/// Rows of three adjacent cells, `O.X`.
pub fn partizan_adjacent(rng: &mut Rng, out: &mut dyn Write) -> io::Result<()> {
    partizan_boards_in(|[a, b, c]| vec![a, b, c, b'\n'], rng, out)
}

/// The standard hdu6597 boards (`partizan_boards`) drawn as `vary` says: rows `O|.|X`, or
/// with `gaps` any of `|`, `,`, a space, a tab or nothing between cells, row by row; odd
/// boards by turns in rows `O.X`.
pub fn partizan_varied(vary: &Vary, rng: &mut Rng, out: &mut dyn Write) -> io::Result<()> {
    let mut style = Rng(0x57_71E5);
    let sizes = partizan_cases(rng);
    writeln!(out, "{}", sizes.len())?;
    let mut board = 0;
    for n in sizes {
        writeln!(out, "{n}")?;
        for row in 0..3 * n {
            if row % 3 == 0 {
                board += 1;
            }
            let cells = [(); 3].map(|_| b"..#OOXX"[rng.below(7) as usize] as char);
            let gap = match vary.turns && board % 2 == 0 {
                true => "",
                false => vary.gap("|", &["|", ",", " ", "\t", ""], &mut style),
            };
            let [a, b, c] = cells;
            write!(out, "{a}{gap}{b}{gap}{c}{}", vary.line_end(&mut style))?;
        }
    }
    Ok(())
}

/// The largest board, 25 x 25, with random colours: the work is in the Grundy values.
pub fn card_board(rng: &mut Rng, out: &mut dyn Write) -> io::Result<()> {
    card_board_of(|rng| ['R', 'G', 'B'][rng.below(3) as usize], rng, out)
}

/// The worst board known: 25 x 25 with 95% G, the most options per rectangle.
pub fn card_board_mostly_green(rng: &mut Rng, out: &mut dyn Write) -> io::Result<()> {
    card_board_of(
        |rng| match rng.below(100) {
            0..=94 => 'G',
            _ => ['R', 'B'][rng.below(2) as usize],
        },
        rng,
        out,
    )
}

/// A 25 x 25 board of cards drawn by `card`.
fn card_board_of(card: fn(&mut Rng) -> char, rng: &mut Rng, out: &mut dyn Write) -> io::Result<()> {
    const SIDE: usize = 25;
    writeln!(out, "{SIDE} {SIDE}")?;
    for _ in 0..SIDE {
        let row: String = (0..SIDE).map(|_| card(rng)).collect();
        writeln!(out, "{row}")?;
    }
    Ok(())
}

/// The most the format allows: 200 cases of 1000 knights anywhere on the board (1.5 MB).
pub fn knight_cases(rng: &mut Rng, out: &mut dyn Write) -> io::Result<()> {
    const CASES: usize = 200;
    const KNIGHTS: usize = 1000;
    writeln!(out, "{CASES}")?;
    for _ in 0..CASES {
        writeln!(out, "{KNIGHTS}")?;
        for _ in 0..KNIGHTS {
            writeln!(out, "{} {}", rng.below(500), rng.below(500))?;
        }
    }
    Ok(())
}

/// One knight at `1 0`: the smallest input, where start-up is the whole cost.
pub fn knight_one(_: &mut Rng, out: &mut dyn Write) -> io::Result<()> {
    out.write_all(b"1\n1\n1 0\n")
}

/// 10^6 random 4x4 grids of `.` and `#`, each cell filled with probability 1/2, a blank
/// line between grids (about 21 MB).
pub fn fill_grids(rng: &mut Rng, out: &mut dyn Write) -> io::Result<()> {
    const GRIDS: usize = 1_000_000;
    writeln!(out, "{GRIDS}")?;
    let mut text = Vec::with_capacity(21);
    for grid in 0..GRIDS {
        let bits = rng.next();
        text.clear();
        if grid > 0 {
            text.push(b'\n');
        }
        for row in 0..4 {
            for column in 0..4 {
                text.push(b".#"[(bits >> (4 * row + column) & 1) as usize]);
            }
            text.push(b'\n');
        }
        out.write_all(&text)?;
    }
    Ok(())
}

/// The standard grids (`fill_grids`) drawn as `vary` says: rows of adjacent cells, or with
/// `gaps` a space, a tab or nothing between cells, row by row; odd grids by turns on one
/// line.
pub fn grids_varied(vary: &Vary, rng: &mut Rng, out: &mut dyn Write) -> io::Result<()> {
    const GRIDS: usize = 1_000_000;
    let mut style = Rng(0x57_71E5);
    writeln!(out, "{GRIDS}")?;
    let mut text = Vec::with_capacity(64);
    for grid in 0..GRIDS {
        let bits = rng.next();
        text.clear();
        if grid > 0 {
            text.push(b'\n');
        }
        let one_line = vary.turns && grid % 2 == 1;
        for row in 0..4 {
            let gap = vary.gap("", &["", " ", "\t"], &mut style);
            for column in 0..4 {
                if column > 0 {
                    text.extend_from_slice(gap.as_bytes());
                }
                text.push(b".#"[(bits >> (4 * row + column) & 1) as usize]);
            }
            if !one_line || row == 3 {
                text.extend_from_slice(vary.line_end(&mut style).as_bytes());
            }
        }
        out.write_all(&text)?;
    }
    Ok(())
}

/// Nim cases up to the end of the input: 5 x 10^6 piles uniform in 1..=10^9, in lines
/// `k a1 ... ak` of 1 to 20 piles (about 4.8 x 10^5 lines, 50 MB).
pub fn nim_lines(rng: &mut Rng, out: &mut dyn Write) -> io::Result<()> {
    const PILES: u64 = 5_000_000;
    let mut left = PILES;
    let mut line = String::new();
    while left > 0 {
        let k = (1 + rng.below(20)).min(left);
        left -= k;
        line.clear();
        line.push_str(&k.to_string());
        for _ in 0..k {
            line.push(' ');
            line.push_str(&(1 + rng.below(1_000_000_000)).to_string());
        }
        line.push('\n');
        out.write_all(line.as_bytes())?;
    }
    Ok(())
}

/// 10^6 lines of two piles of `digits(rng)` digits each, the first digit not 0, at most
/// `u64::MAX`: the cost of numbers by their length.
fn pairs_of(digits: fn(&mut Rng) -> u32, rng: &mut Rng, out: &mut dyn Write) -> io::Result<()> {
    let mut text = String::new();
    for _ in 0..1_000_000 {
        text.clear();
        for end in [' ', '\n'] {
            let len = digits(rng);
            let low = 10u64.pow(len - 1);
            let high = if len == 20 { u64::MAX } else { 10 * low - 1 };
            let value = low + rng.next() % (high - low + 1);
            text.push_str(&value.to_string());
            text.push(end);
        }
        out.write_all(text.as_bytes())?;
    }
    Ok(())
}

/// Piles of 19 digits, 10^17 to 10^18: the most common limit, 10^18.
pub fn pairs_19(rng: &mut Rng, out: &mut dyn Write) -> io::Result<()> {
    pairs_of(|_| 19, rng, out)
}

/// [`pairs_19`]'s piles (none of them 0), then the sentinel `0 0`.
pub fn pairs_until_0_0(rng: &mut Rng, out: &mut dyn Write) -> io::Result<()> {
    pairs_19(rng, out)?;
    out.write_all(b"0 0\n")
}

/// Piles of 16 digits, the most the fast path read from two words.
pub fn pairs_16(rng: &mut Rng, out: &mut dyn Write) -> io::Result<()> {
    pairs_of(|_| 16, rng, out)
}

/// Piles of 17 to 20 digits at random.
pub fn pairs_17_to_20(rng: &mut Rng, out: &mut dyn Write) -> io::Result<()> {
    pairs_of(|rng| 17 + rng.below(4) as u32, rng, out)
}
