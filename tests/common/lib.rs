//! The helpers every test shares: a crate of its own (`tests/common/`), compiled once for
//! every test target, which name it `common`.
//!
//! - [`run_solve`]: a problem's `solve` on an input, read every way the reader can;
//!   [`assert_errors`] and [`assert_binary_fails`] for bad input; [`gap`] for proptest.
//! - [`samples`]: the programs (problems and examples) and their samples.
//! - [`search`]: plain game searches from a game's rules, for a program's brute force.
//! - [`judge`] and [`pipes`]: an interactive program played against its judge;
//!   [`judged`]: the samples of a program judged by a checker or a judge.
//! - [`bundling`]: the bundler, and compiling a bundle alone.
//! - [`program`]: a program's test target, its tests, samples and bundle, which [`tests!`]
//!   declares ([`config!`] configures their proptests); [`compilers`]: which compilers check
//!   a bundle.
//! - [`harness`]: the stand-in for libtest of the programs' targets and the deep tests'.

// Tests run on the current toolchain only (`OnceLock` is newer than `rust-version`).
#![allow(clippy::incompatible_msrv)]

pub mod bundling;
pub mod compilers;
pub mod harness;
pub mod judge;
pub mod judged;
pub mod pipes;
pub mod program;
pub mod samples;
pub mod search;

use combgames::io::{Reader, DEFAULT_CAPACITY};
use combgames::write::Writer;
use proptest::prelude::*;
use std::cell::RefCell;
use std::io::{self, Cursor, Write};
use std::path::Path;
use std::process::{Command, Stdio};
use std::rc::Rc;

/// Declares a program's tests, the test functions of its `tests.rs` (the root of a
/// `harness = false` test target): `common::tests!(answers_match_a_game_search,
/// bad_input_is_reported);` writes the `main` that runs them, each a trial named
/// `PROGRAM::NAME`, then the program's samples and its bundle ([`program`]). A function left
/// out of the list never runs: the compiler warns that it is never used.
///
/// Samples are compared with their `.out` byte for byte, unless a first entry says how
/// they are judged: `checker = checker::check,` (a [`judged::Checker`]: many right answers)
/// or `judge = judge::judge,` (a [`judge::Judge`]: an interactive problem).
#[macro_export]
macro_rules! tests {
    (checker = $check:expr, $($test:ident),* $(,)?) => {
        $crate::tests!(@main Some($crate::judged::Judged::Checker($check)), $($test),*);
    };
    (judge = $judge:expr, $($test:ident),* $(,)?) => {
        $crate::tests!(@main Some($crate::judged::Judged::Judge($judge)), $($test),*);
    };
    (@main $judged:expr, $($test:ident),*) => {
        fn main() -> std::process::ExitCode {
            let tests: &[(&str, fn())] = &[$((stringify!($test), $test as fn())),*];
            $crate::program::run(file!(), $crate::exe!(), $judged, tests)
        }
    };
    ($($test:ident),* $(,)?) => {
        $crate::tests!(@main None, $($test),*);
    };
}

/// A proptest configuration for a program's tests: `cases` cases (or `PROPTEST_CASES`, when
/// set, for a deeper run), and the seeds of past failures kept in the program's own folder,
/// `proptest-regressions.txt` beside its `Cargo.toml`. In a `proptest!` block:
/// `#![proptest_config(common::config!(64))]`.
#[macro_export]
macro_rules! config {
    ($cases:expr) => {
        $crate::proptest_config(
            $cases,
            concat!(env!("CARGO_MANIFEST_DIR"), "/proptest-regressions.txt"),
        )
    };
}

/// The configuration [`config!`] makes: `cases` cases unless `PROPTEST_CASES` says, seeds
/// kept in the file `seeds`.
pub fn proptest_config(cases: u32, seeds: &'static str) -> ProptestConfig {
    use proptest::test_runner::FileFailurePersistence;
    ProptestConfig {
        failure_persistence: Some(Box::new(FileFailurePersistence::Direct(seeds))),
        ..self::cases(cases)
    }
}

/// A proptest configuration of `cases` cases, chosen for the suite's time, or of
/// `PROPTEST_CASES` when set, for a deeper run.
pub fn cases(cases: u32) -> ProptestConfig {
    let asked = std::env::var("PROPTEST_CASES")
        .ok()
        .and_then(|c| c.parse().ok());
    ProptestConfig {
        cases: asked.unwrap_or(cases),
        ..ProptestConfig::default()
    }
}

/// Declares the program at `path` as module `name` of a test crate (where its `main` goes
/// unused), as many times as tests need it: `common::binary!(nim_move,
/// "../../examples/nim_move/main.rs");`. (A program's own `tests.rs` needs none: it is a
/// module of the program.)
#[macro_export]
macro_rules! binary {
    ($name:ident, $path:literal) => {
        #[allow(dead_code, clippy::duplicate_mod)]
        #[path = $path]
        mod $name;
    };
}

