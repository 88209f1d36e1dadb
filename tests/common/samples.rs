//! The samples under `samples/<binary>/<name>.in` and `.out`: finding them (and what is wrong
//! with the folder), running a built binary on one, and explaining how two outputs differ.

use super::bundling::{manifest_dir, problem_binaries};
use super::judged::judged;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, ExitStatus, Stdio};
use std::time::{Duration, Instant};

/// One sample: `samples/<binary>/<name>.in` and its expected output `<name>.out` (which a
/// problem judged otherwise than byte for byte may leave out: see `judged`).
pub struct Sample {
    pub binary: String,
    pub name: String,
    pub input: PathBuf,
    pub expected: Option<PathBuf>,
}

impl Sample {
    /// `<binary>/<name>`, the sample's test name.
    pub fn id(&self) -> String {
        format!("{}/{}", self.binary, self.name)
    }
}

/// Something wrong with the samples folder, under the test name it is reported as.
pub struct Misfiled {
    pub name: String,
    pub problem: String,
}

/// Every sample, sorted by binary then name, and what is wrong in `samples/`: a file that
/// is not a folder, a folder naming no binary, an unpaired `.in` or `.out`, another kind of
/// file, and a problem binary without samples.
pub fn find_samples() -> (Vec<Sample>, Vec<Misfiled>) {
    let root = manifest_dir().join("samples");
    let binaries = problem_binaries();
    let mut samples = Vec::new();
    let mut misfiled = Vec::new();
    let mut wrong = |name: String, problem: String| misfiled.push(Misfiled { name, problem });
    for dir in sorted_entries(&root) {
        let folder = file_name(&dir);
        if !dir.is_dir() {
            wrong(folder.clone(), format!("samples/{folder} is not a folder"));
            continue;
        }
        if !binaries.contains(&folder) {
            wrong(
                folder.clone(),
                format!(
                    "samples/{folder} names no binary: there is no src/bin/{folder}.rs \
                     nor src/bin/{folder}/main.rs"
                ),
            );
            continue;
        }
        for file in sorted_entries(&dir) {
            let name = file
                .file_stem()
                .map_or_else(String::new, |s| s.to_string_lossy().into_owned());
            let id = format!("{folder}/{name}");
            let shown = format!("samples/{folder}/{}", file_name(&file));
            match file.extension().and_then(|e| e.to_str()) {
                Some("in") if file.with_extension("out").is_file() || judged(&folder).is_some() => {
                    samples.push(Sample {
                        binary: folder.clone(),
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
    }
    for binary in binaries {
        if !samples.iter().any(|s| s.binary == binary) {
            wrong(
                binary.clone(),
                format!(
                    "the problem binary {binary} has no samples: add \
                     samples/{binary}/NAME.in and NAME.out"
                ),
            );
        }
    }
    (samples, misfiled)
}

fn file_name(path: &Path) -> String {
    path.file_name()
        .map_or_else(String::new, |s| s.to_string_lossy().into_owned())
}

fn sorted_entries(dir: &Path) -> Vec<PathBuf> {
    let mut entries: Vec<PathBuf> = fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", dir.display()))
        .map(|entry| entry.expect("readable directory entry").path())
        .collect();
    entries.sort();
    entries
}

/// The binary `name` cargo built for this test run: Cargo names it in `CARGO_BIN_EXE_<name>`
/// when it runs a test; otherwise it sits beside the `deps` folder that holds this test.
pub fn built_binary(name: &str) -> PathBuf {
    if let Some(path) = std::env::var_os(format!("CARGO_BIN_EXE_{name}")) {
        return PathBuf::from(path);
    }
    let exe = std::env::current_exe().expect("the test knows its own path");
    let profile_dir = exe
        .parent()
        .and_then(Path::parent)
        .expect("the test runs from target/<profile>/deps");
    profile_dir.join(format!("{name}{}", std::env::consts::EXE_SUFFIX))
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
fn cut(line: &str, focus: usize) -> String {
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
