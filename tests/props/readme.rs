//! Every table of README.md: each row has its header's columns, each cell the kind of value
//! its header says (a size in the size table, times in the Speed table, a problem's words in
//! the problem table), and the tables that promise a row for each problem of the problem
//! table have one. A table whose header is not known here fails: say what its columns hold.
//! `examples/README.md`'s tables too. The tools' regions (`src/bin/bundle/readme.rs`) must
//! each be in README.md once.

use std::fs;
use std::path::Path;

use bundle::readme as regions;
use common::bundling::{bundle_of, manifest_dir};

/// What a column holds.
#[derive(Clone, Copy, Debug)]
enum Kind {
    /// A problem of the crate, `` `name` ``: a folder of src/bin/ that is no tool.
    Problem,
    /// A program or a benchmark's name, `` `name` ``.
    Name,
    /// Library modules, `` `a`, `b` ``, or `none`.
    Modules,
    /// Words: something other than a size, a time, a number or a list of modules.
    Words,
    /// Which Rust a judge runs: `rustc 1.88, ...`, `none: ...` or `not known: ...`.
    Judge,
    /// Code, beginning with a backtick.
    Code,
    /// Words with code in them, in backticks.
    WithCode,
    /// `41 KiB`.
    Size,
    /// `26.33 ms` (or ns, µs, s).
    Time,
    /// A plain number, `0.259`.
    Ratio,
    /// Anything, even nothing.
    Any,
}

use Kind::*;

/// A table the README may hold: its header line, what each column holds (`true`: the cell
/// may be empty), and whether it promises a row for each problem of the problem table.
struct Schema {
    header: &'static str,
    columns: &'static [(Kind, bool)],
    every_problem: bool,
}

const SCHEMAS: &[Schema] = &[
    Schema {
        header: "| flag | example | input |",
        columns: &[(Code, false), (Name, false), (Any, false)],
        every_problem: false,
    },
    Schema {
        header: "| example | flag of `new` | input | what it shows |",
        columns: &[(Name, false), (Code, false), (Words, false), (Words, false)],
        every_problem: false,
    },
    Schema {
        header: regions::PROBLEMS,
        columns: &[(Problem, false), (Words, false), (Judge, false)],
        every_problem: false,
    },
    Schema {
        header: "| binary | bundle size | library modules |",
        columns: &[(Problem, false), (Size, false), (Modules, false)],
        every_problem: true,
    },
    Schema {
        header: "| call | reads | cost |",
        columns: &[(Code, false), (Words, false), (Any, true)],
        every_problem: false,
    },
    Schema {
        header: "| game | call | cost |",
        columns: &[(Words, false), (WithCode, false), (Any, false)],
        every_problem: false,
    },
    Schema {
        header: "| problem | input | ours | C++ peer | ours / peer | I/O floor | ours / floor |",
        columns: &[
            (Name, false),
            (Words, false),
            (Time, false),
            (Time, true),
            (Ratio, true),
            (Time, true),
            (Ratio, true),
        ],
        every_problem: true,
    },
    Schema {
        header:
            "| problem | trailing whitespace on half the lines | a blank line after 30% of the \
                 lines | CRLF on half the lines | cells split row by row | two layouts by turns | \
                 all at once |",
        columns: &[
            (Name, false),
            (Ratio, false),
            (Ratio, false),
            (Ratio, false),
            (Ratio, false),
            (Ratio, false),
            (Ratio, false),
        ],
        every_problem: false,
    },
];

/// The names a check needs: the problems and the library modules.
struct Names {
    problems: Vec<String>,
    modules: Vec<String>,
}

/// `` `name` `` without its backticks, if it is one lowercase identifier.
fn quoted(cell: &str) -> Option<&str> {
    let name = cell.strip_prefix('`')?.strip_suffix('`')?;
    let ok = !name.is_empty()
        && name.starts_with(|c: char| c.is_ascii_lowercase())
        && name
            .chars()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_');
    ok.then_some(name)
}

/// Whether `cell` is a number with a unit among `units`, as `26.33 ms`.
fn number_with(cell: &str, units: &[&str]) -> bool {
    match cell.split_once(' ') {
        Some((number, unit)) => number.parse::<f64>().is_ok() && units.contains(&unit),
        None => false,
    }
}

