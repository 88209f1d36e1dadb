//! Code that fits: every code site of the lab, on games and tables that reach each of its
//! shapes (short and long tables, values above 9, a start, period 1, a plane's corner, a
//! coordinate with no period, pairs, a ratio, formulas), prints lines of at most 92
//! columns that `rustfmt --check` accepts as they are, pasted into a function body and into
//! a method's; a large table stays a block of digits. Then every piece of code is compiled
//! (`rustc -D warnings`) and run, and its values are compared with the table's, or with a
//! larger table or grid computed from the rules.

use crate::common::bundling::TempDir;
use lab::code::WIDTH;
use lab::grids::Grid;
use lab::patterns::{find, find_plane, Finding};
use lab::tables::Table;
use std::fmt::Write as _;
use std::fs;
use std::process::Command;
use std::sync::atomic::{AtomicUsize, Ordering};

/// A piece of printed code, with what it must compute.
pub struct Case {
    /// Where it comes from: the game and the finding's first line.
    pub name: String,
    /// The finding's code, in order.
    pub code: Vec<String>,
    /// The cells `(x, y)` it is checked on, `x < rows` and `y < cols` (`cols` 0 for a
    /// table), row by row.
    pub rows: u64,
    pub cols: u64,
    /// What it must give there: the value, or for `is_p` 1 at a P-position.
    pub expected: Vec<u64>,
    /// Whether it can run on those cells (not when a coordinate with no period must stay
    /// within a view smaller than they are).
    pub run: bool,
}

/// A folder of its own for each check: tests run at once in one process.
fn scratch(what: &str) -> TempDir {
    static COUNT: AtomicUsize = AtomicUsize::new(0);
    TempDir::new(&format!(
        "lab-code-{what}-{}",
        COUNT.fetch_add(1, Ordering::Relaxed)
    ))
}

/// How a piece of code is pasted: an expression as `let g = ...;`, statements and items
/// (helper functions, with their docs) as they are.
fn pasted(code: &str) -> String {
    match code.starts_with("let ") || code.starts_with("fn ") || code.starts_with("//") {
        true => code.to_string(),
        false => format!("let g = {code};"),
    }
}

/// `text`'s lines indented by `by` (empty lines stay empty).
fn indented(text: &str, by: usize) -> String {
    let pad = " ".repeat(by);
    let line = |l: &str| match l.is_empty() {
        true => "\n".to_string(),
        false => format!("{pad}{l}\n"),
    };
    text.lines().map(line).collect()
}

/// The cases of one table's findings: `truth` gives the values to check the code on (the
/// table's, or more from the rules).
fn table_cases(name: &str, found: &[Finding], truth: &[u32]) -> Vec<Case> {
    let mut cases = Vec::new();
    for f in found.iter().filter(|f| !f.code.is_empty()) {
        let is_p = f.code.iter().any(|c| c.contains("let is_p = "));
        let expected = truth.iter().map(|&v| match is_p {
            true => u64::from(v == 0),
            false => u64::from(v),
        });
        cases.push(Case {
            name: format!("{name}: {}", f.headline),
            code: f.code.clone(),
            rows: truth.len() as u64,
            cols: 0,
            expected: expected.collect(),
            run: true,
        });
    }
    cases
}

/// The cases of one grid's findings, checked on `truth` (the grid's, or a larger one).
pub fn plane_cases(name: &str, found: &[Finding], truth: &Grid) -> Vec<Case> {
    let mut cases = Vec::new();
    for f in found.iter().filter(|f| !f.code.is_empty()) {
        let is_p = f.code.iter().any(|c| c.contains("let is_p = "));
        let expected = truth.values().iter().map(|&v| match is_p {
            true => u64::from(v == 0),
            false => u64::from(v),
        });
        cases.push(Case {
            name: format!("{name}: {}", f.headline),
            code: f.code.clone(),
            rows: truth.rows() as u64,
            cols: truth.cols() as u64,
            expected: expected.collect(),
            run: !f
                .notes
                .iter()
                .any(|n| n.contains("must stay within the view")),
        });
    }
    cases
}

