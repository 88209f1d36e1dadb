//! Bundling helpers shared by the bundle tests: run the bundler, check its report, compile a
//! bundle alone with plain `rustc`, and keep what was compiled ([`cached`]) so that a bundle
//! is not compiled again until its bytes or the compiler change.

use super::samples::Program;
use std::collections::hash_map::DefaultHasher;
use std::collections::HashMap;
use std::fs;
use std::hash::{Hash, Hasher};
use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::sync::Mutex;

// The bundler's lexer, to check what a bundle is made of.
#[allow(dead_code)]
#[path = "../../src/bin/bundle/lex.rs"]
mod lex;

/// What every bundle stays under, as README says: some judges take no source over 50,000
/// bytes (the bundler warns past 48 KiB, and fails past 50,000 bytes unless `--allow-large`).
pub const MAX_BYTES: usize = 48 * 1024;

/// The crate's folder (this crate is `tests/common/` in it).
pub fn manifest_dir() -> PathBuf {
    let common = Path::new(env!("CARGO_MANIFEST_DIR"));
    common
        .ancestors()
        .nth(2)
        .expect("tests/common")
        .to_path_buf()
}

/// A fresh folder in the system's temporary folder, removed when dropped.
pub struct TempDir(pub PathBuf);

impl TempDir {
    pub fn new(name: &str) -> TempDir {
        let dir =
            std::env::temp_dir().join(format!("combgames-bundle-{}-{name}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        fs::create_dir_all(&dir).expect("temporary folder");
        TempDir(dir)
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = fs::remove_dir_all(&self.0);
    }
}

/// Runs the bundler cargo built with `args`.
///
/// # Panics
/// If it is not built, or older than its sources.
pub fn bundler(args: &[&str]) -> Output {
    let exe = Program::problem("bundle")
        .built()
        .unwrap_or_else(|e| panic!("{e}"));
    Command::new(exe)
        .args(args)
        .output()
        .expect("the bundler runs")
}

/// A bundle and the library modules its report names.
pub struct Bundled {
    pub text: String,
    pub modules: Vec<String>,
}

/// Bundles program `name` (`NAME` or `examples/NAME`) of the crate at `root` with the
/// bundler's library, checking that it is under 48 KiB and compact ([`check_compact`]).
pub fn bundle_of(root: &Path, name: &str) -> Result<Bundled, String> {
    let bundled = bundle::bundle(root, name).map_err(|e| format!("{name}: {e}"))?;
    if bundled.text.len() >= MAX_BYTES {
        let why = bundled.room.warning(name).unwrap_or_default();
        return Err(format!("{name}: not under 48 KiB: {why}"));
    }
    check_compact(name, &bundled.text)?;
    Ok(Bundled {
        text: bundled.text,
        modules: bundled.modules,
    })
}

/// Checks that the bundle `text` of `name` is compact and holds no docs or test code: no
/// comment but its header, lines indented with tabs, no `#[test]` nor `cfg(test)`.
pub fn check_compact(name: &str, text: &str) -> Result<(), String> {
    use lex::Kind;
    let tokens = lex::lex(text).map_err(|e| format!("{name}: bundle does not lex: {e}"))?;
    let header = tokens.iter().take_while(|t| !t.is_code()).count();
    let comment = |t: &&lex::Token| matches!(t.kind, Kind::Comment | Kind::DocComment);
    if let Some(left) = tokens[header..].iter().find(comment) {
        return Err(format!(
            "{name}: comment left: {}",
            &text[left.start..left.end]
        ));
    }
    for space in tokens.iter().filter(|t| t.kind == Kind::Space) {
        for indentation in text[space.start..space.end].split('\n').skip(1) {
            let spaces = indentation.trim_start_matches('\t');
            if spaces.len() > 3 || spaces.contains('\t') {
                let line = text[..space.start].matches('\n').count() + 2;
                return Err(format!("{name}: line {line} is not indented with tabs"));
            }
        }
    }
    let code: String = tokens
        .iter()
        .filter(|t| !matches!(t.kind, Kind::Space | Kind::Comment | Kind::Literal))
        .map(|t| &text[t.start..t.end])
        .collect();
    for test_code in ["#[test]", "cfg(test)"] {
        if code.contains(test_code) {
            return Err(format!("{name}: {test_code} left in the bundle"));
        }
    }
    Ok(())
}

/// Compiles `source` alone with plain `rustc --edition 2021` into `dir`; a warning fails too.
pub fn compile(dir: &Path, name: &str, source: &str, optimize: bool) -> Result<PathBuf, String> {
    let build = Build {
        rustc: Path::new("rustc"),
        edition: "2021",
        optimize,
    };
    build.compile(dir, name, source)
}

/// One way a judge compiles a single file: which `rustc`, which edition, `-O` or checked.
/// A checked build has the overflow checks and debug assertions of a build without `-O`
/// (as strict as any judge's), at `opt-level=1` so that a large sample runs in a blink.
#[derive(Clone, Copy)]
pub struct Build<'a> {
    pub rustc: &'a Path,
    pub edition: &'a str,
    pub optimize: bool,
}

impl Build<'_> {
    /// The compiler's flags, as in `--edition 2021 -O`.
    pub fn flags(&self) -> String {
        format!("--edition {} {}", self.edition, self.level().join(" "))
    }

