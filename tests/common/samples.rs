//! The programs the tests run, problems (`src/bin/`) and examples (`examples/`), and their
//! samples: finding them (and what is wrong with their folders), the executable cargo built,
//! running it on a sample, and explaining how two outputs differ.

use super::bundling::manifest_dir;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, ExitStatus, Stdio};
use std::time::{Duration, Instant, SystemTime};

/// The binaries of `src/bin/` that are tools, not problems.
pub const TOOLS: [&str; 2] = ["bundle", "new"];

/// A program: a problem, the package `src/bin/NAME/` (a tool is `src/bin/NAME.rs` or
/// `src/bin/NAME/main.rs`), or an example, `examples/NAME/`. Its folder holds its
/// `main.rs`, its `tests.rs` and, when its answers are judged otherwise than byte for byte,
/// its `checker.rs` or `judge.rs`.
#[derive(Clone, PartialEq, Eq, PartialOrd, Ord, Debug)]
pub struct Program {
    pub example: bool,
    pub name: String,
}

/// How a program's answers are judged, by the file in its folder.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum JudgedBy {
    /// `checker.rs`: any of many right answers.
    Checker,
    /// `judge.rs`: an interactive problem.
    Judge,
}

impl Program {
    /// The problem `name`.
    pub fn problem(name: &str) -> Program {
        Program {
            example: false,
            name: name.to_string(),
        }
    }

    /// The example `name`.
    pub fn example(name: &str) -> Program {
        Program {
            example: true,
            name: name.to_string(),
        }
    }

    /// The program whose folder holds `file`, as `file!()` names a file of its tests:
    /// `src/bin/NAME/tests.rs` or `examples/NAME/tests.rs`.
    ///
    /// # Panics
    /// If `file` is in no such folder.
    pub fn of_file(file: &str) -> Program {
        let parts: Vec<&str> = Path::new(file)
            .iter()
            .map(|part| part.to_str().unwrap_or(""))
            .collect();
        match parts[..] {
            [.., "bin", name, _] => Program::problem(name),
            [.., "examples", name, _] => Program::example(name),
            _ => panic!("{file} is not in a folder src/bin/NAME/ or examples/NAME/"),
        }
    }

    /// `NAME`, or `examples/NAME`: how the bundler and the tests' names call it.
    pub fn id(&self) -> String {
        match self.example {
            true => format!("examples/{}", self.name),
            false => self.name.clone(),
        }
    }

    /// Its folder: `src/bin/NAME/` or `examples/NAME/`.
    pub fn dir(&self) -> PathBuf {
        match self.example {
            true => manifest_dir().join("examples").join(&self.name),
            false => manifest_dir().join("src/bin").join(&self.name),
        }
    }

    /// Its root source file: `main.rs` in its folder, or `src/bin/NAME.rs`.
    pub fn source(&self) -> PathBuf {
        let file = manifest_dir().join(format!("src/bin/{}.rs", self.name));
        match self.example || !file.is_file() {
            true => self.dir().join("main.rs"),
            false => file,
        }
    }

    /// Its samples' folder: `samples/NAME/`, or `examples/NAME/samples/`.
    pub fn samples_dir(&self) -> PathBuf {
        match self.example {
            true => self.dir().join("samples"),
            false => manifest_dir().join("samples").join(&self.name),
        }
    }

    /// How its answers are judged when not byte for byte: by the `checker.rs` or the
    /// `judge.rs` in its folder.
    pub fn judged_by(&self) -> Option<JudgedBy> {
        let has = |file: &str| self.dir().join(file).is_file();
        match (has("checker.rs"), has("judge.rs")) {
            (true, _) => Some(JudgedBy::Checker),
            (_, true) => Some(JudgedBy::Judge),
            _ => None,
        }
    }

