//! Buffered output: [`Writer`] collects output in a fixed buffer and writes it to the inner
//! writer when the buffer fills, on [`Write::flush`] and when dropped. Its own calls return
//! the library's [`Result`], as the reader's do, so that `out.line(..)` can end a closure.
//! Layer 1: uses `errors`.

// Not in the 2018 prelude, which bundles may be compiled under.
use std::convert::TryInto;
use std::io::{self, Write};

use crate::errors::Result;

/// Buffer size used by [`Writer::new`], and the largest: few system calls, and the buffer
/// stays in the L2 cache.
pub const DEFAULT_CAPACITY: usize = 1 << 16;

/// A buffered writer of fixed capacity: output collects in memory and goes to the inner
/// writer whenever the buffer fills, and on [`Write::flush`]. Short writes (an answer line)
/// cost a few instructions.
///
/// Until a flush, every write to the inner writer is a whole number of buffers, so that with
/// the [`DEFAULT_CAPACITY`] each one covers whole pages of a file or a pipe: writes of 64 KiB
/// and a few bytes, ending a little further into a page each time, took 1.6 times as long
/// to a cached file.
///
/// Dropping it flushes too but ignores errors, as [`std::io::BufWriter`] does: call
/// [`Write::flush`] to see them. An interactive program flushes after each move: nothing
/// reaches the judge before.
///
/// ```
/// use std::io::Write;
/// let mut sink = Vec::new();
/// let mut w = combgames::write::Writer::with_capacity(4, &mut sink);
/// w.write_all(b"Possible.\n").unwrap();
/// w.write_all(b"ok").unwrap();
/// w.flush().unwrap();
/// drop(w);
/// assert_eq!(sink, b"Possible.\nok");
/// ```
pub struct Writer<W: Write> {
    /// Boxed, so that a write to it passes no pointer into the writer itself: then a loop
    /// of short writes keeps `used` in a register, not in memory from one write to the
    /// next (10^6 answer lines: 1.5 ms less).
    inner: Box<W>,
    /// `buf[..used]` is waiting to be written; `used` stays below `capacity` between writes.
    /// The buffer has 16 bytes past [`DEFAULT_CAPACITY`], so that a short write can copy
    /// whole words from any `used`.
    buf: Box<[u8; DEFAULT_CAPACITY + 16]>,
    used: usize,
    capacity: usize,
}

impl<W: Write> Writer<W> {
    /// Creates a writer with a [`DEFAULT_CAPACITY`] buffer.
    ///
    /// # Complexity
    /// O(capacity).
    pub fn new(inner: W) -> Self {
        Self::with_capacity(DEFAULT_CAPACITY, inner)
    }

    /// Creates a writer that writes to `inner` whenever `capacity` bytes are waiting (tests
    /// use tiny ones).
    ///
    /// # Complexity
    /// O([`DEFAULT_CAPACITY`]).
    ///
    /// # Panics
    /// If `capacity` is 0 or above [`DEFAULT_CAPACITY`].
    pub fn with_capacity(capacity: usize, inner: W) -> Self {
        assert!(
            (1..=DEFAULT_CAPACITY).contains(&capacity),
            "a Writer's capacity is 1 to {} bytes",
            DEFAULT_CAPACITY
        );
        Writer {
            inner: Box::new(inner),
            buf: vec![0; DEFAULT_CAPACITY + 16]
                .into_boxed_slice()
                .try_into()
                .expect("sized"),
            used: 0,
            capacity,
        }
    }

    /// Writes line `i` of `lines`: one copy of 16 bytes for a line of at most 15, the
    /// fastest way to write one of a problem's few fixed answers.
    ///
    /// # Complexity
    /// O(1), or O(length) for a line of more than 15 bytes.
    ///
    /// # Panics
    /// If `i` is not below the number of lines.
    ///
    /// ```
    /// use combgames::write::{Lines, Writer};
    /// let answers = Lines::new(["Second", "First", "Don't waste your time."]);
    /// let mut sink = Vec::new();
    /// let mut out = Writer::new(&mut sink);
    /// for i in [1, 0, 2] {
    ///     out.line(&answers, i).unwrap();
    /// }
    /// drop(out);
    /// assert_eq!(sink, b"First\nSecond\nDon't waste your time.\n");
    /// ```
    #[inline]
    pub fn line<const N: usize>(&mut self, lines: &Lines<N>, i: usize) -> Result<()> {
        // `used` is below the capacity, so 16 bytes of room follow it; the mask only lets
        // the compiler see it.
        let at = self.used % DEFAULT_CAPACITY;
        self.buf[at..at + 16].copy_from_slice(&lines.padded[i]);
        // A long line counts `LONG` more, above any capacity: it takes the way of a full
        // buffer, with no test of its own.
        self.used += lines.lens[i];
        match self.used >= self.capacity {
            true => Ok(self.spill(&lines.long)?),
            false => Ok(()),
        }
    }

