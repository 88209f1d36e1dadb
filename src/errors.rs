//! What goes wrong, and where: the library's [`Error`] and [`Result`], a problem's rule
//! errors ([`error`]), a token as an error shows it ([`describe`]), and the one rule of what
//! a line is ([`line_breaks`]), by which the reader numbers the line of an error.
//! Layer 0: uses no other module.

// Not in the 2018 prelude, which bundles may be compiled under.
use std::convert::TryInto;
use std::fmt;
use std::io;

/// An input or output failure.
#[derive(Debug)]
pub enum Error {
    /// Reading or writing failed.
    Io(io::Error),
    /// The input is malformed: on 1-based `line`, something other than `expected` was `found`.
    Parse {
        line: usize,
        expected: String,
        found: String,
    },
    /// Values read break a rule of the problem: made by [`error`], placed on a line by the
    /// call whose closure returns it.
    Rule { expected: String, found: String },
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
            Error::Rule { expected, found } => write!(f, "expected {expected}, found {found}"),
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

/// An [`Error::Parse`]: on `line`, something other than `expected` was `found`.
pub(crate) fn parse_error(line: usize, expected: String, found: String) -> Error {
    Error::Parse {
        line,
        expected,
        found,
    }
}

/// An error for values that break a rule of the problem, given inside the closure of
/// `Reader::u64s_each` or `Reader::cells_each`, where the reader is borrowed: the call
/// reports it on the line of the values it gave the closure. (Elsewhere, `Reader::error`
/// does.)
///
/// # Complexity
/// O(1).
///
/// ```
/// use combgames::io::{self, Reader};
/// let mut rd = Reader::new(&b"1 2\n3 4\n5 1\n"[..]);
/// let err = rd.u64s_each(3, 1..=9, "a bound", |[lo, hi]| match lo <= hi {
///     true => Ok(()),
///     false => Err(io::error("lo <= hi", format!("{lo} {hi}"))),
/// });
/// assert_eq!(err.unwrap_err().to_string(), "line 3: expected lo <= hi, found 5 1");
/// ```
pub fn error(expected: &str, found: String) -> Error {
    Error::Rule {
        expected: expected.to_string(),
        found,
    }
}

/// Describes a token for the `found` part of an error, as the reader's errors do: quoted,
/// bytes that are not printable ASCII shown as `?`, shortened to 24 bytes and `...`; a lone
/// such byte as `byte 0xff`.
///
/// # Complexity
/// O(1): at most 24 bytes are shown.
///
/// ```
/// assert_eq!(combgames::io::describe(b"a\tb"), "\"a?b\"");
/// ```
pub fn describe(token: &[u8]) -> String {
    match *token {
        [b] if !b.is_ascii_graphic() => format!("byte 0x{b:02x}"),
        _ => {
            let shown = |&b: &u8| if b.is_ascii_graphic() { b as char } else { '?' };
            let text: String = token.iter().take(24).map(shown).collect();
            let more = if token.len() > 24 { "..." } else { "" };
            format!("\"{text}{more}\"")
        }
    }
}

/// The line breaks in `bytes`: each `\r`, and each `\n` not right after a `\r` (a `\n`
/// first in `bytes` counts), so that LF, CRLF and bare CR line ends each count once. The one
/// rule of what a line is: the `Reader` numbers lines by it, and so must a fast path that
/// counts the breaks of its bytes itself (`Reader::count_ahead`).
///
/// # Complexity
/// O(bytes): runs of 128 bytes (a length known to the compiler, and few enough to count in a
/// byte) are each counted by vectorised loops; only runs holding a `\r` look for the `\n`
/// after it.
///
/// ```
/// use combgames::io::line_breaks;
/// assert_eq!(line_breaks(b"1\n2\r\n3\r4\n\r\n"), 5);
/// ```
pub fn line_breaks(bytes: &[u8]) -> usize {
    let (mut breaks, mut at) = (0, 0);
    while at + 129 <= bytes.len() {
        let block: &[u8; 129] = bytes[at..at + 129].try_into().expect("129 bytes");
        breaks += block_breaks(block);
        at += 128;
    }
    // The rest likewise, its last `\r` a line end whatever follows it.
    let rest = &bytes[at..];
    let lf = rest.iter().filter(|&&b| b == b'\n').count();
    let bare = |pair: &&[u8]| pair[0] == b'\r' && pair[1] != b'\n';
    let last_cr = usize::from(rest.last() == Some(&b'\r'));
    breaks + lf + rest.windows(2).filter(bare).count() + last_cr
}

/// The line breaks in the first 128 bytes of `block`, whose last byte tells whether a `\r`
/// before it ends a line alone.
#[inline(always)]
fn block_breaks(block: &[u8; 129]) -> usize {
    let bytes = &block[..128];
    let (lf, cr) = bytes.iter().fold((0u8, 0u8), |(lf, cr), &b| {
        (lf + u8::from(b == b'\n'), cr | u8::from(b == b'\r'))
    });
    if cr == 0 {
        return usize::from(lf);
    }
    // A `\r` ends a line alone unless a `\n`, which ends it then, follows.
    let bare = (bytes.iter().zip(&block[1..])).fold(0u8, |bare, (&a, &b)| {
        bare + (u8::from(a == b'\r') & u8::from(b != b'\n'))
    });
    usize::from(lf) + usize::from(bare)
}
