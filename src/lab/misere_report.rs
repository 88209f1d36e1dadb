//! The lab's report in misère play ([`report`], [`explore`]): the genus of each heap,
//! whether the game is tame, its misère quotient (elements, products by the generators,
//! P-set, heap map), the heap map's period with its proof or how far it holds, and the
//! `combgames::misere::Tables` to paste into a solution ([`code`]), every line within 92
//! columns, a large table in lines of base-62 digits.
//!
//! Its first lines, for a test to match: `tame: every sum of heaps up to 60 follows the
//! rule` or `tame: no, from heap 5`; `misère quotient: 8 elements, 2 in P, heaps 1 .. 60`
//! (`, stopped at heap 34` when it gave up); `periodic: start 8, period 2` (the heap map)
//! or `periodic: none up to 60`.
//! Layer 4: uses `rules`, `tables`, `periods`, `quotients` and `misere`.

use crate::misere::{analyse, Misere, Reach};
use crate::periods::Period;
use crate::quotients::{shown_word, Quotient};
use crate::rules::Heap;
use crate::tables::RuleError;
use std::fmt::Write;

/// The most rows of the tables a report shows (the code holds them all).
const MAX_ROWS: usize = 40;

/// The digits of a line of pasted code.
const DIGITS: usize = 72;

/// The widest line of a report.
const WIDTH: usize = 92;

/// Appends `line` after `indent`, wrapped at [`WIDTH`] columns, later lines indented two
/// more.
fn wrapped(text: &mut String, indent: &str, line: &str) {
    let mut current = indent.to_string();
    for word in line.split(' ') {
        let fresh = current.trim_end().len() <= indent.len() + 2 && current.trim().is_empty();
        if !fresh && current.chars().count() + 1 + word.chars().count() > WIDTH {
            text.push_str(current.trim_end());
            text.push('\n');
            current = format!("{}  ", indent);
        } else if !fresh {
            current.push(' ');
        }
        current.push_str(word);
    }
    text.push_str(current.trim_end());
    text.push('\n');
}

/// The report of `misere`: genus, tameness, quotient, period, code.
///
/// # Complexity
/// O(elements x generators + heaps).
pub fn report(misere: &Misere) -> String {
    let (n, q) = (misere.heaps, &misere.quotient);
    let mut text = format!(
        "lab (misère play: whoever moves last loses): heaps 1 .. {}, sums of them\n\n",
        n
    );
    genus(&mut text, misere);
    tame(&mut text, misere);
    let in_p = q.p.iter().filter(|&&p| p).count();
    let _ = write!(
        text,
        "misère quotient: {} elements, {} in P, heaps 1 .. {}",
        q.monoid.len(),
        in_p,
        misere.reached()
    );
    match &misere.gave_up {
        Some(g) => {
            let _ = writeln!(text, ", stopped at heap {}", g.heap);
            let why = format!("stopped: {} (the limits of lab::misere::Reach)", g.why);
            wrapped(&mut text, "  ", &why);
        }
        None => text.push('\n'),
    }
    let new: Vec<String> = (1..misere.steps.len())
        .filter(|&h| !misere.steps[h].0)
        .map(|h| h.to_string())
        .collect();
    let checked = format!(
        "checked: exact for every sum of heaps up to {} (each candidate checked on all of \
         them), {:.2} s; heaps not joining as an element already there: {}",
        misere.reached(),
        misere.seconds,
        new.join(" ")
    );
    wrapped(&mut text, "  ", &checked);
    quotient(&mut text, q);
    period(&mut text, misere);
    text
}

