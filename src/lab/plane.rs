//! The lab's search in a grid of values `g(x, y)`: periodic in each coordinate after a
//! border ([`find_plane_period`]), a nim-sum `g(x, y) = f(x) ^ h(y)` ([`find_xor`]), and
//! P-positions on two lines, the pairs `(a(n), a(n) + c n)` and their mirrors with `a(n)`
//! the least number in no earlier pair ([`find_pairs`]), each as Rust code to paste.
//!
//! Periodic in `x` from `bx` with period `px` means `g(x + px, y) = g(x, y)` for every
//! `x >= bx` and every `y`: the rows, as a sequence, are eventually periodic, found as
//! `periods::find_period` finds a period (with its evidence); in `y` likewise the columns.
//! The pairs are Wythoff's game's for `c = 1` and Fraenkel's `c`-Wythoff games' for `c`
//! above: for them `a(n) = floor(n α)` with `α = (2 - c + sqrt(c^2 + 4)) / 2` for every `n`,
//! a theorem on these sequences (Fraenkel, 1982), so the code computes `a(n)` so; the
//! P-positions are checked against the pairs on every cell of the grid.
//!
//! That the P-positions are the pairs beyond the grid is Fraenkel's theorem on the game
//! ("How to beat your Wythoff games' opponent on three fronts", Amer. Math. Monthly 89,
//! 1982; Wythoff's for `c = 1`, 1907): in the `c`-Wythoff game, where a move takes any
//! number from one pile, or `k >= 1` from one and `l >= 1` from the other with
//! `|k - l| < c`, the P-positions (normal play) are exactly the pairs `(a(n), a(n) + c n)`
//! and their mirrors, `a(n)` the least number in no earlier pair, and
//! `a(n) = floor(n α)`, `a(n) + c n = floor(n (α + c))` (complementary Beatty sequences:
//! `1 / α + 1 / (α + c) = 1` gives `α`). [`Pairs::proof`] applies it when
//! the game declared `PlaneFamily::Wythoff(c)`, whose moves the grid checked on every
//! cell; undeclared, [`Pairs::proposal`] names the game and the declaration to confirm.
//! Layer 3: uses `code`, `rules`, `tables`, `grids`, `periods` and `ratios`.

use crate::code::{bring_back, closure, index, Table};
use crate::grids::Grid;
use crate::periods::{find_period, Period};
use crate::ratios::Quadratic;
use crate::rules::PlaneFamily;
use crate::tables::Values;

/// The periods of a grid in each coordinate; at least one is found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PlanePeriod {
    /// `g(x + period, y) = g(x, y)` for every `x >= start`, if found.
    pub x: Option<Period>,
    /// `g(x, y + period) = g(x, y)` for every `y >= start`, if found.
    pub y: Option<Period>,
}

/// The periods of `grid` in `x` and in `y`, if either is found.
///
/// # Complexity
/// O(cells) time and memory.
///
/// ```
/// use lab::plane::find_plane_period;
/// use lab::grids::Grid;
/// let values = (0..80 * 90).map(|i| ((i / 90) % 3 + (i % 90) % 2) as u32).collect();
/// let found = find_plane_period(&Grid::read(80, 90, values)).unwrap();
/// assert_eq!(found.x.map(|p| (p.start, p.period)), Some((0, 3)));
/// assert_eq!(found.y.map(|p| (p.start, p.period)), Some((0, 2)));
/// ```
pub fn find_plane_period(grid: &Grid) -> Option<PlanePeriod> {
    let (rows, cols) = (grid.rows(), grid.cols());
    let row_list: Vec<&[u32]> = (0..rows).map(|x| grid.row(x)).collect();
    let x = find_period(&row_list);
    let mut by_column = vec![0u32; rows * cols];
    for (x, row) in row_list.iter().enumerate() {
        row.iter()
            .enumerate()
            .for_each(|(y, &v)| by_column[y * rows + x] = v);
    }
    let column_list: Vec<&[u32]> = by_column.chunks(rows.max(1)).take(cols).collect();
    let y = find_period(&column_list);
    (x.is_some() || y.is_some()).then_some(PlanePeriod { x, y })
}

