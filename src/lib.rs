//! A small std-only library shared by the contest binaries in `src/bin/`.
//!
//! The modules stand in layers: each uses only modules of lower layers, and its doc ends by
//! saying which layer it is and what it uses (a test checks it), so that a reader can start
//! at the bottom and climb. The reader and the writer, from the bottom:
//!
//! - [`errors`] (layer 0): [`errors::Error`] and [`errors::Result`], rule errors, and the
//!   rule of what a line is, by which errors name their line.
//! - [`write`](mod@write) (layer 1): [`write::Writer`], the buffered output every binary writes to.
//! - [`reader`] (layer 1): [`reader::Reader`], its buffer and refills, line numbers, the end
//!   of the input, and errors placed on their line.
//! - [`numbers`] (layer 2): the reader's integer reads, up to 16 digits from two words.
//! - [`tokens`] (layer 2): the reader's reads of tokens and lines as written.
//! - [`picture`] (layer 2): groups of cells read by a learned picture of their layout.
//! - [`scan`] (layer 2): groups of cells read by the scanner, whatever the layout.
//! - [`cells`] (layer 3): the reader's board reads, cells from an alphabet packed into bits
//!   or valued, by a picture, the scanner or byte by byte, within a budget.
//! - [`io`] (layer 4): [`io::run`], the body of every `main`, and the names a problem uses
//!   (`io::Reader`, `io::Result`, `io::error`).
//!
//! The game-theory toolkit, in layers 0 to 3:
//!
//! - [`game`]: mex, nim-sum, win/lose and Grundy tables of fill-cells games over bitmask
//!   states, Grundy values of numbered states whose moves go down, and Every-SG (sums
//!   where a turn moves in every component) over such states.
//! - [`nim`]: winning moves of sums of games, misère Nim and the anti-SG rule, staircase Nim,
//!   Moore's Nim_k, Fibonacci Nim, Wythoff's game.
//! - [`euclid`]: Euclid's game on numbers up to `u64::MAX`: who wins, its Every-SG steps,
//!   a winning move.
//! - [`nimber`]: nimber multiplication over 64 bits.
//! - [`subtraction`]: subtraction games, answered for any heap size from their period.
//! - [`sieve`]: the win/lose table of a rule given as sizes to subtract (a square, a prime),
//!   at the speed of a sieve, for tables to 10^7 with no pattern.
//! - [`surreal`]: exact dyadic numbers, the simplest number between two (`{L | R}`), and
//!   red-blue Hackenbush strings.
//! - [`split`]: games whose moves split a position into parts, and their winning moves.
//! - [`coins`]: coin-turning games in a row: Mock Turtles and the Ruler game for positions
//!   up to `u64::MAX`, with winning moves; any other rule as a split game.
//! - [`octal`]: octal games (Kayles, Dawson's Kayles...), answered for any heap size from
//!   their period, proved by the Guy-Smith theorem, with winning moves.
//! - [`misere`]: misère play of sums of heaps (whoever moves last loses) through a misère
//!   quotient the lab computes from the rules: a sum decided in O(1) a heap, winning moves.
//! - [`hackenbush`]: Green Hackenbush on trees and graphs with cycles, values and winning
//!   cuts.
//! - [`rect`]: flat indices of intervals and rectangles, for memo tables keyed by them.
//! - [`partizan`]: outcomes and outcome classes of partizan games, and a solver for finite
//!   game graphs with loops.
//!
//! The lab, for games no one has named, is a package apart, `src/lab/` (crate `lab`): tests
//! and tools use it, and no bundle holds it.
//!
//! Modules are flat and self-contained so that the bundler can paste the ones a binary uses
//! into a single source file for a judge.

pub mod cells;
pub mod coins;
pub mod errors;
pub mod euclid;
pub mod game;
pub mod hackenbush;
pub mod io;
pub mod misere;
pub mod nim;
pub mod nimber;
pub mod numbers;
pub mod octal;
pub mod partizan;
pub mod picture;
pub mod reader;
pub mod rect;
pub mod scan;
pub mod sieve;
pub mod split;
pub mod subtraction;
pub mod surreal;
pub mod tokens;
pub mod write;

/// The `main` of the library's unit-test target, which has no tests and no harness (see
/// Cargo.toml): `cargo test NAME` runs it, and it prints nothing.
#[cfg(test)]
fn main() {}
