//! Shorter names: in the library modules of a bundle, the names of local variables (a
//! function's parameters and bindings, a constant's initialiser's), of the private
//! functions, constants, statics and struct fields that only their module may name
//! ([`crate::private`]), and of private methods ([`crate::methods`]) become the shortest
//! names free there ([`crate::fresh`]): `a`, `b`, .. `zz` (`A` .. `ZZ` for constants). The
//! library is for reading in its sources, the bundle for the judge, where long names took
//! about a sixth of the library's bytes.
//!
//! Nothing public changes name, nor any type (`Debug` prints types' names), nor anything a
//! macro or a string may name: a renaming is consistent over a whole function, or a whole
//! module for an item, so that every name still means what it meant. For a variable, a
//! function, a constant or a static, it is made only where every occurrence of a name
//! there is [`Occurrence::Plain`] (but an item's own definition, and for a variable the
//! `.x`, `::x` and `S { x: .. }` that name something else, and the shorthand `S { x }`,
//! which becomes `S { x: a }`), where the new name occurs nowhere and names no item a
//! pattern could mean, and where no format string captures the name. A function that
//! defines types, impls, modules or macros inside it, or that imports a glob, keeps its
//! names; so does every module when some module imports a glob from outside the library
//! (which names the glob brings is not known).

use crate::fresh::{assign, names_in, style};
use crate::items::{captures, items, name, ItemKind};
use crate::layout::{render, Edits};
use crate::lex::{Code, Kind};
use crate::methods::private_methods;
use crate::occurrences::{Marks, Occurrence, EXPRESSION_MACROS, KEYWORDS, PRIMITIVES};
use crate::private::{fields_of, private_fields, private_items};
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
    let mut macros = BTreeSet::new();
    for code in codes.values().chain([bin]) {
        for p in 0..code.len() {
            if code.t(p) == "macro_rules" && code.t(p + 1) == "!" {
                macros.insert(name(code, p + 2));
            }
        }
    }
    let mut structs = BTreeSet::new();
    for code in codes.values().chain([bin]) {
        struct_names(code, &mut structs);
    }
    let expression_macros: BTreeSet<String> = (EXPRESSION_MACROS.iter())
        .filter(|m| !macros.contains(**m))
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
    // The fields of each name that the bundle defines, and the names after a `.`; the
    // functions, constants, statics, types and variants of each name, and the names items
    // define.
    let (mut field_counts, mut members) = (BTreeMap::new(), BTreeSet::new());
    let mut definitions: BTreeMap<String, usize> = structs.iter().map(|s| (s.clone(), 1)).collect();
    let mut item_names = structs.clone();
    for code in codes.values().chain([bin]) {
        for p in (1..code.len()).filter(|&p| code.is_ident(p)) {
            match code.before(p) {
                "fn" | "const" | "static" | "type" => {
                    *definitions.entry(name(code, p)).or_insert(0) += 1;
                }
                "struct" | "enum" | "union" | "trait" => {}
                _ => continue,
            }
            item_names.insert(name(code, p));
        }
        for k in (0..code.len()).filter(|&k| matches!(code.t(k), "struct" | "union" | "enum")) {
            for (field, _, _) in fields_of(code, k) {
                *field_counts.entry(field).or_insert(0) += 1;
            }
        }
        let after_dot = |&p: &usize| code.before(p) == "." && code.is_ident(p);
        members.extend((1..code.len()).filter(after_dot).map(|p| name(code, p)));
    }
    let mut shortened = BTreeMap::new();
    for (module, code) in &codes {
        let mut scope = match glob.contains(module) {
            true => every.clone(),
            false => own[module].clone(),
        };
        let marks = Marks::new(code, &expression_macros, &structs);
        let fields = private_fields(code, &marks, &field_counts, &members);
        let code = Code::new(render(code, &fields), module)?;
        let marks = Marks::new(&code, &expression_macros, &structs);
        let methods = private_methods(&code, &marks, &definitions, &mut item_names);
        let code = Code::new(render(&code, &methods), module)?;
        let marks = Marks::new(&code, &expression_macros, &structs);
        let items = private_items(&code, &marks, &mut scope);
        let code = Code::new(render(&code, &items), module)?;
        let marks = Marks::new(&code, &expression_macros, &structs);
        let text = match outside_glob {
            true => code.text.clone(),
            false => render(&code, &locals(&code, &marks, &scope)),
        };
        shortened.insert(module.to_string(), text);
    }
    Ok(shortened)
}

/// Adds to `names` the names of the structs, unions and enum variants that `code` defines.
fn struct_names(code: &Code, names: &mut BTreeSet<String>) {
    for p in 0..code.len() {
        match code.t(p) {
            "struct" | "union" if code.is_ident(p + 1) => {
                names.insert(name(code, p + 1));
            }
            "enum" if code.is_ident(p + 1) => {
                let open = (p..code.len()).find(|&q| matches!(code.t(q), "{" | ";"));
                let open = open.filter(|&o| code.t(o) == "{");
                let variants = open.map(|o| code.split_commas(o + 1, code.partner[o]));
                for (mut a, _) in variants.unwrap_or_default() {
                    while code.t(a) == "#" && code.t(a + 1) == "[" {
                        a = code.partner[a + 1] + 1;
                    }
                    names.insert(name(code, a));
                }
            }
            _ => {}
        }
    }
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
                Occurrence::Plain | Occurrence::Shorthand => *counts.entry(name).or_default() += 1,
                Occurrence::Member | Occurrence::Field => {}
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
                match marks.occurrence(code, p) {
                    Occurrence::Plain => edits.replace.insert(code.code[p], new.clone()),
                    // `S { x }` becomes `S { x: a }`.
                    Occurrence::Shorthand => edits
                        .replace
                        .insert(code.code[p], format!("{}:{new}", code.t(p))),
                    _ => None,
                };
            }
        }
    }
    edits
}
