//! `bundle`: one problem binary and the library modules it reaches, as one `.rs` file that a
//! judge compiles alone.
//!
//! ```text
//! cargo run --release --bin bundle -- marble_diamond > submit.rs
//! cargo run --release --bin bundle -- --root DIR NAME
//! ```
//!
//! The bundle is the binary's code followed by `mod combgames { ... }` (the library crate's
//! name), which holds the library modules the binary reaches, transitively, nested as in
//! `src/`. The binary's `combgames::` paths become `crate::combgames::` and the library's
//! `crate::` paths (and `$crate::`) become `crate::combgames::`; `super::`, `self::` and
//! `pub(crate)` keep working because the nesting is kept. Test code (`#[test]` functions,
//! items under a `#[cfg(..)]` that is false without `test`) and doc comments are dropped.
//!
//! Everything works on tokens from a small lexer, so string and char literals are never
//! touched, and only whitespace next to removed code is reformatted.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// Some judges reject sources of 64 KiB or more.
const MAX_BYTES: usize = 64 * 1024;

/// One nesting level in the bundle.
const INDENT: &str = "    ";

const USAGE: &str = "usage: bundle [--root CRATE_DIR] BINARY
Prints src/bin/BINARY.rs (or src/bin/BINARY/main.rs) and the library modules it uses as one
self-contained .rs file on stdout, and its size on stderr. CRATE_DIR (default: this crate) holds
Cargo.toml, src/lib.rs and src/bin/.";

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let mut root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let mut binary = None;
    let mut i = 0;
    while i < args.len() {
        match args[i].as_str() {
            "-h" | "--help" => {
                println!("{USAGE}");
                return ExitCode::SUCCESS;
            }
            "--root" if i + 1 < args.len() => {
                root = PathBuf::from(&args[i + 1]);
                i += 1;
            }
            name if binary.is_none() && !name.starts_with('-') => binary = Some(name.to_string()),
            _ => {
                eprintln!("{USAGE}");
                return ExitCode::FAILURE;
            }
        }
        i += 1;
    }
    let Some(binary) = binary else {
        eprintln!("{USAGE}");
        return ExitCode::FAILURE;
    };
    match bundle(&root, &binary) {
        Ok(bundle) => {
            let mut out = std::io::stdout().lock();
            let written = out
                .write_all(bundle.text.as_bytes())
                .and_then(|()| out.flush());
            if let Err(e) = written {
                eprintln!("error: writing the bundle: {e}");
                return ExitCode::FAILURE;
            }
            let modules = if bundle.modules.is_empty() {
                "none".to_string()
            } else {
                bundle.modules.join(", ")
            };
            eprintln!(
                "{binary}: {} bytes; library modules: {modules}",
                bundle.text.len()
            );
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::FAILURE
        }
    }
}

/// A finished bundle.
pub struct Bundle {
    /// The source file.
    pub text: String,
    /// The library modules inlined, as `a`, `a::b`, in sorted order.
    pub modules: Vec<String>,
}

/// Bundles binary `name` of the crate in `root`.
///
/// # Complexity
/// O(source bytes of the binary and the library) per pass, a few passes.
///
/// # Errors
/// A message when a file cannot be read or lexed, a module file is missing, or the bundle
/// reaches [`MAX_BYTES`].
pub fn bundle(root: &Path, name: &str) -> Result<Bundle, String> {
    let manifest = Manifest::read(root)?;
    let bin_file = manifest.binary(root, name)?;
    let bin = Crate::load(&bin_file)?;
    let lib = if manifest.lib_path.is_file() {
        Some(Crate::load(&manifest.lib_path)?)
    } else {
        None
    };
    let mut bundler = Bundler::new(&manifest.lib_name, &bin, lib.as_ref());
    bundler.reach_everything();
    let text = bundler.emit(name)?;
    if text.len() >= MAX_BYTES {
        return Err(format!(
            "the bundle of {name} is {} bytes: it must stay under {MAX_BYTES}, as some judges \
             reject larger sources",
            text.len()
        ));
    }
    let modules = match &lib {
        Some(lib) => bundler
            .reached
            .iter()
            .map(|&m| lib.modules[m].path.join("::"))
            .filter(|p| !p.is_empty())
            .collect::<BTreeSet<_>>()
            .into_iter()
            .collect(),
        None => Vec::new(),
    };
    Ok(Bundle { text, modules })
}

// ------------------------------------------------------------------------------------------
// Cargo.toml

/// What the bundler needs from `Cargo.toml`.
struct Manifest {
    lib_name: String,
    lib_path: PathBuf,
    /// `[[bin]]` entries with an explicit path: name -> path.
    bin_paths: BTreeMap<String, PathBuf>,
}

impl Manifest {
    /// Reads the few keys used: `[package] name`, `[lib] name/path`, `[[bin]] name/path`.
    fn read(root: &Path) -> Result<Manifest, String> {
        let file = root.join("Cargo.toml");
        let text = fs::read_to_string(&file)
            .map_err(|e| format!("cannot read {}: {e}", file.display()))?;
        let mut section = String::new();
        let mut package_name = None;
        let mut lib_name = None;
        let mut lib_path = None;
        let mut bin_paths = BTreeMap::new();
        let mut bin_entry: (Option<String>, Option<String>) = (None, None);
        let mut flush_bin = |entry: &mut (Option<String>, Option<String>)| {
            if let (Some(name), Some(path)) = entry.clone() {
                bin_paths.insert(name, root.join(path));
            }
            *entry = (None, None);
        };
        for line in text.lines() {
            let line = line.trim();
            if line.starts_with('[') {
                flush_bin(&mut bin_entry);
                section = line.to_string();
                continue;
            }
            let Some((key, value)) = line.split_once('=') else {
                continue;
            };
            let value = value
                .trim()
                .trim_matches(|c| c == '"' || c == '\'')
                .to_string();
            match (section.as_str(), key.trim()) {
                ("[package]", "name") => package_name = Some(value),
                ("[lib]", "name") => lib_name = Some(value),
                ("[lib]", "path") => lib_path = Some(value),
                ("[[bin]]", "name") => bin_entry.0 = Some(value),
                ("[[bin]]", "path") => bin_entry.1 = Some(value),
                _ => {}
            }
        }
        flush_bin(&mut bin_entry);
        let name = lib_name
            .or(package_name)
            .ok_or_else(|| format!("{} has no [package] name", file.display()))?;
        Ok(Manifest {
            lib_name: name.replace('-', "_"),
            lib_path: root.join(lib_path.unwrap_or_else(|| "src/lib.rs".to_string())),
            bin_paths,
        })
    }

    /// The root source file of binary `name`.
    fn binary(&self, root: &Path, name: &str) -> Result<PathBuf, String> {
        if let Some(path) = self.bin_paths.get(name) {
            return Ok(path.clone());
        }
        let bin = root.join("src").join("bin");
        let candidates = [
            bin.join(format!("{name}.rs")),
            bin.join(name).join("main.rs"),
        ];
        candidates
            .iter()
            .find(|path| path.is_file())
            .cloned()
            .ok_or_else(|| {
                format!(
                    "no binary {name}: neither {} nor {} exists",
                    candidates[0].display(),
                    candidates[1].display()
                )
            })
    }
}

