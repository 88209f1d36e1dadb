//! Loading: finds and reads the files of a crate that follows the bundler's convention (see
//! the main module), stripped of docs and test code. The binary comes back as one text with
//! its module files inlined, the library as its modules in declaration order. Anything the
//! convention rules out stops here with an error that names the convention.

use crate::layout::{indent, line_indent, render, Edits, INDENT};
use crate::lex::Code;
use crate::strip::strip;
use std::collections::BTreeMap;
use std::fs;
use std::path::{Path, PathBuf};

/// A message about something at `line` of `file` that the convention rules out.
fn outside(file: &str, line: usize, what: &str) -> String {
    format!(
        "{file}: line {line}: {what} (the bundler's flat-library convention: see README.md, \
         Submitting)"
    )
}

/// The start of the item at position `p`, for messages: `pub fn name`, `pub use a::b`.
fn head(code: &Code, p: usize) -> &str {
    let text = &code.text[code.tokens[code.code[p]].start..];
    let line = text.lines().next().unwrap_or_default();
    line[..line.find(|c| "{;(".contains(c)).unwrap_or(line.len())].trim_end()
}

/// `path` relative to the crate root, for messages.
fn shown(root: &Path, path: &Path) -> String {
    path.strip_prefix(root)
        .unwrap_or(path)
        .display()
        .to_string()
}

/// The library's name in paths: `[package] name` in `root/Cargo.toml`, `-` made `_`.
///
/// # Errors
/// When Cargo.toml cannot be read, has no package name, or moves the library or a binary.
pub fn library_name(root: &Path) -> Result<String, String> {
    let file = root.join("Cargo.toml");
    let text =
        fs::read_to_string(&file).map_err(|e| format!("cannot read {}: {e}", file.display()))?;
    let mut section = "";
    let mut name = None;
    for (i, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.starts_with('[') {
            section = line;
            continue;
        }
        let (key, value) = match line.split_once('=') {
            Some((key, value)) => (key.trim(), value.trim().trim_matches('"')),
            None => continue,
        };
        match (section, key) {
            ("[package]", "name") => name = Some(value.replace('-', "_")),
            ("[lib]", "name" | "path") | ("[[bin]]", "path") => {
                let what = format!(
                    "`{key}` in {section}: the library is src/lib.rs, named after the \
                     package, and a binary is src/bin/NAME.rs or src/bin/NAME/main.rs"
                );
                return Err(outside("Cargo.toml", i + 1, &what));
            }
            _ => {}
        }
    }
    name.ok_or_else(|| format!("{}: no [package] name", file.display()))
}

/// The binaries of the crate at `root`, by name: `src/bin/NAME.rs` and `src/bin/NAME/main.rs`
/// as `NAME`, and the examples, `examples/NAME.rs` and `examples/NAME/main.rs`, as
/// `examples/NAME`.
pub fn binaries(root: &Path) -> BTreeMap<String, PathBuf> {
    let mut found = BTreeMap::new();
    for (dir, prefix) in [("src/bin", ""), ("examples", "examples/")] {
        let entries = fs::read_dir(root.join(dir));
        for path in entries.into_iter().flatten().flatten().map(|e| e.path()) {
            let main = path.join("main.rs");
            let (name, file) = if main.is_file() {
                (path.file_name(), main)
            } else if path.is_file() && path.extension().map_or(false, |e| e == "rs") {
                (path.file_stem(), path.clone())
            } else {
                continue;
            };
            if let Some(name) = name.and_then(|name| name.to_str()) {
                found.insert(format!("{prefix}{name}"), file);
            }
        }
    }
    found
}

