//! The lab's rules, written once: a game as the moves of a numbered state, for the problem's
//! brute-force tests and the lab's reports alike. [`Heap`]: one number `n` (a heap, or any
//! state numbered so that moves go down: a tuple in mixed radix, a bitmask of the empty
//! cells), whose moves go to smaller heaps or to sums of them. [`Plane`]: two numbers
//! `(x, y)` whose moves lower `x + y`. A game may declare its [`Family`] (or
//! [`PlaneFamily`]), what a theorem needs to prove its pattern; `tables` checks the
//! declaration against the moves of every state it computes.
//! Layer 0: uses no other module.

/// A game on numbered states: `moves(n, to)` lists every move from state `n`.
///
/// The laws an implementation keeps (the tables check the first two, an error naming the
/// state when broken):
/// - every move goes down: [`Moves::heap`]`(m)` has `m < n`, and each part of a
///   [`Moves::sum`] is below `n` (parts of 0 are empty heaps);
/// - a declared [`Family`] lists the same moves as `moves` on every state;
/// - `moves(n, to)` depends on `n` only: not on the table's length, nor on earlier calls.
///
/// A closure `|n: u64, to: &mut Moves| ...` is a `Heap` too (declaring no family).
///
/// ```
/// use lab::rules::{Heap, Moves};
/// // Kayles: knock down one pin or two adjacent ones, leaving two rows.
/// struct Kayles;
/// impl Heap for Kayles {
///     fn moves(&self, n: u64, to: &mut Moves) {
///         for take in 1..=n.min(2) {
///             (0..=(n - take) / 2).for_each(|left| to.sum(&[left, n - take - left]));
///         }
///     }
/// }
/// let mut to = Moves::default();
/// Kayles.moves(3, &mut to);
/// assert_eq!(to.sums().collect::<Vec<_>>(), [&[0, 2][..], &[1, 1], &[0, 1]]);
/// ```
pub trait Heap {
    /// Lists every move from state `n` into `to`, which is empty when called.
    fn moves(&self, n: u64, to: &mut Moves);

    /// The game's family, if a theorem knows it: [`Family::Unknown`] unless declared.
    fn family(&self) -> Family {
        Family::Unknown
    }

    /// The first state that is a position of the game: 0 unless the states are numbered
    /// from 1 (a heap of 0 is no heap, coins are numbered from 1), then 1. A table never
    /// asks the rules for the moves of a state below it (it has none), and a report shows
    /// such a state as `-` and claims nothing of it.
    fn first(&self) -> u64 {
        0
    }
}

impl<F: Fn(u64, &mut Moves)> Heap for F {
    fn moves(&self, n: u64, to: &mut Moves) {
        self(n, to)
    }
}

/// The moves from one state of a [`Heap`] game, as [`Heap::moves`] lists them.
#[derive(Clone, Debug, Default)]
pub struct Moves {
    singles: Vec<u64>,
    parts: Vec<u64>,
    /// The end of each sum's parts in `parts`.
    ends: Vec<usize>,
}

impl Moves {
    /// A move to the single state `m`.
    ///
    /// # Complexity
    /// O(1) amortised.
    pub fn heap(&mut self, m: u64) {
        self.singles.push(m);
    }

    /// A move to the sum of the states `parts`, worth the XOR of their values (a sum of no
    /// part is worth 0).
    ///
    /// # Complexity
    /// O(parts) amortised.
    pub fn sum(&mut self, parts: &[u64]) {
        self.parts.extend_from_slice(parts);
        self.ends.push(self.parts.len());
    }

    /// The single states listed, in order.
    ///
    /// # Complexity
    /// O(1).
    pub fn singles(&self) -> &[u64] {
        &self.singles
    }

    /// The sums listed, in order, each as its parts.
    ///
    /// # Complexity
    /// O(1), then O(1) a sum.
    pub fn sums(&self) -> impl Iterator<Item = &[u64]> + '_ {
        let starts = std::iter::once(0).chain(self.ends.iter().copied());
        starts.zip(&self.ends).map(move |(s, &e)| &self.parts[s..e])
    }

    /// Forgets every move listed.
    ///
    /// # Complexity
    /// O(1).
    pub fn clear(&mut self) {
        self.singles.clear();
        self.parts.clear();
        self.ends.clear();
    }

    /// Whether no move is listed.
    ///
    /// # Complexity
    /// O(1).
    pub fn is_empty(&self) -> bool {
        self.singles.is_empty() && self.ends.is_empty()
    }
}

