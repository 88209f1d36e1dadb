//! `new`: a new problem's files, copied from the example whose input ends as the problem's
//! does.
//!
//! ```text
//! cargo run --bin new -- NAME [--count | --eof | --sentinel | --checker | --judge]
//! ```
//!
//! It writes the package `src/bin/NAME/` (`Cargo.toml`, [`manifest`]; `main.rs`, `tests.rs`,
//! and `checker.rs` or `judge.rs`) and `samples/NAME/` from the example's folder
//! `examples/EXAMPLE/`, the example's name made NAME: they pass `cargo test` as they are,
//! and the user then writes the problem's statement, `solve`, brute force and samples over
//! them. Nothing else is edited: the workspace finds the package by its folder, its tests
//! are a target of its own, and the tests find its samples and its checker or judge. It
//! refuses a NAME that is not a lowercase identifier, names something else in a binary's
//! scope or a package of Cargo.lock, or is taken.

use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode};

/// Each way a problem's input ends, or its answers are judged: the flag, the example
/// copied, and what it shows.
const TEMPLATES: [(&str, &str, &str); 5] = [
    ("--count", "take_away", "a count of cases first"),
    (
        "--eof",
        "power_cards",
        "cases until the end of the input, a game solved from its rules through the lab",
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
];

/// The `Cargo.toml` of program `name`, a package whose folder is `up` below the crate's
/// root (`../../..` for `src/bin/NAME/`, `../..` for an example): its binary, `main.rs`,
/// and its tests, `tests.rs`, a target without libtest (`common::tests!` writes its `main`).
pub fn manifest(name: &str, up: &str) -> String {
    format!(
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
    )
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
        Writes the problem NAME's files, src/bin/NAME/ and samples/NAME/, from the example \
        that FLAG names:\n"
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
    let mut files = Vec::new();
    for (dir, to) in [(from.clone(), &problem), (from.join("samples"), &samples)] {
        let entries = fs::read_dir(&dir).map_err(|e| format!("{}: {e}", dir.display()))?;
        let mut paths: Vec<PathBuf> = entries.flatten().map(|e| e.path()).collect();
        paths.sort();
        let copied = paths
            .into_iter()
            .filter(|p| p.is_file() && !p.ends_with("Cargo.toml"));
        for path in copied {
            let text = fs::read_to_string(&path)
                .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
            let file = path.file_name().expect("a file has a name");
            files.push((to.join(file), renamed(&text, example, name)));
        }
    }
    files.insert(0, (problem.join("Cargo.toml"), manifest(name, "../../..")));
    let explore = match files.iter().any(|(path, _)| path.ends_with("rules.rs")) {
        true => format!(
            ";\n- src/bin/{name}/rules.rs: the game's rules, written once: the tests' game search \
             reads\n  them, and `cargo test -q -- --lab` in src/bin/{name}/ prints the lab's report \
             of them\n  (values, P-positions, every pattern with its proof or range, and its code)"
        ),
        false => String::new(),
    };
    let mut written = Vec::new();
    for (path, text) in &files {
        let dir = path.parent().expect("a file is in a folder");
        fs::create_dir_all(dir)
            .and_then(|()| fs::write(path, text))
            .map_err(|e| format!("cannot write {}: {e}", path.display()))?;
        written.push(
            path.strip_prefix(&root)
                .unwrap_or(path)
                .display()
                .to_string(),
        );
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
    Ok(format!(
        "wrote {}\nfrom examples/{example} ({what}): they pass `cargo test` as they are. Next:\n\
         - samples/{name}/: the statement's samples, as sample.in and sample.out;\n\
         - src/bin/{name}/main.rs: the statement in its doc, and solve;\n\
         - src/bin/{name}/tests.rs: a brute force from the rules, and the errors of bad input;\n\
         - cargo test -q {name} runs its samples, tests and bundle (the first time, it builds\n  \
         the new package: some seconds); cargo fmt and cargo clippy --workspace --all-targets\n  \
         before you commit, as CI runs them;\n\
         - cargo run -q --release --bin bundle -- {name} > target/{name}.rs is the file to\n  \
         submit (target/ is not committed){explore}",
        written.join(", ")
    ))
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
