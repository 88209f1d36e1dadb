//! The plane in the coordinates its pattern lives in: token games of fixed steps whose
//! pattern runs along the diagonal, found as periods in `m = min(x, y)` and `d = |x - y|`
//! and proved by the box in those coordinates when the steps are declared; other
//! directions likewise. The printed code is compiled and run against a grid twice as large
//! computed from the rules; the search is checked against this file's own plain grid and
//! reading of the periods, on random step games: whatever the lab proves holds on the
//! larger grid. Not proved: undeclared, a box larger than the view, a period missing, a
//! family that is not fixed steps.

use crate::lab_code::{assert_computes, assert_fits, plane_cases, Case};
use lab::grids::Grid;
use lab::patterns::{find_plane, Finding};
use lab::periods::Period;
use lab::plane::find_plane_period;
use lab::rules::{Plane, PlaneFamily, PlaneMoves};
use lab::sectors::{find_sectors, Sectors};
use lab::tables::Values;
use proptest::prelude::*;

/// A token game of fixed steps `(dx, dy)`, declared as such or not (the lab's tests of the
/// plane share it).
pub struct Steps(pub Vec<(i64, i64)>, pub bool);

impl Plane for Steps {
    fn moves(&self, x: u64, y: u64, to: &mut PlaneMoves) {
        for &(dx, dy) in &self.0 {
            let (a, b) = (x as i64 + dx, y as i64 + dy);
            if a >= 0 && b >= 0 {
                to.cell(a as u64, b as u64);
            }
        }
    }

    fn family(&self) -> PlaneFamily {
        match self.1 {
            true => PlaneFamily::Steps(self.0.clone()),
            false => PlaneFamily::Unknown,
        }
    }
}

/// The Grundy values of the cells `x, y < n` of the game of `steps`, by the mex over the
/// steps, diagonal by diagonal (a step may raise one coordinate): this file's own.
fn plain_grid(steps: &[(i64, i64)], n: usize) -> Vec<Vec<u32>> {
    let side = 2 * n + 8;
    let mut g = vec![vec![0u32; side]; side];
    for sum in 0..side {
        for x in 0..=sum {
            let y = sum - x;
            let options: Vec<u32> = steps
                .iter()
                .map(|&(dx, dy)| (x as i64 + dx, y as i64 + dy))
                .filter(|&(a, b)| a >= 0 && b >= 0)
                .map(|(a, b)| g[a as usize][b as usize])
                .collect();
            if x < side && y < side {
                g[x][y] = (0..).find(|v| !options.contains(v)).unwrap();
            }
        }
    }
    g.truncate(n);
    g.iter_mut().for_each(|row| row.truncate(n));
    g
}

/// The grid of `values`, row by row.
fn as_grid(values: &[Vec<u32>]) -> Grid {
    let cols = values[0].len();
    Grid::read(values.len(), cols, values.concat())
}

/// The cell of the grid whose value the periods `s` give `(x, y)`, read here on its own:
/// `m` steps of `(a, b)`, then what is left, each brought back by its period; `None` past
/// the view in a coordinate with no period.
fn sector_cell(s: &Sectors, x: usize, y: usize) -> Option<(usize, usize)> {
    let back = |v: usize, p: Option<Period>, len: usize| match p {
        Some(p) if v >= p.start => Some(p.start + (v - p.start) % p.period),
        _ => (v < len).then_some(v),
    };
    let m = (x / s.a).min(y / s.b);
    let (left_x, left_y) = (x - s.a * m, y - s.b * m);
    let m = back(m, s.m, s.rows)?;
    match left_x < s.a {
        true => Some((s.a * m + left_x, s.b * m + back(left_y, s.above, s.cols)?)),
        false => Some((s.a * m + back(left_x, s.below, s.cols)?, s.b * m + left_y)),
    }
}

/// The finding whose first line starts with `head`, which must be there.
fn finding<'a>(found: &'a [Finding], head: &str) -> &'a Finding {
    let heads: Vec<&str> = found.iter().map(|f| f.headline.as_str()).collect();
    let hit = found.iter().find(|f| f.headline.starts_with(head));
    hit.unwrap_or_else(|| panic!("no finding {head:?} among {heads:?}"))
}

