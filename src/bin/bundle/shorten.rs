//! Shorter names: in the library modules of a bundle, the names of local variables (a
//! function's parameters and bindings, a constant's initialiser's) and of the private
//! functions, constants and statics that only their module names become the shortest names
//! free there: `a`, `b`, .. `zz` (`A` .. `ZZ` for constants). The library is for reading in
//! its sources, the bundle for the judge, and long names are a fifth of its bytes.
//!
//! Nothing public changes name, nor any type (`Debug` prints types' names), field or method
//! (which a `.` names, and which names mean is a matter of types), nor anything a macro or a
//! string may name: a renaming is consistent over a whole function, or a whole module for an
//! item, so that every name still means what it meant. It is made only where every
//! occurrence of a name there is [`Occurrence::Plain`] (but an item's own definition, and
//! for a variable the `.x` and `::x` that name something else), where the new name occurs
//! nowhere and names no item a pattern could mean, and where no format string captures the
//! name. A function that defines types, impls, modules or macros inside it, or that imports
//! a glob, keeps its names; so does every module when some module imports a glob from
//! outside the library (which names the glob brings is not known), and a module that
//! defines or calls another macro than std's expression macros keeps its items' names.

use crate::items::{captures, items, name, ItemKind};
use crate::layout::{render, Edits};
use crate::lex::{Code, Kind};
use crate::occurrences::{Marks, Occurrence, EXPRESSION_MACROS, KEYWORDS, PRIMITIVES};
use crate::strip::{item_end, skip_qualifiers};
use std::collections::{BTreeMap, BTreeSet};

/// The library modules `modules` (name and text, pasted into a bundle whose binary is `bin`)
/// with shorter names.
///
/// # Complexity
/// O(tokens · log names).
///
/// # Errors
/// When a text does not lex.
pub fn shorten(
    bin: &Code,
    modules: &BTreeMap<String, String>,
) -> Result<BTreeMap<String, String>, String> {
    let mut codes = BTreeMap::new();
    for (module, text) in modules {
        codes.insert(module, Code::new(text.clone(), module)?);
    }
    // Std's expression macros, less any the bundle defines again.
    let mut defined = BTreeSet::new();
    for code in codes.values().chain([bin]) {
        for p in 0..code.len() {
            if code.t(p) == "macro_rules" && code.t(p + 1) == "!" {
                defined.insert(name(code, p + 2));
            }
        }
    }
    let expression_macros: BTreeSet<String> = (EXPRESSION_MACROS.iter())
        .filter(|m| !defined.contains(**m))
        .map(|m| m.to_string())
        .collect();
    // What a name on its own may mean in each module besides a variable: its items and
    // imports, and with a glob import, any module's.
    let mut own = BTreeMap::new();
    let (mut glob, mut outside_glob) = (BTreeSet::new(), false);
    for (module, code) in &codes {
        let mut names = BTreeSet::from(["drop".to_string()]);
        let mut globs = (false, false);
        module_items(code, 0, code.len(), &mut names, &mut globs);
        own.insert(*module, names);
        if globs.0 {
            glob.insert(*module);
        }
        outside_glob |= globs.1;
    }
    let every: BTreeSet<String> = own.values().flatten().cloned().collect();
    let mut shortened = BTreeMap::new();
    for (module, code) in &codes {
        let mut scope = match glob.contains(module) {
            true => every.clone(),
            false => own[module].clone(),
        };
        let marks = Marks::new(code, &expression_macros);
        let code = Code::new(
            render(code, &private_items(code, &marks, &mut scope)),
            module,
        )?;
        let marks = Marks::new(&code, &expression_macros);
        let text = match outside_glob {
            true => code.text.clone(),
            false => render(&code, &locals(&code, &marks, &scope)),
        };
        shortened.insert(module.to_string(), text);
    }
    Ok(shortened)
}

/// Adds to `names` the names of the items at positions `from..to` of `code` (a module's
/// top level, or an inline module's), enum variants and imports included, but not the
/// associated items of impls; `globs` says whether one imports a glob, and one from outside
/// the library (whose names are not known).
fn module_items(
    code: &Code,
    from: usize,
    to: usize,
    names: &mut BTreeSet<String>,
    globs: &mut (bool, bool),
) {
    for item in items(code, from, to) {
        let mut k = item.start;
        while code.t(k) == "#" && code.t(k + 1) == "[" {
            k = code.partner[k + 1] + 1;
        }
        let k = skip_qualifiers(code, k);
        match item.kind {
            ItemKind::Named { name: named, .. } => {
                names.insert(named);
                if code.t(k) == "enum" {
                    let open = (k..item.end).find(|&p| code.t(p) == "{");
                    let variants = open.map(|o| code.split_commas(o + 1, code.partner[o]));
                    for (a, _) in variants.unwrap_or_default() {
                        let mut a = a;
                        while code.t(a) == "#" && code.t(a + 1) == "[" {
                            a = code.partner[a + 1] + 1;
                        }
                        names.insert(name(code, a));
                    }
                }
            }
            ItemKind::Mod { name, body } => {
                names.insert(name);
                module_items(code, body.0 + 1, body.1, names, globs);
            }
            ItemKind::Impl { .. } => {}
            ItemKind::Use { tree, .. } => {
                let library = matches!(code.t(tree.0), "crate" | "super" | "self");
                if (tree.0..tree.1).any(|p| code.t(p) == "*") {
                    *globs = (true, globs.1 || !library);
                }
                names.extend(
                    (tree.0..tree.1)
                        .filter(|&p| code.is_ident(p))
                        .map(|p| name(code, p)),
                );
            }
            _ => {
                let idents = (item.start..item.end).filter(|&p| code.is_ident(p));
                names.extend(idents.map(|p| name(code, p)));
            }
        }
    }
}

