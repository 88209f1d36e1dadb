//! A small stand-in for libtest, for the `harness = false` targets: every program's tests
//! (`src/bin/NAME/tests.rs`, declared with [`tests!`](crate::tests)). It reads libtest's command line (filters, `--exact`, `--skip`,
//! `--list`, `-q`, `--test-threads`, ...; flags it has no use for, like `--nocapture`, are
//! accepted and ignored), runs named trials on a few threads, prints the failures' details and
//! then a closing line, and exits with 101 when a trial failed, as libtest does.
//!
//! It is quiet (cargo passes no `-q` to such a target, so it is quiet by itself): a target
//! whose trials the filters all leave out prints nothing (libtest prints five lines), and one
//! whose trials all pass prints nothing unless a filter picked them, then its closing line
//! alone, so that a green `cargo test -q` stays quiet however many problems the workspace
//! holds, and `cargo test -q NAME` shows a line for each target that ran something. A failure always shows in full (for a test that panicked,
//! its last panic message: proptest's names the minimal failing input). With `--format
//! pretty` or `--show-output`, each trial also gets a line with its verdict and time, in a
//! fixed order, as libtest prints them.

use std::cell::RefCell;
use std::collections::BTreeMap;
use std::io::{IsTerminal, Write};
use std::panic;
use std::process::ExitCode;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc;
use std::thread;
use std::time::{Duration, Instant};

/// Why a trial failed: a short verdict for its line (`wrong answer`) and the details
/// printed under `failures:`.
#[derive(Debug)]
pub struct Failure {
    pub verdict: String,
    pub details: String,
}

impl Failure {
    pub fn new(verdict: impl Into<String>, details: impl Into<String>) -> Failure {
        Failure {
            verdict: verdict.into(),
            details: details.into(),
        }
    }
}

/// What a trial gives: a note for its line when it passes (may be empty), or its failure.
pub type Verdict = Result<String, Failure>;

/// One named check; `run` may borrow data shared by all trials.
pub struct Trial<'a> {
    pub name: String,
    run: Box<dyn FnOnce() -> Verdict + Send + 'a>,
}

impl<'a> Trial<'a> {
    pub fn new(name: impl Into<String>, run: impl FnOnce() -> Verdict + Send + 'a) -> Trial<'a> {
        Trial {
            name: name.into(),
            run: Box::new(run),
        }
    }
}

const USAGE: &str = "usage: TEST_BINARY [OPTIONS] [FILTERS...]
Runs the trials whose name contains one of FILTERS (all without a filter). Prints the
failures' details and a closing line; with a filter, also one line per trial.
    --exact            a filter must equal the whole name
    --skip FILTER      leave out the trials whose name contains FILTER (repeatable)
    --list             list the trials' names instead of running them
    --format pretty, --show-output
                       one line per trial, even without a filter
    --format terse, -q, --quiet
                       no line per trial, even with a filter
    --test-threads N   run N trials at a time (default: the number of cores)
    --color auto|always|never
    --ignored          run only ignored trials (there are none)
Other libtest flags (--nocapture, --include-ignored, --report-time, ...) are accepted and
change nothing: a trial's details are always shown when it fails.";

/// The command line, as libtest reads it.
#[derive(Default)]
struct Options {
    filters: Vec<String>,
    skip: Vec<String>,
    exact: bool,
    list: bool,
    /// `-q` or `--format terse`: no line per trial.
    terse: bool,
    /// `--format pretty` or `--show-output`: a line per trial.
    pretty: bool,
    only_ignored: bool,
    benches_only: bool,
    threads: Option<usize>,
    color: Option<bool>,
}

/// Flags libtest knows that change nothing here.
const IGNORED_FLAGS: &[&str] = &[
    "--include-ignored",
    "--nocapture",
    "--no-capture",
    "--report-time",
    "--ensure-time",
    "--shuffle",
    "--force-run-in-process",
    "--exclude-should-panic",
    "--test",
    "--fail-fast",
    "--no-fail-fast",
];

/// Options of libtest that take a value and change nothing here.
const IGNORED_WITH_VALUE: &[&str] = &["--logfile", "--shuffle-seed", "-Z"];

/// The command line, or what to do instead: `Err(Ok(()))` after `--help`, `Err(Err(message))`
/// for a bad command line.
fn parse(args: &[String]) -> Result<Options, Result<(), String>> {
    let mut options = Options::default();
    let mut i = 0;
    while i < args.len() {
        let arg = &args[i];
        i += 1;
        if !arg.starts_with('-') || arg == "-" {
            options.filters.push(arg.clone());
            continue;
        }
        // `--name=value`, `--name value`, or `-Zvalue`.
        let (name, inline) = match arg.split_once('=') {
            Some((name, value)) => (name, Some(value.to_string())),
            None if arg.starts_with("-Z") && arg.len() > 2 => ("-Z", Some(arg[2..].to_string())),
            None => (arg.as_str(), None),
        };
        let takes_value = matches!(
            name,
            "--skip"
                | "--test-threads"
                | "--format"
                | "--color"
                | "--logfile"
                | "--shuffle-seed"
                | "-Z"
        );
        let value = if takes_value {
            match inline {
                Some(value) => value,
                None if i < args.len() => {
                    i += 1;
                    args[i - 1].clone()
                }
                None => return Err(Err(format!("option '{name}' needs a value"))),
            }
        } else if inline.is_some() {
            return Err(Err(format!("option '{name}' takes no value")));
        } else {
            String::new()
        };
        match name {
            "-h" | "--help" => {
                println!("{USAGE}");
                return Err(Ok(()));
            }
            "--exact" => options.exact = true,
            "--list" => options.list = true,
            "-q" | "--quiet" => options.terse = true,
            "--show-output" => options.pretty = true,
            "--ignored" => options.only_ignored = true,
            "--bench" => options.benches_only = true,
            "--skip" => options.skip.push(value),
            "--test-threads" => match value.parse::<usize>() {
                Ok(n) if n > 0 => options.threads = Some(n),
                _ => {
                    return Err(Err(format!(
                        "--test-threads wants a positive number, not {value:?}"
                    )))
                }
            },
            "--format" => match value.as_str() {
                "pretty" => (options.terse, options.pretty) = (false, true),
                "terse" => (options.terse, options.pretty) = (true, false),
                _ => {
                    return Err(Err(format!(
                        "--format {value} is not supported here (pretty, terse)"
                    )))
                }
            },
            "--color" => match value.as_str() {
                "auto" => options.color = None,
                "always" => options.color = Some(true),
                "never" => options.color = Some(false),
                _ => {
                    return Err(Err(format!(
                        "--color wants auto, always or never, not {value:?}"
                    )))
                }
            },
            _ if IGNORED_FLAGS.contains(&name) || IGNORED_WITH_VALUE.contains(&name) => {}
            _ => return Err(Err(format!("Unrecognized option: '{arg}'"))),
        }
    }
    Ok(options)
}

impl Options {
    /// Whether each trial gets its line: when asked, unless told to be quiet.
    fn lines(&self) -> bool {
        !self.terse && self.pretty
    }