    /// Writes `values` on one line, separated by spaces, then `\n` (alone if there are none):
    /// a list of positions, say.
    ///
    /// # Complexity
    /// O(digits).
    ///
    /// ```
    /// use combgames::write::Writer;
    /// let mut sink = Vec::new();
    /// let mut out = Writer::new(&mut sink);
    /// out.ints([3usize, 14, 15].iter()).unwrap();
    /// out.ints([-9_i64, i64::MIN]).unwrap();
    /// out.ints(Vec::<u64>::new()).unwrap();
    /// drop(out);
    /// assert_eq!(sink, b"3 14 15\n-9 -9223372036854775808\n\n");
    /// ```
    pub fn ints<I>(&mut self, values: I) -> Result<()>
    where
        I: IntoIterator,
        I::Item: Int,
    {
        // Digits from the right, then a sign, and a space before all but the first.
        let mut text = [0; 22];
        let mut first = true;
        for value in values {
            let (negative, mut magnitude) = value.sign_magnitude();
            let mut at = text.len();
            loop {
                at -= 1;
                text[at] = b'0' + (magnitude % 10) as u8;
                magnitude /= 10;
                if magnitude == 0 {
                    break;
                }
            }
            if negative {
                at -= 1;
                text[at] = b'-';
            }
            if !first {
                at -= 1;
                text[at] = b' ';
            }
            self.write_all(&text[at..])?;
            first = false;
        }
        Ok(self.write_all(b"\n")?)
    }

    /// Writes out the bytes waiting when the buffer is full; or after [`Writer::line`] of a
    /// line longer than 15 bytes (`used` is [`LONG`] more), adds that line of `long`.
    #[inline(always)]
    fn spill(&mut self, long: &[Box<[u8]>]) -> io::Result<()> {
        // Given the writer's parts, not the writer: a loop of short writes keeps `used` in
        // a register only if no call learns the writer's address.
        let parts = (&mut *self.inner, &mut self.buf[..]);
        let (used, written) = spill(parts, (self.used, self.capacity), long);
        self.used = used;
        written
    }

    /// [`Write::write_all`] for more than 16 bytes.
    #[cold]
    #[inline(never)]
    fn write_all_long(&mut self, data: &[u8]) -> io::Result<()> {
        let (used, written) = put(
            &mut *self.inner,
            &mut self.buf[..self.capacity],
            self.used,
            data,
        );
        self.used = used;
        written
    }
}

/// [`Writer::spill`] on the writer's parts: the bytes waiting in `buf` after it, and whether
/// writing to `inner` went well. It writes whole buffers, `capacity` bytes each, and moves
/// the bytes past them to the front.
#[cold]
#[inline(never)]
fn spill<W: Write>(
    (inner, buf): (&mut W, &mut [u8]),
    (used, capacity): (usize, usize),
    long: &[Box<[u8]>],
) -> (usize, io::Result<()>) {
    match used.checked_sub(LONG) {
        // The padded text of a long line, copied to `used`, is its index in `long`.
        Some(used) => {
            let index = &buf[used..used + 8];
            let index = u64::from_le_bytes(index.try_into().expect("8 bytes"));
            put(inner, &mut buf[..capacity], used, &long[index as usize])
        }
        None => {
            let whole = used - used % capacity;
            let written = inner.write_all(&buf[..whole]);
            buf.copy_within(whole..used, 0);
            (used - whole, written)
        }
    }
}

/// Writes `data` after the `used` bytes waiting in `buf`: into `buf` if it fits, else by
/// filling `buf` and writing it out, then as many whole buffers of `data` as it holds
/// straight out. The bytes waiting then, fewer than `buf` holds, and whether writing to
/// `inner` went well.
fn put<W: Write>(
    inner: &mut W,
    buf: &mut [u8],
    used: usize,
    data: &[u8],
) -> (usize, io::Result<()>) {
    if used + data.len() < buf.len() {
        buf[used..used + data.len()].copy_from_slice(data);
        return (used + data.len(), Ok(()));
    }
    let (head, rest) = data.split_at(buf.len() - used);
    buf[used..].copy_from_slice(head);
    let whole = rest.len() - rest.len() % buf.len();
    let written = inner
        .write_all(buf)
        .and_then(|()| inner.write_all(&rest[..whole]));
    buf[..rest.len() - whole].copy_from_slice(&rest[whole..]);
    (rest.len() - whole, written)
}

