//! Layout: turning token edits back into text. [`Edits`] records which tokens of a file go and
//! which are replaced; [`render`] applies them so that removed code takes its own lines with
//! it; [`indent`] nests a file's text inside `mod x { .. }`; [`tidy`] evens out the blank
//! lines of the finished bundle. Only whitespace next to edited code changes.

use crate::lex::{lex, Code, Kind};
use std::collections::BTreeMap;

/// One nesting level while the bundle is put together, as in the sources; the finished bundle
/// has a tab for it ([`crate::compact::tabs`]).
pub const INDENT: &str = "    ";

/// Token edits of one source file: tokens removed, tokens replaced by a text.
#[derive(Clone)]
pub struct Edits {
    pub removed: Vec<bool>,
    pub replace: BTreeMap<usize, String>,
}

impl Edits {
    /// No edits yet.
    pub fn new(code: &Code) -> Edits {
        Edits {
            removed: vec![false; code.tokens.len()],
            replace: BTreeMap::new(),
        }
    }

    /// Removes the tokens from code position `from` to just before `to`, spaces and comments
    /// between them included.
    pub fn remove(&mut self, code: &Code, from: usize, to: usize) {
        if from < to {
            let (a, b) = (code.code[from], code.code[to - 1] + 1);
            self.removed[a..b].iter_mut().for_each(|r| *r = true);
        }
    }

    /// Whether the code token at position `p` stays.
    pub fn keeps(&self, code: &Code, p: usize) -> bool {
        !self.removed[code.code[p]]
    }
}

/// The text of `code` with `edits` applied. A removed run of tokens that had its lines to
/// itself takes those lines with it (a comment left at the end of its last line goes later,
/// with every plain comment: see [`crate::compact`]).
pub fn render(code: &Code, edits: &Edits) -> String {
    let tokens = &code.tokens;
    let n = tokens.len();
    let is_space = |i: usize| tokens[i].kind == Kind::Space;
    let mut removed = edits.removed.clone();
    for i in 1..n.saturating_sub(1) {
        if is_space(i) && removed[i - 1] && removed[i + 1] {
            removed[i] = true;
        }
    }
    let mut spans: Vec<(usize, usize)> = tokens.iter().map(|t| (t.start, t.end)).collect();
    let has_newline = |i: usize| code.text[tokens[i].start..tokens[i].end].contains('\n');
    let mut i = 0;
    while i < n {
        if !removed[i] {
            i += 1;
            continue;
        }
        let a = i;
        while i < n && removed[i] {
            i += 1;
        }
        let own_lines_before = a == 0 || (is_space(a - 1) && has_newline(a - 1));
        let own_lines_after = i == n || (is_space(i) && has_newline(i));
        if own_lines_before && own_lines_after {
            if a > 0 {
                let (s, e) = spans[a - 1];
                spans[a - 1].1 = s + code.text[s..e].rfind('\n').map_or(0, |k| k + 1);
            }
            if i < n {
                let (s, e) = spans[i];
                spans[i].0 = s + code.text[s..e].find('\n').map_or(0, |k| k + 1);
            }
        }
    }
    let mut out = String::with_capacity(code.text.len());
    for i in (0..n).filter(|&i| !removed[i]) {
        match edits.replace.get(&i) {
            Some(text) => out.push_str(text),
            None => out.push_str(&code.text[spans[i].0..spans[i].1]),
        }
    }
    out
}

/// The indentation of the line where code position `p` stands.
pub fn line_indent(code: &Code, p: usize) -> &str {
    let start = code.tokens[code.code[p]].start;
    let line = &code.text[code.text[..start].rfind('\n').map_or(0, |k| k + 1)..start];
    &line[..line.len() - line.trim_start().len()]
}

/// Indents every line of `text` that starts outside a token (not inside a multi-line string
/// or comment) and is not blank.
pub fn indent(text: &str, prefix: &str) -> Result<String, String> {
    let tokens = lex(text)?;
    let mut out = String::with_capacity(text.len() * 11 / 10);
    for (i, token) in tokens.iter().enumerate() {
        let t = &text[token.start..token.end];
        if i == 0 && token.kind != Kind::Space {
            out.push_str(prefix);
        }
        if token.kind != Kind::Space {
            out.push_str(t);
            continue;
        }
        let last = i + 1 == tokens.len();
        let mut chars = t.chars().peekable();
        while let Some(c) = chars.next() {
            out.push(c);
            let next = chars.peek();
            if c == '\n' && next != Some(&'\n') && !(next.is_none() && last) {
                out.push_str(prefix);
            }
        }
    }
    Ok(out)
}

/// Normalises whitespace between tokens: no trailing spaces, at most one blank line, none
/// right after `{` or before `}`, none at the start, one newline at the end.
pub fn tidy(text: &str) -> Result<String, String> {
    let tokens = lex(text)?;
    let token_text = |i: usize| &text[tokens[i].start..tokens[i].end];
    let mut out = String::with_capacity(text.len());
    for (i, token) in tokens.iter().enumerate() {
        let t = token_text(i);
        if token.kind != Kind::Space || !t.contains('\n') {
            if token.kind != Kind::Space || i > 0 {
                out.push_str(t);
            }
            continue;
        }
        let mut max_newlines = 2;
        if i == 0 || i + 1 == tokens.len() {
            max_newlines = 0;
        } else if token_text(i - 1) == "{" || token_text(i + 1) == "}" {
            max_newlines = 1;
        }
        let newlines = t.matches('\n').count().min(max_newlines);
        for _ in 0..newlines {
            out.push('\n');
        }
        if newlines > 0 {
            out.push_str(&t[t.rfind('\n').map_or(0, |k| k + 1)..]);
        }
    }
    let mut out = out.trim_end().to_string();
    out.push('\n');
    Ok(out)
}
