//! Every program's bundle (the problems', and under the full matrix the examples') compiles
//! alone, with no warning, with each compiler checked, and each build prints on every sample
//! of its program exactly what the executable cargo built prints (stdout, stderr and exit
//! status): comparing with the executable rather than with the `.out` leaves wrong answers
//! to the `samples` test, which shows the differing lines. (An interactive program gets the
//! sample's start and then the end of its input: its opening is compared; its own tests play
//! its bundle against its judge.) The README's bundle-size table is checked against the real
//! sizes: its region `bundle-sizes` has a row for each problem of the README's problem table.
//!
//! A `harness = false` target (see `common::harness`): a trial per bundle and build, so
//! `cargo test --test bundle -- marble` checks only marble_diamond's, a line each. A run
//! that passes prints which compilers it checked and a closing line; a stale README table
//! takes one line, naming the command that writes it.
//!
//! Which compilers: by default only the `rustc` on the PATH, `--edition 2021`, checked: the
//! overflow checks and debug assertions of a judge's build without `-O`, the strictest to
//! run, at `opt-level=1` (`common::bundling::Build`), which keeps `cargo test` quick. Setting
//! `COMBGAMES_RUSTC_EXTRA` (even to nothing) runs the full matrix: besides that build, the
//! current `rustc` with every edition it knows (2018, 2021, 2024) and `-O`, plus each extra
//! compiler the variable names, with `-O` and each of its editions. With the matrix, the
//! library, every problem binary and the bundler are also compiled as they are (`rustc
//! --crate-type lib src/lib.rs`, then each binary with `--extern combgames=...`) with each
//! extra compiler and edition, and with the current one for editions other than cargo's
//! 2021, so the crate's `rust-version` claim is checked for real.
//!
//! The variable's format: entries separated by `;`, each `PATH=EDITIONS` with the editions
//! separated by commas (`PATH` alone means `2018,2021`), where PATH is anything that runs
//! like `rustc` (a wrapper script that sets the library path is fine), e.g.
//! `COMBGAMES_RUSTC_EXTRA="$HOME/.cache/combgames/rustc-1.63.0/rustc=2018,2021"`, which
//! `.ci/run` sets after fetching Debian's rustc 1.63.

// Tests run on the current toolchain only (`OnceLock` is newer than `rust-version`).
#![allow(clippy::incompatible_msrv)]

use common::bundling::{
    bundle_of, cached, compiler_version, manifest_dir, run_compiler, Build, Bundled, TempDir,
};
use common::harness::{self, Failure, Trial, Verdict};
use common::samples::{difference, find_samples, programs, run_on, Program, Run, Sample, TOOLS};
use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode};
use std::sync::OnceLock;

// The README's regions, and the bundle-size table's rows as the bundler writes them.
#[path = "../src/bin/bundle/readme.rs"]
mod readme;

/// The command that writes the README's bundle-size table.
const README_COMMAND: &str = "cargo run --release --bin bundle -- --readme";

/// The variable naming the extra compilers; set, it also turns the full matrix on.
const EXTRA_VARIABLE: &str = "COMBGAMES_RUSTC_EXTRA";

/// A compiler to check with, and the editions to use it with.
struct Compiler {
    rustc: PathBuf,
    /// As `rustc -V` says, e.g. `1.63.0`; empty if it could not be run.
    version: String,
    editions: Vec<String>,
}

impl Compiler {
    fn new(rustc: PathBuf, editions: Vec<String>) -> Compiler {
        let version = Command::new(&rustc)
            .arg("-V")
            .output()
            .ok()
            .and_then(|out| {
                let text = String::from_utf8_lossy(&out.stdout).into_owned();
                Some(text.split_whitespace().nth(1)?.to_string())
            })
            .unwrap_or_default();
        Compiler {
            rustc,
            version,
            editions,
        }
    }

    /// `rustc 1.63.0`, or the path when it could not be run.
    fn label(&self) -> String {
        if self.version.is_empty() {
            format!("{} (does not run)", self.rustc.display())
        } else {
            format!("rustc {}", self.version)
        }
    }

