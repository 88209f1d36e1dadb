//! The lab, for games no one has named: a game's rules written once, its values tabulated
//! from them, and every pattern of those values found, checked, and proved where a theorem
//! gives a certificate, with code to paste into a solution. Its reports come from a
//! program's rules (`rules.rs`) or from a table made anywhere (the `lab` command, this
//! package's binary). It is a package apart from the library `combgames`: tests and tools
//! use it, and no bundle ever holds it.
//!
//! The modules stand in layers, as the library's do: each uses only modules of lower layers,
//! and its doc says which layer it is and what it uses (a test checks it). From the bottom:
//!
//! - [`rules`] (layer 0): a game's rules written once, as the moves of a numbered state (a
//!   heap, a pair `(x, y)`), and the family a theorem needs.
//! - [`formulas`] (layer 0): values that are a function of the binary or Fibonacci
//!   expansion, and an exact `u128` integer square root.
//! - [`digits`] (layer 0): formulas over the digits of `n` in bases 2 to 10 or its
//!   Zeckendorf sum, and affine combinations of two, for values `formulas` does not fit.
//! - [`geometric`] (layer 0): P-positions `p(k + 1) = b p(k) + c`, as `2^k - 1`.
//! - [`png`] (layer 0): a grid's picture as a PNG, written with std.
//! - [`code`] (layer 0): the shapes of the code the lab prints, as `cargo fmt` leaves them.
//! - [`monoids`] (layer 0): finite commutative monoids, their direct products with cyclic
//!   ones, the merging of indistinguishable elements, canonical numbering.
//! - [`periods`] (layer 1): eventually periodic and arithmetic-periodic values, P-positions
//!   as residue classes.
//! - [`words`] (layer 1): walks over sums of heaps: the least word of each element of a
//!   candidate misère quotient, and the check that it predicts every sum.
//! - [`tables`] (layer 1): the values of a game's states from its rules (Grundy, win/lose,
//!   misère), the laws of the rules checked; tables read from elsewhere.
//! - [`paste`] (layer 1): the Rust of a declaration to paste into `rules.rs`, and what it
//!   says of the moves.
//! - [`ratios`] (layer 1): P-positions `floor(k α)` for a quadratic irrational `α`, exact in
//!   integers.
//! - [`quotients`] (layer 2): misère quotients of heap games, heap by heap, as MisereSolver
//!   computes them, each candidate checked by `words`.
//! - [`breaks`] (layer 2): take-and-break games (octal games among them): the period by
//!   Guy and Smith's argument with the bound the parts need, a test of arithmetic
//!   periodicity.
//! - [`grids`] (layer 2): the values of a game's cells `(x, y)`, likewise.
//! - [`obligations`] (layer 2): what is left to prove of a formula, the induction step
//!   over the rules, and its check at any states.
//! - [`plane`] (layer 3): grids periodic after a border, nim-sums `f(x) ^ h(y)`,
//!   Wythoff-like pairs.
//! - [`sectors`] (layer 3): a grid in the coordinates its pattern lives in, along the
//!   diagonal or another direction, and the box that proves it there.
//! - [`proofs`] (layer 3): the theorems that prove a period: the window, Guy-Smith, the
//!   residue check, the box.
//! - [`verify`] (layer 3): the test helpers, a formula checked against a table or a grid.
//! - [`claims`] (layer 3): a formula of the values with the step left to prove, and
//!   P-positions `p(k + 1) = b p(k) + c`, as the text of a finding.
//! - [`misere`] (layer 3): misère play from the rules: the genus of each heap, tameness, the
//!   quotient, the heap map's period proved by the periodicity theorem.
//! - [`patterns`] (layer 4): every pattern of a table or grid, with its range, proof and code.
//! - [`misere_report`] (layer 4): the misère report, and the `Tables` to paste.
//! - [`propose`] (layer 4): for a game that declares no family, the declarations that
//!   would prove its pattern, to paste into `rules.rs`, and what the statement must confirm.
//! - [`plane_propose`] (layer 5): for a game on the plane that declares no family, the
//!   declarations (fixed steps, an a-Wythoff game) that would prove its pattern.
//! - [`report`] (layer 6): the report's text, and `explore`, from rules to report in one call
//!   (with the proposals of a game that declares no family).
//! - [`run`] (layer 7): the report from the command line, the `main` of a program's `lab.rs`.

pub mod breaks;
pub mod claims;
pub mod code;
pub mod digits;
pub mod formulas;
pub mod geometric;
pub mod grids;
pub mod misere;
pub mod misere_report;
pub mod monoids;
pub mod obligations;
pub mod paste;
pub mod patterns;
pub mod periods;
pub mod plane;
pub mod plane_propose;
pub mod png;
pub mod proofs;
pub mod propose;
pub mod quotients;
pub mod ratios;
pub mod report;
pub mod rules;
pub mod run;
pub mod sectors;
pub mod tables;
pub mod verify;
pub mod words;

/// The `main` of the library's unit-test target, which has no tests and no harness (see
/// Cargo.toml): `cargo test NAME` runs it, and it prints nothing.
#[cfg(test)]
fn main() {}
