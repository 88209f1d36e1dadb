//! The lab's search of a grid in the coordinates its pattern lives in, when the periods
//! along the axes fail because the pattern changes across a ray from the corner: a band
//! along the diagonal, or along another direction `(a, b)` ([`find_sectors`]); and the box
//! that proves it for a game of fixed steps ([`Sectors::proof`]), and the code to paste.
//!
//! The coordinates. Along `(a, b)` (coprime, the diagonal `(1, 1)` first), a cell
//! `(x, y)` is `m = min(x / a, y / b)` steps of `(a, b)` from the corner, and what is left,
//! `(x', y') = (x - a m, y - b m)`: above the ray when `x' < a`, where `d = y'` (and `x'`
//! tells the cells of a step apart), below it otherwise, where `y' < b` and `d = x'`. On
//! the diagonal these are `m = min(x, y)` and `d = |x - y|` (the cells of the diagonal are
//! above). A period `p` in `m` is `g(c + p (a, b)) = g(c)` for every cell with `m >= start`
//! (on the diagonal, a period in `x + y` at a fixed `x - y`: the pattern of `(x + y, x - y)`
//! along its first coordinate); a period `q` in `d` above is `g(c + (0, q)) = g(c)` for every
//! cell above with `d >= start`, and below `g(c + (q, 0)) = g(c)`. The view of a grid holds
//! `m < M` and `d < D` on each side, within the grid; the periods are sought as
//! `periods::find_period` seeks them, the rows being the values of one `m` and the columns
//! those of one `d`, with its evidence. (A period in `x - y` at a fixed `x + y` cannot
//! reach the axes; where it holds with one along the diagonal, the two give one in `d`.)
//!
//! The box (the proof, for [`PlaneFamily::Steps`], every step lowering `x + y`). Let `k_m`
//! be the most a step lowers `m`, `max(ceil(|dx| / a), ceil(|dy| / b))`; `k_up` the most it
//! lowers `d` above, the largest of `b floor((a - 1 + dx) / a) - dy` and `-dy`; `k_down`
//! below, the largest of `a floor((b - 1 + dy) / b) - dx` and `-dx`. The claims: (M)
//! `g(c) = g(c - p (a, b))` for every cell with `m >= m0 + p`; (U) `g(c) = g(c - (0, q))`
//! above with `d >= d0 + q`; (L) likewise below. If they hold on the view and the view
//! holds the box `m < m0 + p + k_m`, `d < d0 + q + k_up` above and `d < d0' + q' + k_down`
//! below (start, period and reach), they hold everywhere, by induction on `x + y`. A cell
//! `u` outside the box is past it in `m`, or in `d` on its side. Past it in `m`,
//! `v = u - p (a, b)` has `m >= m0 + k_m`, so both coordinates of `v` are at least any
//! step's: every step is legal from `u` and from `v`, the moves of `u` are those of `v`
//! moved by `p (a, b)`, each with `m >= m0`, of the same value by (M) at the move of `u`
//! (lower `x + y`), so `g(u) = g(v)`. Past it in `d` above, `v = u - (0, q)` is above with
//! the same `m` and `d >= d0 + k_up`: a step is legal from `v` exactly when from `u` (the
//! same `x`, and `y >= -dy`), each move of `v` is above with `d >= d0` and the `m` of the
//! move of `u`, which is it moved by `(0, q)`: by (U) at it, `g(u) = g(v)`. Below likewise.
//! The claim at `u` of the other kind follows from these and the induction, as on the axes
//! (`g(u) = g(u - w) = g(u - w - w') = g(u - w')`). The values are the mex of the options'
//! (or win/lose, in either play), so equal options give equal values.
//! Layer 3: uses `code`, `rules`, `grids` and `periods`.

use crate::code::{bring_back_from, closure, index, times, Table};
use crate::grids::Grid;
use crate::periods::{find_period, Period};
use crate::rules::PlaneFamily;

/// A grid's periods along a direction `(a, b)` and across it, each side of the ray.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Sectors {
    /// The direction: `a` in `x`, `b` in `y`, coprime; `(1, 1)` is the diagonal.
    pub a: usize,
    pub b: usize,
    /// `g(c + period (a, b)) = g(c)` for every cell with `m >= start`, if found.
    pub m: Option<Period>,
    /// `g(c + (0, period)) = g(c)` above the ray with `d >= start`, if found.
    pub above: Option<Period>,
    /// `g(c + (period, 0)) = g(c)` below the ray with `d >= start`, if found.
    pub below: Option<Period>,
    /// The view searched: `m < rows`, `d < cols` on each side.
    pub rows: usize,
    pub cols: usize,
}

