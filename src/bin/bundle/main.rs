//! `bundle`: the command of the bundler (its library, `lib.rs`, says what a bundle is).
//!
//! ```text
//! cargo run --release --bin bundle -- marble_diamond > target/marble_diamond.rs
//! cargo run --release --bin bundle -- src/bin/marble_diamond/main.rs > target/marble_diamond.rs
//! cargo run --release --bin bundle -- examples/take_away > target/take_away.rs
//! cargo run --release --bin bundle -- --root CRATE_DIR NAME
//! cargo run --release --bin bundle -- --allow-large NAME > target/NAME.rs
//! cargo run --release --bin bundle -- --readme
//! ```

use bundle::{bundle, write_readme, README_REGION};
use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

const USAGE: &str = "usage: bundle [--root CRATE_DIR] [--allow-large] BINARY
       bundle [--root CRATE_DIR] --readme
Prints src/bin/BINARY.rs (or src/bin/BINARY/main.rs) and the library modules it uses as one
self-contained .rs file on stdout, and its size on stderr. BINARY may also be the path of that
file, or examples/NAME for an example. CRATE_DIR (default: this crate) holds Cargo.toml,
src/lib.rs and src/bin/. A bundle over 48 KiB is warned about, with the bytes of each module;
one over 50,000 bytes (the limit of SPOJ and CodeChef) is an error unless --allow-large. With
--readme, writes the bundle size and library modules of each problem of README.md's problem
table into its region `bundle-sizes`.";

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let mut root = PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/../../.."));
    let (mut binary, mut readme, mut allow_large) = (None, false, false);
    let mut i = 0;
    while i < args.len() {
        match args[i].as_str() {
            "-h" | "--help" => {
                println!("{USAGE}");
                return ExitCode::SUCCESS;
            }
            "--allow-large" => allow_large = true,
            "--root" if i + 1 < args.len() => {
                root = PathBuf::from(&args[i + 1]);
                i += 1;
            }
            "--readme" => readme = true,
            arg if binary.is_none() && !arg.starts_with('-') => binary = Some(arg.to_string()),
            _ => {
                eprintln!("{USAGE}");
                return ExitCode::FAILURE;
            }
        }
        i += 1;
    }
    let bundled = match binary {
        None if readme => {
            return match write_readme(&root) {
                Ok(changed) => {
                    let what = if changed {
                        "written"
                    } else {
                        "already current"
                    };
                    eprintln!("README.md: region {}: {what}", README_REGION.0);
                    ExitCode::SUCCESS
                }
                Err(e) => {
                    eprintln!("error: {e}");
                    ExitCode::FAILURE
                }
            }
        }
        Some(binary) if !readme => bundle(&root, &binary),
        _ => {
            eprintln!("{USAGE}");
            return ExitCode::FAILURE;
        }
    };
    let written = bundled.and_then(|bundle| {
        bundle.room.check(&bundle.name, allow_large)?;
        let mut out = std::io::stdout();
        out.write_all(bundle.text.as_bytes())
            .and_then(|()| out.flush())
            .map_err(|e| format!("writing the bundle: {e}"))?;
        Ok(bundle)
    });
    match written {
        Ok(bundle) => {
            let modules = match bundle.modules.len() {
                0 => "none".to_string(),
                _ => bundle.modules.join(", "),
            };
            let size = bundle.text.len();
            eprintln!(
                "{}: compacting saved {} bytes: comments, indentation, and in the library line \
                 breaks, spaces and long names",
                bundle.name, bundle.saved_bytes
            );
            if !bundle.left_out.is_empty() {
                eprintln!(
                    "{}: left out what the binary does not reach: {}",
                    bundle.name, bundle.left_out
                );
            }
            if let Some(warning) = bundle.room.warning(&bundle.name) {
                eprintln!("{warning}");
            }
            eprintln!("{}: {size} bytes; library modules: {modules}", bundle.name);
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::FAILURE
        }
    }
}
