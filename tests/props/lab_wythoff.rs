//! Wythoff's game and Fraenkel's a-Wythoff games as a declared family: proved by
//! Fraenkel's theorem when declared (for a = 1, 2, 3), with the P-positions checked here
//! against this file's own mex pairs and Beatty sequences, and the printed code compiled and
//! run against a grid twice as large; named but not proved when undeclared; refused when
//! the declaration does not match the moves, on a game that shares the P-positions on a
//! small grid but not on a larger one.

use crate::lab_code::{assert_computes, assert_fits, plane_cases};
use lab::grids::Grid;
use lab::patterns::{find_plane, Finding};
use lab::plane::Pairs;
use lab::rules::{Plane, PlaneFamily, PlaneMoves};
use lab::tables::Values;
use proptest::prelude::*;
use std::collections::BTreeSet;

/// The `a`-Wythoff game, declared or not, with one more move `(k, l)` (and its mirror)
/// if `extra`: take `k` from one pile and `l` from the other.
struct Wythoff {
    a: u64,
    declared: Option<PlaneFamily>,
    extra: Option<(u64, u64)>,
}

impl Wythoff {
    fn new(a: u64, declared: bool) -> Wythoff {
        let declared = declared.then_some(PlaneFamily::Wythoff(a));
        Wythoff {
            a,
            declared,
            extra: None,
        }
    }
}

impl Plane for Wythoff {
    fn moves(&self, x: u64, y: u64, to: &mut PlaneMoves) {
        // Every (x - k, y - l) with k + l >= 1 that the rules allow, by their definition.
        for k in 0..=x {
            for l in 0..=y {
                let one_pile = (k == 0) != (l == 0);
                let both = k >= 1 && l >= 1 && k.abs_diff(l) < self.a;
                let extra = self
                    .extra
                    .map_or(false, |(e, f)| (k, l) == (e, f) || (k, l) == (f, e));
                if one_pile || both || extra {
                    to.cell(x - k, y - l);
                }
            }
        }
    }

    fn family(&self) -> PlaneFamily {
        self.declared.clone().unwrap_or(PlaneFamily::Unknown)
    }
}

/// The pairs `(a(n), a(n) + c n)` while `a(n) < below`, `a(n)` the least number in no
/// earlier pair: this file's own.
fn mex_pairs(c: u64, below: u64) -> Vec<(u64, u64)> {
    let mut used = BTreeSet::new();
    let mut pairs = Vec::new();
    for n in 0.. {
        let a = (0..).find(|v| !used.contains(v)).unwrap();
        if a >= below {
            break;
        }
        used.extend([a, a + c * n]);
        pairs.push((a, a + c * n));
    }
    pairs
}

/// `floor(n alpha)` for `alpha = (2 - c + sqrt(c^2 + 4)) / 2`, by bisection on the root.
fn beatty(c: u64, n: u64) -> u64 {
    let square = u128::from(n) * u128::from(n) * u128::from(c * c + 4);
    let (mut low, mut high) = (0u128, 1u128 << 64);
    while high - low > 1 {
        let mid = (low + high) / 2;
        if mid * mid <= square {
            low = mid
        } else {
            high = mid
        }
    }
    ((2 * u128::from(n) + low - u128::from(c) * u128::from(n)) / 2) as u64
}

/// The finding whose first line starts with `head`, which must be there.
fn finding<'a>(found: &'a [Finding], head: &str) -> &'a Finding {
    let heads: Vec<&str> = found.iter().map(|f| f.headline.as_str()).collect();
    let hit = found.iter().find(|f| f.headline.starts_with(head));
    hit.unwrap_or_else(|| panic!("no finding {head:?} among {heads:?}"))
}

/// Whether the P-positions of `grid` are exactly `pairs` and their mirrors.
fn zeros_are(grid: &Grid, pairs: &[(u64, u64)]) -> bool {
    let lost: BTreeSet<(u64, u64)> = pairs.iter().copied().collect();
    (0..grid.rows()).all(|x| {
        (grid.row(x).iter().enumerate()).all(|(y, &v)| {
            let cell = (x.min(y) as u64, x.max(y) as u64);
            (v == 0) == lost.contains(&cell)
        })
    })
}