impl PlanePeriod {
    /// The grid's values as a closure `|x: u64, y: u64|` to paste: a coordinate with a
    /// period is brought back into the corner of the grid that it holds; one without
    /// stays, and must be within the grid (the code asserts it). The corner is a block of
    /// digits, a row of it to a line.
    ///
    /// # Complexity
    /// O(the corner's cells).
    pub fn code(&self, grid: &Grid) -> String {
        // A coordinate of period 1 from 0 is left out: the corner has one row (or column).
        let constant = |p: Option<Period>| {
            p == Some(Period {
                start: 0,
                period: 1,
            })
        };
        let back = |found: Option<Period>, v: &str, len: usize| match found {
            _ if constant(found) => (Vec::new(), 1),
            Some(Period { start, period }) => (bring_back(v, start, period), start + period),
            None => (
                vec![format!("assert!({v} < {len}, \"{v} beyond the grid\");")],
                len,
            ),
        };
        let (x_back, height) = back(self.x, "x", grid.rows());
        let (y_back, width) = back(self.y, "y", grid.cols());
        let corner: Vec<u64> = (0..height)
            .flat_map(|x| grid.row(x)[..width].iter().map(|&v| u64::from(v)))
            .collect();
        let table = Table::new("CORNER", &corner, width, "u32", true);
        let body = [table.define(), x_back, y_back].concat();
        let at = index(&[
            ("x", if constant(self.x) { 0 } else { width }),
            ("y", usize::from(!constant(self.y))),
        ]);
        let params = match (constant(self.x), constant(self.y)) {
            (false, false) => "|x: u64, y: u64|",
            (true, false) => "|_: u64, y: u64|",
            (false, true) => "|x: u64, _: u64|",
            (true, true) => "|_: u64, _: u64|",
        };
        closure(params, &[body, table.at(&at)].concat())
    }
}

/// `g(x, y) = f(x) ^ h(y)`, with `f(x) = g(x, 0)` and `h(y) = g(0, y) ^ g(0, 0)`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Xor {
    /// `f(x)` for every row.
    pub f: Vec<u32>,
    /// `h(y)` for every column.
    pub h: Vec<u32>,
}

impl Xor {
    /// Whether `f` and `h` agree as far as both go (`g(x, y) = f(x) ^ f(y)`).
    ///
    /// # Complexity
    /// O(rows + cols).
    pub fn same(&self) -> bool {
        let both = self.f.len().min(self.h.len());
        self.f[..both] == self.h[..both]
    }
}

/// The fewest rows and columns a nim-sum or pairs are claimed on.
pub const MIN_SIDE: usize = 8;

/// `g(x, y) = f(x) ^ h(y)` for every cell of `grid`, if so and the grid is at least
/// [`MIN_SIDE`] each way.
///
/// # Complexity
/// O(cells).
///
/// ```
/// use lab::plane::find_xor;
/// use lab::grids::Grid;
/// let values = (0..20 * 30).map(|i| (((i / 30) % 3) ^ ((i % 30) % 3)) as u32).collect();
/// let found = find_xor(&Grid::read(20, 30, values)).unwrap();
/// assert!(found.same() && found.f[..4] == [0, 1, 2, 0]);
/// ```
pub fn find_xor(grid: &Grid) -> Option<Xor> {
    if grid.rows() < MIN_SIDE || grid.cols() < MIN_SIDE {
        return None;
    }
    let corner = grid.get(0, 0);
    let h: Vec<u32> = grid.row(0).iter().map(|&v| v ^ corner).collect();
    let f: Vec<u32> = (0..grid.rows()).map(|x| grid.get(x, 0)).collect();
    let holds = |x: usize| (grid.row(x).iter().zip(&h)).all(|(&g, &hy)| g == f[x] ^ hy);
    (0..grid.rows()).all(holds).then_some(Xor { f, h })
}

