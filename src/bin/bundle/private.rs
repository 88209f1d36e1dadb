//! Private names: a module's private functions, constants and statics, and the private
//! fields of its structs, which only the module itself may name, renamed over the whole
//! module ([`crate::shorten`]). A module that defines a macro, or calls one other than std's
//! expression macros (which may name what it cannot see), keeps them all.

use crate::fresh::{assign, names_in};
use crate::items::{captures, items, name, ItemKind};
use crate::layout::Edits;
use crate::lex::{Code, Kind};
use crate::occurrences::{Marks, Occurrence};
use crate::strip::skip_qualifiers;
use std::collections::{BTreeMap, BTreeSet};

/// The edits that rename the private functions, constants and statics of the module `code`,
/// every occurrence being plain but its definition; each new name avoids the names of
/// `code` and those of its `scope` (what a name on its own may mean there), and is added
/// to `scope`.
///
/// # Complexity
/// O(tokens · log names).
pub fn private_items(code: &Code, marks: &Marks, scope: &mut BTreeSet<String>) -> Edits {
    let mut edits = Edits::new(code);
    let top = items(code, 0, code.len());
    let inline_module = top.iter().any(|i| matches!(i.kind, ItemKind::Mod { .. }));
    if marks.other_macros || inline_module {
        return edits;
    }
    let mut at: BTreeMap<String, Vec<(usize, Occurrence)>> = BTreeMap::new();
    let mut captured = BTreeSet::new();
    for p in 0..code.len() {
        match code.kind(p) {
            Some(Kind::Ident) => at
                .entry(name(code, p))
                .or_default()
                .push((p, marks.occurrence(code, p))),
            Some(Kind::Literal) => captures(code.t(p), &mut captured),
            _ => {}
        }
    }
    let mut wanted = Vec::new();
    for item in top {
        let mut k = item.start;
        while code.t(k) == "#" && code.t(k + 1) == "[" {
            k = code.partner[k + 1] + 1;
        }
        let public = code.t(k) == "pub";
        let k = skip_qualifiers(code, k);
        let defined = match code.t(k) {
            "static" if code.t(k + 1) == "mut" => k + 2,
            "fn" | "const" | "static" => k + 1,
            _ => continue,
        };
        let name = name(code, defined);
        let all = at.get(&name).map_or(&[][..], Vec::as_slice);
        let plain = |&(p, occurrence): &(usize, Occurrence)| {
            occurrence == Occurrence::Plain || p == defined
        };
        if !public && !captured.contains(&name) && all.iter().all(plain) {
            wanted.push((name, all.len()));
        }
    }
    let mut taken = names_in(code, 0, code.len());
    taken.extend(scope.iter().cloned());
    for (old, new) in assign(wanted, &taken) {
        for &(p, _) in &at[&old] {
            edits.replace.insert(code.code[p], new.clone());
        }
        scope.insert(new);
    }
    edits
}

/// Fields that std's types have in public, which a `.name` in the library may mean.
const STD_FIELDS: &[&str] = &["start", "end", "status", "stdout", "stderr"];

/// Derives whose code does not depend on the fields' names (`Debug` prints them).
const NAMELESS_DERIVES: &[&str] = &[
    "derive",
    "Clone",
    "Copy",
    "Default",
    "PartialEq",
    "Eq",
    "Hash",
    "PartialOrd",
    "Ord",
];