/// The directions searched, the diagonal first, then by their largest coordinate.
pub const DIRECTIONS: [(usize, usize); 23] = [
    (1, 1),
    (1, 2),
    (2, 1),
    (1, 3),
    (3, 1),
    (2, 3),
    (3, 2),
    (1, 4),
    (4, 1),
    (3, 4),
    (4, 3),
    (1, 5),
    (5, 1),
    (2, 5),
    (5, 2),
    (3, 5),
    (5, 3),
    (4, 5),
    (5, 4),
    (1, 6),
    (6, 1),
    (5, 6),
    (6, 5),
];

/// The view of `grid` along `(a, b)` with `cols` values of `d`: the values above, then
/// below, each `[m][d][x' or y']`, and the number of rows `m`.
fn view(grid: &Grid, a: usize, b: usize, cols: usize) -> (Vec<u32>, Vec<u32>, usize) {
    let (r, c) = (grid.rows(), grid.cols());
    if cols == 0 || cols > r.min(c) {
        return (Vec::new(), Vec::new(), 0);
    }
    // Above: a m + x' < r, b m + d < c; below: a m + d < r, b m + y' < c.
    let rows = (r / a)
        .min(c / b)
        .min((c - cols) / b + 1)
        .min((r - cols) / a + 1);
    let mut above = Vec::with_capacity(rows * cols * a);
    let mut below = Vec::with_capacity(rows * cols * b);
    for m in 0..rows {
        for d in 0..cols {
            above.extend((0..a).map(|x| grid.get(a * m + x, b * m + d)));
            below.extend((0..b).map(|y| grid.get(a * m + d, b * m + y)));
        }
    }
    (above, below, rows)
}

/// The periods of a view `[m][d][sub]` of `rows x cols x sub` values: in `m`, and in `d`.
fn view_periods(values: &[u32], rows: usize, cols: usize, sub: usize) -> [Option<Period>; 2] {
    let row_list: Vec<&[u32]> = values.chunks(cols * sub).collect();
    let column = |d: usize| -> Vec<u32> {
        let cell = |m: usize| &values[(m * cols + d) * sub..(m * cols + d + 1) * sub];
        (0..rows).flat_map(cell).copied().collect()
    };
    let columns: Vec<Vec<u32>> = (0..cols).map(column).collect();
    [find_period(&row_list), find_period(&columns)]
}

/// The grid's periods along the first direction of [`DIRECTIONS`] that has them in `m` and
/// in `d` on both sides, with the view's `d` half, a third or two thirds of the grid's
/// smaller side, or what leaves 34 values of `m`, and that give every cell of the grid its
/// value; else the diagonal's period in `m` alone (with those in `d` found), if any.
///
/// # Complexity
/// O(cells) a direction and view: at most 92 times the cells.
///
/// ```
/// use lab::grids::Grid;
/// use lab::sectors::find_sectors;
/// // 0, 1, 2 by min(x, y) mod 3 on and above the diagonal, x + y mod 2 below it.
/// let g = |x: usize, y: usize| if y >= x { x % 3 } else { (x + y) % 2 } as u32;
/// let grid = Grid::read(120, 120, (0..120 * 120).map(|i| g(i / 120, i % 120)).collect());
/// let found = find_sectors(&grid).unwrap();
/// assert_eq!((found.a, found.b), (1, 1));
/// assert_eq!(found.m.map(|p| (p.start, p.period)), Some((0, 3)));
/// assert_eq!(found.below.map(|p| (p.start, p.period)), Some((1, 2)));
/// ```
pub fn find_sectors(grid: &Grid) -> Option<Sectors> {
    let side = grid.rows().min(grid.cols());
    let mut partial = None;
    for &(a, b) in &DIRECTIONS {
        // Half of the side for d, a third, two thirds, and what leaves 34 rows of m (the
        // fewest a period of 1 in m needs).
        let most = side.saturating_sub(33 * a.max(b));
        let mut splits = vec![side / 2, side / 3, 2 * side / 3, most];
        splits.dedup();
        for cols in splits.into_iter().filter(|&c| c > 32) {
            let (above, below, rows) = view(grid, a, b, cols);
            if rows == 0 {
                continue;
            }
            let [_, up] = view_periods(&above, rows, cols, a);
            let [_, down] = view_periods(&below, rows, cols, b);
            // One period in m for both sides: the rows of both together.
            let (width_up, width_down) = (cols * a, cols * b);
            let both: Vec<Vec<u32>> = (0..rows)
                .map(|m| {
                    let up = &above[m * width_up..(m + 1) * width_up];
                    let down = &below[m * width_down..(m + 1) * width_down];
                    [up, down].concat()
                })
                .collect();
            let m = find_period(&both);
            let found = Sectors {
                a,
                b,
                m,
                above: up,
                below: down,
                rows,
                cols,
            };
            // The periods hold on the view; they must give every cell of the grid too.
            let complete = m.is_some() && up.is_some() && down.is_some();
            if complete && found.holds(grid, &above, &below) {
                return Some(found);
            }
            let diagonal = (a, b) == (1, 1) && m.is_some();
            if diagonal && partial.is_none() && found.holds(grid, &above, &below) {
                partial = Some(found);
            }
        }
    }
    partial
}

