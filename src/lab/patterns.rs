//! The lab: every pattern of a table ([`find`]) or a grid ([`find_plane`]), each a
//! [`Finding`] with a stable first line, the range checked, what is known of it (proved by
//! a theorem of `proofs`, with its certificate, or holding only for the values tabulated)
//! and Rust code to paste; "none" when nothing is found, which then says to tabulate.
//!
//! The first lines, for a test to match: `periodic: start 71, period 12`,
//! `arithmetic-periodic: start 1, period 4, saltus 4`, `formula: g(n) = v2(n)`,
//! `p-positions: start 0, period 5, residues 0 2`,
//! `p-positions: ratio: p(k) = floor(k * sqrt(2))`, `p-positions: geometric: p(k) = 2^k - 1`,
//! `p-positions: formula: won(n) = 1 - odd_v2(n)`, `none up to 20000` (the number of
//! values); for a grid, `periodic: x start 28, period 5; y start 28, period 5` (`y none`
//! for no period in `y`), `xor: g(x, y) = f(x) ^ f(y)` (or `^ h(y)`),
//! `pairs: (a(n), a(n) + 2n), a(n) = mex`, and where the axes fail (`sectors`),
//! `diagonal: m start 0, period 3; d above start 0, period 1; d below start 2, period 2`
//! (`direction (2, 3): ...` along another direction, `d below none` for no period), and
//! `none up to 600 x 600`. After them, a report of a game's rules adds `proposal:
//! Family::Residues would prove periodic: start 0, period 12` (` on 817 heaps or more` where
//! its table is too short) or `no proposal: ...` (the module propose). A pattern not proved
//! says what is left (`not proved: ...`).
//! A formula's first line is `formula: ` then the formula (`claims`), binary or, when
//! nothing else is found, in any base (`formula: g(n) = lnz3(n) - 1`); a formula is never
//! proved, and its notes state the induction step left to prove. A P-position pattern notes
//! that it decides one heap, not a sum. States below the game's first (`Table::first`) are
//! no positions: no P-position and no exception is claimed of them.
//! Layer 4: uses `tables`, `grids`, `periods`, `formulas`, `claims`, `ratios`, `plane`, `sectors` and `proofs`.

use crate::claims::{formula_claim, geometric_claim, one_heap, p_formula_claim, Claim};
use crate::formulas::ISQRT_CODE;
use crate::grids::Grid;
use crate::periods::{find_arithmetic, find_classes, find_period, first_tail_period};
use crate::periods::{Period, EVIDENCE};
use crate::plane::{find_pairs, find_plane_period, find_xor};
use crate::proofs::{heap_arithmetic, heap_period, plane_period, Verdict};
use crate::ratios::find_ratio;
use crate::sectors::{find_sectors, Sectors};
use crate::tables::{Table, Values};

/// A pattern found, as a report shows it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Finding {
    /// Its first line, in a stable form (see the module doc).
    pub headline: String,
    /// Where it was checked.
    pub checked: String,
    /// The certificate's lines, if a theorem proves it; else it holds only where checked.
    pub proof: Option<Vec<String>>,
    /// More to know: definitions, other forms, why a declared theorem does not apply.
    pub notes: Vec<String>,
    /// Rust code to paste (lines), if any.
    pub code: Vec<String>,
    /// The period of a periodic or arithmetic-periodic table, by which a report lays it out.
    pub period: Option<Period>,
}

impl From<Claim> for Finding {
    fn from(claim: Claim) -> Finding {
        let mut finding = Finding::new(claim.headline, claim.checked);
        finding.notes = claim.notes;
        finding.code = claim.code;
        finding
    }
}

impl Finding {
    fn new(headline: String, checked: String) -> Finding {
        Finding {
            headline,
            checked,
            proof: None,
            notes: Vec::new(),
            code: Vec::new(),
            period: None,
        }
    }
}

