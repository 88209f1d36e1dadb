//! The house rules of the library (`src/`) and of the lab (`src/lab/`): a crate's modules
//! stand in layers, each using only modules of lower layers (drawn from every `crate::NAME`
//! in its file, `use` lines, paths, doc links and comments alike), so that its import graph
//! has no circle and a reader can start at the bottom and climb; each module's doc says its
//! layer and what it uses, one line `Layer N: uses `a` and `b`.` (or `uses no other
//! module.`), N the lowest layer those allow; its `lib.rs` lists every module in its doc; and
//! no module file is over 600 lines.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;

/// The most lines a library file may have.
const MAX_LINES: usize = 600;

/// The crates whose modules stand in layers: the library, and the lab.
const CRATES: [&str; 2] = ["src", "src/lab"];

/// The module files of the crate in folder `dir`, by name: those its `lib.rs` declares.
fn modules_of(dir: &str) -> BTreeMap<String, String> {
    let src = common::bundling::manifest_dir().join(dir);
    let lib = fs::read_to_string(src.join("lib.rs")).unwrap();
    let names = lib.lines().filter_map(|line| {
        let line = line.trim();
        let name = line
            .strip_prefix("pub mod ")
            .or(line.strip_prefix("mod "))?;
        Some(name.strip_suffix(';')?.to_string())
    });
    let read = |name: String| {
        let text = fs::read_to_string(src.join(format!("{name}.rs"))).unwrap();
        (name, text)
    };
    names.map(read).collect()
}

fn is_name_byte(b: u8) -> bool {
    b == b'_' || b.is_ascii_alphanumeric()
}

/// The modules `text` names as `crate::NAME`, `crate::{NAME, ..}` or `$crate::NAME`.
fn crate_refs(text: &str) -> BTreeSet<String> {
    let bytes = text.as_bytes();
    let name_at = |at: usize| {
        let len = bytes[at..].iter().take_while(|&&b| is_name_byte(b)).count();
        text[at..at + len].to_string()
    };
    let mut refs = BTreeSet::new();
    for (at, _) in text.match_indices("crate::") {
        if at > 0 && is_name_byte(bytes[at - 1]) {
            continue;
        }
        let after = at + "crate::".len();
        if bytes.get(after) != Some(&b'{') {
            refs.insert(name_at(after));
            continue;
        }
        // A group: the first segment of each of its parts.
        let (mut depth, mut part) = (0, after + 1);
        for (i, &b) in bytes.iter().enumerate().skip(after) {
            match b {
                b'{' => depth += 1,
                b'}' | b',' if depth == 1 => {
                    let start = part
                        + bytes[part..]
                            .iter()
                            .take_while(|b| b.is_ascii_whitespace())
                            .count();
                    refs.insert(name_at(start));
                    part = i + 1;
                    if b == b'}' {
                        break;
                    }
                }
                b'}' => depth -= 1,
                _ => {}
            }
        }
    }
    refs.retain(|name| !name.is_empty());
    refs
}

/// The layer and the modules used that the module doc of `text` declares, from its one line
/// `//! Layer N: uses ...`.
fn declared(text: &str) -> Result<(usize, BTreeSet<String>), String> {
    let doc = text.lines().take_while(|line| line.starts_with("//!"));
    let lines: Vec<&str> = doc.filter_map(|l| l.strip_prefix("//! Layer ")).collect();
    let line = match lines[..] {
        [line] => line,
        _ => {
            return Err(format!(
                "{} `Layer N: ...` lines in its module doc, not one",
                lines.len()
            ))
        }
    };
    let (number, uses) = line
        .split_once(": uses ")
        .ok_or("no `: uses ` after the layer")?;
    let layer = number
        .parse()
        .map_err(|_| format!("layer {number:?} is no number"))?;
    let uses = uses
        .strip_suffix('.')
        .ok_or("no `.` at the end of the layer line")?;
    if uses == "no other module" {
        return Ok((layer, BTreeSet::new()));
    }
    let names = uses.split(['`', ',']).map(str::trim);
    let names = names.filter(|name| !name.is_empty() && *name != "and");
    Ok((layer, names.map(str::to_string).collect()))
}

/// The problems with the layers of `modules` (name, text): a module whose doc declares no
/// layer line, uses what it does not declare or declares what it does not use, or is not
/// one layer above the highest module it uses (layer 0 if none).
fn layer_problems(modules: &BTreeMap<String, String>) -> Vec<String> {
    let mut problems = Vec::new();
    let mut layers = BTreeMap::new();
    for (name, text) in modules {
        match declared(text) {
            Ok((layer, uses)) => {
                layers.insert(name.as_str(), (layer, uses));
            }
            Err(e) => problems.push(format!("{name}: {e}")),
        }
    }
    for (name, text) in modules {
        let (layer, declared) = match layers.get(name.as_str()) {
            Some(found) => found,
            None => continue,
        };
        let mut used = crate_refs(text);
        used.remove(name);
        if &used != declared {
            problems.push(format!(
                "{name}: uses {used:?}, but its doc says {declared:?}"
            ));
        }
        let below = used
            .iter()
            .map(|u| layers.get(u.as_str()).map_or(0, |(l, _)| l + 1));
        let lowest = below.max().unwrap_or(0);
        if *layer != lowest {
            problems.push(format!(
                "{name}: layer {layer}, but what it uses makes it {lowest}"
            ));
        }
    }
    problems
}

