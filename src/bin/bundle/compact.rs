//! Compacting: what keeps a bundle well under the judges' 64 KiB as the library grows.
//! [`drop_comments`] takes out the plain comments (doc comments are gone already, see
//! [`crate::strip`]) with the lines they had to themselves; [`tabs`] indents the binary's
//! code with one tab for every four columns; [`minify`] writes each library item on one line
//! with no comments, no indentation and no space that keeps no tokens apart, as `cargo equip --minify
//! libs` does: the binary stays as written, the library is read in its sources. All three
//! work on tokens ([`crate::lex`]): none changes a byte inside a literal, nor a line that
//! begins inside one.

use crate::lex::{lex, Kind, Token};

/// Two marks that begin a token or a comment of Rust's: `..` begins `..=`, `.=` ends it.
const JOINING: [&str; 26] = [
    "::", "->", "=>", "==", "!=", "<=", ">=", "&&", "||", "+=", "-=", "*=", "/=", "%=", "^=", "&=",
    "|=", "<<", ">>", "..", ".=", "<-", "//", "/*", "*/", "#!",
];

/// Columns per tab, as rustfmt indents.
const TAB_WIDTH: usize = 4;

/// `text` without its plain comments. A comment that had its lines to itself goes with them
/// (blank lines around it stay, for [`crate::layout::tidy`] to even out); one at the end of a
/// line goes with the spaces before it; one inside a line leaves a space between the tokens
/// around it, or nothing next to a bracket, a comma or a semicolon.
///
/// # Complexity
/// O(text bytes).
///
/// # Errors
/// When `text` does not lex.
pub fn drop_comments(text: &str) -> Result<String, String> {
    let tokens = lex(text)?;
    let is_gap = |t: &Token| matches!(t.kind, Kind::Space | Kind::Comment);
    let token_text = |t: &Token| &text[t.start..t.end];
    let mut out = String::with_capacity(text.len());
    let mut i = 0;
    while i < tokens.len() {
        if !is_gap(&tokens[i]) {
            out.push_str(token_text(&tokens[i]));
            i += 1;
            continue;
        }
        let end = i + tokens[i..].iter().take_while(|t| is_gap(t)).count();
        let gap = &tokens[i..end];
        if gap.iter().all(|t| t.kind == Kind::Space) {
            gap.iter().for_each(|t| out.push_str(token_text(t)));
        } else {
            let before = i.checked_sub(1).map_or("", |k| token_text(&tokens[k]));
            let after = tokens.get(end).map_or("", token_text);
            let spaces: Vec<&str> = gap
                .iter()
                .filter(|t| t.kind == Kind::Space)
                .map(token_text)
                .collect();
            out.push_str(&without_comments(&spaces, before, after));
        }
        i = end;
    }
    Ok(out)
}

/// The whitespace that stands for a run of spaces and comments, given the `spaces` in it and
/// the code tokens `before` and `after` it ("" at either end of the text).
fn without_comments(spaces: &[&str], before: &str, after: &str) -> String {
    let newlines = |s: &&str| s.matches('\n').count();
    if spaces.iter().all(|s| newlines(s) == 0) {
        // Inside a line (even a block comment over several lines): one space keeps the tokens
        // around apart, but none is needed after an opening bracket or before a closing one,
        // a comma or a semicolon.
        let tight = before.is_empty()
            || after.is_empty()
            || matches!(before, "(" | "[")
            || matches!(after, ")" | "]" | "," | ";");
        return if tight { "" } else { " " }.to_string();
    }
    // The lines that held only comments go; the blank lines stay, as does the indentation of
    // the line where `after` stands.
    let blank_lines: usize = spaces.iter().map(|s| newlines(s).saturating_sub(1)).sum();
    let last = spaces.iter().rev().find(|s| newlines(s) > 0).unwrap_or(&"");
    let indentation = &last[last.rfind('\n').map_or(0, |k| k + 1)..];
    format!("{}{indentation}", "\n".repeat(1 + blank_lines))
}

/// `text` with the indentation of every line that begins outside a literal or comment made
/// tabs: one per four columns (a tab already there counts to the next multiple of four), the
/// spaces left over after them. Other whitespace, and the rest of each line, stays as it is.
///
/// # Complexity
/// O(text bytes).
///
/// # Errors
/// When `text` does not lex.
pub fn tabs(text: &str) -> Result<String, String> {
    let tokens = lex(text)?;
    let mut out = String::with_capacity(text.len());
    for (i, token) in tokens.iter().enumerate() {
        let t = &text[token.start..token.end];
        if token.kind != Kind::Space {
            out.push_str(t);
            continue;
        }
        // Every part after a newline, and the first at the start of the text, begins a line.
        for (k, part) in t.split('\n').enumerate() {
            if k > 0 {
                out.push('\n');
            }
            if k > 0 || i == 0 {
                push_indentation(&mut out, part);
            } else {
                out.push_str(part);
            }
        }
    }
    Ok(out)
}