/// The P-positions are the pairs `(a(n), a(n) + c n)` and their mirrors, `a(n)` the least
/// number in no earlier pair.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Pairs {
    /// The difference's factor.
    pub c: u64,
    /// The pairs wholly within the grid.
    pub inside: usize,
}

/// The pairs `(a(n), a(n) + c n)` for `n = 0, 1...` while `a(n) < below`, by the mex.
///
/// # Complexity
/// O(below).
pub fn mex_pairs(c: u64, below: u64) -> Vec<(u64, u64)> {
    let (mut used, mut pairs, mut a) = (vec![false; below as usize], Vec::new(), 0);
    for n in 0.. {
        while a < below && used[a as usize] {
            a += 1;
        }
        if a >= below {
            break;
        }
        let b = a + c * n;
        used[a as usize] = true;
        if b < below {
            used[b as usize] = true;
        }
        pairs.push((a, b));
    }
    pairs
}

/// The pairs that are `grid`'s P-positions, if so, with at least [`MIN_SIDE`] pairs within
/// it: `c` is read off row 1, whose P-position is `(1, 1 + c)`.
///
/// # Complexity
/// O(cells).
///
/// ```
/// use lab::plane::{find_pairs, Pairs};
/// use lab::grids::Grid;
/// use combgames::nim::wythoff_partner;
/// let values = (0..40 * 40).map(|i| u32::from(wythoff_partner(i / 40) != i % 40)).collect();
/// let found = find_pairs(&Grid::read(40, 40, values)).unwrap();
/// assert_eq!(found, Pairs { c: 1, inside: 16 }); // (0, 0), (1, 2), (3, 5)... (24, 39)
/// ```
pub fn find_pairs(grid: &Grid) -> Option<Pairs> {
    let (rows, cols) = (grid.rows(), grid.cols());
    if rows < MIN_SIDE || cols < MIN_SIDE || grid.get(0, 0) != 0 {
        return None;
    }
    let c = grid.row(1).iter().position(|&v| v == 0)?.checked_sub(1)? as u64;
    let below = rows.max(cols) as u64;
    let pairs = mex_pairs(c, below);
    let mut expected = vec![false; rows * cols];
    let mut inside = 0;
    for &(a, b) in &pairs {
        let (a, b) = (a as usize, b as usize);
        for (x, y) in [(a, b), (b, a)] {
            if x < rows && y < cols {
                expected[x * cols + y] = true;
            }
        }
        inside += usize::from(b < rows.min(cols));
    }
    let holds = (grid.values().iter().zip(&expected)).all(|(&v, &p)| (v == 0) == p);
    (holds && inside >= MIN_SIDE).then_some(Pairs { c, inside })
}

impl Pairs {
    /// `α` of `a(n) = floor(n α)`, for `c` from 1 to 17 (the fit's square roots).
    ///
    /// # Complexity
    /// O(1).
    pub fn alpha(&self) -> Option<Quadratic> {
        let c = self.c as i64;
        (1..=17)
            .contains(&c)
            .then(|| Quadratic::new(2 - c, (c * c + 4) as u64, 2))
    }

    /// Closures `pair(n)` and `is_p(x, y)` to paste, after `isqrt` (for `c` from 1 to 17;
    /// `c = 0` is the diagonal): exact for every `n` up to 10^18.
    ///
    /// # Complexity
    /// O(1).
    pub fn code(&self) -> Option<String> {
        let c = self.c;
        let pair = match (c, self.alpha()) {
            (0, _) => "let pair = |n: u64| (n, n);".to_string(),
            (_, Some(alpha)) => format!(
                "let pair = |n: u64| {{\n    let a = {};\n    (a, a + {})\n}};",
                alpha.code("(n as u128)"),
                if c == 1 {
                    "n".to_string()
                } else {
                    format!("{} * n", c)
                }
            ),
            _ => return None,
        };
        let index = match c {
            0 => "low == high".to_string(),
            1 => "pair(high - low) == (low, high)".to_string(),
            _ => format!("(high - low) % {c} == 0 && pair((high - low) / {c}) == (low, high)"),
        };
        Some(format!(
            "{}\nlet is_p = |x: u64, y: u64| {{\n    let (low, high) = (x.min(y), x.max(y));\n    \
             {}\n}};",
            pair, index
        ))
    }
}

