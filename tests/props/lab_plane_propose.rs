//! The declarations the lab proposes for a game on the plane (`lab::plane_propose`): fixed
//! steps, or the a-Wythoff game a pairs finding names, each proposed only when it lists the
//! rules' moves on every cell and its theorem then proves what the undeclared grid only
//! showed; pasted (the game declaring it), the same report proves it. Refused: moves of any
//! length (a rook's), steps that depend on the cell, a game sharing 2-Wythoff's P-positions
//! on the grid but not its moves.

use crate::lab_sectors::Steps;
use crate::new::formatted;
use lab::grids::Grid;
use lab::patterns::find_plane;
use lab::plane_propose::{family_code, plane_proposals, show_plane};
use lab::rules::{Plane, PlaneFamily, PlaneMoves};
use lab::tables::Values;
use proptest::prelude::*;

/// The proposals of `game`'s grid `n x n`, in `kind`.
fn proposed<G: Plane>(game: &G, n: usize, kind: Values) -> (Grid, Vec<String>) {
    let grid = Grid::plane(game, n, n, kind).unwrap();
    let text = show_plane(&plane_proposals(game, &grid), &grid);
    (grid, text.lines().map(String::from).collect())
}

#[test]
fn a_diagonal_band_gets_its_steps_proposed_and_pasted_they_prove_it() {
    // The token: a pattern along the diagonal, none along the axes.
    let game = Steps(vec![(-1, -2), (-2, -1), (-1, 0)], false);
    let (grid, lines) = proposed(&game, 200, Values::Grundy);
    let open = find_plane(&grid);
    assert!(open[0].headline.starts_with("diagonal: "), "{open:?}");
    assert!(open[0].proof.is_none());
    let head = format!(
        "proposal: PlaneFamily::Steps would prove {}",
        open[0].headline
    );
    assert!(lines.contains(&head), "{lines:#?}");
    let code = "          PlaneFamily::Steps(vec![(-2, -1), (-1, -2), (-1, 0)])";
    assert!(lines.iter().any(|l| l == code), "{lines:#?}");
    // Pasted: the same finding, proved.
    let declared = Steps(vec![(-2, -1), (-1, -2), (-1, 0)], true);
    let grid = Grid::plane(&declared, 200, 200, Values::Grundy).unwrap();
    let found = find_plane(&grid);
    assert_eq!(found[0].headline, open[0].headline);
    assert!(found[0].proof.is_some(), "{found:?}");
    assert!(plane_proposals(&declared, &grid).is_empty());
}

#[test]
fn a_pairs_finding_gets_its_a_wythoff_game_proposed_when_the_moves_are_its() {
    // Two piles: any number from one, or k and l from both with |k - l| < 2.
    let piles = |x: u64, y: u64, to: &mut PlaneMoves| {
        (0..x).for_each(|left| to.cell(left, y));
        (0..y).for_each(|left| to.cell(x, left));
        for k in 1..=x {
            (1..=y)
                .filter(|l| k.abs_diff(*l) < 2)
                .for_each(|l| to.cell(x - k, y - l));
        }
    };
    let (_, lines) = proposed(&piles, 100, Values::WinLose);
    let head = "proposal: PlaneFamily::Wythoff would prove pairs: (a(n), a(n) + 2n), a(n) = mex";
    assert!(lines.iter().any(|l| l == head), "{lines:#?}");
    assert!(lines
        .iter()
        .any(|l| l == "          PlaneFamily::Wythoff(2)"));
    // One move more, take 3 and 35: the same P-positions on 40 x 40, no proposal.
    let decoy = |x: u64, y: u64, to: &mut PlaneMoves| {
        piles(x, y, to);
        for (k, l) in [(3, 35), (35, 3)] {
            if k <= x && l <= y {
                to.cell(x - k, y - l);
            }
        }
    };
    let (grid, lines) = proposed(&decoy, 40, Values::WinLose);
    assert!(find_plane(&grid)[0].headline.starts_with("pairs: "));
    assert!(lines.is_empty(), "{lines:#?}");
}

#[test]
fn moves_of_any_length_or_that_depend_on_the_cell_are_no_steps() {
    // A rook toward the corner: periodic nowhere it can be proved, and its moves reach
    // across the grid.
    let rook = |x: u64, y: u64, to: &mut PlaneMoves| {
        (0..x).for_each(|a| to.cell(a, y));
        (0..y).for_each(|b| to.cell(x, b));
    };
    let grid = Grid::plane(&rook, 60, 60, Values::WinLose).unwrap();
    assert!(plane_proposals(&rook, &grid)
        .iter()
        .all(|p| !matches!(p.family, PlaneFamily::Steps(_))));
    // Steps by the parity of x: (-1, 0) from an even row, (-2, 0) or (0, -1) from an odd one.
    let parity = |x: u64, y: u64, to: &mut PlaneMoves| match x % 2 {
        0 if x >= 1 => to.cell(x - 1, y),
        0 => {}
        _ => {
            if x >= 2 {
                to.cell(x - 2, y);
            }
            if y >= 1 {
                to.cell(x, y - 1);
            }
        }
    };
    let grid = Grid::plane(&parity, 60, 60, Values::Grundy).unwrap();
    assert!(plane_proposals(&parity, &grid).is_empty());
}

proptest! {
    #![proptest_config(common::cases(16))]

    /// Random fixed steps: whatever steps are proposed, pasted, prove what they said.
    #[test]
    fn what_random_steps_propose_pasted_proves(
        steps in proptest::collection::btree_set((-3i64..=1, -3i64..=1), 1..4)
    ) {
        let steps: Vec<(i64, i64)> = steps.into_iter().filter(|(dx, dy)| dx + dy < 0).collect();
        prop_assume!(!steps.is_empty());
        let game = Steps(steps.clone(), false);
        let grid = Grid::plane(&game, 120, 120, Values::Grundy).unwrap();
        for p in plane_proposals(&game, &grid) {
            // Pasted: the game declaring the proposal's steps (the same set, in its order).
            let PlaneFamily::Steps(proposed) = p.family.clone() else { continue };
            let declared = Steps(proposed, true);
            let grid = Grid::plane(&declared, 120, 120, Values::Grundy).unwrap();
            let found = find_plane(&grid);
            for proves in &p.proves {
                let f = found.iter().find(|f| &f.headline == proves);
                prop_assert!(f.map_or(false, |f| f.proof.is_some()), "{proves}: {found:?}");
            }
        }
    }
}

#[test]
fn the_declaration_to_paste_is_as_cargo_fmt_leaves_it() {
    let long: Vec<(i64, i64)> = (1..=12).map(|k| (-k, k - 13)).collect();
    for family in [
        PlaneFamily::Steps(vec![(-2, -1), (-1, -2), (-1, 0)]),
        PlaneFamily::Steps(long),
        PlaneFamily::Wythoff(3),
    ] {
        let code = family_code(&family);
        assert!(code.iter().all(|l| l.len() <= 92), "{code:#?}");
        let file = format!("impl Plane for Rules {{\n{}\n}}\n", code.join("\n"));
        assert_eq!(formatted(&file), file, "{family:?}");
    }
}
