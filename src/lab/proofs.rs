//! The lab's proofs: a period is "proved" only where a theorem applies to the family the
//! game declared, with the certificate checked on the table and printed; otherwise a
//! pattern only holds for the values tabulated. The theorems:
//!
//! - a subtraction game with a finite move set, largest move `m` ([`Family::Subtraction`]):
//!   each value (Grundy, or win/lose in either play) is the same function of the `m` values
//!   before it once every move is legal, so if `g(n + p) = g(n)` for the `m` consecutive
//!   `n` from `start`, by induction for every `n >= start`: the window;
//! - a take-and-break game ([`Family::TakeBreak`], or [`Family::Octal`], one of them): Guy
//!   and Smith's theorem with the bound its parts need, and for a game of counts that reach
//!   every size, a finite test of arithmetic periodicity (both in `breaks`);
//! - a subtraction game whose infinite move set is periodic modulo `q`, a multiple of the
//!   period `p` ([`Family::Residues`], Grundy values): past `N0`, the options of `n` are the
//!   moves below the declared start, one value for each declared class (every class has
//!   a move far enough below `n`), and moves within `start` of `n`, whose values are among
//!   those below `start`. If for every residue of `n` modulo `p` the mex of the first two
//!   is the period's value and that value is not among those below `start`, the moves near
//!   `n` cannot change it, and by induction every `n >= N0` follows the period: the
//!   residue check;
//! - a plane game of fixed steps, at most `k` in each coordinate, every one lowering
//!   `x + y` ([`PlaneFamily::Steps`]): if the grid is periodic in `x` from `bx` with period
//!   `px` and in `y` from `by` with `py`, and holds the box `x < bx + px + k`,
//!   `y < by + py + k`, then by induction on `x + y` every cell outside the box has the
//!   value of the cell a period nearer, so the periods hold everywhere: the box.
//!
//! Layer 3: uses `rules`, `tables`, `grids`, `periods` and `breaks`.

use crate::breaks;
use crate::grids::Grid;
use crate::periods::{first_tail_period, Arithmetic, Period};
use crate::rules::{Family, PlaneFamily};
use crate::tables::{Table, Values};

/// What a theorem says of a pattern.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict<P> {
    /// The theorem applies: the pattern it proves, and the certificate's lines.
    Proved(P, Vec<String>),
    /// A family was declared, but its theorem does not apply: why.
    NotProved(String),
    /// No family was declared.
    Unknown,
}

/// The period of a heap game's values that the theorem of its declared family proves;
/// `found` is the period the search claimed, if any (the residue check needs one).
///
/// # Complexity
/// O(N) for the window and the residue check (plus the moves' classes), that of
/// `breaks::period` for a take-and-break game.
pub fn heap_period(table: &Table, found: Option<Period>) -> Verdict<Period> {
    let values = table.values();
    match table.family() {
        Family::Unknown => Verdict::Unknown,
        Family::Subtraction(moves) => window(values, *moves.iter().max().unwrap_or(&1) as usize),
        Family::Octal(_) | Family::TakeBreak(_) => match table.kind() {
            Some(Values::Grundy) => take_break(table, |game| breaks::period(values, game)),
            _ => Verdict::NotProved("Guy and Smith's theorem speaks of Grundy values".into()),
        },
        Family::Residues(set) => match (table.kind(), found) {
            (Some(Values::Grundy), Some(found)) => residues(values, found, set),
            (Some(Values::Grundy), None) => Verdict::NotProved("no period to check".into()),
            _ => Verdict::NotProved("the residue check speaks of Grundy values".into()),
        },
    }
}

/// The least period whose window of `m` values repeats within `values`.
fn window(values: &[u32], m: usize) -> Verdict<Period> {
    let len = values.len();
    let fits = |found: Period| found.start + found.period + m <= len;
    // Every period proved has the least start of the least period, so the first tail whose
    // periods hold one proved gives the least: tails of half the values, a quarter...
    let tails = std::iter::successors(Some(len / 2), |&t| Some(t / 2)).take_while(|&t| t > m);
    let mut tails = tails.chain(std::iter::once(m.saturating_add(1)));
    match tails.find_map(|tail| first_tail_period(values, tail, fits)) {
        Some(Period { start, period }) => Verdict::Proved(
            Period { start, period },
            vec![
                format!(
                    "window: g(n + {p}) = g(n) for the {m} heaps n = {a} .. {b} (the largest \
                     move), checked; each value is the same function of the {m} before it, so \
                     by induction for every n >= {a}",
                    p = period,
                    m = m,
                    a = start,
                    b = start + m - 1
                ),
                format!("least: the least period repeating over {} heaps", len),
            ],
        ),
        None => Verdict::NotProved(format!(
            "no window of {} values repeats within the {} values: tabulate more",
            m, len
        )),
    }
}

/// The arithmetic period `found` of a heap game's values that the test of its declared
/// take-and-break family proves (`breaks::arithmetic`).
///
/// # Complexity
/// That of `breaks::arithmetic`.
pub fn heap_arithmetic(table: &Table, found: Arithmetic) -> Verdict<Arithmetic> {
    match (table.family(), table.kind()) {
        (Family::Unknown, _) => Verdict::Unknown,
        (Family::Octal(_) | Family::TakeBreak(_), Some(Values::Grundy)) => {
            take_break(table, |game| {
                breaks::arithmetic(table.values(), game, found)
            })
        }
        (Family::Octal(_) | Family::TakeBreak(_), _) => {
            Verdict::NotProved("the test speaks of Grundy values".into())
        }
        _ => Verdict::NotProved("no theorem of this family speaks of arithmetic periods".into()),
    }
}