    /// The version as numbers, to compare (`1.85.0-nightly` gives `[1, 85, 0]`).
    fn numbers(&self) -> Vec<u32> {
        version_numbers(&self.version)
    }
}

/// `1.63` and `1.63.0-nightly` give `[1, 63, 0]`.
fn version_numbers(version: &str) -> Vec<u32> {
    let mut numbers: Vec<u32> = version
        .split(['.', '-'])
        .map_while(|part| part.parse().ok())
        .collect();
    numbers.resize(3, 0);
    numbers
}

/// Reads the extra compilers from `COMBGAMES_RUSTC_EXTRA` (see the module doc).
fn extra_compilers(value: &str) -> Result<Vec<Compiler>, String> {
    let mut compilers = Vec::new();
    for entry in value.split(';').map(str::trim).filter(|e| !e.is_empty()) {
        let (path, editions) = match entry.rsplit_once('=') {
            Some((path, editions))
                if editions
                    .chars()
                    .all(|c| c.is_ascii_digit() || c == ',' || c == ' ') =>
            {
                (path.trim(), editions)
            }
            _ => (entry, "2018,2021"),
        };
        let editions: Vec<String> = editions
            .split(',')
            .map(str::trim)
            .filter(|e| !e.is_empty())
            .map(String::from)
            .collect();
        if editions.is_empty() {
            return Err(format!("{EXTRA_VARIABLE}: no edition for {path:?}"));
        }
        compilers.push(Compiler::new(PathBuf::from(path), editions));
    }
    Ok(compilers)
}

/// The package's `rust-version`, from Cargo.toml.
fn rust_version() -> String {
    let manifest = fs::read_to_string(manifest_dir().join("Cargo.toml")).expect("Cargo.toml");
    manifest
        .lines()
        .find_map(|line| {
            let (key, value) = line.split_once('=')?;
            (key.trim() == "rust-version").then(|| value.trim().trim_matches('"').to_string())
        })
        .expect("Cargo.toml sets rust-version")
}

/// A program, with what its trials share, each computed once by the first trial that needs
/// it.
struct Problem {
    program: Program,
    samples: Vec<Sample>,
    bundle: OnceLock<Result<Bundled, String>>,
    /// The cargo-built binary's runs on each sample, in `samples` order.
    reference: OnceLock<Result<Vec<Run>, String>>,
}

impl Problem {
    fn bundle(&self) -> Result<&Bundled, Failure> {
        self.bundle
            .get_or_init(|| bundle_of(&manifest_dir(), &self.program.id()))
            .as_ref()
            .map_err(|e| Failure::new("bundler failed", e.clone()))
    }

    fn reference(&self) -> Result<&[Run], Failure> {
        self.reference
            .get_or_init(|| {
                let exe = self.program.built()?;
                self.samples
                    .iter()
                    .map(|s| run_on(&exe, &s.input))
                    .collect()
            })
            .as_deref()
            .map_err(|e| Failure::new("the binary cargo built does not run", e.clone()))
    }
}

/// Compiles `problem`'s bundle with `build` and checks it prints what the executable cargo
/// built prints on every sample.
fn check_bundle(problem: &Problem, build: Build, file: &str, dir: &Path) -> Verdict {
    let bundled = problem.bundle()?;
    let exe = build
        .compile(dir, file, &bundled.text)
        .map_err(|e| Failure::new("compile error or warning", e))?;
    let reference = problem.reference()?;
    for (sample, want) in problem.samples.iter().zip(reference) {
        let got = run_on(&exe, &sample.input).map_err(|e| Failure::new("cannot run", e))?;
        let reference_name = format!(
            "the output of the binary cargo built on {},",
            sample.shown()
        );
        let stdout = difference(&want.stdout, &got.stdout, &reference_name);
        // A panic's message names a source line, which the bundle moves.
        let panicked = want.status.code() == Some(101) && got.status.code() == Some(101);
        let stderr = (!panicked && want.stderr != got.stderr)
            .then(|| difference(&want.stderr, &got.stderr, "the binary's stderr,").unwrap());
        if want.status.code() != got.status.code() || stdout.is_some() || stderr.is_some() {
            let mut details = format!(
                "on {} the bundle ended with {} and the binary cargo built with {}",
                sample.shown(),
                got.status,
                want.status
            );
            if !want.status.success() {
                details += " (the binary itself fails this sample: see the samples test)";
            }
            for diff in stdout.iter().chain(&stderr) {
                details += &format!("\n{diff}");
            }
            return Err(Failure::new("differs from the binary", details));
        }
    }
    let samples = problem.samples.len();
    let plural = if samples == 1 { "" } else { "s" };
    Ok(format!(
        "{samples} sample{plural}, {} bytes",
        bundled.text.len()
    ))
}

