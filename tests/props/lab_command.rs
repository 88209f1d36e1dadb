//! The `lab` command: tables piped in, the stable first lines of their patterns out; a
//! grid's picture written where asked; a bad table the reader's one-line error and a
//! failure.

use crate::common::bundling::TempDir;
use crate::common::samples::Program;
use std::io::Write;
use std::process::{Command, Output, Stdio};

/// Runs the built `lab` with `args` on `input`.
fn lab(args: &[&str], input: &str) -> Output {
    let exe = Program::problem("lab").built().unwrap();
    let mut child = Command::new(exe)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let input = input.to_string();
    // Fed from a thread: the report may fill stdout's pipe before the input is all in. (A
    // run that fails early closes the pipe: that write fails, as it may.)
    let feed = std::thread::spawn(move || stdin.write_all(input.as_bytes()));
    let output = child.wait_with_output().unwrap();
    let fed = feed.join().unwrap();
    assert!(fed.is_ok() || !output.status.success(), "{fed:?}");
    output
}

/// The lines of `lab`'s report on a table (no picture), which must succeed.
fn report(input: &str) -> Vec<String> {
    let run = lab(&["--no-image"], input);
    let stderr = String::from_utf8_lossy(&run.stderr);
    assert!(run.status.success() && stderr.is_empty(), "{stderr}");
    String::from_utf8(run.stdout)
        .unwrap()
        .lines()
        .map(String::from)
        .collect()
}

/// One value a line, or rows.
fn table(values: impl IntoIterator<Item = u64>) -> String {
    values.into_iter().map(|v| format!("{v}\n")).collect()
}

fn grid(rows: usize, cols: usize, value: impl Fn(usize, usize) -> u64) -> String {
    let row = |x: usize| {
        (0..cols)
            .map(|y| value(x, y).to_string())
            .collect::<Vec<_>>()
    };
    (0..rows).map(|x| row(x).join(" ") + "\n").collect()
}

/// The values of heaps `0..len` by the mex over the values `options` gives.
fn mex_table(len: usize, options: impl Fn(usize, &[u64]) -> Vec<u64>) -> Vec<u64> {
    let mut g = Vec::new();
    for n in 0..len {
        let seen = options(n, &g);
        g.push((0..).find(|v| !seen.contains(v)).unwrap());
    }
    g
}

#[test]
fn each_pattern_of_a_table_has_its_stable_first_line() {
    let kayles = mex_table(1000, |n, g| {
        let splits = |take: usize| (0..=n - take).map(move |l| (l, n - take - l));
        (1..=n.min(2))
            .flat_map(splits)
            .map(|(a, b)| g[a] ^ g[b])
            .collect()
    });
    let lasker = mex_table(300, |n, g| {
        let splits = (1..n).map(|a| g[a] ^ g[n - a]);
        g[..n].iter().copied().chain(splits).collect()
    });
    let divisor = mex_table(2000, |n, g| {
        (1..n).filter(|d| n % d == 0).map(|d| g[n - d]).collect()
    });
    let squares = mex_table(20_000, |n, g| {
        (1..)
            .map(|k| k * k)
            .take_while(|&s| s <= n)
            .map(|s| g[n - s])
            .collect()
    });
    let lost_thirds = (0..500).map(|n| if n % 3 == 0 { 0 } else { n });
    let root = |n: u64| (0..=n).take_while(|r| r * r <= n).last().unwrap();
    let beatty: Vec<u64> = (0..300).map(|k| root(2 * k * k)).collect();
    let sqrt_2 = (0..400).map(|n| u64::from(!beatty.contains(&n)));
    let cases: [(String, &str); 6] = [
        (table(kayles), "periodic: start 71, period 12"),
        (
            table(lasker),
            "arithmetic-periodic: start 1, period 4, saltus 4",
        ),
        (table(divisor), "formula: g(n) = v2(n)"),
        (table(squares), "none up to 20000"),
        (
            table(lost_thirds),
            "p-positions: start 0, period 3, residues 0",
        ),
        (
            table(sqrt_2),
            "p-positions: ratio: p(k) = floor(k * sqrt(2))",
        ),
    ];
    for (input, line) in &cases {
        let lines = report(input);
        assert!(lines.iter().any(|l| l == line), "no {line:?} in {lines:#?}");
    }
}

