//! Items: a library module's code cut into the pieces that pruning ([`crate::prune`]) keeps or
//! drops. [`items`] walks the items of a module or block (attributes go with their item);
//! [`UseTree`] splits a `use` into its leaves, each one import, and gives the edits that drop
//! the leaves no longer needed; [`idents`] lists the names a piece of code refers to.

use crate::lex::{Code, Kind};
use crate::strip::{item_end, skip_qualifiers};
use std::collections::BTreeSet;

/// What an item is, as far as pruning cares.
pub enum ItemKind {
    /// A `fn`, `const`, `static`, `struct`, `enum`, `union`, `type`, `trait` or `macro_rules!`
    /// called `name`: it comes along when one of `triggers` is referred to (its name, and for
    /// a trait the names of its associated items too, which method calls use alone).
    Named {
        name: String,
        triggers: Vec<String>,
        /// A struct, enum, union or trait, which may stand in an `impl` header.
        is_type: bool,
        is_trait: bool,
        /// Its body holds an item-level `impl`, which works wherever it stands.
        holds_impl: bool,
    },
    /// `impl .. { .. }`: the trait's path at `trait_path`, if any; the self type at
    /// `self_type`; the names of its generic parameters; its braces at `body`.
    Impl {
        trait_path: Option<(usize, usize)>,
        self_type: (usize, usize),
        generics: Vec<String>,
        body: (usize, usize),
    },
    /// `use ..;`, its tree at positions `tree`; `public` unless it is private.
    Use { tree: (usize, usize), public: bool },
    /// `extern crate NAME [as BINDING];`.
    ExternCrate { binding: String, public: bool },
    /// `mod NAME { .. }`, its braces at `body`.
    Mod { name: String, body: (usize, usize) },
    /// Anything else (a macro call, `const _`, `extern "C" { .. }`): always kept.
    Other,
}

/// An item at positions `start..end`, attributes included.
pub struct Item {
    pub start: usize,
    pub end: usize,
    pub kind: ItemKind,
    /// It is `pub`, with no restriction: code outside the library may name it.
    pub exported: bool,
}

/// An identifier without its raw prefix: `r#type` refers to what `type` would.
pub fn name(code: &Code, p: usize) -> String {
    code.t(p).trim_start_matches("r#").to_string()
}

/// The names that the code at positions `from..to` may refer to: its identifiers, and the
/// names a format string captures (`{name}`, `{:width$}`), since `format!("{MAX}")` uses the
/// constant `MAX` from inside a literal. Not the segments of a path from outside the
/// library ([`external`]).
pub fn idents(code: &Code, from: usize, to: usize) -> BTreeSet<String> {
    let mut names = BTreeSet::new();
    for p in from..to {
        match code.kind(p) {
            Some(Kind::Ident) if !external(code, p) => {
                names.insert(name(code, p));
            }
            Some(Kind::Literal) => captures(code.t(p), &mut names),
            _ => {}
        }
    }
    names
}

/// The identifiers at positions `from..to` that follow a `.` or a `::`: the only way to
/// name an associated item (`x.len()`, `Self::MAX`), so a method named like a type (`u32`)
/// is not reached by the type.
pub fn members(code: &Code, from: usize, to: usize) -> BTreeSet<String> {
    (from..to)
        .filter(|&p| code.is_ident(p) && matches!(code.before(p), "." | "::"))
        .filter(|&p| !external(code, p))
        .map(|p| name(code, p))
        .collect()
}

/// Whether the identifier at `p` is a segment, after the first, of a path from outside the
/// library, `std::`, `core::` or `alloc::` (`std::error::Error`): such a path names none of
/// the library's items, as a `use` of one does not ([`UseTree`]).
fn external(code: &Code, p: usize) -> bool {
    let mut first = p;
    while first >= 2 && code.before(first) == "::" && code.is_ident(first - 2) {
        first -= 2;
    }
    first < p && matches!(code.t(first), "std" | "core" | "alloc")
}

/// Adds the identifiers that follow a `{` or precede a `$` in the literal `text`.
pub fn captures(text: &str, names: &mut BTreeSet<String>) {
    let is_part = |c: char| c == '_' || c.is_alphanumeric();
    for (i, c) in text.char_indices() {
        if c == '{' {
            let rest = &text[i + 1..];
            let word = &rest[..rest.find(|c| !is_part(c)).unwrap_or(rest.len())];
            if word.starts_with(|c: char| c == '_' || c.is_alphabetic()) {
                names.insert(word.to_string());
            }
        } else if c == '$' {
            let before = &text[..i];
            let word = &before[before.rfind(|c| !is_part(c)).map_or(0, |k| k + 1)..];
            if word.starts_with(|c: char| c == '_' || c.is_alphabetic()) {
                names.insert(word.to_string());
            }
        }
    }
}

