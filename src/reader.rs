//! The reader's base: [`Reader`], its buffer and refills, line numbers, the end of the
//! input, and [`Error`]s placed on their line. The reads build on it, each in a module of its
//! own (`numbers`, `tokens`, `cells`), with fast paths that are guesses checked on every
//! read: a wrong guess costs time, never an answer. A read returns once the bytes it needs
//! (and after a token the byte that ends it) have arrived, never waiting to fill the buffer.
//!
//! Every read lands at the offset within a page that its bytes have in the source (a file
//! read from its start, a pipe), where the kernel copies them fastest ([`Reader::fill`]).
//! Layer 1: uses `errors`.

use crate::errors::{describe, line_breaks, parse_error, Error, Result};
// Not in the 2018 prelude, which bundles may be compiled under.
use std::convert::TryInto;
use std::io::{self, Read};
use std::ops::Range;

/// Buffer size used by [`Reader::new`], and the largest it starts with: few system calls,
/// and the buffer stays in the L2 cache.
pub const DEFAULT_CAPACITY: usize = 1 << 16;

/// The longest token a reader accepts, so that memory stays flat whatever the input.
pub const MAX_TOKEN: usize = 1 << 16;

/// Bytes the fast paths may look at from any position, past the bytes read if need be: the
/// buffer keeps this many more than its largest capacity, so that a window needs no bounds
/// check. (A power of two and 8 more, so that a masked offset leaves room for a word.)
pub(crate) const WINDOW: usize = 4096 + 8;

/// The largest capacity a buffer grows to: room for the longest token and the byte after it,
/// and for the page before them, where the buffered bytes start ([`Reader::fill`]).
pub(crate) const MAX_CAPACITY: usize = 1 << 17;

/// The size of a page, the unit in which the kernel copies a file or a pipe: the buffered
/// bytes keep their offset within a page of the input.
const PAGE: usize = 4096;

/// The little-endian word of the first 8 bytes of `bytes`, the fast paths' unit.
#[inline(always)]
pub(crate) fn word(bytes: &[u8]) -> u64 {
    u64::from_le_bytes(bytes[..8].try_into().expect("8 bytes"))
}

/// Whether `b` separates tokens: space, `\t`, `\n`, `\v`, `\f` or `\r`, as C's `isspace`.
#[inline(always)]
pub(crate) fn is_space(b: u8) -> bool {
    b == b' ' || (b'\t'..=b'\r').contains(&b)
}

/// A streaming reader of whitespace-separated input with line-numbered errors.
///
/// Whitespace is what C's `isspace` accepts, so CRLF line ends, blank lines and a missing
/// final newline need no care; lines end by `\n`, `\r\n` or a bare `\r` ([`line_breaks`]).
/// Every call skips the whitespace before what it reads, and its errors quote at most the
/// first 24 bytes of a token, then `...` ([`describe`]). The buffer has a fixed capacity
/// and grows only to hold one token longer than itself, up to [`MAX_TOKEN`] bytes.
///
/// ```
/// use combgames::io::Reader;
/// let mut rd = Reader::new(&b"2\r\nfirst line\n\n 7 -3\nx"[..]);
/// assert_eq!(rd.u64("n").unwrap(), 2);
/// assert_eq!(rd.line("a name").unwrap(), b"first line");
/// assert_eq!((rd.u32("a").unwrap(), rd.i64("b").unwrap()), (7, -3));
/// assert!(rd.has_more().unwrap());
/// let err = rd.expect_end().unwrap_err();
/// assert_eq!(err.to_string(), "line 5: expected the end of the input, found \"x\"");
/// ```
pub struct Reader<R> {
    src: R,
    /// [`MAX_CAPACITY`] and [`WINDOW`] bytes, of which reads use at most `capacity` from
    /// `start`, which is in the first page. The byte at `end` is 0, which no fast path takes
    /// for part of a number or a cell.
    pub(crate) buf: Box<[u8; MAX_CAPACITY + WINDOW]>,
    capacity: usize,
    /// The first byte buffered, the next unread one, and the end of the bytes read: the
    /// address of `buf[start]` has the offset within a page that the byte has in the input.
    start: usize,
    pub(crate) pos: usize,
    pub(crate) end: usize,
    eof: bool,
    /// Bytes dropped from the buffer so far: `buf[start]` is byte `dropped` of the input.
    dropped: u64,
    /// The line breaks of the input before `buf[counted]`.
    breaks: usize,
    counted: usize,
    /// The byte before `buf[start]` (a line end at the start), which tells whether a `\n`
    /// there ends a line or the `\r\n` before it, and whether an item ended just before it.
    before_buf: u8,
    /// The line of the last byte, not whitespace, dropped from the front of the buffer.
    dropped_item_line: usize,
    /// The offset in the input after the last line [`Reader::line`] read.
    pub(crate) line_read: u64,
    /// Whether the fast paths may run; off, every call takes its plain checked path.
    pub(crate) fast: bool,
}

