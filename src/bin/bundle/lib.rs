//! The bundler: one problem binary and the library modules it reaches, as one `.rs` file that
//! a judge compiles alone. Its command is this package's binary, `bundle` (`main.rs`); the
//! tests call [`bundle`] itself.
//!
//! ```text
//! cargo run --release --bin bundle -- marble_diamond > target/marble_diamond.rs
//! cargo run --release --bin bundle -- src/bin/marble_diamond/main.rs > target/marble_diamond.rs
//! cargo run --release --bin bundle -- examples/take_away > target/take_away.rs
//! cargo run --release --bin bundle -- --root CRATE_DIR NAME
//! cargo run --release --bin bundle -- --allow-large NAME > target/NAME.rs
//! cargo run --release --bin bundle -- --readme
//! ```
//!
//! `--readme` bundles each problem of README.md's problem table and writes their sizes and
//! library modules into the README's region `bundle-sizes`, which it owns ([`readme`]);
//! `cargo test` checks that region against the bundles.
//!
//! # The convention
//!
//! The bundler handles a flat library, like this crate's, which keeps it small: only paths
//! into the library need resolving, and items are told apart by name. For a library called
//! `lib`:
//!
//! - `src/lib.rs` only declares modules, `pub mod NAME;` (any visibility), besides comments,
//!   docs, lint attributes (`#![allow(..)]`) and `#[cfg(test)]` items. The library's name is
//!   the package's, `-` made `_`.
//! - Each library module is one file, `src/NAME.rs`, with no module files of its own (inline
//!   `mod x { .. }` is fine). Modules name each other through `crate::NAME::..` or
//!   `super::NAME::..`; macros stay private to their module (`$crate::` works).
//! - A binary is `src/bin/NAME.rs` or `src/bin/NAME/main.rs` (an example, named
//!   `examples/NAME`, is the same in `examples/`), whose `mod x;` files sit where Cargo looks
//!   for them (`x.rs` beside `main.rs`, or in `src/bin/NAME/`). It reaches the
//!   library through `lib::..` or `::lib::..` paths, in `use` trees of any shape or inline.
//!
//! Anything else stops the bundler with an error that names the convention, rather than
//! giving a bundle that may not compile: `#[path]`; attributes on the module declarations of
//! src/lib.rs (cfg alternatives, `#[macro_use]`); root items, re-exports, macros, inline
//! modules or `extern crate` in src/lib.rs; nested library module files and `mod.rs` files;
//! `#[macro_export]`; `extern crate lib` in a binary; `[lib] path` and `[[bin]] path`.
//!
//! # The bundle
//!
//! The bundle is the binary's code, its module files inlined, followed by `mod lib { .. }`
//! holding the library modules it reaches, each as `pub mod NAME { .. }` ([`reach`] says
//! which may, [`paths`] how their paths change), with only the items it reaches ([`prune`]:
//! by name, over tokens, [`items`] and [`headers`] telling what an item is and what an impl
//! header names; a module of which nothing stays and that no kept code names is left out).
//! Doc comments, `#[test]` functions and items under `#[cfg(test)]` are dropped ([`strip`]).
//! So that it stays well under the limit as the library grows, the bundle is compact
//! ([`compact`]): plain comments go as well, with the lines they had to themselves (its own
//! header comment stays); the binary's lines are indented with a tab per level, and the
//! library is minified, each item on one line (its sources are for reading), its local
//! variables and private functions, constants, fields and methods given the shortest names
//! free ([`shorten`]; [`occurrences`] tells where a name may change). Every pass works on tokens
//! ([`lex`]), so nothing inside a string, char or byte literal changes, nor any line that
//! begins inside one. stderr says what compacting saved and what pruning left
//! out, then, as its last line, reports `NAME: N bytes; library modules: a, b`. Two runs give
//! the same bytes: modules come in src/lib.rs order, items in their files' order.
//!
//! # Size
//!
//! A bundle over 48 KiB gets a warning on stderr that says what takes the room: the bytes
//! of each library module pasted, largest first, and the binary's own. One over 50,000 bytes,
//! the limit of SPOJ and CodeChef, is an error (nothing on stdout) unless `--allow-large`
//! asks for it: then it is printed, and still warned about ([`size`]).
//!
//! There is no option to keep the comments: the bundle is for the judge, and the sources,
//! where the comments are, for reading. An option would be a second kind of bundle to test
//! on every compiler and edition, one that outgrows the limit first.