/// Compiles the crate as it is, without cargo: the library, then `program` against it
/// (`None` compiles only the library, into `dir/libcombgames.rlib`).
fn compile_crate(
    rustc: &Path,
    edition: &str,
    dir: &Path,
    program: Option<&Program>,
) -> Result<(), String> {
    let rlib = dir.join("libcombgames.rlib");
    let mut command = Command::new(rustc);
    command
        .args(["--edition", edition, "--crate-name"])
        .env("CARGO_MANIFEST_DIR", manifest_dir())
        .env("CARGO_PKG_NAME", "combgames")
        .env("CARGO_PKG_VERSION", env!("CARGO_PKG_VERSION"));
    let source = match program {
        None => {
            command
                .args(["combgames", "--crate-type", "lib", "-o"])
                .arg(&rlib);
            manifest_dir().join("src").join("lib.rs")
        }
        Some(program) => {
            command
                .args([&program.name, "--extern"])
                .arg(format!("combgames={}", rlib.display()))
                .arg("-o")
                .arg(dir.join(program.id().replace('/', "-")));
            program.source()
        }
    };
    let shown = source
        .strip_prefix(manifest_dir())
        .unwrap_or(&source)
        .display()
        .to_string();
    command.arg(&source);
    run_compiler(
        &mut command,
        &format!("{} --edition {edition} on {shown}", rustc.display()),
    )
}

/// The doc examples of a library file's `text`: the code of each block of its `///` and
/// `//!` comments fenced by a bare ```` ``` ```` or ```` ```rust ````, hidden lines (`# `)
/// included, as rustdoc compiles it.
fn doc_examples(text: &str) -> Result<Vec<String>, String> {
    let (mut examples, mut block, mut other) = (Vec::new(), None, false);
    for line in text.lines().map(str::trim_start) {
        let doc = line
            .strip_prefix("///")
            .or_else(|| line.strip_prefix("//!"));
        let doc = doc.map(|d| d.strip_prefix(' ').unwrap_or(d));
        match (doc, block.take()) {
            (Some(fence), Some(code)) if fence.starts_with("```") => examples.push(code),
            (Some(fence), None) if fence.starts_with("```") => match fence {
                "```" | "```rust" if !other => block = Some(String::new()),
                _ => other = !other,
            },
            (Some(code), Some(mut example)) => {
                let hidden = code.strip_prefix("# ").or((code == "#").then_some(""));
                example += hidden.unwrap_or(code);
                block = Some(example + "\n");
            }
            (None, Some(_)) => return Err(format!("a doc example before {line:?} is not closed")),
            _ => {}
        }
    }
    Ok(examples)
}

/// The crates whose doc examples run, each its folder and its name: the library, and the
/// lab, which uses it.
const DOC_CRATES: [(&str, &str); 2] = [("src", "combgames"), ("src/lab", "lab")];

/// Every doc example of the library and of the lab, as one program whose `main` calls each
/// in turn, a function of its own (rustdoc's merged doctests, as edition 2024 compiles them:
/// one compile for all), and how many there are.
fn merged_doc_examples() -> Result<(String, usize), Failure> {
    let (mut calls, mut bodies) = (String::new(), String::new());
    for (dir, _) in DOC_CRATES {
        for (file, text) in crate_files(dir).map_err(|e| Failure::new("no sources", e))? {
            let name = file.file_stem().unwrap_or_default().to_string_lossy();
            let shown = format!("{dir}/{name}.rs");
            let examples = doc_examples(&text).map_err(|e| Failure::new(&shown, e))?;
            let function = format!("{}_{name}", dir.replace('/', "_"));
            for (i, example) in examples.iter().enumerate() {
                calls +=
                    &format!("    eprintln!(\"{shown}, example {i}\");\n    {function}_{i}();\n");
                bodies +=
                    &format!("\n// {shown}, example {i}\nfn {function}_{i}() {{\n{example}}}\n");
            }
        }
    }
    let count = calls.lines().count() / 2;
    Ok((format!("fn main() {{\n{calls}}}\n{bodies}"), count))
}

