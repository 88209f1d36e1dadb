//! The declarations the lab proposes for a heap game that declares no family, or one whose
//! theorem proves nothing ([`proposals`], shown by [`show`]): each family the lab knows is inferred from the
//! rules' moves, checked against them on a window of heaps, and tried with its theorem on
//! the table's values; each that proves a pattern there is proposed as the `fn family` to
//! paste into `rules.rs`, with what the statement must confirm: a table shows the moves of
//! its heaps only. The lab never declares it itself: the pattern stays "holds where
//! checked" until the game declares it, and the table then checks every heap again.
//!
//! The families tried, from the moves of heaps `0..N`:
//! - a finite subtraction set, if every move takes a count from one heap, the same counts
//!   from every heap that has them (checked on every heap), and no count is above `N / 2`
//!   (the upper half of the table shows no new one): the window;
//! - residue classes of those counts, if some count is above `N / 2`, modulo a multiple `q`
//!   of the period (up to 16 times, `q <= 240`), from the least count (at most `N / 8`)
//!   that leaves only classes with two counts among the larger half of the counts: the
//!   residue check;
//! - a take-and-break game (an octal code where it is one), from the counts taken and the
//!   heaps left by the moves of the heaps below `W = min(N, 1024)`, with every count from
//!   `c` on if every one is taken from `c <= W / 4` to the top of the window; checked
//!   against the rules' moves of the heaps below `min(N, 2048)`: Guy and Smith's
//!   certificate, or the arithmetic-periodicity test. Where the table is too short for the
//!   certificate, the proposal says how many heaps it needs.
//!
//! A proposal's first line: `proposal: Family::Residues would prove periodic: start 0,
//! period 12` (the family, then a finding's first line), with ` on 817 heaps or more`
//! where the table is too short; `no proposal: ...` where none is found for a pattern.
//! Layer 4: uses `rules`, `tables`, `periods`, `breaks`, `paste` and `proofs`.

use crate::breaks;
use crate::paste::{confirm, family_code, octal_code, uses};
use crate::periods::{find_arithmetic, find_period, Period};
use crate::proofs::{heap_period, residue_check, Verdict};
use crate::rules::{normal_form, Family, Heap, Moves, Parts, Residues, TakeBreak};
use crate::tables::{Table, Values};
use std::fmt::Write;

/// The heaps whose moves a take-and-break game proposed is checked against (the table's, if
/// fewer); a declared game's table checks them all.
const WINDOW: usize = 2048;

/// A declaration the lab proposes, and what it would prove.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Proposal {
    /// The family's variant, as `Family::Residues`.
    pub family: String,
    /// The first line of the finding it would prove, as `periodic: start 0, period 12`.
    pub proves: String,
    /// The heaps the certificate reads, where the table holds fewer.
    pub needs: Option<usize>,
    /// What the statement must confirm, the table showing the moves of its heaps only.
    pub confirm: String,
    /// What the lab checked.
    pub checked: String,
    /// The certificate the theorem would give, or what it needs.
    pub then: Vec<String>,
    /// The `use` line the code needs.
    pub uses: String,
    /// The `fn family` to paste in `impl Heap`, indented as there.
    pub code: Vec<String>,
}

/// Every declaration that would prove a pattern of `table`, the values of `game`'s heaps,
/// whatever family `game` declares (`report::explore` asks when it declares none, or one
/// whose theorem proves nothing found).
///
/// # Complexity
/// O(N x moves) to infer the families, then a table of `game` for each one tried (a few).
pub fn proposals<G: Heap + ?Sized>(game: &G, table: &Table) -> Vec<Proposal> {
    if table.kind().is_none() {
        return Vec::new();
    }
    let counts = subtraction_counts(game, table.values().len());
    let mut found = Vec::new();
    if let Some(counts) = &counts {
        found.extend(finite(game, table, counts));
        found.extend(residues(table, counts));
    }
    let plain_subtraction = |tb: &TakeBreak| {
        counts.is_some() && tb.from.is_none() && tb.takes.iter().all(|&(_, b)| b & 4 == 0)
    };
    if let Some(tb) = take_break(game, table.values().len()).filter(|tb| !plain_subtraction(tb)) {
        found.extend(take_break_proposals(game, table, tb));
    }
    found
}