/// The named fields of the struct, union or enum whose keyword is at `k` (each variant's,
/// for an enum): each one's name, position, and whether it is public.
///
/// # Complexity
/// O(tokens of the item).
pub fn fields_of(code: &Code, k: usize) -> Vec<(String, usize, bool)> {
    let n = code.len();
    // Past the name, the generic parameters and a where clause, to the body.
    let (mut q, mut angle, mut bounds) = (k + 2, 0i32, false);
    while q < n {
        match code.t(q) {
            "where" => bounds = true,
            "<" => angle += 1,
            ">" => angle -= 1,
            "{" | ";" if angle <= 0 => break,
            "(" if angle <= 0 && !bounds => break,
            "(" | "[" | "{" => q = code.partner[q],
            _ => {}
        }
        q += 1;
    }
    if code.t(q) != "{" {
        return Vec::new();
    }
    let skip_attributes = |mut a: usize| {
        while code.t(a) == "#" && code.t(a + 1) == "[" {
            a = code.partner[a + 1] + 1;
        }
        a
    };
    let mut bodies = vec![q];
    if code.t(k) == "enum" {
        let variants = code.split_commas(q + 1, code.partner[q]);
        let braced = variants.iter().map(|&(a, _)| skip_attributes(a) + 1);
        bodies = braced.filter(|&b| code.t(b) == "{").collect();
    }
    let mut fields = Vec::new();
    for open in bodies {
        for (a, _) in code.split_commas(open + 1, code.partner[open]) {
            let mut a = skip_attributes(a);
            let public = code.t(a) == "pub";
            if public {
                a += 1;
                if code.t(a) == "(" {
                    a = code.partner[a] + 1;
                }
            }
            if code.is_ident(a) && code.t(a + 1) == ":" {
                fields.push((name(code, a), a, public));
            }
        }
    }
    fields
}

/// The edits that rename the private fields of the module `code`'s structs: a field that
/// no other struct, union or variant of the bundle has (`defined` counts the fields of
/// each name), nor one of std's, of a struct whose derives do not depend on fields'
/// names, every occurrence of whose name is a field access, a field in a struct's braces,
/// or else no field (a variable, a method). Each new name occurs nowhere in `code`, nor
/// after a `.` anywhere in the bundle (`members`), so that no `.x` comes to mean it.
///
/// # Complexity
/// O(tokens · private fields).
pub fn private_fields(
    code: &Code,
    marks: &Marks,
    defined: &BTreeMap<String, usize>,
    members: &BTreeSet<String>,
) -> Edits {
    let mut edits = Edits::new(code);
    if marks.other_macros {
        return edits;
    }
    let mut wanted = Vec::new();
    for item in items(code, 0, code.len()) {
        let (mut k, mut nameless) = (item.start, true);
        while code.t(k) == "#" && code.t(k + 1) == "[" {
            let close = code.partner[k + 1];
            nameless &= match code.t(k + 2) {
                "derive" => (k + 2..close)
                    .filter(|&p| code.is_ident(p))
                    .all(|p| NAMELESS_DERIVES.contains(&code.t(p))),
                attribute => matches!(attribute, "allow" | "warn" | "deny" | "repr" | "must_use"),
            };
            k = close + 1;
        }
        let k = skip_qualifiers(code, k);
        if code.t(k) != "struct" || !nameless {
            continue;
        }
        for (field, at, public) in fields_of(code, k) {
            let unique = defined.get(&field) == Some(&1) && !STD_FIELDS.contains(&field.as_str());
            if public || !unique || field.len() < 2 {
                continue;
            }
            let mut uses = Vec::new();
            for p in (0..code.len()).filter(|&p| code.is_ident(p) && name(code, p) == field) {
                let next = code.t(p + 1);
                let renamed = match marks.occurrence(code, p) {
                    _ if p == at => Some(false),
                    Occurrence::Member if code.before(p) == "." && !matches!(next, "(" | "::") => {
                        Some(false)
                    }
                    Occurrence::Field => Some(false),
                    Occurrence::Shorthand => Some(true),
                    Occurrence::Fixed if code.before(p) != "fn" => None,
                    _ => continue,
                };
                match renamed {
                    Some(shorthand) => uses.push((p, shorthand)),
                    None => {
                        uses.clear();
                        break;
                    }
                }
            }
            if !uses.is_empty() {
                wanted.push((field, uses));
            }
        }
    }
    let mut taken = names_in(code, 0, code.len());
    taken.extend(members.iter().cloned());
    let counts = wanted
        .iter()
        .map(|(field, uses)| (field.clone(), uses.len()));
    let given = assign(counts.collect(), &taken);
    for (field, uses) in &wanted {
        if let Some(new) = given.get(field) {
            for &(p, shorthand) in uses {
                let text = match shorthand {
                    true => format!("{new}:{field}"),
                    false => new.clone(),
                };
                edits.replace.insert(code.code[p], text);
            }
        }
    }
    edits
}
