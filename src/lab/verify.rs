//! The lab's test helpers: a formula checked against the values of a table
//! ([`assert_formula`], [`check_formula`]) or a grid ([`assert_plane_formula`]), failing at
//! the first state where they differ, with both values: one line in a problem's tests.
//! Layer 3: uses `grids`.

use crate::grids::Grid;

/// The first `n` where `formula` and `values` differ: `(n, formula's, table's)`.
///
/// # Complexity
/// O(N) calls of `formula`.
///
/// ```
/// assert_eq!(lab::verify::check_formula(&[0, 1, 0, 2], |n: u64| n.trailing_zeros()), Err((0, 64, 0)));
/// ```
pub fn check_formula<V: Into<u64>>(
    values: &[u32],
    formula: impl Fn(u64) -> V,
) -> Result<(), (u64, u64, u32)> {
    for (n, &v) in values.iter().enumerate() {
        let by_formula = formula(n as u64).into();
        if by_formula != u64::from(v) {
            return Err((n as u64, by_formula, v));
        }
    }
    Ok(())
}

/// Checks `formula` against every value of `values`, for a test.
///
/// # Complexity
/// O(N) calls of `formula`.
///
/// # Panics
/// At the first `n` where they differ, naming it and both values.
///
/// ```
/// use lab::verify::{assert_formula, check_formula};
/// let values = [0, 1, 2, 0, 1, 2];
/// assert_formula(&values, |n| n % 3);
/// assert_eq!(check_formula(&values, |n| n % 2), Err((2, 0, 2)));
/// ```
#[track_caller]
pub fn assert_formula<V: Into<u64>>(values: &[u32], formula: impl Fn(u64) -> V) {
    if let Err((n, by_formula, v)) = check_formula(values, formula) {
        panic!(
            "the formula and the table differ first at n = {}: formula {}, table {}",
            n, by_formula, v
        );
    }
}

/// Checks `formula` against every cell of `grid`, for a test.
///
/// # Complexity
/// O(cells) calls of `formula`.
///
/// # Panics
/// At the first cell, row by row, where they differ, naming it and both values.
#[track_caller]
pub fn assert_plane_formula<V: Into<u64>>(grid: &Grid, formula: impl Fn(u64, u64) -> V) {
    for x in 0..grid.rows() {
        for (y, &v) in grid.row(x).iter().enumerate() {
            let by_formula = formula(x as u64, y as u64).into();
            assert!(
                by_formula == u64::from(v),
                "the formula and the grid differ first at ({}, {}): formula {}, grid {}",
                x,
                y,
                by_formula,
                v
            );
        }
    }
}
