//! Pruning: within the library modules that come along ([`crate::reach`]), only the items the
//! binary reaches are pasted. Reachability is by name, over tokens: everything in the binary
//! is kept, and an item is kept once its name appears as an identifier (or a format string's
//! capture) in code already kept, until nothing changes; not as a segment of a path from
//! std, core or alloc, which names nothing of the library (`std::error::Error` keeps no
//! `fn error`). Names are not resolved otherwise, so an item comes along whenever anything
//! kept shares its name: more than needed, never less.
//!
//! - A `fn`, `const`, `static`, type, `macro_rules!` or inline `mod` is kept when its name is
//!   referred to; a trait, also when one of its associated items' names is (a method call
//!   names no trait). A trait is kept whole, and so is an item whose body holds an `impl`.
//!   The binary's names count only for the `pub` items of the modules it names: a local
//!   variable `word` does not bring a private `fn word` of a module it only calls methods of.
//! - In an inherent `impl Type { .. }`, each associated item is kept when its name is referred
//!   to after a `.` or a `::` and `Type` is kept; the block goes when none of them is kept.
//! - `impl Trait for Type` is kept whole when the trait is kept or is not the library's, and
//!   the type is kept or is not the library's (`impl Trait for u8`).
//! - A `use` keeps the imports from the library (`crate::`, `super::`, `self::`) whose name
//!   the code kept in its file refers to (anywhere, for a `pub use`), or that import a kept
//!   trait into a file that keeps code (method calls do not name it); globs stay. Other
//!   imports (from std) stay if their file keeps code, or, for a `pub use`, if their name is
//!   referred to. An `extern crate` stays when its name is referred to in its file.
//! - Anything else (a macro call at item level, `const _`) stays.
//!
//! A module of which nothing stays is left out unless kept code names it (see `bundle`).

use crate::headers::Headers;
use crate::items::{idents, items, members, ItemKind, UseTree};
use crate::layout::Edits;
use crate::lex::{Code, Kind};
use std::collections::BTreeSet;

/// When a unit stays.
enum Cond {
    Always,
    /// One of these names is referred to.
    Named(Vec<String>),
    /// An import from the library (or an `extern crate`), of `target` as `binding` (`None`
    /// for a glob): kept if its scope refers to `binding`, or `target` is a kept trait and
    /// its module keeps code that may call its methods.
    Import {
        binding: Option<String>,
        target: String,
        public: bool,
    },
    /// Another import: kept if its module keeps code, or if it is public and anything kept
    /// refers to `binding` (`None` for a glob).
    OtherImport {
        binding: Option<String>,
        public: bool,
    },
    /// A trait impl: the library trait it implements, if any, and the library types its
    /// self type names.
    TraitImpl {
        trait_name: Option<String>,
        self_types: Vec<String>,
    },
    /// An associated item of an inherent impl whose self type names `self_types`; `names`
    /// `None` for one without a name (a macro call), kept with the type.
    Method {
        names: Option<Vec<String>>,
        self_types: Vec<String>,
    },
    /// An inherent impl block, kept with any of its associated items.
    Block(Vec<usize>),
}

/// A piece of a module that stays or goes as one.
struct Unit {
    module: usize,
    /// The inline module it stands in: it goes with it.
    gate: Option<usize>,
    cond: Cond,
    /// The names its code refers to, and those of them after a `.` or a `::`.
    refs: BTreeSet<String>,
    members: BTreeSet<String>,
    /// The names it refers to in its file's scope, if not all of `refs`: an import's path
    /// uses only its first segment there (`use crate::d::{self, X}` does not use `d`).
    local_refs: Option<BTreeSet<String>>,
    /// The item it defines, and whether that is a trait.
    defines: Option<(String, bool)>,
    /// Its positions, removed when it goes (none for an import).
    span: Option<(usize, usize)>,
    /// The binary may name it: it is `pub` in a module the binary names.
    visible: bool,
    /// It counts as an item in the report.
    item: bool,
}

/// A `use` item of a module: its positions, its tree, and its leaves' units.
struct Use {
    module: usize,
    span: (usize, usize),
    tree: UseTree,
    leaves: Vec<usize>,
}

/// What pruning leaves of a library module.
pub struct Pruned {
    /// The edits that remove the items that go.
    pub edits: Edits,
    /// Some item, import or other piece of it stays.
    pub keeps_any: bool,
    /// The items that go (associated items of inherent impls count one each).
    pub dropped: usize,
}