/// The `.rs` files of folder `dir` (not its subfolders), sorted, with their text.
fn crate_files(dir: &str) -> Result<Vec<(PathBuf, String)>, String> {
    let dir = manifest_dir().join(dir);
    let mut files: Vec<PathBuf> = fs::read_dir(&dir)
        .map_err(|e| format!("{}: {e}", dir.display()))?
        .flatten()
        .map(|entry| entry.path())
        .filter(|path| path.extension().map_or(false, |e| e == "rs"))
        .collect();
    files.sort();
    let read = |file: PathBuf| {
        let text = fs::read_to_string(&file).map_err(|e| format!("{}: {e}", file.display()))?;
        Ok((file, text))
    };
    files.into_iter().map(read).collect()
}

/// Every file of the crate in folder `dir` but its binary's, each after its name: what the
/// crate is.
fn crate_sources(dir: &str) -> Result<String, String> {
    let mut text = String::new();
    for (file, source) in crate_files(dir)? {
        text += &format!("// {}\n{source}", file.display());
    }
    Ok(text)
}

/// Runs every doc example of the library and the lab ([`merged_doc_examples`]), compiled as
/// one program against both compiled with `-O` (all kept in `target/compiled/` until the
/// sources or the compiler change): Cargo's doc-tests, a compile and a link each, are off
/// (`doctest = false`).
fn run_doc_examples(dir: &Path) -> Verdict {
    fs::create_dir_all(dir).map_err(|e| Failure::new("no folder", e.to_string()))?;
    let (source, count) = merged_doc_examples()?;
    let version = compiler_version(Path::new("rustc"));
    // Each crate's rlib, compiled against those before it.
    let (mut externs, mut sources) = (Vec::<String>::new(), String::new());
    for (crate_dir, name) in DOC_CRATES {
        sources += &crate_sources(crate_dir).map_err(|e| Failure::new("no sources", e))?;
        let flags = format!("{LIBRARY_FLAGS} --crate-name {name}");
        let inputs = [version.as_bytes(), flags.as_bytes(), sources.as_bytes()];
        let rlib = cached(&inputs, &format!("lib{name}.rlib"), |rlib| {
            let mut rustc = Command::new("rustc");
            rustc
                .args(flags.split(' '))
                .args(externs.iter().flat_map(|e| ["--extern", e]));
            rustc.arg("-o").arg(rlib);
            rustc.arg(manifest_dir().join(crate_dir).join("lib.rs"));
            run_compiler(&mut rustc, &format!("rustc -O on {crate_dir}/lib.rs"))
        })
        .map_err(|e| Failure::new(format!("{name} does not compile"), e))?;
        externs.push(format!("{name}={}", rlib.display()));
    }
    let inputs = [
        version.as_bytes(),
        DOC_FLAGS.as_bytes(),
        source.as_bytes(),
        sources.as_bytes(),
    ];
    let program = cached(&inputs, "doc_examples", |program| {
        compile_doc_examples(dir, &source, &externs, program)
    })
    .map_err(|e| Failure::new("compile", e))?;
    let run = Command::new(&program)
        .output()
        .map_err(|e| Failure::new("cannot run", e.to_string()))?;
    // Each example names itself on stderr as it starts: the last one named failed.
    let stderr = String::from_utf8_lossy(&run.stderr);
    let failed = stderr.lines().rev().find(|l| l.starts_with("src/"));
    match (run.status.success(), failed) {
        (true, _) => Ok(format!("{count} examples")),
        (false, failed) => Err(Failure::new(
            format!("{} fails", failed.unwrap_or("a doc example")),
            stderr
                .lines()
                .filter(|l| !l.starts_with("src/"))
                .collect::<Vec<_>>()
                .join("\n"),
        )),
    }
}

