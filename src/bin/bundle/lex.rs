//! The lexer: Rust source as tokens, so that the bundler never edits inside a string or char
//! literal and knows a comment when it drops one, and [`Code`], the code tokens of a file with
//! their matching delimiters, which every later pass walks.
//!
//! The lexer only tells apart what the bundler needs: spaces, plain and doc comments,
//! identifiers (keywords included), lifetimes, literals and punctuation (`::`, `->` and `=>`
//! as one token). It depends on nothing else in the bundler, so tests include this file alone.

/// What a token is; only the distinctions the bundler needs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    Space,
    Comment,
    DocComment,
    Ident,
    Lifetime,
    Literal,
    Punct,
}

/// A token: its kind and its bytes `start..end` in the source.
#[derive(Clone, Copy, Debug)]
pub struct Token {
    pub kind: Kind,
    pub start: usize,
    pub end: usize,
}

impl Token {
    pub fn is_code(&self) -> bool {
        !matches!(self.kind, Kind::Space | Kind::Comment | Kind::DocComment)
    }
}

/// The 1-based line of byte `at`.
fn line_of(src: &str, at: usize) -> usize {
    src.as_bytes()[..at.min(src.len())]
        .iter()
        .filter(|&&b| b == b'\n')
        .count()
        + 1
}

fn is_ident_start(c: char) -> bool {
    c == '_' || c.is_alphabetic()
}

/// Splits Rust source into tokens; the tokens' texts concatenate to the source.
///
/// Strings (with escapes), raw strings `r#"..."#`, byte and C strings, char and byte
/// literals are single tokens, told apart from lifetimes; block comments nest.
///
/// # Complexity
/// O(source bytes).
///
/// # Errors
/// An unterminated comment or literal, with its line.
pub fn lex(src: &str) -> Result<Vec<Token>, String> {
    let bytes = src.as_bytes();
    let mut tokens = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        let start = i;
        let rest = &src[i..];
        let c = rest.chars().next().unwrap_or(' ');
        let kind = if c.is_whitespace() {
            i += rest
                .find(|c: char| !c.is_whitespace())
                .unwrap_or(rest.len());
            Kind::Space
        } else if rest.starts_with("//") {
            i += rest.find('\n').unwrap_or(rest.len());
            comment_kind(&src[start..i])
        } else if rest.starts_with("/*") {
            i = block_comment_end(src, i)?;
            comment_kind(&src[start..i])
        } else if c == '\'' {
            let (end, kind) = quote_end(src, i)?;
            i = end;
            kind
        } else if c == '"' {
            i = string_end(src, i + 1)?;
            Kind::Literal
        } else if let Some(end) = prefixed_literal_end(src, i)? {
            i = end;
            Kind::Literal
        } else if is_ident_start(c) {
            if rest.starts_with("r#") && rest[2..].starts_with(is_ident_start) {
                i += 2;
            }
            i = ident_end(src, i);
            Kind::Ident
        } else if c.is_ascii_digit() {
            i = number_end(bytes, i);
            Kind::Literal
        } else {
            let two = ["::", "->", "=>"].iter().any(|p| rest.starts_with(p));
            i += if two { 2 } else { c.len_utf8() };
            Kind::Punct
        };
        tokens.push(Token {
            kind,
            start,
            end: i,
        });
    }
    Ok(tokens)
}

/// Doc comments are `///` (not `////`), `//!`, `/** */` (not `/***` or `/**/`) and `/*! */`.
fn comment_kind(text: &str) -> Kind {
    let doc = (text.starts_with("///") && !text.starts_with("////"))
        || text.starts_with("//!")
        || (text.starts_with("/**") && !text.starts_with("/***") && text != "/**/")
        || text.starts_with("/*!");
    if doc {
        Kind::DocComment
    } else {
        Kind::Comment
    }
}

/// The end of the (nested) block comment starting at `i`.
fn block_comment_end(src: &str, i: usize) -> Result<usize, String> {
    let bytes = src.as_bytes();
    let mut depth = 0;
    let mut j = i;
    while j < bytes.len() {
        if bytes[j..].starts_with(b"/*") {
            depth += 1;
            j += 2;
        } else if bytes[j..].starts_with(b"*/") {
            depth -= 1;
            j += 2;
            if depth == 0 {
                return Ok(j);
            }
        } else {
            j += 1;
        }
    }
    Err(format!(
        "line {}: unterminated block comment",
        line_of(src, i)
    ))
}