/// Every pattern of `table`'s values, periodic first; "none up to N" alone if there is none.
///
/// # Complexity
/// O(N log N), N the number of values, plus the proof of a declared family.
///
/// ```
/// use lab::patterns::find;
/// use lab::tables::Table;
/// let table = Table::read((0..1000u32).map(|n| [0, 1, 1, 2][n as usize % 4]).collect());
/// let found = find(&table);
/// assert_eq!(found[0].headline, "periodic: start 0, period 4");
/// assert_eq!(found[0].code, ["|n: u64| [0u32, 1, 1, 2][(n % 4) as usize]"]);
/// ```
pub fn find(table: &Table) -> Vec<Finding> {
    let (values, first) = (table.values(), table.first() as usize);
    let len = values.len();
    let mut found = Vec::new();
    let claimed = find_period(values);
    let (period, proof, why) = match heap_period(table, claimed) {
        Verdict::Proved(p, lines) if p.start + p.period <= len => (Some(p), Some(lines), None),
        Verdict::Proved(p, _) => {
            let why = format!(
                "proved, but the table must reach {} to print it",
                p.start + p.period
            );
            (claimed, None, Some(why))
        }
        Verdict::NotProved(why) => (claimed, None, Some(format!("not proved: {}", why))),
        Verdict::Unknown => (claimed, None, claimed.map(|_| undeclared(table))),
    };
    // A proved period leaves no room for an irrational ratio; a claimed one gives way to it.
    let mut ratio = proof
        .as_ref()
        .map_or_else(|| ratio_finding(values, first), |_| None);
    let clash = "within the table, which P-positions of an irrational ratio cannot do for \
                 ever: one of the two breaks past the table; tabulate more";
    let mut unused_why = None;
    match (period, ratio.as_mut()) {
        (Some(p), Some(ratio)) => {
            let (start, period) = (p.start, p.period);
            let also = format!("the values also repeat with period {period} from {start}");
            ratio.notes.push(format!("{} {}", also, clash));
            unused_why = why;
        }
        (Some(p), None) => {
            let mut finding = periodic(values, p, &format!("n < {}", len));
            finding.proof = proof;
            finding.notes.extend(why);
            found.push(finding);
        }
        (None, _) => unused_why = why,
    }
    let periodic_found = !found.is_empty();
    if let Some(a) = find_arithmetic(values) {
        let (start, p, s) = (a.start, a.period, a.saltus);
        let head = format!(
            "arithmetic-periodic: start {}, period {}, saltus {}",
            start, p, s
        );
        let checked = format!(
            "n < {}: g(n + {}) = g(n) + {} for {} <= n < {}",
            len,
            p,
            s,
            start,
            len - p
        );
        let mut finding = Finding::new(head, checked);
        match heap_arithmetic(table, a) {
            Verdict::Proved(proved, lines) => {
                finding.proof = Some(lines);
                if proved != a {
                    let (p, s) = (proved.period, proved.saltus);
                    let same = format!("proved as period {}, saltus {}: the same values", p, s);
                    finding.notes.push(same);
                }
            }
            Verdict::NotProved(why) => finding.notes.push(format!("not proved: {}", why)),
            Verdict::Unknown => finding.notes.push(undeclared(table)),
        }
        finding.code.push(a.code(values));
        finding.period = Some(Period { start, period: p });
        found.push(finding);
    }
    let formula = formula_claim(table, found.is_empty()).map(Finding::from);
    let formula_found = formula.is_some();
    found.extend(formula);
    match (periodic_found, classes_finding(values, first), ratio) {
        (true, _, _) => {}
        (false, Some(classes), Some(mut ratio)) => {
            let also = format!(
                "the P-positions also follow residue classes ({})",
                classes.headline
            );
            ratio.notes.push(format!("{} {}", also, clash));
            found.push(ratio);
        }
        (false, None, None) => {
            // Who wins by a formula, where the values have none (0s and 1s would have one).
            let by_formula = || match formula_found || values.iter().all(|&v| v <= 1) {
                true => None,
                false => p_formula_claim(table),
            };
            let named = geometric_claim(values, first).or_else(by_formula);
            found.extend(named.map(Finding::from));
        }
        (false, classes, ratio) => found.extend(classes.into_iter().chain(ratio)),
    }
    for finding in &mut found {
        if finding.headline.starts_with("p-positions:") {
            finding.notes.push(one_heap(formula_found));
        }
    }
    if found.is_empty() {
        let mut none = Finding::new(format!("none up to {}", len), format!("n < {}", len));
        none.notes.push(format!(
            "no pattern among the {} values: tabulate (compute the values the solution needs), \
             or compute more values and look again",
            len
        ));
        if table.kind() != Some(Values::Misere) {
            none.notes.push(
                "who wins, when every move takes a size from a fixed set (a square, a prime): \
                 combgames::sieve::win_lose_by_sizes tabulates 10^7 states in about 0.2 s"
                    .into(),
            );
        }
        // A theorem that spoke (of the length its certificate needs) knows better than a
        // short tail.
        let theorem_spoke = unused_why.is_some();
        none.notes.extend(unused_why);
        let lost: Vec<usize> = (first..len).filter(|&n| values[n] == 0).collect();
        if let Some(&last) = lost
            .last()
            .filter(|&&last| lost.len() <= 64 && 2 * last < len)
        {
            none.notes.push(format!(
                "the P-positions are only {} (none from {} to {}): perhaps a finite set, if \
                 only who wins is asked (not proved)",
                list(&lost),
                last + 1,
                len - 1
            ));
        }
        let (periods, checks) = EVIDENCE;
        let tail = first_tail_period(values, checks + 1, |p| {
            len - p.start >= periods * p.period && len - p.start >= p.period + checks
        });
        if let Some(Period { start, period }) = tail.filter(|_| !theorem_spoke) {
            none.notes.push(format!(
                "the values from {} on repeat with period {}: too short a stretch to claim; \
                 tabulate {} values to check it",
                start,
                period,
                2 * start
            ));
        }
        found.push(none);
    }
    found
}

