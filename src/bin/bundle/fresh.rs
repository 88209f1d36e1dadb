//! New names: the shortest names free where a name changes ([`crate::shorten`]), `a`, `b`,
//! .. `zz` for variables, functions and fields, `A` .. `ZZ` for constants and statics, never
//! a keyword or a primitive type; and who gets which: the names that occur most, times their
//! length, get the shortest.

use crate::items::{captures, name};
use crate::lex::{Code, Kind};
use crate::occurrences::{KEYWORDS, PRIMITIVES};
use std::collections::{BTreeMap, BTreeSet};

/// The names of `code` at positions `from..to`, format strings' captures included.
pub fn names_in(code: &Code, from: usize, to: usize) -> BTreeSet<String> {
    let mut names = BTreeSet::new();
    for p in from..to {
        match code.kind(p) {
            Some(Kind::Ident) => {
                names.insert(name(code, p));
            }
            Some(Kind::Literal) => captures(code.t(p), &mut names),
            _ => {}
        }
    }
    names
}

/// New names, shortest first: lowercase (for variables and functions) or uppercase (for
/// constants and statics), never a keyword or a primitive type, nor one of `taken`.
fn fresh<'a>(upper: bool, taken: &'a BTreeSet<String>) -> impl Iterator<Item = String> + 'a {
    let letters = move || {
        (b'a'..=b'z').map(move |c| char::from(if upper { c.to_ascii_uppercase() } else { c }))
    };
    let one = letters().map(String::from);
    let two = letters().flat_map(move |a| letters().map(move |b| format!("{a}{b}")));
    one.chain(two).filter(move |n| {
        !taken.contains(n) && !KEYWORDS.contains(&n.as_str()) && !PRIMITIVES.contains(&n.as_str())
    })
}

/// The style of a name that may be shortened: `Some(true)` for `UPPER_CASE`, `Some(false)`
/// for `snake_case`, `None` for another (a type's, or one beginning with `_`, whose lints
/// differ).
pub fn style(name: &str) -> Option<bool> {
    let mut chars = name.chars();
    let first = chars.next()?;
    let rest = |f: fn(&char) -> bool| {
        name.chars()
            .all(|c| f(&c) || c.is_ascii_digit() || c == '_')
    };
    if first.is_ascii_uppercase() && rest(char::is_ascii_uppercase) {
        Some(true)
    } else if first.is_ascii_lowercase() && rest(char::is_ascii_lowercase) {
        Some(false)
    } else {
        None
    }
}

/// Gives the names `wanted` (with their bytes saved per letter less, most first) new names
/// from [`fresh`], avoiding `taken`; only those that get shorter.
///
/// # Complexity
/// O(names · log names), and the new names skipped for being taken.
pub fn assign(wanted: Vec<(String, usize)>, taken: &BTreeSet<String>) -> BTreeMap<String, String> {
    let mut wanted = wanted;
    wanted.sort_by(|a, b| {
        (b.1 * b.0.len())
            .cmp(&(a.1 * a.0.len()))
            .then(a.0.cmp(&b.0))
    });
    let (mut lower, mut upper) = (fresh(false, taken), fresh(true, taken));
    let mut given = BTreeMap::new();
    for (old, _) in wanted {
        let new = match style(&old) {
            Some(true) => upper.next(),
            Some(false) => lower.next(),
            None => None,
        };
        if let Some(new) = new.filter(|new| new.len() < old.len()) {
            given.insert(old, new);
        }
    }
    given
}