mod compact;
mod fresh;
mod headers;
mod items;
mod layout;
mod lex;
mod load;
mod methods;
mod occurrences;
mod paths;
mod private;
mod prune;
mod reach;
pub mod readme;
mod shorten;
mod size;
mod strip;

use compact::{drop_comments, minify, tabs};
use layout::{render, tidy};
use lex::Code;
use reach::Links;
use size::Room;
use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

/// The README region the bundler owns, and the command that writes it.
pub const README_REGION: (&str, &str) = (
    "bundle-sizes",
    "cargo run --release --bin bundle -- --readme",
);

/// Writes the README's region `bundle-sizes` of the crate at `root`: a row for each
/// problem of its problem table. Returns whether the region changed.
///
/// # Complexity
/// A bundle of each problem.
///
/// # Errors
/// When README.md cannot be read or written, its region is malformed, or a bundle fails.
pub fn write_readme(root: &Path) -> Result<bool, String> {
    let path = root.join("README.md");
    let text = std::fs::read_to_string(&path)
        .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    let mut body = String::from(readme::SIZES_HEADER);
    for name in readme::problems(&text) {
        let bundle = bundle(root, &name)?;
        body += &readme::size_row(&name, bundle.text.len(), &bundle.modules);
    }
    let (region, command) = README_REGION;
    readme::write(&path, region, command, &body)
}

/// A finished bundle.
pub struct Bundle {
    /// The binary's name.
    pub name: String,
    /// The source file.
    pub text: String,
    /// The library modules inlined, sorted.
    pub modules: Vec<String>,
    /// The bytes that compacting took out of the sources pasted: comments, indentation and,
    /// in the library, line breaks, spaces and long names.
    pub saved_bytes: usize,
    /// What pruning left out, per module, for the report; empty if nothing.
    pub left_out: String,
    /// Where its bytes go, for the size limits ([`size`]).
    pub room: Room,
}