/// What is left to prove a pattern of `table` when no family is declared.
fn undeclared(table: &Table) -> String {
    match table.kind() {
        Some(_) => "not proved: no family declared: declare the game's family in rules.rs \
                    (`fn family`), and the lab checks its theorem's certificate"
            .into(),
        None => "not proved: a table read from elsewhere has no rules: explore the game's \
                 rules, with its family declared, and the lab checks the certificate"
            .into(),
    }
}

/// The finding of a period `p` of `values`, checked over `checked`.
fn periodic(values: &[u32], p: Period, checked: &str) -> Finding {
    let Period { start, period } = p;
    let repeats = (values.len() - start) / period;
    let checked = format!(
        "{}: the values from {} on are {} periods",
        checked, start, repeats
    );
    let mut finding = Finding::new(
        format!("periodic: start {}, period {}", start, period),
        checked,
    );
    let cycle = &values[start..start + period];
    let lost: Vec<String> = (start..start + period)
        .filter(|&n| cycle[n - start] == 0)
        .map(|n| (n % period).to_string())
        .collect();
    finding.notes.push(match lost.is_empty() {
        true => format!("P-positions from {}: none", start),
        false => format!(
            "P-positions from {}: n % {} in {}",
            start,
            period,
            lost.join(" ")
        ),
    });
    finding.code.push(p.code(values));
    finding.period = Some(p);
    finding
}

/// The P-positions of `values` as residue classes, if found; those below `first` are no
/// positions.
fn classes_finding(values: &[u32], first: usize) -> Option<Finding> {
    // Finitely many P-positions, as far as tabulated, make no claim: the report lists them;
    // a finite set claimed from a table would be a guess.
    let mut c = find_classes(values).filter(|c| !c.classes.is_empty())?;
    c.before.retain(|&n| n >= first);
    let (a, m) = (c.start, c.modulus);
    let head = format!(
        "p-positions: start {}, period {}, residues {}",
        a,
        m,
        list(&c.classes)
    );
    let mut finding = Finding::new(head, format!("n < {}", values.len()));
    if !c.before.is_empty() {
        finding
            .notes
            .push(format!("and below {}: {}", a, list(&c.before)));
    }
    let mut gaps: Vec<usize> = c.classes.windows(2).map(|w| w[1] - w[0]).collect();
    gaps.push(m + c.classes[0] - c.classes[c.classes.len() - 1]);
    finding
        .notes
        .push(format!("gaps: {} repeating", list(&gaps)));
    finding.code.push(format!("let is_p = {};", c.code()));
    Some(finding)
}

/// The P-positions of `values` from `first` as `floor((k + i) α) + j`, if found.
fn ratio_finding(values: &[u32], first: usize) -> Option<Finding> {
    let len = values.len();
    let lost: Vec<u64> = (first as u64..len as u64)
        .filter(|&n| values[n as usize] == 0)
        .collect();
    let ratio = find_ratio(&lost)?;
    let head = format!("p-positions: ratio: {}", ratio);
    let count = lost.len();
    let checked = format!(
        "the {} P-positions below {}, k = 0 .. {}",
        count,
        len,
        count - 1
    );
    let mut finding = Finding::new(head, checked);
    finding.code = vec![ISQRT_CODE.to_string(), ratio.code()];
    Some(finding)
}

/// Numbers separated by spaces.
fn list<T: ToString>(items: &[T]) -> String {
    let items: Vec<String> = items.iter().map(T::to_string).collect();
    items.join(" ")
}

