//! Impl headers: which of the library's types and traits the names in an `impl` header mean,
//! for pruning ([`crate::prune`]) to keep an impl with them. Names are not resolved, so a
//! name counts only where it surely is the library's: on a path from `crate`, `super` or
//! `self`, or defined or imported from the library in the same file. A std name (`Display`,
//! `Default`) is not taken for a library type or trait of the same name: that would drop the
//! impl of the std trait.

use crate::items::{items, name, path_root, ItemKind, UseTree};
use crate::lex::Code;
use std::collections::BTreeSet;

/// The library's types and traits, and what each module's file defines or imports.
pub struct Headers<'a> {
    codes: &'a [&'a Code],
    /// The library's structs, enums, unions and traits, and its traits.
    types: BTreeSet<String>,
    traits: BTreeSet<String>,
    /// Per module, the names its file defines or imports from the library.
    bindings: Vec<BTreeSet<String>>,
}

impl<'a> Headers<'a> {
    /// The names of the library modules `codes`.
    pub fn new(codes: &'a [&'a Code]) -> Headers<'a> {
        let mut headers = Headers {
            codes,
            types: BTreeSet::new(),
            traits: BTreeSet::new(),
            bindings: vec![BTreeSet::new(); codes.len()],
        };
        for (m, code) in codes.iter().enumerate() {
            headers.collect(m, 0, code.len());
        }
        headers
    }

    /// Collects the library's type and trait names, and what each file defines or imports
    /// from the library, at positions `from..to` of module `m`.
    fn collect(&mut self, m: usize, from: usize, to: usize) {
        let code = self.codes[m];
        for item in items(code, from, to) {
            match item.kind {
                ItemKind::Named {
                    name,
                    is_type,
                    is_trait,
                    ..
                } => {
                    if is_type {
                        self.types.insert(name.clone());
                    }
                    if is_trait {
                        self.traits.insert(name.clone());
                    }
                    self.bindings[m].insert(name);
                }
                ItemKind::Use { tree, .. } => {
                    let tree = UseTree {
                        from: tree.0,
                        to: tree.1,
                    };
                    for leaf in tree.leaves(code) {
                        if let (true, Some(binding)) = (leaf.library, leaf.binding) {
                            self.bindings[m].insert(binding);
                        }
                    }
                }
                ItemKind::Mod { name, body } => {
                    self.bindings[m].insert(name);
                    self.collect(m, body.0 + 1, body.1);
                }
                _ => {}
            }
        }
    }

    /// Whether the identifier at `p` of module `m` means one of `names` of the library: named
    /// by a path from `crate`, `super` or `self`, or by a name its file defines or imports
    /// from the library (one imported from std, or from the prelude, is not the library's
    /// even when the library has one so called).
    fn means(&self, m: usize, p: usize, names: &BTreeSet<String>) -> Option<String> {
        let code = self.codes[m];
        let root = path_root(code, p);
        let from_library = matches!(root.as_str(), "crate" | "super" | "self");
        let found = name(code, p);
        (names.contains(&found) && (from_library || self.bindings[m].contains(&root)))
            .then_some(found)
    }

    /// The library types that the type at positions `from..to` of module `m` names, its
    /// generic parameters `generics` apart.
    pub fn types_in(
        &self,
        m: usize,
        (from, to): (usize, usize),
        generics: &[String],
    ) -> Vec<String> {
        let code = self.codes[m];
        let types = (from..to)
            .filter(|&p| code.is_ident(p) && !generics.contains(&name(code, p)))
            .filter_map(|p| self.means(m, p, &self.types));
        types.collect::<BTreeSet<_>>().into_iter().collect()
    }

    /// The library trait that the trait path at positions `from..to` of module `m` names:
    /// its last identifier outside generic arguments.
    pub fn trait_in(
        &self,
        m: usize,
        from: usize,
        to: usize,
        generics: &[String],
    ) -> Option<String> {
        let code = self.codes[m];
        let mut angle = 0i32;
        let mut last = None;
        for p in from..to {
            match code.t(p) {
                "<" => angle += 1,
                ">" => angle -= 1,
                _ if angle == 0 && code.is_ident(p) => last = Some(p),
                _ => {}
            }
        }
        let p = last.filter(|&p| !generics.contains(&name(code, p)))?;
        self.means(m, p, &self.traits)
    }
}
