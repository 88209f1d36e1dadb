//! The lab's rules and tables: values of random rules against plain recursion written here
//! (Grundy, win/lose, misère; heaps with sums, plane games whose moves may raise a
//! coordinate); every broken law an error naming the state, never a panic.

use lab::grids::Grid;
use lab::rules::{Family, Heap, Moves, Plane, PlaneFamily, PlaneMoves};
use lab::tables::{Table, Values};
use proptest::collection::vec;
use proptest::prelude::*;
use std::collections::HashMap;

/// Rules given as data: from heap `n`, the single heaps and the sums listed for it.
#[derive(Debug, Clone)]
struct Listed(Vec<(Vec<u64>, Vec<Vec<u64>>)>);

impl Heap for Listed {
    fn moves(&self, n: u64, to: &mut Moves) {
        let (singles, sums) = &self.0[n as usize];
        singles.iter().for_each(|&m| to.heap(m));
        sums.iter().for_each(|parts| to.sum(parts));
    }
}

/// Random rules on heaps `0..len`: each heap's moves go to smaller heaps.
fn listed(sums: bool) -> impl Strategy<Value = Listed> {
    (1usize..60).prop_flat_map(move |len| {
        let heap = (0..len).map(move |n| {
            let below = n.max(1) as u64;
            let singles = vec(0..below, 0..=n.min(4));
            let parts = vec(0..below, 1..=3);
            let sums = vec(parts, if sums && n > 0 { 0..=3 } else { 0..=0 });
            (singles, sums).prop_map(move |(s, p)| match n {
                0 => (Vec::new(), Vec::new()),
                _ => (s, p),
            })
        });
        heap.collect::<Vec<_>>().prop_map(Listed)
    })
}

/// The Grundy value of heap `n`, by plain recursion with a memo.
fn grundy(rules: &Listed, n: usize, memo: &mut HashMap<usize, u32>) -> u32 {
    if let Some(&g) = memo.get(&n) {
        return g;
    }
    let (singles, sums) = &rules.0[n];
    let mut options: Vec<u32> = singles
        .iter()
        .map(|&m| grundy(rules, m as usize, memo))
        .collect();
    for parts in sums {
        options.push(
            parts
                .iter()
                .fold(0, |x, &p| x ^ grundy(rules, p as usize, memo)),
        );
    }
    let g = (0..).find(|v| !options.contains(v)).unwrap();
    memo.insert(n, g);
    g
}

/// Whether the player to move from heap `n` wins in misère play, by plain recursion with a
/// memo.
fn misere_wins(rules: &Listed, n: usize, memo: &mut HashMap<usize, bool>) -> bool {
    if let Some(&w) = memo.get(&n) {
        return w;
    }
    let singles = &rules.0[n].0;
    let w = singles.is_empty()
        || singles
            .iter()
            .any(|&m| !misere_wins(rules, m as usize, memo));
    memo.insert(n, w);
    w
}

proptest! {
    #![proptest_config(common::cases(300))]

    #[test]
    fn heap_values_match_plain_recursion(rules in listed(true)) {
        let len = rules.0.len();
        let mut memo = HashMap::new();
        let plain: Vec<u32> = (0..len).map(|n| grundy(&rules, n, &mut memo)).collect();
        let table = Table::heaps(&rules, len, Values::Grundy).unwrap();
        prop_assert_eq!(table.values(), &plain[..]);
        let win_lose = Table::heaps(&rules, len, Values::WinLose).unwrap();
        let won: Vec<u32> = plain.iter().map(|&g| u32::from(g != 0)).collect();
        prop_assert_eq!(win_lose.values(), &won[..]);
    }

    #[test]
    fn misere_values_match_plain_recursion(rules in listed(false)) {
        let (len, mut memo) = (rules.0.len(), HashMap::new());
        let plain: Vec<u32> = (0..len).map(|n| u32::from(misere_wins(&rules, n, &mut memo))).collect();
        let table = Table::heaps(&rules, len, Values::Misere).unwrap();
        prop_assert_eq!(table.values(), &plain[..]);
    }

    #[test]
    fn plane_values_match_plain_recursion(
        steps in vec((-3i64..=1, -3i64..=1), 1..5),
        rows in 1usize..30,
        cols in 1usize..30,
        kind in prop_oneof![Just(Values::Grundy), Just(Values::WinLose), Just(Values::Misere)],
    ) {
        let steps: Vec<(i64, i64)> = steps.into_iter().filter(|&(dx, dy)| dx + dy < 0).collect();
        let rules = |x: u64, y: u64, to: &mut PlaneMoves| {
            for &(dx, dy) in &steps {
                let (a, b) = (x as i64 + dx, y as i64 + dy);
                if a >= 0 && b >= 0 {
                    to.cell(a as u64, b as u64);
                }
            }
        };
        // Plain recursion on (x, y), which may leave the grid when a move raises a coordinate.
        fn value(x: i64, y: i64, steps: &[(i64, i64)], kind: Values, memo: &mut HashMap<(i64, i64), u32>) -> u32 {
            if let Some(&v) = memo.get(&(x, y)) {
                return v;
            }
            let options: Vec<u32> = (steps.iter())
                .map(|&(dx, dy)| (x + dx, y + dy))
                .filter(|&(a, b)| a >= 0 && b >= 0)
                .map(|(a, b)| value(a, b, steps, kind, memo))
                .collect();
            let v = match kind {
                Values::Grundy => (0..).find(|v| !options.contains(v)).unwrap(),
                Values::WinLose => u32::from(options.contains(&0)),
                Values::Misere => u32::from(options.is_empty() || options.contains(&0)),
            };
            memo.insert((x, y), v);
            v
        }
        let grid = Grid::plane(&rules, rows, cols, kind).unwrap();
        let mut memo = HashMap::new();
        for x in 0..rows {
            for y in 0..cols {
                prop_assert_eq!(grid.get(x, y), value(x as i64, y as i64, &steps, kind, &mut memo), "({}, {})", x, y);
            }
        }
    }
}