/// The moves of the `c`-Wythoff game, in words.
fn wythoff_moves(c: u64) -> String {
    match c {
        1 => "take any number from one pile, or the same number from both".to_string(),
        c => format!(
            "take any number from one pile, or k >= 1 from one and l >= 1 from the other \
             with |k - l| < {c}"
        ),
    }
}

impl Pairs {
    /// The game whose P-positions these pairs are (none for `c = 0`).
    ///
    /// # Complexity
    /// O(1).
    pub fn game(&self) -> Option<String> {
        match self.c {
            0 => None,
            1 => Some("Wythoff's game".to_string()),
            c => Some(format!("Fraenkel's {c}-Wythoff game")),
        }
    }

    /// Fraenkel's theorem, if `grid`'s game declared a family: the certificate's lines when
    /// it declared `PlaneFamily::Wythoff(c)` (its moves checked on every cell of the grid)
    /// and the values are in normal play, else why not; `None` if nothing was declared.
    ///
    /// # Complexity
    /// O(1).
    pub fn proof(&self, grid: &Grid) -> Option<Result<Vec<String>, String>> {
        let a = match grid.family() {
            PlaneFamily::Unknown => return None,
            PlaneFamily::Steps(_) => {
                let why = "Fraenkel's theorem speaks of the Wythoff family, not of fixed steps";
                return Some(Err(why.to_string()));
            }
            &PlaneFamily::Wythoff(a) => a,
        };
        let c = self.c;
        if a != c {
            let why = format!(
                "the declared Wythoff({a}) has the pairs (a(n), a(n) + {a}n), but the grid's \
                 P-positions are (a(n), a(n) + {c}n): the theorem or the grid is wrong"
            );
            return Some(Err(why));
        }
        if grid.kind() == Some(Values::Misere) {
            return Some(Err("Fraenkel's theorem speaks of normal play".to_string()));
        }
        let game = self.game().expect("c >= 1");
        let times = if c == 1 {
            "n".to_string()
        } else {
            format!("{c}n")
        };
        let beatty = match self.alpha() {
            Some(alpha) => format!(", and a(n) = floor(n * {alpha}) for every n"),
            None => String::new(),
        };
        Some(Ok(vec![
            format!(
                "Fraenkel (1982): in {game} ({}), the P-positions are the pairs \
                 (a(n), a(n) + {times}) and their mirrors, a(n) the least number in no earlier \
                 pair{beatty}",
                wythoff_moves(c)
            ),
            format!(
                "declared: PlaneFamily::Wythoff({c}), its moves checked on every cell x < {}, \
                 y < {} (beyond, the declaration's word); the pairs are the grid's P-positions \
                 there",
                grid.rows(),
                grid.cols()
            ),
        ]))
    }

    /// The declaration that would prove the pairs, for the user to confirm from the
    /// problem's statement: never a proof.
    ///
    /// # Complexity
    /// O(1).
    pub fn proposal(&self) -> Option<String> {
        let game = self.game()?;
        Some(format!(
            "these are the P-positions of {game}: declare `PlaneFamily::Wythoff({c})` if the \
             moves are exactly: {}; then Fraenkel's theorem proves the pairs for every n (a \
             proposal to confirm from the statement, not a proof)",
            wythoff_moves(self.c),
            c = self.c
        ))
    }
}