/// The counts of a game whose every move takes a count from one heap, the same counts from
/// every heap that has them, if it is one: ascending.
fn subtraction_counts<G: Heap + ?Sized>(game: &G, len: usize) -> Option<Vec<usize>> {
    let (mut is_count, mut counts) = (vec![false; len], Vec::new());
    let mut to = Moves::default();
    for n in 0..len {
        to.clear();
        game.moves(n as u64, &mut to);
        let heaps: Option<Vec<usize>> = (to.sums())
            .map(|parts| match parts.iter().filter(|&&p| p != 0).count() {
                0 => Some(0),
                1 => parts.iter().copied().find(|&p| p != 0).map(|p| p as usize),
                _ => None,
            })
            .chain(to.singles().iter().map(|&m| Some(m as usize)))
            .collect();
        let mut taken: Vec<usize> = heaps?.iter().map(|&m| n - m.min(n)).collect();
        taken.sort_unstable();
        taken.dedup();
        // Heap n has every count so far, and n itself if it is new.
        let new = taken.last() == Some(&n) && !is_count[n];
        if taken.len() != counts.len() + usize::from(new) || taken.contains(&0) {
            return None;
        }
        if new {
            is_count[n] = true;
            counts.push(n);
        }
        if taken.iter().any(|&k| !is_count[k]) {
            return None;
        }
    }
    Some(counts)
}

/// The finite subtraction set `counts`, if no count is above half the table and the window
/// proves a period.
fn finite<G: Heap + ?Sized>(game: &G, table: &Table, counts: &[usize]) -> Option<Proposal> {
    let len = table.values().len();
    let &last = counts.last()?;
    if 2 * last > len {
        return None;
    }
    let set: Vec<u64> = counts.iter().map(|&k| k as u64).collect();
    let family = Family::Subtraction(set);
    let redeclared = Redeclared {
        game,
        family: family.clone(),
    };
    let declared = Table::heaps(&redeclared, len, table.kind()?).ok()?;
    let (period, lines) = match heap_period(&declared, find_period(table.values())) {
        Verdict::Proved(p, lines) if p.start + p.period <= len => (p, lines),
        _ => return None,
    };
    Some(Proposal {
        family: "Family::Subtraction".into(),
        proves: periodic(period),
        needs: None,
        confirm: confirm(&family),
        checked: format!(
            "the rules' moves of every heap n < {} are the family's",
            len
        ),
        then: lines,
        uses: uses(&family).into(),
        code: family_code(&family),
    })
}

/// Residue classes of `counts` modulo a multiple of the period that the residue check
/// proves, the least modulus first, from the least count it can.
fn residues(table: &Table, counts: &[usize]) -> Option<Proposal> {
    let (values, len) = (table.values(), table.values().len());
    let found = find_period(values).filter(|_| table.kind() == Some(Values::Grundy))?;
    // A finite set (every count in the lower half of the table) is the window's.
    if 2 * counts.last()? <= len {
        return None;
    }
    // Counts as large as one likes, as far as a table shows: two among the larger half.
    let larger = &counts[counts.len() / 2..];
    let late = |class: usize, q: usize| larger.iter().filter(|&&k| k % q == class).count() >= 2;
    let moduli = (1..=16).map(|m| m * found.period).take_while(|&q| q <= 240);
    for q in moduli {
        for (i, &from) in counts
            .iter()
            .enumerate()
            .take_while(|&(_, &k)| 8 * k <= len)
        {
            let mut classes: Vec<usize> = counts[i..].iter().map(|&k| k % q).collect();
            classes.sort_unstable();
            classes.dedup();
            if !classes.iter().all(|&c| late(c, q)) {
                continue;
            }
            let set = Residues {
                is_move: |_| false,
                from: from as u64,
                modulus: q as u64,
                classes: classes.iter().map(|&c| c as u64).collect(),
            };
            if let Verdict::Proved(period, lines) = residue_check(values, found, &set, counts) {
                return Some(residue_proposal(period, lines, set, len));
            }
        }
    }
    None
}