/// The items and imports of the library modules `modules`, and what the fixpoint knows.
struct Pruner<'a> {
    codes: &'a [&'a Code],
    units: Vec<Unit>,
    uses: Vec<Use>,
    /// What the names in `impl` headers mean.
    headers: Headers<'a>,
    kept: Vec<bool>,
    /// Per module, whether it keeps code other than imports.
    keeps_code: Vec<bool>,
    /// The names the binary refers to.
    bin_referred: BTreeSet<String>,
    /// The names kept library code refers to.
    lib_referred: BTreeSet<String>,
    /// The names kept code refers to, everywhere and per module, and those of them after a
    /// `.` or a `::`.
    referred: BTreeSet<String>,
    members_referred: BTreeSet<String>,
    referred_in: Vec<BTreeSet<String>>,
    /// The names of the items kept, and of the traits kept.
    kept_items: BTreeSet<String>,
    kept_traits: BTreeSet<String>,
}

/// Prunes the library modules `modules` (their stripped code) for the binary `bin`, which
/// names the modules that `named` says.
///
/// # Complexity
/// O((tokens + units · names) · rounds), a round per link of the longest chain of uses.
pub fn prune(bin: &Code, modules: &[&Code], named: &[bool]) -> Vec<Pruned> {
    let n = modules.len();
    let mut pruner = Pruner {
        codes: modules,
        units: Vec::new(),
        uses: Vec::new(),
        headers: Headers::new(modules),
        kept: Vec::new(),
        keeps_code: vec![false; n],
        bin_referred: idents(bin, 0, bin.len()),
        lib_referred: BTreeSet::new(),
        referred: idents(bin, 0, bin.len()),
        members_referred: members(bin, 0, bin.len()),
        referred_in: vec![BTreeSet::new(); n],
        kept_items: BTreeSet::new(),
        kept_traits: BTreeSet::new(),
    };
    for (m, code) in modules.iter().enumerate() {
        pruner.add(m, 0, code.len(), None, named[m]);
    }
    pruner.kept = vec![false; pruner.units.len()];
    pruner.run();
    (0..n).map(|m| pruner.result(m)).collect()
}

