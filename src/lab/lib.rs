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
//! - [`periods`] (layer 0): eventually periodic and arithmetic-periodic values, P-positions
//!   as residue classes.
//! - [`formulas`] (layer 0): values that are a function of the binary or Fibonacci
//!   expansion, and an exact `u128` integer square root.
//! - [`png`] (layer 0): a grid's picture as a PNG, written with std.
//! - [`tables`] (layer 1): the values of a game's states from its rules (Grundy, win/lose,
//!   misère), the laws of the rules checked; tables read from elsewhere.
//! - [`breaks`] (layer 1): take-and-break games (octal games among them): the period by
//!   Guy and Smith's argument with the bound the parts need, a test of arithmetic
//!   periodicity.
//! - [`paste`] (layer 1): the Rust of a declaration to paste into `rules.rs`, and what it
//!   says of the moves.
//! - [`ratios`] (layer 1): P-positions `floor(k α)` for a quadratic irrational `α`, exact in
//!   integers.
//! - [`grids`] (layer 2): the values of a game's cells `(x, y)`, likewise.
//! - [`plane`] (layer 3): grids periodic after a border, nim-sums `f(x) ^ h(y)`,
//!   Wythoff-like pairs.
//! - [`proofs`] (layer 3): the theorems that prove a period: the window, Guy-Smith, the
//!   residue check, the box.
//! - [`verify`] (layer 3): the test helpers, a formula checked against a table or a grid.
//! - [`patterns`] (layer 4): every pattern of a table or grid, with its range, proof and code.
//! - [`propose`] (layer 4): for a game that declares no family, the declarations that
//!   would prove its pattern, to paste into `rules.rs`, and what the statement must confirm.
//! - [`report`] (layer 5): the report's text, and `explore`, from rules to report in one call
//!   (with the proposals of a game that declares no family).

pub mod breaks;
pub mod formulas;
pub mod grids;
pub mod paste;
pub mod patterns;
pub mod periods;
pub mod plane;
pub mod png;
pub mod proofs;
pub mod propose;
pub mod ratios;
pub mod report;
pub mod rules;
pub mod tables;
pub mod verify;
