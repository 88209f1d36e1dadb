//! The body of every binary's `main`, [`run`], and the names a problem writes as `io::..`:
//! the [`Reader`] ([`crate::reader`]), its [`Result`] and [`error`] ([`crate::errors`]), and
//! [`Names`]; the reads are in [`crate::numbers`], [`crate::tokens`] and [`crate::cells`].
//! Layer 4: uses `errors`, `reader`, `numbers`, `tokens`, `cells` and `write`.

use std::fs::File;
use std::io::{self, StdinLock, Write};
use std::process::ExitCode;

pub use crate::errors::*;
pub use crate::numbers::Names;
pub use crate::reader::*;
use crate::write::Writer;

/// Runs `solve` on a [`Reader`] of stdin and a [`Writer`] over stdout, for a binary's `main`.
///
/// The writer writes to stdout as a [`File`], not through std's `Stdout`, whose line
/// buffering would split each of the writer's whole buffers at its last line end: writes
/// then end at page boundaries of a file or a pipe, which the kernel copies fastest.
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
    F: FnOnce(&mut Reader<StdinLock<'static>>, &mut Writer<File>) -> Result<()>,
{
    let mut out = match stdout() {
        Ok(file) => Writer::new(file),
        Err(e) => return failure(Error::Io(e)),
    };
    let solved = solve(&mut Reader::new(io::stdin().lock()), &mut out);
    match solved.and(out.flush().map_err(Error::Io)) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => failure(e),
    }
}

/// `error: e` on stderr, and a failure.
fn failure(e: Error) -> ExitCode {
    let _ = writeln!(io::stderr(), "error: {e}");
    ExitCode::FAILURE
}

/// Stdout as a file of its own, sharing its offset.
#[cfg(unix)]
fn stdout() -> io::Result<File> {
    use std::os::unix::io::AsFd;
    Ok(File::from(io::stdout().as_fd().try_clone_to_owned()?))
}

/// Stdout as a file of its own, sharing its offset.
#[cfg(windows)]
fn stdout() -> io::Result<File> {
    use std::os::windows::io::AsHandle;
    Ok(File::from(io::stdout().as_handle().try_clone_to_owned()?))
}