#[test]
fn declared_a_wythoff_games_are_proved_by_fraenkels_theorem() {
    let mut cases = Vec::new();
    for (a, size, kind) in [
        (1, 90, Values::Grundy),
        (2, 90, Values::WinLose),
        (3, 90, Values::WinLose),
    ] {
        let grid = Grid::plane(&Wythoff::new(a, true), size, size, kind).unwrap();
        // By hand: the P-positions are this file's mex pairs, which are the Beatty pairs.
        let pairs = mex_pairs(a, 2 * size as u64);
        assert!(zeros_are(&grid, &pairs), "{a}");
        for (n, &(low, high)) in pairs.iter().enumerate() {
            assert_eq!(
                (beatty(a, n as u64), beatty(a, n as u64) + a * n as u64),
                (low, high)
            );
        }
        let found = find_plane(&grid);
        let times = if a == 1 {
            "n".to_string()
        } else {
            format!("{a}n")
        };
        let head = format!("pairs: (a(n), a(n) + {times}), a(n) = mex");
        let proved = finding(&found, &head);
        let proof = proved
            .proof
            .as_ref()
            .unwrap_or_else(|| panic!("{proved:?}"));
        let game = if a == 1 {
            "Wythoff's game".to_string()
        } else {
            format!("Fraenkel's {a}-Wythoff game")
        };
        assert!(
            proof[0].starts_with(&format!("Fraenkel (1982): in {game} (")),
            "{proof:?}"
        );
        assert!(
            proof[1].starts_with(&format!(
                "declared: PlaneFamily::Wythoff({a}), its moves checked on every cell x < {size}"
            )),
            "{proof:?}"
        );
        // The code, compiled and run on a grid twice as large, computed from the rules.
        let larger = Grid::plane(&Wythoff::new(a, false), 2 * size, 2 * size, kind).unwrap();
        cases.extend(plane_cases(&format!("{a}-Wythoff"), &found, &larger));
    }
    assert_fits(&cases);
    assert_computes(&cases);
}

#[test]
fn undeclared_the_game_is_named_and_the_declaration_proposed_never_proved() {
    for a in [1, 2, 3] {
        let grid = Grid::plane(&Wythoff::new(a, false), 80, 80, Values::WinLose).unwrap();
        let found = find_plane(&grid);
        let pairs = found
            .iter()
            .find(|f| f.headline.starts_with("pairs:"))
            .unwrap();
        assert!(pairs.proof.is_none(), "{pairs:?}");
        let named = match a {
            1 => "these are the P-positions of Wythoff's game: declare `PlaneFamily::Wythoff(1)` if the moves are exactly: take any number from one pile, or the same number from both; ".to_string(),
            a => format!("these are the P-positions of Fraenkel's {a}-Wythoff game: declare `PlaneFamily::Wythoff({a})` if the moves are exactly: take any number from one pile, or k >= 1 from one and l >= 1 from the other with |k - l| < {a}; "),
        };
        assert!(
            pairs.notes.iter().any(|n| n.starts_with(&named)),
            "{pairs:?}"
        );
    }
}

#[test]
fn a_game_with_the_same_p_positions_on_a_small_grid_but_other_moves_is_refused() {
    // 2-Wythoff, and take 3 from one pile and 35 from the other: on 40 x 40 the same
    // P-positions (checked here), on 100 x 100 not.
    let mut game = Wythoff::new(2, false);
    game.extra = Some((3, 35));
    let small = Grid::plane(&game, 40, 40, Values::WinLose).unwrap();
    assert!(zeros_are(&small, &mex_pairs(2, 80)));
    let found = find_plane(&small);
    let pairs = finding(&found, "pairs: (a(n), a(n) + 2n), a(n) = mex");
    assert!(pairs.proof.is_none());
    assert!(pairs
        .notes
        .iter()
        .any(|n| n.contains("a proposal to confirm from the statement, not a proof")));
    let large = Grid::plane(&game, 100, 100, Values::WinLose).unwrap();
    assert!(!zeros_are(&large, &mex_pairs(2, 200)));
    assert!(find_plane(&large)
        .iter()
        .all(|f| !f.headline.starts_with("pairs")));
    // Declared as 2-Wythoff: refused at the first cell whose moves differ.
    game.declared = Some(PlaneFamily::Wythoff(2));
    let err = Grid::plane(&game, 40, 40, Values::WinLose)
        .unwrap_err()
        .to_string();
    assert!(err.starts_with("(3, 35): the rules give cells ["), "{err}");
    assert!(err.contains("but the declared Wythoff(2) gives ["), "{err}");
    // The 2-Wythoff game declared as 3-Wythoff, or as 0-Wythoff: refused too.
    let mut game = Wythoff::new(2, false);
    game.declared = Some(PlaneFamily::Wythoff(3));
    let err = Grid::plane(&game, 10, 10, Values::WinLose)
        .unwrap_err()
        .to_string();
    assert!(err.starts_with("(1, 3): the rules give cells"), "{err}");
    game.declared = Some(PlaneFamily::Wythoff(0));
    let err = Grid::plane(&game, 10, 10, Values::WinLose)
        .unwrap_err()
        .to_string();
    assert_eq!(err, "the declared family: Wythoff(0): a is at least 1");
}

