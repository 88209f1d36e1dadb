//! Streaming input with line-numbered errors.
//!
//! [`Reader`] reads from any [`Read`] through one fixed buffer, so memory stays flat however
//! large the input is; its integer reads are in [`crate::numbers`]. [`run`] ties a reader's
//! input, stdin, and a [`Writer`] over stdout to a binary's `solve`.

// Not in the 2018 prelude, which bundles may be compiled under.
use std::convert::TryInto;
use std::fmt;
use std::io::{self, Read, StdinLock, StdoutLock, Write};
use std::process::ExitCode;

use crate::write::Writer;

/// Buffer size used by [`Reader::new`] and [`Writer::new`].
///
/// 64 KiB keeps the buffer in L2 cache while reading in few system calls.
pub const DEFAULT_CAPACITY: usize = 1 << 16;

/// The longest token a reader accepts: its buffer grows to hold one token of up to this
/// many bytes and the byte after it, and a longer token is an error, so memory stays flat
/// whatever the input.
pub const MAX_TOKEN: usize = 1 << 16;

/// How many bytes [`Reader::read_each`] shows its fast path at once: many items, well under
/// the buffer.
const FAST_WINDOW: usize = 1 << 14;

/// An input or output failure.
#[derive(Debug)]
pub enum Error {
    /// Reading or writing failed.
    Io(io::Error),
    /// The input is malformed: on 1-based `line`, something other than `expected` was `found`.
    Parse {
        /// 1-based line of the offending byte.
        line: usize,
        /// What the input should have held there.
        expected: String,
        /// What it held instead.
        found: String,
    },
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::Io(e) => write!(f, "I/O: {e}"),
            Error::Parse {
                line,
                expected,
                found,
            } => write!(f, "line {line}: expected {expected}, found {found}"),
        }
    }
}

impl std::error::Error for Error {}

impl From<io::Error> for Error {
    fn from(e: io::Error) -> Self {
        Error::Io(e)
    }
}

/// Result of a reader or solver.
pub type Result<T> = std::result::Result<T, Error>;

/// Whether `b` separates tokens: space, `\t`, `\n`, `\v`, `\f` or `\r`, as C's `isspace`
/// (and unlike [`u8::is_ascii_whitespace`], which leaves out `\v`).
///
/// # Complexity
/// O(1).
///
/// ```
/// use combgames::io::is_space;
/// assert!(is_space(b' ') && is_space(b'\r') && is_space(0x0b));
/// assert!(!is_space(b'*') && !is_space(0));
/// ```
#[inline]
pub fn is_space(b: u8) -> bool {
    b == b' ' || (b'\t'..=b'\r').contains(&b)
}

/// Copies the first `out.len()` bytes of `bytes` that are not whitespace ([`is_space`]) into
/// `out`, and says how many bytes of `bytes` they and the whitespace before and between them
/// take; `None` if `bytes` ends first.
///
/// A building block for fast paths over a reader's buffer ([`Reader::peek`],
/// [`Reader::read_each`]) that must accept any whitespace layout: the bytes copied are not
/// checked, so the caller checks them and gives up on anything it does not expect, leaving
/// errors to its checked slow path.
///
/// # Complexity
/// O(bytes taken).
///
/// ```
/// use combgames::io::non_space_bytes;
/// let mut cells = [0; 4];
/// assert_eq!(non_space_bytes(b"\n * .\t\r\n*\x0b. *", &mut cells), Some(11));
/// assert_eq!(&cells, b"*.*.");
/// assert_eq!(non_space_bytes(b" * . *", &mut cells), None);
/// ```
#[inline]
pub fn non_space_bytes(bytes: &[u8], out: &mut [u8]) -> Option<usize> {
    let mut copied = 0;
    if out.is_empty() {
        return Some(0);
    }
    for (i, &b) in bytes.iter().enumerate() {
        if !is_space(b) {
            out[copied] = b;
            copied += 1;
            if copied == out.len() {
                return Some(i + 1);
            }
        }
    }
    None
}

/// Describes one input byte for the `found` part of an error message: `'Q'`, `byte 0xff`.
///
/// # Complexity
/// O(1).
pub fn describe_byte(b: u8) -> String {
    if b.is_ascii_graphic() || b == b' ' {
        format!("'{}'", b as char)
    } else {
        format!("byte 0x{b:02x}")
    }
}

