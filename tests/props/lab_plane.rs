//! The lab on plane games built from their rules, each pattern proved by hand here: the
//! P-positions of Wythoff's game and of its variant with difference 2n as pairs, with the
//! exact code printed pasted here and checked; plane games of fixed steps periodic after a
//! border, proved by the box (and the box's induction redone here on its own); a sum of
//! two heap games as a nim-sum.

use crate::lab_sectors::Steps;
use combgames::nim::wythoff_pair;
use combgames::subtraction::SubtractionGame;
use lab::grids::Grid;
use lab::patterns::{find_plane, Finding};
use lab::rules::{Plane, PlaneMoves};
use lab::tables::Values;
use lab::verify::assert_plane_formula;

/// The finding whose first line starts with `head`, which must be there.
fn finding<'a>(found: &'a [Finding], head: &str) -> &'a Finding {
    let heads: Vec<&str> = found.iter().map(|f| f.headline.as_str()).collect();
    let hit = found.iter().find(|f| f.headline.starts_with(head));
    hit.unwrap_or_else(|| panic!("no finding {head:?} among {heads:?}"))
}

/// The integer square root by bisection, apart from the library's.
fn root(n: u128) -> u128 {
    let (mut low, mut high) = (0u128, 1 << 64);
    while high - low > 1 {
        let mid = (low + high) / 2;
        match mid.checked_mul(mid) {
            Some(square) if square <= n => low = mid,
            _ => high = mid,
        }
    }
    low
}

/// Fraenkel's `c`-Wythoff game: take any number from one pile, or `k` from one and `l`
/// from the other, `k, l >= 1`, `|k - l| < c` (Wythoff's game for `c = 1`).
struct Wythoff(u64);

impl Plane for Wythoff {
    fn moves(&self, x: u64, y: u64, to: &mut PlaneMoves) {
        (0..x).for_each(|a| to.cell(a, y));
        (0..y).for_each(|b| to.cell(x, b));
        for k in 1..=x {
            let l = k.saturating_sub(self.0 - 1).max(1)..=(k + self.0 - 1).min(y);
            l.for_each(|l| to.cell(x - k, y - l));
        }
    }
}

/// The pairs `(a(n), a(n) + c n)`, `a(n)` the least number not yet in a pair, while
/// `a(n) < below`: this file's own.
fn pairs(c: u64, below: u64) -> Vec<(u64, u64)> {
    let (mut used, mut found) = (std::collections::BTreeSet::new(), Vec::new());
    for n in 0.. {
        let a = (0..).find(|v| !used.contains(v)).unwrap();
        if a >= below {
            return found;
        }
        used.insert(a);
        used.insert(a + c * n);
        found.push((a, a + c * n));
    }
    unreachable!()
}

/// Whether the P-positions (the values 0) of `grid` are exactly the pairs `lost` and their
/// mirrors.
fn zeros_are(grid: &Grid, lost: &[(u64, u64)]) -> bool {
    (0..grid.rows()).all(|x| {
        (grid.row(x).iter().enumerate()).all(|(y, &v)| {
            let pair = (x.min(y) as u64, x.max(y) as u64);
            (v == 0) == lost.contains(&pair)
        })
    })
}

#[test]
fn wythoff_pairs_are_found_and_their_code_is_exact() {
    let grid = Grid::plane(&Wythoff(1), 150, 150, Values::Grundy).unwrap();
    // By hand: Wythoff's P-positions are the pairs of the mex, which are
    // (floor(n phi), floor(n phi^2)).
    let lost = pairs(1, 150);
    assert!((lost.iter().enumerate()).all(|(n, &p)| wythoff_pair(n as u64) == p));
    assert!(zeros_are(&grid, &lost));
    let found = find_plane(&grid);
    let wythoff = finding(&found, "pairs: (a(n), a(n) + n), a(n) = mex");
    let alpha = "a(n) = floor(n * (1 + sqrt(5)) / 2) for every n";
    assert!(
        wythoff.notes.iter().any(|n| n.starts_with(alpha)),
        "{wythoff:?}"
    );
    // The code printed, pasted here.
    assert!(wythoff.code[0].starts_with("fn isqrt(n: u128) -> u128 {"));
    assert_eq!(
        wythoff.code[1],
        "let pair = |n: u64| {\n    let a = (((n as u128) + isqrt((n as u128) * (n as u128) * 5)) / 2) as u64;\n    (a, a + n)\n};\nlet is_p = |x: u64, y: u64| {\n    let (low, high) = (x.min(y), x.max(y));\n    pair(high - low) == (low, high)\n};"
    );
    let isqrt = lab::formulas::isqrt;
    let pair = |n: u64| {
        let a = (((n as u128) + isqrt((n as u128) * (n as u128) * 5)) / 2) as u64;
        (a, a + n)
    };
    let is_p = |x: u64, y: u64| {
        let (low, high) = (x.min(y), x.max(y));
        pair(high - low) == (low, high)
    };
    for x in 0..150 {
        (0..150).for_each(|y| assert_eq!(grid.get(x, y) == 0, is_p(x as u64, y as u64)));
    }
    for n in [
        0,
        1,
        17,
        1 << 40,
        381_966_011_250_105_151,
        1_000_000_000_000_000_000,
    ] {
        assert_eq!(pair(n), wythoff_pair(n), "{n}");
    }
}

