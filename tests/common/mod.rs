//! Helpers shared by the problems' integration tests.

// Each test crate uses only some of these.
#![allow(dead_code)]

pub mod bundling;
pub mod harness;
pub mod judge;
pub mod judged;
pub mod pipes;
pub mod samples;

use combgames::io::{Reader, DEFAULT_CAPACITY};
use combgames::write::Writer;
use proptest::prelude::*;
use std::io::Write;
use std::process::{Command, Stdio};

/// What a run of a problem's `solve` gave: its output, and its error message if it failed.
pub type Outcome = (String, Option<String>);

/// Runs a problem's `solve` on `input` through a reader of `capacity` bytes, with its fast
/// paths on or off.
pub fn run_with<F>(mut solve: F, input: &[u8], capacity: usize, fast: bool) -> Outcome
where
    F: FnMut(&mut Reader<&[u8]>, &mut Writer<&mut Vec<u8>>) -> combgames::io::Result<()>,
{
    let mut rd = Reader::with_capacity(capacity, input);
    if !fast {
        rd = rd.plain();
    }
    let mut written = Vec::new();
    let mut out = Writer::new(&mut written);
    let result = solve(&mut rd, &mut out).and_then(|()| Ok(out.flush()?));
    drop(out);
    (
        String::from_utf8(written).unwrap(),
        result.err().map(|e| e.to_string()),
    )
}

/// Runs a problem's `solve` on `input` with the reader's fast paths and with its plain paths,
/// and with a buffer of the usual size and a small one (so that items straddle refills):
/// all four must give the same output and error, which is returned.
pub fn run_solve<F>(mut solve: F, input: impl AsRef<[u8]>) -> Outcome
where
    F: FnMut(&mut Reader<&[u8]>, &mut Writer<&mut Vec<u8>>) -> combgames::io::Result<()>,
{
    let input = input.as_ref();
    let fast = run_with(&mut solve, input, DEFAULT_CAPACITY, true);
    for (capacity, fast_paths) in [(DEFAULT_CAPACITY, false), (61, true), (61, false)] {
        let other = run_with(&mut solve, input, capacity, fast_paths);
        assert_eq!(
            other, fast,
            "capacity {capacity}, fast paths {fast_paths}: not what the fast reader gives"
        );
    }
    fast
}

/// Runs the built binary `exe` with `input` on stdin, and checks that it prints `answers`,
/// then `stderr` (one `error: ...` line), and fails.
pub fn assert_binary_fails(exe: &str, input: impl AsRef<[u8]>, answers: &str, stderr: &str) {
    let mut child = Command::new(exe)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(input.as_ref())
        .unwrap();
    let output = child.wait_with_output().unwrap();
    assert!(!output.status.success());
    assert_eq!(String::from_utf8(output.stdout).unwrap(), answers);
    assert_eq!(String::from_utf8(output.stderr).unwrap(), stderr);
}

/// Checks `run` on each `(input, answers printed first, error message)`.
pub fn assert_errors<I, E>(run: impl Fn(&str) -> (String, Option<String>), cases: &[(I, &str, E)])
where
    I: AsRef<str>,
    E: AsRef<str>,
{
    for (input, answers, error) in cases {
        let input = input.as_ref();
        assert_eq!(
            run(input),
            (answers.to_string(), Some(error.as_ref().to_string())),
            "input {input:?}"
        );
    }
}

/// One to three pieces of whitespace of every kind the reader accepts: space, tab, LF, CRLF,
/// a blank line, vertical tab and form feed (which C's isspace counts too).
pub fn gap() -> impl Strategy<Value = String> {
    proptest::collection::vec(
        prop_oneof![
            Just(" "),
            Just("\t"),
            Just("\n"),
            Just("\r\n"),
            Just("\n\n"),
            Just("\x0b"),
            Just("\x0c"),
        ],
        1..4,
    )
    .prop_map(|parts| parts.concat())
}