impl Sectors {
    /// The first line of its finding: `diagonal: m start 0, period 3; d above start 0,
    /// period 1; d below start 2, period 2`, or `direction (2, 3): ...` (`none` for a
    /// period not found).
    ///
    /// # Complexity
    /// O(1).
    pub fn headline(&self) -> String {
        let show = |p: Option<Period>| match p {
            Some(p) => format!("start {}, period {}", p.start, p.period),
            None => "none".to_string(),
        };
        let along = match (self.a, self.b) {
            (1, 1) => "diagonal".to_string(),
            (a, b) => format!("direction ({a}, {b})"),
        };
        format!(
            "{along}: m {}; d above {}; d below {}",
            show(self.m),
            show(self.above),
            show(self.below)
        )
    }

    /// What `m` and `d` are, for the report.
    ///
    /// # Complexity
    /// O(1).
    pub fn coordinates(&self) -> String {
        match (self.a, self.b) {
            (1, 1) => "m = min(x, y), d = |x - y|: a period in m runs along the diagonal, in d \
                       across it, above (y >= x) and below (x > y)"
                .to_string(),
            (a, b) => format!(
                "m = min(x / {a}, y / {b}) steps of ({a}, {b}) from the corner, and what is \
                 left, (x', y') = (x - {a} m, y - {b} m): above when x' < {a}, where d = y'; \
                 below otherwise, where d = x'"
            ),
        }
    }

    /// The value the periods give `(x, y)` from the view's values `above` and `below`;
    /// `None` past the view in a coordinate with no period.
    fn value(&self, above: &[u32], below: &[u32], x: usize, y: usize) -> Option<u32> {
        let (a, b) = (self.a, self.b);
        let back = |v: usize, p: Option<Period>, len: usize| match p {
            Some(p) if v >= p.start => Some(p.start + (v - p.start) % p.period),
            _ => (v < len).then_some(v),
        };
        let m = (x / a).min(y / b);
        let (x, y) = (x - a * m, y - b * m);
        let m = back(m, self.m, self.rows)?;
        match x < a {
            true => Some(above[(m * self.cols + back(y, self.above, self.cols)?) * a + x]),
            false => Some(below[(m * self.cols + back(x, self.below, self.cols)?) * b + y]),
        }
    }

    /// Whether the periods give every cell of `grid` its value (those they give).
    fn holds(&self, grid: &Grid, above: &[u32], below: &[u32]) -> bool {
        (0..grid.rows()).all(|x| {
            (grid.row(x).iter().enumerate())
                .all(|(y, &v)| self.value(above, below, x, y).map_or(true, |p| p == v))
        })
    }

    /// The reaches of `steps` in these coordinates: how much a step can lower `m`, `d`
    /// above and `d` below.
    fn reaches(&self, steps: &[(i64, i64)]) -> (usize, usize, usize) {
        let (a, b) = (self.a as i64, self.b as i64);
        let up = |da: i64, db: i64, a: i64, b: i64| {
            (b * (a - 1 + da).div_euclid(a) - db).max(-db).max(0) as usize
        };
        let mut reach = (0, 0, 0);
        for &(dx, dy) in steps {
            let m = ((dx.abs() + a - 1) / a).max((dy.abs() + b - 1) / b) as usize;
            reach.0 = reach.0.max(m);
            reach.1 = reach.1.max(up(dx, dy, a, b));
            reach.2 = reach.2.max(up(dy, dx, b, a));
        }
        reach
    }

