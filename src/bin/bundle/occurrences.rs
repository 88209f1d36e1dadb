//! Occurrences: what an identifier in a library module's code is, as far as renaming it
//! safely cares ([`crate::shorten`]). Names are not resolved, so every case that a token
//! alone cannot tell is one that keeps its name: an identifier is [`Occurrence::Member`]
//! after a `.` or a `::` (a field, a method, an associated item, a path's later segment),
//! [`Occurrence::Fixed`] where renaming it could change what something else names, and
//! [`Occurrence::Plain`] otherwise: a variable, a function or a constant named on its own.
//!
//! Fixed: inside an attribute or a `use` item; inside a macro call that is not one of std's
//! whose arguments are expressions ([`EXPRESSION_MACROS`]: `stringify!` and `dbg!` quote
//! theirs), and inside the condition of an `assert!` without a message, which the panic
//! quotes; a raw identifier; a macro's name, a path's first segment, a name defined by an
//! item keyword (`fn x`, `const X`); what looks like a field's name or shorthand in braces
//! that may be a block (`{ x }`, `{ |a, x: u8| a }`). In braces that surely are a struct's
//! (after a struct's name, not in the head of an `if` or a `match`), a field's name is
//! [`Occurrence::Field`] and a shorthand [`Occurrence::Shorthand`].

use crate::lex::{Code, Kind};
use std::collections::BTreeSet;

/// Std's macros whose arguments are expressions or format strings, which renaming a
/// variable in them, with its captures in the format string, leaves meaning the same.
pub const EXPRESSION_MACROS: &[&str] = &[
    "assert",
    "assert_eq",
    "assert_ne",
    "debug_assert",
    "debug_assert_eq",
    "debug_assert_ne",
    "eprint",
    "eprintln",
    "format",
    "format_args",
    "matches",
    "panic",
    "print",
    "println",
    "todo",
    "unimplemented",
    "unreachable",
    "vec",
    "write",
    "writeln",
];

/// Keywords of every edition, reserved words and weak keywords: never a new name.
pub const KEYWORDS: &[&str] = &[
    "abstract",
    "as",
    "async",
    "auto",
    "await",
    "become",
    "box",
    "break",
    "const",
    "continue",
    "crate",
    "default",
    "do",
    "dyn",
    "else",
    "enum",
    "extern",
    "false",
    "final",
    "fn",
    "for",
    "gen",
    "if",
    "impl",
    "in",
    "let",
    "loop",
    "macro",
    "macro_rules",
    "match",
    "mod",
    "move",
    "mut",
    "override",
    "priv",
    "pub",
    "raw",
    "ref",
    "return",
    "safe",
    "self",
    "Self",
    "static",
    "struct",
    "super",
    "trait",
    "true",
    "try",
    "type",
    "typeof",
    "union",
    "unsafe",
    "unsized",
    "use",
    "virtual",
    "where",
    "while",
    "yield",
];

/// The primitive types' names, which are no variables.
pub const PRIMITIVES: &[&str] = &[
    "bool", "char", "f32", "f64", "i128", "i16", "i32", "i64", "i8", "isize", "str", "u128", "u16",
    "u32", "u64", "u8", "usize",
];

/// After these, a name is defined by an item (or is the type of `as`), not used.
const DEFINING: &[&str] = &[
    "fn", "const", "static", "struct", "enum", "union", "type", "trait", "mod", "crate", "as",
];

/// What an identifier is, as far as renaming cares.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Occurrence {
    /// A name on its own: a variable, a function, a constant.
    Plain,
    /// After a `.` or a `::`: a field, a method, an associated item, a path segment.
    Member,
    /// A name that must not change here, nor anywhere it may mean the same.
    Fixed,
    /// A field's name in braces that surely are a struct's (a literal, a pattern or the
    /// definition): `S { x: .. }`.
    Field,
    /// A field's shorthand in braces that surely are a struct's, `S { x, .. }`: the field,
    /// and a variable of the same name.
    Shorthand,
}

/// What a file's tokens say about renaming.
pub struct Marks {
    /// Per position, the innermost open delimiter around it, if any.
    enclosing: Vec<Option<usize>>,
    /// Per position, it is in an attribute, a `use` item, the input of a macro that is not
    /// an expression macro, or the condition of an `assert!` without a message.
    fixed: Vec<bool>,
    /// Per position of a `{`, from where on its elements surely are a struct's fields, if
    /// they are: its first `|` outside delimiters, past which a closure's parameters may
    /// look like fields (`S { f: |a, b: u8| a }`); `None` for other braces.
    struct_until: Vec<Option<usize>>,
    /// The file defines a macro or calls one that is not an expression macro.
    pub other_macros: bool,
}