/// At a `'`: a char literal (`'a'`, `'\''`, `'"'`) or a lifetime or label (`'a`).
fn quote_end(src: &str, i: usize) -> Result<(usize, Kind), String> {
    let bytes = src.as_bytes();
    match src[i + 1..].chars().next() {
        Some('\\') => {
            // Skip the backslash and the escaped character, then find the closing quote.
            let mut j = i + 3;
            while j < bytes.len() && bytes[j] != b'\'' && bytes[j] != b'\n' {
                j += 1;
            }
            if bytes.get(j) == Some(&b'\'') {
                Ok((j + 1, Kind::Literal))
            } else {
                Err(format!(
                    "line {}: unterminated char literal",
                    line_of(src, i)
                ))
            }
        }
        Some(c) => {
            let after = i + 1 + c.len_utf8();
            if bytes.get(after) == Some(&b'\'') {
                Ok((after + 1, Kind::Literal))
            } else if is_ident_start(c) {
                Ok((ident_end(src, i + 1), Kind::Lifetime))
            } else {
                Err(format!("line {}: stray quote", line_of(src, i)))
            }
        }
        None => Err(format!("line {}: stray quote", line_of(src, i))),
    }
}

/// The end of a string whose opening quote is just before `j`.
fn string_end(src: &str, mut j: usize) -> Result<usize, String> {
    let bytes = src.as_bytes();
    while j < bytes.len() {
        match bytes[j] {
            b'\\' => j += 2,
            b'"' => return Ok(j + 1),
            _ => j += 1,
        }
    }
    Err(format!("line {}: unterminated string", line_of(src, j)))
}

/// The end of a literal with a letter prefix starting at `i` (`b'x'`, `b"..."`, `c"..."`,
/// `r#"..."#`, `br"..."`, `cr"..."`), or `None` when `i` starts an identifier.
fn prefixed_literal_end(src: &str, i: usize) -> Result<Option<usize>, String> {
    let bytes = src.as_bytes();
    let rest = &bytes[i..];
    if rest.starts_with(b"b'") {
        return match quote_end(src, i + 1)? {
            (end, Kind::Literal) => Ok(Some(end)),
            _ => Err(format!("line {}: bad byte literal", line_of(src, i))),
        };
    }
    let (prefix, raw) = if rest.starts_with(b"br") || rest.starts_with(b"cr") {
        (2, true)
    } else if rest.starts_with(b"b") || rest.starts_with(b"c") {
        (1, false)
    } else if rest.starts_with(b"r") {
        (1, true)
    } else {
        return Ok(None);
    };
    let mut j = i + prefix;
    if !raw {
        return if bytes.get(j) == Some(&b'"') {
            Ok(Some(string_end(src, j + 1)?))
        } else {
            Ok(None)
        };
    }
    let hashes = bytes[j..].iter().take_while(|&&b| b == b'#').count();
    if bytes.get(j + hashes) != Some(&b'"') {
        return Ok(None);
    }
    j += hashes + 1;
    while j < bytes.len() {
        if bytes[j] == b'"'
            && bytes[j + 1..]
                .iter()
                .take(hashes)
                .filter(|&&b| b == b'#')
                .count()
                == hashes
        {
            return Ok(Some(j + 1 + hashes));
        }
        j += 1;
    }
    Err(format!("line {}: unterminated raw string", line_of(src, i)))
}

fn ident_end(src: &str, i: usize) -> usize {
    let rest = &src[i..];
    i + rest
        .find(|c: char| !(c == '_' || c.is_alphanumeric()))
        .unwrap_or(rest.len())
}

