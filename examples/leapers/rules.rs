//! leapers's rules, written once from the statement: the tests' game search and the lab
//! (`cargo test -q --test lab -- 60 60` here) both read them.

use lab::rules::{Plane, PlaneFamily, PlaneMoves};

/// A token's leaps `(dx, dy)`: each lowers x + y, two of them raise a coordinate.
const LEAPS: [(i64, i64); 4] = [(-2, 1), (1, -2), (-3, -1), (-1, -3)];

/// The moves of a token on `(x, y)`: each leap that lands on a cell whose coordinates are
/// both at least 0.
pub struct Rules;

impl Plane for Rules {
    fn moves(&self, x: u64, y: u64, to: &mut PlaneMoves) {
        for (dx, dy) in LEAPS {
            let (x, y) = (x as i64 + dx, y as i64 + dy);
            if x >= 0 && y >= 0 {
                to.cell(x as u64, y as u64);
            }
        }
    }

    /// Fixed steps: the lab proves the periods it finds by the box.
    fn family(&self) -> PlaneFamily {
        PlaneFamily::Steps(LEAPS.to_vec())
    }
}
