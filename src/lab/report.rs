//! The lab's report, one text for a table ([`report`]) or a grid ([`report_plane`]): what
//! the values are, the first values in rows of the period found (or of 10), the
//! P-positions, or for a grid a picture in the terminal with the P-positions as `.`; then
//! every pattern `patterns::find` finds, each with where it was checked, its proof or "not
//! proved", its notes and its code. [`explore`] and [`explore_plane`] compute a game's
//! values from its rules and report them, writing a grid's picture ([`crate::png`]) too;
//! `explore` adds the declarations `propose` finds for a game that declares none, or one
//! whose theorem proves nothing found, and `explore_plane` those `plane_propose` finds.
//! Layer 6: uses `rules`, `tables`, `grids`, `patterns`, `propose`, `plane_propose` and `png`.

use crate::grids::Grid;
use crate::patterns::{find, find_plane, Finding};
use crate::plane_propose::{plane_proposals, show_plane};
use crate::png::png;
use crate::propose::{proposals, show};
use crate::rules::{Family, Heap, Plane};
use crate::tables::{RuleError, Table, Values};
use std::fmt::Write;

/// The most rows of values a report shows.
const MAX_ROWS: usize = 40;

/// The most columns of a grid's picture in the terminal.
const MAX_COLUMNS: usize = 60;

/// The report of `table`: its values laid out, its P-positions, every pattern found.
///
/// # Complexity
/// O(N log N), as `patterns::find`.
///
/// ```
/// use lab::report::report;
/// use lab::tables::Table;
/// let text = report(&Table::read((0..100u32).map(|n| n % 3).collect()));
/// assert!(text.contains("\nperiodic: start 0, period 3\n"));
/// ```
pub fn report(table: &Table) -> String {
    report_found(table, &find(table))
}

/// The report of `table`, whose patterns are `found`.
fn report_found(table: &Table, found: &[Finding]) -> String {
    let (values, from) = (table.values(), table.first() as usize);
    let mut text = format!(
        "lab: {} values g(0) .. g({}), {}\n\n",
        values.len(),
        values.len().saturating_sub(1),
        kind(table.kind(), values)
    );
    if from > 0 {
        // Before the blank line, as a second line of the head.
        text.pop();
        let _ = writeln!(
            text,
            "states below {} are no positions (shown as -)\n",
            from
        );
    }
    // Rows of the period from its start, so that a column is a residue, the start and four
    // periods; else 100 values in rows of 10.
    let period = found.iter().find_map(|f| f.period);
    let (start, width, wanted): (usize, usize, usize) = match period {
        Some(p) if p.period <= 32 => (p.start, p.period, p.start + 4 * p.period),
        _ => (0, 10, 100),
    };
    let shown = values.len().min(wanted).min(MAX_ROWS * width);
    let cell = values[..shown]
        .iter()
        .map(|v| v.to_string().len())
        .max()
        .unwrap_or(1)
        + 1;
    let _ = writeln!(text, "g(n), in rows of {}:", width);
    let first = (start % width) as isize
        - if start % width == 0 {
            0
        } else {
            width as isize
        };
    let mut row = first;
    while row < shown as isize {
        let _ = write!(text, "{:>7} |", row.max(0));
        for n in row..row + width as isize {
            match n {
                n if n < 0 || n as usize >= shown => text.push_str(&" ".repeat(cell)),
                n if (n as usize) < from => {
                    let _ = write!(text, "{:>w$}", "-", w = cell);
                }
                n => {
                    let _ = write!(text, "{:>w$}", values[n as usize], w = cell);
                }
            }
        }
        text.push('\n');
        row += width as isize;
    }
    if shown < values.len() {
        let _ = writeln!(text, "        ... {} values in all", values.len());
    }
    let count = values[from.min(values.len())..]
        .iter()
        .filter(|&&v| v == 0)
        .count();
    let first: Vec<String> = (from..values.len())
        .filter(|&n| values[n] == 0)
        .take(40)
        .map(|n| n.to_string())
        .collect();
    let more = if count > 40 { " ..." } else { "" };
    let _ = writeln!(
        text,
        "\nP-positions (value 0): {} of {}: {}{}\n",
        count,
        values.len().saturating_sub(from),
        first.join(" "),
        more
    );
    findings(&mut text, found);
    text
}

/// What values of `kind` are, for a report's first line.
fn kind(kind: Option<Values>, values: &[u32]) -> &'static str {
    match kind {
        Some(Values::Grundy) => "Grundy values (normal play)",
        Some(Values::WinLose) => "win/lose in normal play (1: the player to move wins)",
        Some(Values::Misere) => "win/lose in misère play (1: the player to move wins)",
        None if values.iter().all(|&v| v <= 1) => {
            "values read, 0 and 1 only: win/lose (0: the player to move loses)"
        }
        None => "values read",
    }
}

/// Appends every finding: its stable first line, then its lines indented.
fn findings(text: &mut String, found: &[Finding]) {
    for f in found {
        let _ = writeln!(text, "{}", f.headline);
        let _ = writeln!(text, "  checked: {}", f.checked);
        match &f.proof {
            Some(lines) => lines.iter().for_each(|l| {
                let _ = writeln!(text, "  proved: {}", l);
            }),
            None if !f.headline.starts_with("none") => {
                text.push_str("  holds where checked, not proved\n");
            }
            None => {}
        }
        f.notes.iter().for_each(|n| {
            let _ = writeln!(text, "  {}", n);
        });
        if !f.code.is_empty() {
            text.push_str("  code:\n");
            for line in f.code.iter().flat_map(|c| c.lines()) {
                let _ = writeln!(text, "    {}", line);
            }
        }
    }
}

