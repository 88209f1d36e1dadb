//! The body of every binary's `main`, [`run`], and the names a problem writes as `io::..`:
//! the [`Reader`] ([`crate::reader`]), its [`Result`] and [`error`] ([`crate::errors`]), and
//! [`Names`]; the reads are in [`crate::numbers`], [`crate::tokens`] and [`crate::cells`].
//! Layer 4: uses `errors`, `reader`, `numbers`, `tokens`, `cells` and `write`.

use std::io::{self, StdinLock, StdoutLock, Write};
use std::process::ExitCode;

pub use crate::errors::*;
pub use crate::numbers::Names;
pub use crate::reader::*;
use crate::write::Writer;

/// Runs `solve` on a [`Reader`] of stdin and a [`Writer`] over stdout, for a binary's `main`.
///
/// Output is flushed before a failure is reported, so the answers written before it reach
/// stdout; then one line `error: ...` goes to stderr and the exit code is a failure.
/// Nothing panics and nothing calls `process::exit`. To build a table once and use it in
/// every case, build it in `main` and capture it: `io::run(|rd, out| solve(rd, out, &table))`.
/// Every read returns as soon as the bytes it needs have arrived, so an interactive `solve`
/// works as it is: `out.flush()?` after each move sends it to the judge.
///
/// # Complexity
/// That of `solve`.
pub fn run<F>(solve: F) -> ExitCode
where
    F: FnOnce(&mut Reader<StdinLock<'static>>, &mut Writer<StdoutLock<'static>>) -> Result<()>,
{
    let mut out = Writer::new(io::stdout().lock());
    let solved = solve(&mut Reader::new(io::stdin().lock()), &mut out);
    match solved.and(out.flush().map_err(Error::Io)) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            let _ = writeln!(io::stderr(), "error: {e}");
            ExitCode::FAILURE
        }
    }
}