/// A game on pairs `(x, y)`: `moves(x, y, to)` lists every move from `(x, y)`.
///
/// The laws, as for [`Heap`]: every move lowers `x + y` (so a move may raise one
/// coordinate, as a knight's toward the corner); a declared [`PlaneFamily`] lists the same
/// moves on every cell; the moves depend on `(x, y)` only. A closure
/// `|x: u64, y: u64, to: &mut PlaneMoves| ...` is a `Plane` too.
pub trait Plane {
    /// Lists every move from `(x, y)` into `to`, which is empty when called.
    fn moves(&self, x: u64, y: u64, to: &mut PlaneMoves);

    /// The game's family, if a theorem knows it: [`PlaneFamily::Unknown`] unless declared.
    fn family(&self) -> PlaneFamily {
        PlaneFamily::Unknown
    }
}

impl<F: Fn(u64, u64, &mut PlaneMoves)> Plane for F {
    fn moves(&self, x: u64, y: u64, to: &mut PlaneMoves) {
        self(x, y, to)
    }
}

/// The moves from one cell of a [`Plane`] game, as [`Plane::moves`] lists them.
#[derive(Clone, Debug, Default)]
pub struct PlaneMoves {
    cells: Vec<(u64, u64)>,
}

impl PlaneMoves {
    /// A move to the cell `(x, y)`.
    ///
    /// # Complexity
    /// O(1) amortised.
    pub fn cell(&mut self, x: u64, y: u64) {
        self.cells.push((x, y));
    }

    /// The cells listed, in order.
    ///
    /// # Complexity
    /// O(1).
    pub fn cells(&self) -> &[(u64, u64)] {
        &self.cells
    }

    /// Forgets every move listed.
    ///
    /// # Complexity
    /// O(1).
    pub fn clear(&mut self) {
        self.cells.clear();
    }
}

/// What a [`Heap`] game is, for a theorem that proves its pattern: declared by
/// [`Heap::family`], checked against the moves on every state of a table, and taken on the
/// declarer's word past it.
#[derive(Clone, Debug)]
pub enum Family {
    /// Nothing declared.
    Unknown,
    /// A subtraction game: a move takes `s` from the heap, `s` from this finite set of
    /// positive numbers (to a single heap).
    Subtraction(Vec<u64>),
    /// A subtraction game whose move set is infinite, periodic modulo some number.
    Residues(Residues),
    /// An octal game of this code, `0.d1d2...` (see `octal::OctalGame`): a move takes `k`
    /// from a heap, leaving nothing, one heap or two, as digit `d_k` allows. A spelling of
    /// the [`TakeBreak`] game [`TakeBreak::octal`] makes of it.
    Octal(String),
    /// A take-and-break game: a move takes one of some counts from a heap, then leaves
    /// nothing, one heap, or two whose parts meet a condition.
    TakeBreak(TakeBreak),
}

/// A take-and-break game, declared by [`Family::TakeBreak`]: a move takes `k` tokens from
/// a heap, for a `k` that `takes` lists (or any `k` from `from.0` on), then leaves what
/// that count's bits allow, as an octal digit's: 1, nothing (`k` was the whole heap); 2,
/// one heap (`k` was not); 4, two heaps whose parts meet `parts`. Kayles is
/// `takes: vec![(1, 7), (2, 7)]`; a count of 0 splits without taking (bits 4 only).
///
/// ```
/// use lab::rules::{Moves, Parts, TakeBreak};
/// // Take 3 as a whole heap, or take 3 and split the rest into two unequal heaps.
/// let game = TakeBreak { takes: vec![(3, 5)], from: None, parts: Parts::UNEQUAL };
/// let mut to = Moves::default();
/// game.moves(9, &mut to);
/// assert_eq!(to.sums().collect::<Vec<_>>(), [&[1, 5][..], &[2, 4]]);
/// assert_eq!(TakeBreak::octal("0.005").unwrap().takes, game.takes);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TakeBreak {
    /// Each count a move may take, with its bits (1 nothing left, 2 one heap, 4 two).
    pub takes: Vec<(u64, u8)>,
    /// `Some((c, bits))`: every count from `c` on may be taken too, leaving what `bits`
    /// allow (a game of unbounded counts, as Nim's).
    pub from: Option<(u64, u8)>,
    /// What the two parts of a split must be.
    pub parts: Parts,
}

/// The condition on the two parts a split leaves ([`TakeBreak::parts`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Parts {
    /// The least size of each part, at least 1.
    pub least: u64,
    /// Whether the two parts must differ.
    pub unequal: bool,
}

