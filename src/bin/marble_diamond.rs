//! Luogu P7395: marbles on a 4x4 diamond. For each board, can the player to move win?
//!
//! A board is a 16-bit mask of filled holes in reading order; the 82 moves (segments of 1 to
//! 3 holes on a line) give a 2^16-bit win table, filled 64 boards at a time. Reading is the
//! whole cost: the first board is read in any whitespace layout and teaches the reader its
//! picture, and the boards drawn alike after it are checked and read eight bytes at a time.

use combgames::io::{self, Reader, Result};
use std::io::{Read, Write};
use std::process::ExitCode;

/// Number of holes.
const CELLS: usize = 16;

/// The reading-order index of grid cell (x, y): display row r = x + y lists its cells with x
/// decreasing from left to right.
const fn reading_index(x: usize, y: usize) -> usize {
    let r = x + y;
    let mut index = 0;
    let mut row = 0;
    while row < r {
        index += if row < 4 { row + 1 } else { 7 - row };
        row += 1;
    }
    let first_x = if r < 3 { r } else { 3 };
    index + (first_x - x)
}

/// Every move as a mask over reading-order indices: 1 to 3 consecutive holes along one of
/// the grid directions (0,1), (1,0), (1,1), (1,-1), which are the diamond's two slants, its
/// verticals and its rows.
///
/// # Complexity
/// O(1): 82 moves.
pub fn moves() -> Vec<u32> {
    const DIRECTIONS: [(isize, isize); 4] = [(0, 1), (1, 0), (1, 1), (1, -1)];
    let inside = |x: isize, y: isize| (0..4).contains(&x) && (0..4).contains(&y);
    let mut moves = Vec::new();
    for x in 0..4 {
        for y in 0..4 {
            moves.push(1 << reading_index(x as usize, y as usize));
            for (dx, dy) in DIRECTIONS {
                let mut mask = 1 << reading_index(x as usize, y as usize);
                for step in 1..3 {
                    let (cx, cy) = (x + dx * step, y + dy * step);
                    if !inside(cx, cy) {
                        break;
                    }
                    mask |= 1 << reading_index(cx as usize, cy as usize);
                    moves.push(mask);
                }
            }
        }
    }
    moves
}

/// The whitespace picture of one board as the input draws it, learned from a board just read:
/// its bytes from just after the board before to its last hole, holes free to be `*` or `.`.
/// Judge data draws every board alike, so the boards after the first are checked against
/// the picture and read eight bytes at a time.
///
/// Every byte is checked, eight at a time: whitespace must match the picture exactly and a
/// hole must be `*` or `.`, which differ in one bit (0x04); that bit, set for a marble,
/// is then gathered from each word's holes into consecutive bits by one multiply (see
/// [`Word::gather`]). Any other byte makes the board fall back to the general path, so a
/// picture only ever speeds up what the general path would read.
struct Picture {
    len: usize,
    /// Line breaks in the picture, so that the reader need not count them.
    line_breaks: usize,
    /// The words at bytes 0, 8, 16, ... before the last 8 bytes: (len - 1) / 8 of them.
    words: [Word; MAX_WORDS],
    full_words: usize,
    /// The last 8 bytes, which may overlap the word before.
    tail: Word,
}

/// Bytes 8 * MAX_WORDS bound a picture's length; a board drawn with more whitespace is read
/// by the general path, which has no limit.
const MAX_WORDS: usize = 16;

/// One 8-byte word of a [`Picture`].
#[derive(Clone, Copy, Default)]
struct Word {
    /// The word's bytes with `.` in every hole: `raw ^ dots` is 0 in every byte that
    /// matches, and 0x04 in a hole holding `*`, the one bit where `*` (0x2A) and `.` (0x2E)
    /// differ.
    dots: u64,
    /// The bits `raw ^ dots` may not have: all but bit 2 of each hole byte.
    strict: u64,
    /// Multiplier that moves the marble bit (bit 2 of `raw ^ dots`) of the word's j-th new
    /// hole, at byte k, to bit 56 + `low` + j: the sum of 2^(54 + low + j - 8k), where `low`
    /// is 2 for a word of at most 6 new holes, 1 for 7 and 0 for 8, so that the top byte
    /// holds them all and no power is negative (a hole at byte 7 has j >= 6 - low). A
    /// product bit 56 + low + j + 8d comes from byte k_j + d alone, so nothing carries into
    /// the top byte; bytes after the hole land past bit 63, and bytes before it (old holes
    /// included) below bit 56.
    gather: u64,
    /// 2^(2 + holes read before this word's first new hole - low): multiplying the top byte
    /// by it puts the word's holes in their place on the board, shifted up by 2, in one
    /// instruction where a shift by a variable count takes two.
    place: u64,
    new_holes: u32,
}