/// The names of `code` at positions `from..to`, format strings' captures included.
fn names_in(code: &Code, from: usize, to: usize) -> BTreeSet<String> {
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
fn style(name: &str) -> Option<bool> {
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
fn assign(wanted: Vec<(String, usize)>, taken: &BTreeSet<String>) -> BTreeMap<String, String> {
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

/// The edits that rename the private functions, constants and statics of the module `code`,
/// every occurrence being plain but its definition; each new name avoids the names of
/// `code` and those of its `scope` (what a name on its own may mean there), and is added
/// to `scope`.
fn private_items(code: &Code, marks: &Marks, scope: &mut BTreeSet<String>) -> Edits {
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

/// The positions of the functions' parameters and bodies, and of constants' and statics'
/// initialisers, in `code`: where local variables live. Nested functions are in their
/// enclosing function's.
fn regions(code: &Code) -> Vec<(usize, usize)> {
    let n = code.len();
    let mut found = Vec::new();
    let mut p = 0;
    while p < n {
        let item_start = matches!(code.before(p), "" | ";" | "{" | "}" | "]" | ")" | "pub");
        if code.t(p) == "fn" && code.is_ident(p + 1) {
            let mut q = p + 2;
            let mut angle = 0i32;
            while q < n && (angle > 0 || code.t(q) == "<") {
                match code.t(q) {
                    "<" => angle += 1,
                    ">" => angle -= 1,
                    "(" | "[" => q = code.partner[q],
                    _ => {}
                }
                q += 1;
            }
            if code.t(q) != "(" {
                p += 1;
                continue;
            }
            // The return type and where clause, to the body.
            let (mut r, mut angle) = (code.partner[q] + 1, 0i32);
            while r < n {
                match code.t(r) {
                    ";" => break,
                    "{" if angle <= 0 => break,
                    "<" => angle += 1,
                    ">" => angle -= 1,
                    "(" | "[" | "{" => r = code.partner[r],
                    _ => {}
                }
                r += 1;
            }
            if code.t(r) == "{" {
                found.push((q, code.partner[r] + 1));
                p = code.partner[r] + 1;
            } else {
                p = r + 1;
            }
        } else if matches!(code.t(p), "const" | "static") && item_start && code.t(p + 1) != "fn" {
            let end = item_end(code, p);
            let mut q = p;
            while q < end && code.t(q) != "=" {
                q = if matches!(code.t(q), "(" | "[" | "{") {
                    code.partner[q] + 1
                } else {
                    q + 1
                };
            }
            if q < end {
                found.push((q + 1, end));
            }
            p = end.max(p + 1);
        } else {
            p += 1;
        }
    }
    found
}

/// Whether the code at `from..to` defines what renaming its variables could confuse with
/// them: types, traits, impls, modules, macros, or a glob import.
fn defines_names(code: &Code, from: usize, to: usize) -> bool {
    (from..to).any(|p| match code.t(p) {
        "struct" | "enum" | "trait" | "mod" | "macro_rules" => true,
        "union" => code.is_ident(p + 1),
        "impl" => matches!(code.before(p), "{" | "}" | ";" | "]"),
        "use" => (p..to)
            .take_while(|&q| code.t(q) != ";")
            .any(|q| code.t(q) == "*"),
        _ => false,
    })
}

/// The edits that rename the local variables of `code`, in each function (and initialiser)
/// on its own: a snake-case name that is not one of the module's `scope` (what a name on
/// its own may mean there), whose every occurrence there is plain or a member (`x.name`
/// is left as it is), and that no literal captures.
fn locals(code: &Code, marks: &Marks, scope: &BTreeSet<String>) -> Edits {
    let mut edits = Edits::new(code);
    for (from, to) in regions(code) {
        if defines_names(code, from, to) {
            continue;
        }
        let mut taken = names_in(code, from, to);
        let mut counts: BTreeMap<String, usize> = BTreeMap::new();
        let mut kept = BTreeSet::new();
        for p in (from..to).filter(|&p| code.is_ident(p)) {
            let name = name(code, p);
            if style(&name) != Some(false) || name.len() < 2 || scope.contains(&name) {
                continue;
            }
            if KEYWORDS.contains(&name.as_str()) || PRIMITIVES.contains(&name.as_str()) {
                continue;
            }
            match marks.occurrence(code, p) {
                Occurrence::Plain => *counts.entry(name).or_default() += 1,
                Occurrence::Member => {}
                Occurrence::Fixed => {
                    kept.insert(name);
                }
            }
        }
        for p in from..to {
            if code.kind(p) == Some(Kind::Literal) {
                captures(code.t(p), &mut kept);
            }
        }
        counts.retain(|name, _| !kept.contains(name));
        taken.extend(scope.iter().cloned());
        let given = assign(counts.into_iter().collect(), &taken);
        for p in (from..to).filter(|&p| code.is_ident(p)) {
            if let Some(new) = given.get(code.t(p)) {
                if marks.occurrence(code, p) == Occurrence::Plain {
                    edits.replace.insert(code.code[p], new.clone());
                }
            }
        }
    }
    edits
}