/// The lab on the game of `steps` at `size`, declared and not: the finding `head`, proved
/// when declared only; its code's case against a grid twice as large from the rules.
fn proved_and_not(steps: &[(i64, i64)], size: usize, head: &str) -> Vec<Case> {
    let larger = as_grid(&plain_grid(steps, 2 * size));
    let mut cases = Vec::new();
    for declared in [true, false] {
        let game = Steps(steps.to_vec(), declared);
        let grid = Grid::plane(&game, size, size, Values::Grundy).unwrap();
        let found = find_plane(&grid);
        // The periods along the axes fail: this is what the lab said before.
        assert!(
            !found
                .iter()
                .any(|f| f.headline.starts_with("periodic") && !f.headline.contains("none")),
            "{steps:?}: {found:?}"
        );
        let sectors = finding(&found, head);
        assert_eq!(sectors.headline, head, "{steps:?}");
        match (&sectors.proof, declared) {
            (Some(proof), true) => {
                assert!(proof[0].starts_with("box: the periods hold on the view"))
            }
            (None, false) => {
                let to_prove = "to prove it: if a move is one of fixed steps, declare them";
                assert!(
                    sectors.notes.iter().any(|n| n.starts_with(to_prove)),
                    "{sectors:?}"
                );
            }
            (proof, _) => panic!("{steps:?} declared {declared}: {proof:?}"),
        }
        if declared {
            let name = format!("steps {steps:?}");
            cases.extend(plane_cases(&name, std::slice::from_ref(sectors), &larger));
        }
    }
    cases
}

#[test]
fn token_games_along_the_diagonal_are_found_and_proved_in_min_and_difference() {
    let games = [
        // The kind of game: a band along the diagonal.
        (
            vec![(-1, -2), (-2, -1), (-1, 0)],
            "diagonal: m start 0, period 3; d above start 0, period 1; d below start 2, period 2",
        ),
        (
            vec![(-1, -2), (-2, -1)],
            "diagonal: m start 0, period 3; d above start 2, period 1; d below start 2, period 1",
        ),
        (
            vec![(-1, 0), (0, -1), (-2, -2)],
            "diagonal: m start 0, period 6; d above start 0, period 2; d below start 0, period 2",
        ),
        (
            vec![(-1, -2), (-2, -1), (-1, -1)],
            "diagonal: m start 0, period 3; d above start 0, period 1; d below start 0, period 1",
        ),
    ];
    let mut cases = Vec::new();
    for (steps, head) in games {
        cases.extend(proved_and_not(&steps, 200, head));
    }
    assert_fits(&cases);
    assert_computes(&cases);
}

#[test]
fn token_games_along_other_directions_are_found_and_proved_there() {
    let games = [
        (
            vec![(-1, -2), (-1, -1)],
            200,
            "direction (2, 3): m start 0, period 1; d above start 1, period 1; d below start 2, period 1",
        ),
        (
            vec![(-2, 0), (-1, -2)],
            200,
            "direction (3, 2): m start 0, period 1; d above start 4, period 1; d below start 0, period 4",
        ),
        (
            vec![(-1, -1), (-2, 0), (0, -3)],
            300,
            "direction (3, 4): m start 1, period 2; d above start 0, period 6; d below start 4, period 4",
        ),
    ];
    let mut cases = Vec::new();
    for (steps, size, head) in games {
        cases.extend(proved_and_not(&steps, size, head));
    }
    assert_fits(&cases);
    assert_computes(&cases);
}

#[test]
fn a_band_too_long_for_the_grid_says_to_compute_a_larger_one_never_to_tabulate_alone() {
    // Along (3, 4) the band needs 34 steps of it: 120 x 120 is too small.
    let game = Steps(vec![(-1, -1), (-2, 0), (0, -3)], true);
    let grid = Grid::plane(&game, 120, 120, Values::Grundy).unwrap();
    let found = find_plane(&grid);
    assert_eq!(found.len(), 1, "{found:?}");
    assert_eq!(found[0].headline, "none up to 120 x 120");
    assert!(found[0].notes[0].contains("compute a larger grid and look again"));
}