/// Every line at most [`WIDTH`] columns; `rustfmt --check` leaves the code as it is,
/// pasted 4 and 8 columns in.
pub fn assert_fits(cases: &[Case]) {
    for case in cases {
        for line in case.code.iter().flat_map(|c| c.lines()) {
            assert!(
                line.len() <= WIDTH,
                "{}: {} columns: {line}",
                case.name,
                line.len()
            );
        }
    }
    let mut file = String::new();
    for (i, case) in cases.iter().enumerate() {
        let code: Vec<String> = case.code.iter().map(|c| pasted(c)).collect();
        let body = code.join("\n");
        let _ = write!(
            file,
            "// {}\nfn case_{i}() {{\n{}}}\n\n",
            case.name,
            indented(&body, 4)
        );
        let _ = write!(
            file,
            "impl Case{i} {{\n    fn in_a_method() {{\n{}    }}\n}}\n\n",
            indented(&body, 8)
        );
    }
    file.pop();
    let temp = scratch("fmt");
    let path = temp.0.join("code.rs");
    fs::write(&path, &file).unwrap();
    let check = Command::new("rustfmt")
        .args(["--check", "--edition", "2021"])
        .arg(&path)
        .output()
        .expect("rustfmt, which comes with cargo");
    let diff = String::from_utf8_lossy(&check.stdout);
    assert!(
        check.status.success(),
        "rustfmt would change the code:\n{diff}"
    );
}

/// Compiles every case's code with `rustc -D warnings`, runs it on the cells expected, and
/// compares.
pub fn assert_computes(cases: &[Case]) {
    let cases: Vec<&Case> = cases.iter().filter(|c| c.run).collect();
    let mut program = String::from("fn main() {\n");
    for (i, case) in cases.iter().enumerate() {
        let code: Vec<String> = case.code.iter().map(|c| pasted(c)).collect();
        let is_p = code.iter().any(|c| c.contains("let is_p = "));
        let call = match (is_p, case.cols) {
            (true, 0) => "is_p(x)",
            (true, _) => "is_p(x, y)",
            (false, 0) => "g(x)",
            (false, _) => "g(x, y)",
        };
        let body = format!(
            "{}\nlet mut got = Vec::new();\nfor x in 0..{}u64 {{\n    for y in 0..{}u64 {{\n        \
             let _ = y;\n        got.push(u64::from({call}).to_string());\n    }}\n}}\n\
             println!(\"{i} {{}}\", got.join(\" \"));",
            code.join("\n"),
            case.rows,
            case.cols.max(1),
        );
        let _ = write!(program, "    {{\n{}    }}\n", indented(&body, 8));
    }
    program.push_str("}\n");
    let temp = scratch("run");
    let (source, exe) = (temp.0.join("main.rs"), temp.0.join("main"));
    fs::write(&source, &program).unwrap();
    let built = Command::new("rustc")
        .args(["--edition", "2021", "-D", "warnings", "-o"])
        .arg(&exe)
        .arg(&source)
        .output()
        .expect("rustc");
    let errors = String::from_utf8_lossy(&built.stderr);
    assert!(
        built.status.success(),
        "the printed code does not compile:\n{errors}"
    );
    let run = Command::new(&exe).output().unwrap();
    assert!(
        run.status.success(),
        "{}",
        String::from_utf8_lossy(&run.stderr)
    );
    let out = String::from_utf8(run.stdout).unwrap();
    for (case, line) in cases.iter().zip(out.lines()) {
        let got: Vec<u64> = line
            .split(' ')
            .skip(1)
            .map(|v| v.parse().unwrap())
            .collect();
        let cols = case.cols.max(1) as usize;
        for (i, (&want, &got)) in case.expected.iter().zip(&got).enumerate() {
            let cell = (i / cols, i % cols);
            assert_eq!(
                got,
                want,
                "{} at {cell:?}:\n{}",
                case.name,
                case.code.join("\n")
            );
        }
        assert_eq!(got.len(), case.expected.len(), "{}", case.name);
    }
    assert_eq!(out.lines().count(), cases.len());
}

/// A small random generator for values with no pattern.
fn noise(seed: &mut u64) -> u32 {
    *seed = seed
        .wrapping_mul(6_364_136_223_846_793_005)
        .wrapping_add(1_442_695_040_888_963_407);
    (*seed >> 33) as u32
}

