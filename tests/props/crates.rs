//! The crates as they are, compiled without cargo: the library, the lab, the bundler and every
//! binary (problems, examples, tools), with each compiler and edition that cargo's own build
//! does not check, so that `rust-version` (and the editions a judge may use) is checked for
//! real: the current `rustc` with edition 2018 (and 2024 under the full matrix), and each
//! compiler `COMBGAMES_RUSTC_EXTRA` names with each of its editions (`common::compilers`);
//! the crates no bundle holds (the lab, the bundler, the tools) with edition 2021 only. A
//! warning fails too. The bundles themselves are checked in each program's own target.

use common::bundling::{manifest_dir, run_compiler, TempDir};
use common::compilers::{rust_version, version_numbers, Matrix};
use common::samples::programs;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::thread;

/// A crate of the workspace: its name, its folder, its root file, the crates it uses,
/// whether it is a library, and whether a bundle holds it (the library and the programs,
/// which a judge may compile with any edition; the lab, the bundler and the tools are
/// compiled by cargo with edition 2021 only, so that only `rust-version` is checked).
struct Unit {
    name: String,
    dir: PathBuf,
    root: PathBuf,
    uses: &'static [&'static str],
    lib: bool,
    bundled: bool,
}

/// Every crate, libraries first (each after those it uses), then every binary.
fn units() -> Vec<Unit> {
    let root = manifest_dir();
    let lib = |name: &str, dir: &str, uses, bundled| Unit {
        name: name.to_string(),
        dir: root.join(dir),
        root: root.join(dir).join("lib.rs"),
        uses,
        lib: true,
        bundled,
    };
    let mut units = vec![
        lib("combgames", "", &[], true),
        lib("lab", "src/lab", &["combgames"], false),
        lib("bundle", "src/bin/bundle", &[], false),
    ];
    units[0].root = root.join("src/lib.rs");
    let bin = |name: &str, dir: PathBuf, file: PathBuf, uses, bundled| Unit {
        name: name.to_string(),
        dir,
        root: file,
        uses,
        lib: false,
        bundled,
    };
    for program in programs() {
        let (dir, source) = (program.dir(), program.source());
        units.push(bin(&program.name, dir, source, &["combgames"], true));
    }
    for tool in ["new", "check"] {
        let file = root.join(format!("src/bin/{tool}.rs"));
        units.push(bin(tool, root.clone(), file, &[], false));
    }
    let bundler = root.join("src/bin/bundle");
    let main = bundler.join("main.rs");
    units.push(bin("bundle", bundler, main, &["bundle"], false));
    let lab = root.join("src/lab");
    let main = lab.join("main.rs");
    units.push(bin("lab", lab, main, &["combgames", "lab"], false));
    units
}

/// Compiles `unit` with `rustc` and `edition` into `out`, against the libraries there.
fn compile(rustc: &Path, edition: &str, unit: &Unit, out: &Path) -> Result<(), String> {
    let mut command = Command::new(rustc);
    command
        .args(["--edition", edition, "--crate-name", &unit.name])
        .env("CARGO_MANIFEST_DIR", &unit.dir)
        .env("CARGO_PKG_NAME", &unit.name)
        .env("CARGO_PKG_VERSION", env!("CARGO_PKG_VERSION"));
    for used in unit.uses {
        command.arg("--extern").arg(format!(
            "{used}={}",
            out.join(format!("lib{used}.rlib")).display()
        ));
    }
    match unit.lib {
        true => command.args(["--crate-type", "lib", "--out-dir"]).arg(out),
        false => command
            .arg("-o")
            .arg(out.join(format!("bin-{}", unit.name))),
    };
    command.arg(&unit.root);
    let shown = unit.root.strip_prefix(manifest_dir()).unwrap_or(&unit.root);
    let what = format!(
        "{} --edition {edition} on {}",
        rustc.display(),
        shown.display()
    );
    run_compiler(&mut command, &what)
}

#[test]
fn the_crates_compile_with_every_compiler_and_edition() {
    let matrix = Matrix::from_env().unwrap();
    let mut builds: Vec<(&Path, &str)> = vec![(&matrix.current.rustc, "2018")];
    if matrix.full {
        let others = matrix
            .current
            .editions
            .iter()
            .filter(|e| *e != "2021" && *e != "2018");
        builds.extend(others.map(|e| (&*matrix.current.rustc, e.as_str())));
        for extra in &matrix.extras {
            builds.extend(extra.editions.iter().map(|e| (&*extra.rustc, e.as_str())));
        }
    }
    if matrix.full {
        let wanted = version_numbers(&rust_version());
        let old_enough = matrix.extras.iter().any(|c| c.numbers() <= wanted);
        assert!(
            old_enough,
            "{}: no compiler as old as rust-version",
            matrix.note()
        );
    }
    let units = units();
    let temp = TempDir::new("crates");
    let failures: Vec<String> = thread::scope(|scope| {
        let runs: Vec<_> = builds
            .iter()
            .enumerate()
            .map(|(i, &(rustc, edition))| {
                let out = temp.0.join(format!("build-{i}"));
                let units = &units;
                scope.spawn(move || {
                    std::fs::create_dir_all(&out).unwrap();
                    let mut failed = Vec::new();
                    let wanted = |unit: &&Unit| unit.bundled || edition == "2021";
                    for unit in units.iter().filter(wanted) {
                        if let Err(e) = compile(rustc, edition, unit, &out) {
                            failed.push(e);
                            if unit.lib {
                                break;
                            }
                        }
                    }
                    failed
                })
            })
            .collect();
        runs.into_iter()
            .flat_map(|run| run.join().unwrap())
            .collect()
    });
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}
