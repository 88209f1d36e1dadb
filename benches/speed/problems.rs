//! Four problems written on the library as its README shows a user, with nothing but its
//! public calls: they measure the general calls on max-size inputs of problems the library
//! was not tuned for. The bench runs them as processes like the binaries, re-running
//! itself as `--problem NAME` ([`run`]).

use combgames::io::{self, Reader, Result};
use std::process::ExitCode;

/// The problems by name, for `--problem NAME`.
pub const NAMES: [&str; 4] = ["grids", "numbers", "pairs", "until"];

/// Runs problem `name` on stdin and stdout, as a binary's `main` would; `None` if there is
/// no such problem.
pub fn run(name: &str) -> Option<ExitCode> {
    match name {
        "grids" => {
            let win = grids::win_table();
            Some(io::run(|rd, out| grids::solve(rd, out, &win)))
        }
        "numbers" => Some(io::run(numbers::solve)),
        "pairs" => Some(io::run(pairs::solve)),
        "until" => Some(io::run(until::solve)),
        _ => None,
    }
}

/// The answer for a lost position and for a won one.
const ANSWERS: [&str; 2] = ["Second", "First"];

pub mod grids {
    //! Fill the grid. T (at most 10^6), then T grids of 4x4 cells, `.` empty and `#`
    //! filled, each as 4 lines of 4 cells, a blank line between grids. A move fills one
    //! empty cell, or two empty cells next to each other in a row or a column; who cannot
    //! move loses. For each grid print `First` if the player to move wins, else `Second`.
    //!
    //! A grid is a 16-bit mask of its filled cells, cell `4 row + column` at bit
    //! `4 row + column`; the win bits of all 2^16 masks are built once.

    use super::{Reader, Result, ANSWERS};
    use combgames::cells::Cells;
    use combgames::game::{self, MoveMasks, WinBits};
    use combgames::write::{Lines, Writer};
    use std::io::{Read, Write};

    /// Every move as a mask: each cell, and each pair of cells side by side or one above
    /// the other.
    pub fn moves() -> Vec<u32> {
        let mut moves = Vec::new();
        for cell in 0..16 {
            moves.push(1 << cell);
            if cell % 4 < 3 {
                moves.push(0b11 << cell);
            }
            if cell < 12 {
                moves.push(0b1_0001 << cell);
            }
        }
        moves
    }

    /// Whether the player to move wins, for every mask of filled cells.
    pub fn win_table() -> WinBits {
        game::win_table(&MoveMasks::new(16, moves()))
    }

    /// Answers every grid on `rd` on `out`, one line each.
    pub fn solve<R: Read, W: Write>(
        rd: &mut Reader<R>,
        out: &mut Writer<W>,
        win: &WinBits,
    ) -> Result<()> {
        let answers = Lines::new(ANSWERS);
        let grids = rd.u64_in(1..=1_000_000, "the number of grids T")?;
        let mut grid = Cells::new(b".#", 16);
        rd.cells_each(&mut grid, grids, "a cell '.' or '#'", |filled| {
            out.line(&answers, usize::from(win.get(filled as usize)))
        })?;
        rd.expect_end()
    }
}

pub mod numbers {
    //! Nim, case after case. Until the end of the input, cases of one line `k a1 ... ak`:
    //! 1 <= k <= 20 piles of 1 <= a <= 10^9 stones. A move takes any number of stones from
    //! one pile; who cannot move loses. For each case print `First` if the player to move
    //! wins (the XOR of the piles is not 0), else `Second`.

    use super::{Reader, Result, ANSWERS};
    use combgames::write::{Lines, Writer};
    use std::io::{Read, Write};

    /// Answers every case on `rd` on `out`, one line each.
    pub fn solve<R: Read, W: Write>(rd: &mut Reader<R>, out: &mut Writer<W>) -> Result<()> {
        let answers = Lines::new(ANSWERS);
        while rd.has_more()? {
            let piles = rd.usize_in(1..=20, "the number of piles k")?;
            let mut xor = 0;
            for _ in 0..piles {
                xor ^= rd.u64_in(1..=1_000_000_000, "a pile")?;
            }
            out.line(&answers, usize::from(xor != 0))?;
        }
        Ok(())
    }
}

pub mod pairs {
    //! Two-pile Nim, case after case. Until the end of the input, lines `a b`: two piles of
    //! 0 to 2^64 - 1 stones. A move takes any number of stones from one pile; who cannot move
    //! loses. For each case print `First` if the player to move wins (the piles differ),
    //! else `Second`.

    use super::{Reader, Result, ANSWERS};
    use combgames::write::{Lines, Writer};
    use std::io::{Read, Write};

    /// Answers every case on `rd` on `out`, one line each.
    pub fn solve<R: Read, W: Write>(rd: &mut Reader<R>, out: &mut Writer<W>) -> Result<()> {
        let answers = Lines::new(ANSWERS);
        while rd.has_more()? {
            let [a, b] = rd.u64s_in::<2>(0..=u64::MAX, "a pile")?;
            out.line(&answers, usize::from(a != b))?;
        }
        Ok(())
    }
}

pub mod until {
    //! Two-pile Nim until `0 0`: lines `a b`, two piles of 1 to 2^64 - 1 stones, until a
    //! line `0 0`. For each case print `First` if the player to move wins (the piles
    //! differ), else `Second`. The same numbers as `pairs` read by `u64s_until`.

    use super::{Reader, Result, ANSWERS};
    use combgames::write::{Lines, Writer};
    use std::io::{Read, Write};

    /// Answers every case on `rd` on `out`, one line each.
    pub fn solve<R: Read, W: Write>(rd: &mut Reader<R>, out: &mut Writer<W>) -> Result<()> {
        let answers = Lines::new(ANSWERS);
        while let Some([a, b]) = rd.u64s_until([0, 0], 1..=u64::MAX, "a pile")? {
            out.line(&answers, usize::from(a != b))?;
        }
        rd.expect_end()
    }
}