/// Pushes `indentation` as tabs and at most three spaces, or as it is if it holds other
/// whitespace than spaces and tabs.
fn push_indentation(out: &mut String, indentation: &str) {
    if !indentation.bytes().all(|b| b == b' ' || b == b'\t') {
        out.push_str(indentation);
        return;
    }
    let columns = indentation.bytes().fold(0, |column, b| match b {
        b'\t' => (column / TAB_WIDTH + 1) * TAB_WIDTH,
        _ => column + 1,
    });
    out.extend(std::iter::repeat('\t').take(columns / TAB_WIDTH));
    out.extend(std::iter::repeat(' ').take(columns % TAB_WIDTH));
}

/// `text`, a module's code, with each top-level item on one line and each run of
/// whitespace and comments inside an item made one space, or nothing next to a bracket, a
/// comma or a semicolon (they never join a neighbour into another token), nor between a
/// word and a mark (`a+b`, `x:u8`, `=>0`), nor between two marks that make no token of two
/// (`:&`, `=-`, but `= =`).
///
/// # Complexity
/// O(text bytes).
///
/// # Errors
/// When `text` does not lex.
pub fn minify(text: &str) -> Result<String, String> {
    let tokens = lex(text)?;
    let token_text = |t: &Token| &text[t.start..t.end];
    let is_gap = |t: &Token| matches!(t.kind, Kind::Space | Kind::Comment | Kind::DocComment);
    let tight = |t: Option<&Token>| {
        t.map_or(true, |t| {
            t.kind == Kind::Punct
                && matches!(token_text(t), "(" | ")" | "[" | "]" | "{" | "}" | "," | ";")
        })
    };
    // Whether the tokens `a` and `b` need a space between them. Two words (identifiers,
    // keywords, literals, lifetimes) do. A word and a mark never join into another token,
    // but for `#` after a word (`r#`, and the prefixes 2021 reserves) and `.` after a literal
    // (`1.` is a float). Two marks join when the last of one and the first of the other
    // begin a token or a comment.
    let apart = |a: &Token, b: &Token| {
        let (x, y) = (token_text(a), token_text(b));
        match (a.kind == Kind::Punct, b.kind == Kind::Punct) {
            (false, false) => true,
            (true, false) => false,
            (false, true) => y == "#" || (a.kind == Kind::Literal && y == "."),
            (true, true) => {
                let pair: String = x
                    .chars()
                    .last()
                    .into_iter()
                    .chain(y.chars().next())
                    .collect();
                JOINING.contains(&pair.as_str())
            }
        }
    };
    // Tokens that go like whitespace: a comma before a closing brace or bracket, which
    // nothing needs, and the `(crate)` of `pub(crate)`, a library the binary's own module.
    let code: Vec<usize> = (0..tokens.len()).filter(|&k| !is_gap(&tokens[k])).collect();
    let mut dropped = vec![false; tokens.len()];
    for (j, &k) in code.iter().enumerate() {
        let next = |n: usize| code.get(j + n).map_or("", |&k| token_text(&tokens[k]));
        if token_text(&tokens[k]) == "," && matches!(next(1), "}" | "]") {
            dropped[k] = true;
        }
        if token_text(&tokens[k]) == "pub" && [next(1), next(2), next(3)] == ["(", "crate", ")"] {
            (1..=3).for_each(|n| dropped[code[j + n]] = true);
        }
    }
    let is_gap = |k: usize| is_gap(&tokens[k]) || dropped[k];
    let mut out = String::with_capacity(text.len());
    // Brackets of every kind open: a line break outside them all ends an item.
    let (mut depth, mut i) = (0usize, 0);
    while i < tokens.len() {
        let t = token_text(&tokens[i]);
        if !is_gap(i) {
            depth = match (tokens[i].kind, t) {
                (Kind::Punct, "{" | "(" | "[") => depth + 1,
                (Kind::Punct, "}" | ")" | "]") => depth.saturating_sub(1),
                _ => depth,
            };
            out.push_str(t);
            i += 1;
            continue;
        }
        let end = (i..tokens.len())
            .find(|&k| !is_gap(k))
            .unwrap_or(tokens.len());
        let before = (0..i).rev().find(|&k| !is_gap(k)).map(|k| &tokens[k]);
        let after = tokens.get(end);
        let newline = tokens[i..end].iter().any(|t| token_text(t).contains('\n'));
        // At either end of the text, `tight` keeps out the space, this test the line break.
        if depth == 0 && newline && before.is_some() && after.is_some() {
            out.push('\n');
        } else if !tight(before) && !tight(after) && apart(before.unwrap(), after.unwrap()) {
            out.push(' ');
        }
        i = end;
    }
    Ok(out)
}