    /// The executable cargo built, newer than every source file it was built from (the
    /// dep-info file of its unit names them): a test must not run an old one. Every program
    /// is a package of the workspace whose binary cargo puts in the profile's folder, the
    /// parent of the test's `deps` folder; it is built first with `cargo build` if it is old
    /// or missing (`cargo test --test samples` builds no other package).
    pub fn built(&self) -> Result<PathBuf, String> {
        let exe = std::env::current_exe().map_err(|e| e.to_string())?;
        let profile_dir = exe
            .parent()
            .and_then(Path::parent)
            .ok_or("the test does not run from target/<profile>/deps")?;
        let file = format!("{}{}", self.name, std::env::consts::EXE_SUFFIX);
        let exe = profile_dir.join(file);
        if self.stale(&exe).is_some() {
            // The test profile's folder is `debug`; others are named after their profile.
            let profile = profile_dir.file_name().and_then(|name| name.to_str());
            let profile =
                profile.map_or("test", |name| if name == "debug" { "test" } else { name });
            let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
            let build = Command::new(cargo)
                .args(["build", "-q", "--profile", profile, "--bin", &self.name])
                .current_dir(manifest_dir())
                .output()
                .map_err(|e| format!("cannot run cargo build: {e}"))?;
            if !build.status.success() {
                let why = String::from_utf8_lossy(&build.stderr);
                return Err(format!("cargo build --bin {} fails:\n{why}", self.name));
            }
        }
        match self.stale(&exe) {
            Some(why) => Err(format!("{} {why}, even after cargo build", exe.display())),
            None => Ok(exe),
        }
    }

    /// Why `exe` is not the program as its sources are now, if it is not: missing, or older
    /// than one of the files its dep-info names.
    fn stale(&self, exe: &Path) -> Option<String> {
        let built = match modified(exe) {
            Ok(built) => built,
            Err(_) => return Some("is not built".to_string()),
        };
        let deps = match self.dep_info(exe) {
            Some(deps) => deps,
            None => return Some("has no dep-info file".to_string()),
        };
        let deps = deps.lines().next().and_then(|line| line.split_once(": "));
        // Paths are separated by spaces; a space in a path is escaped.
        let escaped = deps.map_or(String::new(), |(_, deps)| deps.replace("\\ ", "\0"));
        let sources = escaped
            .split_whitespace()
            .map(|path| path.replace('\0', " "));
        let mut newer = sources.filter(|source| {
            let path = manifest_dir().join(source);
            modified(&path).map_or(true, |changed| changed > built)
        });
        newer.next().map(|source| format!("is older than {source}"))
    }

    /// The dep-info file of the unit cargo copied to `exe`: `NAME-HASH.d` beside the one of
    /// `deps/` (or of `examples/`) with `exe`'s length and time.
    fn dep_info(&self, exe: &Path) -> Option<String> {
        let meta = fs::metadata(exe).ok()?;
        let dir = exe.parent()?;
        for unit in [dir.join("deps"), dir.to_path_buf()]
            .iter()
            .flat_map(|d| sorted_entries(d))
        {
            let name = unit.file_name()?.to_str()?;
            let name = name
                .strip_suffix(std::env::consts::EXE_SUFFIX)
                .unwrap_or(name);
            let hash = name.strip_prefix(&format!("{}-", self.name));
            let same = |m: fs::Metadata| {
                m.len() == meta.len() && m.modified().ok() == meta.modified().ok()
            };
            if hash.map_or(false, |hash| !hash.contains('.'))
                && fs::metadata(&unit).map_or(false, same)
            {
                return fs::read_to_string(unit.with_extension("d")).ok();
            }
        }
        None
    }
}

fn modified(path: &Path) -> std::io::Result<SystemTime> {
    fs::metadata(path)?.modified()
}

/// Every program, problems then examples, each sorted by name: a folder of `src/bin/` but
/// the tools', and a folder of `examples/`, with a `main.rs`.
pub fn programs() -> Vec<Program> {
    let mut programs = Vec::new();
    for (dir, example) in [("src/bin", false), ("examples", true)] {
        for path in sorted_entries(&manifest_dir().join(dir)) {
            let name = file_name(&path);
            let tool = !example && TOOLS.contains(&name.as_str());
            if path.join("main.rs").is_file() && !tool {
                programs.push(Program { example, name });
            }
        }
    }
    programs
}

/// One sample: `NAME.in` in its program's samples folder, and its expected output
/// `NAME.out` (which a program judged otherwise than byte for byte may leave out).
pub struct Sample {
    pub program: Program,
    pub name: String,
    pub input: PathBuf,
    pub expected: Option<PathBuf>,
}

impl Sample {
    /// `<program>/<name>`, the sample's test name, as `nim_move/sample` or
    /// `examples/take_away/sample`.
    pub fn id(&self) -> String {
        format!("{}/{}", self.program.id(), self.name)
    }

    /// The sample's input file as a user types it, from the crate's folder.
    pub fn shown(&self) -> String {
        let path = self.input.strip_prefix(manifest_dir());
        path.unwrap_or(&self.input).display().to_string()
    }
}

/// Something wrong with the samples folders, under the test name it is reported as.
pub struct Misfiled {
    pub name: String,
    pub problem: String,
}