/// The verdict of `theorem` on the take-and-break game `table` declares.
fn take_break<P>(
    table: &Table,
    theorem: impl FnOnce(&crate::rules::TakeBreak) -> breaks::Certified<P>,
) -> Verdict<P> {
    match table.family().take_break() {
        Some(Ok(game)) => match theorem(&game) {
            Ok((pattern, line)) => Verdict::Proved(pattern, vec![line]),
            Err(why) => Verdict::NotProved(why),
        },
        Some(Err(why)) => Verdict::NotProved(why),
        None => Verdict::Unknown,
    }
}

/// The residue check of `found` for a subtraction game with the infinite move set `set`.
fn residues(values: &[u32], found: Period, set: &crate::rules::Residues) -> Verdict<Period> {
    let moves: Vec<usize> = (1..values.len())
        .filter(|&s| (set.is_move)(s as u64))
        .collect();
    residue_check(values, found, set, &moves)
}

/// The residue check of `found` for the classes `set` declares, with `moves` the moves
/// below the table's length, ascending (`set.is_move` is not called).
pub(crate) fn residue_check(
    values: &[u32],
    found: Period,
    set: &crate::rules::Residues,
    moves: &[usize],
) -> Verdict<Period> {
    let (len, Period { start, period }) = (values.len(), found);
    let (from, q) = (set.from as usize, set.modulus as usize);
    if q % period != 0 {
        let why = format!("the period {} does not divide the modulus {}", period, q);
        return Verdict::NotProved(why);
    }
    if let Some(&s) =
        (moves.iter()).find(|&&s| s >= from && !set.classes.contains(&((s % q) as u64)))
    {
        let why = format!("move {} is {} modulo {}, not a declared class", s, s % q, q);
        return Verdict::NotProved(why);
    }
    let mut first = Vec::new();
    for &class in &set.classes {
        match moves
            .iter()
            .find(|&&s| s >= from && (s % q) as u64 == class)
        {
            Some(&s) => first.push(s),
            None => return Verdict::NotProved(format!("no move of class {} below {}", class, len)),
        }
    }
    let below: Vec<usize> = moves.iter().copied().filter(|&s| s < from).collect();
    let n0 = start + from.max(first.iter().copied().max().unwrap_or(0));
    if n0 + period > len {
        return Verdict::NotProved(format!("the check needs values up to {}", n0 + period));
    }
    // f(n): the period's value of any n >= start.
    let f = |n: usize| values[start + (n - start) % period];
    for n in n0..n0 + period {
        let mut options: Vec<u32> = below.iter().map(|&s| f(n - s)).collect();
        options.extend(first.iter().map(|&s| f(n - s)));
        let mex = (0..).find(|v| !options.contains(v)).unwrap_or(0);
        if mex != f(n) || values[..start].contains(&mex) {
            let why = format!("the options of heap {} do not settle its value", n);
            return Verdict::NotProved(why);
        }
    }
    // With no values before the period, no move reaches a value outside it.
    let near = match start {
        0 => "the period starts at 0, so every state a move reaches follows it".to_string(),
        _ => format!("none of them among the values below {start} that moves near n reach"),
    };
    let line = format!(
        "residues: the moves from {from} on are {:?} modulo {q} (checked below {len}, each class \
         first at {:?}), those below {from} are {:?}; for n >= {n0} the options' values depend \
         on n modulo {period} only and give the period's values, {near}: by induction for every \
         n >= {n0}",
        set.classes, first, below
    );
    Verdict::Proved(found, vec![line])
}

/// The box certificate for a plane game of fixed steps whose grid is periodic in both
/// coordinates.
///
/// # Complexity
/// O(steps): the search checked the periods over the whole grid.
pub fn plane_period(grid: &Grid, x: Option<Period>, y: Option<Period>) -> Verdict<()> {
    let steps = match grid.family() {
        PlaneFamily::Unknown => return Verdict::Unknown,
        PlaneFamily::Steps(steps) => steps,
        PlaneFamily::Wythoff(_) => {
            return Verdict::NotProved("the box speaks of fixed steps, not Wythoff's".into())
        }
    };
    let (x, y) = match (x, y) {
        (Some(x), Some(y)) => (x, y),
        _ => return Verdict::NotProved("the box needs a period in both coordinates".into()),
    };
    let k = (steps.iter()).fold(0, |k, &(dx, dy)| {
        k.max(dx.unsigned_abs()).max(dy.unsigned_abs())
    });
    let (bx, by) = (
        x.start + x.period + k as usize,
        y.start + y.period + k as usize,
    );
    if bx > grid.rows() || by > grid.cols() {
        let why = format!(
            "the box {} x {} is larger than the grid: tabulate it",
            bx, by
        );
        return Verdict::NotProved(why);
    }
    let line = format!(
        "box: the periods hold on the box x < {bx} = {} + {} + {k}, y < {by} = {} + {} + {k} \
         (border + period + largest step), checked; every step lowers x + y, so by induction \
         on x + y every cell outside it has the value of the cell a period nearer",
        x.start, x.period, y.start, y.period
    );
    Verdict::Proved((), vec![line])
}
