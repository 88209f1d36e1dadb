//! `new`: a new problem's files, copied from the example whose input has the problem's
//! shape.
//!
//! ```text
//! cargo run --bin new -- NAME [--count | --items | --eof | --sentinel | --checker | --judge
//!                              | --plane]
//! ```
//!
//! It writes the package `src/bin/NAME/` (`Cargo.toml`, [`manifest`]; `main.rs`, `tests.rs`,
//! `rules.rs` and `lab.rs` when the example has rules, `checker.rs` or `judge.rs` when it has
//! one) and `samples/NAME/` with the example's sample (`sample.in`, `sample.out`), from the
//! example's folder `examples/EXAMPLE/`, the example's name made NAME: they pass the tests,
//! `cargo fmt --check` and clippy as they are, and the user then writes the problem's rules,
//! limits, `solve` and samples over them. Nothing else of the example is copied (its other
//! samples are its own), and nothing else is edited: the workspace finds the package by its
//! folder, its tests are a target of its own, and the tests find its samples and its checker
//! or judge. It refuses a NAME that is not a lowercase identifier, names something else in a
//! binary's scope or a package of Cargo.lock, or is taken.

use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode};

/// Each shape of a game problem's input, or way its answers are judged: the flag, the
/// example copied, and what it shows.
pub const TEMPLATES: [(&str, &str, &str); 8] = [
    (
        "--count",
        "take_away",
        "a count of cases, each a list of heaps",
    ),
    (
        "--items",
        "take_squares",
        "T, then T single items (a number each, or a pair), a table built once",
    ),
    (
        "--eof",
        "power_cards",
        "cases until the end of the input, solved from its rules through the lab",
    ),
    ("--sentinel", "dawson", "cases until a sentinel"),
    (
        "--checker",
        "nim_move",
        "many right answers, judged by a checker",
    ),
    (
        "--judge",
        "nim_duel",
        "an interactive problem, played against a judge",
    ),
    (
        "--plane",
        "leapers",
        "a game on the plane: tokens on cells (x, y), summed, solved through the lab",
    ),
    (
        "--misere",
        "candles",
        "misère play (who moves last loses), sums of heaps, through the lab's misère quotient",
    ),
];

/// The files of an example that make a problem, copied when the example has them. Its
/// samples are its own but `samples/sample.in` and `sample.out`, copied too.
pub const COPIED: [&str; 6] = [
    "main.rs",
    "tests.rs",
    "rules.rs",
    "lab.rs",
    "checker.rs",
    "judge.rs",
];

/// The sample of an example that a new problem gets, as `samples/NAME/`.
pub const SAMPLE: [&str; 2] = ["sample.in", "sample.out"];

/// The `Cargo.toml` of program `name`, a package whose folder is `up` below the crate's
/// root (`../../..` for `src/bin/NAME/`, `../..` for an example): its binary, `main.rs`;
/// its tests, `tests.rs`, a target without libtest (`common::tests!` writes its `main`);
/// and, when it has rules (`lab`), the lab's report of them, `lab.rs`, a target built only
/// when asked (`cargo test -q --test lab -- N`).
pub fn manifest(name: &str, up: &str, lab: bool) -> String {
    let mut text = format!(
        "# The program {name}: its binary (main.rs) and its tests (tests.rs, whose `main`\n\
         # `common::tests!` writes). Written by `cargo run --bin new`; the workspace finds it\n\
         # by its folder.\n\
         [package]\n\
         name = \"{name}\"\n\
         version = \"0.0.0\"\n\
         edition = \"2021\"\n\
         rust-version = \"1.63\"\n\
         publish = false\n\
         \n\
         [dependencies]\n\
         combgames = {{ path = \"{up}\" }}\n\
         \n\
         [dev-dependencies]\n\
         common = {{ path = \"{up}/tests/common\", package = \"combgames-common\" }}\n\
         lab = {{ path = \"{up}/src/lab\" }}\n\
         proptest = \"1\"\n\
         \n\
         [[bin]]\n\
         name = \"{name}\"\n\
         path = \"main.rs\"\n\
         test = false\n\
         bench = false\n\
         \n\
         [[test]]\n\
         name = \"{name}\"\n\
         path = \"tests.rs\"\n\
         harness = false\n"
    );
    if lab {
        text += "\n\
            # The lab's report of rules.rs: `cargo test -q --test lab -- N` in this folder.\n\
            [[test]]\n\
            name = \"lab\"\n\
            path = \"lab.rs\"\n\
            harness = false\n\
            test = false\n";
    }
    text
}