impl Word {
    /// The word of `bytes` (8 bytes of a picture), whose bytes before `first_new` are holes
    /// already read, and `holes_before` holes come before it.
    fn learn(bytes: &[u8], first_new: usize, holes_before: u32) -> Word {
        let is_hole = |b: u8| b == b'*' || b == b'.';
        let new_holes = bytes[first_new..].iter().filter(|&&b| is_hole(b)).count() as u32;
        let low = 8u32.saturating_sub(new_holes).min(2);
        let mut word = Word {
            place: 1 << (2 + holes_before - low),
            new_holes,
            ..Word::default()
        };
        let mut j = 0;
        for (k, &b) in bytes.iter().enumerate() {
            if is_hole(b) {
                word.dots |= u64::from(b'.') << (8 * k);
                word.strict |= 0xfb << (8 * k);
                if k >= first_new {
                    word.gather += 1 << (54 + low + j - 8 * k as u32);
                    j += 1;
                }
            } else {
                word.dots |= u64::from(b) << (8 * k);
                word.strict |= 0xff << (8 * k);
            }
        }
        word
    }

    /// Reads the word `raw`: bits in their place on the board (shifted up by 2) for its new
    /// holes, set where a hole holds a marble, and bits that are not 0 if `raw` does not match
    /// the picture.
    #[inline]
    fn read(&self, raw: u64) -> (u64, u64) {
        let diff = raw ^ self.dots;
        let marbles = diff.wrapping_mul(self.gather) >> 56;
        (marbles.wrapping_mul(self.place), diff & self.strict)
    }
}

/// The little-endian word of 8 bytes.
#[inline]
fn word_at(bytes: &[u8]) -> u64 {
    let mut raw = [0; 8];
    raw.copy_from_slice(bytes);
    u64::from_le_bytes(raw)
}

impl Picture {
    /// The picture of `drawn`, which holds exactly [`CELLS`] holes (`*` or `.`) and otherwise
    /// whitespace, or `None` if it is too short or too long to be a picture.
    fn learn(drawn: &[u8]) -> Option<Picture> {
        let len = drawn.len();
        if !(8..=8 * MAX_WORDS).contains(&len) {
            return None;
        }
        let full_words = (len - 1) / 8;
        let mut words = [Word::default(); MAX_WORDS];
        let mut holes = 0;
        for (word, bytes) in words[..full_words].iter_mut().zip(drawn.chunks_exact(8)) {
            *word = Word::learn(bytes, 0, holes);
            holes += word.new_holes;
        }
        let tail = Word::learn(&drawn[len - 8..], 8 * full_words + 8 - len, holes);
        Some(Picture {
            len,
            line_breaks: io::count_line_breaks(drawn),
            words,
            full_words,
            tail,
        })
    }

    /// Reads boards drawn as this picture from the front of `bytes` into `boards`, until one
    /// is drawn otherwise or `bytes` or `boards` run out: how many it read, and the bytes
    /// they took.
    fn read_boards(&self, bytes: &[u8], boards: &mut [u16]) -> (usize, usize) {
        // The usual pictures take 2 to 7 words and the tail; a count known at compile time
        // unrolls the loop over them.
        match self.full_words {
            2 => self.read_boards_of::<2>(bytes, boards),
            3 => self.read_boards_of::<3>(bytes, boards),
            4 => self.read_boards_of::<4>(bytes, boards),
            5 => self.read_boards_of::<5>(bytes, boards),
            6 => self.read_boards_of::<6>(bytes, boards),
            7 => self.read_boards_of::<7>(bytes, boards),
            _ => self.read_boards_of::<0>(bytes, boards),
        }
    }

    /// [`Picture::read_boards`] with `FULL` full words, or any number if `FULL` is 0.
    fn read_boards_of<const FULL: usize>(
        &self,
        bytes: &[u8],
        boards: &mut [u16],
    ) -> (usize, usize) {
        let full = if FULL == 0 { self.full_words } else { FULL };
        let mut count = 0;
        for (slot, drawn) in boards.iter_mut().zip(bytes.chunks_exact(self.len)) {
            match self.board(full, drawn) {
                Some(board) => *slot = board,
                None => break,
            }
            count += 1;
        }
        (count, count * self.len)
    }