/// Whether `cell` holds what `kind` says.
fn holds(kind: Kind, cell: &str, names: &Names) -> bool {
    let modules = |cell: &str| {
        cell == "none"
            || cell
                .split(", ")
                .all(|m| quoted(m).map_or(false, |m| names.modules.iter().any(|n| n == m)))
    };
    let size = |cell: &str| number_with(cell, &["KiB"]);
    let time = |cell: &str| number_with(cell, &["ns", "µs", "ms", "s"]);
    match kind {
        Problem => quoted(cell).map_or(false, |p| names.problems.iter().any(|n| n == p)),
        Name => quoted(cell).is_some(),
        Modules => modules(cell),
        Words => {
            let letters = cell.chars().any(|c| c.is_alphabetic());
            letters && !modules(cell) && !size(cell) && !time(cell)
        }
        Judge => ["rustc ", "none", "not known"]
            .iter()
            .any(|start| cell.starts_with(start)),
        Code => cell.starts_with('`'),
        WithCode => cell.matches('`').count() >= 2,
        Size => size(cell),
        Time => time(cell),
        Ratio => cell.parse::<f64>().is_ok(),
        Any => true,
    }
}

/// What is wrong with the tables of `readme`, a line each.
fn table_faults(readme: &str, names: &Names) -> Vec<String> {
    let mut faults = Vec::new();
    let lines: Vec<&str> = readme.lines().collect();
    let shown = regions::problems(readme);
    let mut i = 0;
    while i < lines.len() {
        if !lines[i].starts_with('|') {
            i += 1;
            continue;
        }
        let (header, at) = (lines[i].trim(), i + 1);
        let rows: Vec<(usize, &str)> = (i + 2..lines.len())
            .map_while(|j| lines[j].starts_with('|').then_some((j + 1, lines[j])))
            .collect();
        i += 2 + rows.len();
        // Every table: each row has its header's columns.
        let width = regions::cells(header).len();
        let mut fitting = Vec::new();
        for &(number, row) in &rows {
            let cells = regions::cells(row);
            match cells.len() == width {
                true => fitting.push((number, cells)),
                false => faults.push(format!(
                    "line {number}: {} cells under a header of {width} (line {at})",
                    cells.len()
                )),
            }
        }
        let schema = match SCHEMAS.iter().find(|s| s.header == header) {
            Some(schema) => schema,
            None => {
                faults.push(format!(
                    "line {at}: a table whose header tests/props/readme.rs does not know: \
                     {header}"
                ));
                continue;
            }
        };
        for (number, cells) in &fitting {
            for (k, (cell, &(kind, empty_ok))) in cells.iter().zip(schema.columns).enumerate() {
                if !(holds(kind, cell, names) || cell.is_empty() && empty_ok) {
                    let column = regions::cells(header)[k];
                    faults.push(format!(
                        "line {number}: column {column:?} holds {cell:?}, not {kind:?}"
                    ));
                }
            }
        }
        if schema.every_problem {
            for problem in &shown {
                let row = format!("`{problem}`");
                if !rows.iter().any(|(_, r)| regions::cells(r)[0] == row) {
                    faults.push(format!("line {at}: the table has no row for {problem}"));
                }
            }
        }
    }
    faults
}

/// The problems (src/bin/ folders that are no tool) and library modules of the crate.
fn names() -> Names {
    let root = manifest_dir();
    let listed = |dir: &str, keep: &dyn Fn(&Path) -> Option<String>| {
        let mut names: Vec<String> = fs::read_dir(root.join(dir))
            .unwrap()
            .flatten()
            .filter_map(|e| keep(&e.path()))
            .collect();
        names.sort();
        names
    };
    let problems = listed("src/bin", &|path| {
        let name = path.file_name()?.to_str()?.to_string();
        let tool = common::samples::TOOLS.contains(&name.as_str());
        (path.join("main.rs").is_file() && !tool).then_some(name)
    });
    let modules = listed("src", &|path| {
        let name = path.file_stem()?.to_str()?.to_string();
        (path.extension()? == "rs" && name != "lib").then_some(name)
    });
    Names { problems, modules }
}

#[test]
fn every_readme_table_holds_what_its_header_says() {
    let names = names();
    for page in ["README.md", "examples/README.md"] {
        let text = fs::read_to_string(manifest_dir().join(page));
        let faults = table_faults(&text.unwrap(), &names);
        assert!(faults.is_empty(), "{page}:\n{}", faults.join("\n"));
    }
}

#[test]
fn every_region_of_a_tool_is_in_the_readme_once() {
    let readme = fs::read_to_string(manifest_dir().join("README.md"));
    let readme = readme.unwrap();
    for region in ["bundle-sizes", "speed"] {
        regions::region(&readme, region).unwrap();
    }
}

