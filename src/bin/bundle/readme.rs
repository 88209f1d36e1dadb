//! README regions: the parts of README.md that a tool writes, each between two marker lines,
//! `<!-- begin NAME: written by COMMAND -->` and `<!-- end NAME -->`, so that a tool
//! rewrites its own figures and nothing else (never by a pattern replace), and a test can
//! tell what a tool wrote from what a person did. The bundler writes `bundle-sizes`,
//! `cargo bench` writes `speed`; the bench and the tests read this file by `#[path]`.

// Each program that reads this file by `#[path]` uses a part of it.
#![allow(dead_code)]

use std::fs;
use std::path::Path;

/// The lines `<!-- begin NAME: written by COMMAND -->` and `<!-- end NAME -->`.
fn markers(name: &str, command: &str) -> (String, String) {
    (
        format!("<!-- begin {name}: written by `{command}` -->"),
        format!("<!-- end {name} -->"),
    )
}

/// A line's bytes in a text, its end included: `(start, end)`.
type Span = (usize, usize);

/// The spans of region `name`'s begin line and end line in `text`.
///
/// # Errors
/// When a marker is missing, repeated, or the end comes first.
fn find(text: &str, name: &str) -> Result<(Span, Span), String> {
    let (begin, end) = (
        format!("<!-- begin {name}:"),
        format!("<!-- end {name} -->"),
    );
    let (mut begins, mut ends, mut at) = (Vec::new(), Vec::new(), 0);
    for line in text.split_inclusive('\n') {
        let span = (at, at + line.len());
        if line.starts_with(&begin) && line.trim_end().ends_with("-->") {
            begins.push(span);
        } else if line.trim_end() == end {
            ends.push(span);
        }
        at += line.len();
    }
    match (&begins[..], &ends[..]) {
        ([b], [e]) if b.1 <= e.0 => Ok((*b, *e)),
        ([_], [_]) => Err(format!(
            "README.md: the end of region {name} comes before its begin"
        )),
        _ => Err(format!(
            "README.md: region {name} needs one line beginning `{begin}` and one line `{end}` \
             after it; found {} and {}",
            begins.len(),
            ends.len()
        )),
    }
}

/// The text of region `name` of `readme`, between its marker lines.
///
/// # Errors
/// When the region's markers are missing, repeated or out of order.
pub fn region<'a>(readme: &'a str, name: &str) -> Result<&'a str, String> {
    let (begin, end) = find(readme, name)?;
    Ok(&readme[begin.1..end.0])
}

/// The line number (from 1) of region `name`'s begin marker in `readme`.
///
/// # Errors
/// As [`region`].
pub fn begin_line(readme: &str, name: &str) -> Result<usize, String> {
    let (begin, _) = find(readme, name)?;
    Ok(readme[..begin.0].matches('\n').count() + 1)
}

/// `readme` with region `name` holding `body` (a newline added if it has none), its begin
/// marker naming `command`.
///
/// # Errors
/// As [`region`].
pub fn replace(readme: &str, name: &str, command: &str, body: &str) -> Result<String, String> {
    let (begin, end) = find(readme, name)?;
    let (open, close) = markers(name, command);
    let newline = if body.ends_with('\n') || body.is_empty() {
        ""
    } else {
        "\n"
    };
    let close_end = &readme[end.0..end.1][close.len()..];
    Ok(format!(
        "{}{open}\n{body}{newline}{close}{close_end}{}",
        &readme[..begin.0],
        &readme[end.1..]
    ))
}

/// Rewrites region `name` of the README at `path` to hold `body`; says whether it changed.
///
/// # Errors
/// When the file cannot be read or written, or as [`region`].
pub fn write(path: &Path, name: &str, command: &str, body: &str) -> Result<bool, String> {
    let readme =
        fs::read_to_string(path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    let new = replace(&readme, name, command, body)?;
    if new == readme {
        return Ok(false);
    }
    fs::write(path, new).map_err(|e| format!("cannot write {}: {e}", path.display()))?;
    Ok(true)
}

/// The cells of a markdown table row, trimmed, without the outer pipes (`\|` stays in its
/// cell).
pub fn cells(row: &str) -> Vec<&str> {
    let row = row.trim();
    let row = row.strip_prefix('|').unwrap_or(row);
    let row = row.strip_suffix('|').unwrap_or(row);
    let mut cells = Vec::new();
    let (mut start, mut escaped) = (0, false);
    for (i, c) in row.char_indices() {
        match c {
            '\\' => escaped = !escaped,
            '|' if !escaped => {
                cells.push(row[start..i].trim());
                start = i + 1;
            }
            _ => escaped = false,
        }
    }
    cells.push(row[start..].trim());
    cells
}

/// The rows of the table headed by the line `header` in `text`, after its `| --- |` line,
/// each with its line number in `text` (from 1); `None` if there is no such header.
pub fn table<'a>(text: &'a str, header: &str) -> Option<Vec<(usize, &'a str)>> {
    let lines: Vec<&str> = text.lines().collect();
    let start = lines.iter().position(|line| line.trim() == header)?;
    let rows = (start + 2..lines.len()).map_while(|i| {
        let row = lines[i].trim_start().starts_with('|');
        row.then_some((i + 1, lines[i]))
    });
    Some(rows.collect())
}

/// The programs named in the first column of the README's problem table, the table headed
/// [`PROBLEMS`]: the problems the workspace presents, for which the tools' tables promise a
/// row.
pub fn problems(readme: &str) -> Vec<String> {
    let rows = table(readme, PROBLEMS).unwrap_or_default();
    let names = rows.iter().filter_map(|(_, row)| {
        let first = cells(row).into_iter().next()?;
        Some(first.strip_prefix('`')?.strip_suffix('`')?.to_string())
    });
    names.collect()
}

/// The header of the README's problem table.
pub const PROBLEMS: &str = "| binary | problem | Rust at its judge |";

/// The header of the bundle-size table, its two lines.
pub const SIZES_HEADER: &str = "| binary | bundle size | library modules |\n| --- | --- | --- |\n";

/// The bundle-size table's row of binary `name`: its size in KiB of 1,024 bytes, rounded,
/// and its library modules (`none` if none).
pub fn size_row(name: &str, bytes: usize, modules: &[String]) -> String {
    let modules = match modules.len() {
        0 => "none".to_string(),
        _ => {
            let quoted: Vec<String> = modules.iter().map(|m| format!("`{m}`")).collect();
            quoted.join(", ")
        }
    };
    format!("| `{name}` | {} KiB | {modules} |\n", (bytes + 512) / 1024)
}
