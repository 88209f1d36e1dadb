//! Reachability: which library modules may come along (pruning, [`crate::prune`], then keeps
//! only the items reached, and leaves out a module of which nothing stays). A module comes
//! along when the binary or a module that comes along names it. One that no path names can
//! still matter: a module that implements a trait of another module for `u8`, or adds methods
//! to another module's type, lends those to code that never names it. So a module that uses a
//! module in the bundle and has an `impl` for a type it does not define itself comes along too.

use crate::lex::Code;
use crate::strip::{item_end, skip_qualifiers};
use std::collections::{BTreeMap, BTreeSet};

/// What reachability needs to know of a library module.
pub struct Links {
    /// The library modules it names.
    pub named: BTreeSet<String>,
    /// It has an `impl` for a type it does not define.
    pub implements_for_others: bool,
}

/// The modules that come along with those in `start`, the library's modules being `links`.
pub fn reachable(start: &BTreeSet<String>, links: &BTreeMap<String, Links>) -> BTreeSet<String> {
    let mut reached = BTreeSet::new();
    let mut todo: Vec<&String> = start.iter().collect();
    while !todo.is_empty() {
        while let Some(module) = todo.pop() {
            if let Some(module_links) = links.get(module) {
                if reached.insert(module.clone()) {
                    todo.extend(&module_links.named);
                }
            }
        }
        todo = links
            .iter()
            .filter(|&(module, links)| {
                !reached.contains(module)
                    && links.implements_for_others
                    && links.named.iter().any(|used| reached.contains(used))
            })
            .map(|(module, _)| module)
            .collect();
    }
    reached
}

/// Whether a module's `code` has an `impl` block, at its top level or in an inline module,
/// whose self type names none of the types and traits it defines there.
pub fn implements_for_others(code: &Code) -> bool {
    let mut own = BTreeSet::new();
    let mut self_types = Vec::new();
    items(code, 0, code.len(), &mut own, &mut self_types);
    self_types
        .iter()
        .any(|idents| !idents.iter().any(|ident| own.contains(ident)))
}

/// Walks the items at positions `from..to`: collects the names of the types and traits they
/// define in `own`, and the identifiers of each `impl` block's self type in `self_types`.
fn items<'a>(
    code: &'a Code,
    from: usize,
    to: usize,
    own: &mut BTreeSet<&'a str>,
    self_types: &mut Vec<Vec<&'a str>>,
) {
    let mut p = from;
    while p < to {
        if code.t(p) == "#" {
            p = code.partner[if code.t(p + 1) == "!" { p + 2 } else { p + 1 }] + 1;
            continue;
        }
        let k = skip_qualifiers(code, p);
        let end = item_end(code, p).clamp(p + 1, to);
        match code.t(k) {
            "struct" | "enum" | "union" | "trait" | "type" => {
                own.insert(code.t(k + 1));
            }
            "mod" if code.t(k + 2) == "{" => {
                items(code, k + 3, code.partner[k + 2], own, self_types);
            }
            "impl" => self_types.push(self_type(code, k, end)),
            _ => {}
        }
        p = end;
    }
}

/// The identifiers of the self type of the `impl` block at positions `k..end`: after its
/// `for` if it implements a trait, else after its generics, up to `where` or its body.
fn self_type(code: &Code, k: usize, end: usize) -> Vec<&str> {
    let body = if code.t(end - 1) == "}" {
        code.partner[end - 1]
    } else {
        end
    };
    let mut angle = 0i32;
    let mut start = k + 1;
    let mut stop = body;
    for p in k + 1..body {
        match code.t(p) {
            "<" => angle += 1,
            ">" => {
                angle -= 1;
                if angle == 0 && start == k + 1 && code.t(k + 1) == "<" {
                    start = p + 1;
                }
            }
            "for" if angle == 0 => start = p + 1,
            "where" if angle == 0 => {
                stop = p;
                break;
            }
            _ => {}
        }
    }
    (start..stop)
        .filter(|&p| code.is_ident(p))
        .map(|p| code.t(p))
        .collect()
}