impl<R: Read> Reader<R> {
    /// A reader with a [`DEFAULT_CAPACITY`] buffer.
    ///
    /// # Complexity
    /// O(capacity).
    pub fn new(src: R) -> Self {
        Self::with_capacity(DEFAULT_CAPACITY, src)
    }

    /// A reader whose buffer holds `capacity` bytes (tests use tiny ones, so that items
    /// straddle refills).
    ///
    /// # Complexity
    /// O(capacity).
    ///
    /// # Panics
    /// If `capacity` is 0 or above [`DEFAULT_CAPACITY`].
    pub fn with_capacity(capacity: usize, src: R) -> Self {
        assert!(
            (1..=DEFAULT_CAPACITY).contains(&capacity),
            "a Reader's capacity is 1 to {} bytes",
            DEFAULT_CAPACITY
        );
        let buf: Box<[u8; MAX_CAPACITY + WINDOW]> = vec![0; MAX_CAPACITY + WINDOW]
            .into_boxed_slice()
            .try_into()
            .expect("sized");
        // The input's first byte goes to the buffer's first page boundary.
        let start = (PAGE - buf.as_ptr() as usize % PAGE) % PAGE;
        Reader {
            src,
            buf,
            capacity,
            start,
            pos: start,
            end: start,
            eof: false,
            dropped: 0,
            breaks: 0,
            counted: start,
            before_buf: b'\n',
            dropped_item_line: 1,
            line_read: u64::MAX,
            fast: true,
        }
    }

    /// The same reader with every fast path off: each call takes its plain checked path.
    /// Tests compare the two; answers and errors must be the same.
    ///
    /// # Complexity
    /// O(1).
    pub fn plain(mut self) -> Self {
        self.fast = false;
        self
    }

    /// The line breaks of `buf[from..to]`, by the byte before it too: a `\n` first after a
    /// `\r` counted before ends no line.
    fn breaks_in(&self, from: usize, to: usize) -> usize {
        let before = self.byte_before(from);
        let crlf = from < to && before == b'\r' && self.buf[from] == b'\n';
        line_breaks(&self.buf[from..to]) - usize::from(crlf)
    }

    /// The line of `buf[at]`.
    pub(crate) fn line_at(&self, at: usize) -> usize {
        let breaks = if at >= self.counted {
            self.breaks + self.breaks_in(self.counted, at)
        } else {
            self.breaks - self.breaks_in(at, self.counted)
        };
        breaks + 1
    }

    /// The line of the last item read: of the last byte before `pos` that is not whitespace.
    pub(crate) fn last_item_line(&self) -> usize {
        let read = &self.buf[self.start..self.pos];
        match read.iter().rposition(|&b| !is_space(b)) {
            Some(at) => self.line_at(self.start + at),
            None => self.dropped_item_line,
        }
    }

    /// An [`Error::Parse`] on the line of the last item read (the whitespace after it
    /// aside), or of the line [`Reader::line`] just read, blank or not: for a value that was
    /// read fine but breaks a rule of the problem. `expected` names what the input should
    /// hold, `found` what it holds.
    ///
    /// # Complexity
    /// O(bytes read since the last refill).
    ///
    /// ```
    /// use combgames::io::Reader;
    /// let mut rd = Reader::new(&b"3 1\n\n1 0\n"[..]);
    /// let (lo, hi) = (rd.u64("lo").unwrap(), rd.u64("hi").unwrap());
    /// assert!(lo > hi && rd.has_more().unwrap());
    /// let err = rd.error("lo <= hi", format!("{lo} {hi}"));
    /// assert_eq!(err.to_string(), "line 1: expected lo <= hi, found 3 1");
    /// ```
    pub fn error(&self, expected: &str, found: String) -> Error {
        let ended = usize::from(matches!(self.byte_before(self.pos), b'\n' | b'\r'));
        let line = match self.offset(self.pos) == self.line_read {
            true => self.line_at(self.pos) - ended,
            false => self.last_item_line(),
        };
        parse_error(line, expected.to_string(), found)
    }