/// Numbers need only not swallow anything that matters: `1..2`, `x.0.1`, `1e-3`, `0xE-1`.
fn number_end(bytes: &[u8], i: usize) -> usize {
    let radix = bytes[i] == b'0' && matches!(bytes.get(i + 1), Some(b'x' | b'o' | b'b'));
    let decimal = |j: usize| {
        bytes[i..j]
            .iter()
            .all(|b| b.is_ascii_digit() || b"_.".contains(b))
    };
    let mut j = i;
    while j < bytes.len() {
        let b = bytes[j];
        let fraction = b == b'.'
            && !radix
            && !bytes[i..j].contains(&b'.')
            && bytes.get(j + 1).map_or(false, u8::is_ascii_digit);
        let exponent_sign =
            b"+-".contains(&b) && !radix && b"eE".contains(&bytes[j - 1]) && decimal(j - 1);
        if b.is_ascii_alphanumeric() || b == b'_' || fraction || exponent_sign {
            j += 1;
        } else {
            break;
        }
    }
    j
}

/// A source text with its tokens, the positions of its code tokens (not spaces or comments),
/// and matching delimiters among those.
pub struct Code {
    pub text: String,
    pub tokens: Vec<Token>,
    /// Token index of each code token; "positions" elsewhere index this.
    pub code: Vec<usize>,
    /// For a delimiter at a position, the position of its partner.
    pub partner: Vec<usize>,
}

impl Code {
    /// Lexes `text` and matches its delimiters; errors start with `file`.
    pub fn new(text: String, file: &str) -> Result<Code, String> {
        let at = |e: String| format!("{file}: {e}");
        let tokens = lex(&text).map_err(at)?;
        let code: Vec<usize> = (0..tokens.len()).filter(|&i| tokens[i].is_code()).collect();
        let mut partner = vec![usize::MAX; code.len()];
        let mut open: Vec<usize> = Vec::new();
        for (p, &i) in code.iter().enumerate() {
            let t = &text[tokens[i].start..tokens[i].end];
            let line = || line_of(&text, tokens[i].start);
            if matches!(t, "(" | "[" | "{") {
                open.push(p);
            } else if matches!(t, ")" | "]" | "}") {
                let o = match open.pop() {
                    Some(o) => o,
                    None => return Err(at(format!("line {}: unmatched {t}", line()))),
                };
                let ot = &text[tokens[code[o]].start..tokens[code[o]].end];
                if !matches!((ot, t), ("(", ")") | ("[", "]") | ("{", "}")) {
                    return Err(at(format!("line {}: {ot} closed by {t}", line())));
                }
                partner[o] = p;
                partner[p] = o;
            }
        }
        if let Some(&o) = open.last() {
            let line = line_of(&text, tokens[code[o]].start);
            return Err(at(format!("line {line}: unclosed delimiter")));
        }
        Ok(Code {
            text,
            tokens,
            code,
            partner,
        })
    }

    /// The number of code tokens.
    pub fn len(&self) -> usize {
        self.code.len()
    }

    /// The text of the code token at position `p`, or "" outside.
    pub fn t(&self, p: usize) -> &str {
        match self.code.get(p) {
            Some(&i) => &self.text[self.tokens[i].start..self.tokens[i].end],
            None => "",
        }
    }

    /// The text of the code token before position `p`, or "" at the start.
    pub fn before(&self, p: usize) -> &str {
        if p == 0 {
            ""
        } else {
            self.t(p - 1)
        }
    }

    pub fn kind(&self, p: usize) -> Option<Kind> {
        self.code.get(p).map(|&i| self.tokens[i].kind)
    }

    pub fn is_ident(&self, p: usize) -> bool {
        self.kind(p) == Some(Kind::Ident)
    }

    /// The 1-based line of position `p`.
    pub fn line(&self, p: usize) -> usize {
        line_of(&self.text, self.tokens[self.code[p]].start)
    }

    /// The source text from code position `from` to the end of position `to - 1`.
    pub fn slice(&self, from: usize, to: usize) -> &str {
        &self.text[self.tokens[self.code[from]].start..self.tokens[self.code[to - 1]].end]
    }

    /// Positions of the comma-separated parts of `from..to`, delimiters skipped.
    pub fn split_commas(&self, from: usize, to: usize) -> Vec<(usize, usize)> {
        let mut parts = Vec::new();
        let mut start = from;
        let mut p = from;
        while p < to {
            if matches!(self.t(p), "(" | "[" | "{") {
                p = self.partner[p] + 1;
                continue;
            }
            if self.t(p) == "," {
                parts.push((start, p));
                start = p + 1;
            }
            p += 1;
        }
        if start < to {
            parts.push((start, to));
        }
        parts
    }
}
