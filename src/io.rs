//! Streaming input with line-numbered errors, and buffered output.
//!
//! [`Reader`] reads from any [`Read`] through one fixed buffer, so memory stays flat however
//! large the input is; [`Writer`] collects output in a fixed buffer and flushes as it fills.
//! [`run`] ties both to stdin and stdout for a binary's `main`.

// Not in the 2018 prelude, which bundles may be compiled under.
use std::convert::{TryFrom, TryInto};
use std::fmt;
use std::io::{self, Read, StdinLock, StdoutLock, Write};
use std::ops::RangeInclusive;
use std::process::ExitCode;

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
    buf: Vec<u8>,
    /// Next unread byte in `buf`.
    pos: usize,
    /// End of the valid bytes in `buf`.
    end: usize,
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
    fn token_for(&mut self, what: &str) -> Result<Option<&[u8]>> {
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

    /// Reads an unsigned decimal integer; `what` names it in errors. A leading `+` is allowed.
    ///
    /// # Complexity
    /// O(digits).
    ///
    /// ```
    /// use combgames::io::Reader;
    /// let mut rd = Reader::new(&b"18446744073709551615\n18446744073709551616"[..]);
    /// assert_eq!(rd.u64("n").unwrap(), u64::MAX);
    /// let err = rd.u64("n").unwrap_err();
    /// assert_eq!(err.to_string(), "line 2: expected n, found \"18446744073709551616\" (too large)");
    /// ```
    #[inline]
    pub fn u64(&mut self, what: &str) -> Result<u64> {
        // Fast path: skip whitespace in the buffer, then read up to 15 digits eight at a
        // time if they and the byte after them are buffered.
        let mut pos = self.pos;
        while pos < self.end && is_space(self.buf[pos]) {
            pos += 1;
        }
        self.pos = pos;
        match sixteen_at(&self.buf[..self.end], pos).and_then(digits_eight_at_a_time) {
            Some((value, len)) => {
                self.pos += len;
                Ok(value)
            }
            None => self.u64_rest(what),
        }
    }

    /// [`Reader::u64`] when the fast path does not apply: near the end of the buffer, for
    /// long numbers, and on errors.
    #[inline(never)]
    fn u64_rest(&mut self, what: &str) -> Result<u64> {
        if self.peek_non_space()?.is_none() {
            return Err(self.error(what, "end of input".to_string()));
        }
        // Still fast: the whole number and the byte after it are already buffered.
        let bytes = &self.buf[self.pos..self.end];
        let mut value: u64 = 0;
        let mut i = 0;
        while i < bytes.len() && i < 19 {
            let d = bytes[i].wrapping_sub(b'0');
            if d > 9 {
                break;
            }
            // Up to 19 digits cannot overflow a u64.
            value = value * 10 + d as u64;
            i += 1;
        }
        if i > 0 && i < bytes.len() && is_space(bytes[i]) {
            self.pos += i;
            return Ok(value);
        }
        let token = self.token_for(what)?.unwrap_or_default();
        match parse_u64(token) {
            Ok(v) => Ok(v),
            Err(why) => {
                let found = format!("{}{why}", describe_token(token));
                let len = token.len();
                Err(self.error_before(what, found, len))
            }
        }
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

    /// Reads a signed decimal integer; `what` names it in errors.
    ///
    /// # Complexity
    /// O(digits).
    ///
    /// ```
    /// use combgames::io::Reader;
    /// let mut rd = Reader::new(&b"-9223372036854775808 +7 --1"[..]);
    /// assert_eq!(rd.i64("x").unwrap(), i64::MIN);
    /// assert_eq!(rd.i64("x").unwrap(), 7);
    /// assert!(rd.i64("x").is_err());
    /// ```
    pub fn i64(&mut self, what: &str) -> Result<i64> {
        let token = match self.token_for(what)? {
            Some(t) => t,
            None => return Err(self.error(what, "end of input".to_string())),
        };
        let (negative, digits) = match token.first() {
            Some(b'-') => (true, &token[1..]),
            _ => (false, token),
        };
        let parsed = parse_u64(digits).and_then(|magnitude| {
            if negative {
                // -2^63 is the one magnitude that has no positive i64.
                match magnitude {
                    m if m <= 1 << 63 => Ok((m as i64).wrapping_neg()),
                    _ => Err(" (too small)"),
                }
            } else {
                i64::try_from(magnitude).map_err(|_| " (too large)")
            }
        });
        match parsed {
            Ok(v) => Ok(v),
            Err(why) => {
                let found = format!("{}{why}", describe_token(token));
                let len = token.len();
                Err(self.error_before(what, found, len))
            }
        }
    }

    /// Reads an unsigned integer that must lie in `range`; `what` names it in errors.
    ///
    /// # Complexity
    /// O(digits).
    ///
    /// ```
    /// use combgames::io::Reader;
    /// let mut rd = Reader::new(&b"3 0"[..]);
    /// assert_eq!(rd.u64_in(1..=5, "T").unwrap(), 3);
    /// assert_eq!(rd.u64_in(1..=5, "T").unwrap_err().to_string(), "line 1: expected T in 1..=5, found 0");
    /// ```
    #[inline]
    pub fn u64_in(&mut self, range: RangeInclusive<u64>, what: &str) -> Result<u64> {
        match self.u64(what) {
            Ok(v) if range.contains(&v) => Ok(v),
            read => self.check_range(read, &range, || {
                if *range.end() == u64::MAX {
                    format!("{what} of at least {}", range.start())
                } else {
                    format!("{what} in {}..={}", range.start(), range.end())
                }
            }),
        }
    }

    /// Reads a signed integer that must lie in `range`; `what` names it in errors.
    ///
    /// # Complexity
    /// O(digits).
    pub fn i64_in(&mut self, range: RangeInclusive<i64>, what: &str) -> Result<i64> {
        let read = self.i64(what);
        self.check_range(read, &range, || {
            format!("{what} in {}..={}", range.start(), range.end())
        })
    }

    /// Checks a value just read against `range`. The description is only formatted on
    /// failure: these reads sit in hot loops.
    #[cold]
    fn check_range<T>(
        &self,
        read: Result<T>,
        range: &RangeInclusive<T>,
        described: impl FnOnce() -> String,
    ) -> Result<T>
    where
        T: PartialOrd + fmt::Display,
    {
        match read {
            Ok(v) if range.contains(&v) => Ok(v),
            Ok(v) => Err(self.error(&described(), v.to_string())),
            Err(Error::Parse { line, found, .. }) => Err(Error::Parse {
                line,
                expected: described(),
                found,
            }),
            Err(e) => Err(e),
        }
    }

    /// Reads an unsigned integer in `range` as a `usize`; `what` names it in errors.
    ///
    /// # Complexity
    /// O(digits).
    pub fn usize_in(&mut self, range: RangeInclusive<usize>, what: &str) -> Result<usize> {
        let wide = *range.start() as u64..=*range.end() as u64;
        // The range bounds are usize, so the value fits.
        Ok(self.u64_in(wide, what)? as usize)
    }

    /// An error at the line where the token of `len` bytes just read began.
    fn error_before(&self, what: &str, found: String, len: usize) -> Error {
        Error::Parse {
            line: self.line_at(self.pos - len),
            expected: what.to_string(),
            found,
        }
    }
}

/// `0x0101_0101_0101_0101 * b`: the byte `b` in all eight lanes of a word.
const fn lanes(b: u8) -> u64 {
    0x0101_0101_0101_0101 * b as u64
}

/// The eight bytes at the start of `bytes` as one word, the first byte lowest.
#[inline(always)]
fn word(bytes: &[u8]) -> u64 {
    let mut raw = [0; 8];
    raw.copy_from_slice(&bytes[..8]);
    u64::from_le_bytes(raw)
}

/// `word` with `'0'` taken out of each byte by XOR: a digit becomes its value, 0 to 9, and
/// any other byte something above 9.
#[inline(always)]
fn digit_lanes(word: u64) -> u64 {
    word ^ lanes(b'0')
}

/// Marks with 0x80 each byte of `digits` (see [`digit_lanes`]) that is not a digit. A carry
/// leaves a byte only if it is not a digit, and only towards later bytes, so every byte up to
/// and including the first non-digit is exact.
#[inline(always)]
fn non_digits(digits: u64) -> u64 {
    (digits.wrapping_add(lanes(0x80 - 10)) | digits) & lanes(0x80)
}

/// The value of eight digits (see [`digit_lanes`]), the first byte most significant.
#[inline(always)]
fn eight_digit_value(digits: u64) -> u64 {
    // Combine neighbours: pairs of digits, then of pairs, then of quads; each multiply adds
    // ten (or 100, 10^4) times a lane to the lane above it.
    let pairs = digits.wrapping_mul(10 << 8 | 1) >> 8 & 0x00ff_00ff_00ff_00ff;
    let quads = pairs.wrapping_mul(100 << 16 | 1) >> 16 & 0x0000_ffff_0000_ffff;
    quads.wrapping_mul(10_000 << 32 | 1) >> 32
}

/// Powers of ten below 10^8.
const POW10: [u64; 8] = [1, 10, 100, 1_000, 10_000, 100_000, 1_000_000, 10_000_000];

/// Reads 1 to 15 digits at the start of `head` followed by whitespace, eight bytes at a time:
/// the value and the number of digits, or `None` when that is not what `head` starts with.
#[inline(always)]
fn digits_eight_at_a_time(head: &[u8; 16]) -> Option<(u64, usize)> {
    let first = digit_lanes(word(&head[..8]));
    let stop = non_digits(first);
    if stop != 0 {
        let len = stop.trailing_zeros() as usize / 8;
        if len == 0 || !is_space(head[len]) {
            return None;
        }
        // Move the digits to the top: the bytes below them are leading zeros.
        return Some((eight_digit_value(first << (64 - 8 * len)), len));
    }
    let second = digit_lanes(word(&head[8..]));
    // The digits after the first eight; 8 if there are eight more (too many for this path).
    let rest = non_digits(second).trailing_zeros() as usize / 8;
    let high = eight_digit_value(first);
    let value = if rest <= 1 {
        // Eight or nine digits, the commonest lengths, without a branch between them.
        let ninth = second & 0xf;
        if rest == 1 {
            high * 10 + ninth
        } else {
            high
        }
    } else if rest < 8 {
        high * POW10[rest] + eight_digit_value(second << (64 - 8 * rest))
    } else {
        return None;
    };
    is_space(head[8 + rest % 8]).then_some((value, 8 + rest))
}

/// The 16 bytes of `bytes` from `at`, if there are that many.
#[inline(always)]
fn sixteen_at(bytes: &[u8], at: usize) -> Option<&[u8; 16]> {
    <&[u8; 16]>::try_from(bytes.get(at..)?.get(..16)?).ok()
}

/// Reads `N` unsigned decimal numbers from the front of `bytes` into `values`, and says how
/// many bytes they take with the whitespace before them and the one whitespace byte after
/// each; `None` when `bytes` holds anything else there (and then `values` holds whatever
/// was read before).
///
/// A fast path for [`Reader::read_runs`] and [`Reader::read_each`]: it takes only numbers of
/// 1 to 15 digits with no sign, each followed by whitespace, all within the first `17 N + 16`
/// bytes of `bytes`, and gives up on anything else (a `+`, a long number, much whitespace,
/// bad input, the end of `bytes`), leaving it to the checked reader. What it reads,
/// [`Reader::u64`] reads the same.
///
/// # Complexity
/// O(N).
///
/// ```
/// use combgames::io::u64s_at;
/// let padding = " ".repeat(64);
/// let input = format!("\r\n 7 42\n\n1000000{padding}");
/// let mut values = [0; 3];
/// assert_eq!(u64s_at(input.as_bytes(), &mut values), Some(17));
/// assert_eq!(values, [7, 42, 1000000]);
/// assert_eq!(u64s_at(b"7 +42                              ", &mut [0; 2]), None);
/// ```
#[inline(always)]
pub fn u64s_at<const N: usize>(bytes: &[u8], values: &mut [u64; N]) -> Option<usize> {
    // One bound for the whole item spares a check per number: room for N numbers of up to
    // 15 digits with a byte after each, and 16 bytes to read the last.
    let window = bytes.get(..17 * N + 16)?;
    let last_start = window.len() - 16;
    let mut at = 0;
    for value in values.iter_mut() {
        if at > last_start {
            return None;
        }
        let (v, len) = match sixteen_at(window, at).and_then(digits_eight_at_a_time) {
            Some(found) => found,
            // Usually no whitespace is left before a number (the byte after the last one
            // was taken), else skip it and try again.
            None => {
                let spaces = window[at..].iter().take_while(|&&b| is_space(b)).count();
                if spaces == 0 {
                    return None;
                }
                at += spaces;
                digits_eight_at_a_time(sixteen_at(window, at)?)?
            }
        };
        *value = v;
        at += len + 1;
    }
    Some(at)
}

/// Reads two numbers of 1 to 3 digits from the front of `bytes`, each followed by one
/// whitespace byte, as in a line `x y`: the values, and how many bytes they take with the
/// whitespace before them; `None` when `bytes` holds anything else there.
///
/// A fast path for [`Reader::read_each`] over pairs of small numbers: the pair is read from
/// one word, and both values come out of one shared sequence of multiplies. It gives up on
/// anything else (more digits, a `+`, more whitespace between the two, bad input, fewer than
/// eight bytes from the first digit), leaving it to the checked reader. What it reads,
/// [`Reader::u64`] reads the same.
///
/// # Complexity
/// O(1), plus the whitespace before the pair.
///
/// ```
/// use combgames::io::small_pair_at;
/// assert_eq!(small_pair_at(b"\n499 7\r\n1 2"), Some(([499, 7], 7)));
/// assert_eq!(small_pair_at(b"1 2 3 4 5"), Some(([1, 2], 4)));
/// assert_eq!(small_pair_at(b"1000 2 3 4"), None);
/// assert_eq!(small_pair_at(b"1  2 3 4 5"), None);
/// ```
#[inline(always)]
pub fn small_pair_at(bytes: &[u8]) -> Option<([u64; 2], usize)> {
    match bytes.get(..8).and_then(small_pair) {
        Some(found) => Some(found),
        // Usually no whitespace is left before the pair (the byte after the last was
        // taken), else skip it and try again.
        None => {
            let spaces = bytes.iter().take_while(|&&b| is_space(b)).count();
            if spaces == 0 {
                return None;
            }
            let (pair, len) = small_pair(bytes.get(spaces..)?.get(..8)?)?;
            Some((pair, spaces + len))
        }
    }
}

/// How to read a pair at the start of a word, for each pattern of the bytes that are not
/// digits (bit i for byte i): where the byte between the two numbers is, the pair's length
/// with the byte after it (0 if the word does not start with 1 to 3 digits, a non-digit, 1
/// to 3 digits and a non-digit), and multipliers and a mask that move each number's digits
/// to the top of its half word (see [`small_pair`]).
struct PairLayouts {
    between: [u8; 256],
    len: [u8; 256],
    /// The bytes between and after the numbers.
    separators: [u64; 256],
    /// The commonest separators there: a space between the numbers and `\n` after them.
    space_newline: [u64; 256],
    /// `1 << (8 (4 - f))` for a first number of f digits.
    first_shift: [u64; 256],
    /// The second number's bytes.
    second_mask: [u64; 256],
    /// `1 << (8 (8 - e))`, e the byte after the second number.
    second_shift: [u64; 256],
}

/// See [`PairLayouts`].
const PAIR_LAYOUTS: PairLayouts = {
    let mut layouts = PairLayouts {
        between: [0; 256],
        len: [0; 256],
        separators: [0; 256],
        space_newline: [0; 256],
        first_shift: [0; 256],
        second_mask: [0; 256],
        second_shift: [0; 256],
    };
    let mut stops = 0;
    while stops < 256 {
        // A ninth stop bit ends a word of digits.
        let first = (stops as u32 | 0x100).trailing_zeros();
        let second = ((stops as u32 | 0x100) >> (first + 1)).trailing_zeros();
        if first >= 1 && first <= 3 && second >= 1 && second <= 3 {
            let end = first + 1 + second;
            layouts.between[stops] = first as u8;
            layouts.len[stops] = end as u8 + 1;
            layouts.separators[stops] = 0xff << (8 * first) | 0xff << (8 * end);
            layouts.space_newline[stops] =
                (b' ' as u64) << (8 * first) | (b'\n' as u64) << (8 * end);
            layouts.first_shift[stops] = 1 << (8 * (4 - first));
            layouts.second_mask[stops] = (1 << (8 * end)) - (1 << (8 * (first + 1)));
            layouts.second_shift[stops] = 1 << (8 * (8 - end));
        }
        stops += 1;
    }
    layouts
};

/// [`small_pair_at`] for a pair at the very start of `head`, which holds eight bytes.
#[inline(always)]
fn small_pair(head: &[u8]) -> Option<([u64; 2], usize)> {
    let raw = word(head);
    let digits = digit_lanes(raw);
    // One bit per byte that is not a digit, gathered by a multiply; exact up to the byte
    // after the second number when the byte between them is whitespace (which makes no
    // carry in `non_digits`), and the pair is rejected otherwise.
    let stops = (non_digits(digits).wrapping_mul(0x0002_0408_1020_4081) >> 56) as u8;
    let layout = &PAIR_LAYOUTS;
    let len = layout.len[stops as usize] as usize;
    if len == 0 {
        return None;
    }
    // The separators: one test for the commonest, else one for each.
    if raw & layout.separators[stops as usize] != layout.space_newline[stops as usize]
        && (!is_space_bit(head[layout.between[stops as usize] as usize % 8])
            || !is_space_bit(head[(len - 1) % 8]))
    {
        return None;
    }
    // Each number moved to the top of its half word, with leading zeros below: then the
    // first two steps of the eight-digit sum give both four-digit values at once.
    let first = digits.wrapping_mul(layout.first_shift[stops as usize]) & 0xffff_ffff;
    let second = (digits & layout.second_mask[stops as usize])
        .wrapping_mul(layout.second_shift[stops as usize]);
    let pairs = (first | second).wrapping_mul(10 << 8 | 1) >> 8 & 0x00ff_00ff_00ff_00ff;
    let quads = pairs.wrapping_mul(100 << 16 | 1) >> 16;
    Some(([quads & 0xffff, quads >> 32 & 0xffff], len))
}

/// The whitespace bytes of [`is_space`] as the bits of a word.
const SPACE_BITS: u64 = 1 << b' ' | 0x1f << b'\t';

/// [`is_space`] in one bit test, for the fast paths.
#[inline(always)]
fn is_space_bit(b: u8) -> bool {
    b < 64 && SPACE_BITS >> b & 1 != 0
}

/// Parses ASCII decimal digits with an optional leading `+`; the error says why not.
fn parse_u64(token: &[u8]) -> std::result::Result<u64, &'static str> {
    let digits = token.strip_prefix(b"+").unwrap_or(token);
    if digits.is_empty() || !digits.iter().all(u8::is_ascii_digit) {
        return Err("");
    }
    digits.iter().try_fold(0u64, |acc, &d| {
        acc.checked_mul(10)
            .and_then(|v| v.checked_add((d - b'0') as u64))
            .ok_or(" (too large)")
    })
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

/// A buffered writer of fixed capacity: output collects in memory and goes to the inner
/// writer whenever the buffer fills, and on [`Write::flush`].
///
/// Dropping it flushes too but ignores errors, as [`std::io::BufWriter`] does: call
/// [`Write::flush`] to see them.
///
/// ```
/// use std::io::Write;
/// let mut sink = Vec::new();
/// let mut w = combgames::io::Writer::with_capacity(4, &mut sink);
/// w.write_all(b"Possible.\n").unwrap();
/// w.write_all(b"ok").unwrap();
/// w.flush().unwrap();
/// drop(w);
/// assert_eq!(sink, b"Possible.\nok");
/// ```
pub struct Writer<W: Write> {
    inner: W,
    /// The buffer, all of it initialised; `buf[..used]` is waiting to be written.
    buf: Vec<u8>,
    used: usize,
}

impl<W: Write> Writer<W> {
    /// Creates a writer with a [`DEFAULT_CAPACITY`] buffer.
    ///
    /// # Complexity
    /// O(capacity).
    pub fn new(inner: W) -> Self {
        Self::with_capacity(DEFAULT_CAPACITY, inner)
    }

    /// Creates a writer whose buffer holds `capacity` bytes.
    ///
    /// # Complexity
    /// O(capacity).
    ///
    /// # Panics
    /// If `capacity` is 0.
    pub fn with_capacity(capacity: usize, inner: W) -> Self {
        assert!(capacity > 0, "Writer needs a buffer of at least one byte");
        Writer {
            inner,
            buf: vec![0; capacity],
            used: 0,
        }
    }

    fn flush_buf(&mut self) -> io::Result<()> {
        let result = self.inner.write_all(&self.buf[..self.used]);
        self.used = 0;
        result
    }

    /// [`Write::write_all`] when `data` does not fit in the buffer's free room.
    #[cold]
    #[inline(never)]
    fn write_all_after_flush(&mut self, data: &[u8]) -> io::Result<()> {
        self.flush_buf()?;
        if data.len() >= self.buf.len() {
            return self.inner.write_all(data);
        }
        self.buf[..data.len()].copy_from_slice(data);
        self.used = data.len();
        Ok(())
    }
}

impl<W: Write> Write for Writer<W> {
    fn write(&mut self, data: &[u8]) -> io::Result<usize> {
        self.write_all(data)?;
        Ok(data.len())
    }

    #[inline]
    fn write_all(&mut self, data: &[u8]) -> io::Result<()> {
        let len = data.len();
        let room = &mut self.buf[self.used..];
        if len > room.len() {
            return self.write_all_after_flush(data);
        }
        // Answers are short: two overlapping copies of a size known at compile time cost a
        // few instructions, where a call to `memcpy` costs dozens.
        match len {
            8..=16 => {
                room[..8].copy_from_slice(&data[..8]);
                room[len - 8..len].copy_from_slice(&data[len - 8..]);
            }
            4..=7 => {
                room[..4].copy_from_slice(&data[..4]);
                room[len - 4..len].copy_from_slice(&data[len - 4..]);
            }
            1 => room[0] = data[0],
            _ => room[..len].copy_from_slice(data),
        }
        self.used += len;
        Ok(())
    }

    fn flush(&mut self) -> io::Result<()> {
        self.flush_buf()?;
        self.inner.flush()
    }
}

impl<W: Write> Drop for Writer<W> {
    fn drop(&mut self) {
        let _ = self.flush();
    }
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