/// A circle in the graph where each of `modules` points to those it names, if there is one:
/// its modules in order, the first again at the end.
fn circle(modules: &BTreeMap<String, String>) -> Option<Vec<String>> {
    let edges: BTreeMap<&str, BTreeSet<String>> = (modules.iter())
        .map(|(name, text)| (name.as_str(), crate_refs(text)))
        .collect();
    // Depth-first from each module; `path` holds the modules being explored.
    fn visit<'a>(
        name: &'a str,
        edges: &'a BTreeMap<&str, BTreeSet<String>>,
        done: &mut BTreeSet<&'a str>,
        path: &mut Vec<&'a str>,
    ) -> Option<Vec<String>> {
        if let Some(at) = path.iter().position(|&n| n == name) {
            let mut found: Vec<String> = path[at..].iter().map(|n| n.to_string()).collect();
            found.push(name.to_string());
            return Some(found);
        }
        if !done.insert(name) {
            return None;
        }
        path.push(name);
        for next in edges.get(name).into_iter().flatten() {
            if next != name && edges.contains_key(next.as_str()) {
                if let Some(found) = visit(next, edges, done, path) {
                    return Some(found);
                }
            }
        }
        path.pop();
        None
    }
    let mut done = BTreeSet::new();
    let found = edges
        .keys()
        .find_map(|name| visit(name, &edges, &mut done, &mut Vec::new()));
    found
}

#[test]
fn every_module_uses_only_modules_of_lower_layers_as_its_doc_says() {
    for dir in CRATES {
        let problems = layer_problems(&modules_of(dir));
        assert!(problems.is_empty(), "{dir}:\n{}", problems.join("\n"));
    }
}

#[test]
fn the_library_has_no_circle() {
    for dir in CRATES {
        assert_eq!(circle(&modules_of(dir)), None, "{dir}");
    }
}

#[test]
fn no_library_file_is_over_600_lines() {
    for dir in CRATES {
        for (name, text) in modules_of(dir) {
            let lines = text.lines().count();
            assert!(
                lines <= MAX_LINES,
                "{dir}/{name}.rs has {lines} lines, over {MAX_LINES}"
            );
        }
    }
}

#[test]
fn lib_rs_lists_every_module_in_its_doc() {
    for dir in CRATES {
        let root = common::bundling::manifest_dir().join(dir);
        let lib = fs::read_to_string(root.join("lib.rs")).unwrap();
        for name in modules_of(dir).keys() {
            assert!(
                lib.contains(&format!("//! - [`{name}`]")),
                "{dir}/lib.rs does not list {name}"
            );
        }
    }
}

/// Modules made up for the checks: `(name, text)`.
fn made_up(modules: &[(&str, &str)]) -> BTreeMap<String, String> {
    (modules.iter())
        .map(|(name, text)| (name.to_string(), text.to_string()))
        .collect()
}

#[test]
fn a_circle_or_a_use_against_the_layers_is_found() {
    let io = "//! In.\n//! Layer 1: uses `write`.\n\nuse crate::write::Writer;\n";
    let write = "//! Out.\n//! Layer 0: uses no other module.\n\nuse crate::io::CAPACITY;\n";
    let pair = made_up(&[("io", io), ("write", write)]);
    assert_eq!(
        circle(&pair),
        Some(vec!["io".into(), "write".into(), "io".into()])
    );
    let problems = layer_problems(&pair);
    assert!(
        problems
            .iter()
            .any(|p| p.starts_with("write: uses {\"io\"}")),
        "{problems:?}"
    );
    assert!(
        problems
            .iter()
            .any(|p| p.starts_with("write: layer 0, but")),
        "{problems:?}"
    );
    // A doc link, a group and a path in code count; a name ending in `crate` does not.
    let cells = "//! See [`crate::picture`].\n//! Layer 2: uses `io`.\n\n\
                 use crate::{io::Reader, scan};\nfn f() { subcrate::x(); crate::io::g(); }\n";
    let found = crate_refs(cells);
    assert_eq!(found, ["io", "picture", "scan"].map(String::from).into());
    let cells = made_up(&[
        ("cells", cells),
        ("io", io),
        ("write", "//! Layer 0: uses no other module.\n"),
    ]);
    let problems = layer_problems(&cells);
    assert!(
        problems.iter().any(|p| p.starts_with("cells: uses")),
        "{problems:?}"
    );
    assert_eq!(circle(&cells), None);
    // A doc with no layer line, or two.
    let bare = made_up(&[
        ("bare", "//! Nothing.\n"),
        (
            "twice",
            "//! Layer 0: uses no other module.\n//! Layer 1: uses no other module.\n",
        ),
    ]);
    assert_eq!(layer_problems(&bare).len(), 2);
}