    fn selects(&self, name: &str) -> bool {
        let matches = |filter: &String| {
            if self.exact {
                name == filter
            } else {
                name.contains(filter.as_str())
            }
        };
        !self.only_ignored
            && !self.benches_only
            && (self.filters.is_empty() || self.filters.iter().any(matches))
            && !self.skip.iter().any(matches)
    }
}

/// Runs the trials the command line selects: success if all passed, else 101 as libtest. A
/// run that no filter picked prints nothing when all pass.
pub fn run(trials: Vec<Trial>) -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let options = match parse(&args) {
        Ok(options) => options,
        Err(Ok(())) => return ExitCode::SUCCESS,
        Err(Err(message)) => {
            eprintln!("error: {message}\n\n{USAGE}");
            return ExitCode::from(101);
        }
    };
    let total = trials.len();
    let selected: Vec<Trial> = trials
        .into_iter()
        .filter(|trial| options.selects(&trial.name))
        .collect();
    if options.list {
        for trial in &selected {
            println!("{}: test", trial.name);
        }
        if !options.terse {
            let n = selected.len();
            println!("\n{n} test{}, 0 benchmarks", plural(n));
        }
        return ExitCode::SUCCESS;
    }
    let filtered_out = total - selected.len();
    if selected.is_empty() {
        return ExitCode::SUCCESS;
    }
    let quiet_pass = options.filters.is_empty() && !options.lines();
    // Tests run on the current toolchain only, not on `rust-version`.
    #[allow(clippy::incompatible_msrv)]
    let color = options
        .color
        .unwrap_or_else(|| std::io::stdout().is_terminal());
    if run_selected(selected, &options, color, filtered_out, quiet_pass) {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(101)
    }
}

fn plural(n: usize) -> &'static str {
    if n == 1 {
        ""
    } else {
        "s"
    }
}

fn paint(text: &str, code: &str, color: bool) -> String {
    if color {
        format!("\x1b[{code}m{text}\x1b[0m")
    } else {
        text.to_string()
    }
}

/// Shows a duration the way a person reads it: `840 µs`, `12 ms`, `1.42 s`.
pub fn show_duration(d: Duration) -> String {
    if d < Duration::from_millis(1) {
        format!("{} µs", d.as_micros())
    } else if d < Duration::from_secs(1) {
        format!("{} ms", d.as_millis())
    } else {
        format!("{:.2} s", d.as_secs_f64())
    }
}

