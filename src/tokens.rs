//! Tokens and lines: the [`Reader`]'s reads of text as written, for words, a checker's
//! answers and a judge's moves.
//! Layer 2: uses `errors` and `reader`.

use std::io::Read;

use crate::errors::{describe, Result};
use crate::reader::{is_space, Reader};

impl<R: Read> Reader<R> {
    /// Reads the next token: the bytes up to the next whitespace (at most
    /// [`MAX_TOKEN`](crate::reader::MAX_TOKEN), else an error); `what` names it in errors.
    ///
    /// # Complexity
    /// O(token length).
    pub fn token(&mut self, what: &str) -> Result<&[u8]> {
        self.token_if(what, |_| true)
    }

    /// Reads the next token, which `valid` must accept: for what the reader cannot check
    /// alone (one of a few words, a row of a board). `what` names it in errors, which quote
    /// the token as every error does (a token too long for [`Reader::token`] is one).
    ///
    /// # Complexity
    /// O(token length), plus `valid`.
    ///
    /// ```
    /// use combgames::io::Reader;
    /// let mut rd = Reader::new(&b"L\nR\nup"[..]);
    /// for turn in ["L", "R"] {
    ///     assert_eq!(rd.token_if("L or R", |t| t == b"L" || t == b"R").unwrap(), turn.as_bytes());
    /// }
    /// let err = rd.token_if("L or R", |t| t == b"L" || t == b"R").unwrap_err();
    /// assert_eq!(err.to_string(), "line 3: expected L or R, found \"up\"");
    /// ```
    pub fn token_if(&mut self, what: &str, valid: impl FnOnce(&[u8]) -> bool) -> Result<&[u8]> {
        if !self.has_more()? {
            return Err(self.error_at(self.pos, what, "end of input".to_string()));
        }
        // Buffering the token may move it: its place after.
        let len = self.scan(what, is_space)?;
        let start = self.pos;
        let token = &self.buf[start..start + len];
        if !valid(token) {
            return Err(self.error_at(start, what, describe(token)));
        }
        self.pos += len;
        Ok(&self.buf[start..start + len])
    }

    /// Reads the rest of the line as written, blank or not, and moves past its line end: a
    /// whole line after another `line`, [`Reader::expect_line_end`] or at the start; after
    /// an item, what follows the whitespace byte that ended it (the next line, if that ended
    /// the line). `what` names it in errors (a line longer than a token may be, or none, is
    /// one).
    ///
    /// # Complexity
    /// O(line length).
    ///
    /// ```
    /// let mut rd = combgames::io::Reader::new(&b"3 is odd\r\n\r\n  two \n"[..]);
    /// assert_eq!(rd.u64("n").unwrap(), 3);
    /// for line in [&b"is odd"[..], b"", b"  two "] {
    ///     assert_eq!(rd.line("a line").unwrap(), line);
    /// }
    /// let err = rd.line("a line").unwrap_err().to_string();
    /// assert_eq!(err, "line 3: expected a line, found end of input");
    /// ```
    pub fn line(&mut self, what: &str) -> Result<&[u8]> {
        // The whitespace byte that ended an item, then the LF of a CRLF whose CR ended a line.
        for _ in 0..2 {
            if self.pos == self.end {
                self.fill(1)?;
            }
            let (before, next) = (self.byte_before(self.pos), self.buf[self.pos]);
            let item_end = !is_space(before) && is_space(next) && self.pos < self.end;
            self.pos += usize::from(item_end || before == b'\r' && next == b'\n');
        }
        let len = self.scan(what, |b| b == b'\n' || b == b'\r')?;
        if self.pos == self.end {
            return Err(self.error_at(self.pos, what, "end of input".to_string()));
        }
        let start = self.pos;
        self.pos += len + usize::from(start + len < self.end);
        self.line_read = self.offset(self.pos);
        Ok(&self.buf[start..start + len])
    }

    /// Checks that nothing but spaces and tabs is left on the line of the last item read,
    /// and moves past its line end (or to the end of the input): that nothing follows a
    /// move, or a checker's answer, on its line.
    ///
    /// # Complexity
    /// O(bytes skipped).
    ///
    /// ```
    /// let mut rd = combgames::io::Reader::new(&b"1 \r\n2 3\n"[..]);
    /// assert!(rd.u64("x").is_ok() && rd.expect_line_end().is_ok() && rd.u64("x").is_ok());
    /// let err = rd.expect_line_end().unwrap_err().to_string();
    /// assert_eq!(err, "line 2: expected the end of the line, found \"3\"");
    /// ```
    pub fn expect_line_end(&mut self) -> Result<()> {
        // Until a line end is read: none may be left if the last item ended its line.
        while !matches!(self.byte_before(self.pos), b'\n' | b'\r') {
            if self.pos == self.end {
                self.fill(1)?;
                if self.pos == self.end {
                    return Ok(());
                }
            }
            if !is_space(self.buf[self.pos]) {
                let found = describe(self.next_token()?);
                return Err(self.error_at(self.pos, "the end of the line", found));
            }
            self.pos += 1;
        }
        Ok(())
    }
}