    /// The board drawn in `bytes`, of the picture's length, if it is drawn as this picture,
    /// which has `full` full words.
    #[inline(always)]
    fn board(&self, full: usize, bytes: &[u8]) -> Option<u16> {
        let mut marbles = 0;
        let mut mismatch = 0;
        for (word, raw) in self.words[..full]
            .iter()
            .zip(bytes[..8 * full].chunks_exact(8))
        {
            let (holes, bad) = word.read(word_at(raw));
            marbles |= holes;
            mismatch |= bad;
        }
        let (holes, bad) = self.tail.read(word_at(&bytes[bytes.len() - 8..]));
        marbles |= holes;
        mismatch |= bad;
        if mismatch == 0 {
            Some((marbles >> 2) as u16)
        } else {
            None
        }
    }
}

/// The board at the front of `bytes` in any whitespace layout, and the bytes it takes: the
/// next [`CELLS`] bytes that are not whitespace, if all are holes and `bytes` holds them all.
#[inline]
fn board_in_any_layout(bytes: &[u8]) -> Option<(u16, usize)> {
    let mut holes = [0; CELLS];
    let len = io::non_space_bytes(bytes, &mut holes)?;
    let mut board = 0;
    for (i, &b) in holes.iter().enumerate() {
        match b {
            b'*' => board |= 1 << i,
            b'.' => {}
            _ => return None,
        }
    }
    Some((board, len))
}

/// Reads one board as a mask of filled holes: the next 16 bytes that are `*` or `.`.
fn read_board<R: Read>(rd: &mut Reader<R>) -> Result<u16> {
    let mut board = 0;
    for i in 0..CELLS {
        if rd.byte_in(b"*.", "a hole '*' or '.'")? == b'*' {
            board |= 1 << i;
        }
    }
    Ok(board)
}

/// The win/lose bits of all 2^16 boards: bit `s % 64` of word `s / 64` says whether the
/// player to move on board `s` wins.
///
/// A word holds the 64 boards that share holes 6 to 15, indexed by holes 0 to 5, and the
/// words are filled from the full board down, so a move that fills any of holes 6 to 15 leads
/// to a word already final. All 64 boards of a word take such a move at once: the boards
/// `low` of word `high` that a move (`mh`, `ml`) leaves free lead to board `low | ml` of word
/// `high | mh`, so the word's wins from it are `(lost[high | mh] >> ml) & free(ml)`. Moves
/// within holes 0 to 5 stay in the word; six rounds settle them, round r making the boards
/// with 6 - r of those holes filled final.
///
/// # Complexity
/// O(2^10 x moves x 7) word operations, about 10^6, with 8 KiB of memory.
pub fn win_bits(moves: &[u32]) -> Vec<u64> {
    const LOW: u32 = 6;
    let low_mask = (1 << LOW) - 1;
    // The low boards that leave the move's low holes `ml` empty.
    let free = |ml: u32| {
        (0..64u32)
            .filter(|l| l & ml == 0)
            .fold(0u64, |f, l| f | 1 << l)
    };
    let (inner, outer): (Vec<u32>, Vec<u32>) = moves.iter().partition(|&&m| m >> LOW == 0);
    let inner: Vec<(u32, u64)> = inner.iter().map(|&m| (m, free(m))).collect();
    let outer: Vec<(usize, u32, u64)> = outer
        .iter()
        .map(|&m| ((m >> LOW) as usize, m & low_mask, free(m & low_mask)))
        .collect();
    let words = 1 << (CELLS as u32 - LOW);
    let mut win = vec![0u64; words];
    for high in (0..words).rev() {
        let mut won = 0;
        for &(mh, ml, free) in &outer {
            // Branch-free: a move whose high holes are not free is masked out.
            let legal = u64::from(high & mh == 0).wrapping_neg();
            won |= (!win[high | mh] >> ml) & free & legal;
        }
        let mut lost = !won;
        for _ in 0..LOW {
            let mut round = won;
            for &(ml, free) in &inner {
                round |= (lost >> ml) & free;
            }
            lost = !round;
        }
        win[high] = !lost;
    }
    win
}