/// Every sample, by program then name, and what is wrong in the programs' folders: a folder
/// of `samples/` naming no problem, a file `src/bin/NAME.rs` that is no tool, and what
/// [`Program::samples`] finds wrong in each program's.
pub fn find_samples() -> (Vec<Sample>, Vec<Misfiled>) {
    let programs = programs();
    let mut samples = Vec::new();
    let mut misfiled = Vec::new();
    let mut wrong = |name: String, problem: String| misfiled.push(Misfiled { name, problem });
    for dir in sorted_entries(&manifest_dir().join("samples")) {
        let folder = file_name(&dir);
        if !programs.contains(&Program::problem(&folder)) {
            wrong(
                folder.clone(),
                format!("samples/{folder} names no problem: there is no src/bin/{folder}/main.rs"),
            );
        }
    }
    for file in sorted_entries(&manifest_dir().join("src/bin")) {
        let name = file_name(&file);
        let tool = TOOLS.iter().any(|tool| name == format!("{tool}.rs"));
        if !tool && file.extension().map_or(false, |e| e == "rs") {
            let folder = name.trim_end_matches(".rs");
            wrong(
                folder.to_string(),
                format!(
                    "src/bin/{name} is no problem: a problem is a package, src/bin/{folder}/ \
                     with its Cargo.toml, main.rs and tests.rs (`cargo run --bin new -- \
                     {folder}` writes them)"
                ),
            );
        }
    }
    for program in programs {
        let (found, wrong) = program.samples();
        samples.extend(found);
        misfiled.extend(wrong);
    }
    (samples, misfiled)
}

impl Program {
    /// Its samples, by name, and what is wrong in its folders: an unpaired `.in` or `.out`
    /// (a judged program may leave out its `.out`s), another kind of file, no sample at all,
    /// a package not named after it.
    pub fn samples(&self) -> (Vec<Sample>, Vec<Misfiled>) {
        let (mut samples, mut misfiled) = (Vec::new(), Vec::new());
        let mut wrong = |name: String, problem: String| misfiled.push(Misfiled { name, problem });
        // A package named after the program: `cargo test -p NAME` runs its tests.
        let manifest = self.dir().join("Cargo.toml");
        let named = format!("name = \"{}\"", self.name);
        if !fs::read_to_string(&manifest).map_or(false, |m| m.lines().any(|l| l == named)) {
            wrong(
                self.id(),
                format!(
                    "{} does not say `{named}`: each program is a package named after it",
                    manifest
                        .strip_prefix(manifest_dir())
                        .unwrap_or(&manifest)
                        .display(),
                ),
            );
        }
        let judged = self.judged_by().is_some();
        let dir = self.samples_dir();
        for file in sorted_entries(&dir) {
            let name = file
                .file_stem()
                .map_or_else(String::new, |s| s.to_string_lossy().into_owned());
            let id = format!("{}/{name}", self.id());
            let shown = file.strip_prefix(manifest_dir()).unwrap_or(&file).display();
            match file.extension().and_then(|e| e.to_str()) {
                Some("in") if file.with_extension("out").is_file() || judged => {
                    samples.push(Sample {
                        program: self.clone(),
                        name,
                        expected: Some(file.with_extension("out")).filter(|out| out.is_file()),
                        input: file,
                    })
                }
                Some("in") => wrong(id, format!("{shown} has no .out beside it")),
                Some("out") if !file.with_extension("in").is_file() => {
                    wrong(id, format!("{shown} has no .in beside it"))
                }
                Some("out") => {}
                _ => wrong(id, format!("{shown} is neither a .in nor a .out")),
            }
        }
        if samples.is_empty() {
            let dir = dir.strip_prefix(manifest_dir()).unwrap_or(&dir).display();
            wrong(
                self.id(),
                format!(
                    "{} has no samples: add {dir}/NAME.in and NAME.out",
                    self.id()
                ),
            );
        }
        (samples, misfiled)
    }
}

fn file_name(path: &Path) -> String {
    path.file_name()
        .map_or_else(String::new, |s| s.to_string_lossy().into_owned())
}

/// The entries of folder `dir`, sorted; none if it does not exist.
fn sorted_entries(dir: &Path) -> Vec<PathBuf> {
    let mut entries: Vec<PathBuf> = match fs::read_dir(dir) {
        Ok(entries) => entries.flatten().map(|entry| entry.path()).collect(),
        Err(_) => Vec::new(),
    };
    entries.sort();
    entries
}