/// Appends the genus of the heaps, in rows of 10.
fn genus(text: &mut String, misere: &Misere) {
    let shown: Vec<String> = misere.genus.iter().map(|g| g.to_string()).collect();
    if shown.len() <= 1 {
        text.push_str("genus: not computed (the quotient with nim-heaps reached no heap)\n\n");
        return;
    }
    let head = format!(
        "genus of heaps 1 .. {}, g^(g0 g1 ..): g the normal value, gi the misère value with i \
         nim-heaps of 2 (? past the nim-heaps held):",
        shown.len() - 1
    );
    wrapped(text, "", &head);
    let width = shown.iter().map(String::len).max().unwrap_or(1) + 1;
    for row in (0..shown.len()).step_by(10) {
        let _ = write!(text, "{:>7} |", row);
        for (n, g) in shown.iter().enumerate().skip(row).take(10) {
            let cell = if n == 0 { "." } else { g.as_str() };
            let _ = write!(text, "{:>w$}", cell, w = width);
        }
        let end = text.trim_end_matches(' ').len();
        text.truncate(end);
        text.push('\n');
    }
    text.push('\n');
}

/// Appends whether the game is tame.
fn tame(text: &mut String, misere: &Misere) {
    let n = misere.heaps;
    let rule = "lost exactly when the XOR of the normal values is 1 with every heap fickle, 0 \
                with one firm (value 2 or more, or 0 or 1 playing alone as *2+*2 or *2+*3)";
    match (&misere.wild, misere.first_wild_heap()) {
        (Some(wild), Some(heap)) => {
            let _ = writeln!(text, "tame: no, from heap {}", heap);
            let says = if wild.rule_says_lost { "lose" } else { "win" };
            let is = if wild.rule_says_lost { "wins" } else { "loses" };
            let line = format!(
                "on the sum of heaps {} the player to move {}; the tame rule ({}) says they {}. \
                 Every sum of heaps below {} follows the rule.",
                shown_word(&wild.sum),
                is,
                rule,
                says,
                heap
            );
            wrapped(text, "  ", &line);
        }
        _ => {
            let _ = writeln!(
                text,
                "tame: every sum of heaps up to {} follows the rule",
                n
            );
            wrapped(text, "  ", &format!("the rule: {}", rule));
            let odd: Vec<String> = (1..=n)
                .filter(|&h| misere.firm[h] && misere.grundy[h] < 2)
                .map(|h| h.to_string())
                .collect();
            let firm = match odd.is_empty() {
                true => "no firm heap of value 0 or 1: misère Nim's rule on the normal values \
                         (combgames::nim::misere_wins)"
                    .to_string(),
                false => format!("firm heaps of value 0 or 1: {}", odd.join(" ")),
            };
            wrapped(text, "  ", &firm);
            wrapped(
                text,
                "  ",
                "proved: the rule checked as a quotient on every sum of these heaps",
            );
            if let Some(p) = misere.tame_period {
                let _ = writeln!(
                    text,
                    "  the (value, firm) pairs: periodic, start {}, period {}",
                    p.start, p.period
                );
                let proof = match misere.period_proof(p, n) {
                    Ok(lines) => format!("proved: {}", lines.join(" ")),
                    Err(why) => format!("holds for heaps up to {}, not proved: {}", n, why),
                };
                wrapped(text, "  ", &proof);
            }
        }
    }
    text.push('\n');
}

