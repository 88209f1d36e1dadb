//! `lab`: the report of a table of values from anywhere (a brute force in any language).
//!
//! ```text
//! cargo run --release --bin lab [-- --image FILE | --no-image] < table.txt
//! cargo run --release --bin lab -- --misere 0.34 60
//! ```
//!
//! A table of one value a line is `g(0), g(1), g(2)...`; rows of values separated by
//! whitespace, all of one length, are a grid, row `x = 0` first (a grid of one column is
//! read as a table). Values are integers from 0 to 2^32 - 1; blank lines are skipped. The
//! report (`report::report`, `report::report_plane`) goes to stdout; a grid's picture is
//! written under the target folder, `target/lab/lab.png` (never into the sources), or to
//! FILE. A value that is no number, or a row of another length, is the reader's one-line
//! error, `error: line 3: expected ..., found ...`, and a failure. With `--misere CODE
//! HEAPS`, the report is the misère one (`misere_report`) of the octal game `CODE`'s heaps
//! up to `HEAPS`, from its rules, and nothing is read.

use combgames::io::{self, describe, Reader, Result};
use lab::grids::Grid;
use lab::misere::{analyse, Reach};
use lab::misere_report;
use lab::report::{picture, report, report_plane};
use lab::rules::{Family, Heap, Moves, TakeBreak};
use lab::tables::Table;
use std::io::{Read, Write};
use std::process::ExitCode;

/// What to read, and where a grid's picture goes; or the octal game to report in misère
/// play, and its heaps.
struct Options {
    image: Option<String>,
    misere: Option<(Octal, usize)>,
}

/// The octal game of a code, its rules and their family for the misère report.
struct Octal(TakeBreak);

impl Heap for Octal {
    fn moves(&self, n: u64, to: &mut Moves) {
        self.0.moves(n, to)
    }

    fn family(&self) -> Family {
        Family::TakeBreak(self.0.clone())
    }
}

/// The options of `args`, or the error to print.
fn options(args: &[String]) -> std::result::Result<Options, String> {
    let image = |image: Option<String>| Options {
        image,
        misere: None,
    };
    match args {
        [] => Ok(image(Some(
            lab::run::image_path("lab").to_string_lossy().into_owned(),
        ))),
        [flag] if flag == "--no-image" => Ok(image(None)),
        [flag, file] if flag == "--image" => Ok(image(Some(file.clone()))),
        [flag, code, heaps] if flag == "--misere" => {
            let heaps = (heaps.parse().ok())
                .filter(|&h| h >= 1)
                .ok_or_else(|| format!("heaps {:?}: a number of heaps, 1 or more", heaps))?;
            Ok(Options {
                image: None,
                misere: Some((Octal(TakeBreak::octal(code)?), heaps)),
            })
        }
        _ => Err(format!(
            "unknown arguments {:?}; usage: lab [--image FILE | --no-image] < table.txt, or \
             lab --misere CODE HEAPS",
            args
        )),
    }
}

/// Whitespace within a line, as the reader's: space, tab, vertical tab, form feed.
fn is_space(b: u8) -> bool {
    b == b' ' || (b'\t'..=b'\r').contains(&b)
}

/// `n` values, in words.
fn count_(n: usize) -> String {
    format!("{} value{}", n, if n == 1 { "" } else { "s" })
}

/// Reads the table: its values, row by row, and the length of a row.
fn read_table<R: Read>(rd: &mut Reader<R>) -> Result<(Vec<u32>, usize)> {
    let (mut values, mut width) = (Vec::new(), None);
    while rd.has_more()? {
        let line = rd.line("a row of values")?.to_vec();
        let tokens = line.split(|&b| is_space(b)).filter(|t| !t.is_empty());
        let mut count = 0;
        for token in tokens {
            let value = std::str::from_utf8(token).ok().and_then(|t| t.parse().ok());
            match value {
                Some(v) => values.push(v),
                None => return Err(rd.error("a value from 0 to 4294967295", describe(token))),
            }
            count += 1;
        }
        match width {
            None => width = Some(count),
            Some(w) if w != count => {
                let expected = format!("{} on the line, as on the first", count_(w));
                return Err(rd.error(&expected, count_(count)));
            }
            Some(_) => {}
        }
    }
    match width {
        Some(w) => Ok((values, w)),
        None => Err(io::error(
            "a table of values, one a line, or rows of them",
            "nothing".to_string(),
        )),
    }
}

/// Writes `grid`'s picture to `file`, making its folder if need be.
fn write_picture(file: &str, grid: &Grid) -> std::io::Result<()> {
    if let Some(dir) = std::path::Path::new(file).parent() {
        std::fs::create_dir_all(dir)?;
    }
    std::fs::write(file, picture(grid))
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let options = match options(&args) {
        Ok(options) => options,
        Err(e) => {
            eprintln!("error: {}", e);
            return ExitCode::FAILURE;
        }
    };
    if let Some((game, heaps)) = &options.misere {
        return match analyse(game, *heaps, Reach::default()) {
            Ok(misere) => {
                print!("{}", misere_report::report(&misere));
                ExitCode::SUCCESS
            }
            Err(e) => {
                eprintln!("error: {}", e);
                ExitCode::FAILURE
            }
        };
    }
    io::run(|rd, out| {
        let (values, width) = read_table(rd)?;
        let text = match width {
            1 => report(&Table::read(values)),
            _ => {
                let grid = Grid::read(values.len() / width, width, values);
                let image = match &options.image {
                    Some(file) => match write_picture(file, &grid) {
                        Ok(()) => Some(file.clone()),
                        Err(e) => {
                            return Err(io::error("a file to write", format!("{}: {}", file, e)))
                        }
                    },
                    None => None,
                };
                report_plane(&grid, image.as_deref())
            }
        };
        out.write_all(text.as_bytes())?;
        Ok(())
    })
}