/// Describes a token for the `found` part of an error message: in quotes, with bytes that
/// are not printable ASCII shown as `?`, and shortened to 24 bytes and `...` when longer.
///
/// # Complexity
/// O(1): at most 24 bytes are looked at.
///
/// ```
/// use combgames::io::describe_token;
/// assert_eq!(describe_token(b"O,.,X"), "\"O,.,X\"");
/// ```
pub fn describe_token(token: &[u8]) -> String {
    const MAX: usize = 24;
    let shown = &token[..token.len().min(MAX)];
    let mut s: String = shown
        .iter()
        .map(|&b| if b.is_ascii_graphic() { b as char } else { '?' })
        .collect();
    if token.len() > MAX {
        s.push_str("...");
    }
    format!("\"{s}\"")
}

/// A streaming reader of whitespace-separated input with line-numbered errors.
///
/// Whitespace is what [`is_space`] says (space, `\t`, `\n`, `\v`, `\f`, `\r`), so CRLF line
/// ends, blank lines and a missing final newline need no special care. Every read names what it
/// expects, and a failure is an [`Error::Parse`] that gives the line and the bytes found.
///
/// The buffer has a fixed capacity; it grows only to hold a single token longer than itself,
/// and never past [`MAX_TOKEN`] + 1 bytes.
pub struct Reader<R> {
    src: R,
    pub(crate) buf: Vec<u8>,
    /// Next unread byte in `buf`.
    pub(crate) pos: usize,
    /// End of the valid bytes in `buf`.
    pub(crate) end: usize,
    eof: bool,
    /// Line breaks in the bytes already dropped from the front of `buf`.
    lines_dropped: usize,
    /// Whether the last byte dropped was `\r`, so that a `\n` first in `buf` ends no line.
    dropped_cr: bool,
    /// `buf[..known]` holds `known_breaks` line breaks, as told by [`Reader::consume_counted`]:
    /// they need not be counted again.
    known: usize,
    known_breaks: usize,
}

impl<R: Read> Reader<R> {
    /// Creates a reader with a [`DEFAULT_CAPACITY`] buffer.
    ///
    /// # Complexity
    /// O(capacity) to allocate the buffer.
    pub fn new(src: R) -> Self {
        Self::with_capacity(DEFAULT_CAPACITY, src)
    }

    /// Creates a reader whose buffer holds `capacity` bytes.
    ///
    /// # Complexity
    /// O(capacity).
    ///
    /// # Panics
    /// If `capacity` is 0.
    pub fn with_capacity(capacity: usize, src: R) -> Self {
        assert!(capacity > 0, "Reader needs a buffer of at least one byte");
        Reader {
            src,
            buf: vec![0; capacity],
            pos: 0,
            end: 0,
            eof: false,
            lines_dropped: 0,
            dropped_cr: false,
            known: 0,
            known_breaks: 0,
        }
    }

    /// The 1-based line number of the next unread byte. A line ends at `\n`, `\r\n` or a
    /// lone `\r`.
    ///
    /// # Complexity
    /// O(bytes read from the current buffer).
    pub fn line(&self) -> usize {
        self.line_at(self.pos)
    }

    /// The 1-based line number of byte `at` of the buffer.
    fn line_at(&self, at: usize) -> usize {
        self.lines_dropped + self.breaks_before(at) + 1
    }

    /// The line breaks in `buf[..at]`.
    fn breaks_before(&self, at: usize) -> usize {
        if at < self.known {
            count_line_breaks_after(&self.buf[..at], self.dropped_cr)
        } else {
            let unknown = &self.buf[self.known..at];
            self.known_breaks + count_line_breaks_after(unknown, self.is_after_cr(self.known))
        }
    }

    /// Whether the byte before `buf[at]` is `\r`.
    fn is_after_cr(&self, at: usize) -> bool {
        match at.checked_sub(1) {
            Some(before) => self.buf[before] == b'\r',
            None => self.dropped_cr,
        }
    }

    /// An [`Error::Parse`] at the current line.
    ///
    /// # Complexity
    /// Same as [`Reader::line`].
    pub fn error(&self, expected: &str, found: String) -> Error {
        Error::Parse {
            line: self.line(),
            expected: expected.to_string(),
            found,
        }
    }