#[test]
fn the_theorem_speaks_of_normal_play_and_of_the_declared_a_only() {
    let pairs = Pairs { c: 2, inside: 10 };
    let misere = Grid::plane(&Wythoff::new(2, true), 20, 20, Values::Misere).unwrap();
    assert_eq!(
        pairs.proof(&misere),
        Some(Err("Fraenkel's theorem speaks of normal play".into()))
    );
    let other = Grid::plane(&Wythoff::new(3, true), 20, 20, Values::WinLose).unwrap();
    assert!(
        matches!(pairs.proof(&other), Some(Err(why)) if why.contains("the declared Wythoff(3)"))
    );
    let steps = |x: u64, y: u64, to: &mut PlaneMoves| {
        if x > 0 {
            to.cell(x - 1, y)
        }
    };
    let read = Grid::plane(&steps, 20, 20, Values::WinLose).unwrap();
    assert_eq!(pairs.proof(&read), None);
}

proptest! {
    #![proptest_config(common::cases(64))]

    /// The declaration is accepted exactly when the rules' moves are the a-Wythoff game's on
    /// every cell of the grid (compared by stamps, here by their definition): one move
    /// added or taken away at a random cell is refused there, the plain game never.
    #[test]
    fn the_declaration_is_checked_on_every_cell(
        a in 1u64..5,
        size in 4usize..16,
        change in proptest::option::of((0u64..16, 0u64..16, 0u64..16, 0u64..16)),
        twice in any::<bool>(),
    ) {
        // The rules may list a move twice (`twice`): the same moves still.
        struct Changed(u64, Option<(u64, u64, u64, u64)>, bool);
        impl Plane for Changed {
            fn moves(&self, x: u64, y: u64, to: &mut PlaneMoves) {
                let mut cells = PlaneMoves::default();
                Wythoff::new(self.0, false).moves(x, y, &mut cells);
                let mut cells: Vec<(u64, u64)> = cells.cells().to_vec();
                if let Some((cx, cy, tx, ty)) = self.1 {
                    if (cx, cy) == (x, y) && tx + ty < x + y {
                        match cells.iter().position(|&c| c == (tx, ty)) {
                            Some(i) => { cells.remove(i); }
                            None => cells.push((tx, ty)),
                        }
                    }
                }
                if self.2 {
                    cells.extend(cells.first().copied());
                }
                cells.into_iter().for_each(|(a, b)| to.cell(a, b));
            }
            fn family(&self) -> PlaneFamily {
                PlaneFamily::Wythoff(self.0)
            }
        }
        let changed_at = change.filter(|&(cx, cy, tx, ty)| {
            (cx as usize) < size && (cy as usize) < size && tx + ty < cx + cy
        });
        let result = Grid::plane(&Changed(a, change, twice), size, size, Values::WinLose);
        match changed_at {
            Some((cx, cy, _, _)) => {
                let err = result.unwrap_err().to_string();
                prop_assert!(err.starts_with(&format!("({}, {}): the rules give cells", cx, cy)), "{}", err);
            }
            None => prop_assert!(result.is_ok()),
        }
    }
}