/// Names a binary's code already uses: Rust's keywords, the crates in its scope, and the
/// tools of `src/bin/`.
const RESERVED: &[&str] = &[
    "abstract",
    "alloc",
    "as",
    "async",
    "await",
    "become",
    "box",
    "break",
    "bundle",
    "check",
    "combgames",
    "common",
    "const",
    "continue",
    "core",
    "crate",
    "do",
    "dyn",
    "else",
    "enum",
    "extern",
    "false",
    "final",
    "fn",
    "for",
    "gen",
    "if",
    "impl",
    "in",
    "lab",
    "let",
    "loop",
    "macro",
    "match",
    "mod",
    "move",
    "mut",
    "new",
    "override",
    "priv",
    "proptest",
    "pub",
    "ref",
    "return",
    "self",
    "static",
    "std",
    "struct",
    "super",
    "test",
    "trait",
    "true",
    "try",
    "type",
    "typeof",
    "unsafe",
    "unsized",
    "use",
    "virtual",
    "where",
    "while",
    "yield",
];

fn usage() -> String {
    let mut text = "usage: new [--root CRATE_DIR] NAME [FLAG]\n\
        Writes the problem NAME's files, src/bin/NAME/ and samples/NAME/, from the example\n\
        that FLAG names, whose input has the problem's shape:\n"
        .to_string();
    for (flag, example, what) in TEMPLATES {
        text += &format!("    {flag:<11} examples/{example}: {what}\n");
    }
    text + "Without FLAG, --count. CRATE_DIR (default: this crate) holds examples/."
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match run(&args) {
        Ok(done) => {
            println!("{done}");
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::FAILURE
        }
    }
}

/// Does what `args` say: what was written and what to do next, or why nothing was.
fn run(args: &[String]) -> Result<String, String> {
    let mut root = PathBuf::from(option_env!("CARGO_MANIFEST_DIR").unwrap_or("."));
    let (mut name, mut template) = (None, None);
    let mut args = args.iter();
    while let Some(arg) = args.next() {
        let flag = TEMPLATES.iter().find(|(flag, _, _)| flag == arg);
        match (arg.as_str(), flag) {
            ("-h" | "--help", _) => return Ok(usage()),
            ("--root", _) => root = PathBuf::from(args.next().ok_or_else(usage)?),
            (_, Some(&found)) if template.is_none() => template = Some(found),
            (arg, None) if name.is_none() && !arg.starts_with('-') => name = Some(arg),
            (_, Some(_)) => return Err(format!("one flag at most\n{}", usage())),
            _ => return Err(usage()),
        }
    }
    let name = name.ok_or_else(usage)?;
    let (_, example, what) = template.unwrap_or(TEMPLATES[0]);
    check_name(&root, name)?;
    let from = root.join("examples").join(example);
    let problem = root.join("src/bin").join(name);
    let samples = root.join("samples").join(name);
    // Every file read first, so that nothing is written if one cannot be.
    let read = |path: &Path| {
        fs::read_to_string(path)
            .map(|text| renamed(&text, example, name))
            .map_err(|e| format!("cannot read {}: {e}", path.display()))
    };
    let mut files = Vec::new();
    for file in COPIED.iter().filter(|file| from.join(file).is_file()) {
        files.push((problem.join(file), read(&from.join(file))?));
    }
    for file in SAMPLE {
        files.push((samples.join(file), read(&from.join("samples").join(file))?));
    }
    let lab = from.join("rules.rs").is_file();
    files.insert(
        0,
        (problem.join("Cargo.toml"), manifest(name, "../../..", lab)),
    );
    for (path, text) in &files {
        let dir = path.parent().expect("a file is in a folder");
        fs::create_dir_all(dir)
            .and_then(|()| fs::write(path, text))
            .map_err(|e| format!("cannot write {}: {e}", path.display()))?;
    }
    // A longer name may push a line past rustfmt's width: formatted as `cargo fmt` would.
    let rust = files
        .iter()
        .map(|(path, _)| path)
        .filter(|p| p.extension() == Some("rs".as_ref()));
    let formatted = Command::new("rustfmt")
        .args(["--edition", "2021"])
        .args(rust)
        .status();
    if !formatted.map_or(false, |status| status.success()) {
        eprintln!("warning: rustfmt did not run on the files: run `cargo fmt`");
    }
    let names = |dir: &Path| {
        let names = files.iter().filter(|(path, _)| path.parent() == Some(dir));
        let names: Vec<String> = names
            .filter_map(|(path, _)| Some(path.file_name()?.to_string_lossy().into_owned()))
            .collect();
        names.join(", ")
    };
    Ok(format!(
        "wrote src/bin/{name}/: {}\n  and samples/{name}/: {}\n\
         from examples/{example}: {what}.\n{}",
        names(&problem),
        names(&samples),
        next_steps(name, lab_command(&files))
    ))
}