    /// Moves the unread bytes to the front of the buffer and reads more after them, until at
    /// least `want` bytes are unread, the buffer is full, or the input ends.
    fn fill(&mut self, want: usize) -> Result<()> {
        if self.pos > 0 {
            self.lines_dropped += self.breaks_before(self.pos);
            self.dropped_cr = self.buf[self.pos - 1] == b'\r';
            self.known = 0;
            self.known_breaks = 0;
            self.buf.copy_within(self.pos..self.end, 0);
            self.end -= self.pos;
            self.pos = 0;
        }
        while self.end < want && self.end < self.buf.len() && !self.eof {
            match self.src.read(&mut self.buf[self.end..]) {
                Ok(0) => self.eof = true,
                Ok(n) => self.end += n,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
                Err(e) => return Err(Error::Io(e)),
            }
        }
        Ok(())
    }

    /// Returns the unread bytes after making sure at least `n` are there, when the input and
    /// the buffer allow: the slice is shorter than `n` only at the end of the input or when
    /// `n` exceeds the capacity. Nothing is consumed; see [`Reader::consume`].
    ///
    /// # Complexity
    /// O(n) plus the reads.
    pub fn peek(&mut self, n: usize) -> Result<&[u8]> {
        if self.end - self.pos < n {
            self.fill(n)?;
        }
        Ok(&self.buf[self.pos..self.end])
    }

    /// Marks `n` peeked bytes as read.
    ///
    /// # Complexity
    /// O(1).
    ///
    /// # Panics
    /// If fewer than `n` bytes are buffered.
    pub fn consume(&mut self, n: usize) {
        assert!(n <= self.end - self.pos, "consume past the buffered bytes");
        self.pos += n;
    }

    /// Marks `n` peeked bytes as read, which the caller knows to hold `line_breaks` line
    /// breaks (`\n`, `\r\n` or a lone `\r`, counted as if the byte before them were not
    /// `\r`: see [`count_line_breaks`]), so that the reader need not count them.
    ///
    /// For fast paths that read items of a known picture: an item's line breaks are counted
    /// once, when its picture is learned, instead of at every byte. A wrong count only
    /// misnumbers the lines in later error messages.
    ///
    /// # Complexity
    /// O(1), or O(bytes read since the last such call) to count those.
    ///
    /// # Panics
    /// If fewer than `n` bytes are buffered.
    ///
    /// ```
    /// use combgames::io::Reader;
    /// let mut rd = Reader::new(&b"1\n2\r\n3\n?"[..]);
    /// assert_eq!(rd.peek(7).unwrap(), b"1\n2\r\n3\n?");
    /// rd.consume_counted(7, 3);
    /// assert_eq!(rd.line(), 4);
    /// assert_eq!(rd.u64("n").unwrap_err().to_string(), "line 4: expected n, found \"?\"");
    /// ```
    #[inline]
    pub fn consume_counted(&mut self, n: usize, line_breaks: usize) {
        assert!(n <= self.end - self.pos, "consume past the buffered bytes");
        if n == 0 {
            return;
        }
        if self.known != self.pos {
            self.known_breaks = self.breaks_before(self.pos);
        }
        // The caller counted as if no `\r` came before: a `\n` first ends no line after one.
        let ends_pair = self.buf[self.pos] == b'\n' && self.is_after_cr(self.pos);
        self.known_breaks += line_breaks.saturating_sub(usize::from(ends_pair));
        self.pos += n;
        self.known = self.pos;
    }

    /// Skips whitespace and returns the next byte without consuming it, or `None` at the end.
    ///
    /// # Complexity
    /// O(whitespace skipped).
    pub fn peek_non_space(&mut self) -> Result<Option<u8>> {
        loop {
            while self.pos < self.end {
                let b = self.buf[self.pos];
                if !is_space(b) {
                    return Ok(Some(b));
                }
                self.pos += 1;
            }
            self.fill(1)?;
            if self.pos == self.end {
                return Ok(None);
            }
        }
    }

    /// Skips whitespace and reads one byte that must be in `set`; `what` names it in errors.
    ///
    /// # Complexity
    /// O(whitespace skipped + `set.len()`).
    ///
    /// ```
    /// use combgames::io::Reader;
    /// let mut rd = Reader::new(&b" *\r\n ."[..]);
    /// assert_eq!(rd.byte_in(b"*.", "'*' or '.'").unwrap(), b'*');
    /// assert_eq!(rd.byte_in(b"*.", "'*' or '.'").unwrap(), b'.');
    /// let err = rd.byte_in(b"*.", "'*' or '.'").unwrap_err();
    /// assert_eq!(err.to_string(), "line 2: expected '*' or '.', found end of input");
    /// ```
    pub fn byte_in(&mut self, set: &[u8], what: &str) -> Result<u8> {
        match self.peek_non_space()? {
            Some(b) if set.contains(&b) => {
                self.pos += 1;
                Ok(b)
            }
            Some(b) => Err(self.error(what, describe_byte(b))),
            None => Err(self.error(what, "end of input".to_string())),
        }
    }

