//! The `new` tool: each flag copies its example's code and its one sample (none of its other
//! samples), the example's name made the new problem's where it is a whole word, formatted
//! as `cargo fmt` wants, beside the package's `Cargo.toml` it writes (every program's
//! manifest is the one it writes), and says what to do next; each example states its limits
//! once, in main.rs, for its tests to read; a name that is no identifier, is reserved or is
//! taken is refused, and nothing is written then.

use crate::common::bundling::{manifest_dir, TempDir};
use crate::common::samples::Program;
use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

// The tool itself, for its manifest.
#[allow(dead_code)]
#[path = "../../src/bin/new.rs"]
mod tool;

/// Runs `new` with `args` on the crate at `root`.
fn new(root: &Path, args: &[&str]) -> Output {
    let exe = Program::problem("new").built().unwrap();
    Command::new(exe)
        .arg("--root")
        .arg(root)
        .args(args)
        .output()
        .unwrap()
}

/// Every file under `dir`, relative to it, with its text.
fn files(dir: &Path) -> Vec<(PathBuf, String)> {
    let mut found = Vec::new();
    for entry in fs::read_dir(dir).into_iter().flatten().flatten() {
        let path = entry.path();
        match path.is_dir() {
            true => found.extend(
                files(&path)
                    .into_iter()
                    .map(|(p, t)| (Path::new(&entry.file_name()).join(p), t)),
            ),
            false => found.push((
                PathBuf::from(entry.file_name()),
                fs::read_to_string(&path).unwrap(),
            )),
        }
    }
    found.sort();
    found
}

/// Checks that the Rust files of the problem folder `dir` are as `cargo fmt` writes them.
fn assert_formatted(dir: &Path) {
    let rust: Vec<PathBuf> = files(dir)
        .into_iter()
        .map(|(path, _)| dir.join(path))
        .filter(|path| path.extension().map_or(false, |e| e == "rs"))
        .collect();
    let check = Command::new("rustfmt")
        .args(["--check", "--edition", "2021"])
        .args(&rust)
        .output()
        .unwrap();
    let diff = String::from_utf8_lossy(&check.stdout);
    assert!(check.status.success(), "{}: {diff}", dir.display());
}

