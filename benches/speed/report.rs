//! The README's figures: what a full `cargo bench` measured, gathered as it runs and written
//! into README.md's region `speed` (`src/bin/bundle/readme.rs`) when every benchmark ran, so
//! that the manual shows today's figures only, each from the command that made it, and no
//! person edits them. A run of some benchmarks (`cargo bench -- NAME`) writes nothing.

use std::path::Path;
use std::sync::Mutex;

#[path = "../../src/bin/bundle/readme.rs"]
mod readme;

/// What one run gathered: the Speed table's rows, the varied-layout table's rows, and the
/// sentences, each under a key that fixes its place.
struct Report {
    speed: Vec<String>,
    varied: Vec<String>,
    sentences: Vec<(Sentence, String)>,
}

static REPORT: Mutex<Report> = Mutex::new(Report {
    speed: Vec::new(),
    varied: Vec::new(),
    sentences: Vec::new(),
});

/// The sentences of the region, in the order they are written.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Debug)]
pub enum Sentence {
    /// The toolkit's calls, one at a time.
    Calls,
    /// The win/lose sieve against `grundy_by_index`.
    Sieve,
    /// Other fixed layouts against the standard one.
    Layouts,
    /// Numbers of more digits against fewer.
    Digits,
    /// `until` against `pairs`.
    Until,
    /// The interactive example against C.
    Interactive,
    /// The lab's tables, searches and pictures.
    Lab,
}

fn report() -> std::sync::MutexGuard<'static, Report> {
    REPORT.lock().unwrap_or_else(|e| e.into_inner())
}

/// `12.34 ms`.
fn ms(value: f64) -> String {
    format!("{value:.2} ms")
}

/// A row of the Speed table: the program, its input (`about`, and its size in MB when it
/// holds one or more), our time, and the peer's and the I/O floor's with our ratio to each.
pub fn speed_row(
    name: &str,
    about: &str,
    bytes: u64,
    ours_ms: f64,
    peer: Option<(f64, f64)>,
    floor: Option<(f64, f64)>,
) {
    let input = match bytes >= 1_000_000 {
        true => format!("{about}, {:.1} MB", bytes as f64 / 1e6),
        false => about.to_string(),
    };
    let mut cells = vec![format!("`{name}`"), input, ms(ours_ms)];
    for (timed, digits) in [(peer, 3), (floor, 2)] {
        match timed {
            Some((time, ratio)) => cells.extend([ms(time), format!("{ratio:.digits$}")]),
            None => cells.extend([String::new(), String::new()]),
        }
    }
    report().speed.push(row(&cells));
}

/// A markdown table row of `cells`, an empty one as `| |`.
fn row(cells: &[String]) -> String {
    let mut row = String::from("|");
    for cell in cells {
        row += &match cell.is_empty() {
            true => " |".to_string(),
            false => format!(" {cell} |"),
        };
    }
    row
}

/// A row of the varied-layout table: ours / the I/O floor on each varied input.
pub fn varied_row(name: &str, ratios: &[f64]) {
    let mut cells = vec![format!("`{name}`")];
    cells.extend(ratios.iter().map(|r| format!("{r:.2}")));
    report().varied.push(row(&cells));
}

/// Sets sentence `key` of the region to `text`, a whole sentence; the largest of several
/// figures is the caller's to keep.
pub fn sentence(key: Sentence, text: String) {
    let mut report = report();
    report.sentences.retain(|(k, _)| *k != key);
    report.sentences.push((key, text));
}

/// The largest ratio any case reported for its other fixed layouts, kept for
/// [`Sentence::Layouts`].
pub fn layout_ratio(ratio: f64) {
    static WORST: Mutex<f64> = Mutex::new(0.0);
    let mut worst = WORST.lock().unwrap_or_else(|e| e.into_inner());
    *worst = worst.max(ratio);
    sentence(
        Sentence::Layouts,
        format!(
            "Other fixed layouts (trailing spaces, tabs, no spaces, a board a line, CRLF) take \
             at most {:.2} times the standard one.",
            *worst
        ),
    );
}

/// Today's date, `2026-11-29`, from the system clock (UTC).
fn today() -> String {
    let secs = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    // Days since 1970-01-01 to a civil date (Howard Hinnant's algorithm).
    let z = (secs / 86_400) as i64 + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1_460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    format!("{year}-{month:02}-{day:02}")
}

/// The region's text from what this run gathered.
fn region() -> String {
    let report = report();
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    let mut text = format!(
        "Medians of interleaved rounds on a {cores}-core machine, {} (`cargo bench`):\n\n\
         | problem | input | ours | C++ peer | ours / peer | I/O floor | ours / floor |\n\
         | --- | --- | --- | --- | --- | --- | --- |\n",
        today()
    );
    for row in &report.speed {
        text += &format!("{row}\n");
    }
    let mut sentences = report.sentences.clone();
    sentences.sort();
    let (before, after): (Vec<_>, Vec<_>) =
        sentences.iter().partition(|(k, _)| *k <= Sentence::Layouts);
    let join = |part: &[&(Sentence, String)]| {
        let texts: Vec<&str> = part.iter().map(|(_, t)| t.as_str()).collect();
        texts.join(" ")
    };
    let mut head = format!("{PAGES} {}", join(&before));
    if !report.varied.is_empty() {
        head += " Layouts that vary line by line, ours / floor:";
    }
    text += &format!("\n{}\n", wrap(&head));
    if !report.varied.is_empty() {
        let names: Vec<&str> = super::inputs::VARIATIONS.iter().map(|(n, _)| *n).collect();
        text += &format!(
            "\n| problem | {} |\n|{}\n",
            names.join(" | "),
            " --- |".repeat(names.len() + 1)
        );
        for row in &report.varied {
            text += &format!("{row}\n");
        }
    }
    text += &format!("\n{}\n", wrap(&join(&after)));
    text
}

/// `text` in lines of at most [`WIDTH`] characters, broken between words.
fn wrap(text: &str) -> String {
    let mut lines: Vec<String> = vec![String::new()];
    for word in text.split(' ').filter(|w| !w.is_empty()) {
        let line = lines.last_mut().expect("a line");
        // A unit (`s`, `ms`) stays with its number.
        let unit = word.trim_end_matches([',', ';', '.']).len() <= 2;
        if !unit && !line.is_empty() && line.chars().count() + 1 + word.chars().count() > WIDTH {
            lines.push(word.to_string());
        } else {
            if !line.is_empty() {
                line.push(' ');
            }
            line.push_str(word);
        }
    }
    lines.join("\n")
}

/// Why the reader and the writer place their bytes as they do, the first sentence after the
/// table: the kernel's copy, a part of every row, depends on it.
const PAGES: &str = "Every read lands at the offset within a page that its bytes have in the \
                     input, and every write before a flush covers whole pages of the output: \
                     the kernel copies those fastest, where a buffer a few bytes off a page \
                     boundary paid for a misaligned copy on every read.";

/// The width of the README's prose.
const WIDTH: usize = 96;

/// Writes the region `speed` of the README at `root` when `complete` (every benchmark ran),
/// and says on stdout what it did.
pub fn write_readme(root: &Path, complete: bool) {
    if !complete {
        println!("README.md: not written (only a run of every benchmark writes its figures)");
        return;
    }
    let body = region();
    match readme::write(&root.join("README.md"), "speed", "cargo bench", &body) {
        Ok(true) => println!("README.md: region speed written"),
        Ok(false) => println!("README.md: region speed already current"),
        Err(e) => println!("README.md: not written: {e}"),
    }
}