    /// Skips whitespace and returns the next whitespace-free token, or `None` at the end.
    ///
    /// # Complexity
    /// O(token length); the buffer grows if the token is longer than it.
    ///
    /// ```
    /// use combgames::io::{Reader, MAX_TOKEN};
    /// let input = format!("{} {}", "x".repeat(MAX_TOKEN), "y".repeat(MAX_TOKEN + 1));
    /// let mut rd = Reader::new(input.as_bytes());
    /// assert_eq!(rd.token().unwrap().unwrap().len(), MAX_TOKEN);
    /// let err = rd.token().unwrap_err().to_string();
    /// assert!(err.ends_with("...\" (longer than 65536 bytes)"), "{}", err);
    /// ```
    pub fn token(&mut self) -> Result<Option<&[u8]>> {
        self.token_for("a token")
    }

    /// [`Reader::token`], naming the token `what` if it is too long.
    pub(crate) fn token_for(&mut self, what: &str) -> Result<Option<&[u8]>> {
        if self.peek_non_space()?.is_none() {
            return Ok(None);
        }
        let mut len = 0;
        loop {
            let rest = &self.buf[self.pos + len..self.end];
            match rest.iter().position(|&b| is_space(b)) {
                Some(i) => {
                    len += i;
                    break;
                }
                None => {
                    len = self.end - self.pos;
                    if self.eof || len > MAX_TOKEN {
                        break;
                    }
                    if len == self.buf.len() {
                        // Room for a token of MAX_TOKEN bytes and the byte that ends it.
                        self.buf.resize((2 * len).min(MAX_TOKEN + 1), 0);
                    }
                    self.fill(len + 1)?;
                    if self.end - self.pos == len {
                        break;
                    }
                }
            }
        }
        if len > MAX_TOKEN {
            // The reason goes in `found`, where a range check keeps it.
            let found = format!(
                "{} (longer than {MAX_TOKEN} bytes)",
                describe_token(&self.buf[self.pos..self.pos + len])
            );
            return Err(self.error(what, found));
        }
        let start = self.pos;
        self.pos += len;
        Ok(Some(&self.buf[start..start + len]))
    }

    /// Reads a token that must exist; `what` names it in errors.
    ///
    /// # Complexity
    /// Same as [`Reader::token`].
    pub fn expect_token(&mut self, what: &str) -> Result<&[u8]> {
        if self.peek_non_space()?.is_none() {
            return Err(self.error(what, "end of input".to_string()));
        }
        Ok(self.token_for(what)?.unwrap_or_default())
    }

    /// Reads a token that must exist and pass `valid`; `what` names it in errors, which show
    /// the token found.
    ///
    /// # Complexity
    /// Same as [`Reader::token`], plus `valid`.
    ///
    /// ```
    /// use combgames::io::Reader;
    /// let mut rd = Reader::new(&b"RGB\nRXB"[..]);
    /// let is_row = |t: &[u8]| t.len() == 3 && t.iter().all(|b| b"RGB".contains(b));
    /// assert_eq!(rd.expect_token_where("a row", is_row).unwrap(), b"RGB");
    /// let err = rd.expect_token_where("a row", is_row).unwrap_err();
    /// assert_eq!(err.to_string(), "line 2: expected a row, found \"RXB\"");
    /// ```
    pub fn expect_token_where(
        &mut self,
        what: &str,
        valid: impl FnOnce(&[u8]) -> bool,
    ) -> Result<&[u8]> {
        let len = self.expect_token(what)?.len();
        // `token` leaves the token just before `pos`.
        let start = self.pos - len;
        if valid(&self.buf[start..self.pos]) {
            Ok(&self.buf[start..self.pos])
        } else {
            let found = describe_token(&self.buf[start..self.pos]);
            Err(self.error_before(what, found, len))
        }
    }

