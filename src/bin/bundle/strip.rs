//! Stripping: what the bundle leaves out of every file. Doc comments and `#[doc]` attributes
//! go (inside a macro call, where a macro may match them as attributes, they become an empty
//! `#[doc = ""]`), and so do items, fields, statements and match arms under `#[test]` or a
//! `#[cfg(..)]` that is false whatever the other options, given that `test` and `doctest`
//! are unset. Literals stay as they are; plain comments go later, from the whole bundle
//! ([`crate::compact`]).

use crate::layout::Edits;
use crate::lex::{Code, Kind};

/// After the attributes of an item, skips `pub`, `pub(..)`, `unsafe`, `async`, `default`,
/// `extern "C"` and the `const` of `const fn`, to the keyword that tells the item's kind.
pub fn skip_qualifiers(code: &Code, mut p: usize) -> usize {
    loop {
        match code.t(p) {
            "pub" => {
                p += 1;
                if code.t(p) == "(" {
                    p = code.partner[p] + 1;
                }
            }
            "unsafe" | "async" | "default" => p += 1,
            "extern" if code.kind(p + 1) == Some(Kind::Literal) => p += 2,
            "const" if matches!(code.t(p + 1), "fn" | "unsafe" | "async" | "extern") => p += 1,
            _ => return p,
        }
    }
}

/// The position just past the item, statement, field or arm starting at `p` (after its
/// attributes): its `;` or `,`, or its closing `}` (with an `else` chain or a trailing comma),
/// or the enclosing closing delimiter, whichever comes first.
pub fn item_end(code: &Code, p: usize) -> usize {
    let n = code.len();
    let mut p = skip_qualifiers(code, p);
    let until_semicolon = matches!(code.t(p), "const" | "static" | "type" | "use" | "let")
        || (code.t(p) == "extern" && code.t(p + 1) == "crate");
    // Commas end fields and match arms, but not the where clauses of items.
    let comma_ends = !until_semicolon
        && !matches!(
            code.t(p),
            "fn" | "impl" | "struct" | "enum" | "union" | "trait" | "mod" | "extern"
        );
    let mut angle = 0i32;
    while p < n {
        let t = code.t(p);
        if matches!(t, "(" | "[" | "{") {
            let close = code.partner[p];
            if t == "{" && !until_semicolon && angle <= 0 {
                let next = close + 1;
                if code.t(next) == "else" {
                    p = next + 1;
                    continue;
                }
                return if code.t(next) == "," { next + 1 } else { next };
            }
            p = close + 1;
            continue;
        }
        match t {
            ")" | "]" | "}" => return p,
            ";" => return p + 1,
            "," if comma_ends && angle <= 0 => return p + 1,
            "<" if !until_semicolon => angle += 1,
            ">" if !until_semicolon => angle -= 1,
            _ => {}
        }
        p += 1;
    }
    n
}

/// What an attribute `#[..]` or `#![..]` means to the bundler.
#[derive(PartialEq, Eq)]
enum Attr {
    /// `#[test]`, or `#[cfg(p)]` with `p` false whatever other options are set, given that
    /// `test` and `doctest` are unset: drop the item.
    Drop,
    /// `#[doc ..]`: drop the attribute.
    Doc,
    Keep,
}

/// Classifies the attribute whose content (inside the brackets) is at positions `from..to`.
fn classify_attr(code: &Code, from: usize, to: usize) -> Attr {
    let whole_cfg = code.t(from + 1) == "(" && code.partner[from + 1] + 1 == to;
    match code.t(from) {
        "test" if from + 1 == to => Attr::Drop,
        "doc" => Attr::Doc,
        "cfg" if whole_cfg && cfg_value(code, from + 2, to - 1) == Some(false) => Attr::Drop,
        _ => Attr::Keep,
    }
}

/// The value of the cfg predicate at positions `from..to` when `test` and `doctest` are
/// unset, or `None` when it depends on other options.
fn cfg_value(code: &Code, from: usize, to: usize) -> Option<bool> {
    let name = code.t(from);
    if from + 1 == to {
        return if matches!(name, "test" | "doctest") {
            Some(false)
        } else {
            None
        };
    }
    if code.t(from + 1) != "(" || code.partner[from + 1] + 1 != to {
        return None;
    }
    let args: Vec<Option<bool>> = code
        .split_commas(from + 2, to - 1)
        .into_iter()
        .map(|(a, b)| cfg_value(code, a, b))
        .collect();
    match name {
        "all" if args.contains(&Some(false)) => Some(false),
        "all" if args.iter().all(|v| *v == Some(true)) => Some(true),
        "any" if args.contains(&Some(true)) => Some(true),
        "any" if args.iter().all(|v| *v == Some(false)) => Some(false),
        "not" if args.len() == 1 => args[0].map(|v| !v),
        _ => None,
    }
}

/// The edits that remove test code and doc comments from `code`.
pub fn strip(code: &Code) -> Edits {
    // In the input of a macro call, a doc comment or `#[doc]` is an attribute that the macro
    // may match (`$(#[$meta:meta])*`): it becomes an empty `#[doc = ""]` instead of going.
    let mut macro_input = vec![false; code.tokens.len()];
    for p in 1..code.len() {
        if code.t(p) == "!"
            && code.is_ident(p - 1)
            && code.t(p - 1) != "macro_rules"
            && matches!(code.t(p + 1), "(" | "[" | "{")
        {
            let (a, b) = (code.code[p + 1], code.code[code.partner[p + 1]]);
            macro_input[a..b].iter_mut().for_each(|m| *m = true);
        }
    }
    let mut edits = Edits::new(code);
    let empty_doc = |inner: bool| format!("#{}[doc = \"\"]", if inner { "!" } else { "" });
    for (i, token) in code.tokens.iter().enumerate() {
        if token.kind == Kind::DocComment {
            if macro_input[i] {
                let inner = matches!(&code.text[token.start..token.start + 3], "//!" | "/*!");
                edits.replace.insert(i, empty_doc(inner));
            } else {
                edits.removed[i] = true;
            }
        }
    }
    // Drops the doc attribute at positions `from..to`.
    let drop_doc = |edits: &mut Edits, from: usize, to: usize, inner: bool| {
        edits.remove(code, from, to);
        let first = code.code[from];
        if macro_input[first] {
            edits.removed[first] = false;
            edits.replace.insert(first, empty_doc(inner));
        }
    };
    let mut p = 0;
    while p < code.len() {
        if code.t(p) != "#" {
            p += 1;
            continue;
        }
        if code.t(p + 1) == "!" && code.t(p + 2) == "[" {
            let close = code.partner[p + 2];
            if classify_attr(code, p + 3, close) == Attr::Doc {
                drop_doc(&mut edits, p, close + 1, true);
            }
            p = close + 1;
            continue;
        }
        if code.t(p + 1) != "[" {
            p += 1;
            continue;
        }
        let mut attrs = Vec::new();
        let mut q = p;
        while code.t(q) == "#" && code.t(q + 1) == "[" {
            let close = code.partner[q + 1];
            attrs.push((q, close + 1, classify_attr(code, q + 2, close)));
            q = close + 1;
        }
        if attrs.iter().any(|a| a.2 == Attr::Drop) {
            let end = item_end(code, q).max(q);
            edits.remove(code, p, end);
            p = end;
            continue;
        }
        for (a, b, attr) in attrs {
            if attr == Attr::Doc {
                drop_doc(&mut edits, a, b, false);
            }
        }
        p = q;
    }
    edits
}