/// The integers [`Writer::ints`] writes: `u32`, `u64`, `usize`, `i32`, `i64`, and
/// references to them.
pub trait Int: Copy {
    /// Whether the value is negative, and its magnitude.
    fn sign_magnitude(self) -> (bool, u64);
}

impl Int for u32 {
    fn sign_magnitude(self) -> (bool, u64) {
        (false, u64::from(self))
    }
}

impl Int for u64 {
    fn sign_magnitude(self) -> (bool, u64) {
        (false, self)
    }
}

impl Int for usize {
    fn sign_magnitude(self) -> (bool, u64) {
        (false, self as u64)
    }
}

impl Int for i32 {
    fn sign_magnitude(self) -> (bool, u64) {
        (self < 0, u64::from(self.unsigned_abs()))
    }
}

impl Int for i64 {
    fn sign_magnitude(self) -> (bool, u64) {
        (self < 0, self.unsigned_abs())
    }
}

impl<T: Int> Int for &T {
    fn sign_magnitude(self) -> (bool, u64) {
        (*self).sign_magnitude()
    }
}

/// What [`Writer::line`] counts for a line of more than 15 bytes: more than any capacity, so
/// that the test for a full buffer catches it, and a power of two above twice one.
const LONG: usize = 1 << 24;

/// A few fixed lines (a problem's answers), for [`Writer::line`]: those of at most 15 bytes
/// with their line end and padded to 16 bytes, each written by one copy.
#[derive(Clone, Debug)]
pub struct Lines<const N: usize> {
    // Apart, not in pairs: a line's place is its index times 16, one shift. A long line's
    // padded text is its index.
    padded: [[u8; 16]; N],
    /// Each line's length with its `\n`, or [`LONG`] for a longer line, kept whole in `long`.
    lens: [usize; N],
    long: Vec<Box<[u8]>>,
}

impl<const N: usize> Lines<N> {
    /// The lines `lines`, each to be written with a `\n` after it.
    ///
    /// # Complexity
    /// O(lines), plus the length of the lines longer than 15 bytes.
    pub fn new(lines: [&str; N]) -> Lines<N> {
        let short = |line: &str| line.len() < 16;
        let mut padded = [[b'\n'; 16]; N];
        for (i, (text, line)) in padded.iter_mut().zip(lines).enumerate() {
            match short(line) {
                true => text[..line.len()].copy_from_slice(line.as_bytes()),
                false => text[..8].copy_from_slice(&(i as u64).to_le_bytes()),
            }
        }
        let whole = |line: &&str| match short(line) {
            true => Box::default(),
            false => format!("{line}\n").into_bytes().into_boxed_slice(),
        };
        Lines {
            padded,
            lens: lines.map(|line| match short(line) {
                true => line.len() + 1,
                false => LONG,
            }),
            long: lines.iter().map(whole).collect(),
        }
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
        if len > 16 {
            return self.write_all_long(data);
        }
        // Answers are short: two overlapping copies of a size known at compile time cost a
        // few instructions, where a call to `memcpy` costs dozens. `used` is below the
        // capacity, so 16 bytes of room follow it; the mask only lets the compiler see it.
        let at = self.used % DEFAULT_CAPACITY;
        let room: &mut [u8; 16] = (&mut self.buf[at..at + 16]).try_into().expect("16 bytes");
        match len {
            8..=16 => {
                room[..8].copy_from_slice(&data[..8]);
                room[len - 8..len].copy_from_slice(&data[len - 8..]);
            }
            4..=7 => {
                room[..4].copy_from_slice(&data[..4]);
                room[len - 4..len].copy_from_slice(&data[len - 4..]);
            }
            _ => room[..len].copy_from_slice(data),
        }
        // Once the buffer is full, all goes out: past the capacity by 15 bytes at most.
        self.used += len;
        match self.used >= self.capacity {
            true => self.spill(&[]),
            false => Ok(()),
        }
    }

    fn flush(&mut self) -> io::Result<()> {
        let written = self.inner.write_all(&self.buf[..self.used]);
        self.used = 0;
        written.and_then(|()| self.inner.flush())
    }
}

impl<W: Write> Drop for Writer<W> {
    fn drop(&mut self) {
        let _ = self.flush();
    }
}