impl Parts {
    /// Any two non-empty parts, as an octal game's.
    pub const ANY: Parts = Parts {
        least: 1,
        unequal: false,
    };
    /// Two non-empty parts of different sizes, as in Grundy's game.
    pub const UNEQUAL: Parts = Parts {
        least: 1,
        unequal: true,
    };
}

impl TakeBreak {
    /// The take-and-break game of the octal code `code` (`0.d1d2...` or `.d1d2...`): count
    /// `k` with digit `d_k`, parts any, for every digit not 0.
    ///
    /// # Complexity
    /// O(digits).
    ///
    /// # Errors
    /// Why `code` is no octal code.
    pub fn octal(code: &str) -> Result<TakeBreak, String> {
        let digits = octal_digits(code)?;
        let takes = (1..).zip(digits).filter(|&(_, d)| d != 0).collect();
        Ok(TakeBreak {
            takes,
            from: None,
            parts: Parts::ANY,
        })
    }

    /// Lists every move from a heap of `n` into `to`: single heaps (0 for nothing left) and
    /// splits, the smaller part first.
    ///
    /// # Complexity
    /// O(moves listed + counts); O(n) counts with `from`.
    pub fn moves(&self, n: u64, to: &mut Moves) {
        let tail = (self.from.into_iter()).flat_map(|(c, bits)| (c..=n).map(move |k| (k, bits)));
        for (k, bits) in self.takes.iter().copied().chain(tail) {
            if k > n {
                continue;
            }
            let rest = n - k;
            if k > 0 && (bits & 1 != 0 && rest == 0 || bits & 2 != 0 && rest > 0) {
                to.heap(rest);
            }
            if bits & 4 != 0 {
                let Parts { least, unequal } = self.parts;
                (least..=rest / 2)
                    .filter(|&a| !unequal || 2 * a != rest)
                    .for_each(|a| to.sum(&[a, rest - a]));
            }
        }
    }

    /// Why the declaration is malformed, if it is: a bit above 7, a count of 0 that does
    /// more than split, a tail from 0, or parts of least size 0.
    pub(crate) fn malformed(&self) -> Option<String> {
        let tail = self.from.iter().copied();
        let bad = |&(k, bits): &(u64, u8)| bits == 0 || bits > 7 || k == 0 && bits != 4;
        let wrong = self.takes.iter().copied().chain(tail).find(|t| bad(t));
        let why = wrong.map(|(k, bits)| format!("count {} with bits {}", k, bits));
        let tail_zero = (self.from.map(|(c, _)| c) == Some(0)).then(|| "a tail from 0".into());
        let parts = (self.parts.least == 0).then(|| "parts of least size 0".to_string());
        tail_zero.or(why).or(parts)
    }

    /// The largest count, if the counts are bounded (no `from`).
    pub(crate) fn largest(&self) -> Option<u64> {
        match self.from {
            Some(_) => None,
            None => Some(self.takes.iter().map(|&(k, _)| k).max().unwrap_or(0)),
        }
    }
}

impl Family {
    /// The take-and-break game a [`Family::TakeBreak`] or [`Family::Octal`] declares, or
    /// why it is malformed; `None` for the other families.
    ///
    /// # Complexity
    /// O(counts).
    pub fn take_break(&self) -> Option<Result<TakeBreak, String>> {
        let game = match self {
            Family::Octal(code) => TakeBreak::octal(code),
            Family::TakeBreak(game) => Ok(game.clone()),
            _ => return None,
        };
        Some(game.and_then(|g| match g.malformed() {
            Some(why) => Err(format!("take-and-break game: {}", why)),
            None => Ok(g),
        }))
    }
}

/// Whether a move of `game` takes a whole heap of `s` (goes from state `s` to 0): in a
/// subtraction game, whether taking `s` is a move, for [`Residues::is_move`] to ask the
/// rules themselves: `is_move: |s| takes_all(&Self, s)`.
///
/// # Complexity
/// That of `game.moves(s)`.
pub fn takes_all<G: Heap + ?Sized>(game: &G, s: u64) -> bool {
    let mut to = Moves::default();
    game.moves(s, &mut to);
    to.singles().contains(&0) || to.sums().any(|p| p.iter().all(|&x| x == 0))
}

/// An infinite move set of a subtraction game, declared for the residue check: `s` is a
/// move when `is_move(s)`; every move from `from` on is congruent modulo `modulus` to one
/// of `classes`, and each of `classes` to infinitely many moves. (Powers of two from 4 on
/// are 4 or 8 modulo 12.) The lab checks the classes of the moves below a table's length;
/// the rest is the declarer's word.
#[derive(Clone, Debug)]
pub struct Residues {
    /// Whether taking `s` is a move.
    pub is_move: fn(u64) -> bool,
    /// The first move the classes speak of.
    pub from: u64,
    /// The modulus of the classes.
    pub modulus: u64,
    /// The classes, each below `modulus`.
    pub classes: Vec<u64>,
}