/// The items at positions `from..to`, a module's or a block's top level. Inner attributes
/// (`#![..]`) are no items: they stay.
pub fn items(code: &Code, from: usize, to: usize) -> Vec<Item> {
    let mut found = Vec::new();
    let mut p = from;
    while p < to {
        if code.t(p) == "#" && code.t(p + 1) == "!" && code.t(p + 2) == "[" {
            p = code.partner[p + 2] + 1;
            continue;
        }
        let start = p;
        while code.t(p) == "#" && code.t(p + 1) == "[" {
            p = code.partner[p + 1] + 1;
        }
        let head = skip_qualifiers(code, p);
        let end = item_end(code, p).clamp(p + 1, to);
        let kind = kind(code, head, end, code.t(p) == "pub");
        let exported = code.t(p) == "pub" && code.t(p + 1) != "(";
        found.push(Item {
            start,
            end,
            kind,
            exported,
        });
        p = end;
    }
    found
}

/// The kind of the item whose keyword is at `k`, ending at `end`.
fn kind(code: &Code, k: usize, end: usize, public: bool) -> ItemKind {
    let named = |name: String, triggers: Vec<String>, is_type: bool, is_trait: bool| {
        let holds_impl = (k + 1..end)
            .any(|p| code.t(p) == "impl" && matches!(code.before(p), "{" | "}" | ";" | "]"));
        ItemKind::Named {
            triggers: if triggers.is_empty() {
                vec![name.clone()]
            } else {
                triggers
            },
            name,
            is_type,
            is_trait,
            holds_impl,
        }
    };
    let braces = || {
        let close = end - 1;
        (code.t(close) == "}").then(|| (code.partner[close], close))
    };
    match code.t(k) {
        "fn" => named(name(code, k + 1), Vec::new(), false, false),
        "const" if code.t(k + 1) != "_" => named(name(code, k + 1), Vec::new(), false, false),
        "static" if code.t(k + 1) == "mut" => named(name(code, k + 2), Vec::new(), false, false),
        "static" => named(name(code, k + 1), Vec::new(), false, false),
        "struct" | "enum" | "union" if code.is_ident(k + 1) => {
            named(name(code, k + 1), Vec::new(), true, false)
        }
        // Not a type for impl headers: `impl Alias` is for the aliased type.
        "type" => named(name(code, k + 1), Vec::new(), false, false),
        "macro_rules" if code.t(k + 1) == "!" => named(name(code, k + 2), Vec::new(), false, false),
        "trait" => match braces() {
            Some((open, close)) => {
                let trait_name = name(code, k + 1);
                let mut triggers = vec![trait_name.clone()];
                for item in items(code, open + 1, close) {
                    if let ItemKind::Named { name, .. } = item.kind {
                        triggers.push(name);
                    }
                }
                named(trait_name, triggers, true, true)
            }
            None => ItemKind::Other,
        },
        "impl" => match braces() {
            Some(body) => impl_kind(code, k, body),
            None => ItemKind::Other,
        },
        "use" => ItemKind::Use {
            tree: (k + 1, end - 1),
            public,
        },
        "extern" if code.t(k + 1) == "crate" => {
            let alias = code.t(k + 3) == "as";
            ItemKind::ExternCrate {
                binding: name(code, if alias { k + 4 } else { k + 2 }),
                public,
            }
        }
        "mod" if code.t(k + 2) == "{" => ItemKind::Mod {
            name: name(code, k + 1),
            body: (k + 2, code.partner[k + 2]),
        },
        _ => ItemKind::Other,
    }
}

/// The parts of the `impl` block whose keyword is at `k` and whose braces are at `body`.
fn impl_kind(code: &Code, k: usize, body: (usize, usize)) -> ItemKind {
    let mut generics = Vec::new();
    let mut p = k + 1;
    if code.t(p) == "<" {
        // The generic parameters: each name after `<`, `,` or `const` at the top level.
        let mut angle = 0;
        loop {
            match code.t(p) {
                "(" | "[" => p = code.partner[p],
                "<" => angle += 1,
                ">" => angle -= 1,
                _ => {}
            }
            let starts_param = angle == 1 && matches!(code.before(p), "<" | "," | "const");
            if starts_param && code.is_ident(p) && code.t(p) != "const" {
                generics.push(name(code, p));
            }
            p += 1;
            if angle == 0 || p >= body.0 {
                break;
            }
        }
    }
    let (mut angle, mut for_at, mut stop) = (0i32, None, body.0);
    let mut q = p;
    while q < body.0 {
        match code.t(q) {
            "(" | "[" => q = code.partner[q],
            "<" => angle += 1,
            ">" => angle -= 1,
            "for" if angle == 0 && for_at.is_none() => for_at = Some(q),
            "where" if angle == 0 => {
                stop = q;
                break;
            }
            _ => {}
        }
        q += 1;
    }
    ItemKind::Impl {
        trait_path: for_at.map(|f| (p, f)),
        self_type: (for_at.map_or(p, |f| f + 1), stop),
        generics,
        body,
    }
}