    /// `e` on the line [`Reader::error`] names if it is an [`Error::Rule`] (as toolkit calls
    /// return for bad values: `OctalGame::new(code).map_err(|e| rd.place(e))?`), else `e`.
    ///
    /// # Complexity
    /// As [`Reader::error`].
    pub fn place(&self, e: Error) -> Error {
        match e {
            Error::Rule { expected, found } => self.error(&expected, found),
            other => other,
        }
    }

    /// `e`, and if it is an [`Error::Rule`], the [`Error::Parse`] it makes on the line of the
    /// last byte of `buf[group]` that is not whitespace: a call with a closure places the
    /// closure's errors so, at the values it gave it (`group` may start before them, or
    /// before the buffered bytes).
    #[cold]
    #[inline(never)]
    pub(crate) fn placed(&self, e: Error, group: Range<usize>) -> Error {
        match e {
            Error::Rule { expected, found } => {
                let group = group.start.max(self.start)..group.end;
                let last = self.buf[group.clone()].iter().rposition(|&b| !is_space(b));
                parse_error(
                    self.line_at(group.start + last.unwrap_or(0)),
                    expected,
                    found,
                )
            }
            other => other,
        }
    }

    /// An [`Error::Parse`] at `buf[at]`; at the end of the input, on the line of the last
    /// item (the line after it may not exist).
    #[cold]
    pub(crate) fn error_at(&self, at: usize, expected: &str, found: String) -> Error {
        let end = at >= self.end && self.eof;
        let line = [self.line_at(at), self.last_item_line()][usize::from(end)];
        parse_error(line, expected.to_string(), found)
    }

    /// The offset in the input of `buf[at]`.
    #[inline(always)]
    pub(crate) fn offset(&self, at: usize) -> u64 {
        self.dropped + (at - self.start) as u64
    }

    /// Drops the bytes read, moves the unread ones down into the first page of the buffer,
    /// and reads after them until at least `want` bytes are unread, `capacity` are, or the
    /// input ends.
    ///
    /// Each byte lands at the offset within a page that it has in the input, so that the
    /// kernel copies whole pages to whole pages: the first at a page boundary, every move
    /// by whole pages. A read of a page or more ends at a page boundary too, so that the
    /// next one starts at one. (Read to the buffer's front, 16 bytes past a page boundary,
    /// or after the unread bytes moved there, wherever those ended: 64 KiB reads of a
    /// cached file took 1.2 to 3 times as long, from day to day, on a 2-core AMD EPYC VM.)
    #[inline(never)]
    pub(crate) fn fill(&mut self, want: usize) -> Result<()> {
        if self.pos > self.start {
            if self.counted < self.pos {
                self.breaks += self.breaks_in(self.counted, self.pos);
                self.counted = self.pos;
            }
            let read = &self.buf[self.start..self.pos];
            if let Some(at) = read.iter().rposition(|&b| !is_space(b)) {
                self.dropped_item_line = self.line_at(self.start + at);
            }
            self.before_buf = self.buf[self.pos - 1];
            self.dropped += (self.pos - self.start) as u64;
            let to = self.pos % PAGE;
            self.buf.copy_within(self.pos..self.end, to);
            let moved = self.pos - to;
            self.counted -= moved;
            self.end -= moved;
            self.start = to;
            self.pos = to;
        }
        let capacity = self.capacity;
        let read = loop {
            if self.end - self.pos >= want.min(capacity) || self.eof {
                break Ok(());
            }
            let full = self.pos + capacity;
            let limit = match full.checked_sub((self.offset(full) % PAGE as u64) as usize) {
                Some(page_end) if page_end > self.end => page_end,
                _ => full,
            };
            match self.src.read(&mut self.buf[self.end..limit]) {
                Ok(0) => self.eof = true,
                Ok(n) => self.end += n,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
                Err(e) => break Err(Error::Io(e)),
            }
        };
        self.buf[self.end] = 0;
        read
    }

    /// Skips the buffered whitespace at `pos`. (The byte after the buffered ones is 0, not
    /// a space: the loop stops there.)
    #[inline(always)]
    pub(crate) fn skip_spaces(&mut self) {
        while is_space(self.buf[self.pos]) {
            self.pos += 1;
        }
    }

