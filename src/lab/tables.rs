//! The lab's tables: the values of a [`Heap`] game's states `0..len` ([`Table`]), Grundy
//! values or win/lose in normal or misère play ([`Values`]). A broken law of the rules (a
//! move that does not go down, a sum in misère play, a family declared that lists other
//! moves) is a [`RuleError`] naming the state, never a panic. A table read from elsewhere
//! comes in by [`Table::read`].
//! From the library: `game::mex`.
//! Layer 1: uses `rules`.

use crate::rules::{family_moves, normal_form, Family, Heap, Moves, TakeBreak};
use combgames::game::mex;
use std::fmt;

/// What a table's values are.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Values {
    /// Grundy values in normal play (who cannot move loses).
    Grundy,
    /// Normal play: 1 when the player to move wins, 0 when they lose.
    WinLose,
    /// Misère play (who cannot move wins): 1 when the player to move wins, 0 when they
    /// lose. Only for games whose every move goes to a single state: a misère sum's outcome
    /// is not a function of its parts' outcomes (`misere_report::explore` reports games whose
    /// moves go to sums, by their misère quotient).
    Misere,
}

/// A rule that breaks a law of [`Heap`] or [`Plane`]: the state, and what is wrong.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RuleError {
    /// The state whose moves break the law, as `heap 7` or `(3, 4)`.
    pub state: String,
    /// What is wrong.
    pub why: String,
}

impl fmt::Display for RuleError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.state, self.why)
    }
}

impl std::error::Error for RuleError {}

/// The values of a game's states `0..len`.
#[derive(Clone, Debug)]
pub struct Table {
    values: Vec<u32>,
    kind: Option<Values>,
    family: Family,
    first: u64,
}

impl Table {
    /// The values of `game`'s states `0..len`, smallest first (a state below
    /// [`Heap::first`] has no move).
    ///
    /// # Complexity
    /// O(len + moves listed) plus the rules' work; a declared family's moves are listed
    /// too, to check them.
    ///
    /// # Errors
    /// A [`RuleError`] naming the first state whose moves break a law of [`Heap`], or a sum
    /// in misère play, or a family whose declaration is malformed.
    ///
    /// ```
    /// use lab::rules::Moves;
    /// use lab::tables::{Table, Values};
    /// // Take 1 or 2: the values are n mod 3.
    /// let take = |n: u64, to: &mut Moves| (1..=n.min(2)).for_each(|s| to.heap(n - s));
    /// let table = Table::heaps(&take, 7, Values::Grundy).unwrap();
    /// assert_eq!(table.values(), [0, 1, 2, 0, 1, 2, 0]);
    /// let misere = Table::heaps(&take, 4, Values::Misere).unwrap();
    /// assert_eq!(misere.values(), [1, 0, 1, 1]); // who takes the last one loses
    /// let up = |n: u64, to: &mut Moves| to.heap(n + 1);
    /// let err = Table::heaps(&up, 3, Values::Grundy).unwrap_err();
    /// assert_eq!(err.to_string(), "heap 0: a move to heap 1, which is not smaller");
    /// ```
    pub fn heaps<G: Heap + ?Sized>(game: &G, len: usize, kind: Values) -> Result<Table, RuleError> {
        let (family, first) = (game.family(), game.first());
        let mut declared = Declared::new(&family, len)?;
        let (mut values, mut to, mut options) = (Vec::with_capacity(len), Moves::default(), vec![]);
        for n in 0..len {
            let at = |why: String| RuleError {
                state: format!("heap {}", n),
                why,
            };
            to.clear();
            if n as u64 >= first {
                game.moves(n as u64, &mut to);
                declared.check(n as u64, &to).map_err(at)?;
            }
            let value = |m: u64, what: &str| match values.get(m as usize) {
                Some(&v) if m < n as u64 => Ok(v),
                _ => Err(at(format!(
                    "a move to {} {}, which is not smaller",
                    what, m
                ))),
            };
            options.clear();
            for &m in to.singles() {
                options.push(value(m, "heap")?);
            }
            if kind == Values::Misere {
                if to.sums().next().is_some() {
                    let why = "a move to a sum of heaps, but misère play needs every move to \
                               go to a single state (a misère sum's outcome is not its parts'): \
                               lab::misere_report::explore reports it by its misère quotient";
                    return Err(at(why.to_string()));
                }
                values.push(u32::from(options.is_empty() || options.contains(&0)));
                continue;
            }
            for parts in to.sums() {
                let mut sum = 0;
                for &p in parts {
                    sum ^= value(p, "a sum with heap")?;
                }
                options.push(sum);
            }
            values.push(mex(options.iter().copied()));
        }
        if kind == Values::WinLose {
            values.iter_mut().for_each(|v| *v = u32::from(*v != 0));
        }
        Ok(Table {
            values,
            kind: Some(kind),
            family,
            first,
        })
    }