/// The Rust file `text` as `cargo fmt` writes it.
pub fn formatted(text: &str) -> String {
    let mut rustfmt = Command::new("rustfmt")
        .args(["--edition", "2021", "--emit", "stdout"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = rustfmt.stdin.take().unwrap();
    stdin.write_all(text.as_bytes()).unwrap();
    drop(stdin);
    let output = rustfmt.wait_with_output().unwrap();
    assert!(output.status.success(), "rustfmt failed on {text}");
    String::from_utf8(output.stdout).unwrap()
}

/// A crate folder holding this crate's examples and a problem `taken`.
fn scratch(name: &str) -> TempDir {
    let temp = TempDir::new(name);
    let copy = Command::new("cp")
        .arg("-r")
        .arg(manifest_dir().join("examples"))
        .arg(&temp.0)
        .status()
        .unwrap();
    assert!(copy.success());
    fs::create_dir_all(temp.0.join("src/bin/taken")).unwrap();
    fs::create_dir_all(temp.0.join("samples/sampled")).unwrap();
    fs::write(temp.0.join("src/bin/filed.rs"), "fn main() {}\n").unwrap();
    fs::copy(manifest_dir().join("Cargo.lock"), temp.0.join("Cargo.lock")).unwrap();
    temp
}

#[test]
fn each_flag_copies_its_example_renamed_and_formatted() {
    let temp = scratch("new-flags");
    let root = &temp.0;
    let default = [("", tool::TEMPLATES[0].1)];
    let flags = tool::TEMPLATES
        .iter()
        .map(|&(flag, example, _)| (flag, example));
    for (flag, example) in default.into_iter().chain(flags) {
        // A name found nowhere in the examples.
        let name = format!("zq_{}", flag.trim_start_matches('-'));
        let args: Vec<&str> = [name.as_str(), flag]
            .into_iter()
            .filter(|a| !a.is_empty())
            .collect();
        let run = new(root, &args);
        let stdout = String::from_utf8_lossy(&run.stdout);
        assert!(
            run.status.success(),
            "{args:?}: {}",
            String::from_utf8_lossy(&run.stderr)
        );
        let from = root.join("examples").join(example);
        let lab = from.join("rules.rs").exists();
        assert_eq!(
            lab,
            from.join("lab.rs").exists(),
            "{example}: rules.rs and lab.rs"
        );
        let mut told = vec![format!("\n    cargo run -q --bin check -- {name}\n")];
        if lab {
            told.push(format!(
                "\n      cd src/bin/{name} && cargo test -q --test lab -- "
            ));
        }
        for told in told {
            assert!(stdout.contains(&told), "{flag}: {told:?} not in {stdout}");
        }
        // Its code and its sample: none of the example's other samples.
        let (code, samples): (Vec<_>, Vec<_>) = files(&from)
            .into_iter()
            .partition(|(path, _)| !path.starts_with("samples"));
        let samples: Vec<(PathBuf, String)> = samples
            .into_iter()
            .map(|(path, text)| (path.strip_prefix("samples").unwrap().to_path_buf(), text))
            .filter(|(path, _)| tool::SAMPLE.iter().any(|s| path == Path::new(s)))
            .collect();
        assert_eq!(
            samples.len(),
            2,
            "{example} has no sample.in and sample.out"
        );
        assert_eq!(files(&root.join("samples").join(&name)), samples, "{flag}");
        let mut code: Vec<(PathBuf, String)> = code
            .into_iter()
            .filter(|(path, _)| tool::COPIED.iter().any(|c| path == Path::new(c)))
            .collect();
        // The manifest is written for the new folder, not copied.
        code.insert(
            0,
            (
                "Cargo.toml".into(),
                tool::manifest(example, "../../..", lab),
            ),
        );
        code.sort();
        let written = files(&root.join("src/bin").join(&name));
        let paths =
            |files: &[(PathBuf, String)]| files.iter().map(|(p, _)| p.clone()).collect::<Vec<_>>();
        assert_eq!(paths(&written), paths(&code), "{flag}");
        for ((path, text), (_, example_text)) in written.iter().zip(&code) {
            // The example's name, a word in the docs and the paths of the tests, made the
            // problem's, and nothing else changed but the order of `use` lines.
            assert!(!text.contains(example), "{path:?}: {text}");
            let renamed = example_text.replace(example, &name);
            let expected = match path.extension().map_or(false, |e| e == "rs") {
                true => formatted(&renamed),
                false => renamed,
            };
            assert_eq!(text, &expected, "{path:?}");
        }
        assert_formatted(&root.join("src/bin").join(&name));
    }
}

/// The values of the constants in the limits block of the program `main.rs`, `/// The
/// statement's limits: change these.` then `pub const NAME: TYPE = VALUE;` lines.
fn limits(main: &str) -> Vec<String> {
    let block = main
        .split("/// The statement's limits: change these.\n")
        .nth(1);
    let lines = block.into_iter().flat_map(|b| b.lines());
    let consts = lines.take_while(|line| line.starts_with("pub const "));
    consts
        .filter_map(|line| line.split(" = ").nth(1)?.split(';').next())
        .map(str::to_string)
        .collect()
}

#[test]
fn each_example_states_its_limits_once_for_its_tests() {
    for (_, example, _) in tool::TEMPLATES {
        let dir = manifest_dir().join("examples").join(example);
        let main = fs::read_to_string(dir.join("main.rs")).unwrap();
        let values = limits(&main);
        assert!(!values.is_empty(), "{example}/main.rs has no limits block");
        // The tests read the constants: no limit of the example is written in them again.
        let tests = fs::read_to_string(dir.join("tests.rs")).unwrap();
        let digit = |c: char| c.is_ascii_alphanumeric() || c == '_';
        let numbers: Vec<&str> = tests.split(|c: char| !digit(c)).collect();
        for value in values {
            assert!(
                !numbers
                    .iter()
                    .any(|n| n.replace('_', "") == value.replace('_', "")),
                "{example}/tests.rs writes the limit {value} again"
            );
        }
    }
}

#[test]
fn the_name_changes_only_where_it_is_a_word() {
    let temp = scratch("new-words");
    let root = &temp.0;
    let main = root.join("examples/take_away/main.rs");
    fs::write(
        &main,
        "take_away take_aways xtake_away take_away::x (take_away)\n",
    )
    .unwrap();
    assert!(new(root, &["nim"]).status.success());
    let text = fs::read_to_string(root.join("src/bin/nim/main.rs")).unwrap();
    assert_eq!(text, "nim take_aways xtake_away nim::x (nim)\n");
}

#[test]
fn bad_or_taken_names_are_refused_and_nothing_is_written() {
    let temp = scratch("new-refused");
    let root = &temp.0;
    let before = files(root);
    for (args, error) in [
        (
            &["taken"][..],
            "error: taken is taken: src/bin/taken exists",
        ),
        (&["filed"], "error: filed is taken: src/bin/filed.rs exists"),
        (
            &["sampled"],
            "error: sampled is taken: samples/sampled exists",
        ),
        (&["Name"], "error: \"Name\" is not a problem's name"),
        (&["2nd"], "error: \"2nd\" is not a problem's name"),
        (&["a-b"], "error: \"a-b\" is not a problem's name"),
        (&["fn"], "error: fn is a Rust keyword, a crate or a tool"),
        (
            &["common"],
            "error: common is a Rust keyword, a crate or a tool",
        ),
        (
            &["bundle"],
            "error: bundle is a Rust keyword, a crate or a tool",
        ),
        (
            &["dawson"],
            "error: dawson is taken: examples/dawson exists",
        ),
        (
            &["fnv"],
            "error: fnv is taken: Cargo.lock has a package fnv",
        ),
        (&["x", "--eof", "--judge"], "error: one flag at most"),
        (&["x", "--sideways"], "error: usage: new"),
        (&[], "error: usage: new"),
    ] {
        let run = new(root, args);
        let stderr = String::from_utf8_lossy(&run.stderr);
        assert!(!run.status.success() && run.stdout.is_empty(), "{args:?}");
        assert!(stderr.starts_with(error), "{args:?}: {stderr}");
        assert_eq!(files(root), before, "{args:?} wrote something");
    }
}

#[test]
fn every_program_is_the_package_new_writes() {
    for program in crate::common::samples::programs() {
        let up = if program.example { "../.." } else { "../../.." };
        let manifest = fs::read_to_string(program.dir().join("Cargo.toml")).unwrap();
        assert_eq!(
            manifest,
            tool::manifest(&program.name, up, program.dir().join("rules.rs").exists()),
            "{}",
            program.id()
        );
    }
}

#[test]
fn a_long_name_is_formatted_as_cargo_fmt_wants() {
    let temp = scratch("new-long");
    let root = &temp.0;
    // Longer than every example's name: some of their lines grow past rustfmt's width.
    let name = "a_problem_whose_name_is_long_enough_to_reflow_lines";
    for flag in ["--sentinel", "--count", "--items", "--plane"] {
        let name = format!("{name}_{}", flag.trim_start_matches('-'));
        assert!(new(root, &[&name, flag]).status.success(), "{flag}");
        assert_formatted(&root.join("src/bin").join(&name));
    }
}