/// What a [`Plane`] game is, for a theorem: declared by [`Plane::family`], checked on
/// every cell of a table.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PlaneFamily {
    /// Nothing declared.
    Unknown,
    /// Fixed steps: a move goes from `(x, y)` to `(x + dx, y + dy)` for each `(dx, dy)`
    /// listed whose cell has both coordinates at least 0; each step lowers `x + y`.
    Steps(Vec<(i64, i64)>),
    /// Fraenkel's `a`-Wythoff game on two piles `(x, y)`, `a >= 1`: a move takes any number
    /// from one pile, or `k >= 1` from one and `l >= 1` from the other with `|k - l| < a`.
    /// `Wythoff(1)` is Wythoff's game (the same number from both).
    Wythoff(u64),
}

/// The cells the declared `family` gives `(x, y)`, into `to` (cleared first); nothing for
/// [`PlaneFamily::Unknown`].
pub(crate) fn plane_family_moves(family: &PlaneFamily, x: u64, y: u64, to: &mut Vec<(u64, u64)>) {
    to.clear();
    match family {
        PlaneFamily::Unknown => {}
        PlaneFamily::Steps(steps) => {
            let (x, y) = (x as i64, y as i64);
            let cells = steps.iter().map(|&(dx, dy)| (x + dx, y + dy));
            let inside = cells.filter(|&(a, b)| a >= 0 && b >= 0);
            to.extend(inside.map(|(a, b)| (a as u64, b as u64)));
        }
        &PlaneFamily::Wythoff(a) => {
            to.extend((0..x).map(|left| (left, y)));
            to.extend((0..y).map(|left| (x, left)));
            for k in 1..=x {
                let l = k.saturating_sub(a - 1).max(1)..=(k + a - 1).min(y);
                to.extend(l.map(|l| (x - k, y - l)));
            }
        }
    }
}

/// The moves family `family` gives heap `n`, into `to`; `moves` is the move set of a
/// [`Family::Residues`] below the table's length, and `game` the take-and-break game of a
/// [`Family::Octal`] or [`Family::TakeBreak`].
pub(crate) fn family_moves(
    family: &Family,
    n: u64,
    moves: &[u64],
    game: Option<&TakeBreak>,
    to: &mut Moves,
) {
    match (family, game) {
        (Family::Subtraction(_) | Family::Residues(_), _) => {
            moves
                .iter()
                .filter(|&&s| s <= n)
                .for_each(|&s| to.heap(n - s));
        }
        (_, Some(game)) => game.moves(n, to),
        _ => {}
    }
}

/// The digits of the octal code `code` (`0.d1d2...` or `.d1d2...`), or why it is none.
pub(crate) fn octal_digits(code: &str) -> Result<Vec<u8>, String> {
    let after = code.strip_prefix("0.").or_else(|| code.strip_prefix('.'));
    let bad = || format!("octal code {:?} is not 0. then digits 0 to 7", code);
    let digits = after.filter(|d| !d.is_empty()).ok_or_else(bad)?;
    let digits: Option<Vec<u8>> = (digits.bytes())
        .map(|b| (b'0'..=b'7').contains(&b).then(|| b - b'0'))
        .collect();
    digits.ok_or_else(bad)
}

/// The moves of `to` in a form that lists each target once, whatever the order or the
/// split of the rules: single states, then sums of two or more nonzero parts, each sorted.
/// A part of 0 is an empty heap (terminal in every family), so a sum of one nonzero part
/// is that single state.
pub(crate) fn normal_form(to: &Moves, singles: &mut Vec<u64>, sums: &mut Vec<Vec<u64>>) {
    singles.clear();
    singles.extend_from_slice(&to.singles);
    // The sums' buffers of the last call are kept: a splitting game lists O(n) sums a heap.
    let mut count = 0;
    for parts in to.sums() {
        if count == sums.len() {
            sums.push(Vec::new());
        }
        let nonzero = &mut sums[count];
        nonzero.clear();
        nonzero.extend(parts.iter().copied().filter(|&p| p != 0));
        match nonzero.len() {
            0 => singles.push(0),
            1 => singles.push(nonzero[0]),
            _ => {
                nonzero.sort_unstable();
                count += 1;
            }
        }
    }
    sums.truncate(count);
    singles.sort_unstable();
    singles.dedup();
    sums.sort_unstable();
    sums.dedup();
}