/// The proposal of the residue classes `set`, which prove `period`.
fn residue_proposal(period: Period, lines: Vec<String>, set: Residues, len: usize) -> Proposal {
    let family = Family::Residues(set);
    Proposal {
        family: "Family::Residues".into(),
        proves: periodic(period),
        needs: None,
        confirm: confirm(&family),
        checked: format!(
            "the rules' moves of every heap n < {} take the same counts from every heap",
            len
        ),
        then: lines,
        uses: uses(&family).into(),
        code: family_code(&family),
    }
}

/// The take-and-break game the moves of the heaps below `min(len, 1024)` show, if they
/// show one: counts and what each leaves, a tail of counts, the parts' condition.
fn take_break<G: Heap + ?Sized>(game: &G, len: usize) -> Option<TakeBreak> {
    let window = len.min(1024);
    let mut bits = vec![0u8; window];
    let (mut least, mut equal) = (u64::MAX, false);
    let (mut to, mut singles, mut sums) = (Moves::default(), Vec::new(), Vec::new());
    for n in 0..window as u64 {
        to.clear();
        game.moves(n, &mut to);
        normal_form(&to, &mut singles, &mut sums);
        for &m in &singles {
            let k = n.checked_sub(m).filter(|&k| k > 0)?;
            bits[k as usize] |= if m == 0 { 1 } else { 2 };
        }
        for parts in &sums {
            let (a, b) = match parts[..] {
                [a, b] if a + b <= n => (a, b),
                _ => return None,
            };
            bits[(n - a - b) as usize] |= 4;
            least = least.min(a);
            equal |= a == b;
        }
    }
    let parts = match least {
        u64::MAX => Parts::ANY,
        least => Parts {
            least,
            unequal: !equal,
        },
    };
    // Every count from c on with bit b, up to the largest count that can have it.
    let top = |b: u8| match b {
        1 => window - 1,
        2 => window - 2,
        _ => (window - 1).saturating_sub(2 * parts.least as usize),
    };
    let tail_from = |b: u8| {
        let run = (1..=top(b))
            .rev()
            .take_while(|&k| bits[k] & b != 0)
            .last()?;
        Some(run).filter(|&c| 4 * c <= window && top(b) >= 8)
    };
    let tails: Vec<(u8, usize)> = [1, 2, 4]
        .iter()
        .filter_map(|&b| tail_from(b).map(|c| (b, c)))
        .collect();
    let from = tails.iter().map(|&(_, c)| c).max();
    let tail_bits = tails.iter().fold(0, |d, &(b, _)| d | b);
    let takes: Vec<(u64, u8)> = (0..window)
        .map(|k| match from {
            Some(c) if k >= c => (k as u64, bits[k] & !tail_bits),
            _ => (k as u64, bits[k]),
        })
        .filter(|&(_, b)| b != 0)
        .collect();
    let largest = takes.iter().map(|&(k, _)| k as usize).max().unwrap_or(0);
    if 2 * largest > window || takes.is_empty() && from.is_none() {
        return None;
    }
    let game = TakeBreak {
        takes,
        from: from.map(|c| (c as u64, tail_bits)),
        parts,
    };
    Some(game).filter(|g| g.malformed().is_none())
}

