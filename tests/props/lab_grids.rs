//! The lab's 2D searches against plain brute force written here: periods of the rows and of
//! the columns by a scan of every period, on grids periodic after a border with noise; the
//! nim-sum by its definition; the pairs against the mex written here, on grids built from
//! them and with a cell changed.

use lab::grids::Grid;
use lab::periods::{Period, EVIDENCE};
use lab::plane::{find_pairs, find_plane_period, find_xor, PlanePeriod};
use proptest::collection::vec;
use proptest::prelude::*;

/// The period claimed of a sequence of rows (or columns), by its definition: the least
/// `p` whose part from its least start has the evidence of `periods::EVIDENCE`.
fn plain_period(v: &[Vec<u32>]) -> Option<Period> {
    let (len, (periods, checks)) = (v.len(), EVIDENCE);
    (1..=len)
        .map(|p| {
            let last = (0..len.saturating_sub(p)).rfind(|&n| v[n] != v[n + p]);
            Period {
                start: last.map_or(0, |n| n + 1),
                period: p,
            }
        })
        .find(|f| {
            let part = len - f.start;
            2 * (f.start + f.period) <= len
                && part >= periods * f.period
                && part >= f.period + checks
        })
}

/// A grid whose value at `(x, y)` is the corner's at `x`, `y` brought back by the periods,
/// with a few cells changed.
fn periodic_grid() -> impl Strategy<Value = Grid> {
    let shape = (
        0usize..12,
        1usize..8,
        0usize..12,
        1usize..8,
        20usize..90,
        20usize..90,
    );
    shape.prop_flat_map(|(bx, px, by, py, rows, cols)| {
        let corner = vec(0u32..3, (bx + px) * (by + py));
        let noise = vec((0..rows, 0..cols, 0u32..3), 0..2);
        (corner, noise).prop_map(move |(corner, noise)| {
            let back = |v: usize, b: usize, p: usize| if v < b + p { v } else { b + (v - b) % p };
            let value = |x: usize, y: usize| corner[back(x, bx, px) * (by + py) + back(y, by, py)];
            let mut values: Vec<u32> = (0..rows * cols)
                .map(|i| value(i / cols, i % cols))
                .collect();
            noise
                .into_iter()
                .for_each(|(x, y, v)| values[x * cols + y] = v);
            Grid::read(rows, cols, values)
        })
    })
}

proptest! {
    #![proptest_config(common::cases(300))]

    #[test]
    fn the_plane_periods_are_the_plain_search_s(grid in periodic_grid()) {
        let rows: Vec<Vec<u32>> = (0..grid.rows()).map(|x| grid.row(x).to_vec()).collect();
        let columns: Vec<Vec<u32>> = (0..grid.cols()).map(|y| rows.iter().map(|r| r[y]).collect()).collect();
        let (x, y) = (plain_period(&rows), plain_period(&columns));
        let plain = (x.is_some() || y.is_some()).then_some(PlanePeriod { x, y });
        prop_assert_eq!(find_plane_period(&grid), plain);
    }

    #[test]
    fn the_nim_sum_is_found_exactly_when_it_holds(
        f in vec(0u32..8, 8..40),
        h in vec(0u32..8, 8..40),
        change in proptest::option::of((0usize..40, 0usize..40, 0u32..8)),
    ) {
        let mut values: Vec<u32> = (0..f.len() * h.len()).map(|i| f[i / h.len()] ^ h[i % h.len()]).collect();
        if let Some((x, y, v)) = change.filter(|&(x, y, _)| x < f.len() && y < h.len()) {
            values[x * h.len() + y] = v;
        }
        let grid = Grid::read(f.len(), h.len(), values);
        let holds = (0..f.len()).all(|x| (0..h.len()).all(|y| {
            grid.get(x, y) == grid.get(x, 0) ^ grid.get(0, y) ^ grid.get(0, 0)
        }));
        let found = find_xor(&grid);
        prop_assert_eq!(found.is_some(), holds);
        if let Some(xor) = found {
            prop_assert!((0..f.len()).all(|x| (0..h.len()).all(|y| grid.get(x, y) == xor.f[x] ^ xor.h[y])));
        }
    }

    #[test]
    fn the_pairs_are_found_exactly_when_they_are_the_p_positions(
        c in 0u64..5,
        side in 20usize..80,
        change in proptest::option::of((0usize..80, 0usize..80)),
    ) {
        // The pairs by the mex, written here.
        let mut lost = vec![false; side * side];
        let (mut used, mut n, mut inside) = (vec![false; 8 * side], 0u64, 0);
        while let Some(a) = (0..side).find(|&a| !used[a]) {
            let b = a + (c * n) as usize;
            used[a] = true;
            used[b] = true;
            inside += usize::from(b < side);
            for (x, y) in [(a, b), (b, a)] {
                if x < side && y < side {
                    lost[x * side + y] = true;
                }
            }
            n += 1;
        }
        let mut values: Vec<u32> = lost.iter().map(|&l| u32::from(!l)).collect();
        if let Some((x, y)) = change.filter(|&(x, y)| x < side && y < side) {
            values[x * side + y] ^= 1;
        }
        let changed = values.iter().zip(&lost).any(|(&v, &l)| (v == 0) != l);
        let found = find_pairs(&Grid::read(side, side, values));
        prop_assert_eq!(found.map(|p| (p.c, p.inside)), (!changed && inside >= 8).then_some((c, inside)));
    }
}