/// The binary that `arg` names, by its name or by the path of its root file (relative to the
/// crate root, or else to the current folder): its name and root file.
///
/// # Errors
/// When `arg` names no binary: the message lists them.
pub fn find_binary(root: &Path, arg: &str) -> Result<(String, PathBuf), String> {
    let all = binaries(root);
    if let Some(file) = all.get(arg) {
        return Ok((arg.to_string(), file.clone()));
    }
    if arg.ends_with(".rs") {
        let wanted = [root.join(arg), PathBuf::from(arg)]
            .iter()
            .find_map(|path| path.canonicalize().ok());
        for (name, file) in &all {
            if wanted.is_some() && file.canonicalize().ok() == wanted {
                return Ok((name.clone(), file.clone()));
            }
        }
    }
    let names: Vec<&str> = all.keys().map(String::as_str).collect();
    Err(format!(
        "no binary {arg} in {}; it has {} (src/bin/NAME.rs or src/bin/NAME/main.rs, named by \
         NAME or by that path; an example by examples/NAME)",
        root.display(),
        if names.is_empty() {
            "none".to_string()
        } else {
            names.join(", ")
        }
    ))
}

/// A file read, lexed and stripped.
struct Source {
    /// Its path from the crate root, for messages.
    label: String,
    code: Code,
    edits: Edits,
}

impl Source {
    fn read(root: &Path, file: &Path) -> Result<Source, String> {
        let label = shown(root, file);
        let text =
            fs::read_to_string(file).map_err(|e| format!("cannot read {}: {e}", file.display()))?;
        let code = Code::new(text, &label)?;
        let edits = strip(&code);
        let source = Source { label, code, edits };
        for p in source.kept() {
            if source.attribute(p) == Some("path") {
                return Err(source.outside(
                    p,
                    "`#[path]`: module files sit where Cargo looks for them by default",
                ));
            }
        }
        Ok(source)
    }

    /// The code positions that stripping keeps.
    fn kept(&self) -> impl Iterator<Item = usize> + '_ {
        (0..self.code.len()).filter(move |&p| self.edits.keeps(&self.code, p))
    }

    /// The name of the outer attribute `#[name ..]` at `p`, if one starts there.
    fn attribute(&self, p: usize) -> Option<&str> {
        (self.code.t(p) == "#" && self.code.t(p + 1) == "[").then(|| self.code.t(p + 2))
    }

    /// The name of the module declared by `mod NAME;` at `p`, if one is there.
    fn module_file_declaration(&self, p: usize) -> Option<&str> {
        let code = &self.code;
        (code.t(p) == "mod" && code.is_ident(p + 1) && code.t(p + 2) == ";").then(|| code.t(p + 1))
    }

    fn outside(&self, p: usize, what: &str) -> String {
        outside(&self.label, self.code.line(p), what)
    }

    /// The file of module `name` declared at `p`: `dir/name.rs`.
    fn module_file(
        &self,
        root: &Path,
        dir: &Path,
        name: &str,
        p: usize,
    ) -> Result<PathBuf, String> {
        let name = name.trim_start_matches("r#");
        let file = dir.join(format!("{name}.rs"));
        let nested = dir.join(name).join("mod.rs");
        if file.is_file() {
            Ok(file)
        } else if nested.is_file() {
            let what = format!(
                "module {name} is in {}: a module file is NAME.rs, not NAME/mod.rs",
                shown(root, &nested)
            );
            Err(self.outside(p, &what))
        } else {
            let line = self.code.line(p);
            let file = shown(root, &file);
            Err(format!(
                "{}: line {line}: module {name}: no file {file}",
                self.label
            ))
        }
    }
}

/// The binary whose root file is `file`, stripped, with its module files (`mod x;` at the top
/// level of a file, read from `x.rs` where Cargo looks for it) inlined.
///
/// # Errors
/// When a file cannot be read or lexed, or breaks the convention.
pub fn load_binary(root: &Path, file: &Path, lib_name: &str) -> Result<String, String> {
    let source = Source::read(root, file)?;
    let code = &source.code;
    let mut edits = source.edits.clone();
    let dir = match file.parent() {
        Some(dir) if file.ends_with("main.rs") => dir.to_path_buf(),
        Some(dir) => dir.join(file.file_stem().unwrap_or_default()),
        None => PathBuf::new(),
    };
    let mut depth = 0usize;
    for p in 0..code.len() {
        match code.t(p) {
            "{" => depth += 1,
            "}" => depth -= 1,
            _ => {}
        }
        if !source.edits.keeps(code, p) {
            continue;
        }
        if code.t(p) == "extern" && code.t(p + 1) == "crate" && code.t(p + 2) == lib_name {
            let what = format!("`extern crate {lib_name}`: since edition 2018 it is not needed");
            return Err(source.outside(p, &what));
        }
        let name = match source.module_file_declaration(p) {
            Some(name) => name,
            None => continue,
        };
        if depth > 0 {
            let what = format!(
                "`mod {name};` inside an inline module: module files are declared at the top \
                 of a file"
            );
            return Err(source.outside(p, &what));
        }
        let child = source.module_file(root, &dir, name, p)?;
        let base = line_indent(code, p);
        let body = indent(
            &load_binary(root, &child, lib_name)?,
            &format!("{base}{INDENT}"),
        )?;
        let body = format!(" {{\n{}\n{base}}}", body.trim_end());
        edits.replace.insert(code.code[p + 2], body);
    }
    Ok(render(code, &edits))
}