#[test]
fn the_variant_with_difference_2n_has_pairs_floor_n_sqrt_2() {
    let grid = Grid::plane(&Wythoff(2), 120, 120, Values::WinLose).unwrap();
    // By hand: the P-positions are the pairs of the mex with difference 2n (Fraenkel), and
    // a(n) = floor(n sqrt(2)) for every n: their code, with this file's square root.
    let lost = pairs(2, 120);
    assert!(zeros_are(&grid, &lost));
    let by_root = |n: u64| root(2 * u128::from(n) * u128::from(n)) as u64;
    assert!((lost.iter().enumerate()).all(|(n, &(a, _))| by_root(n as u64) == a));
    let found = find_plane(&grid);
    let variant = finding(&found, "pairs: (a(n), a(n) + 2n), a(n) = mex");
    assert!(variant
        .notes
        .iter()
        .any(|n| n.starts_with("a(n) = floor(n * sqrt(2)) for every n")));
    assert_eq!(
        variant.code[1],
        "let pair = |n: u64| {\n    let a = (isqrt((n as u128) * (n as u128) * 2)) as u64;\n    (a, a + 2 * n)\n};\nlet is_p = |x: u64, y: u64| {\n    let (low, high) = (x.min(y), x.max(y));\n    (high - low) % 2 == 0 && pair((high - low) / 2) == (low, high)\n};"
    );
    let isqrt = lab::formulas::isqrt;
    let pair = |n: u64| {
        let a = (isqrt((n as u128) * (n as u128) * 2)) as u64;
        (a, a + 2 * n)
    };
    let is_p = |x: u64, y: u64| {
        let (low, high) = (x.min(y), x.max(y));
        (high - low) % 2 == 0 && pair((high - low) / 2) == (low, high)
    };
    assert_plane_formula(&grid, |x, y| !is_p(x, y));
    for n in [
        5,
        1 << 50,
        707_106_781_186_547_524,
        1_000_000_000_000_000_000,
    ] {
        assert_eq!(pair(n).0, by_root(n), "{n}");
    }
}

#[test]
fn plane_games_of_fixed_steps_are_periodic_after_a_border_proved_by_the_box() {
    // The second raises a coordinate: its grid is computed diagonal by diagonal.
    let games = [
        (vec![(-2, -1), (-3, 0), (0, -1)], (5, 6), (2, 2)),
        (vec![(-2, 1), (0, -3), (-3, 0)], (5, 6), (0, 6)),
    ];
    for (steps, (bx, px), (by, py)) in games {
        let grid = Grid::plane(&Steps(steps.clone(), true), 120, 120, Values::Grundy).unwrap();
        // By hand: f, the grid's corner repeated with these periods, follows the mex rule
        // on the box of border + period + 3 (the largest step) each way; a cell past it has
        // the options of the cell a period nearer, moved by the period, so f follows the
        // rule everywhere, and the rule has one solution: f is the game's values.
        let back = |v: i64, b: i64, p: i64| if v < b + p { v } else { b + (v - b) % p };
        let f = |x: i64, y: i64| grid.get(back(x, bx, px) as usize, back(y, by, py) as usize);
        for x in 0..bx + px + 3 {
            for y in 0..by + py + 3 {
                let options: Vec<u32> = (steps.iter())
                    .map(|&(dx, dy)| (x + dx, y + dy))
                    .filter(|&(a, b)| a >= 0 && b >= 0)
                    .map(|(a, b)| f(a, b))
                    .collect();
                let mex = (0..).find(|v| !options.contains(v)).unwrap();
                assert_eq!(f(x, y), mex, "{steps:?} at ({x}, {y})");
            }
        }
        assert_plane_formula(&grid, |x, y| f(x as i64, y as i64));
        let found = find_plane(&grid);
        let head = format!("periodic: x start {bx}, period {px}; y start {by}, period {py}");
        let periodic = finding(&found, &head);
        assert_eq!(periodic.headline, head);
        let proof = periodic.proof.as_ref().expect("proved");
        let side = format!("box: the periods hold on the box x < {}", bx + px + 3);
        assert!(proof[0].starts_with(&side), "{proof:?}");
    }
    // Undeclared, the same grid holds its periods but is not proved.
    let rules = |x: u64, y: u64, to: &mut PlaneMoves| {
        Steps(vec![(-2, -1), (-3, 0), (0, -1)], true).moves(x, y, to)
    };
    let grid = Grid::plane(&rules, 120, 120, Values::Grundy).unwrap();
    let found = find_plane(&grid);
    assert!(
        finding(&found, "periodic: x start 5, period 6; y start 2, period 2")
            .proof
            .is_none()
    );
}

#[test]
fn a_sum_of_two_heap_games_is_a_nim_sum() {
    let take = |x: u64, y: u64, to: &mut PlaneMoves| {
        for s in [1, 3, 4] {
            (s <= x).then(|| to.cell(x - s, y));
            (s <= y).then(|| to.cell(x, y - s));
        }
    };
    let grid = Grid::plane(&take, 60, 80, Values::Grundy).unwrap();
    // By hand (Sprague-Grundy): a sum is worth the nim-sum of its parts.
    let heap = SubtractionGame::new(&[1, 3, 4]);
    assert_plane_formula(&grid, |x, y| heap.grundy(x) ^ heap.grundy(y));
    let found = find_plane(&grid);
    let xor = finding(&found, "xor: g(x, y) = f(x) ^ f(y)");
    assert!(
        xor.notes
            .contains(&"f: periodic: start 0, period 7".to_string()),
        "{xor:?}"
    );
    assert_eq!(
        xor.code,
        [
            "let f = |n: u64| [0u32, 1, 0, 1, 2, 3, 2][(n % 7) as usize];",
            "let g = |x: u64, y: u64| f(x) ^ f(y);"
        ]
    );
    let f = |n: u64| [0u32, 1, 0, 1, 2, 3, 2][(n % 7) as usize];
    let g = |x: u64, y: u64| f(x) ^ f(y);
    assert_plane_formula(&grid, g);
    finding(&found, "periodic: x start 0, period 7; y start 0, period 7");
}