#[test]
fn a_broken_law_is_an_error_naming_the_state() {
    let error = |rules: &dyn Fn(u64, &mut Moves), kind| {
        let rules = |n: u64, to: &mut Moves| rules(n, to);
        Table::heaps(&rules, 10, kind).unwrap_err().to_string()
    };
    let up = |n: u64, to: &mut Moves| {
        if n == 3 {
            to.heap(3)
        }
    };
    assert_eq!(
        error(&up, Values::Grundy),
        "heap 3: a move to heap 3, which is not smaller"
    );
    let split = |n: u64, to: &mut Moves| {
        if n == 5 {
            to.sum(&[1, 7])
        }
    };
    assert_eq!(
        error(&split, Values::Grundy),
        "heap 5: a move to a sum with heap 7, which is not smaller"
    );
    let halves = |n: u64, to: &mut Moves| {
        if n == 4 {
            to.sum(&[2, 2])
        }
    };
    assert!(error(&halves, Values::Misere)
        .starts_with("heap 4: a move to a sum of heaps, but misère play"));
    let far = |n: u64, to: &mut Moves| to.heap(n.wrapping_sub(1_000_000_000_000));
    assert_eq!(
        error(&far, Values::Grundy),
        "heap 0: a move to heap 18446743073709551616, which is not smaller"
    );

    // A family declared that lists other moves, or is malformed.
    struct Claims(Family);
    impl Heap for Claims {
        fn moves(&self, n: u64, to: &mut Moves) {
            [1, 2]
                .iter()
                .filter(|&&s| s <= n)
                .for_each(|&s| to.heap(n - s));
        }
        fn family(&self) -> Family {
            self.0.clone()
        }
    }
    let claims = |family| {
        Table::heaps(&Claims(family), 10, Values::Grundy)
            .map(|_| ())
            .map_err(|e| e.to_string())
    };
    assert_eq!(claims(Family::Subtraction(vec![1, 2])), Ok(()));
    assert_eq!(claims(Family::Octal("0.33".into())), Ok(()));
    let wrong = claims(Family::Subtraction(vec![1, 3])).unwrap_err();
    assert!(
        wrong.starts_with("heap 2: the rules give heaps [1, 0], sums [], but the declared family"),
        "{wrong}"
    );
    assert!(claims(Family::Subtraction(vec![0, 1]))
        .unwrap_err()
        .starts_with("the declared family: moves [0, 1]"));
    assert!(claims(Family::Octal("0.9".into()))
        .unwrap_err()
        .contains("is not 0. then digits 0 to 7"));

    // Plane games: a move that does not lower x + y; steps declared that differ.
    let sideways = |x: u64, y: u64, to: &mut PlaneMoves| {
        if (x, y) == (2, 1) {
            to.cell(1, 2)
        }
    };
    let err = Grid::plane(&sideways, 4, 4, Values::Grundy)
        .unwrap_err()
        .to_string();
    assert_eq!(err, "(2, 1): a move to (1, 2), which does not lower x + y");
    struct Knight;
    impl Plane for Knight {
        fn moves(&self, x: u64, y: u64, to: &mut PlaneMoves) {
            if x >= 2 {
                to.cell(x - 2, y + 1)
            }
        }
        fn family(&self) -> PlaneFamily {
            PlaneFamily::Steps(vec![(-2, 1), (1, -2)])
        }
    }
    let err = Grid::plane(&Knight, 4, 4, Values::Grundy)
        .unwrap_err()
        .to_string();
    assert_eq!(
        err,
        "(0, 2): the rules give cells [], but the declared steps [(-2, 1), (1, -2)] give [(1, 0)]"
    );
}

#[test]
fn a_bitmask_game_is_a_heap_game_numbered_by_its_empty_cells() {
    // A fill-cells game on 10 cells: a move fills one of the masks if all its cells are
    // empty. Numbered by the mask of empty cells, every move goes down.
    let masks = vec![
        0b11,
        0b110,
        0b1100_0000,
        0b10_0000_0001,
        0b1_0010_0000,
        0b100,
    ];
    let game = combgames::game::MoveMasks::new(10, masks.clone());
    let full = (1u64 << 10) - 1;
    let rules = |empty: u64, to: &mut Moves| {
        (masks.iter().map(|&m| u64::from(m)))
            .filter(|&m| empty & m == m)
            .for_each(|m| to.heap(empty & !m))
    };
    let table = Table::heaps(&rules, 1 << 10, Values::Grundy).unwrap();
    let by_filled = combgames::game::grundy_table(&game);
    for empty in 0..=full {
        assert_eq!(
            table.values()[empty as usize],
            u32::from(by_filled[(full & !empty) as usize])
        );
    }
}