/// How the doc examples' program is compiled: optimised (some examples fill large tables),
/// without warnings.
const DOC_FLAGS: &str = "-O --edition 2021 --crate-type bin -A warnings";

/// How the library and the lab are compiled for the doc examples: optimised, as they are
/// (cargo's own rlibs are of any profile a command built last).
const LIBRARY_FLAGS: &str = "-O --edition 2021 --crate-type lib";

/// Compiles the doc examples' program `source` (written to `dir`) against the crates
/// `externs` (`NAME=RLIB`) into `program`.
fn compile_doc_examples(
    dir: &Path,
    source: &str,
    externs: &[String],
    program: &Path,
) -> Result<(), String> {
    let file = dir.join("doc_examples.rs");
    fs::write(&file, source).map_err(|e| format!("cannot write {}: {e}", file.display()))?;
    let mut rustc = Command::new("rustc");
    rustc.args(DOC_FLAGS.split(' '));
    rustc.args(externs.iter().flat_map(|e| ["--extern", e]));
    rustc.arg("-o").arg(program).arg(&file);
    run_compiler(
        &mut rustc,
        &format!("rustc on the doc examples ({})", file.display()),
    )
}

/// Checks every doc example of the library and the lab with clippy, `-D warnings`, as the
/// code of a binary's `main` (as a user pastes it), against both checked by `rustc`.
fn check_doc_examples(dir: &Path) -> Verdict {
    fs::create_dir_all(dir).map_err(|e| Failure::new("no folder", e.to_string()))?;
    let mut externs = Vec::new();
    for (crate_dir, name) in DOC_CRATES {
        let rmeta = dir.join(format!("lib{name}.rmeta"));
        let mut library = Command::new("rustc");
        library.args([
            "--edition",
            "2021",
            "--crate-type",
            "lib",
            "--crate-name",
            name,
        ]);
        library.args(
            externs
                .iter()
                .flat_map(|e: &String| ["--extern", e.as_str()]),
        );
        library.args(["--emit=metadata", "-o"]).arg(&rmeta);
        library.arg(manifest_dir().join(crate_dir).join("lib.rs"));
        run_compiler(
            &mut library,
            &format!("rustc --emit=metadata on {crate_dir}/lib.rs"),
        )
        .map_err(|e| Failure::new(format!("{name} does not compile"), e))?;
        externs.push(format!("{name}={}", rmeta.display()));
    }
    let (examples, count) = merged_doc_examples()?;
    let source = dir.join("examples.rs");
    fs::write(&source, examples).map_err(|e| Failure::new("cannot write", e.to_string()))?;
    let mut clippy = Command::new("clippy-driver");
    clippy.args([
        "--edition",
        "2021",
        "--crate-type",
        "bin",
        "--emit=metadata",
        "-D",
        "warnings",
    ]);
    clippy.args(externs.iter().flat_map(|e| ["--extern", e.as_str()]));
    clippy
        .arg("-o")
        .arg(dir.join("examples.rmeta"))
        .arg(&source);
    let what = format!(
        "clippy-driver -D warnings on the doc examples ({})",
        source.display()
    );
    run_compiler(&mut clippy, &what).map_err(|e| Failure::new("lint", e))?;
    Ok(format!("{count} examples"))
}