/// Appends the quotient: generators, elements, P, products, heap map.
fn quotient(text: &mut String, q: &Quotient) {
    let names: Vec<String> = (0..q.monoid.len() as u32).map(|x| q.name(x)).collect();
    let gens: Vec<String> = (q.generators.iter().zip(&q.generator_heaps))
        .map(|(&g, h)| format!("{} (heap {})", names[g as usize], h))
        .collect();
    wrapped(text, "  ", &format!("generators: {}", gens.join(", ")));
    let few = |items: Vec<&String>| {
        let more = if items.len() > 64 { " ..." } else { "" };
        let shown: Vec<&str> = items.iter().take(64).map(|s| s.as_str()).collect();
        format!("{}{}", shown.join(" "), more)
    };
    wrapped(
        text,
        "  ",
        &format!("elements: {}", few(names.iter().collect())),
    );
    let in_p = names
        .iter()
        .enumerate()
        .filter(|&(x, _)| q.p[x])
        .map(|(_, s)| s);
    wrapped(text, "  ", &format!("P: {}", few(in_p.collect())));
    let width = names.iter().map(String::len).max().unwrap_or(1) + 2;
    // As many generators as fit in the report's width.
    let columns = ((WIDTH - 6) / width).saturating_sub(1).max(1);
    let shown_gens = &q.generators[..q.generators.len().min(columns)];
    let _ = write!(
        text,
        "  products by the generators:\n  {:>w$}",
        "",
        w = width
    );
    for &g in shown_gens {
        let _ = write!(text, "{:>w$}", names[g as usize], w = width);
    }
    if shown_gens.len() < q.generators.len() {
        text.push_str(" ...");
    }
    text.push('\n');
    for (x, name) in names.iter().enumerate().take(MAX_ROWS) {
        let _ = write!(text, "  {:>w$}", name, w = width);
        for &g in shown_gens {
            let y = q.monoid.mul(x as u32, g);
            let _ = write!(text, "{:>w$}", names[y as usize], w = width);
        }
        text.push('\n');
    }
    if names.len() > MAX_ROWS {
        let _ = writeln!(
            text,
            "  ... {} rows in all (the code holds them)",
            names.len()
        );
    }
}

/// Appends the heap map in rows of its period, the period, its proof and the code.
fn period(text: &mut String, misere: &Misere) {
    let q = &misere.quotient;
    let last = misere.reached();
    let (start, width) = match misere.period {
        Some(p) if p.period <= 16 => (p.start, p.period),
        _ => (0, 10),
    };
    let names: Vec<String> = q.heaps.iter().map(|&x| q.name(x)).collect();
    let cell = names.iter().map(String::len).max().unwrap_or(1) + 1;
    let _ = writeln!(text, "  heap map phi(n), in rows of {}:", width);
    let shown = names
        .len()
        .min((start + 4 * width).max(41))
        .min(MAX_ROWS * width);
    let first = start % width;
    let mut row = if first == 0 {
        0
    } else {
        first as isize - width as isize
    };
    while row < shown as isize {
        let _ = write!(text, "{:>7} |", row.max(0));
        for n in row..row + width as isize {
            match n {
                n if n < 0 || n as usize >= shown => text.push_str(&" ".repeat(cell)),
                n => {
                    let _ = write!(text, "{:>w$}", names[n as usize], w = cell);
                }
            }
        }
        let end = text.trim_end_matches(' ').len();
        text.truncate(end);
        text.push('\n');
        row += width as isize;
    }
    if shown < names.len() {
        let _ = writeln!(text, "        ... heaps up to {}", last);
    }
    text.push('\n');
    match misere.period {
        Some(p) => {
            let _ = writeln!(text, "periodic: start {}, period {}", p.start, p.period);
            let _ = writeln!(
                text,
                "  checked: phi(n + {}) = phi(n) for {} <= n <= {}",
                p.period,
                p.start,
                last - p.period
            );
            let proof = match misere.period_proof(p, last) {
                Ok(lines) => format!("proved: {}", lines.join(" ")),
                Err(why) => format!("holds for heaps up to {}, not proved: {}", last, why),
            };
            wrapped(text, "  ", &proof);
        }
        None => {
            let _ = writeln!(text, "periodic: none up to {}", last);
            let line = format!(
                "no period within the heaps computed: compute more heaps, or tabulate (the \
                 code lists the heaps up to {} only)",
                last
            );
            wrapped(text, "  ", &line);
        }
    }
    text.push_str("  code:\n");
    for line in code(q, misere.period) {
        let _ = writeln!(text, "    {}", line);
    }
}