#[test]
fn each_pattern_of_a_grid_has_its_stable_first_line_and_a_picture() {
    let take = |n: usize| [0, 1, 0, 1, 2, 3, 2][n % 7];
    let wythoff = |x: usize, y: usize| {
        let (low, k) = (x.min(y) as u64, (x.max(y) - x.min(y)) as u64);
        u64::from(low != combgames::nim::wythoff_pair(k).0)
    };
    let noise = |x: usize, y: usize| {
        let mut h = (x as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ (y as u64 + 1);
        h ^= h >> 29;
        h = h.wrapping_mul(0xBF58_476D_1CE4_E5B9);
        (h >> 32) % 4
    };
    let cases: [(String, &str); 3] = [
        (
            grid(60, 70, |x, y| take(x) ^ take(y)),
            "xor: g(x, y) = f(x) ^ f(y)",
        ),
        (
            grid(100, 100, wythoff),
            "pairs: (a(n), a(n) + n), a(n) = mex",
        ),
        (grid(40, 30, noise), "none up to 40 x 30"),
    ];
    for (input, line) in &cases {
        let lines = report(input);
        assert!(lines.iter().any(|l| l == line), "no {line:?} in {lines:#?}");
    }
    let temp = TempDir::new("lab-picture");
    let image = temp.0.join("xor.png");
    let run = lab(&["--image", image.to_str().unwrap()], &cases[0].0);
    assert!(
        run.status.success(),
        "{}",
        String::from_utf8_lossy(&run.stderr)
    );
    let png = std::fs::read(&image).unwrap();
    assert_eq!(&png[..8], b"\x89PNG\r\n\x1a\n");
    let text = String::from_utf8(run.stdout).unwrap();
    assert!(text.contains(&format!("the whole grid: {} (0 black)", image.display())));
}

#[test]
fn a_bad_table_is_the_readers_one_line_error() {
    let cases = [
        (
            "0\n1\n\nx\n",
            "error: line 4: expected a value from 0 to 4294967295, found \"x\"",
        ),
        (
            "0\n4294967296\n",
            "error: line 2: expected a value from 0 to 4294967295, found \"4294967296\"",
        ),
        (
            "0 1 2\n3 4 5\n6 7\n",
            "error: line 3: expected 3 values on the line, as on the first, found 2 values",
        ),
        (
            "0\n1 2\n",
            "error: line 2: expected 1 value on the line, as on the first, found 2 values",
        ),
        (
            "\n \n",
            "error: expected a table of values, one a line, or rows of them, found nothing",
        ),
        (
            "0 -1\n",
            "error: line 1: expected a value from 0 to 4294967295, found \"-1\"",
        ),
    ];
    for (input, error) in cases {
        let run = lab(&["--no-image"], input);
        assert!(!run.status.success(), "{input:?}");
        let stderr = String::from_utf8(run.stderr).unwrap();
        assert_eq!(stderr, format!("{error}\n"), "{input:?}");
        assert!(run.stdout.is_empty());
    }
    let run = lab(&["--colour"], "0\n");
    assert!(!run.status.success());
    assert!(String::from_utf8_lossy(&run.stderr).starts_with("error: unknown arguments"));
}

/// `--misere CODE HEAPS`: an octal game's misère report from its rules, nothing read; a bad
/// code or count, one line on stderr and a failure.
#[test]
fn misere_reports_an_octal_game_from_its_rules() {
    let run = lab(&["--misere", "0.75", "30"], "");
    assert!(
        run.status.success(),
        "{}",
        String::from_utf8_lossy(&run.stderr)
    );
    let text = String::from_utf8(run.stdout).unwrap();
    for line in [
        "tame: no, from heap 5",
        "misère quotient: 8 elements, 2 in P, heaps 1 .. 30",
    ] {
        assert!(text.lines().any(|l| l == line), "{line:?} in\n{text}");
    }
    for (args, error) in [
        (
            ["--misere", "0.8", "3"],
            "error: octal code \"0.8\" is not 0. then digits 0 to 7\n",
        ),
        (
            ["--misere", "0.7", "0"],
            "error: heaps \"0\": a number of heaps, 1 or more\n",
        ),
    ] {
        let run = lab(&args, "");
        assert!(!run.status.success());
        assert_eq!(String::from_utf8_lossy(&run.stderr), error);
    }
}