    /// A table of values from elsewhere (a file, another program): `values[n]` is the value
    /// of state `n`; nothing is known of its rules.
    ///
    /// # Complexity
    /// O(1).
    pub fn read(values: Vec<u32>) -> Table {
        Table {
            values,
            kind: None,
            family: Family::Unknown,
            first: 0,
        }
    }

    /// The values, state 0 first.
    ///
    /// # Complexity
    /// O(1).
    pub fn values(&self) -> &[u32] {
        &self.values
    }

    /// What the values are; `None` for a table read from elsewhere.
    ///
    /// # Complexity
    /// O(1).
    pub fn kind(&self) -> Option<Values> {
        self.kind
    }

    /// The first state that is a position of the game ([`Heap::first`]; 0 for a table
    /// read): the states below it are no positions.
    ///
    /// # Complexity
    /// O(1).
    pub fn first(&self) -> u64 {
        self.first
    }

    /// The family the game declared, checked on every state of the table.
    ///
    /// # Complexity
    /// O(1).
    pub fn family(&self) -> &Family {
        &self.family
    }
}

/// A declared family, ready to check the rules' moves against: its move set below the
/// table's length or its take-and-break game, and buffers for the moves in normal form.
struct Declared<'a> {
    family: &'a Family,
    moves: Vec<u64>,
    game: Option<TakeBreak>,
    family_moves: Moves,
    forms: [(Vec<u64>, Vec<Vec<u64>>); 2],
}

impl<'a> Declared<'a> {
    fn new(family: &'a Family, len: usize) -> Result<Declared<'a>, RuleError> {
        let malformed = |why: String| RuleError {
            state: "the declared family".to_string(),
            why,
        };
        let mut moves = Vec::new();
        let game = family.take_break().transpose().map_err(malformed)?;
        match family {
            Family::Unknown | Family::Octal(_) | Family::TakeBreak(_) => {}
            Family::Subtraction(set) => {
                moves = set.clone();
                moves.sort_unstable();
                moves.dedup();
                if moves.first().map_or(true, |&s| s == 0) {
                    return Err(malformed(format!("moves {:?}: not positive ones", set)));
                }
            }
            Family::Residues(set) => {
                if set.modulus == 0 || set.classes.iter().any(|&c| c >= set.modulus) {
                    let why = format!("classes {:?} modulo {}", set.classes, set.modulus);
                    return Err(malformed(why + ": each must be below a positive modulus"));
                }
                moves = (1..len as u64).filter(|&s| (set.is_move)(s)).collect();
            }
        }
        Ok(Declared {
            family,
            moves,
            game,
            family_moves: Moves::default(),
            forms: Default::default(),
        })
    }

    /// Checks that the rules' moves `to` from heap `n` are the family's.
    fn check(&mut self, n: u64, to: &Moves) -> Result<(), String> {
        if let Family::Unknown = self.family {
            return Ok(());
        }
        self.family_moves.clear();
        family_moves(
            self.family,
            n,
            &self.moves,
            self.game.as_ref(),
            &mut self.family_moves,
        );
        let [(rs, rp), (fs, fp)] = &mut self.forms;
        normal_form(to, rs, rp);
        normal_form(&self.family_moves, fs, fp);
        if rs == fs && rp == fp {
            return Ok(());
        }
        Err(format!(
            "the rules give {}, but the declared family ({:?}) gives {}",
            shown(rs, rp),
            self.family,
            shown(fs, fp)
        ))
    }
}

/// Moves in normal form as an error shows them: `heaps [3, 2], sums [1+1]`, shortened.
fn shown(singles: &[u64], sums: &[Vec<u64>]) -> String {
    let few = |mut items: Vec<String>| {
        if items.len() > 8 {
            items.truncate(8);
            items.push("...".into());
        }
        items.join(", ")
    };
    let heaps = few(singles.iter().rev().map(u64::to_string).collect());
    let sums = few(sums.iter().map(|s| format!("{:?}", s)).collect());
    format!("heaps [{}], sums [{}]", heaps, sums)
}
