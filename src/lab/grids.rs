//! The lab's grids: the values of a [`Plane`] game's cells `(x, y)`, `x < rows`,
//! `y < cols` ([`Grid`]), Grundy values or win/lose in normal or misère play, computed row
//! by row, or diagonal by diagonal when a move raises a coordinate; the laws of the rules
//! checked as for a table, a broken one a [`RuleError`] naming the cell. A grid read from
//! elsewhere comes in by [`Grid::read`].
//! From the library: `game::mex`.
//! Layer 2: uses `rules` and `tables`.

use crate::rules::{plane_family_moves, Plane, PlaneFamily, PlaneMoves};
use crate::tables::{RuleError, Values};
use combgames::game::mex;

/// The values of a game's cells `(x, y)`, `x < rows`, `y < cols`.
#[derive(Clone, Debug)]
pub struct Grid {
    rows: usize,
    cols: usize,
    /// Row by row: cell `(x, y)` at `x * cols + y`.
    values: Vec<u32>,
    kind: Option<Values>,
    family: PlaneFamily,
}

impl Grid {
    /// The values of `game`'s cells `x < rows`, `y < cols`. Moves that raise a coordinate
    /// need cells past the grid: then the values of every cell with `x + y` below
    /// `rows + cols - 1` are computed, diagonal by diagonal (twice the cells of a square).
    ///
    /// # Complexity
    /// O(cells + moves listed) plus the rules' work, cells being `rows x cols`, or the
    /// triangle's when a move raises a coordinate.
    ///
    /// # Errors
    /// A [`RuleError`] naming the first cell whose moves break a law of [`Plane`], or a
    /// malformed family.
    ///
    /// ```
    /// use lab::rules::PlaneMoves;
    /// use lab::grids::Grid;
    /// use lab::tables::Values;
    /// // Take one from either pile: the values are (x + y) mod 2.
    /// let one = |x: u64, y: u64, to: &mut PlaneMoves| {
    ///     (x > 0).then(|| to.cell(x - 1, y));
    ///     (y > 0).then(|| to.cell(x, y - 1));
    /// };
    /// let grid = Grid::plane(&one, 3, 4, Values::Grundy).unwrap();
    /// assert_eq!(grid.row(2), [0, 1, 0, 1]);
    /// ```
    pub fn plane<G: Plane + ?Sized>(
        game: &G,
        rows: usize,
        cols: usize,
        kind: Values,
    ) -> Result<Grid, RuleError> {
        let family = game.family();
        let values = match fill(game, &family, rows, cols, kind, false)? {
            Some(values) => values,
            None => fill(game, &family, rows, cols, kind, true)?.expect("a triangle"),
        };
        Ok(Grid {
            rows,
            cols,
            values,
            kind: Some(kind),
            family,
        })
    }

    /// A grid of values from elsewhere: `values[x * cols + y]` is the value of `(x, y)`.
    ///
    /// # Complexity
    /// O(1).
    ///
    /// # Panics
    /// If `values` does not hold `rows x cols` values.
    pub fn read(rows: usize, cols: usize, values: Vec<u32>) -> Grid {
        assert_eq!(values.len(), rows * cols, "a grid of {} x {}", rows, cols);
        Grid {
            rows,
            cols,
            values,
            kind: None,
            family: PlaneFamily::Unknown,
        }
    }

    /// The number of rows, the values of `x`.
    ///
    /// # Complexity
    /// O(1).
    pub fn rows(&self) -> usize {
        self.rows
    }

    /// The number of columns, the values of `y`.
    ///
    /// # Complexity
    /// O(1).
    pub fn cols(&self) -> usize {
        self.cols
    }

    /// The value of `(x, y)`.
    ///
    /// # Complexity
    /// O(1).
    ///
    /// # Panics
    /// If `x >= rows` or `y >= cols`.
    pub fn get(&self, x: usize, y: usize) -> u32 {
        assert!(y < self.cols, "column {} of {}", y, self.cols);
        self.values[x * self.cols + y]
    }

    /// Row `x`: the values of `(x, 0)`, `(x, 1)`...
    ///
    /// # Complexity
    /// O(1).
    ///
    /// # Panics
    /// If `x >= rows`.
    pub fn row(&self, x: usize) -> &[u32] {
        &self.values[x * self.cols..(x + 1) * self.cols]
    }

    /// Every value, row by row.
    ///
    /// # Complexity
    /// O(1).
    pub fn values(&self) -> &[u32] {
        &self.values
    }

    /// What the values are; `None` for a grid read from elsewhere.
    ///
    /// # Complexity
    /// O(1).
    pub fn kind(&self) -> Option<Values> {
        self.kind
    }