/// Runs `trials` on worker threads; with a line per trial (`Options::lines`), prints each
/// verdict in the trials' order as soon as it and every one before it are known. True if
/// all passed.
fn run_selected(
    trials: Vec<Trial>,
    options: &Options,
    color: bool,
    filtered_out: usize,
    quiet_pass: bool,
) -> bool {
    let start = Instant::now();
    let n = trials.len();
    let lines = options.lines();
    if lines {
        println!("\nrunning {n} test{}", plural(n));
    }
    let names: Vec<String> = trials.iter().map(|t| t.name.clone()).collect();
    let threads = options
        .threads
        .unwrap_or_else(|| thread::available_parallelism().map_or(2, |p| p.get()))
        .min(n.max(1));
    let queue: Vec<std::sync::Mutex<Option<Trial>>> = trials
        .into_iter()
        .map(|t| std::sync::Mutex::new(Some(t)))
        .collect();
    let next = AtomicUsize::new(0);
    let (sender, receiver) = mpsc::channel::<(usize, Verdict, Duration)>();
    let mut failures: Vec<(String, Failure)> = Vec::new();
    let mut passed = 0;
    thread::scope(|scope| {
        for _ in 0..threads {
            let sender = sender.clone();
            let (queue, next) = (&queue, &next);
            scope.spawn(move || loop {
                let index = next.fetch_add(1, Ordering::Relaxed);
                let Some(slot) = queue.get(index) else { break };
                let trial = slot.lock().unwrap().take().expect("each trial runs once");
                let began = Instant::now();
                let verdict = (trial.run)();
                if sender.send((index, verdict, began.elapsed())).is_err() {
                    break;
                }
            });
        }
        drop(sender);
        let mut ready = BTreeMap::new();
        let mut shown = 0;
        for (index, verdict, took) in receiver {
            ready.insert(index, (verdict, took));
            while let Some((verdict, took)) = ready.remove(&shown) {
                let name = &names[shown];
                if lines {
                    let word = match &verdict {
                        Ok(_) => paint("ok", "32", color),
                        Err(failure) => {
                            paint(&format!("FAILED ({})", failure.verdict), "31", color)
                        }
                    };
                    let note = match &verdict {
                        Ok(note) if !note.is_empty() => format!(", {note}"),
                        _ => String::new(),
                    };
                    println!("test {name} ... {word} ({}{note})", show_duration(took));
                    let _ = std::io::stdout().flush();
                }
                match verdict {
                    Ok(_) => passed += 1,
                    Err(failure) => failures.push((name.clone(), failure)),
                }
                shown += 1;
            }
        }
    });
    if !failures.is_empty() {
        println!("\nfailures:\n");
        for (name, failure) in &failures {
            println!(
                "---- {name} ----\n{}: {}\n",
                failure.verdict, failure.details
            );
        }
        println!("failures:");
        for (name, _) in &failures {
            println!("    {name}");
        }
    }
    let ok = failures.is_empty();
    if ok && quiet_pass {
        return true;
    }
    let result = if ok {
        paint("ok", "32", color)
    } else {
        paint("FAILED", "31", color)
    };
    // Alone, the closing line needs no blank line above it.
    let gap = if lines || !ok { "\n" } else { "" };
    println!(
        "{gap}test result: {result}. {passed} passed; {} failed; 0 ignored; 0 measured; \
         {filtered_out} filtered out; finished in {:.2}s ({})",
        failures.len(),
        start.elapsed().as_secs_f64(),
        target_name()
    );
    ok
}

/// The name of the test target running, as its executable's name says (`NAME-HASH`): the
/// closing line names it, as cargo's `-q` names none.
fn target_name() -> String {
    let exe = std::env::current_exe().unwrap_or_default();
    let stem = exe.file_stem().unwrap_or_default().to_string_lossy();
    let name = stem.rsplit_once('-').map_or(&*stem, |(name, _)| name);
    name.to_string()
}

thread_local! {
    /// The message of the last panic on this thread, kept by the hook [`run_tests`] sets.
    static LAST_PANIC: RefCell<Option<String>> = const { RefCell::new(None) };
}

/// The trials of a program's test functions, `(name, test)`, each named `PROGRAM::name`; a
/// test fails by panicking. A panic's message is kept, not printed (proptest panics once for
/// each case it tries while shrinking one that fails), and shown under `failures:` if its
/// test fails.
pub fn test_trials<'a>(program: &str, tests: &[(&str, fn())]) -> Vec<Trial<'a>> {
    panic::set_hook(Box::new(|info| {
        LAST_PANIC.with(|last| *last.borrow_mut() = Some(info.to_string()));
    }));
    tests
        .iter()
        .map(|&(name, test)| {
            Trial::new(
                format!("{program}::{name}"),
                move || match panic::catch_unwind(test) {
                    Ok(()) => Ok(String::new()),
                    Err(_) => {
                        let message = LAST_PANIC.with(|last| last.borrow_mut().take());
                        Err(Failure::new("panicked", message.unwrap_or_default()))
                    }
                },
            )
        })
        .collect()
}