    /// The flags that optimise, or check.
    fn level(&self) -> &'static [&'static str] {
        match self.optimize {
            true => &["-O"],
            false => &[
                "-C",
                "opt-level=1",
                "-C",
                "overflow-checks",
                "-C",
                "debug-assertions",
            ],
        }
    }

    /// Compiles `source` alone into `dir/file` (written to `dir/file.rs`), or gives the
    /// program an earlier run compiled from the same bytes with the same compiler and flags
    /// ([`cached`]); a warning fails too.
    pub fn compile(&self, dir: &Path, file: &str, source: &str) -> Result<PathBuf, String> {
        let path = dir.join(format!("{file}.rs"));
        fs::write(&path, source).map_err(|e| format!("{}: {e}", path.display()))?;
        let key = format!("{}\n{}\n", compiler_version(self.rustc), self.flags());
        cached(&[key.as_bytes(), source.as_bytes()], "program", |exe| {
            let mut rustc = Command::new(self.rustc);
            rustc.args(["--edition", self.edition]).args(self.level());
            rustc.arg("-o").arg(exe).arg(&path);
            let what = format!(
                "{} {} on the bundle alone",
                self.rustc.display(),
                self.flags()
            );
            run_compiler(&mut rustc, &what)
        })
    }
}

/// What `rustc -vV` says of the compiler at `rustc` (its path, if it does not run), asked
/// once a run.
pub fn compiler_version(rustc: &Path) -> String {
    static VERSIONS: Mutex<Option<HashMap<PathBuf, String>>> = Mutex::new(None);
    let mut versions = VERSIONS.lock().unwrap_or_else(|e| e.into_inner());
    let versions = versions.get_or_insert_with(HashMap::new);
    let version = versions.entry(rustc.to_path_buf()).or_insert_with(|| {
        let out = Command::new(rustc).arg("-vV").output();
        let text = out.map(|o| String::from_utf8_lossy(&o.stdout).into_owned());
        format!("{}\n{}", rustc.display(), text.unwrap_or_default())
    });
    version.clone()
}

/// The file `name` compiled from `inputs` (a compiler, its flags, a source...), kept in the
/// cache folder `target/compiled/`: made by `compile(path)` when no earlier run made it from
/// the same inputs, byte for byte (they are kept beside it and compared, so that two inputs
/// with the same hash never share a file). A failed compile keeps nothing.
pub fn cached(
    inputs: &[&[u8]],
    name: &str,
    compile: impl FnOnce(&Path) -> Result<(), String>,
) -> Result<PathBuf, String> {
    let mut hasher = DefaultHasher::new();
    inputs.hash(&mut hasher);
    let folder = cache_dir()?.join(format!("{:016x}", hasher.finish()));
    let (exe, kept) = (folder.join(name), folder.join("inputs"));
    let joined: Vec<u8> = inputs
        .iter()
        .flat_map(|i| [&i[..], b"\0"].concat())
        .collect();
    if exe.is_file() && fs::read(&kept).map_or(false, |k| k == joined) {
        return Ok(exe);
    }
    // Made aside and moved in place, so that a run that stops halfway leaves nothing.
    let work = folder.with_extension(format!("part{}", std::process::id()));
    let _ = fs::remove_dir_all(&work);
    fs::create_dir_all(&work).map_err(|e| format!("{}: {e}", work.display()))?;
    let made = compile(&work.join(name)).and_then(|()| {
        fs::write(work.join("inputs"), &joined).map_err(|e| e.to_string())?;
        let _ = fs::remove_dir_all(&folder);
        fs::rename(&work, &folder).map_err(|e| format!("{}: {e}", folder.display()))
    });
    let _ = fs::remove_dir_all(&work);
    made.map(|()| exe)
}

/// `target/compiled/`, beside the profiles' folders of the target folder this test runs from.
fn cache_dir() -> Result<PathBuf, String> {
    let exe = std::env::current_exe().map_err(|e| e.to_string())?;
    // target/<profile>/deps/<test>
    let target = exe
        .ancestors()
        .nth(3)
        .ok_or("the test runs from no target folder")?;
    Ok(target.join("compiled"))
}

/// Runs a compiler command; an error or any warning is a failure that quotes its output.
pub fn run_compiler(command: &mut Command, what: &str) -> Result<(), String> {
    let run = command
        .output()
        .map_err(|e| format!("cannot run {what}: {e}"))?;
    let stderr = String::from_utf8_lossy(&run.stderr);
    if !run.status.success() || !stderr.trim().is_empty() {
        let lines: Vec<&str> = stderr.lines().collect();
        let shown = lines.len().min(60);
        let more = if lines.len() > shown {
            format!("\n... {} more lines", lines.len() - shown)
        } else {
            String::new()
        };
        return Err(format!(
            "{what} ({}) says:\n{}{more}",
            run.status,
            lines[..shown].join("\n")
        ));
    }
    Ok(())
}
