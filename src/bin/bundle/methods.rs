//! Private methods: the methods of a module's inherent impls that are not public, renamed
//! where every use surely calls them ([`crate::shorten`]). Which method a `.x()` calls is a
//! matter of types, so a method is renamed only when each call is `self.x(..)` in a method
//! of the same type that takes `self` the same way (`&self` from `&self`), or a path
//! `Self::x` or `Type::x`: then the inherent method comes first, before any trait's of the
//! same name, and the new name, which no function of the bundle has, can mean nothing else.
//! The method's name is defined once in the bundle, and no other use of it is allowed (a
//! field of the same name, another receiver, a string). A module that defines a macro, or
//! calls one other than std's expression macros, keeps its methods' names.

use crate::fresh::{assign, names_in};
use crate::items::{items, name, ItemKind};
use crate::layout::Edits;
use crate::lex::Code;
use crate::occurrences::Marks;
use crate::strip::skip_qualifiers;
use std::collections::{BTreeMap, BTreeSet};

/// A method of an impl block at the top level of a module.
struct Method {
    /// The name of the type the impl is for (`Reader` for `impl<R> Reader<R>`).
    owner: String,
    /// The impl is inherent, not a trait's.
    inherent: bool,
    public: bool,
    /// The position of its name.
    at: usize,
    /// How it takes `self`: `self`, `&self`, `&mut self`, "" for not at all, or `other`
    /// (`self: Box<Self>`).
    receiver: &'static str,
    /// Its positions, signature and body.
    span: (usize, usize),
}

/// How the function whose parameters open at `open` takes `self`.
fn receiver(code: &Code, open: usize) -> &'static str {
    let mut p = open + 1;
    let borrowed = code.t(p) == "&";
    if borrowed {
        p += 1;
        if code.t(p).starts_with('\'') {
            p += 1;
        }
    }
    let mutable = code.t(p) == "mut";
    if mutable {
        p += 1;
    }
    match (code.t(p), code.t(p + 1), borrowed, mutable) {
        ("self", "," | ")", false, _) => "self",
        ("self", "," | ")", true, false) => "&self",
        ("self", "," | ")", true, true) => "&mut self",
        ("self", _, _, _) => "other",
        _ => "",
    }
}

/// The methods of the impl blocks at the top level of `code`.
fn methods(code: &Code) -> Vec<Method> {
    let mut found = Vec::new();
    for item in items(code, 0, code.len()) {
        let (trait_path, (from, to), body) = match item.kind {
            ItemKind::Impl {
                trait_path,
                self_type,
                body,
                ..
            } => (trait_path, self_type, body),
            _ => continue,
        };
        if !code.is_ident(from) || !(from + 1 == to || code.t(from + 1) == "<") {
            continue;
        }
        for child in items(code, body.0 + 1, body.1) {
            let mut k = child.start;
            while code.t(k) == "#" && code.t(k + 1) == "[" {
                k = code.partner[k + 1] + 1;
            }
            let public = code.t(k) == "pub";
            let k = skip_qualifiers(code, k);
            let open = (k..child.end).find(|&p| code.t(p) == "(");
            if let (Some(open), "fn") = (open, code.t(k)) {
                found.push(Method {
                    owner: name(code, from),
                    inherent: trait_path.is_none(),
                    public,
                    at: k + 1,
                    receiver: receiver(code, open),
                    span: (child.start, child.end),
                });
            }
        }
    }
    found
}

/// The edits that rename the private methods of the module `code` whose names the bundle
/// defines once (`definitions` counts the functions, constants, statics, types and enum
/// variants of each name), where every use surely calls them. Each new name occurs nowhere
/// in `code` and is none of the bundle's items (`defined`), to which it is added.
///
/// # Complexity
/// O(tokens · private methods + uses · methods).
pub fn private_methods(
    code: &Code,
    marks: &Marks,
    definitions: &BTreeMap<String, usize>,
    defined: &mut BTreeSet<String>,
) -> Edits {
    let mut edits = Edits::new(code);
    if marks.other_macros {
        return edits;
    }
    let all = methods(code);
    let inside = |p: usize, owner: &str| {
        let around = all.iter().find(|m| m.span.0 < p && p < m.span.1);
        around.filter(|m| m.owner == owner)
    };
    let mut wanted = Vec::new();
    for method in all.iter().filter(|m| m.inherent && !m.public) {
        let old = name(code, method.at);
        if definitions.get(&old) != Some(&1) || old.len() < 2 {
            continue;
        }
        let owner = method.owner.as_str();
        let by_self = matches!(method.receiver, "self" | "&self" | "&mut self");
        let call = |p: usize| {
            let (next, path) = (code.t(p + 1), p.checked_sub(2).map_or("", |q| code.t(q)));
            match code.before(p) {
                "." if by_self && matches!(next, "(" | "::") && path == "self" => {
                    let caller = inside(p, owner);
                    caller.map_or(false, |c| {
                        c.receiver == method.receiver && !nests_impl(code, c)
                    })
                }
                "::" if path == "Self" => inside(p, owner).is_some(),
                "::" => path == owner && code.before(p - 2) != "::",
                _ => false,
            }
        };
        let uses: Vec<usize> = (0..code.len())
            .filter(|&p| code.is_ident(p) && name(code, p) == old)
            .collect();
        if uses.iter().all(|&p| p == method.at || call(p)) {
            wanted.push((old, uses));
        }
    }
    let mut taken = names_in(code, 0, code.len());
    taken.extend(defined.iter().cloned());
    let counts = wanted.iter().map(|(old, uses)| (old.clone(), uses.len()));
    let given = assign(counts.collect(), &taken);
    for (old, uses) in &wanted {
        if let Some(new) = given.get(old) {
            for &p in uses {
                edits.replace.insert(code.code[p], new.clone());
            }
            defined.insert(new.clone());
        }
    }
    edits
}

/// Whether the method `method` has an impl inside it, where `self` is another type's.
fn nests_impl(code: &Code, method: &Method) -> bool {
    (method.span.0..method.span.1)
        .any(|p| code.t(p) == "impl" && matches!(code.before(p), "{" | "}" | ";" | "]"))
}
