//! The declarations the lab proposes for a game on the plane that declares no family
//! ([`plane_proposals`], shown by [`show_plane`]), as `propose` does for heaps: each family
//! the lab knows is inferred from the rules' moves, checked against them on every cell of
//! the grid (by computing the grid again with the family declared, which checks each cell's
//! moves), and kept if its theorem then proves a pattern the undeclared grid only showed.
//! The lab never declares it: the statement must confirm the moves everywhere.
//!
//! The families tried:
//! - fixed steps ([`PlaneFamily::Steps`]): the union of the moves `(dx, dy)` of the grid's
//!   cells, if every step is at most a quarter of the grid from its cell (a move of any
//!   length, as a rook's, shows steps as long as the grid: it is no fixed step), every one
//!   lowers `x + y`, and each cell's moves are exactly the steps that land at `x, y >= 0`:
//!   the box, along the axes or in the coordinates of `sectors`;
//! - Fraenkel's a-Wythoff game ([`PlaneFamily::Wythoff`]) whose `a` a pairs finding names
//!   (`pairs: (a(n), a(n) + 2n), ...`): Fraenkel's theorem on the pairs.
//!
//! A proposal's first line: `proposal: PlaneFamily::Steps would prove periodic: x start 6,
//! period 5; y start 6, period 5` (the family, then the first line of the finding proved).
//! Layer 5: uses `rules`, `grids`, `tables` and `patterns`.

use crate::grids::Grid;
use crate::patterns::{find_plane, Finding};
use crate::rules::{Plane, PlaneFamily, PlaneMoves};
use crate::tables::Values;
use std::collections::BTreeSet;
use std::fmt::Write;

/// The most steps a proposal lists.
const MAX_STEPS: usize = 24;

/// A declaration the lab proposes for a game on the plane, and what it would prove.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlaneProposal {
    /// The family declared.
    pub family: PlaneFamily,
    /// The first line of each finding it proves.
    pub proves: Vec<String>,
    /// The certificates of those findings.
    pub then: Vec<String>,
}

/// `game` declaring `family`, for the grid to check it against the rules.
struct Redeclared<'a, G: ?Sized> {
    game: &'a G,
    family: PlaneFamily,
}

impl<G: Plane + ?Sized> Plane for Redeclared<'_, G> {
    fn moves(&self, x: u64, y: u64, to: &mut PlaneMoves) {
        self.game.moves(x, y, to)
    }

    fn family(&self) -> PlaneFamily {
        self.family.clone()
    }
}

/// The fixed steps `game`'s moves make on the cells of `grid`, if they are such (module doc).
///
/// # Complexity
/// O(cells + moves) and the rules' work.
fn steps<G: Plane + ?Sized>(game: &G, grid: &Grid) -> Option<Vec<(i64, i64)>> {
    let (rows, cols) = (grid.rows(), grid.cols());
    let reach = (rows.min(cols) / 4).max(1) as i64;
    let mut steps = BTreeSet::new();
    let mut to = PlaneMoves::default();
    for x in 0..rows as u64 {
        for y in 0..cols as u64 {
            to.clear();
            game.moves(x, y, &mut to);
            for &(a, b) in to.cells() {
                let step = (a as i64 - x as i64, b as i64 - y as i64);
                let short = step.0.abs() <= reach && step.1.abs() <= reach;
                if !short || step.0 + step.1 >= 0 {
                    return None;
                }
                steps.insert(step);
                if steps.len() > MAX_STEPS {
                    return None;
                }
            }
        }
    }
    (!steps.is_empty()).then(|| steps.into_iter().collect())
}

/// The declarations that would prove a pattern of `game`'s grid `grid` that it shows but
/// does not prove, when the game declares no family.
///
/// # Complexity
/// A grid of the same size computed and searched for each family tried (at most one of
/// steps and one a-Wythoff game a pairs finding names).
pub fn plane_proposals<G: Plane + ?Sized>(game: &G, grid: &Grid) -> Vec<PlaneProposal> {
    if *grid.family() != PlaneFamily::Unknown {
        return Vec::new();
    }
    let open = |f: &Finding| f.proof.is_none() && !f.headline.starts_with("none");
    let unproved: Vec<String> = (find_plane(grid).iter())
        .filter(|f| open(f))
        .map(|f| f.headline.clone())
        .collect();
    if unproved.is_empty() {
        return Vec::new();
    }
    let mut families: Vec<PlaneFamily> = steps(game, grid)
        .map(PlaneFamily::Steps)
        .into_iter()
        .collect();
    families.extend(
        unproved
            .iter()
            .filter_map(|h| pairs_c(h))
            .map(PlaneFamily::Wythoff),
    );
    let kind = grid.kind().unwrap_or(Values::Grundy);
    let mut proposals = Vec::new();
    for family in families {
        let declared = Redeclared {
            game,
            family: family.clone(),
        };
        let grid = match Grid::plane(&declared, grid.rows(), grid.cols(), kind) {
            Ok(grid) => grid,
            Err(_) => continue,
        };
        let proved: Vec<Finding> = (find_plane(&grid).into_iter())
            .filter(|f| f.proof.is_some() && unproved.contains(&f.headline))
            .collect();
        if !proved.is_empty() {
            proposals.push(PlaneProposal {
                family,
                proves: proved.iter().map(|f| f.headline.clone()).collect(),
                then: proved.into_iter().flat_map(|f| f.proof.unwrap()).collect(),
            });
        }
    }
    proposals
}

