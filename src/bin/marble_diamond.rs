//! Luogu P7395: marbles on a 4x4 diamond. For each board, can the player to move win?
//!
//! A board is a 16-bit mask of filled holes in reading order; the 82 moves (segments of 1 to
//! 3 holes on a line) give a 2^16-bit win table, filled 64 boards at a time. Reading is the
//! whole cost: the first board is read in any whitespace layout and teaches the reader its
//! picture, and the boards drawn alike after it are checked sixteen at a time and read a word
//! at a time.

use combgames::gather::BitGather;
use combgames::io::{self, Reader, Result};
use std::convert::TryInto;
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
/// the picture and read a word at a time.
///
/// Boards are checked [`CHUNK`] at a time against the picture repeated: every byte must be
/// the picture's, but a hole may be `*` or `.`, which differ in one bit (0x04), so
/// `(byte | hole bit) ^ picture byte` must be 0 for all of them, a loop the compiler
/// vectorises. A chunk that fails is checked board by board, and the first board that
/// fails falls back to the general path, so a picture only ever speeds up what the general
/// path would read. The holes of a checked board are then gathered from a few words, one
/// multiply each (see [`Gather`]).
struct Picture {
    len: usize,
    /// Line breaks in the picture, so that the reader need not count them.
    line_breaks: usize,
    /// The picture [`CHUNK`] times over with `.` in every hole, and the hole bit (0x04) in
    /// every hole, 0 elsewhere.
    drawn: [u8; CHUNK * MAX_LEN],
    hole_bits: [u8; CHUNK * MAX_LEN],
    /// The gathers, which between them read every hole once.
    gathers: Gathers,
}

/// The longest picture; a board drawn with more whitespace is read by the general path,
/// which has no limit.
const MAX_LEN: usize = 128;

/// The bytes from a board's start that the gathers may read: the picture and 7 more.
const BOARD_READ: usize = MAX_LEN + 8;

/// Boards checked at once.
const CHUNK: usize = 16;

/// Where a board's holes land in the OR of the gathers: hole p at bit `FIRST_TARGET + p`,
/// the top 16 bits.
const FIRST_TARGET: u32 = 48;

/// One 8-byte word of a board that holds some of its holes (hole bit 0x04, set for `.`), and
/// the [`BitGather`] that moves them to their bits among the top 16.
///
/// Unlike one byte per hole, the top 16 bits take holes from both halves of the board, so
/// fewer words are read: five unmasked for the standard picture, and three masked when the
/// holes touch (unmasked, each would take a word of its own).
#[derive(Clone, Copy, Default)]
struct Gather {
    /// Where the word starts in the board.
    at: usize,
    bits: BitGather,
}

impl Gather {
    /// The empty holes of this word of `board`, each at bit 48 + its index; if not
    /// `MASKED`, with bits of no hole below bit 48.
    #[inline(always)]
    fn empty_holes<const MASKED: bool>(&self, board: &[u8; BOARD_READ]) -> u64 {
        // `at` is below MAX_LEN: the mask only lets the compiler see it.
        self.bits
            .apply::<MASKED>(word_at(&board[self.at % MAX_LEN..][..8]))
    }

    /// The gather of the word that starts at hole `first` of `holes` (increasing offsets):
    /// it takes that hole and the ones after it in the word that a [`BitGather`], `masked`
    /// or not, can move to their bits. Also says how many holes it took.
    fn plan(holes: &[usize; CELLS], first: usize, masked: bool) -> (Gather, usize) {
        let at = holes[first];
        // The hole bits of the word's holes: at most 8, one a byte.
        let mut sources = [0; 8];
        let in_word = holes[first..].iter().take_while(|&&hole| hole < at + 8);
        let count = in_word.zip(&mut sources).fold(0, |count, (&hole, source)| {
            *source = 8 * (hole - at) as u32 + 2;
            count + 1
        });
        let (sources, first_target) = (&sources[..count], FIRST_TARGET + first as u32);
        let (bits, taken) = match masked {
            true => BitGather::longest_masked(sources, first_target),
            // The other gathers' holes land from FIRST_TARGET up too.
            false => BitGather::longest(sources, first_target, FIRST_TARGET),
        };
        (Gather { at, bits }, taken)
    }
}

/// The gathers that read a board's holes between them, each hole once.
#[derive(Clone, Copy)]
struct Gathers {
    list: [Gather; CELLS],
    count: usize,
    masked: bool,
}

impl Gathers {
    /// The fewest gathers for a board whose holes are at the increasing offsets `holes`,
    /// unmasked if that takes no more: each word starts at the first hole not yet gathered
    /// and takes the holes after it that it can.
    fn plan(holes: &[usize; CELLS]) -> Gathers {
        let unmasked = Gathers::plan_with(holes, false);
        let masked = Gathers::plan_with(holes, true);
        if masked.count < unmasked.count {
            masked
        } else {
            unmasked
        }
    }

    /// [`Gathers::plan`], `masked` or not.
    fn plan_with(holes: &[usize; CELLS], masked: bool) -> Gathers {
        let mut gathers = Gathers {
            list: [Gather::default(); CELLS],
            count: 0,
            masked,
        };
        let mut next = 0;
        while next < CELLS {
            let (gather, taken) = Gather::plan(holes, next, masked);
            gathers.list[gathers.count] = gather;
            gathers.count += 1;
            next += taken;
        }
        gathers
    }