/// Bundles the binary that `binary` names (its name, or the path of its root file) in the
/// crate at `root`.
///
/// # Complexity
/// O(source bytes of the binary and the library) per pass, a few passes.
///
/// # Errors
/// A message when a file cannot be read or lexed, or the crate breaks the convention. (How
/// large a bundle may be is the caller's to check: [`Room::check`].)
pub fn bundle(root: &Path, binary: &str) -> Result<Bundle, String> {
    let lib_name = load::library_name(root)?;
    let (name, file) = load::find_binary(root, binary)?;
    let bin = Code::new(load::load_binary(root, &file, &lib_name)?, &name)?;
    let library = load::load_library(root)?.unwrap_or_default();
    let names: BTreeSet<String> = library.modules.iter().map(|m| m.name.clone()).collect();
    let bin_paths = paths::binary_paths(&bin, &lib_name, &names)?;
    let mut lib_paths = Vec::new();
    let mut links = BTreeMap::new();
    for module in &library.modules {
        let paths = paths::library_paths(&module.code, &lib_name, &names);
        let module_links = Links {
            named: paths.named.clone(),
            implements_for_others: reach::implements_for_others(&module.code),
        };
        links.insert(module.name.clone(), module_links);
        lib_paths.push(paths);
    }
    let reached = reach::reachable(&bin_paths.named, &links);
    let modules: Vec<(&load::Module, &paths::Paths)> = library
        .modules
        .iter()
        .zip(&lib_paths)
        .filter(|(module, _)| reached.contains(&module.name))
        .collect();
    let codes: Vec<&Code> = modules.iter().map(|(module, _)| &module.code).collect();
    let named: Vec<bool> = modules
        .iter()
        .map(|(module, _)| bin_paths.named.contains(&module.name))
        .collect();
    let pruned = prune::prune(&bin, &codes, &named);
    // A module comes along if some of it stays, or if code that stays names it.
    let mut pasted: BTreeSet<String> = bin_paths.named.clone();
    let mut texts = BTreeMap::new();
    let (mut left_out, mut left_out_bytes) = (Vec::new(), 0);
    for ((module, paths), pruned) in modules.iter().zip(&pruned) {
        let text = render(&module.code, &pruned.edits);
        if pruned.keeps_any {
            pasted.insert(module.name.clone());
            let kept = Code::new(text.clone(), &module.name)?;
            pasted.extend(paths::library_paths(&kept, &lib_name, &names).named);
        }
        let mut edits = paths.edits.clone();
        for (removed, pruned) in edits.removed.iter_mut().zip(&pruned.edits.removed) {
            *removed |= *pruned;
        }
        texts.insert(module.name.clone(), render(&module.code, &edits));
        if pruned.dropped > 0 {
            left_out.push((module.name.clone(), pruned.dropped));
        }
        left_out_bytes += module.code.text.len() - text.len();
    }
    texts.retain(|name, _| pasted.contains(name));
    let mut left_out: Vec<String> = left_out
        .iter()
        .map(|(module, dropped)| {
            let items = format!("{dropped} item{}", if *dropped == 1 { "" } else { "s" });
            match texts.contains_key(module) {
                true => format!("{items} of {module}"),
                false => format!("all of {module} ({items})"),
            }
        })
        .collect();
    if !left_out.is_empty() {
        left_out.push(format!("{left_out_bytes} bytes before compacting"));
    }
    let header = format!(
        "// {name} as one file, by the bundler (src/bin/bundle/): the binary,\n// {}.\n\n",
        match texts.len() {
            0 => "which uses no library module".to_string(),
            _ => format!("then the library items it uses, in `mod {lib_name}`"),
        },
    );
    let code = render(&bin, &bin_paths.edits);
    let shortened = shorten::shorten(&bin, &texts)?;
    let binary = tabs(&tidy(&format!("{header}{}", drop_comments(&code)?))?)?;
    let mut text = binary.clone();
    let mut sizes = Vec::new();
    if !texts.is_empty() {
        let mut library_code = format!(
            "\n#[allow(dead_code, unused_imports, unused_macros)]\nmod {lib_name} {{\n{}",
            library
                .lints
                .iter()
                .map(|l| format!("{l}\n"))
                .collect::<String>()
        );
        for module in &library.modules {
            if let Some(text) = shortened.get(&module.name) {
                let vis = format!("{} ", module.vis);
                let pasted = format!(
                    "{}mod {} {{\n{}\n}}\n",
                    vis.trim_start(),
                    module.name,
                    minify(text)?.trim()
                );
                sizes.push((module.name.clone(), pasted.len()));
                library_code.push_str(&pasted);
            }
        }
        text.push_str(&library_code);
        text.push_str("}\n");
    }
    Ok(Bundle {
        name,
        saved_bytes: (header.len() + code.len() + texts.values().map(String::len).sum::<usize>())
            .saturating_sub(text.len()),
        room: Room {
            binary: binary.len(),
            modules: sizes,
            total: text.len(),
        },
        text,
        modules: texts.into_keys().collect(),
        left_out: left_out.join(", "),
    })
}

/// The `main` of the library's unit-test target, which has no tests and no harness (see
/// Cargo.toml): `cargo test NAME` runs it, and it prints nothing.
#[cfg(test)]
fn main() {}