/// The README's bundle-size table, its region `bundle-sizes` ([`readme`]): a row for each
/// problem of the README's problem table, in its order, with its size in whole KiB within
/// 1 KiB of the real size and its library modules exactly as the bundler reports them.
fn check_readme_table(problems: &[Problem]) -> Verdict {
    let text = fs::read_to_string(manifest_dir().join("README.md"))
        .map_err(|e| Failure::new("no README.md", e.to_string()))?;
    let stale =
        |details: String| Failure::new("stale", format!("{details}; `{README_COMMAND}` writes it"));
    let region = readme::region(&text, "bundle-sizes").map_err(stale)?;
    let first = readme::begin_line(&text, "bundle-sizes").map_err(stale)?;
    let mut lines = region.lines();
    let header = format!(
        "{}\n{}\n",
        lines.next().unwrap_or(""),
        lines.next().unwrap_or("")
    );
    if header != readme::SIZES_HEADER {
        return Err(stale(
            "README.md: the bundle-size table's header differs".into(),
        ));
    }
    let rows: Vec<&str> = lines.collect();
    let names = readme::problems(&text);
    if rows.len() != names.len() {
        return Err(stale(format!(
            "README.md: the bundle-size table has {} rows for the problem table's {}",
            rows.len(),
            names.len()
        )));
    }
    for (i, (row, name)) in rows.iter().zip(&names).enumerate() {
        let number = first + 3 + i;
        let problem = problems.iter().find(|p| &p.program.id() == name);
        let problem = problem.ok_or_else(|| {
            Failure::new(
                "no program",
                format!("README.md line {number}: no problem {name}"),
            )
        })?;
        let bundled = problem.bundle()?;
        let want = readme::size_row(name, bundled.text.len(), &bundled.modules);
        let want = readme::cells(want.trim_end());
        let cells = readme::cells(row);
        let stated_kib = cells
            .get(1)
            .and_then(|cell| cell.strip_suffix(" KiB"))
            .and_then(|n| n.parse::<usize>().ok());
        let size_ok = stated_kib.map_or(false, |s| (s * 1024).abs_diff(bundled.text.len()) <= 1024);
        if !size_ok || cells.len() != 3 || cells[0] != want[0] || cells[2] != want[2] {
            return Err(stale(format!(
                "README.md line {number} is stale: the bundle of {name} is {} bytes with \
                 modules {}",
                bundled.text.len(),
                want[2]
            )));
        }
    }
    Ok(String::new())
}

fn main() -> ExitCode {
    let current = Compiler::new(PathBuf::from("rustc"), vec!["2021".to_string()]);
    let matrix = std::env::var(EXTRA_VARIABLE).ok();
    let extras = extra_compilers(matrix.as_deref().unwrap_or("")).unwrap_or_else(|e| {
        eprintln!("error: {e}");
        std::process::exit(101)
    });
    // Each build: the compiler, its edition, -O or not.
    let mut builds: Vec<(&Compiler, String, bool)> = Vec::new();
    // The quick default is one build that also catches overflow: checked.
    let mut current_editions = Vec::new();
    if matrix.is_some() {
        current_editions = vec!["2018".to_string(), "2021".to_string()];
        if current.numbers()[..] >= [1, 85, 0][..] {
            current_editions.push("2024".to_string());
        }
    }
    for edition in &current_editions {
        builds.push((&current, edition.clone(), true));
    }
    builds.push((&current, "2021".to_string(), false));
    for compiler in &extras {
        for edition in &compiler.editions {
            builds.push((compiler, edition.clone(), true));
        }
    }
    // The crate as it is, with every compiler and edition cargo does not check itself.
    let crate_builds: Vec<(&Compiler, &String)> = if matrix.is_some() {
        let current_others = current_editions.iter().filter(|e| *e != "2021");
        current_others
            .map(|e| (&current, e))
            .chain(
                extras
                    .iter()
                    .flat_map(|c| c.editions.iter().map(move |e| (c, e))),
            )
            .collect()
    } else {
        Vec::new()
    };

    let compilers = compilers_note(&current, &current_editions, &extras, matrix.is_some());

    let (all_samples, _) = find_samples();
    let mut problems: Vec<Problem> = programs()
        .into_iter()
        .map(|program| Problem {
            samples: Vec::new(),
            program,
            bundle: OnceLock::new(),
            reference: OnceLock::new(),
        })
        .collect();
    for sample in all_samples {
        if let Some(p) = problems.iter_mut().find(|p| p.program == sample.program) {
            p.samples.push(sample);
        }
    }
    assert!(!problems.is_empty(), "no programs in src/bin or examples");
    let tools: Vec<Program> = TOOLS.iter().map(|tool| Program::problem(tool)).collect();

    let temp = TempDir::new("problems");
    let dir = &temp.0;
    let libraries: Vec<OnceLock<Result<(), String>>> =
        crate_builds.iter().map(|_| OnceLock::new()).collect();
    let crate_dirs: Vec<PathBuf> = (0..crate_builds.len())
        .map(|i| dir.join(format!("crate-{i}")))
        .collect();

    let mut trials = Vec::new();
    for problem in &problems {
        // The examples, which change only with the library, under the full matrix only:
        // the default run stays quick (the props target bundles them every time).
        if problem.program.example && matrix.is_none() {
            continue;
        }
        for (i, &(compiler, ref edition, optimize)) in builds.iter().enumerate() {
            let build = Build {
                rustc: &compiler.rustc,
                edition,
                optimize,
            };
            let name = format!(
                "{} bundle: {} {}",
                problem.program.id(),
                compiler.label(),
                build.flags()
            );
            let file = format!("{}-{i}", problem.program.id().replace('/', "-"));
            trials.push(Trial::new(name, move || {
                check_bundle(problem, build, &file, dir)
            }));
        }
    }
    for (i, &(compiler, edition)) in crate_builds.iter().enumerate() {
        let (crate_dir, library) = (&crate_dirs[i], &libraries[i]);
        // Only references: a copy serves each binary's trial.
        let compile_library = move || {
            library
                .get_or_init(|| {
                    fs::create_dir_all(crate_dir).map_err(|e| e.to_string())?;
                    compile_crate(&compiler.rustc, edition, crate_dir, None)
                })
                .clone()
        };
        let label = format!("{} --edition {edition}", compiler.label());
        trials.push(Trial::new(format!("crate library: {label}"), move || {
            compile_library().map_err(|e| Failure::new("compile error or warning", e))?;
            Ok(String::new())
        }));
        // Every program of the crate, the tools too: all of them claim `rust-version`.
        let binaries = problems.iter().map(|p| &p.program);
        for binary in binaries.chain(&tools) {
            let name = format!("crate {}: {label}", binary.id());
            trials.push(Trial::new(name, move || {
                compile_library().map_err(|e| Failure::new("the library does not compile", e))?;
                compile_crate(&compiler.rustc, edition, crate_dir, Some(binary))
                    .map_err(|e| Failure::new("compile error or warning", e))?;
                Ok(String::new())
            }));
        }
    }
    trials.push(Trial::new("README.md bundle-size table", || {
        check_readme_table(&problems)
    }));
    let run_docs = dir.join("run_docs");
    trials.push(Trial::new("doc examples: run", move || {
        run_doc_examples(&run_docs)
    }));
    if matrix.is_some() {
        let docs = dir.join("docs");
        trials.push(Trial::new("doc examples: clippy -D warnings", move || {
            check_doc_examples(&docs)
        }));
    }
    let code = harness::run_with_note(trials, &compilers);
    drop(temp);
    code
}