/// A library module: `src/NAME.rs`, declared `VIS mod NAME;` in src/lib.rs.
pub struct Module {
    pub name: String,
    /// Its visibility, such as `pub` or `pub(crate)`, or "".
    pub vis: String,
    /// Its stripped source.
    pub code: Code,
}

/// The library of a crate.
#[derive(Default)]
pub struct Library {
    /// The lint attributes of src/lib.rs, `#![allow(..)]` and the like.
    pub lints: Vec<String>,
    /// Its modules in the order src/lib.rs declares them.
    pub modules: Vec<Module>,
}

/// The library of the crate at `root`, if it has src/lib.rs.
///
/// # Errors
/// When a file cannot be read or lexed, or breaks the convention.
pub fn load_library(root: &Path) -> Result<Option<Library>, String> {
    let src = root.join("src");
    if !src.join("lib.rs").is_file() {
        return Ok(None);
    }
    let lib = Source::read(root, &src.join("lib.rs"))?;
    let code = &lib.code;
    let mut library = Library::default();
    let mut p = 0;
    while p < code.len() {
        if !lib.edits.keeps(code, p) {
            p += 1;
            continue;
        }
        if code.t(p) == "#" && code.t(p + 1) == "!" {
            let end = code.partner[p + 2] + 1;
            if !matches!(code.t(p + 3), "allow" | "warn" | "deny" | "forbid") {
                let what = format!(
                    "`{}`: src/lib.rs may only have lint attributes",
                    code.slice(p, end)
                );
                return Err(lib.outside(p, &what));
            }
            library.lints.push(code.slice(p, end).to_string());
            p = end;
            continue;
        }
        if code.t(p) == "#" {
            let what = format!(
                "`{}` on a module declaration: cfg alternatives, #[path], #[macro_use] and \
                 other attributes there are not supported (lints go in the module's file)",
                code.slice(p, code.partner[p + 1] + 1)
            );
            return Err(lib.outside(p, &what));
        }
        let k = match (code.t(p), code.t(p + 1)) {
            ("pub", "(") => code.partner[p + 1] + 1,
            ("pub", _) => p + 1,
            _ => p,
        };
        let name = match lib.module_file_declaration(k) {
            Some(name) => name.to_string(),
            None => {
                let what = format!(
                    "`{}`: src/lib.rs may only declare modules, `pub mod NAME;` (no root items, \
                     re-exports, macros, extern crates or inline modules)",
                    head(code, p)
                );
                return Err(lib.outside(p, &what));
            }
        };
        let module = Source::read(root, &lib.module_file(root, &src, &name, k)?)?;
        for q in module.kept() {
            if let Some(child) = module.module_file_declaration(q) {
                let what = format!(
                    "`mod {child};` needs a file of its own, but library modules are flat: \
                     declare it in src/lib.rs, or write it inline"
                );
                return Err(module.outside(q, &what));
            }
            if module.attribute(q) == Some("macro_export") {
                let what = "`#[macro_export]`: library macros stay private to their module";
                return Err(module.outside(q, what));
            }
        }
        library.modules.push(Module {
            vis: if k > p {
                code.slice(p, k).to_string()
            } else {
                String::new()
            },
            code: Code::new(render(&module.code, &module.edits), &module.label)?,
            name,
        });
        p = k + 3;
    }
    Ok(Some(library))
}
