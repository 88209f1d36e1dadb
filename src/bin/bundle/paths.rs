//! Paths into the library: which library modules a file names, and how its paths change in
//! the bundle, where the library becomes `mod NAME { .. }` at the root.
//!
//! In the binary, `NAME::..` and `::NAME::..` become `crate::NAME::..` (and `NAME as x`
//! becomes `crate::NAME as x`); in the library, `crate::..` becomes `super::..` (each module
//! is `mod NAME { .. }`'s child), or `crate::NAME::..` in a file with inline modules or macros,
//! as `$crate::..` does, while `super::..` stays right, since modules keep their nesting. The
//! segment after such a prefix names a module, or is a `use` group whose parts each start
//! with one. A glob or rename of the library root itself (`NAME::*`, `NAME as lib`,
//! `crate::*`, `super::*`) hides which modules the names below it mean: then every identifier
//! that is a module's name counts as naming it.

use crate::layout::Edits;
use crate::lex::Code;
use std::collections::BTreeSet;

/// Keywords that can stand before a path's leading `::`.
const KEYWORDS: &[&str] = &[
    "as", "async", "await", "break", "const", "continue", "crate", "dyn", "else", "enum", "extern",
    "fn", "for", "if", "impl", "in", "let", "loop", "match", "mod", "move", "mut", "pub", "ref",
    "return", "static", "struct", "trait", "type", "unsafe", "use", "where", "while",
];

/// The library paths of one file.
pub struct Paths {
    /// The library modules it names.
    pub named: BTreeSet<String>,
    /// The edits that rewrite its paths for the bundle.
    pub edits: Edits,
    /// It imports the library root itself, so any module name may be a path into it.
    everything: bool,
}

impl Paths {
    fn new(code: &Code) -> Paths {
        Paths {
            named: BTreeSet::new(),
            edits: Edits::new(code),
            everything: false,
        }
    }

    /// Records the modules named by the path or use group that continues at `p`, right after
    /// a prefix that means the library root.
    fn name(&mut self, code: &Code, p: usize, modules: &BTreeSet<String>) {
        match code.t(p) {
            "{" => {
                for (a, _) in code.split_commas(p + 1, code.partner[p]) {
                    self.name(code, a, modules);
                }
            }
            "*" | "self" => self.everything = true,
            name if modules.contains(name) => {
                self.named.insert(name.to_string());
            }
            _ => {}
        }
    }

    fn replace(&mut self, code: &Code, p: usize, text: String) {
        self.edits.replace.insert(code.code[p], text);
    }

    /// Counts every module name in `code` when the file imports the library root itself.
    fn finish(mut self, code: &Code, modules: &BTreeSet<String>) -> Paths {
        if self.everything {
            let idents = (0..code.len())
                .filter(|&p| code.is_ident(p))
                .map(|p| code.t(p));
            self.named
                .extend(idents.filter(|t| modules.contains(*t)).map(String::from));
        }
        self
    }
}

/// Whether the token at `p` continues a path into a following `::` (`a::`, `<T>::`), rather
/// than `::` starting an absolute path (`use ::a`, `(::a`).
fn continues_path(code: &Code, p: usize) -> bool {
    (code.is_ident(p) && !KEYWORDS.contains(&code.t(p))) || code.t(p) == ">"
}

/// Whether `p` follows `{` or `,` in a use group that continues a path, `a::{.., p}`, where a
/// name does not start a path (a library called `io` is not the `io` of `std::{fmt, io}`).
fn in_nested_group(code: &Code, p: usize) -> bool {
    let mut q = p;
    while matches!(code.before(p), "{" | ",") && q > 0 {
        q -= 1;
        match code.t(q) {
            ")" | "]" | "}" => q = code.partner[q],
            "(" | "[" | ";" => return false,
            "{" => return code.before(q) == "::",
            _ => {}
        }
    }
    false
}

/// The library paths of the binary's code, which names the library `lib_name`.
///
/// # Errors
/// When the binary imports the library root under its own name (`use lib_name;` or
/// `lib_name::{self}`), which would clash with the bundle's `mod lib_name`.
pub fn binary_paths(
    code: &Code,
    lib_name: &str,
    modules: &BTreeSet<String>,
) -> Result<Paths, String> {
    let mut paths = Paths::new(code);
    let inside = format!("crate::{lib_name}");
    for p in 0..code.len() {
        let starts = || !matches!(code.before(p), "::" | "." | "$") && !in_nested_group(code, p);
        let rest = if code.t(p) == lib_name && starts() {
            match code.t(p + 1) {
                "::" => Some(p + 2),
                "as" => Some(p + 1),
                ";" | "," | "}" => None,
                _ => continue,
            }
        } else if code.t(p) == "::"
            && code.t(p + 1) == lib_name
            && code.t(p + 2) == "::"
            && (p == 0 || !continues_path(code, p - 1))
        {
            paths.replace(code, p, "crate::".to_string());
            paths.name(code, p + 3, modules);
            continue;
        } else {
            continue;
        };
        let bare_self = |q: usize| code.t(q) == "self" && code.t(q + 1) != "as";
        let own_name = match rest {
            Some(q) if code.t(q) == "{" => code
                .split_commas(q + 1, code.partner[q])
                .iter()
                .any(|&(a, _)| bare_self(a)),
            Some(q) => bare_self(q),
            None => true,
        };
        if own_name {
            return Err(format!(
                "the binary imports `{lib_name}` under its own name (`use {lib_name};` or \
                 `{lib_name}::{{self}}`), which would clash with the bundle's `mod {lib_name}`: \
                 drop that import (the library needs none) or rename it"
            ));
        }
        paths.replace(code, p, inside.clone());
        match rest {
            Some(q) if code.t(q) == "as" => paths.everything = true,
            Some(q) => paths.name(code, q, modules),
            None => {}
        }
    }
    Ok(paths.finish(code, modules))
}

/// The library paths of a library module's code, the library being `lib_name`.
pub fn library_paths(code: &Code, lib_name: &str, modules: &BTreeSet<String>) -> Paths {
    let mut paths = Paths::new(code);
    // From a module's own items `super` is the library, and shorter; not where a path may be
    // read elsewhere, in an inline module or a macro.
    let nested = (0..code.len())
        .any(|p| code.t(p) == "macro_rules" || (code.t(p) == "mod" && code.t(p + 2) == "{"));
    for p in 0..code.len() {
        if code.t(p + 1) != "::" || code.before(p) == "::" {
            continue;
        }
        match code.t(p) {
            "crate" => {
                let from_anywhere = nested || code.before(p) == "$";
                let root = match from_anywhere {
                    true => format!("crate::{lib_name}"),
                    false => "super".to_string(),
                };
                paths.replace(code, p, root);
                paths.name(code, p + 2, modules);
            }
            "super" => {
                let mut q = p;
                while code.t(q) == "super" && code.t(q + 1) == "::" {
                    q += 2;
                }
                paths.name(code, q, modules);
            }
            _ => {}
        }
    }
    paths.finish(code, modules)
}