    /// Checks that only whitespace is left. Every binary calls it after its last case, so
    /// that data past the end (a wrong count of cases, say) is an error, not ignored.
    ///
    /// # Complexity
    /// O(bytes left).
    ///
    /// ```
    /// use combgames::io::Reader;
    /// let mut rd = Reader::new(&b"1 \r\n\n"[..]);
    /// assert_eq!(rd.u64("n").unwrap(), 1);
    /// assert!(rd.expect_end().is_ok());
    /// let mut rd = Reader::new(&b"1\n2\n"[..]);
    /// assert_eq!(rd.u64("n").unwrap(), 1);
    /// let err = rd.expect_end().unwrap_err();
    /// assert_eq!(err.to_string(), "line 2: expected the end of the input, found \"2\"");
    /// ```
    pub fn expect_end(&mut self) -> Result<()> {
        if self.peek_non_space()?.is_none() {
            return Ok(());
        }
        self.expect_token_where("the end of the input", |_| false)?;
        Ok(())
    }

    /// Reads `count` items and hands each to `visit`: straight from the buffer with `fast`
    /// while it recognises the bytes there, else one item through the reader with `slow`.
    ///
    /// `fast(bytes)` gives the item at the front of `bytes` (whitespace before it included)
    /// and how many bytes it took, or `None` when it does not recognise them: another layout,
    /// bad input, or an item cut off by the end of `bytes`. It must give what `slow` would,
    /// so a fast path needs no error handling: `slow` reports errors with their line.
    ///
    /// # Complexity
    /// O(bytes read) plus the calls.
    ///
    /// ```
    /// use combgames::io::Reader;
    /// let mut rd = Reader::new(&b"1 2 345\n6"[..]);
    /// let mut seen = Vec::new();
    /// let digit_and_space = |bytes: &[u8]| match *bytes {
    ///     [d @ b'0'..=b'9', b' ', ..] => Some((u64::from(d - b'0'), 2)),
    ///     _ => None,
    /// };
    /// rd.read_each(4, digit_and_space, |rd| rd.u64("n"), |n| Ok(seen.push(n))).unwrap();
    /// assert_eq!(seen, [1, 2, 345, 6]);
    /// ```
    pub fn read_each<T>(
        &mut self,
        count: u64,
        mut fast: impl FnMut(&[u8]) -> Option<(T, usize)>,
        mut slow: impl FnMut(&mut Self) -> Result<T>,
        mut visit: impl FnMut(T) -> Result<()>,
    ) -> Result<()> {
        let mut left = count;
        while left > 0 {
            let bytes = self.peek(FAST_WINDOW)?;
            let mut used = 0;
            while left > 0 {
                let (item, len) = match fast(&bytes[used..]) {
                    Some(found) => found,
                    None => break,
                };
                visit(item)?;
                used += len;
                left -= 1;
            }
            self.consume(used);
            // Nothing fitted: the next item has another layout, or is bad or cut off.
            if used == 0 && left > 0 {
                visit(slow(self)?)?;
                left -= 1;
            }
        }
        Ok(())
    }

    /// Reads `count` items, many at a time straight from the buffer with `fast` while it
    /// recognises the bytes there, else one through the reader with `slow`; both handle the
    /// items they read, with `state` shared between them.
    ///
    /// `fast(state, bytes, most)` reads and handles up to `most` items from the front of
    /// `bytes`, and says how many it read and how many bytes they took, whitespace before
    /// them included. It stops before anything it does not recognise (another layout, bad
    /// input, an item cut off by the end of `bytes`), which `slow` then reads, so a fast
    /// path needs no error handling of its own: it must only handle the items it reads as
    /// `slow` would. Unlike [`Reader::read_each`], which calls its fast path once per item,
    /// this suits fast paths that keep their state in registers over a run of items.
    ///
    /// # Complexity
    /// O(bytes read) plus the calls.
    ///
    /// ```
    /// use combgames::io::Reader;
    /// let mut rd = Reader::new(&b"1 2 345\n6"[..]);
    /// // Digits followed by a space, fast; the other numbers, checked.
    /// let digits = |sums: &mut (u64, u64), bytes: &[u8], most: u64| {
    ///     let mut taken = 0;
    ///     while taken < most as usize {
    ///         match bytes.get(2 * taken..2 * taken + 2) {
    ///             Some(&[d @ b'0'..=b'9', b' ']) => sums.0 += u64::from(d - b'0'),
    ///             _ => break,
    ///         }
    ///         taken += 1;
    ///     }
    ///     Ok((taken as u64, 2 * taken))
    /// };
    /// let mut sums = (0, 0);
    /// rd.read_runs(4, &mut sums, digits, |sums, rd| Ok(sums.1 += rd.u64("n")?)).unwrap();
    /// assert_eq!(sums, (3, 351));
    /// ```
    pub fn read_runs<S>(
        &mut self,
        count: u64,
        state: &mut S,
        mut fast: impl FnMut(&mut S, &[u8], u64) -> Result<(u64, usize)>,
        mut slow: impl FnMut(&mut S, &mut Self) -> Result<()>,
    ) -> Result<()> {
        let mut left = count;
        while left > 0 {
            let (items, used) = fast(state, self.peek(FAST_WINDOW)?, left)?;
            self.consume(used);
            left -= items;
            // Nothing fitted: the next item has another layout, or is bad or cut off.
            if items == 0 && left > 0 {
                slow(state, self)?;
                left -= 1;
            }
        }
        Ok(())
    }