/// Every pattern of `grid`'s values; "none up to R x C" alone if there is none.
///
/// # Complexity
/// O(cells), plus the patterns of the nim-sum's `f`.
pub fn find_plane(grid: &Grid) -> Vec<Finding> {
    let (rows, cols) = (grid.rows(), grid.cols());
    let every = format!("every cell x < {}, y < {}", rows, cols);
    let mut found = Vec::new();
    if let Some(p) = find_plane_period(grid) {
        let show = |p: Option<Period>| match p {
            Some(p) => format!("start {}, period {}", p.start, p.period),
            None => "none".to_string(),
        };
        let head = format!("periodic: x {}; y {}", show(p.x), show(p.y));
        let mut finding = Finding::new(head, every.clone());
        match plane_period(grid, p.x, p.y) {
            Verdict::Proved((), lines) => finding.proof = Some(lines),
            Verdict::NotProved(why) => finding.notes.push(format!("not proved: {}", why)),
            Verdict::Unknown => {}
        }
        if p.x.is_none() || p.y.is_none() {
            finding
                .notes
                .push("a coordinate with no period must stay within the grid".into());
        }
        finding.code.push(p.code(grid));
        found.push(finding);
    }
    if let Some(xor) = find_xor(grid) {
        let (same, name) = if xor.same() {
            (true, "f")
        } else {
            (false, "h")
        };
        let mut finding = Finding::new(format!("xor: g(x, y) = f(x) ^ {}(y)", name), every.clone());
        let mut g_code = Vec::new();
        let mut halves = vec![("f", &xor.f), ("h", &xor.h)];
        halves.truncate(if same { 1 } else { 2 });
        for &(name, values) in &halves {
            let shown: Vec<u32> = values.iter().copied().take(24).collect();
            finding
                .notes
                .push(format!("{}: {} ...", name, list(&shown)));
            for sub in find(&Table::read(values.clone())) {
                finding.notes.push(format!("{}: {}", name, sub.headline));
                if g_code.len() < halves.len() && !sub.headline.starts_with("none") {
                    if let Some(code) = sub.code.last().filter(|c| c.starts_with('|')) {
                        g_code.push(format!("let {} = {};", name, code));
                    }
                }
            }
        }
        if g_code.len() == halves.len() {
            finding.code = g_code;
            finding
                .code
                .push(format!("let g = |x: u64, y: u64| f(x) ^ {}(y);", name));
        }
        found.push(finding);
    }
    if let Some(pairs) = find_pairs(grid) {
        let c = match pairs.c {
            0 => String::new(),
            1 => " + n".to_string(),
            c => format!(" + {}n", c),
        };
        let head = format!("pairs: (a(n), a(n){}), a(n) = mex", c);
        let checked = format!(
            "{}: the P-positions are the pairs and their mirrors ({} pairs within)",
            every, pairs.inside
        );
        let mut finding = Finding::new(head, checked);
        finding
            .notes
            .push("a(n): the least number in no earlier pair".into());
        if let Some(alpha) = pairs.alpha() {
            finding.notes.push(format!(
                "a(n) = floor(n * {}) for every n: Fraenkel's theorem on these pairs (checked \
                 within the grid)",
                alpha
            ));
        }
        match pairs.proof(grid) {
            Some(Ok(lines)) => finding.proof = Some(lines),
            Some(Err(why)) => finding.notes.push(format!("not proved: {}", why)),
            None => finding.notes.extend(pairs.proposal()),
        }
        if let Some(code) = pairs.code() {
            finding.code = vec![ISQRT_CODE.to_string(), code];
        }
        found.push(finding);
    }
    let axes = found
        .iter()
        .any(|f| f.headline.starts_with("periodic") && !f.headline.contains("none"));
    if !axes && found.iter().all(|f| f.headline.starts_with("periodic")) {
        found.extend(find_sectors(grid).map(|s| sectors_finding(grid, &s, &every)));
    }
    if found.is_empty() {
        let mut none = Finding::new(format!("none up to {} x {}", rows, cols), every);
        none.notes.push(
            "no pattern in the grid, along the axes, the diagonal or a direction up to (6, 5): \
             compute a larger grid and look again (a period is claimed on 3 of its periods \
             and 32 rows); tabulate (compute the values the solution needs) only if every cell \
             it asks is within reach"
                .into(),
        );
        found.push(none);
    }
    found
}

/// The finding of `grid`'s periods `s` along a direction and across it.
fn sectors_finding(grid: &Grid, s: &Sectors, every: &str) -> Finding {
    let checked = format!(
        "{} (the periods on the view m < {}, d < {})",
        every, s.rows, s.cols
    );
    let mut finding = Finding::new(s.headline(), checked);
    match s.proof(grid) {
        Some(Ok(lines)) => finding.proof = Some(lines),
        Some(Err(why)) => finding.notes.push(format!("not proved: {}", why)),
        None => finding.notes.push(
            "to prove it: if a move is one of fixed steps, declare them \
             (`PlaneFamily::Steps`), and the box in these coordinates proves it"
                .into(),
        ),
    }
    finding.notes.push(s.coordinates());
    if s.m.is_none() || s.above.is_none() || s.below.is_none() {
        let stay = "a coordinate with no period must stay within the view: compute a larger \
                    grid and look again";
        finding.notes.push(stay.into());
    }
    finding.code.push(s.code(grid));
    finding
}
