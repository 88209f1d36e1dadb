//! Which compilers check a bundle: by default only the `rustc` on the PATH, `--edition
//! 2021`, checked: the overflow checks and debug assertions of a judge's build without `-O`,
//! the strictest to run, at `opt-level=1` (`bundling::Build`), which keeps `cargo test`
//! quick. Setting `COMBGAMES_RUSTC_EXTRA` (even to nothing) asks for the full matrix: besides
//! that build, the current `rustc` with every edition it knows (2018, 2021, 2024) and `-O`,
//! plus each extra compiler the variable names, with `-O` and each of its editions. (The
//! deep tests, `tests/props/`, then compile the library, the lab and every binary as they
//! are with each extra compiler too, so the crates' `rust-version` is checked for real.)
//!
//! The variable's format: entries separated by `;`, each `PATH=EDITIONS` with the editions
//! separated by commas (`PATH` alone means `2018,2021`), where PATH is anything that runs
//! like `rustc` (a wrapper script that sets the library path is fine), e.g.
//! `COMBGAMES_RUSTC_EXTRA="$HOME/.cache/combgames/rustc-1.63.0/rustc=2018,2021"`, which
//! `.ci/run` sets after fetching Debian's rustc 1.63.

use super::bundling::{manifest_dir, Build};
use std::fs;
use std::path::PathBuf;
use std::process::Command;

/// The variable naming the extra compilers; set, it also turns the full matrix on.
pub const EXTRA_VARIABLE: &str = "COMBGAMES_RUSTC_EXTRA";

/// A compiler to check with, and the editions to use it with.
pub struct Compiler {
    pub rustc: PathBuf,
    /// As `rustc -V` says, e.g. `1.63.0`; empty if it could not be run.
    pub version: String,
    pub editions: Vec<String>,
}

impl Compiler {
    pub fn new(rustc: PathBuf, editions: Vec<String>) -> Compiler {
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
    pub fn label(&self) -> String {
        if self.version.is_empty() {
            format!("{} (does not run)", self.rustc.display())
        } else {
            format!("rustc {}", self.version)
        }
    }

    /// The version as numbers, to compare (`1.85.0-nightly` gives `[1, 85, 0]`).
    pub fn numbers(&self) -> Vec<u32> {
        version_numbers(&self.version)
    }
}

/// `1.63` and `1.63.0-nightly` give `[1, 63, 0]`.
pub fn version_numbers(version: &str) -> Vec<u32> {
    let mut numbers: Vec<u32> = version
        .split(['.', '-'])
        .map_while(|part| part.parse().ok())
        .collect();
    numbers.resize(3, 0);
    numbers
}

/// Reads the extra compilers from `COMBGAMES_RUSTC_EXTRA`'s `value` (see the module doc).
pub fn extra_compilers(value: &str) -> Result<Vec<Compiler>, String> {
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

/// The crate's `rust-version`, from the root Cargo.toml.
pub fn rust_version() -> String {
    let manifest = fs::read_to_string(manifest_dir().join("Cargo.toml")).expect("Cargo.toml");
    manifest
        .lines()
        .find_map(|line| {
            let (key, value) = line.split_once('=')?;
            (key.trim() == "rust-version").then(|| value.trim().trim_matches('"').to_string())
        })
        .expect("Cargo.toml sets rust-version")
}

/// The compilers of this run: the current `rustc`, the extra ones, and whether the full
/// matrix is on; each build a bundle gets is one of [`Matrix::builds`].
pub struct Matrix {
    pub current: Compiler,
    pub extras: Vec<Compiler>,
    /// Whether `COMBGAMES_RUSTC_EXTRA` is set.
    pub full: bool,
}

impl Matrix {
    /// The matrix `COMBGAMES_RUSTC_EXTRA` asks for.
    ///
    /// # Errors
    /// When the variable is malformed.
    pub fn from_env() -> Result<Matrix, String> {
        let value = std::env::var(EXTRA_VARIABLE).ok();
        let extras = extra_compilers(value.as_deref().unwrap_or(""))?;
        let mut current = Compiler::new(PathBuf::from("rustc"), vec!["2021".to_string()]);
        if value.is_some() {
            current.editions = vec!["2018".to_string(), "2021".to_string()];
            if current.numbers()[..] >= [1, 85, 0][..] {
                current.editions.push("2024".to_string());
            }
        }
        Ok(Matrix {
            current,
            extras,
            full: value.is_some(),
        })
    }

    /// Every build a bundle gets: the current compiler checked, edition 2021; with the full
    /// matrix, also each edition of each compiler with `-O`.
    pub fn builds(&self) -> Vec<Build<'_>> {
        let checked = Build {
            rustc: &self.current.rustc,
            edition: "2021",
            optimize: false,
        };
        let mut builds = vec![checked];
        if self.full {
            for compiler in std::iter::once(&self.current).chain(&self.extras) {
                for edition in &compiler.editions {
                    builds.push(Build {
                        rustc: &compiler.rustc,
                        edition,
                        optimize: true,
                    });
                }
            }
        }
        builds
    }

    /// The label of `build`'s compiler, as `rustc 1.63.0`.
    pub fn label(&self, build: &Build) -> String {
        let compiler = std::iter::once(&self.current)
            .chain(&self.extras)
            .find(|c| c.rustc == build.rustc);
        compiler.map_or_else(|| build.rustc.display().to_string(), Compiler::label)
    }

    /// Which compilers this run checks, a line each, and whether one as old as
    /// `rust-version` is among them.
    pub fn note(&self) -> String {
        let plural = |editions: &[String]| if editions.len() == 1 { "" } else { "s" };
        let current = &self.current;
        let optimised = match self.full {
            true => format!(
                "edition{} {} with -O, and ",
                plural(&current.editions),
                current.editions.join(", ")
            ),
            false => String::new(),
        };
        let mut lines = vec![format!(
            "compilers: {}: {optimised}edition 2021 checked (overflow checks, debug assertions)",
            current.label(),
        )];
        for extra in &self.extras {
            lines.push(format!(
                "           {} (`{}`): edition{} {} with -O, and the crates as they are",
                extra.label(),
                extra.rustc.display(),
                plural(&extra.editions),
                extra.editions.join(", ")
            ));
        }
        let msrv = rust_version();
        let wanted = version_numbers(&msrv);
        let old_enough = (self.extras.iter())
            .chain([current])
            .find(|c| !c.version.is_empty() && c.numbers() <= wanted);
        let last = lines.last_mut().expect("a line for the current compiler");
        *last += &match (old_enough, self.full) {
            (Some(compiler), _) => {
                format!("; rust-version {msrv} checked with {}", compiler.label())
            }
            (None, true) => format!("; rust-version {msrv} not checked: no compiler that old"),
            // `.ci/run` sets the variable.
            (None, false) => format!(
                " ({EXTRA_VARIABLE} adds -O, every edition and rust-version {msrv}: see \
                 tests/common/compilers.rs)"
            ),
        };
        lines.join("\n")
    }
}