/// The path of the program's binary that cargo built for its tests, in a program's
/// `tests.rs`: `common::exe!()`.
#[macro_export]
macro_rules! exe {
    () => {
        env!(concat!("CARGO_BIN_EXE_", env!("CARGO_PKG_NAME")))
    };
}

/// What a run of a problem's `solve` gave: its output, and its error message if it failed.
pub type Outcome = (String, Option<String>);

/// The input a test gives `solve`: owned, so that `run_solve` takes a problem's generic
/// `solve` itself, not only a closure around it.
pub type Input = Cursor<Vec<u8>>;

/// The output `solve` writes in a test: a vector shared with the test, which reads it after
/// the run (owned, as [`Input`]).
#[derive(Clone, Default)]
pub struct Output(Rc<RefCell<Vec<u8>>>);

impl Write for Output {
    fn write(&mut self, data: &[u8]) -> io::Result<usize> {
        self.0.borrow_mut().extend_from_slice(data);
        Ok(data.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

/// Runs a problem's `solve` on `input` through a reader of `capacity` bytes, with its fast
/// paths on or off.
pub fn run_with<F>(mut solve: F, input: &[u8], capacity: usize, fast: bool) -> Outcome
where
    F: FnMut(&mut Reader<Input>, &mut Writer<Output>) -> combgames::io::Result<()>,
{
    let mut rd = Reader::with_capacity(capacity, Cursor::new(input.to_vec()));
    if !fast {
        rd = rd.plain();
    }
    let written = Output::default();
    let mut out = Writer::new(written.clone());
    let result = solve(&mut rd, &mut out).and_then(|()| Ok(out.flush()?));
    drop(out);
    let text = String::from_utf8(written.0.take()).unwrap();
    (text, result.err().map(|e| e.to_string()))
}

/// Runs a problem's `solve` (the function, or a closure that gives it a table) on `input`
/// and checks that every way of reading it gives the same: the reader's fast paths and its
/// plain paths, with a buffer of the usual size and a small one (so that items straddle
/// refills), and every layout of [`layouts`] (its lines numbered as they move). Returns the
/// output and error message.
pub fn run_solve<F>(mut solve: F, input: impl AsRef<[u8]>) -> Outcome
where
    F: FnMut(&mut Reader<Input>, &mut Writer<Output>) -> combgames::io::Result<()>,
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
    for (k, layout) in layouts(input).iter().enumerate() {
        let capacity = [61, DEFAULT_CAPACITY][k % 2];
        let expected = (fast.0.clone(), fast.1.as_deref().map(|e| layout.error(e)));
        let text = String::from_utf8_lossy(&layout.text);
        assert_eq!(
            run_with(&mut solve, &layout.text, capacity, true),
            expected,
            "the input laid out with {}, {text:?}: not what it gives as it is",
            layout.name
        );
    }
    fast
}

/// An input laid out anew: the same tokens on the same lines, with other whitespace.
pub struct Layout {
    /// What changed, for messages.
    pub name: &'static str,
    pub text: Vec<u8>,
    /// Each line doubled by a blank one after it: line k is then line 2k - 1.
    blank_lines: bool,
    /// The lines of `text`, when it lost its last line ends: lines past them are its last.
    last_line: Option<usize>,
}

impl Layout {
    /// The error message `error` of the input as it was, with its line moved as this layout
    /// moved it.
    pub fn error(&self, error: &str) -> String {
        let numbered = error
            .strip_prefix("line ")
            .and_then(|e| e.split_once(':'))
            .and_then(|(n, rest)| Some((n.parse::<usize>().ok()?, rest)));
        match numbered {
            Some((line, rest)) => {
                let line = if self.blank_lines { 2 * line - 1 } else { line };
                let line = self.last_line.map_or(line, |last| line.min(last));
                format!("line {line}:{rest}")
            }
            None => error.to_string(),
        }
    }
}

/// The layouts every problem's input is tried in by [`run_solve`], besides its own: its lines
/// ended by CRLF, a bare CR or LF, with tabs and spaces around them, with a blank line after
/// each, and without the whitespace at the end of the input (no final newline).
pub fn layouts(input: &[u8]) -> Vec<Layout> {
    // The lines, split where the reader's rule ends them.
    let mut lines = vec![Vec::new()];
    for (i, &b) in input.iter().enumerate() {
        match b {
            b'\n' if i > 0 && input[i - 1] == b'\r' => {}
            b'\n' | b'\r' => lines.push(Vec::new()),
            _ => lines.last_mut().unwrap().push(b),
        }
    }
    let lay_out = |name, end: &str, padded: bool, blank_lines: bool, trimmed: bool| {
        let mut text = Vec::new();
        for (k, line) in lines.iter().enumerate() {
            if k > 0 {
                text.extend(end.as_bytes());
                if blank_lines {
                    text.extend(end.as_bytes());
                }
            }
            match padded && !line.is_empty() {
                true => text.extend([b"\t ", &line[..], b" \t"].concat()),
                false => text.extend(line),
            }
        }
        let mut last_line = None;
        if trimmed {
            while text.last().map_or(false, u8::is_ascii_whitespace) || text.ends_with(b"\x0b") {
                text.pop();
            }
            last_line = Some(line_at(&text, text.len()));
        }
        Layout {
            name,
            text,
            blank_lines,
            last_line,
        }
    };
    vec![
        lay_out(
            "CRLF line ends and padded lines",
            "\r\n",
            true,
            false,
            false,
        ),
        lay_out(
            "bare CR line ends, blank lines, no final newline",
            "\r",
            false,
            true,
            true,
        ),
        lay_out(
            "padded lines, blank lines, no final newline",
            "\n",
            true,
            true,
            true,
        ),
        lay_out("CRLF line ends and blank lines", "\r\n", false, true, false),
    ]
}

/// Runs the executable `exe` with `input` on stdin, and checks that it prints `answers`,
/// then `stderr` (one `error: ...` line), and fails.
pub fn assert_binary_fails(
    exe: impl AsRef<Path>,
    input: impl AsRef<[u8]>,
    answers: &str,
    stderr: &str,
) {
    let mut child = Command::new(exe.as_ref())
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

/// Checks `run` (a closure, or a function generic over its input) on each `(input, answers
/// printed first, error message)`. A failure shows a long input by its [`excerpt`] and the
/// answers by their first difference, not whole.
pub fn assert_errors<'a, I, E>(run: impl Fn(&'a str) -> Outcome, cases: &'a [(I, &str, E)])
where
    I: AsRef<str>,
    E: AsRef<str>,
{
    for (input, answers, error) in cases {
        let (input, error) = (input.as_ref(), error.as_ref());
        let (printed, failed) = run(input);
        let differs = samples::difference(answers.as_bytes(), printed.as_bytes(), "the answers,");
        if differs.is_none() && failed.as_deref() == Some(error) {
            continue;
        }
        let named = [Some(error), failed.as_deref()];
        panic!(
            "on the input {}\n  error expected: {error:?}\n           found: {}\n  {}",
            excerpt(input, &named.into_iter().flatten().collect::<Vec<_>>()),
            failed.map_or("none".to_string(), |e| format!("{e:?}")),
            differs.unwrap_or_else(|| "the answers before it: as expected".to_string())
        );
    }
}

/// The longest input [`excerpt`] shows whole.
const WHOLE_INPUT: usize = 200;

/// `input` as a failing test shows it: whole when short; else its size, its first line and
/// the lines that the messages `errors` name (`line N: ...`) with the line before each, each
/// cut to a readable length.
pub fn excerpt(input: &str, errors: &[&str]) -> String {
    if input.len() <= WHOLE_INPUT {
        return format!("{input:?}");
    }
    // The lines, split where the reader's rule ends them.
    let mut lines: Vec<&str> = input
        .split("\r\n")
        .flat_map(|l| l.split(['\r', '\n']))
        .collect();
    if lines.last() == Some(&"") {
        lines.pop();
    }
    let mut shown = vec![1];
    for error in errors {
        let named = error.strip_prefix("line ").and_then(|e| e.split_once(':'));
        if let Some(n) = named.and_then(|(n, _)| n.parse::<usize>().ok()) {
            shown.extend([n.saturating_sub(1).max(1), n]);
        }
    }
    shown.sort_unstable();
    shown.dedup();
    let mut text = format!("of {} bytes, {} lines:", input.len(), lines.len());
    let mut last = 0;
    for n in shown.into_iter().filter(|&n| n <= lines.len()) {
        if n > last + 1 {
            text += "\n    ...";
        }
        text += &format!("\n    line {n}: {}", samples::cut(lines[n - 1], 0));
        last = n;
    }
    if last < lines.len() {
        text += "\n    ...";
    }
    text
}

/// The line of byte `at` of `input`, by the reader's rule: one more than the line breaks
/// before it, each `\r` and each `\n` not right after a `\r`.
pub fn line_at(input: &[u8], at: usize) -> usize {
    let ends_a_line = |i: usize| match input[i] {
        b'\r' => true,
        b'\n' => i == 0 || input[i - 1] != b'\r',
        _ => false,
    };
    (0..at).filter(|&i| ends_a_line(i)).count() + 1
}

/// The line an error at the end of `input` names, by the reader's rule: the line of its last
/// byte that is not whitespace (1 if there is none).
pub fn end_line(input: &[u8]) -> usize {
    let spaces = b" \t\n\x0b\x0c\r";
    let last = input.iter().rposition(|b| !spaces.contains(b));
    last.map_or(1, |at| line_at(input, at))
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