/// What a run of a program on one input gave.
pub struct Run {
    pub status: ExitStatus,
    pub stdout: Vec<u8>,
    pub stderr: Vec<u8>,
    pub took: Duration,
}

/// Runs `exe` with the file `input` on stdin.
pub fn run_on(exe: &Path, input: &Path) -> Result<Run, String> {
    let stdin = fs::File::open(input).map_err(|e| format!("{}: {e}", input.display()))?;
    let began = Instant::now();
    let output = Command::new(exe)
        .stdin(stdin)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .output()
        .map_err(|e| format!("cannot run {}: {e}", exe.display()))?;
    Ok(Run {
        status: output.status,
        stdout: output.stdout,
        stderr: output.stderr,
        took: began.elapsed(),
    })
}

/// The longest piece of a line shown, in characters.
const SHOWN_CHARS: usize = 100;

/// The first 20 lines of a program's stderr, indented and cut to `SHOWN_CHARS`, or
/// `(empty)`.
pub fn show_stderr(stderr: &[u8]) -> String {
    let text = String::from_utf8_lossy(stderr);
    let lines: Vec<&str> = text.lines().collect();
    if lines.is_empty() {
        return " (empty)".to_string();
    }
    let mut shown: Vec<String> = lines
        .iter()
        .take(20)
        .map(|line| {
            let chars: Vec<char> = line.chars().collect();
            let shown: String = chars.iter().take(SHOWN_CHARS).collect();
            let more = if chars.len() > SHOWN_CHARS { "..." } else { "" };
            format!("    {shown}{more}")
        })
        .collect();
    if lines.len() > 20 {
        shown.push(format!("    ... {} more lines", lines.len() - 20));
    }
    format!("\n{}", shown.join("\n"))
}

/// `line` quoted with escapes, cut to about `SHOWN_CHARS` characters around the character
/// at `focus` (where it differs from the other line).
pub fn cut(line: &str, focus: usize) -> String {
    let chars: Vec<char> = line.chars().collect();
    if chars.len() <= SHOWN_CHARS {
        return format!("{line:?}");
    }
    let start = focus
        .saturating_sub(SHOWN_CHARS / 3)
        .min(chars.len() - SHOWN_CHARS);
    let end = start + SHOWN_CHARS;
    let piece: String = chars[start..end].iter().collect();
    format!(
        "{}{piece:?}{} ({} characters)",
        if start > 0 { "..." } else { "" },
        if end < chars.len() { "..." } else { "" },
        chars.len()
    )
}

/// One line as shown in a difference: its text without the line end, or what is missing.
fn show_line(line: Option<&str>, focus: usize, other_ends: bool) -> String {
    match line {
        None => "(nothing: the output ended before this line)".to_string(),
        Some(line) => {
            let text = line.strip_suffix('\n').unwrap_or(line);
            let ends = text.len() < line.len();
            let mut shown = cut(text, focus);
            if !ends && other_ends {
                shown += " (no line end)";
            }
            shown
        }
    }
}

/// Explains how `actual` differs from `expected` (`None` if they are equal): the first
/// differing line's number, both lines cut to a readable length, and how many lines differ
/// in all. `expected_name` names where the expected output comes from, as in
/// `samples/hdu6597/values.out`.
pub fn difference(expected: &[u8], actual: &[u8], expected_name: &str) -> Option<String> {
    if expected == actual {
        return None;
    }
    let expected = String::from_utf8_lossy(expected);
    let actual = String::from_utf8_lossy(actual);
    let want: Vec<&str> = expected.split_inclusive('\n').collect();
    let got: Vec<&str> = actual.split_inclusive('\n').collect();
    let lines = want.len().max(got.len());
    let differing: Vec<usize> = (0..lines).filter(|&i| want.get(i) != got.get(i)).collect();
    let first = differing[0];
    let (w, g) = (want.get(first).copied(), got.get(first).copied());
    let focus = match (w, g) {
        (Some(w), Some(g)) => w.chars().zip(g.chars()).take_while(|(a, b)| a == b).count(),
        _ => 0,
    };
    let ends = |line: Option<&str>| line.map_or(false, |l| l.ends_with('\n'));
    Some(format!(
        "{expected_name} line {}: {} of {} lines differ ({} expected, {} printed)\n  \
         expected: {}\n    actual: {}",
        first + 1,
        differing.len(),
        lines,
        want.len(),
        got.len(),
        show_line(w, focus, ends(g)),
        show_line(g, focus, ends(w)),
    ))
}