impl Marks {
    /// The marks of `code`, where the macros `expression_macros` take expressions and the
    /// structs and enum variants are `structs`.
    ///
    /// # Complexity
    /// O(tokens · nesting).
    pub fn new(
        code: &Code,
        expression_macros: &BTreeSet<String>,
        structs: &BTreeSet<String>,
    ) -> Marks {
        let n = code.len();
        let mut enclosing = vec![None; n];
        let mut open = Vec::new();
        for (p, enclosing) in enclosing.iter_mut().enumerate() {
            if matches!(code.t(p), ")" | "]" | "}") {
                open.pop();
            }
            *enclosing = open.last().copied();
            if matches!(code.t(p), "(" | "[" | "{") {
                open.push(p);
            }
        }
        let (mut fixed, mut other_macros) = (vec![false; n], false);
        let mut fix = |from: usize, to: usize| fixed[from..to.min(n)].fill(true);
        for p in 0..n {
            let after = |k: usize| code.t(p + k);
            match code.t(p) {
                "#" if after(1) == "[" => fix(p, code.partner[p + 1] + 1),
                "#" if after(1) == "!" && after(2) == "[" => fix(p, code.partner[p + 2] + 1),
                "use" => fix(p, (p..n).find(|&q| code.t(q) == ";").unwrap_or(n)),
                "macro_rules" if after(1) == "!" => {
                    other_macros = true;
                    if matches!(after(3), "(" | "[" | "{") {
                        fix(p, code.partner[p + 3] + 1);
                    }
                }
                name if code.is_ident(p)
                    && !KEYWORDS.contains(&name)
                    && after(1) == "!"
                    && matches!(after(2), "(" | "[" | "{") =>
                {
                    let (open, close) = (p + 2, code.partner[p + 2]);
                    let bare = matches!(name, "assert" | "debug_assert")
                        && code.split_commas(open + 1, close).len() <= 1;
                    if !expression_macros.contains(name) {
                        other_macros = true;
                        fix(open, close);
                    } else if bare {
                        fix(open, close);
                    }
                }
                _ => {}
            }
        }
        let struct_until = (0..n)
            .map(|o| {
                let open = code.t(o) == "{" && is_struct_brace(code, o, structs);
                open.then(|| {
                    let mut q = o + 1;
                    while q < code.partner[o] && code.t(q) != "|" {
                        let nested = matches!(code.t(q), "(" | "[" | "{");
                        q = if nested { code.partner[q] + 1 } else { q + 1 };
                    }
                    q
                })
            })
            .collect();
        Marks {
            enclosing,
            fixed,
            struct_until,
            other_macros,
        }
    }

    /// What the identifier at `p` is.
    pub fn occurrence(&self, code: &Code, p: usize) -> Occurrence {
        let before = code.before(p);
        let range = p >= 2 && code.t(p - 2) == ".";
        if before == "::" || (before == "." && !range) {
            return Occurrence::Member;
        }
        let next = code.t(p + 1);
        let macro_name = before == "!" && p >= 2 && code.t(p - 2) == "macro_rules";
        if self.fixed[p]
            || code.t(p).starts_with("r#")
            || matches!(next, "::" | "!")
            || before == "$"
            || macro_name
            || DEFINING.contains(&before)
        {
            return Occurrence::Fixed;
        }
        // A field's name or shorthand in braces, `{ x: .. }`, `{ x, .. }`, `{ ref x }`, `{ pub
        // x: .. }`, or what looks so in braces that may be a block, `{ x }`.
        let open = match self.enclosing[p] {
            Some(open) if code.t(open) == "{" => open,
            _ => return Occurrence::Plain,
        };
        let (start, prefixed) = element_start(code, p);
        if !matches!(code.before(start), "{" | ",") || !matches!(next, ":" | "," | "}") {
            return Occurrence::Plain;
        }
        match self.struct_until[open] {
            Some(until) if p < until && next == ":" => Occurrence::Field,
            Some(until) if p < until && !prefixed => Occurrence::Shorthand,
            _ => Occurrence::Fixed,
        }
    }
}

/// Where the element of a list in braces that may hold the name at `p` starts: before the
/// name, its attributes, `pub` or `pub(..)`, `ref` and `mut`; and whether it had `pub`,
/// `ref` or `mut`.
fn element_start(code: &Code, p: usize) -> (usize, bool) {
    let (mut q, mut prefixed) = (p, false);
    while q > 0 {
        let before = code.before(q);
        if matches!(before, "ref" | "mut" | "pub") {
            (q, prefixed) = (q - 1, true);
        } else if before == ")" && code.before(code.partner[q - 1]) == "pub" {
            (q, prefixed) = (code.partner[q - 1] - 1, true);
        } else if before == "]" && code.before(code.partner[q - 1]) == "#" {
            q = code.partner[q - 1] - 1;
        } else {
            break;
        }
    }
    (q, prefixed)
}

/// Whether the `{` at `open` surely opens a struct's literal, pattern or definition (or an
/// enum variant's): after the name of a struct or variant of `structs`, or `Self`, on a
/// path that is no type (after `->`, `impl`, `for`, `:`..), nor in the head of an `if`,
/// `while`, `match` or `for`, where Rust takes a brace for a block.
///
/// # Complexity
/// O(tokens of the statement before it).
fn is_struct_brace(code: &Code, open: usize, structs: &BTreeSet<String>) -> bool {
    let name = code.before(open);
    if open == 0 || !(structs.contains(name) || name == "Self") {
        return false;
    }
    let mut q = open - 1;
    while q >= 2 && code.before(q) == "::" && code.is_ident(q - 2) {
        q -= 2;
    }
    match code.before(q) {
        "struct" | "union" => return true,
        "" | "::" | "->" | "impl" | "for" | "dyn" | ":" | "+" | "<" | "&" | "mut" | "*"
        | "where" | "as" | "enum" | "trait" | "type" => return false,
        _ if code.kind(q - 1) == Some(Kind::Lifetime) => return false,
        _ => {}
    }
    // Back to the start of the statement, or an open delimiter around.
    while q > 0 {
        q -= 1;
        match code.t(q) {
            ")" | "]" | "}" => q = code.partner[q],
            "(" | "[" | "{" | ";" | "," | "=>" => return true,
            "if" | "while" | "match" | "in" => return false,
            _ => {}
        }
    }
    true
}