    /// An error at the line where the token of `len` bytes just read began.
    pub(crate) fn error_before(&self, what: &str, found: String, len: usize) -> Error {
        Error::Parse {
            line: self.line_at(self.pos - len),
            expected: what.to_string(),
            found,
        }
    }
}

/// Counts the line breaks in `bytes`: each `\n`, `\r\n` or lone `\r`, the line ends a
/// [`Reader`] numbers lines by.
///
/// # Complexity
/// O(bytes), vectorised.
///
/// ```
/// use combgames::io::count_line_breaks;
/// assert_eq!(count_line_breaks(b"a\nb\r\nc\rd\n\r\n"), 5);
/// ```
pub fn count_line_breaks(bytes: &[u8]) -> usize {
    count_line_breaks_after(bytes, false)
}

/// Counts the line breaks in `bytes` as every `\r`, and every `\n` that does not end a
/// `\r\n`. `after_cr` says whether the byte before `bytes` was `\r`, so that a pair split
/// between two calls counts once.
///
/// Every byte dropped from the buffer passes through here once, so it is kept vectorisable:
/// runs of 128 bytes (a length known to the compiler) sum their `\n` bytes in `u8` lanes and
/// note whether any `\r` is there; only a run with a `\r` (CRLF or CR-only input) takes the
/// exact count of pairs.
fn count_line_breaks_after(bytes: &[u8], mut after_cr: bool) -> usize {
    const RUN: usize = 128;
    let mut breaks = 0;
    let mut runs = bytes.chunks_exact(RUN);
    for run in &mut runs {
        let run: &[u8; RUN] = run.try_into().expect("chunks_exact gives RUN bytes");
        let newlines = run.iter().fold(0u8, |n, &b| n + u8::from(b == b'\n'));
        let returns = run.iter().fold(0u8, |n, &b| n | u8::from(b == b'\r'));
        breaks += if returns == 0 && !after_cr {
            newlines as usize
        } else {
            count_line_breaks_exactly(run, after_cr)
        };
        after_cr = run[RUN - 1] == b'\r';
    }
    breaks + count_line_breaks_exactly(runs.remainder(), after_cr)
}

/// [`count_line_breaks_after`] byte by byte, each byte beside the one before it.
fn count_line_breaks_exactly(bytes: &[u8], after_cr: bool) -> usize {
    let first = match bytes.first() {
        Some(&b) => usize::from(b == b'\r' || (b == b'\n' && !after_cr)),
        None => return 0,
    };
    let pairs = bytes[1..].iter().zip(bytes);
    first
        + pairs
            .filter(|&(&b, &before)| b == b'\r' || (b == b'\n' && before != b'\r'))
            .count()
}

/// Runs `solve` on stdin and a [`Writer`] over stdout, for a binary's `main`.
///
/// All output is flushed before anything is reported, so the answers written before a
/// failure reach stdout. A failure prints one line `error: ...` on stderr and gives a
/// failing exit code; nothing panics and nothing calls `process::exit`.
///
/// # Complexity
/// That of `solve`.
pub fn run<F>(solve: F) -> ExitCode
where
    F: FnOnce(StdinLock<'static>, &mut Writer<StdoutLock<'static>>) -> Result<()>,
{
    let mut out = Writer::new(io::stdout().lock());
    let solved = solve(io::stdin().lock(), &mut out);
    let flushed = out.flush().map_err(Error::Io);
    match solved.and(flushed) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            let _ = writeln!(io::stderr(), "error: {e}");
            ExitCode::FAILURE
        }
    }
}