    /// Notes that the `n` bytes from `pos` hold `breaks` line breaks (by [`line_breaks`]):
    /// fast paths that know their bytes' line breaks spare the reader counting them. If
    /// bytes before them were read uncounted (a number, the whitespace before a group),
    /// those are counted first when there are many bytes ahead; for a few, the reader
    /// counts them all later, which costs less than a count of the bytes in between.
    #[inline(always)]
    pub(crate) fn count_ahead(&mut self, n: usize, breaks: usize) {
        if self.counted < self.pos {
            if n < 256 {
                return;
            }
            self.breaks += self.breaks_in(self.counted, self.pos);
        }
        self.breaks += breaks;
        self.counted = self.pos + n;
    }

    /// The byte after the one at `pos` (which is buffered), reading it if need be (a buffer
    /// of one byte grows to two); `None` at the end of the input.
    pub(crate) fn peek_after(&mut self) -> Result<Option<u8>> {
        if self.pos + 1 >= self.end {
            self.capacity = self.capacity.max(2);
            self.fill(2)?;
        }
        Ok((self.pos + 1 < self.end).then(|| self.buf[self.pos + 1]))
    }

    /// Whether anything but whitespace is left: the loop condition of an input that runs to
    /// its end.
    ///
    /// # Complexity
    /// O(whitespace skipped).
    pub fn has_more(&mut self) -> Result<bool> {
        loop {
            self.skip_spaces();
            if self.pos < self.end {
                return Ok(true);
            }
            self.fill(1)?;
            if self.pos == self.end {
                return Ok(false);
            }
        }
    }

    /// Checks that only whitespace is left: call it after the last case of an input with a
    /// fixed count, so that data past the end (a wrong count, say) is an error, not ignored.
    ///
    /// # Complexity
    /// O(bytes left).
    pub fn expect_end(&mut self) -> Result<()> {
        match self.has_more()? {
            false => Ok(()),
            true => {
                let found = describe(self.next_token()?);
                Err(self.error_at(self.pos, "the end of the input", found))
            }
        }
    }

    /// The length of the bytes from `pos` up to the first that `ends` them or the end of
    /// the input (a token's, with `is_space`), buffering them whole: at most [`MAX_TOKEN`],
    /// else an error.
    pub(crate) fn scan(&mut self, what: &str, ends: fn(u8) -> bool) -> Result<usize> {
        let mut len = 0;
        loop {
            let rest = &self.buf[self.pos + len..self.end];
            if let Some(i) = rest.iter().position(|&b| ends(b)) {
                return Ok(len + i);
            }
            len = self.end - self.pos;
            if self.eof {
                return Ok(len);
            }
            if len > MAX_TOKEN {
                let token = describe(&self.buf[self.pos..self.end]);
                let found = format!("{token} (longer than {MAX_TOKEN} bytes)");
                return Err(self.error_at(self.pos, what, found));
            }
            // A full buffer doubles, up to room for the longest token and its end.
            if len == self.capacity {
                self.capacity = (2 * len).min(MAX_TOKEN + 1);
            }
            self.fill(len + 1)?;
        }
    }

    /// The [`WINDOW`] bytes from `pos`: the bytes read, then whatever the buffer holds.
    #[inline(always)]
    pub(crate) fn window(&self) -> &[u8; WINDOW] {
        // `pos` is below PAGE + MAX_TOKEN + 1: the mask only lets the compiler see it.
        let at = self.pos % MAX_CAPACITY;
        self.buf[at..at + WINDOW]
            .try_into()
            .expect("the buffer has a window")
    }

    /// The start of the token at `pos`, without reading it, for error messages.
    pub(crate) fn next_token(&mut self) -> Result<&[u8]> {
        // Enough to describe it: 24 bytes and one more, whatever its length.
        if self.end - self.pos < 25 {
            self.capacity = self.capacity.max(25);
            self.fill(25)?;
        }
        let rest = &self.buf[self.pos..self.end];
        let len = rest.iter().position(|&b| is_space(b)).unwrap_or(rest.len());
        Ok(&rest[..len.min(25)])
    }

    /// The byte before `buf[at]`.
    pub(crate) fn byte_before(&self, at: usize) -> u8 {
        match at == self.start {
            true => self.before_buf,
            false => self.buf[at - 1],
        }
    }
}