/// Answers every board of `input` on `out`, one line each.
///
/// # Complexity
/// O(input bytes), after about 10^6 operations for [`win_bits`].
pub fn solve(input: impl Read, out: &mut impl Write) -> Result<()> {
    answer_boards(Reader::new(input), out)
}

/// [`solve`] on a given reader, so that tests can give it a small buffer.
///
/// # Complexity
/// That of [`solve`].
pub fn answer_boards<R: Read>(mut rd: Reader<R>, out: &mut impl Write) -> Result<()> {
    let boards = rd.u64_in(1..=1_000_000, "the number of boards T")?;
    let win = win_bits(&moves());
    let mut picture = None;
    let mut batch = [0u16; BATCH];
    let mut text = [0u8; 16 * BATCH];
    let quads = AnswerQuads::new();
    let mut left = boards as usize;
    while left > 0 {
        let count = read_batch(&mut rd, &mut picture, &mut batch[..left.min(BATCH)])?;
        let len = write_answers(&win, &quads, &batch[..count], &mut text);
        out.write_all(&text[..len])?;
        left -= count;
    }
    rd.expect_end()
}

/// The bytes the fast paths want buffered before they read: more than a picture or a board
/// in any reasonable layout, and little to move to the front of the buffer at a refill.
const WINDOW: usize = 1 << 10;

/// Reads one or more boards into `boards`, and says how many. Boards drawn as `picture` are
/// read straight from the reader's buffer; else one board is read in any layout, straight
/// from the buffer too, and its drawing becomes the picture; a board cut off by the end of
/// the buffer, or malformed, goes through the checked [`read_board`].
fn read_batch<R: Read>(
    rd: &mut Reader<R>,
    picture: &mut Option<Picture>,
    boards: &mut [u16],
) -> Result<usize> {
    let bytes = rd.peek(WINDOW)?;
    if let Some(known) = picture {
        let (count, used) = known.read_boards(bytes, boards);
        if count > 0 {
            rd.consume_counted(used, count * known.line_breaks);
            return Ok(count);
        }
    }
    boards[0] = match board_in_any_layout(bytes) {
        Some((board, len)) => {
            *picture = Picture::learn(&bytes[..len]);
            rd.consume(len);
            board
        }
        None => read_board(rd)?,
    };
    Ok(1)
}

/// The answer line for a lost board and for a won board.
const ANSWERS: [&[u8]; 2] = [b"Impossible.\n", b"Possible.\n"];

/// Boards read and answered at a time.
const BATCH: usize = 512;

/// The answer lines of four boards in a row, for each of the 16 ways they can be won or lost
/// (bit i for board i), padded to 48 bytes, and their lengths: a copy of a size known at
/// compile time is a few instructions, where a copy of 10 or 12 bytes calls `memcpy`.
struct AnswerQuads {
    text: [[u8; 48]; 16],
    len: [usize; 16],
}

impl AnswerQuads {
    fn new() -> AnswerQuads {
        let mut quads = AnswerQuads {
            text: [[b' '; 48]; 16],
            len: [0; 16],
        };
        for won in 0..16 {
            let mut len = 0;
            for i in 0..4 {
                let line = ANSWERS[won >> i & 1];
                quads.text[won][len..len + line.len()].copy_from_slice(line);
                len += line.len();
            }
            quads.len[won] = len;
        }
        quads
    }
}

/// Writes the answer line of each of `boards` (at most [`BATCH`]) to `text`, four at a
/// time, and says how many bytes that took.
fn write_answers(
    win: &[u64],
    quads: &AnswerQuads,
    boards: &[u16],
    text: &mut [u8; 16 * BATCH],
) -> usize {
    let won = |board: u16| {
        let board = usize::from(board);
        (win[board >> 6] >> (board & 63) & 1) as usize
    };
    let mut written = 0;
    let mut fours = boards.chunks_exact(4);
    for four in &mut fours {
        let index = won(four[0]) | won(four[1]) << 1 | won(four[2]) << 2 | won(four[3]) << 3;
        text[written..written + 48].copy_from_slice(&quads.text[index]);
        written += quads.len[index];
    }
    for &board in fours.remainder() {
        let line = ANSWERS[won(board)];
        text[written..written + line.len()].copy_from_slice(line);
        written += line.len();
    }
    written
}

fn main() -> ExitCode {
    io::run(solve)
}