    /// The family the game declared, checked on every cell computed.
    ///
    /// # Complexity
    /// O(1).
    pub fn family(&self) -> &PlaneFamily {
        &self.family
    }
}

/// The grid's values, row by row: computed over the grid in row order (`None` as soon as a
/// move raises a coordinate, unless `triangle`), or over the triangle `x + y < rows + cols
/// - 1` by diagonals.
fn fill<G: Plane + ?Sized>(
    game: &G,
    family: &PlaneFamily,
    rows: usize,
    cols: usize,
    kind: Values,
    triangle: bool,
) -> Result<Option<Vec<u32>>, RuleError> {
    let malformed = |why: String| RuleError {
        state: "the declared family".to_string(),
        why,
    };
    match family {
        PlaneFamily::Steps(steps) => {
            if let Some(step) = steps.iter().find(|&&(dx, dy)| dx + dy >= 0) {
                return Err(malformed(format!("step {:?} does not lower x + y", step)));
            }
        }
        PlaneFamily::Wythoff(0) => return Err(malformed("Wythoff(0): a is at least 1".into())),
        PlaneFamily::Wythoff(_) | PlaneFamily::Unknown => {}
    }
    let declared = *family != PlaneFamily::Unknown;
    let diagonals = (rows + cols).saturating_sub(1);
    // A cell's place: row by row in the grid, diagonal by diagonal in the triangle.
    let place = |x: usize, y: usize| match triangle {
        true => (x + y) * (x + y + 1) / 2 + x,
        false => x * cols + y,
    };
    let order: Box<dyn Iterator<Item = (usize, usize)>> = match triangle {
        true => Box::new((0..diagonals).flat_map(|d| (0..=d).map(move |x| (x, d - x)))),
        false => Box::new((0..rows).flat_map(|x| (0..cols).map(move |y| (x, y)))),
    };
    let cells = if triangle {
        diagonals * (diagonals + 1) / 2
    } else {
        rows * cols
    };
    let mut values = vec![0u32; cells];
    let (mut to, mut options) = (PlaneMoves::default(), Vec::new());
    let mut expected = Vec::new();
    // The declared moves are checked against the rules' with stamps, not by sorting: the
    // stamp of a place is 2i + 1 when cell i's family gives it, 2i + 2 once listed too.
    let mut stamps = vec![0u32; if declared { cells } else { 0 }];
    for (i, (x, y)) in order.enumerate() {
        let at = |why: String| RuleError {
            state: format!("({}, {})", x, y),
            why,
        };
        to.clear();
        game.moves(x as u64, y as u64, &mut to);
        options.clear();
        for &(a, b) in to.cells() {
            if a.saturating_add(b) >= (x + y) as u64 {
                return Err(at(format!(
                    "a move to ({}, {}), which does not lower x + y",
                    a, b
                )));
            }
            if !triangle && (a > x as u64 || b > y as u64) {
                return Ok(None);
            }
            options.push(values[place(a as usize, b as usize)]);
        }
        if declared {
            plane_family_moves(family, x as u64, y as u64, &mut expected);
            let (given, listed) = (2 * i as u32 + 1, 2 * i as u32 + 2);
            let (mut count, mut same) = (0, true);
            for &(a, b) in &expected {
                match triangle || (a <= x as u64 && b <= y as u64) {
                    true => {
                        let stamp = &mut stamps[place(a as usize, b as usize)];
                        count += usize::from(*stamp != given);
                        *stamp = given;
                    }
                    false => same = false,
                }
            }
            for &(a, b) in to.cells() {
                let stamp = &mut stamps[place(a as usize, b as usize)];
                if *stamp == given {
                    *stamp = listed;
                    count -= 1;
                } else if *stamp != listed {
                    same = false;
                }
            }
            if !same || count > 0 {
                let mut listed = to.cells().to_vec();
                listed.sort_unstable();
                listed.dedup();
                expected.sort_unstable();
                expected.dedup();
                let declared = match family {
                    PlaneFamily::Steps(steps) => format!("steps {:?} give", steps),
                    other => format!("{:?} gives", other),
                };
                return Err(at(format!(
                    "the rules give cells {:?}, but the declared {} {:?}",
                    listed, declared, expected
                )));
            }
        }
        values[place(x, y)] = match kind {
            Values::Misere => u32::from(options.is_empty() || options.contains(&0)),
            Values::Grundy => mex(options.iter().copied()),
            Values::WinLose => u32::from(options.contains(&0)),
        };
    }
    if !triangle {
        return Ok(Some(values));
    }
    let grid = (0..rows).flat_map(|x| (0..cols).map(move |y| (x, y)));
    Ok(Some(grid.map(|(x, y)| values[place(x, y)]).collect()))
}