/// The command of the lab's report that the lab target among `files` names in its doc,
/// with the size that suits its game (`cargo test -q --test lab -- 1000`), if there is one.
fn lab_command(files: &[(PathBuf, String)]) -> Option<&str> {
    let (_, lab) = files.iter().find(|(path, _)| path.ends_with("lab.rs"))?;
    let quoted = lab.split('`').skip(1).step_by(2);
    quoted
        .into_iter()
        .find(|code| code.starts_with("cargo test -q --test lab"))
}

/// What to do with a problem `name` just made, in order: `lab`, the command of the lab's
/// report of its rules, if it has rules. Each command on a line of its own, to copy.
fn next_steps(name: &str, lab: Option<&str>) -> String {
    let mut text = format!(
        "They pass the loop as they are, which runs cargo fmt --check, clippy -D warnings and\n\
         cargo test -q -p {name} (its tests, its samples, its bundle) in a few lines:\n\
         \x20   cargo run -q --bin check -- {name}\n\
         Then, in src/bin/{name}/:\n"
    );
    if let Some(lab) = lab {
        text += &format!(
            "- rules.rs: the game's rules, from the statement; the tests' game search reads\n  \
             them, and the lab's report of them (values, each pattern with its proof or how\n  \
             far it holds, its code) is\n\
             \x20     cd src/bin/{name} && {lab}\n"
        );
    }
    text + &format!(
        "- main.rs: the statement in its doc, its limits (the block under `The statement's\n  \
         limits: change these.`) and solve;\n\
         - tests.rs: solve against the rules' game search, and bad input (they read the\n  \
         limits);\n\
         - samples/{name}/: the statement's samples, sample.in and sample.out (more: any\n  \
         X.in and X.out).\n\
         The file to submit (target/ is not committed):\n\
         \x20   cargo run -q --release --bin bundle -- {name} > target/{name}.rs"
    )
}

/// Why `name` cannot be a new problem of the crate at `root`, if it cannot.
fn check_name(root: &Path, name: &str) -> Result<(), String> {
    let mut chars = name.chars();
    let first = chars.next().map_or(false, |c| c.is_ascii_lowercase());
    let rest = chars.all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_');
    if !first || !rest {
        return Err(format!(
            "{name:?} is not a problem's name: a lowercase letter, then lowercase letters, \
             digits and `_`, as a Rust module's"
        ));
    }
    if RESERVED.contains(&name) {
        return Err(format!(
            "{name} is a Rust keyword, a crate or a tool a binary's code may name: choose another"
        ));
    }
    let taken = [
        format!("src/bin/{name}.rs"),
        format!("src/bin/{name}"),
        format!("samples/{name}"),
        format!("examples/{name}"),
    ];
    if let Some(path) = taken.iter().find(|path| root.join(path).exists()) {
        return Err(format!("{name} is taken: {path} exists"));
    }
    // A package of that name already in the build (a dependency of the tests) would make
    // `cargo test -p NAME` ambiguous.
    let lock = fs::read_to_string(root.join("Cargo.lock")).unwrap_or_default();
    match lock
        .lines()
        .any(|line| line == format!("name = \"{name}\""))
    {
        true => Err(format!(
            "{name} is taken: Cargo.lock has a package {name} (a dependency): choose another"
        )),
        false => Ok(()),
    }
}

/// `text` with `from`, where it is a whole word, made `to`.
fn renamed(text: &str, from: &str, to: &str) -> String {
    let word = |c: char| c.is_ascii_alphanumeric() || c == '_';
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(at) = rest.find(from) {
        let before = rest[..at].chars().next_back().or(out.chars().next_back());
        let after = rest[at + from.len()..].chars().next();
        out.push_str(&rest[..at]);
        match before.map_or(false, word) || after.map_or(false, word) {
            true => out.push_str(from),
            false => out.push_str(to),
        }
        rest = &rest[at + from.len()..];
    }
    out + rest
}