/// The character of a value in a grid's picture.
fn glyph(v: u32) -> char {
    match v {
        0 => '.',
        1..=9 => (b'0' + v as u8) as char,
        10..=35 => (b'a' + (v - 10) as u8) as char,
        36..=61 => (b'A' + (v - 36) as u8) as char,
        _ => '#',
    }
}

/// The report of `grid`: a picture of its corner in the terminal, where `image` names the
/// file of the whole grid's picture if one was written, then every pattern found.
///
/// # Complexity
/// O(cells), as `patterns::find_plane`.
///
/// ```
/// use lab::report::report_plane;
/// use lab::grids::Grid;
/// let grid = Grid::read(3, 3, vec![0, 1, 2, 1, 0, 3, 2, 3, 0]);
/// assert!(report_plane(&grid, None).contains("\n    0 | .12\n"));
/// ```
pub fn report_plane(grid: &Grid, image: Option<&str>) -> String {
    let (rows, cols) = (grid.rows(), grid.cols());
    let mut text = format!(
        "lab: grid of {} x {}, g(x, y) for x < {} (rows) and y < {} (columns), {}\n\n",
        rows,
        cols,
        rows,
        cols,
        kind(grid.kind(), grid.values())
    );
    let (height, width) = (rows.min(MAX_ROWS), cols.min(MAX_COLUMNS));
    let _ = writeln!(
        text,
        "picture of x < {}, y < {}: '.' 0 (a P-position), 1-9, a-z 10-35, A-Z 36-61, # above",
        height, width
    );
    let mut ticks = String::from("    y   ");
    for y in (0..width).step_by(10) {
        let _ = write!(ticks, "{:<10}", y);
    }
    let _ = writeln!(text, "{}", ticks.trim_end());
    for x in 0..height {
        let row: String = grid.row(x)[..width].iter().map(|&v| glyph(v)).collect();
        let _ = writeln!(text, "{:>5} | {}", x, row);
    }
    if height < rows || width < cols {
        let _ = writeln!(text, "      ... the grid is {} x {}", rows, cols);
    }
    if let Some(image) = image {
        let _ = writeln!(text, "the whole grid: {} (0 black)", image);
    }
    text.push('\n');
    findings(&mut text, &find_plane(grid));
    text
}

/// The report of `game`'s values of the states `0..len`, as [`report`] writes it, then, if
/// the game declares no family or a pattern found is not proved, the declarations that
/// would prove one (`propose::show`).
///
/// # Complexity
/// That of `Table::heaps` and [`report`].
///
/// # Errors
/// The rules' [`RuleError`], if they break a law.
///
/// ```
/// use lab::report::explore;
/// use lab::rules::Moves;
/// use lab::tables::Values;
/// // Subtract a proper divisor: the values are the exponent of 2.
/// let divisor = |n: u64, to: &mut Moves| (1..n).filter(|d| n % d == 0).for_each(|d| to.heap(n - d));
/// let text = explore(&divisor, 200, Values::Grundy).unwrap();
/// assert!(text.contains("\nformula: g(n) = v2(n)\n"));
/// ```
pub fn explore<G: Heap + ?Sized>(game: &G, len: usize, kind: Values) -> Result<String, RuleError> {
    let table = Table::heaps(game, len, kind)?;
    let mut found = find(&table);
    // A pattern no theorem proves: the game declares no family, or one whose theorem fails.
    let open = found
        .iter()
        .any(|f| f.period.is_some() && f.proof.is_none());
    let proposed = match open || matches!(table.family(), Family::Unknown) {
        true => proposals(game, &table),
        false => Vec::new(),
    };
    if proposed.iter().any(|p| p.needs.is_some()) {
        // The rules' own values past the table show the period: a short tail's would mislead.
        let tail = |note: &String| note.starts_with("the values from ");
        found.iter_mut().for_each(|f| f.notes.retain(|n| !tail(n)));
    }
    Ok(report_found(&table, &found) + &show(&proposed, open))
}

/// The report of `game`'s grid `rows x cols`, as [`report_plane`] writes it, with the
/// grid's picture written to the file `image` (a PNG; a failure to write it is said in
/// the report).
///
/// # Complexity
/// That of `Grid::plane` and [`report_plane`], and O(cells) for the picture.
///
/// # Errors
/// The rules' [`RuleError`], if they break a law.
pub fn explore_plane<G: Plane + ?Sized>(
    game: &G,
    rows: usize,
    cols: usize,
    kind: Values,
    image: &str,
) -> Result<String, RuleError> {
    let grid = Grid::plane(game, rows, cols, kind)?;
    let shown = match std::fs::write(image, picture(&grid)) {
        Ok(()) => image.to_string(),
        Err(e) => format!("not written to {}: {}", image, e),
    };
    let proposed = plane_proposals(game, &grid);
    Ok(report_plane(&grid, Some(&shown)) + &show_plane(&proposed, &grid))
}

/// The PNG picture of `grid`: a value a square of pixels, the image about 512 pixels a side
/// or more, 0 black.
///
/// # Complexity
/// O(pixels).
pub fn picture(grid: &Grid) -> Vec<u8> {
    let scale = (512 / grid.rows().max(grid.cols()).max(1)).clamp(1, 16);
    png(grid.values(), grid.rows(), grid.cols(), scale)
}
