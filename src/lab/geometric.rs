//! P-positions that grow by a whole ratio: `p(k + 1) = b p(k) + c` for `k = 0, 1, 2...`,
//! `b >= 2` ([`find_geometric`]), that is `p(k) = (A b^k - c) / (b - 1)`: `2^k - 1` when
//! removing at most half the heap, `(3^k - 1) / 2` when removing at most two thirds. Every
//! P-position of the table must be one, at least [`MIN_POSITIONS`] of them, and the next
//! past the table: none is missing in between. Printed as Rust code to paste, exact in
//! `i128` for every `u64`.
//! Layer 0: uses no other module.

use std::fmt;

/// `p(k + 1) = ratio * p(k) + step` from `p(0) = first`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Geometric {
    /// `p(0)`.
    pub first: u64,
    /// `b`, at least 2.
    pub ratio: u64,
    /// `c`.
    pub step: i64,
}

/// The fewest P-positions a ratio is claimed on.
pub const MIN_POSITIONS: usize = 5;

/// The P-positions `lost` (ascending, every P-position of a table of `len` states from the
/// first) as `p(k + 1) = b p(k) + c`, if they are.
///
/// # Complexity
/// O(P) for P positions.
///
/// ```
/// use lab::geometric::find_geometric;
/// let found = find_geometric(&[0, 1, 3, 7, 15, 31], 50).unwrap();
/// assert_eq!(found.to_string(), "p(k) = 2^k - 1");
/// assert_eq!(find_geometric(&[0, 1, 3, 7, 15, 31], 70), None); // 63 is missing
/// ```
pub fn find_geometric(lost: &[u64], len: usize) -> Option<Geometric> {
    if lost.len() < MIN_POSITIONS {
        return None;
    }
    let (p0, p1, p2) = (lost[0] as i128, lost[1] as i128, lost[2] as i128);
    if (p2 - p1) % (p1 - p0) != 0 || (p2 - p1) / (p1 - p0) < 2 {
        return None;
    }
    let b = (p2 - p1) / (p1 - p0);
    let c = p1 - b * p0;
    let next = |p: u64| b * p as i128 + c;
    let follows = lost.windows(2).all(|w| next(w[0]) == w[1] as i128);
    let past = next(lost[lost.len() - 1]) >= len as i128;
    (follows && past).then(|| Geometric {
        first: lost[0],
        ratio: b as u64,
        step: c as i64,
    })
}

impl fmt::Display for Geometric {
    /// The closed form, `p(k) = (A b^k - c) / (b - 1)`, simplified.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (b, c) = (self.ratio as i64, self.step);
        let a = self.first as i64 * (b - 1) + c;
        let (a, c, d) = match a % (b - 1) == 0 && c % (b - 1) == 0 {
            true => (a / (b - 1), c / (b - 1), 1),
            false => (a, c, b - 1),
        };
        let power = match a {
            1 => format!("{}^k", b),
            a => format!("{} * {}^k", a, b),
        };
        let top = match c {
            0 => power,
            c if c > 0 => format!("{} - {}", power, c),
            c => format!("{} + {}", power, -c),
        };
        match d {
            1 => write!(f, "p(k) = {}", top),
            d => write!(f, "p(k) = ({}) / {}", top, d),
        }
    }
}

impl Geometric {
    /// The recurrence, `p(k + 1) = 2 p(k) + 1, p(0) = 0`.
    ///
    /// # Complexity
    /// O(1).
    pub fn recurrence(&self) -> String {
        let step = match self.step {
            0 => String::new(),
            c if c > 0 => format!(" + {}", c),
            c => format!(" - {}", -c),
        };
        format!(
            "p(k + 1) = {} p(k){}, p(0) = {}",
            self.ratio, step, self.first
        )
    }

    /// Whether `n` is a P-position, as Rust code to paste (`let is_p = ...;`), exact for
    /// every `u64`.
    ///
    /// # Complexity
    /// O(1).
    pub fn code(&self) -> String {
        let step = match self.step {
            0 => String::new(),
            c if c > 0 => format!(" + {}", c),
            c => format!(" - {}", -c),
        };
        format!(
            "let is_p = |n: u64| {{\n    let (mut p, n) = ({}i128, i128::from(n));\n    \
             while p < n {{\n        p = {} * p{};\n    }}\n    p == n\n}};",
            self.first, self.ratio, step
        )
    }
}