    /// The box certificate, if `grid`'s game declared a family: the lines when it declared
    /// fixed steps and the view holds the box, else why not; `None` if nothing was
    /// declared.
    ///
    /// # Complexity
    /// O(steps): the search checked the periods over the whole view.
    pub fn proof(&self, grid: &Grid) -> Option<Result<Vec<String>, String>> {
        let steps = match grid.family() {
            PlaneFamily::Unknown => return None,
            PlaneFamily::Steps(steps) => steps,
            PlaneFamily::Wythoff(_) => {
                return Some(Err("the box speaks of fixed steps, not Wythoff's".into()))
            }
        };
        let (m, above, below) = match (self.m, self.above, self.below) {
            (Some(m), Some(above), Some(below)) => (m, above, below),
            _ => {
                let why = "the box needs a period in m and one in d on each side";
                return Some(Err(why.into()));
            }
        };
        let (km, k_up, k_down) = self.reaches(steps);
        let side = |p: Period, k: usize| (p.start + p.period + k, p, k);
        let (m_box, up_box, down_box) = (
            m.start + m.period + km,
            side(above, k_up),
            side(below, k_down),
        );
        if m_box > self.rows || up_box.0 > self.cols || down_box.0 > self.cols {
            return Some(Err(format!(
                "the box m < {m_box}, d < {} above and {} below is larger than the view \
                 m < {}, d < {}: compute a larger grid",
                up_box.0, down_box.0, self.rows, self.cols
            )));
        }
        let shown = |(end, p, k): (usize, Period, usize)| {
            format!("{end} = {} + {} + {k}", p.start, p.period)
        };
        Some(Ok(vec![format!(
            "box: the periods hold on the view m < {}, d < {} (within the grid), which holds \
             the box m < {m_box} = {} + {} + {km}, d < {} above and d < {} below (start + \
             period + the most a step lowers the coordinate), checked; every step lowers x + \
             y, so by induction on x + y every cell outside the box has the value of the cell \
             a period nearer, along ({}, {}) or across it",
            self.rows,
            self.cols,
            m.start,
            m.period,
            shown(up_box),
            shown(down_box),
            self.a,
            self.b
        )]))
    }

    /// The grid's values as a closure `|x: u64, y: u64|` to paste: `m`, then `d`, brought
    /// back by their periods into the tables `ABOVE` and `BELOW` (a row of digits an `m`);
    /// a coordinate with no period must stay within the view (the code asserts it).
    ///
    /// # Complexity
    /// O(the tables' cells).
    pub fn code(&self, grid: &Grid) -> String {
        let (a, b) = (self.a, self.b);
        let (above, below, _) = view(grid, a, b, self.cols);
        let end = |p: Option<Period>, len: usize| p.map_or(len, |p| p.start + p.period);
        let rows = end(self.m, self.rows);
        let (up, down) = (end(self.above, self.cols), end(self.below, self.cols));
        let cut = |values: &[u32], cols: usize, sub: usize| -> Vec<u64> {
            let keep = |m: usize| (0..cols * sub).map(move |i| (m, i));
            let all = (0..rows).flat_map(keep);
            all.map(|(m, i)| u64::from(values[m * self.cols * sub + i]))
                .collect()
        };
        let above = Table::new("ABOVE", &cut(&above, up, a), up * a, "u32", true);
        let below = Table::new("BELOW", &cut(&below, down, b), down * b, "u32", true);
        // A coordinate of period 1 from 0 is left out: its tables have one row (or column).
        let constant = |p: Option<Period>| {
            p == Some(Period {
                start: 0,
                period: 1,
            })
        };
        let back = |v: &str, from: &str, p: Option<Period>| match p {
            _ if constant(p) => Vec::new(),
            Some(p) => bring_back_from(v, from, p.start, p.period),
            None => {
                let len = if v == "m" { self.rows } else { self.cols };
                vec![
                    format!("let {v} = {from};"),
                    format!("assert!({v} < {len}, \"{v} beyond the view\");"),
                ]
            }
        };
        let uses_y = !constant(self.above) || b > 1;
        let mut body = [above.define(), below.define()].concat();
        body.push(match (a, b) {
            (1, 1) => "let m = x.min(y);".to_string(),
            (a, b) => format!("let m = (x / {a}).min(y / {b});"),
        });
        body.push(match uses_y {
            true => format!(
                "let (x, y) = (x - {}, y - {});",
                times("m", a),
                times("m", b)
            ),
            false => format!("let x = x - {};", times("m", a)),
        });
        if !constant(self.m) {
            body.extend(
                back("m", "m", self.m)
                    .into_iter()
                    .filter(|l| l != "let m = m;"),
            );
        }
        let m_factor = |cols: usize, n: usize| if constant(self.m) { 0 } else { cols * n };
        let mut above_lines = back("d", "y", self.above);
        let d_above = usize::from(!constant(self.above)) * a;
        let at = index(&[
            ("m", m_factor(up, a)),
            ("d", d_above),
            ("x", usize::from(a > 1)),
        ]);
        above_lines.extend(above.at(&at));
        let mut below_lines = back("d", "x", self.below);
        let d_below = usize::from(!constant(self.below)) * b;
        let at = index(&[
            ("m", m_factor(down, b)),
            ("d", d_below),
            ("y", usize::from(b > 1)),
        ]);
        below_lines.extend(below.at(&at));
        let cond = match a {
            1 => "x == 0".to_string(),
            a => format!("x < {a}"),
        };
        body.push(format!("if {cond} {{"));
        body.extend(above_lines.iter().map(|l| format!("    {l}")));
        body.push("} else {".to_string());
        body.extend(below_lines.iter().map(|l| format!("    {l}")));
        body.push("}".to_string());
        closure("|x: u64, y: u64|", &body)
    }
}