/// The proposals of the take-and-break game `tb`, if it lists the rules' moves on every
/// heap of the table and proves a period or an arithmetic period of its values.
fn take_break_proposals<G: Heap + ?Sized>(game: &G, table: &Table, tb: TakeBreak) -> Vec<Proposal> {
    let values = table.values();
    let len = values.len();
    let octal = octal_code(&tb);
    let family = match &octal {
        Some(code) => Family::Octal(code.clone()),
        None => Family::TakeBreak(tb.clone()),
    };
    let kind = match table.kind() {
        Some(Values::Grundy) => Values::Grundy,
        _ => return Vec::new(),
    };
    let redeclared = Redeclared {
        game,
        family: family.clone(),
    };
    // The window: a splitting game's table costs O(N^2), and its check twice that.
    let window = len.min(WINDOW);
    if Table::heaps(&redeclared, window, kind).is_err() {
        return Vec::new();
    }
    let mut proven = Vec::new();
    match breaks::within(values, &tb) {
        Some((p, line)) => proven.push((periodic(p), None, vec![line])),
        None => {
            if let Some((p, needs)) = breaks::past(len, &tb).filter(|&(_, n)| n > len) {
                let line = format!(
                    "Guy-Smith: its certificate reads the values of {} heaps, more than the \
                     table's {}: explore {} heaps or more with the family declared",
                    needs, len, needs
                );
                proven.push((periodic(p), Some(needs), vec![line]));
            }
        }
    }
    if let Some(a) = find_arithmetic(values) {
        if let Ok((a, line)) = breaks::arithmetic(values, &tb, a) {
            let head = format!(
                "arithmetic-periodic: start {}, period {}, saltus {}",
                a.start, a.period, a.saltus
            );
            proven.push((head, None, vec![line]));
        }
    }
    let name = match octal {
        Some(_) => "Family::Octal",
        None => "Family::TakeBreak",
    };
    let (code, uses, confirm) = (family_code(&family), uses(&family), confirm(&family));
    let checked = format!(
        "the rules' moves of every heap n < {} are the family's",
        window
    );
    proven
        .into_iter()
        .map(|(proves, needs, then)| Proposal {
            family: name.into(),
            proves,
            needs,
            confirm: confirm.clone(),
            checked: checked.clone(),
            then,
            uses: uses.into(),
            code: code.clone(),
        })
        .collect()
}

/// A finding's first line for `period`.
fn periodic(Period { start, period }: Period) -> String {
    format!("periodic: start {}, period {}", start, period)
}

/// The text of `proposals`, after a report's findings; if there is none and `open` (a
/// pattern found is not proved), what is left.
///
/// # Complexity
/// O(text).
pub fn show(proposals: &[Proposal], open: bool) -> String {
    let mut text = String::new();
    if proposals.is_empty() && open {
        text.push_str(
            "no proposal: no family the lab knows (a finite subtraction set, residue classes \
             of the counts, a take-and-break game) lists these rules' moves and proves the \
             pattern on this table; what is left is a proof on paper, by induction over the \
             rules\n",
        );
    }
    for p in proposals {
        let on = p
            .needs
            .map_or(String::new(), |n| format!(" on {} heaps or more", n));
        let _ = writeln!(
            text,
            "proposal: {} would prove {}{}",
            p.family, p.proves, on
        );
        let _ = writeln!(text, "  if the statement says: {}", p.confirm);
        let _ = writeln!(text, "  checked: {}", p.checked);
        p.then.iter().for_each(|l| {
            let _ = writeln!(text, "  then proved: {}", l);
        });
        let _ = writeln!(text, "  paste into rules.rs, in impl Heap ({}):", p.uses);
        p.code.iter().for_each(|l| {
            let _ = writeln!(text, "  {}", l);
        });
    }
    text
}

/// `game` declaring `family`, for the table to check it against the rules.
struct Redeclared<'a, G: ?Sized> {
    game: &'a G,
    family: Family,
}

impl<G: Heap + ?Sized> Heap for Redeclared<'_, G> {
    fn moves(&self, n: u64, to: &mut Moves) {
        self.game.moves(n, to)
    }

    fn family(&self) -> Family {
        self.family.clone()
    }
}