/// The `c` of a pairs finding's first line, `pairs: (a(n), a(n) + 2n), a(n) = mex` (`+ n`:
/// 1).
fn pairs_c(headline: &str) -> Option<u64> {
    let rest = headline.strip_prefix("pairs: (a(n), a(n) + ")?;
    let c = rest.split('n').next()?;
    match c {
        "" => Some(1),
        c => c.parse().ok().filter(|&c| c >= 1),
    }
}

/// What the statement must confirm of `family`'s moves.
fn confirm(family: &PlaneFamily) -> String {
    match family {
        PlaneFamily::Steps(steps) => {
            let steps: Vec<String> = steps.iter().map(|s| format!("{:?}", s)).collect();
            format!(
                "a token on (x, y) moves to (x + dx, y + dy) for each of the steps (dx, dy) \
                 {}, wherever it lands at x, y >= 0, and in no other way, from every cell",
                steps.join(", ")
            )
        }
        PlaneFamily::Wythoff(a) => format!(
            "a move takes any number from one pile, or k >= 1 from one and l >= 1 from the \
             other with |k - l| < {}, and nothing else, whatever the piles",
            a
        ),
        PlaneFamily::Unknown => String::new(),
    }
}

/// The `fn family` of `family` to paste in `impl Plane`, lines indented as there, each at
/// most 92 columns, as `cargo fmt` leaves them.
///
/// # Complexity
/// O(steps).
pub fn family_code(family: &PlaneFamily) -> Vec<String> {
    let body = match family {
        PlaneFamily::Steps(steps) => {
            let list: Vec<String> = steps.iter().map(|s| format!("{:?}", s)).collect();
            let one = format!("        PlaneFamily::Steps(vec![{}])", list.join(", "));
            match one.len() <= 92 {
                true => vec![one],
                false => {
                    let mut lines = vec!["        PlaneFamily::Steps(vec![".to_string()];
                    lines.extend(list.iter().map(|s| format!("            {},", s)));
                    lines.push("        ])".to_string());
                    lines
                }
            }
        }
        PlaneFamily::Wythoff(a) => vec![format!("        PlaneFamily::Wythoff({})", a)],
        PlaneFamily::Unknown => Vec::new(),
    };
    let mut code = vec!["    fn family(&self) -> PlaneFamily {".to_string()];
    code.extend(body);
    code.push("    }".to_string());
    code
}

/// The text of `proposals`, after a grid's report.
///
/// # Complexity
/// O(text).
pub fn show_plane(proposals: &[PlaneProposal], grid: &Grid) -> String {
    let mut text = String::new();
    for p in proposals {
        let name = match p.family {
            PlaneFamily::Steps(_) => "PlaneFamily::Steps",
            PlaneFamily::Wythoff(_) => "PlaneFamily::Wythoff",
            PlaneFamily::Unknown => continue,
        };
        for proves in &p.proves {
            let _ = writeln!(text, "proposal: {} would prove {}", name, proves);
        }
        let _ = writeln!(text, "  if the statement says: {}", confirm(&p.family));
        let _ = writeln!(
            text,
            "  checked: the rules' moves of every cell x < {}, y < {} are the family's",
            grid.rows(),
            grid.cols()
        );
        p.then.iter().for_each(|l| {
            let _ = writeln!(text, "  then proved: {}", l);
        });
        text.push_str(
            "  paste into rules.rs, in impl Plane (use lab::rules::{Plane, PlaneFamily, \
             PlaneMoves};):\n",
        );
        family_code(&p.family).iter().for_each(|l| {
            let _ = writeln!(text, "  {}", l);
        });
    }
    text
}