// ------------------------------------------------------------------------------------------
// Lexer

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
    fn is_code(&self) -> bool {
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

// ------------------------------------------------------------------------------------------
// Source code as tokens

/// A source text with its tokens, the positions of its code tokens (not spaces or comments),
/// and matching delimiters among those.
struct Code {
    text: String,
    tokens: Vec<Token>,
    /// Token index of each code token; "positions" below index this.
    code: Vec<usize>,
    /// For a delimiter at a position, the position of its partner.
    partner: Vec<usize>,
}

impl Code {
    fn new(text: String, file: &Path) -> Result<Code, String> {
        let at = |e: String| format!("{}: {e}", file.display());
        let tokens = lex(&text).map_err(at)?;
        let code: Vec<usize> = (0..tokens.len()).filter(|&i| tokens[i].is_code()).collect();
        let mut partner = vec![usize::MAX; code.len()];
        let mut open: Vec<usize> = Vec::new();
        for p in 0..code.len() {
            let token = tokens[code[p]];
            let t = &text[token.start..token.end];
            if matches!(t, "(" | "[" | "{") {
                open.push(p);
            } else if matches!(t, ")" | "]" | "}") {
                let Some(o) = open.pop() else {
                    return Err(at(format!(
                        "line {}: unmatched {t}",
                        line_of(&text, token.start)
                    )));
                };
                let ot = &text[tokens[code[o]].start..tokens[code[o]].end];
                if !matches!((ot, t), ("(", ")") | ("[", "]") | ("{", "}")) {
                    return Err(at(format!(
                        "line {}: {ot} closed by {t}",
                        line_of(&text, token.start)
                    )));
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

    fn len(&self) -> usize {
        self.code.len()
    }

    /// The text of the code token at position `p`, or "" outside.
    fn t(&self, p: usize) -> &str {
        match self.code.get(p) {
            Some(&i) => &self.text[self.tokens[i].start..self.tokens[i].end],
            None => "",
        }
    }

    /// The text of the code token before position `p`, or "" at the start.
    fn before(&self, p: usize) -> &str {
        if p == 0 {
            ""
        } else {
            self.t(p - 1)
        }
    }

    fn kind(&self, p: usize) -> Option<Kind> {
        self.code.get(p).map(|&i| self.tokens[i].kind)
    }

    fn is_ident(&self, p: usize) -> bool {
        self.kind(p) == Some(Kind::Ident)
    }

    /// Whether the token at `p` continues a path into a following `::` (`a::`, `<T>::`),
    /// rather than `::` starting an absolute path (`use ::a`, `(::a`).
    fn continues_path(&self, p: usize) -> bool {
        (self.is_ident(p) && !KEYWORDS.contains(&self.t(p))) || self.t(p) == ">"
    }

    /// Positions of the comma-separated parts of `from..to`, delimiters skipped.
    fn split_commas(&self, from: usize, to: usize) -> Vec<(usize, usize)> {
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

    /// Token indices `first..last` covering code positions `from..to`.
    fn token_range(&self, from: usize, to: usize) -> (usize, usize) {
        (self.code[from], self.code[to - 1] + 1)
    }
}

/// Keywords that can stand before a path's leading `::`.
const KEYWORDS: &[&str] = &[
    "as", "async", "await", "break", "const", "continue", "crate", "dyn", "else", "enum", "extern",
    "fn", "for", "if", "impl", "in", "let", "loop", "match", "mod", "move", "mut", "pub", "ref",
    "return", "static", "struct", "trait", "type", "unsafe", "use", "where", "while",
];

/// After the attributes of an item, skips `pub`, `pub(..)`, `unsafe`, `async`, `default`,
/// `extern "C"` and the `const` of `const fn`, to the keyword that tells the item's kind.
fn skip_qualifiers(code: &Code, mut p: usize) -> usize {
    loop {
        match code.t(p) {
            "pub" => {
                p += 1;
                if code.t(p) == "(" {
                    p = code.partner[p] + 1;
                }
            }
            "unsafe" | "async" | "default" => p += 1,
            "extern" if code.kind(p + 1) == Some(Kind::Literal) => p += 2,
            "const" if matches!(code.t(p + 1), "fn" | "unsafe" | "async" | "extern") => p += 1,
            _ => return p,
        }
    }
}

/// The position just past the item, statement, field or arm starting at `p` (after its
/// attributes): its `;` or `,`, or its closing `}` (with an `else` chain or a trailing comma),
/// or the enclosing closing delimiter, whichever comes first.
fn item_end(code: &Code, p: usize) -> usize {
    let n = code.len();
    let mut p = skip_qualifiers(code, p);
    let until_semicolon = matches!(code.t(p), "const" | "static" | "type" | "use" | "let")
        || (code.t(p) == "extern" && code.t(p + 1) == "crate");
    // Commas end fields and match arms, but not the where clauses of items.
    let comma_ends = !until_semicolon
        && !matches!(
            code.t(p),
            "fn" | "impl" | "struct" | "enum" | "union" | "trait" | "mod" | "extern"
        );
    let mut angle = 0i32;
    while p < n {
        let t = code.t(p);
        if matches!(t, "(" | "[" | "{") {
            let close = code.partner[p];
            if t == "{" && !until_semicolon && angle <= 0 {
                let next = close + 1;
                if code.t(next) == "else" {
                    p = next + 1;
                    continue;
                }
                return if code.t(next) == "," { next + 1 } else { next };
            }
            p = close + 1;
            continue;
        }
        match t {
            ")" | "]" | "}" => return p,
            ";" => return p + 1,
            "," if comma_ends && angle <= 0 => return p + 1,
            "<" if !until_semicolon => angle += 1,
            ">" if !until_semicolon => angle -= 1,
            _ => {}
        }
        p += 1;
    }
    n
}

/// What an attribute `#[..]` or `#![..]` means to the bundler.
#[derive(PartialEq, Eq)]
enum Attr {
    /// `#[test]`: drop the item.
    Test,
    /// `#[cfg(p)]` with `p` false whatever other options are set, given that `test` and
    /// `doctest` are unset: drop the item.
    CfgFalse,
    /// `#[doc ..]`: drop the attribute.
    Doc,
    Keep,
}

/// Classifies the attribute whose content (inside the brackets) is at positions `from..to`.
fn classify_attr(code: &Code, from: usize, to: usize) -> Attr {
    match code.t(from) {
        "test" if from + 1 == to => Attr::Test,
        "doc" => Attr::Doc,
        "cfg" if code.t(from + 1) == "(" && code.partner[from + 1] + 1 == to => {
            if cfg_value(code, from + 2, to - 1) == Some(false) {
                Attr::CfgFalse
            } else {
                Attr::Keep
            }
        }
        _ => Attr::Keep,
    }
}

/// The value of the cfg predicate at positions `from..to` when `test` and `doctest` are
/// unset, or `None` when it depends on other options.
fn cfg_value(code: &Code, from: usize, to: usize) -> Option<bool> {
    let name = code.t(from);
    if from + 1 == to {
        return if matches!(name, "test" | "doctest") {
            Some(false)
        } else {
            None
        };
    }
    if code.t(from + 1) != "(" || code.partner[from + 1] + 1 != to {
        return None;
    }
    let args: Vec<Option<bool>> = code
        .split_commas(from + 2, to - 1)
        .into_iter()
        .map(|(a, b)| cfg_value(code, a, b))
        .collect();
    match name {
        "all" if args.contains(&Some(false)) => Some(false),
        "all" if args.iter().all(|v| *v == Some(true)) => Some(true),
        "any" if args.contains(&Some(true)) => Some(true),
        "any" if args.iter().all(|v| *v == Some(false)) => Some(false),
        "not" if args.len() == 1 => args[0].map(|v| !v),
        _ => None,
    }
}

/// Removes test code and doc comments from `code`; also says whether the file is disabled as
/// a whole by an inner `#![cfg(..)]` that is false.
fn strip(code: &Code) -> (String, bool) {
    // In the input of a macro call, a doc comment or `#[doc]` is an attribute that the macro
    // may match (`$(#[$meta:meta])*`): it becomes an empty `#[doc = ""]` instead of going.
    let mut macro_input = vec![false; code.tokens.len()];
    for p in 1..code.len() {
        if code.t(p) == "!"
            && code.is_ident(p - 1)
            && code.t(p - 1) != "macro_rules"
            && matches!(code.t(p + 1), "(" | "[" | "{")
        {
            let (a, b) = (code.code[p + 1], code.code[code.partner[p + 1]]);
            macro_input[a..b].iter_mut().for_each(|m| *m = true);
        }
    }
    let mut edits = Edits {
        removed: vec![false; code.tokens.len()],
        replace: BTreeMap::new(),
    };
    let empty_doc = |inner: bool| format!("#{}[doc = \"\"]", if inner { "!" } else { "" });
    for (i, token) in code.tokens.iter().enumerate() {
        if token.kind == Kind::DocComment {
            if macro_input[i] {
                let inner = matches!(&code.text[token.start..token.start + 3], "//!" | "/*!");
                edits.replace.insert(i, empty_doc(inner));
            } else {
                edits.removed[i] = true;
            }
        }
    }
    // Drops the doc attribute at positions `from..to`.
    let drop_doc = |edits: &mut Edits, from: usize, to: usize, inner: bool| {
        remove_positions(code, from, to, &mut edits.removed);
        let first = code.code[from];
        if macro_input[first] {
            edits.removed[first] = false;
            edits.replace.insert(first, empty_doc(inner));
        }
    };
    let mut disabled = false;
    let mut depth = 0usize;
    let mut p = 0;
    while p < code.len() {
        match code.t(p) {
            "(" | "[" | "{" => depth += 1,
            ")" | "]" | "}" => depth = depth.saturating_sub(1),
            "#" if code.t(p + 1) == "!" && code.t(p + 2) == "[" => {
                let close = code.partner[p + 2];
                match classify_attr(code, p + 3, close) {
                    Attr::Doc => drop_doc(&mut edits, p, close + 1, true),
                    Attr::CfgFalse if depth == 0 => disabled = true,
                    _ => {}
                }
                p = close + 1;
                continue;
            }
            "#" if code.t(p + 1) == "[" => {
                let mut attrs = Vec::new();
                let mut q = p;
                while code.t(q) == "#" && code.t(q + 1) == "[" {
                    let close = code.partner[q + 1];
                    attrs.push((q, close + 1, classify_attr(code, q + 2, close)));
                    q = close + 1;
                }
                if attrs
                    .iter()
                    .any(|a| matches!(a.2, Attr::Test | Attr::CfgFalse))
                {
                    let end = item_end(code, q).max(q);
                    remove_positions(code, p, end, &mut edits.removed);
                    p = end;
                    continue;
                }
                for (a, b, attr) in attrs {
                    if attr == Attr::Doc {
                        drop_doc(&mut edits, a, b, false);
                    }
                }
                p = q;
                continue;
            }
            _ => {}
        }
        p += 1;
    }
    let text = render(code, &edits.removed, &edits.replace);
    (text, disabled)
}

/// The text of `code` without the removed tokens and with replaced ones. A removed run of
/// tokens that had its lines to itself takes those lines with it.
fn render(code: &Code, removed: &[bool], replace: &BTreeMap<usize, String>) -> String {
    let tokens = &code.tokens;
    let n = tokens.len();
    let is_space = |i: usize| tokens[i].kind == Kind::Space;
    let mut removed = removed.to_vec();
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
        if own_lines_before {
            // A line comment after removed code on its line goes with it.
            let j = if i < n && is_space(i) && !has_newline(i) {
                i + 1
            } else {
                i
            };
            let comment = j < n
                && tokens[j].kind == Kind::Comment
                && code.text[tokens[j].start..].starts_with("//");
            if comment && (j + 1 == n || has_newline(j + 1)) {
                removed[i..=j].iter_mut().for_each(|r| *r = true);
                i = j + 1;
            }
        }
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
    for i in 0..n {
        if removed[i] {
            continue;
        }
        match replace.get(&i) {
            Some(text) => out.push_str(text),
            None => out.push_str(&code.text[spans[i].0..spans[i].1]),
        }
    }
    out
}

/// Normalises whitespace between tokens: no trailing spaces, at most one blank line, none
/// right after `{` or before `}`, none at the start, one newline at the end.
fn tidy(text: &str) -> Result<String, String> {
    let tokens = lex(text)?;
    let code_text = |i: usize| {
        let t = tokens[i];
        &text[t.start..t.end]
    };
    let mut out = String::with_capacity(text.len());
    for (i, token) in tokens.iter().enumerate() {
        let t = code_text(i);
        if token.kind != Kind::Space || !t.contains('\n') {
            if token.kind != Kind::Space || i > 0 {
                out.push_str(t);
            }
            continue;
        }
        let prev_code = (0..i).rev().find(|&j| tokens[j].is_code()).map(code_text);
        let next_code = (i + 1..tokens.len())
            .find(|&j| tokens[j].is_code())
            .map(code_text);
        let mut max_newlines = 2;
        if i == 0 || i + 1 == tokens.len() {
            max_newlines = 0;
        } else if prev_code == Some("{") && tokens[i - 1].is_code()
            || next_code == Some("}") && tokens[i + 1].is_code()
        {
            max_newlines = 1;
        }
        let newlines = t.matches('\n').count().min(max_newlines);
        let indent = &t[t.rfind('\n').map_or(0, |k| k + 1)..];
        for _ in 0..newlines {
            out.push('\n');
        }
        if newlines > 0 {
            out.push_str(indent);
        }
    }
    let mut out = out.trim_end().to_string();
    out.push('\n');
    Ok(out)
}

/// Indents every line of `text` that starts outside a token (not inside a multi-line string
/// or comment) and is not blank.
fn indent(text: &str, prefix: &str) -> Result<String, String> {
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
        let bytes = t.as_bytes();
        for (k, &b) in bytes.iter().enumerate() {
            out.push(b as char);
            let next = bytes.get(k + 1);
            if b == b'\n' && next != Some(&b'\n') && !(next.is_none() && last) {
                out.push_str(prefix);
            }
        }
    }
    Ok(out)
}

// ------------------------------------------------------------------------------------------
// Items and modules

/// One leaf of a `use` tree: `a::b as c`, `a::*`.
#[derive(Clone, Debug)]
struct Leaf {
    segs: Vec<String>,
    /// Written with a leading `::`.
    absolute: bool,
    glob: bool,
    /// `as` name, including `_`.
    alias: Option<String>,
}

impl Leaf {
    /// The name the leaf brings into scope, if any.
    fn name(&self) -> Option<&str> {
        if self.glob {
            return None;
        }
        match &self.alias {
            Some(alias) if alias == "_" => None,
            Some(alias) => Some(alias),
            None => self.segs.last().map(String::as_str),
        }
    }
}

/// The leaves of the use tree at positions `from..to` (after `use`, before `;`).
fn use_leaves(code: &Code, from: usize, to: usize) -> Vec<Leaf> {
    let mut leaves = Vec::new();
    let absolute = code.t(from) == "::";
    use_tree(
        code,
        from + usize::from(absolute),
        to,
        Vec::new(),
        absolute,
        &mut leaves,
    );
    leaves
}

fn use_tree(
    code: &Code,
    mut p: usize,
    to: usize,
    mut segs: Vec<String>,
    absolute: bool,
    out: &mut Vec<Leaf>,
) {
    while p < to {
        match code.t(p) {
            "{" => {
                let close = code.partner[p];
                for (a, b) in code.split_commas(p + 1, close) {
                    use_tree(code, a, b, segs.clone(), absolute, out);
                }
                return;
            }
            "*" => {
                out.push(Leaf {
                    segs,
                    absolute,
                    glob: true,
                    alias: None,
                });
                return;
            }
            seg if code.is_ident(p) => {
                let seg = seg.to_string();
                if code.t(p + 1) == "::" {
                    segs.push(seg);
                    p += 2;
                    continue;
                }
                if seg != "self" {
                    segs.push(seg);
                }
                let alias = (code.t(p + 1) == "as").then(|| code.t(p + 2).to_string());
                out.push(Leaf {
                    segs,
                    absolute,
                    glob: false,
                    alias,
                });
                return;
            }
            _ => return,
        }
    }
}

/// The text of a use leaf, with the library's own paths rewritten.
fn leaf_text(leaf: &Leaf, lib_name: &str) -> String {
    let mut segs = leaf.segs.clone();
    if !leaf.absolute
        && matches!(segs.first().map(String::as_str), Some(s) if s == "crate" || s == lib_name)
    {
        segs[0] = format!("crate::{lib_name}");
    }
    let mut text = if leaf.absolute {
        "::".to_string()
    } else {
        String::new()
    };
    text.push_str(&segs.join("::"));
    if leaf.glob {
        text.push_str("::*");
    }
    if let Some(alias) = &leaf.alias {
        text.push_str(" as ");
        text.push_str(alias);
    }
    text
}

#[derive(Clone, Debug)]
enum ItemKind {
    InnerAttr,
    Mod {
        name: String,
        /// Positions inside the braces of an inline module.
        inline: Option<(usize, usize)>,
        /// A `#[path = ".."]` attribute: its value and positions.
        path: Option<(String, usize, usize)>,
        /// Has `#[macro_use]`: its macros stay visible after it.
        macro_use: bool,
    },
    Use {
        leaves: Vec<Leaf>,
        /// Positions of the visibility and `use`.
        keyword: usize,
    },
    ExternCrate {
        name: String,
        alias: Option<String>,
    },
    MacroRules {
        name: String,
        /// Positions of its `#[macro_export]`, if any.
        export: Option<(usize, usize)>,
        /// Its `#[cfg]` and `#[cfg_attr]` attributes, for the lines that re-export it.
        cfgs: String,
    },
    /// Items with a name: fn, struct, enum, union, trait, type, const, static.
    Named(String),
    Impl,
    /// Anything else, such as a macro call.
    Other,
}

/// A module-level item: positions `start..end`, attributes included.
#[derive(Clone, Debug)]
struct Item {
    start: usize,
    /// Position after the attributes.
    body: usize,
    end: usize,
    kind: ItemKind,
}

/// The items at positions `from..to` of a module body.
fn parse_items(code: &Code, from: usize, to: usize) -> Vec<Item> {
    let mut items = Vec::new();
    let mut p = from;
    while p < to {
        let start = p;
        if code.t(p) == "#" && code.t(p + 1) == "!" && code.t(p + 2) == "[" {
            let end = code.partner[p + 2] + 1;
            items.push(Item {
                start,
                body: start,
                end,
                kind: ItemKind::InnerAttr,
            });
            p = end;
            continue;
        }
        let mut attrs = Vec::new();
        while code.t(p) == "#" && code.t(p + 1) == "[" {
            let close = code.partner[p + 1];
            attrs.push((p, close + 1));
            p = close + 1;
        }
        let body = p;
        let end = item_end(code, p).clamp(p + 1, to.max(p + 1));
        let k = skip_qualifiers(code, p);
        let attr = |name: &str| attrs.iter().copied().find(|&(a, _)| code.t(a + 2) == name);
        let kind = match code.t(k) {
            "mod" if code.t(k + 2) == "{" => ItemKind::Mod {
                name: code.t(k + 1).to_string(),
                inline: Some((k + 3, code.partner[k + 2])),
                path: None,
                macro_use: attr("macro_use").is_some(),
            },
            "mod" => ItemKind::Mod {
                name: code.t(k + 1).to_string(),
                inline: None,
                path: attr("path").and_then(|(a, b)| {
                    let value = code.t(a + 4).trim_matches('"').to_string();
                    (code.t(a + 3) == "=").then_some((value, a, b))
                }),
                macro_use: attr("macro_use").is_some(),
            },
            "use" => ItemKind::Use {
                leaves: use_leaves(code, k + 1, end - 1),
                keyword: k,
            },
            "extern" if code.t(k + 1) == "crate" => ItemKind::ExternCrate {
                name: code.t(k + 2).to_string(),
                alias: (code.t(k + 3) == "as").then(|| code.t(k + 4).to_string()),
            },
            "macro_rules" if code.t(k + 1) == "!" => ItemKind::MacroRules {
                name: code.t(k + 2).to_string(),
                export: attr("macro_export"),
                cfgs: attrs
                    .iter()
                    .filter(|&&(a, _)| matches!(code.t(a + 2), "cfg" | "cfg_attr"))
                    .map(|&(a, b)| {
                        let (first, last) = code.token_range(a, b);
                        format!(
                            "{} ",
                            &code.text[code.tokens[first].start..code.tokens[last - 1].end]
                        )
                    })
                    .collect(),
            },
            "static" if code.t(k + 1) == "mut" => ItemKind::Named(code.t(k + 2).to_string()),
            "fn" | "struct" | "enum" | "union" | "trait" | "type" | "const" | "static"
                if code.t(k + 1) != "_" =>
            {
                ItemKind::Named(code.t(k + 1).to_string())
            }
            "impl" => ItemKind::Impl,
            _ => ItemKind::Other,
        };
        items.push(Item {
            start,
            body,
            end,
            kind,
        });
        p = end;
    }
    items
}

/// A source file after stripping.
struct Source {
    file: PathBuf,
    code: Code,
}

/// A module: a whole file, or an inline `mod x { .. }` inside one.
struct Module {
    /// Names from the crate root.
    path: Vec<String>,
    source: usize,
    items: Vec<Item>,
    /// Child modules by name; one name has several under exclusive `#[cfg]`s.
    children: BTreeMap<String, Vec<usize>>,
    /// The child module declared by each `mod` item, by item index.
    item_child: BTreeMap<usize, usize>,
    parent: Option<usize>,
}

/// A crate's module tree, module 0 being the root.
struct Crate {
    sources: Vec<Source>,
    modules: Vec<Module>,
}

impl Crate {
    fn load(root: &Path) -> Result<Crate, String> {
        let mut krate = Crate {
            sources: Vec::new(),
            modules: Vec::new(),
        };
        let loaded = krate.load_file(root, Vec::new(), None, true)?;
        if loaded.is_none() {
            return Err(format!("{} is disabled by #![cfg]", root.display()));
        }
        Ok(krate)
    }

    /// Loads a module file; `mod_rs` says its child modules' files sit beside it (crate
    /// roots, `mod.rs`, files named by `#[path]`) rather than in a folder named after it.
    fn load_file(
        &mut self,
        file: &Path,
        path: Vec<String>,
        parent: Option<usize>,
        mod_rs: bool,
    ) -> Result<Option<usize>, String> {
        let text =
            fs::read_to_string(file).map_err(|e| format!("cannot read {}: {e}", file.display()))?;
        let (stripped, disabled) = strip(&Code::new(text, file)?);
        if disabled {
            return Ok(None);
        }
        let code = Code::new(stripped, file)?;
        let len = code.len();
        self.sources.push(Source {
            file: file.to_path_buf(),
            code,
        });
        let dir = file.parent().unwrap_or(Path::new(".")).to_path_buf();
        let child_dir = if mod_rs {
            dir.clone()
        } else {
            let stem = file.file_stem().unwrap_or_default();
            dir.join(stem)
        };
        let source = self.sources.len() - 1;
        self.add_module(source, (0, len), path, parent, &child_dir, Some(&dir))
            .map(Some)
    }

    /// Adds the module at positions `body` of `source` and its children; `file_dir` is the
    /// folder of its file when the module is the file itself, for `#[path]`.
    fn add_module(
        &mut self,
        source: usize,
        body: (usize, usize),
        path: Vec<String>,
        parent: Option<usize>,
        child_dir: &Path,
        file_dir: Option<&Path>,
    ) -> Result<usize, String> {
        let items = parse_items(&self.sources[source].code, body.0, body.1);
        let id = self.modules.len();
        self.modules.push(Module {
            path: path.clone(),
            source,
            items: items.clone(),
            children: BTreeMap::new(),
            item_child: BTreeMap::new(),
            parent,
        });
        for (index, item) in items.into_iter().enumerate() {
            let ItemKind::Mod {
                name,
                inline,
                path: path_attr,
                ..
            } = item.kind
            else {
                continue;
            };
            let mut child_path = path.clone();
            child_path.push(name.clone());
            let child = match (inline, path_attr) {
                (Some(body), _) => Some(self.add_module(
                    source,
                    body,
                    child_path,
                    Some(id),
                    &child_dir.join(&name),
                    None,
                )?),
                (None, Some((value, _, _))) => {
                    let file = file_dir.unwrap_or(child_dir).join(value);
                    self.load_file(&file, child_path, Some(id), true)?
                }
                (None, None) => {
                    let flat = child_dir.join(format!("{name}.rs"));
                    let nested = child_dir.join(&name).join("mod.rs");
                    let (file, mod_rs) = match (flat.is_file(), nested.is_file()) {
                        (true, false) => (flat, false),
                        (false, true) => (nested, true),
                        (both, _) => {
                            let what = if both { "both" } else { "neither" };
                            return Err(format!(
                                "{}: module {name}: {what} of {} and {} exist",
                                self.sources[source].file.display(),
                                flat.display(),
                                nested.display()
                            ));
                        }
                    };
                    self.load_file(&file, child_path, Some(id), mod_rs)?
                }
            };
            if let Some(child) = child {
                let module = &mut self.modules[id];
                module.children.entry(name).or_default().push(child);
                module.item_child.insert(index, child);
            }
        }
        Ok(id)
    }

    fn code(&self, module: usize) -> &Code {
        &self.sources[self.modules[module].source].code
    }

    /// Position ranges of a module's own code: its items but its child modules.
    fn own_ranges(&self, module: usize) -> Vec<(usize, usize)> {
        self.modules[module]
            .items
            .iter()
            .filter(|item| !matches!(item.kind, ItemKind::Mod { .. }))
            .map(|item| (item.start, item.end))
            .collect()
    }

    /// The module at `path` from the root, if every step is a module.
    fn module_at(&self, path: &[String]) -> Option<usize> {
        let mut m = 0;
        for seg in path {
            m = *self.modules[m].children.get(seg)?.first()?;
        }
        Some(m)
    }
}

// ------------------------------------------------------------------------------------------
// Reachability

/// Where a path is looked up.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Scope {
    Binary,
    Lib(usize),
}

/// A root item of the library, or one leaf of a root `use` item.
type RootPart = (usize, Option<usize>);

/// A path met in code: `a::b::c`, `::a::b`, `$crate::a`, or a lone `name` / `name!`.
struct Chain {
    segs: Vec<String>,
    absolute: bool,
    /// A lone name followed by `!(`, `![` or `!{`.
    macro_call: bool,
}

/// Finds the paths and use trees in positions `from..to` of `code`.
fn chains(code: &Code, from: usize, to: usize, uses: &mut Vec<Leaf>, chains: &mut Vec<Chain>) {
    let mut p = from;
    while p < to {
        let t = code.t(p);
        if t == "use" {
            let end = item_end(code, p).min(to);
            uses.extend(use_leaves(code, p + 1, end.saturating_sub(1).max(p + 1)));
            p = end.max(p + 1);
            continue;
        }
        let prev = code.before(p);
        let (start, absolute) = if t == "$" && code.t(p + 1) == "crate" {
            (p + 1, false)
        } else if t == "::" && code.is_ident(p + 1) && (p == 0 || !code.continues_path(p - 1)) {
            (p + 1, true)
        } else if code.is_ident(p) && !matches!(prev, "::" | "." | "$") {
            (p, false)
        } else {
            p += 1;
            continue;
        };
        let mut segs = vec![code.t(start).to_string()];
        let mut q = start + 1;
        while code.t(q) == "::" && code.is_ident(q + 1) {
            segs.push(code.t(q + 1).to_string());
            q += 2;
        }
        let macro_call =
            segs.len() == 1 && code.t(q) == "!" && matches!(code.t(q + 1), "(" | "[" | "{");
        chains.push(Chain {
            segs,
            absolute,
            macro_call,
        });
        p = q;
    }
}

/// The uses and paths of a scope.
#[derive(Default)]
struct ScopeInfo {
    aliases: BTreeMap<String, Leaf>,
    globs: Vec<Leaf>,
}

impl ScopeInfo {
    fn add(&mut self, leaves: &[Leaf]) {
        for leaf in leaves {
            if leaf.glob {
                self.globs.push(leaf.clone());
            } else if let Some(name) = leaf.name() {
                self.aliases
                    .entry(name.to_string())
                    .or_insert_with(|| leaf.clone());
            }
        }
    }
}

/// Work still to do: scan a reached module or a needed root part.
enum Job {
    Module(usize),
    Root(RootPart),
}

struct Bundler<'a> {
    lib_name: String,
    /// The library root has `extern crate self as <lib_name>;`, so its own code may use
    /// `<lib_name>::` paths.
    self_alias: bool,
    bin: &'a Crate,
    lib: Option<&'a Crate>,
    bin_scope: ScopeInfo,
    lib_scopes: Vec<ScopeInfo>,
    /// Root names of the library: the root items and root use leaves that define them.
    root_names: BTreeMap<String, Vec<RootPart>>,
    /// `#[macro_export]` macros below the library root: name -> (module, `#[cfg]`s) of
    /// each definition.
    exported_macros: BTreeMap<String, Vec<(usize, String)>>,
    /// Macros of `#[macro_use]` modules, visible by name after them: name -> modules.
    textual_macros: BTreeMap<String, Vec<usize>>,
    reached: BTreeSet<usize>,
    needed: BTreeSet<RootPart>,
    jobs: Vec<Job>,
}

impl<'a> Bundler<'a> {
    fn new(lib_name: &str, bin: &'a Crate, lib: Option<&'a Crate>) -> Bundler<'a> {
        let mut bundler = Bundler {
            lib_name: lib_name.to_string(),
            self_alias: lib.map_or(false, |lib| {
                lib.modules[0].items.iter().any(|item| {
                    matches!(&item.kind, ItemKind::ExternCrate { name, alias: Some(alias) }
                        if name == "self" && alias == lib_name)
                })
            }),
            bin,
            lib,
            bin_scope: ScopeInfo::default(),
            lib_scopes: Vec::new(),
            root_names: BTreeMap::new(),
            exported_macros: BTreeMap::new(),
            textual_macros: BTreeMap::new(),
            reached: BTreeSet::new(),
            needed: BTreeSet::new(),
            jobs: Vec::new(),
        };
        for m in 0..bin.modules.len() {
            let code = bin.code(m);
            let mut uses = Vec::new();
            for (a, b) in bin.own_ranges(m) {
                chains(code, a, b, &mut uses, &mut Vec::new());
            }
            bundler.bin_scope.add(&uses);
        }
        let Some(lib) = lib else {
            return bundler;
        };
        for m in 0..lib.modules.len() {
            let code = lib.code(m);
            let mut scope = ScopeInfo::default();
            for (i, item) in lib.modules[m].items.iter().enumerate() {
                match &item.kind {
                    ItemKind::MacroRules {
                        name,
                        export: Some(_),
                        cfgs,
                    } if m != 0 => {
                        let definitions = bundler.exported_macros.entry(name.clone()).or_default();
                        definitions.push((m, cfgs.clone()));
                    }
                    _ => {}
                }
                if let ItemKind::Mod {
                    macro_use: true, ..
                } = item.kind
                {
                    if let Some(&child) = lib.modules[m].item_child.get(&i) {
                        bundler.add_textual_macros(lib, child);
                    }
                }
                if m == 0 {
                    // Root scope: only the root's own `use` items, which are root parts.
                    if let ItemKind::Use { leaves, .. } = &item.kind {
                        scope.add(leaves);
                    }
                    let mut define = |name: &str, part: RootPart| {
                        bundler
                            .root_names
                            .entry(name.to_string())
                            .or_default()
                            .push(part);
                    };
                    match &item.kind {
                        ItemKind::Use { leaves, .. } => {
                            for (k, leaf) in leaves.iter().enumerate() {
                                if let Some(name) = leaf.name() {
                                    define(name, (i, Some(k)));
                                }
                            }
                        }
                        ItemKind::Named(name) | ItemKind::MacroRules { name, .. } => {
                            define(name, (i, None));
                        }
                        ItemKind::ExternCrate { name, alias } => {
                            define(alias.as_ref().unwrap_or(name), (i, None));
                        }
                        _ => {}
                    }
                } else if !matches!(item.kind, ItemKind::Mod { .. }) {
                    let mut uses = Vec::new();
                    chains(code, item.start, item.end, &mut uses, &mut Vec::new());
                    scope.add(&uses);
                }
            }
            bundler.lib_scopes.push(scope);
        }
        bundler
    }

    /// Records the macros of `#[macro_use]` module `m`, and of its own `#[macro_use]`
    /// children.
    fn add_textual_macros(&mut self, lib: &Crate, m: usize) {
        for (i, item) in lib.modules[m].items.iter().enumerate() {
            match &item.kind {
                ItemKind::MacroRules { name, .. } => {
                    self.textual_macros.entry(name.clone()).or_default().push(m);
                }
                ItemKind::Mod {
                    macro_use: true, ..
                } => {
                    if let Some(&child) = lib.modules[m].item_child.get(&i) {
                        self.add_textual_macros(lib, child);
                    }
                }
                _ => {}
            }
        }
    }

    /// Follows every path from the binary through the library until nothing new is reached.
    fn reach_everything(&mut self) {
        let Some(lib) = self.lib else {
            return;
        };
        for m in 0..self.bin.modules.len() {
            for (a, b) in self.bin.own_ranges(m) {
                self.scan(Scope::Binary, self.bin.code(m), a, b);
            }
        }
        loop {
            while let Some(job) = self.jobs.pop() {
                match job {
                    Job::Module(m) => {
                        for (a, b) in lib.own_ranges(m) {
                            self.scan(Scope::Lib(m), lib.code(m), a, b);
                        }
                    }
                    Job::Root((i, Some(k))) => {
                        let ItemKind::Use { leaves, .. } = &lib.modules[0].items[i].kind else {
                            continue;
                        };
                        let leaf = leaves[k].clone();
                        if let Some(path) = self.locate(Scope::Lib(0), &leaf.segs, leaf.absolute, 0)
                        {
                            self.reach(&path, true);
                        }
                    }
                    Job::Root((i, None)) => {
                        let item = &lib.modules[0].items[i];
                        self.scan(Scope::Lib(0), lib.code(0), item.start, item.end);
                    }
                }
            }
            if !self.close(lib) {
                break;
            }
        }
    }

    /// What paths do not show: impl blocks of reached types and traits (in root items or
    /// in modules nothing names, such as a module of trait impls for foreign types), private
    /// root imports that needed root code may rely on for methods, and unnamed root items
    /// (macro calls). Returns whether anything new is reached or needed.
    fn close(&mut self, lib: &Crate) -> bool {
        if self.reached.is_empty() && self.needed.is_empty() {
            return false;
        }
        let root_items = &lib.modules[0].items;
        // Types and traits of the code in the bundle, and of the code left out.
        let mut kept = BTreeSet::new();
        let mut left_out = BTreeSet::new();
        for (m, module) in lib.modules.iter().enumerate() {
            let code = lib.code(m);
            for (i, item) in module.items.iter().enumerate() {
                let kind = code.t(skip_qualifiers(code, item.body));
                if let ItemKind::Named(name) = &item.kind {
                    if matches!(kind, "struct" | "enum" | "union" | "trait" | "type") {
                        let in_bundle = if m == 0 {
                            self.needed.contains(&(i, None))
                        } else {
                            self.reached.contains(&m)
                        };
                        if in_bundle { &mut kept } else { &mut left_out }.insert(name.as_str());
                    }
                }
            }
        }
        // Whether an impl block is for bundled types and traits only, and names one: an impl
        // of a bundled trait for a type left out is not needed (nor compiles).
        let names_type = |code: &Code, item: &Item| {
            let header_end = if code.t(item.end - 1) == "}" {
                code.partner[item.end - 1]
            } else {
                item.end
            };
            let names = || (item.body..header_end).map(|p| code.t(p));
            matches!(item.kind, ItemKind::Impl)
                && names().any(|name| kept.contains(name))
                && !names().any(|name| left_out.contains(name) && !kept.contains(name))
        };
        let any_code = self.needed.iter().any(|&(i, _)| {
            !matches!(
                root_items[i].kind,
                ItemKind::Use { .. } | ItemKind::InnerAttr
            )
        });
        let code = lib.code(0);
        // `pub use` is for other crates; `pub(crate) use` may serve root code like `use`.
        let exported = |item: &Item| code.t(item.body) == "pub" && code.t(item.body + 1) != "(";
        let mut parts = Vec::new();
        for (i, item) in root_items.iter().enumerate() {
            match &item.kind {
                ItemKind::Impl if names_type(code, item) => parts.push((i, None)),
                ItemKind::Other | ItemKind::ExternCrate { .. } => parts.push((i, None)),
                ItemKind::Use { leaves, .. } if any_code && !exported(item) => {
                    parts.extend((0..leaves.len()).map(|k| (i, Some(k))));
                }
                _ => {}
            }
        }
        let modules: Vec<usize> = (1..lib.modules.len())
            .filter(|m| !self.reached.contains(m))
            .filter(|&m| {
                let code = lib.code(m);
                lib.modules[m]
                    .items
                    .iter()
                    .any(|item| names_type(code, item))
            })
            .collect();
        let before = (self.reached.len(), self.needed.len());
        for part in parts {
            self.need(part);
        }
        for m in modules {
            self.reach_module(m);
        }
        before != (self.reached.len(), self.needed.len())
    }

    fn need(&mut self, part: RootPart) -> bool {
        let new = self.needed.insert(part);
        if new {
            self.jobs.push(Job::Root(part));
        }
        new
    }

    fn mark(&mut self, module: usize) {
        if module != 0 && self.reached.insert(module) {
            self.jobs.push(Job::Module(module));
        }
    }

    /// Needs the root parts that define `name`; failing that, the module exporting a macro
    /// of that name, or, if `try_globs`, every root glob import.
    fn need_root_name(&mut self, name: &str, try_globs: bool) {
        if let Some(parts) = self.root_names.get(name).cloned() {
            for part in parts {
                self.need(part);
            }
        } else if let Some(definitions) = self.exported_macros.get(name).cloned() {
            for (m, _) in definitions {
                self.reach_module(m);
            }
        } else if try_globs {
            let Some(lib) = self.lib else {
                return;
            };
            for (i, item) in lib.modules[0].items.iter().enumerate() {
                if let ItemKind::Use { leaves, .. } = &item.kind {
                    for (k, leaf) in leaves.iter().enumerate() {
                        if leaf.glob {
                            self.need((i, Some(k)));
                        }
                    }
                }
            }
        }
    }

    /// Reaches module `m` and its ancestors.
    fn reach_module(&mut self, m: usize) {
        let Some(lib) = self.lib else {
            return;
        };
        let path = lib.modules[m].path.clone();
        self.reach(&path, false);
    }

    /// Reaches every module along a path from the library root; a first step that is not a
    /// module needs the root name.
    fn reach(&mut self, path: &[String], try_globs: bool) {
        let Some(lib) = self.lib else {
            return;
        };
        // Several modules when one name has cfg alternatives.
        let mut modules = vec![0];
        for seg in path {
            let next: Vec<usize> = modules
                .iter()
                .filter_map(|&m| lib.modules[m].children.get(seg))
                .flatten()
                .copied()
                .collect();
            if modules == [0] {
                // A root name may also be a module's name, in another namespace.
                self.need_root_name(seg, try_globs && next.is_empty());
            }
            if next.is_empty() {
                return;
            }
            for &child in &next {
                self.mark(child);
            }
            modules = next;
        }
    }

    /// Scans positions `from..to` of `code`, in `scope`, for the library paths it uses.
    fn scan(&mut self, scope: Scope, code: &Code, from: usize, to: usize) {
        let mut uses = Vec::new();
        let mut found = Vec::new();
        chains(code, from, to, &mut uses, &mut found);
        for leaf in uses {
            if let Some(path) = self.locate(scope, &leaf.segs, leaf.absolute, 0) {
                self.reach(&path, true);
            }
        }
        for chain in found {
            if chain.segs.len() > 1 || chain.absolute {
                if let Some(path) = self.locate(scope, &chain.segs, chain.absolute, 0) {
                    self.reach(&path, true);
                }
                continue;
            }
            let name = chain.segs[0].as_str();
            if chain.macro_call {
                if self.root_names.contains_key(name) || self.exported_macros.contains_key(name) {
                    self.need_root_name(name, false);
                }
                if scope != Scope::Binary {
                    for m in self.textual_macros.get(name).cloned().unwrap_or_default() {
                        self.reach_module(m);
                    }
                }
                continue;
            }
            // A lone name: a root item, seen from the root or through a glob of the root.
            if self.root_names.contains_key(name) && self.sees_root(scope) {
                self.need_root_name(name, false);
            }
        }
    }

    /// Whether lone names in `scope` can be root names of the library.
    fn sees_root(&mut self, scope: Scope) -> bool {
        if scope == Scope::Lib(0) {
            return true;
        }
        let globs = match scope {
            Scope::Binary => self.bin_scope.globs.clone(),
            Scope::Lib(m) => self.lib_scopes[m].globs.clone(),
        };
        globs
            .iter()
            .any(|g| self.locate(scope, &g.segs, g.absolute, 0) == Some(Vec::new()))
    }

    /// The library path that `segs`, written in `scope`, names, if it is in the library.
    fn locate(
        &mut self,
        scope: Scope,
        segs: &[String],
        absolute: bool,
        depth: u32,
    ) -> Option<Vec<String>> {
        let lib = self.lib?;
        let first = segs.first()?.as_str();
        if depth > 16 {
            return None;
        }
        let rest = &segs[1..];
        let joined = |base: &[String], rest: &[String]| -> Vec<String> {
            base.iter().chain(rest).cloned().collect()
        };
        if first == self.lib_name && (scope == Scope::Binary || self.self_alias) {
            return Some(rest.to_vec());
        }
        if absolute {
            return None;
        }
        let m = match scope {
            Scope::Binary => {
                if matches!(first, "crate" | "self" | "super" | "Self") {
                    return None;
                }
                None
            }
            Scope::Lib(m) => Some(m),
        };
        if let Some(m) = m {
            let module = &lib.modules[m];
            match first {
                "crate" => return Some(rest.to_vec()),
                "self" => return Some(joined(&module.path, rest)),
                "super" => {
                    let mut m = m;
                    let mut k = 0;
                    while segs.get(k).map(String::as_str) == Some("super") {
                        m = lib.modules[m].parent?;
                        k += 1;
                    }
                    return Some(joined(&lib.modules[m].path, &segs[k..]));
                }
                "Self" => return None,
                _ => {}
            }
            if module.children.contains_key(first) {
                return Some(joined(&module.path, segs));
            }
        }
        let (alias, globs) = match scope {
            Scope::Binary => (
                self.bin_scope.aliases.get(first).cloned(),
                self.bin_scope.globs.clone(),
            ),
            Scope::Lib(m) => (
                self.lib_scopes[m].aliases.get(first).cloned(),
                self.lib_scopes[m].globs.clone(),
            ),
        };
        if let Some(leaf) = alias {
            if scope == Scope::Lib(0) {
                // A root import is a root part of its own.
                self.need_root_name(first, false);
            }
            let base = self.locate(scope, &leaf.segs, leaf.absolute, depth + 1)?;
            return Some(joined(&base, rest));
        }
        for glob in globs {
            let Some(base) = self.locate(scope, &glob.segs, glob.absolute, depth + 1) else {
                continue;
            };
            let Some(target) = lib.module_at(&base) else {
                continue;
            };
            if lib.modules[target].children.contains_key(first)
                || (target == 0 && self.root_names.contains_key(first))
            {
                return Some(joined(&base, segs));
            }
        }
        if scope == Scope::Lib(0) && self.root_names.contains_key(first) {
            return Some(segs.to_vec());
        }
        None
    }
}

// ------------------------------------------------------------------------------------------
// Emission

/// Marks code positions `from..to` removed.
fn remove_positions(code: &Code, from: usize, to: usize, removed: &mut [bool]) {
    if from < to {
        let (a, b) = code.token_range(from, to);
        removed[a..b].iter_mut().for_each(|r| *r = true);
    }
}

/// Marks an item removed, with the plain comments on the lines right above it.
fn remove_item(code: &Code, item: &Item, removed: &mut [bool]) {
    let tokens = &code.tokens;
    let newlines = |i: usize| {
        code.text[tokens[i].start..tokens[i].end]
            .matches('\n')
            .count()
    };
    let mut first = code.code[item.start];
    while first >= 2
        && tokens[first - 1].kind == Kind::Space
        && newlines(first - 1) == 1
        && tokens[first - 2].kind == Kind::Comment
        && (first == 2 || (tokens[first - 3].kind == Kind::Space && newlines(first - 3) > 0))
    {
        first -= 2;
    }
    let (_, last) = code.token_range(item.start, item.end);
    removed[first..last].iter_mut().for_each(|r| *r = true);
}

/// The indentation of the line where code position `p` stands.
fn line_indent(code: &Code, p: usize) -> String {
    let i = code.code[p];
    if i == 0 || code.tokens[i - 1].kind != Kind::Space {
        return String::new();
    }
    let space = &code.text[code.tokens[i - 1].start..code.tokens[i - 1].end];
    match space.rfind('\n') {
        Some(k) => space[k + 1..].to_string(),
        None => String::new(),
    }
}

/// Lint attributes are the only inner attributes of the library root worth keeping inside
/// a module: `#![no_std]`, `#![doc(..)]` and the like belong to a crate.
fn is_lint(name: &str) -> bool {
    matches!(name, "allow" | "warn" | "deny" | "forbid")
}

/// Token edits of one source file.
struct Edits {
    removed: Vec<bool>,
    replace: BTreeMap<usize, String>,
}

impl<'a> Bundler<'a> {
    /// The whole bundle.
    fn emit(&self, name: &str) -> Result<String, String> {
        let mut out = String::new();
        let bin_text = self.emit_file(self.bin, 0, false)?;
        let used_lib = self
            .lib
            .filter(|_| !(self.reached.is_empty() && self.needed.is_empty()));
        let library = match used_lib {
            Some(_) => format!(
                "then the library modules it uses, in `mod {}`",
                self.lib_name
            ),
            None => "which uses no library module".to_string(),
        };
        out.push_str(&format!(
            "// {name} as one file, by the bundler (src/bin/bundle.rs): the binary,\n// {library}.\n\n"
        ));
        out.push_str(&bin_text);
        if let Some(lib) = used_lib {
            let root = self.emit_file(lib, 0, true)?;
            // `extern crate` of the library root goes to the bundle's root, where it can load
            // macros and feeds the extern prelude, as it did in the library.
            let code = lib.code(0);
            for item in &lib.modules[0].items {
                if let ItemKind::ExternCrate { name, .. } = &item.kind {
                    if name != "self" && name != &self.lib_name {
                        let (a, b) = code.token_range(item.start, item.end);
                        out.push('\n');
                        out.push_str(&code.text[code.tokens[a].start..code.tokens[b - 1].end]);
                        out.push('\n');
                    }
                }
            }
            out.push_str(&format!(
                "\n#[allow(dead_code, unused_imports, unused_macros)]\nmod {} {{\n{}}}\n",
                self.lib_name,
                indent(&root, INDENT)?
            ));
        }
        tidy(&out)
    }

    /// The text of the file module `m` of `krate` with its kept child modules inlined, at
    /// column 0. `lib` says it is library code, to filter and rewrite.
    fn emit_file(&self, krate: &Crate, m: usize, lib: bool) -> Result<String, String> {
        let code = krate.code(m);
        let mut edits = Edits {
            removed: vec![false; code.tokens.len()],
            replace: BTreeMap::new(),
        };
        self.edit_module(krate, m, lib, &mut edits)?;
        self.rewrite_paths(code, lib, &mut edits);
        let mut text = render(code, &edits.removed, &edits.replace);
        for line in self.macro_reexports(krate, m, lib) {
            text.push('\n');
            text.push_str(&line);
            text.push('\n');
        }
        tidy(&text)
    }

    /// Lines `pub(crate) use ..;` that module `m` needs so that the library's exported
    /// macros below it keep their path at the library root: `#[macro_export]` would put
    /// them at the bundle's root instead, so they become path-scoped macros re-exported
    /// upwards.
    fn macro_reexports(&self, krate: &Crate, m: usize, lib: bool) -> Vec<String> {
        if !lib {
            return Vec::new();
        }
        let here = &krate.modules[m].path;
        let mut lines = Vec::new();
        for (name, definitions) in &self.exported_macros {
            for (d, cfgs) in definitions {
                let there = &krate.modules[*d].path;
                if self.reached.contains(d) && there.len() > here.len() && there.starts_with(here) {
                    let child = &there[here.len()];
                    lines.push(format!("{cfgs}pub(crate) use self::{child}::{name};"));
                }
            }
        }
        lines
    }

    /// Edits module `m` and its inline children.
    fn edit_module(
        &self,
        krate: &Crate,
        m: usize,
        lib: bool,
        edits: &mut Edits,
    ) -> Result<(), String> {
        let module = &krate.modules[m];
        let code = krate.code(m);
        let root = lib && m == 0;
        for (i, item) in module.items.iter().enumerate() {
            let keep = match &item.kind {
                ItemKind::Mod { .. } => true,
                ItemKind::InnerAttr => !root || is_lint(code.t(item.start + 3)),
                ItemKind::ExternCrate { name, .. } if root || name == &self.lib_name => false,
                ItemKind::Use { leaves, .. } if root => {
                    (0..leaves.len()).any(|k| self.needed.contains(&(i, Some(k))))
                }
                _ => !root || self.needed.contains(&(i, None)),
            };
            if !keep {
                if let ItemKind::ExternCrate {
                    alias: Some(alias), ..
                } = &item.kind
                {
                    if !lib {
                        // `extern crate combgames as cg;` in the binary.
                        remove_positions(code, item.start + 1, item.end, &mut edits.removed);
                        let first = code.code[item.start];
                        edits
                            .replace
                            .insert(first, format!("use crate::{} as {alias};", self.lib_name));
                        continue;
                    }
                }
                remove_item(code, item, &mut edits.removed);
                continue;
            }
            match &item.kind {
                ItemKind::Mod { inline, path, .. } => {
                    let child = module.item_child.get(&i).copied();
                    let Some(child) = child.filter(|c| !lib || self.reached.contains(c)) else {
                        remove_item(code, item, &mut edits.removed);
                        continue;
                    };
                    if let Some((_, close)) = inline {
                        self.edit_module(krate, child, lib, edits)?;
                        let lines = self.macro_reexports(krate, child, lib);
                        if !lines.is_empty() {
                            let base = line_indent(code, item.start);
                            let mut text = String::new();
                            for line in lines {
                                text.push_str(&format!("\n{base}{INDENT}{line}"));
                            }
                            text.push_str(&format!("\n{base}}}"));
                            edits.replace.insert(code.code[*close], text);
                        }
                        continue;
                    }
                    let text = self.emit_file(krate, child, lib)?;
                    let base = line_indent(code, item.start);
                    let body = indent(&text, &format!("{base}{INDENT}"))?;
                    let semicolon = code.code[item.end - 1];
                    edits
                        .replace
                        .insert(semicolon, format!(" {{\n{body}{base}}}"));
                    if let Some((_, a, b)) = path {
                        remove_positions(code, *a, *b, &mut edits.removed);
                    }
                }
                ItemKind::Use { leaves, keyword } if root => {
                    let kept: Vec<&Leaf> = (0..leaves.len())
                        .filter(|&k| self.needed.contains(&(i, Some(k))))
                        .map(|k| &leaves[k])
                        .collect();
                    if kept.len() < leaves.len() {
                        // Only some leaves are needed: one `use` per needed leaf.
                        let tokens = &code.tokens;
                        let attrs = code.text[tokens[code.code[item.start]].start
                            ..tokens[code.code[item.body]].start]
                            .trim();
                        let vis = code.text
                            [tokens[code.code[item.body]].start..tokens[code.code[*keyword]].start]
                            .trim();
                        let base = line_indent(code, item.start);
                        let lines: Vec<String> = kept
                            .iter()
                            .map(|leaf| {
                                let mut line = String::new();
                                for part in [attrs, vis] {
                                    if !part.is_empty() {
                                        line.push_str(part);
                                        line.push(' ');
                                    }
                                }
                                format!("{line}use {};", leaf_text(leaf, &self.lib_name))
                            })
                            .collect();
                        remove_positions(code, item.start + 1, item.end, &mut edits.removed);
                        edits
                            .replace
                            .insert(code.code[item.start], lines.join(&format!("\n{base}")));
                    }
                }
                ItemKind::MacroRules {
                    name,
                    export: Some((a, b)),
                    cfgs,
                } if lib => {
                    remove_positions(code, *a, *b, &mut edits.removed);
                    let last = code.code[item.end - 1];
                    let base = line_indent(code, item.body);
                    let end = code.t(item.end - 1);
                    let text = format!("{end}\n{base}{cfgs}pub(crate) use {name};");
                    edits.replace.insert(last, text);
                }
                _ => {}
            }
        }
        Ok(())
    }

    /// Rewrites paths for the bundle: in the binary, `combgames::` and `::combgames::` become
    /// `crate::combgames::`; in the library, so do `crate::` and `$crate::`.
    fn rewrite_paths(&self, code: &Code, lib: bool, edits: &mut Edits) {
        let name = self.lib_name.as_str();
        let inside = format!("crate::{name}");
        for p in 0..code.len() {
            let i = code.code[p];
            if edits.removed[i] || edits.replace.contains_key(&i) {
                continue;
            }
            let t = code.t(p);
            let next = code.t(p + 1);
            let before = code.before(p);
            let library_path = lib && t == "crate" && before != "::";
            let crate_name =
                t == name && (!lib || self.self_alias) && !matches!(before, "::" | "." | "$");
            if next == "::" && (library_path || crate_name) {
                edits.replace.insert(i, inside.clone());
            } else if t == "::"
                && next == name
                && code.t(p + 2) == "::"
                && (p == 0 || !code.continues_path(p - 1))
            {
                edits.replace.insert(i, "crate::".to_string());
            }
        }
    }
}
