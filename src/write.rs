//! Buffered output: [`Writer`] collects output in a fixed buffer and writes it to the inner
//! writer when the buffer fills, on [`Write::flush`] and when dropped.

use std::io::{self, Write};

use crate::io::DEFAULT_CAPACITY;

/// A buffered writer of fixed capacity: output collects in memory and goes to the inner
/// writer whenever the buffer fills, and on [`Write::flush`].
///
/// Dropping it flushes too but ignores errors, as [`std::io::BufWriter`] does: call
/// [`Write::flush`] to see them.
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