/// Which compilers this run checks, a line each, and whether one as old as `rust-version` is
/// among them.
fn compilers_note(
    current: &Compiler,
    editions: &[String],
    extras: &[Compiler],
    matrix: bool,
) -> String {
    let plural = |editions: &[String]| if editions.len() == 1 { "" } else { "s" };
    let optimised = if matrix {
        format!(
            "edition{} {} with -O, and ",
            plural(editions),
            editions.join(", ")
        )
    } else {
        String::new()
    };
    let mut lines = vec![format!(
        "compilers: {}: {optimised}edition 2021 checked (overflow checks, debug assertions)",
        current.label(),
    )];
    for extra in extras {
        lines.push(format!(
            "           {} (`{}`): edition{} {} with -O, and the crate as it is",
            extra.label(),
            extra.rustc.display(),
            plural(&extra.editions),
            extra.editions.join(", ")
        ));
    }
    let msrv = rust_version();
    let wanted = version_numbers(&msrv);
    let old_enough = extras
        .iter()
        .chain([current])
        .find(|c| !c.version.is_empty() && c.numbers() <= wanted);
    let last = lines.last_mut().expect("a line for the current compiler");
    *last += &match (old_enough, matrix) {
        (Some(compiler), _) => format!("; rust-version {msrv} checked with {}", compiler.label()),
        (None, true) => format!("; rust-version {msrv} not checked: no compiler that old"),
        // `.ci/run` sets the variable.
        (None, false) => format!(
            " ({EXTRA_VARIABLE} adds -O, every edition and rust-version {msrv}: see \
             tests/bundle.rs)"
        ),
    };
    lines.join("\n")
}