/// The base-62 digits of `x`, `width` of them.
fn digits(x: u32, width: usize) -> String {
    const DIGIT: &[u8] = b"0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ";
    let mut out = vec![b'0'; width];
    let mut rest = x as usize;
    for d in out.iter_mut().rev() {
        *d = DIGIT[rest % 62];
        rest /= 62;
    }
    String::from_utf8(out).unwrap()
}

/// The field `name` of a list of digit strings, as rustfmt lays it out.
fn field(lines: &mut Vec<String>, name: &str, digits: &str) {
    let chunks: Vec<&str> = (0..digits.len().max(1))
        .step_by(DIGITS)
        .map(|i| &digits[i..(i + DIGITS).min(digits.len())])
        .collect();
    match chunks.len() {
        1 => lines.push(format!("    {}: &[{:?}],", name, chunks[0])),
        _ => {
            lines.push(format!("    {}: &[", name));
            chunks
                .iter()
                .for_each(|c| lines.push(format!("        {:?},", c)));
            lines.push("    ],".to_string());
        }
    }
}

/// The Rust to paste for quotient `q` with heap map period `period`: a
/// `combgames::misere::MisereQuotient` built from its `Tables` (the heaps up to the last
/// computed, with period 0, when there is no period).
///
/// # Complexity
/// O(elements x generators + heaps).
pub fn code(q: &Quotient, period: Option<Period>) -> Vec<String> {
    let len = q.monoid.len();
    let width = if len <= 62 { 1 } else { 2 };
    let mut products = String::new();
    for &g in &q.generators {
        for x in 0..len as u32 {
            products += &digits(q.monoid.mul(x, g), width);
        }
    }
    let mut parents = String::new();
    for word in q.words.iter().skip(1) {
        let k = word.iter().rposition(|&e| e > 0).unwrap();
        let mut before = word.clone();
        before[k] -= 1;
        let y = q.words.iter().position(|w| *w == before).unwrap();
        parents += &digits(y as u32, width);
        parents += &digits(k as u32, width);
    }
    let p: String = (0..len)
        .filter(|&x| q.p[x])
        .map(|x| digits(x as u32, width))
        .collect();
    let (start, period) = match period {
        Some(Period { start, period }) => (start, period),
        None => (q.heaps.len(), 0),
    };
    let heaps: String = (0..start + period)
        .map(|n| digits(q.heaps[n], width))
        .collect();
    let mut lines = vec![
        "use combgames::misere::{MisereQuotient, Tables};".to_string(),
        "let quotient = MisereQuotient::new(&Tables {".to_string(),
        format!("    elements: {},", len),
        format!("    generators: {},", q.generators.len()),
    ];
    field(&mut lines, "products", &products);
    field(&mut lines, "parents", &parents);
    field(&mut lines, "p", &p);
    field(&mut lines, "heaps", &heaps);
    lines.push(format!("    start: {},", start));
    lines.push(format!("    period: {},", period));
    lines.push("});".to_string());
    lines
}

/// The misère report of `game`'s heaps `1..=heaps` ([`analyse`] with the default
/// [`Reach`], then [`report`]).
///
/// # Complexity
/// That of [`analyse`].
///
/// # Errors
/// The rules' [`RuleError`], if they break a law.
///
/// ```
/// use lab::misere_report::explore;
/// use lab::rules::Moves;
/// // Take one token, splitting what is left into two heaps or not (0.7, that is 0.77's
/// // first digit): tame, misère Nim on the values 1, 0, 1, 0 ...
/// let rules = |n: u64, to: &mut Moves| {
///     if n > 0 {
///         (0..=(n - 1) / 2).for_each(|a| to.sum(&[a, n - 1 - a]));
///     }
/// };
/// let text = explore(&rules, 30).unwrap();
/// assert!(text.contains("\ntame: every sum of heaps up to 30 follows the rule\n"));
/// ```
pub fn explore<G: Heap + ?Sized>(game: &G, heaps: usize) -> Result<String, RuleError> {
    Ok(report(&analyse(game, heaps, Reach::default())?))
}