    /// The filled holes of `board`, from the first `COUNT` gathers (all if `COUNT` is 0),
    /// which are `MASKED`.
    #[inline(always)]
    fn filled<const COUNT: usize, const MASKED: bool>(&self, board: &[u8; BOARD_READ]) -> u16 {
        let list = match COUNT {
            0 => &self.list[..self.count],
            _ => &self.list[..COUNT],
        };
        let empty = list
            .iter()
            .fold(0, |e, g| e | g.empty_holes::<MASKED>(board));
        !(empty >> FIRST_TARGET) as u16
    }
}

/// The filled holes of the board whose [`CELLS`] holes (each `*` or `.`) are at the
/// increasing offsets `holes` in `bytes`, read as a picture with those holes reads them: by
/// the gathers [`Gathers::plan`] gives, `masked` or not. Other bytes may be anything. Tests
/// check it against reading each hole.
///
/// # Complexity
/// O(1): at most [`CELLS`] gathers, each planned in O(1).
///
/// # Panics
/// If the offsets do not increase, or the last is not below 128.
pub fn filled_by_gathers(holes: &[usize; CELLS], bytes: &[u8], masked: bool) -> u16 {
    assert!(holes.windows(2).all(|w| w[0] < w[1]) && holes[CELLS - 1] < MAX_LEN);
    let mut board = [0; BOARD_READ];
    let n = bytes.len().min(BOARD_READ);
    board[..n].copy_from_slice(&bytes[..n]);
    let gathers = Gathers::plan_with(holes, masked);
    match masked {
        true => gathers.filled::<0, true>(&board),
        false => gathers.filled::<0, false>(&board),
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
    /// whitespace, or `None` if it is longer than [`MAX_LEN`].
    fn learn(drawn: &[u8]) -> Option<Picture> {
        let len = drawn.len();
        if len > MAX_LEN {
            return None;
        }
        let is_hole = |b: u8| b == b'*' || b == b'.';
        let mut holes = [0; CELLS];
        let hole_offsets = (0..len).filter(|&i| is_hole(drawn[i]));
        for (hole, i) in holes.iter_mut().zip(hole_offsets) {
            *hole = i;
        }
        let mut picture = Picture {
            len,
            line_breaks: io::count_line_breaks(drawn),
            drawn: [0; CHUNK * MAX_LEN],
            hole_bits: [0; CHUNK * MAX_LEN],
            gathers: Gathers::plan(&holes),
        };
        for (i, &b) in drawn.iter().enumerate() {
            picture.drawn[i] = if is_hole(b) { b'.' } else { b };
            picture.hole_bits[i] = if is_hole(b) { 0x04 } else { 0 };
        }
        // The other CHUNK - 1 copies: a picture is learned again whenever the layout
        // changes, so this is kept to a few block copies.
        for copy in 1..CHUNK {
            picture.drawn.copy_within(..len, copy * len);
            picture.hole_bits.copy_within(..len, copy * len);
        }
        Some(picture)
    }

    /// Whether every board in `boards`, at most [`CHUNK`] of them, is drawn as this picture.
    #[inline]
    fn matches(&self, boards: &[u8]) -> bool {
        let n = boards.len();
        let pairs = self.drawn[..n].iter().zip(&self.hole_bits[..n]);
        let differ = boards
            .iter()
            .zip(pairs)
            .fold(0, |differ, (&b, (&drawn, &hole))| {
                differ | ((b | hole) ^ drawn)
            });
        differ == 0
    }

    /// Reads boards drawn as this picture from the front of `bytes` into `boards`, until one
    /// is drawn otherwise or `bytes` or `boards` run out: how many it read, and the bytes
    /// they took.
    fn read_boards(&self, bytes: &[u8], boards: &mut [u16]) -> (usize, usize) {
        // The usual pictures take 4 to 6 words unmasked, 2 to 4 masked; counts known at
        // compile time unroll the loop over them.
        match (self.gathers.count, self.gathers.masked) {
            (4, false) => self.read_boards_of::<4, false>(bytes, boards),
            (5, false) => self.read_boards_of::<5, false>(bytes, boards),
            (6, false) => self.read_boards_of::<6, false>(bytes, boards),
            (2, true) => self.read_boards_of::<2, true>(bytes, boards),
            (3, true) => self.read_boards_of::<3, true>(bytes, boards),
            (4, true) => self.read_boards_of::<4, true>(bytes, boards),
            (_, false) => self.read_boards_of::<0, false>(bytes, boards),
            (_, true) => self.read_boards_of::<0, true>(bytes, boards),
        }
    }

    /// [`Picture::read_boards`] with `GATHERS` gathers (any number if 0), `MASKED` or not.
    fn read_boards_of<const GATHERS: usize, const MASKED: bool>(
        &self,
        bytes: &[u8],
        boards: &mut [u16],
    ) -> (usize, usize) {
        let len = self.len;
        // Boards followed by enough bytes for the gathers to read [`BOARD_READ`] bytes.
        let fit = match bytes.len().checked_sub(BOARD_READ) {
            Some(room) => room / len + 1,
            None => 0,
        };
        let most = fit.min(boards.len());
        let mut count = 0;
        for chunk in boards[..most].chunks_mut(CHUNK) {
            let start = count * len;
            let mut good = chunk.len();
            if !self.matches(&bytes[start..start + good * len]) {
                good = (0..good)
                    .take_while(|&i| self.matches(&bytes[start + i * len..start + (i + 1) * len]))
                    .count();
            }
            for (i, slot) in chunk[..good].iter_mut().enumerate() {
                let at = start + i * len;
                let board: &[u8; BOARD_READ] = bytes[at..at + BOARD_READ].try_into().unwrap();
                *slot = self.gathers.filled::<GATHERS, MASKED>(board);
            }
            count += good;
            if good < chunk.len() {
                break;
            }
        }
        (count, count * len)
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