/// The first segment of the path that ends with the identifier at `p` (`crate` for
/// `crate::b::Pair`, the identifier itself when it stands alone), or `::` for a path that
/// starts with `::`.
pub fn path_root(code: &Code, mut p: usize) -> String {
    while code.before(p) == "::" {
        if p >= 2 && code.is_ident(p - 2) {
            p -= 2;
        } else {
            return "::".to_string();
        }
    }
    name(code, p)
}

/// One import of a `use` tree.
pub struct Leaf {
    /// The name it binds: an alias, the last segment, the module of `x::{self}`, or `None`
    /// for a glob.
    pub binding: Option<String>,
    /// The name of what it imports (before any alias).
    pub target: String,
    /// Its path starts with `crate`, `super` or `self`: it imports from the library.
    pub library: bool,
    /// Its path starts with `::`, `std`, `core` or `alloc`: it imports from outside.
    pub external: bool,
    /// The first segment of its path, if a name.
    pub root: Option<String>,
    /// The names on its path, its prefix in enclosing groups included.
    pub names: BTreeSet<String>,
}

/// The tree of a `use` item, at positions `from..to` (without `use` and `;`).
pub struct UseTree {
    pub from: usize,
    pub to: usize,
}

impl UseTree {
    /// Its leaves, in source order.
    pub fn leaves(&self, code: &Code) -> Vec<Leaf> {
        let mut leaves = Vec::new();
        let mut visit = |leaf| {
            leaves.push(leaf);
            true
        };
        let (from, to) = (self.from, self.to);
        self.prune(code, from, to, &mut Vec::new(), &mut visit, &mut Vec::new());
        leaves
    }

    /// The position ranges to remove so that only the leaves `kept` says stay, `kept` being
    /// in the order of [`UseTree::leaves`]; `None` when no leaf stays.
    pub fn removals(&self, code: &Code, kept: &[bool]) -> Option<Vec<(usize, usize)>> {
        let mut removals = Vec::new();
        let mut next = kept.iter();
        let mut keep = |_: Leaf| *next.next().unwrap_or(&true);
        self.prune(
            code,
            self.from,
            self.to,
            &mut Vec::new(),
            &mut keep,
            &mut removals,
        )
        .then_some(removals)
    }

    /// Visits the leaves of the subtree at `from..to` below the path `prefix`, in order, and
    /// adds to `removals` the parts of groups whose leaves `visit` all rejects; true if it
    /// keeps any.
    fn prune(
        &self,
        code: &Code,
        from: usize,
        to: usize,
        prefix: &mut Vec<usize>,
        visit: &mut dyn FnMut(Leaf) -> bool,
        removals: &mut Vec<(usize, usize)>,
    ) -> bool {
        let group = (from..to).find(|&p| code.t(p) == "{");
        let depth = prefix.len();
        prefix.extend((from..group.unwrap_or(to)).filter(|&p| code.t(p) != "::"));
        let kept = match group {
            Some(open) => {
                let close = code.partner[open];
                let parts = code.split_commas(open + 1, close);
                let kept: Vec<bool> = parts
                    .iter()
                    .map(|&(a, b)| self.prune(code, a, b, prefix, visit, removals))
                    .collect();
                for (i, &(a, b)) in parts.iter().enumerate() {
                    if !kept[i] && kept.contains(&true) {
                        // The part with the comma after it, or before it if it is the last.
                        if code.t(b) == "," {
                            removals.push((a, b + 1));
                        } else {
                            removals.push((a - 1, b));
                        }
                    }
                }
                kept.contains(&true)
            }
            None => visit(self.leaf(code, prefix)),
        };
        prefix.truncate(depth);
        kept
    }

    /// The leaf whose path positions are `path`.
    fn leaf(&self, code: &Code, path: &[usize]) -> Leaf {
        let names: BTreeSet<String> = path
            .iter()
            .filter(|&&p| code.is_ident(p))
            .map(|&p| name(code, p))
            .collect();
        let texts: Vec<String> = path.iter().map(|&p| name(code, p)).collect();
        let root = match path.first() {
            Some(&p) if code.t(self.from) == "::" && p == self.from + 1 => "::",
            Some(&p) if code.t(p) == "$" => "$crate",
            _ => texts.first().map_or("", String::as_str),
        };
        let library = matches!(root, "crate" | "super" | "self" | "$crate");
        let alias = texts.iter().position(|t| t == "as");
        let end = alias.unwrap_or(texts.len());
        let mut target = texts[..end].last().cloned().unwrap_or_default();
        if target == "self" && end >= 2 {
            target = texts[end - 2].clone();
        }
        let binding = match alias {
            Some(a) => texts.get(a + 1).cloned(),
            None if target == "*" => None,
            None => Some(target.clone()),
        };
        Leaf {
            binding,
            target,
            library,
            external: matches!(root, "::" | "std" | "core" | "alloc"),
            root: path
                .first()
                .filter(|&&p| code.is_ident(p))
                .map(|&p| name(code, p)),
            names,
        }
    }
}