#[test]
fn the_box_is_refused_where_its_conditions_fail() {
    let steps = vec![(-1, -2), (-2, -1), (-1, 0)];
    let grid = Grid::plane(&Steps(steps.clone(), true), 200, 200, Values::Grundy).unwrap();
    let found = find_sectors(&grid).unwrap();
    assert!(matches!(found.proof(&grid), Some(Ok(_))));
    // A view smaller than the box m < 5.
    let small = Sectors { rows: 4, ..found };
    let why = small.proof(&grid).unwrap().unwrap_err();
    assert!(
        why.starts_with("the box m < 5, d < 3 above and 6 below is larger than the view m < 4"),
        "{why}"
    );
    // A period missing.
    let missing = Sectors {
        below: None,
        ..found
    };
    let why = missing.proof(&grid).unwrap().unwrap_err();
    assert_eq!(why, "the box needs a period in m and one in d on each side");
    // Undeclared, or declared as Wythoff's game: no box.
    let read = Grid::read(200, 200, grid.values().to_vec());
    assert_eq!(found.proof(&read), None);
    let wythoff = |x: u64, y: u64, to: &mut PlaneMoves| {
        (0..x).for_each(|a| to.cell(a, y));
        (0..y).for_each(|b| to.cell(x, b));
        (1..=x.min(y)).for_each(|k| to.cell(x - k, y - k));
    };
    struct Declared<F>(F);
    impl<F: Fn(u64, u64, &mut PlaneMoves)> Plane for Declared<F> {
        fn moves(&self, x: u64, y: u64, to: &mut PlaneMoves) {
            (self.0)(x, y, to)
        }
        fn family(&self) -> PlaneFamily {
            PlaneFamily::Wythoff(1)
        }
    }
    let wythoff = Grid::plane(&Declared(wythoff), 20, 20, Values::Grundy).unwrap();
    let why = found.proof(&wythoff).unwrap().unwrap_err();
    assert_eq!(why, "the box speaks of fixed steps, not Wythoff's");
}

/// A set of 2 to 4 steps, each lowering `x + y`, each coordinate from -3 to 3 (one may be
/// raised).
fn steps() -> impl Strategy<Value = Vec<(i64, i64)>> {
    let step = (-3i64..=2).prop_flat_map(|dx| (Just(dx), -3..(-dx).min(4)));
    proptest::collection::btree_set(step, 2..=4).prop_map(|s| s.into_iter().collect())
}

proptest! {
    #![proptest_config(common::cases(64))]

    /// On random step games, declared: the lab's grid is this file's plain one; the periods
    /// the sector search finds give every cell of the grid its value, read here on their
    /// own; and whatever the lab proves, along the axes or a direction, gives every cell of
    /// a grid twice as large its value.
    #[test]
    fn what_the_lab_proves_on_a_plane_holds_on_a_grid_twice_as_large(steps in steps()) {
        let size = 120;
        let grid = Grid::plane(&Steps(steps.clone(), true), size, size, Values::Grundy).unwrap();
        let plain = plain_grid(&steps, 2 * size);
        for (x, row) in plain.iter().take(size).enumerate() {
            prop_assert_eq!(grid.row(x), &row[..size]);
        }
        if let Some(s) = find_sectors(&grid) {
            for x in 0..size {
                for y in 0..size {
                    if let Some((cx, cy)) = sector_cell(&s, x, y) {
                        prop_assert_eq!(grid.get(cx, cy), grid.get(x, y), "{:?} at {:?}", s, (x, y));
                    }
                }
            }
            if let Some(Ok(_)) = s.proof(&grid) {
                for (x, row) in plain.iter().enumerate() {
                    for (y, &v) in row.iter().enumerate() {
                        let (cx, cy) = sector_cell(&s, x, y).expect("every period found");
                        prop_assert_eq!(grid.get(cx, cy), v, "{:?} at {:?}", s, (x, y));
                    }
                }
            }
        }
        let found = find_plane(&grid);
        let axes = found.iter().find(|f| f.headline.starts_with("periodic: x start"));
        if let (Some(axes), Some(p)) = (axes.filter(|f| f.proof.is_some()), find_plane_period(&grid)) {
            let (px, py) = (p.x.unwrap(), p.y.unwrap());
            let back = |v: usize, p: Period| if v < p.start { v } else { p.start + (v - p.start) % p.period };
            for (x, row) in plain.iter().enumerate() {
                for (y, &v) in row.iter().enumerate() {
                    prop_assert_eq!(grid.get(back(x, px), back(y, py)), v, "{}", axes.headline);
                }
            }
        }
    }
}