impl Pruner<'_> {
    fn push(&mut self, unit: Unit) -> usize {
        self.units.push(unit);
        self.units.len() - 1
    }

    /// Adds the units of the items of module `m` at positions `from..to`, inside the inline
    /// module unit `gate` if any; `visible` if the binary may name that module's items.
    fn add(&mut self, m: usize, from: usize, to: usize, gate: Option<usize>, visible: bool) {
        let code = self.codes[m];
        for item in items(code, from, to) {
            let span = Some((item.start, item.end));
            let visible_item = visible && item.exported;
            // A unit whose code is at positions `from..to`.
            let unit = |cond, (from, to), defines, item| Unit {
                module: m,
                gate,
                cond,
                refs: idents(code, from, to),
                members: members(code, from, to),
                local_refs: None,
                defines,
                span,
                visible: visible_item,
                item,
            };
            match item.kind {
                ItemKind::Named {
                    name,
                    triggers,
                    is_trait,
                    holds_impl,
                    ..
                } => {
                    let cond = if holds_impl {
                        Cond::Always
                    } else {
                        Cond::Named(triggers)
                    };
                    let defines = Some((name, is_trait));
                    self.push(unit(cond, (item.start, item.end), defines, true));
                }
                ItemKind::Impl {
                    trait_path,
                    self_type,
                    generics,
                    body,
                } => {
                    let self_types = self.headers.types_in(m, self_type, &generics);
                    if let Some((a, b)) = trait_path {
                        let trait_name = self.headers.trait_in(m, a, b, &generics);
                        let cond = Cond::TraitImpl {
                            trait_name,
                            self_types,
                        };
                        self.push(unit(cond, (item.start, item.end), None, true));
                        continue;
                    }
                    let mut children = Vec::new();
                    for child in items(code, body.0 + 1, body.1) {
                        let names = match child.kind {
                            ItemKind::Named { triggers, .. } => Some(triggers),
                            _ => None,
                        };
                        let cond = Cond::Method {
                            names,
                            self_types: self_types.clone(),
                        };
                        children.push(self.push(Unit {
                            span: Some((child.start, child.end)),
                            ..unit(cond, (child.start, child.end), None, true)
                        }));
                    }
                    let header = (item.start, body.0 + 1);
                    self.push(unit(Cond::Block(children), header, None, false));
                }
                ItemKind::Use { tree, public } => {
                    let tree = UseTree {
                        from: tree.0,
                        to: tree.1,
                    };
                    let mut leaves = Vec::new();
                    for leaf in tree.leaves(code) {
                        let cond = match leaf.library {
                            true => Cond::Import {
                                binding: leaf.binding,
                                target: leaf.target,
                                public,
                            },
                            false => Cond::OtherImport {
                                binding: leaf.binding,
                                public,
                            },
                        };
                        let local_refs = Some(leaf.root.into_iter().collect());
                        // A path from outside the library names none of its items.
                        let refs = match leaf.external {
                            true => BTreeSet::new(),
                            false => leaf.names,
                        };
                        leaves.push(self.push(Unit {
                            span: None,
                            local_refs,
                            refs,
                            ..unit(cond, (0, 0), None, false)
                        }));
                    }
                    self.uses.push(Use {
                        module: m,
                        span: (item.start, item.end),
                        tree,
                        leaves,
                    });
                }
                ItemKind::ExternCrate { binding, public } => {
                    let cond = Cond::Import {
                        binding: Some(binding),
                        target: String::new(),
                        public,
                    };
                    self.push(unit(cond, (item.start, item.end), None, false));
                }
                ItemKind::Mod { name, body } => {
                    let header = (item.start, body.0 + 1);
                    let module = self.push(unit(Cond::Named(vec![name]), header, None, true));
                    self.add(m, body.0 + 1, body.1, Some(module), visible_item);
                }
                ItemKind::Other => {
                    self.push(unit(Cond::Always, (item.start, item.end), None, false));
                }
            }
        }
    }

    /// Whether unit `u` stays, given what is kept so far.
    fn holds(&self, u: usize) -> bool {
        let unit = &self.units[u];
        if unit.gate.map_or(false, |g| !self.kept[g]) {
            return false;
        }
        let named = |names: &[String]| {
            let bin = |n: &String| unit.visible && self.bin_referred.contains(n);
            names
                .iter()
                .any(|n| self.lib_referred.contains(n) || bin(n))
        };
        let type_kept = |types: &[String]| {
            types.is_empty() || types.iter().any(|t| self.kept_items.contains(t))
        };
        match &unit.cond {
            Cond::Always => true,
            Cond::Named(names) => named(names),
            Cond::Import {
                binding,
                target,
                public,
            } => {
                let scope = if *public {
                    &self.referred
                } else {
                    &self.referred_in[unit.module]
                };
                let bound = binding
                    .as_ref()
                    .map_or(true, |b| b != "_" && scope.contains(b));
                let used_trait = self.keeps_code[unit.module] && self.kept_traits.contains(target);
                bound || used_trait
            }
            Cond::OtherImport { binding, public } => {
                let used = binding.as_ref().map_or(true, |b| self.referred.contains(b));
                self.keeps_code[unit.module] || (*public && used)
            }
            Cond::TraitImpl {
                trait_name,
                self_types,
            } => {
                trait_name
                    .as_ref()
                    .map_or(true, |t| self.kept_traits.contains(t))
                    && type_kept(self_types)
            }
            Cond::Method { names, self_types } => {
                let called =
                    |names: &[String]| names.iter().any(|n| self.members_referred.contains(n));
                type_kept(self_types) && names.as_ref().map_or(true, |n| called(n))
            }
            Cond::Block(children) => children.iter().any(|&c| self.kept[c]),
        }
    }

    /// Keeps units until no other would stay.
    fn run(&mut self) {
        let mut changed = true;
        while changed {
            changed = false;
            for u in 0..self.units.len() {
                if self.kept[u] || !self.holds(u) {
                    continue;
                }
                self.kept[u] = true;
                changed = true;
                let unit = &self.units[u];
                if !matches!(unit.cond, Cond::Import { .. } | Cond::OtherImport { .. }) {
                    self.keeps_code[unit.module] = true;
                }
                self.referred.extend(unit.refs.iter().cloned());
                self.lib_referred.extend(unit.refs.iter().cloned());
                self.members_referred.extend(unit.members.iter().cloned());
                let local = unit.local_refs.as_ref().unwrap_or(&unit.refs);
                self.referred_in[unit.module].extend(local.iter().cloned());
                if let Some((name, is_trait)) = &unit.defines {
                    self.kept_items.insert(name.clone());
                    if *is_trait {
                        self.kept_traits.insert(name.clone());
                    }
                }
            }
        }
    }

    /// What pruning leaves of module `m`.
    fn result(&self, m: usize) -> Pruned {
        let code = self.codes[m];
        let mut edits = Edits::new(code);
        let mut keeps_any = false;
        let mut dropped = 0;
        for (u, unit) in self.units.iter().enumerate() {
            if unit.module != m {
                continue;
            }
            keeps_any |= self.kept[u];
            if !self.kept[u] {
                dropped += usize::from(unit.item);
                if let Some((a, b)) = unit.span {
                    edits.remove(code, a, b);
                }
            }
        }
        for used in self.uses.iter().filter(|used| used.module == m) {
            let kept: Vec<bool> = used.leaves.iter().map(|&u| self.kept[u]).collect();
            match used.tree.removals(code, &kept) {
                Some(parts) => {
                    for (a, b) in parts {
                        edits.remove(code, a, b);
                        // `a, x, b` loses `x,` and the space after it, unless that ends a line.
                        let after = code.code[b - 1] + 1;
                        let space = code.tokens.get(after).filter(|t| t.kind == Kind::Space);
                        if space.map_or(false, |t| !code.text[t.start..t.end].contains('\n')) {
                            edits.removed[after] = true;
                        }
                    }
                }
                None => edits.remove(code, used.span.0, used.span.1),
            }
        }
        Pruned {
            edits,
            keeps_any,
            dropped,
        }
    }
}