/// Tables that reach every shape of the heap code sites.
fn heap_cases() -> Vec<Case> {
    let mut cases = Vec::new();
    let mut add = |name: &str, values: Vec<u32>, more: Option<Vec<u32>>| {
        let found = find(&Table::read(values.clone()));
        assert!(!found[0].headline.starts_with("none"), "{name}: {found:?}");
        cases.extend(table_cases(name, &found, more.as_ref().unwrap_or(&values)));
    };
    let periodic = |len: u64, f: &dyn Fn(u64) -> u32| (0..len).map(f).collect::<Vec<u32>>();
    add("n mod 3", periodic(1000, &|n| (n % 3) as u32), None);
    // The longest array printed inline: 40 columns.
    add("period 12", periodic(1000, &|n| (n % 12 % 10) as u32), None);
    let start = |n: u64| {
        if n < 7 {
            9
        } else {
            [0, 1, 1, 2][n as usize % 4]
        }
    };
    add(
        "start 7",
        periodic(1000, &start),
        Some(periodic(3000, &start)),
    );
    let digits = |n: u64| ((n % 300) * (n % 300) % 10) as u32;
    add(
        "period 300, digits",
        periodic(2000, &digits),
        Some(periodic(5000, &digits)),
    );
    let wide = |n: u64| {
        if n < 13 {
            77
        } else {
            ((n % 120) * 7919 % 41) as u32
        }
    };
    add("period 120, values to 77", periodic(2000, &wide), None);
    add(
        "constant from 5",
        periodic(300, &|n| if n < 5 { n as u32 + 1 } else { 0 }),
        None,
    );
    add("constant", vec![3; 300], None);
    let lasker = |n: u64| match n % 4 {
        3 => n as u32 + 1,
        0 if n > 0 => n as u32 - 1,
        _ => n as u32,
    };
    add(
        "Lasker's Nim",
        periodic(400, &lasker),
        Some(periodic(4000, &lasker)),
    );
    let climb = |n: u64| ((n / 100) * 50 + (n % 100) * 7919 % 23 + 100) as u32;
    add("arithmetic, period 100", periodic(3000, &climb), None);
    add(
        "arithmetic, period 1",
        periodic(300, &|n| if n < 3 { 0 } else { 2 * n as u32 }),
        None,
    );
    let mut seed = 7;
    let classes: Vec<u32> = (0..2000)
        .map(|n| match [0, 2].contains(&(n % 5)) {
            true => 0,
            false => 1 + noise(&mut seed) % 7,
        })
        .collect();
    add("residues 0 2 mod 5", classes, None);
    let long: Vec<u32> = (0..4000u64)
        .map(|n| match (n % 150) * 7 % 11 < 3 || n == 2 {
            true => 0,
            false => 1 + noise(&mut seed) % 7,
        })
        .collect();
    add("residues mod 150", long, None);
    let v2 = |n: u64| if n == 0 { 0 } else { n.trailing_zeros() };
    add("v2", periodic(300, &v2), Some(periodic(5000, &v2)));
    for feature in lab::formulas::Feature::ALL {
        let f = |n: u64| feature.of(n + 1).unwrap() as u32 + 2;
        add(feature.name(), periodic(300, &f), Some(periodic(3000, &f)));
    }
    add(
        "1 - parity",
        periodic(300, &|n| 1 - n.count_ones() % 2),
        None,
    );
    let zeck = |n: u64| {
        lab::formulas::Feature::ZeckMin
            .of(n)
            .map_or(0, |v| v as u32)
    };
    add(
        "zeck_min, 0 apart",
        periodic(300, &zeck),
        Some(periodic(3000, &zeck)),
    );
    // Formulas in other bases (`digits`), and P-positions 2^k - 1 (`geometric`).
    let v3 = |n: u64| {
        if n == 0 {
            0
        } else {
            (0..).take_while(|&k| n % 3u64.pow(k + 1) == 0).count() as u32
        }
    };
    add("v3", periodic(2000, &v3), Some(periodic(6000, &v3)));
    let sum3 = |mut n: u64| {
        let mut sum = 0;
        while n > 0 {
            sum += (n % 3) as u32;
            n /= 3;
        }
        sum
    };
    add("sum3", periodic(2000, &sum3), Some(periodic(6000, &sum3)));
    let halves = |n: u64| u32::from(!(n + 1).is_power_of_two());
    add(
        "2^k - 1",
        periodic(3000, &halves),
        Some(periodic(9000, &halves)),
    );
    let below = |k: u64| lab::formulas::isqrt(u128::from(2 * k * k)) as u64;
    let lost: Vec<u64> = (0..800).map(below).collect();
    let ratio = |n: u64| u32::from(!lost.contains(&n));
    add(
        "floor(k sqrt(2))",
        periodic(560, &ratio),
        Some(periodic(1100, &ratio)),
    );
    cases
}

/// A grid of `rows x cols` whose value at `(x, y)` is `f(x, y)`.
fn grid(rows: usize, cols: usize, f: &dyn Fn(usize, usize) -> u32) -> Grid {
    Grid::read(
        rows,
        cols,
        (0..rows * cols).map(|i| f(i / cols, i % cols)).collect(),
    )
}