/// The README as commit 1321b3e left it, its tables garbled by a pattern replace (the
/// problem table's words and judges made sizes and modules, the Speed table's seed rows and
/// two varied-layout rows made size rows): the check finds every garbled table.
#[test]
fn the_check_finds_the_tables_a_pattern_replace_garbled() {
    let fixture = manifest_dir().join("tests/fixtures/readme-1321b3e.md");
    let readme = fs::read_to_string(fixture).unwrap();
    let names = Names {
        problems: [
            "card_game",
            "hdu6597",
            "hyper_knights",
            "marble_diamond",
            "tic_tac_toe_nim",
        ]
        .map(String::from)
        .to_vec(),
        modules: names().modules,
    };
    let faults = table_faults(&readme, &names);
    let lines = |from: usize, to: usize| {
        (from..=to)
            .filter(|n| faults.iter().any(|f| f.starts_with(&format!("line {n}:"))))
            .count()
    };
    // The problem table, rows 10 to 14: each row's words and judge.
    assert_eq!(lines(10, 14), 5, "{faults:#?}");
    // The Speed table's six seed rows, 348 to 353, and the two varied-layout rows.
    assert_eq!(lines(348, 353), 6, "{faults:#?}");
    assert_eq!(lines(370, 372), 2, "{faults:#?}");
    // The bundle-size table was right.
    assert_eq!(lines(61, 65), 0, "{faults:#?}");
}

#[test]
fn a_region_is_rewritten_and_nothing_else() {
    let text = "# A\n<!-- begin r: written by `x` -->\nold\n<!-- end r -->\ntail\n";
    let new = regions::replace(text, "r", "y --z", "| a |\n| b |").unwrap();
    assert_eq!(
        new,
        "# A\n<!-- begin r: written by `y --z` -->\n| a |\n| b |\n<!-- end r -->\ntail\n"
    );
    assert_eq!(regions::region(&new, "r").unwrap(), "| a |\n| b |\n");
    assert_eq!(regions::begin_line(&new, "r").unwrap(), 2);
    // Missing, repeated or reversed markers are errors, not a guess.
    for broken in [
        "<!-- begin r: x -->\n",
        "<!-- end r -->\n<!-- begin r: x -->\n",
        "<!-- begin r: x -->\n<!-- end r -->\n<!-- end r -->\n",
    ] {
        assert!(
            regions::replace(broken, "r", "x", "").is_err(),
            "{broken:?}"
        );
    }
}

/// A stale README table: the failure, naming the command that writes it.
fn stale(details: String) -> ! {
    panic!("{details}; `{}` writes it", bundle::README_REGION.1)
}

/// The README's bundle-size table, its region `bundle-sizes` ([`regions`]): a row for each
/// problem of the README's problem table, in its order, with its size in whole KiB within
/// 1 KiB of the real size and its library modules exactly as the bundler reports them.
#[test]
fn the_bundle_size_table_is_the_bundlers() {
    let text = fs::read_to_string(manifest_dir().join("README.md")).unwrap();
    let region = regions::region(&text, "bundle-sizes").unwrap_or_else(|e| stale(e));
    let first = regions::begin_line(&text, "bundle-sizes").unwrap_or_else(|e| stale(e));
    let mut lines = region.lines();
    let header = format!(
        "{}\n{}\n",
        lines.next().unwrap_or(""),
        lines.next().unwrap_or("")
    );
    if header != regions::SIZES_HEADER {
        stale("README.md: the bundle-size table's header differs".into());
    }
    let rows: Vec<&str> = lines.collect();
    let names = regions::problems(&text);
    if rows.len() != names.len() {
        stale(format!(
            "README.md: the bundle-size table has {} rows for the problem table's {}",
            rows.len(),
            names.len()
        ));
    }
    for (i, (row, name)) in rows.iter().zip(&names).enumerate() {
        let number = first + 3 + i;
        let bundled = bundle_of(&manifest_dir(), name)
            .unwrap_or_else(|e| panic!("README.md line {number}: {e}"));
        let want = regions::size_row(name, bundled.text.len(), &bundled.modules);
        let want = regions::cells(want.trim_end());
        let cells = regions::cells(row);
        let stated_kib = cells
            .get(1)
            .and_then(|cell| cell.strip_suffix(" KiB"))
            .and_then(|n| n.parse::<usize>().ok());
        let size_ok = stated_kib.map_or(false, |s| (s * 1024).abs_diff(bundled.text.len()) <= 1024);
        if !size_ok || cells.len() != 3 || cells[0] != want[0] || cells[2] != want[2] {
            stale(format!(
                "README.md line {number} is stale: the bundle of {name} is {} bytes with \
                 modules {}",
                bundled.text.len(),
                want[2]
            ));
        }
    }
}