/// Grids that reach every shape of the plane code sites.
fn grid_cases() -> Vec<Case> {
    let mut cases = Vec::new();
    let mut add = |name: &str, g: Grid, truth: Option<Grid>| {
        let found = find_plane(&g);
        assert!(!found[0].headline.starts_with("none"), "{name}: {found:?}");
        cases.extend(plane_cases(name, &found, truth.as_ref().unwrap_or(&g)));
    };
    let small = |x: usize, y: usize| (x % 3 + y % 2) as u32;
    add("small", grid(80, 90, &small), Some(grid(200, 200, &small)));
    // A 33 x 33 corner: a border of 28, then period 5 each way.
    let back = |v: usize| if v < 28 { v } else { 28 + (v - 28) % 5 };
    let corner = |x: usize, y: usize| ((back(x) * 3 + back(y) * 7) % 10) as u32;
    add(
        "33 x 33",
        grid(200, 200, &corner),
        Some(grid(300, 300, &corner)),
    );
    let wide = |x: usize, y: usize| match x < 5 {
        true => (x * 7 + y) as u32 % 40,
        false => ((x % 4) * 10 + y % 3) as u32,
    };
    add(
        "no period in y, values to 39",
        grid(120, 120, &wide),
        Some(grid(300, 120, &wide)),
    );
    let f = [0u32, 1, 0, 1, 2, 3, 2];
    let xor = |x: usize, y: usize| f[x % 7] ^ f[y % 7];
    add("nim-sum", grid(60, 80, &xor), Some(grid(150, 150, &xor)));
    // Along the diagonal, values to 24, wide tables: a border of 3 in d below, then the
    // period 14.
    let diagonal = |x: usize, y: usize| match (y >= x, x - x.min(y)) {
        (true, _) => (x % 3 * 7 + 10) as u32,
        (false, d) if d < 3 => 20 + d as u32,
        (false, d) => ((x.min(y) % 3) * 5 + (d - 3) % 14) as u32,
    };
    add(
        "diagonal",
        grid(200, 200, &diagonal),
        Some(grid(300, 300, &diagonal)),
    );
    // Along (2, 3): by the step of the direction and what is left.
    let sheared = |x: usize, y: usize| {
        let m = (x / 2).min(y / 3);
        let (x, y) = (x - 2 * m, y - 3 * m);
        match x < 2 {
            true => (m % 2 + x + 2 * y.min(4)) as u32,
            false => (3 + m % 2 + y + (x % 3)) as u32,
        }
    };
    add(
        "direction (2, 3)",
        grid(240, 240, &sheared),
        Some(grid(400, 400, &sheared)),
    );
    for c in 1..=3 {
        let pairs = lab::plane::mex_pairs(c, 600);
        let lost = |x: usize, y: usize| {
            let pair = (x.min(y) as u64, x.max(y) as u64);
            u32::from(!pairs.contains(&pair))
        };
        add(
            &format!("pairs + {c}n"),
            grid(150, 150, &lost),
            Some(grid(300, 300, &lost)),
        );
    }
    cases
}

#[test]
fn every_code_site_prints_code_that_cargo_fmt_leaves_as_it_is() {
    let cases: Vec<Case> = heap_cases().into_iter().chain(grid_cases()).collect();
    assert_fits(&cases);
}

#[test]
fn every_code_site_prints_code_that_computes_the_values() {
    let cases: Vec<Case> = heap_cases().into_iter().chain(grid_cases()).collect();
    assert_computes(&cases);
}

#[test]
fn a_large_table_stays_a_block_of_digits() {
    // A 33 x 33 corner, a border of 28 then period 5 each way: 33 lines of 33 digits, and 6
    // more lines of code.
    let back = |v: usize| if v < 28 { v } else { 28 + (v - 28) % 5 };
    let corner = |x: usize, y: usize| ((back(x) * 3 + back(y) * 7) % 10) as u32;
    let found = find_plane(&grid(200, 200, &corner));
    let code = &found[0].code[0];
    assert_eq!(
        found[0].headline,
        "periodic: x start 28, period 5; y start 28, period 5"
    );
    let is_row = |l: &&str| {
        let row = l.trim().trim_end_matches(['\\', '"', ';']);
        row.len() == 33 && row.bytes().all(|b| b.is_ascii_digit())
    };
    assert_eq!(code.lines().filter(is_row).count(), 33, "{code}");
    assert_eq!(code.lines().count(), 33 + 6, "{code}");
    // A period of 600 values below 10: 8 lines of digits.
    let long: Vec<u32> = (0..3000u64)
        .map(|n| ((n % 600) * (n % 600) % 7) as u32)
        .collect();
    let found = find(&Table::read(long));
    assert_eq!(found[0].headline, "periodic: start 0, period 600");
    assert!(
        found[0].code[0].lines().count() <= 12,
        "{}",
        found[0].code[0]
    );
}
