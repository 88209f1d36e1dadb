//! The Nim rules against plain game searches: Nim and sums of random games, misère Nim and
//! anti-SG sums, staircase Nim, Moore's Nim_k, Fibonacci Nim, Wythoff's game; at sizes no
//! search reaches, Fibonacci Nim against a plain Zeckendorf representation and Wythoff's game
//! against the plain integer square root.

use combgames::nim::{
    fibonacci_nim_first_move, fibonacci_nim_move, misere_winning_moves, misere_wins,
    moore_winning_move, moore_wins, staircase_nim_value, staircase_winning_moves, winning_moves,
    wythoff_pair, wythoff_partner, wythoff_winning_moves, WYTHOFF_LIMIT,
};
use proptest::prelude::*;
use std::collections::HashMap;

/// Whether the player to move wins from `position` in a game whose moves are
/// `moves(position)`: normal play if `misere` is false (who cannot move loses), else
/// misère (who cannot move wins). Memoised search, no theory.
pub fn wins<P, F>(position: &P, misere: bool, moves: &F, memo: &mut HashMap<P, bool>) -> bool
where
    P: Clone + Eq + std::hash::Hash,
    F: Fn(&P) -> Vec<P>,
{
    if let Some(&w) = memo.get(position) {
        return w;
    }
    let next = moves(position);
    let w = if next.is_empty() {
        misere
    } else {
        next.iter().any(|p| !wins(p, misere, moves, memo))
    };
    memo.insert(position.clone(), w);
    w
}

/// Nim's moves: take one heap down to any smaller size.
#[allow(clippy::ptr_arg)] // `wins` gives a position as it is: `&Vec`.
pub fn nim_moves(heaps: &Vec<u64>) -> Vec<Vec<u64>> {
    let mut next = Vec::new();
    for i in 0..heaps.len() {
        for t in 0..heaps[i] {
            let mut p = heaps.clone();
            p[i] = t;
            next.push(p);
        }
    }
    next
}

/// The Nim moves `(i, t)` that leave a loss, by search.
fn searched_winning_moves(heaps: &[u64], misere: bool) -> Vec<(usize, u64)> {
    let mut memo = HashMap::new();
    let mut found = Vec::new();
    for i in 0..heaps.len() {
        for t in 0..heaps[i] {
            let mut p = heaps.to_vec();
            p[i] = t;
            if !wins(&p, misere, &nim_moves, &mut memo) {
                found.push((i, t));
            }
        }
    }
    found
}

/// A random finite game: node s moves to up to four of the nodes below it (node 0 has no
/// move), with each node's Grundy value by the mex over its options.
fn random_graph() -> impl Strategy<Value = (Vec<Vec<usize>>, Vec<u64>)> {
    proptest::collection::vec(
        proptest::collection::vec(any::<prop::sample::Index>(), 0..5),
        1..12,
    )
    .prop_map(|picks| {
        let moves: Vec<Vec<usize>> = (picks.iter().enumerate())
            .map(|(s, p)| {
                if s == 0 {
                    vec![]
                } else {
                    p.iter().map(|i| i.index(s)).collect()
                }
            })
            .collect();
        let mut grundy: Vec<u64> = Vec::new();
        for options in &moves {
            let values: Vec<u64> = options.iter().map(|&t| grundy[t]).collect();
            grundy.push((0..).find(|g| !values.contains(g)).unwrap());
        }
        (moves, grundy)
    })
}

/// The moves of a sum of components of one graph: one component moves along an edge.
fn sum_moves(graph: &[Vec<usize>]) -> impl Fn(&Vec<usize>) -> Vec<Vec<usize>> + '_ {
    move |nodes| {
        let mut next = Vec::new();
        for (i, &s) in nodes.iter().enumerate() {
            for &t in &graph[s] {
                let mut p = nodes.clone();
                p[i] = t;
                next.push(p);
            }
        }
        next
    }
}

/// The anti-SG condition: each node of value 0 with a move has a move to value 1.
fn keeps_anti_sg_condition(graph: &[Vec<usize>], grundy: &[u64]) -> bool {
    (0..graph.len())
        .all(|s| grundy[s] != 0 || graph[s].is_empty() || graph[s].iter().any(|&t| grundy[t] == 1))
}

#[test]
fn moore_wins_counts_to_any_k() {
    // Counts past 8 and 16 bits: k + 1 copies (or twice as many) of a few heaps, each
    // digit's count a multiple, then one heap more; against each digit's plain count.
    let mut seed = 0x9e37_79b9_7f4a_7c15u64;
    for k in [255usize, 256, 300, 65_535, 65_536] {
        for laps in 1..=2 {
            seed = seed.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1);
            let (a, b) = (seed, seed.rotate_left(29) >> 7);
            let mut heaps: Vec<u64> = [a, b]
                .iter()
                .flat_map(|&h| vec![h; laps * (k + 1)])
                .collect();
            for last in [None, Some(b), Some(a ^ b)] {
                heaps.extend(last);
                let ones = |bit: u32| heaps.iter().filter(|&&h| h >> bit & 1 == 1).count();
                let lost = (0..64).all(|bit| ones(bit) % (k + 1) == 0);
                assert_eq!(
                    moore_wins(&heaps, k),
                    !lost,
                    "k = {k}, {} heaps",
                    heaps.len()
                );
            }
        }
    }
}

proptest! {
    #[test]
    fn nim_winning_moves_match_search(heaps in proptest::collection::vec(0u64..8, 1..=4)) {
        prop_assert_eq!(winning_moves(&heaps), searched_winning_moves(&heaps, false));
    }

    #[test]
    fn sum_winning_moves_match_search(
        (graph, grundy) in random_graph(),
        picks in proptest::collection::vec(any::<prop::sample::Index>(), 1..=3),
    ) {
        let nodes: Vec<usize> = picks.iter().map(|i| i.index(graph.len())).collect();
        let values: Vec<u64> = nodes.iter().map(|&s| grundy[s]).collect();
        let sum = values.iter().fold(0, |x, &v| x ^ v);
        let listed = winning_moves(&values);
        let (moves, mut memo) = (sum_moves(&graph), HashMap::new());
        prop_assert_eq!(wins(&nodes, false, &moves, &mut memo), sum != 0);
        for (i, &s) in nodes.iter().enumerate() {
            // A move wins exactly when it reaches values[i] ^ sum; a listed target is reached.
            for &t in &graph[s] {
                let mut after = nodes.clone();
                after[i] = t;
                let won = !wins(&after, false, &moves, &mut memo);
                prop_assert_eq!(won, grundy[t] == values[i] ^ sum);
            }
            let target = listed.iter().find(|&&(j, _)| j == i).map(|&(_, t)| t);
            let reachable_below = (graph[s].iter().map(|&t| grundy[t]))
                .find(|&g| g == values[i] ^ sum && g < values[i]);
            prop_assert_eq!(target, reachable_below);
        }
    }

    #[test]
    fn misere_nim_matches_search(heaps in proptest::collection::vec(0u64..7, 1..=4)) {
        let searched = wins(&heaps, true, &nim_moves, &mut HashMap::new());
        prop_assert_eq!(misere_wins(&heaps), searched);
        prop_assert_eq!(misere_winning_moves(&heaps), searched_winning_moves(&heaps, true));
    }

    #[test]
    fn anti_sg_sums_match_search(
        (graph, grundy) in random_graph().prop_filter("the anti-SG condition", |(g, v)| {
            keeps_anti_sg_condition(g, v)
        }),
        picks in proptest::collection::vec(any::<prop::sample::Index>(), 1..=3),
    ) {
        let nodes: Vec<usize> = picks.iter().map(|i| i.index(graph.len())).collect();
        let values: Vec<u64> = nodes.iter().map(|&s| grundy[s]).collect();
        let (moves, mut memo) = (sum_moves(&graph), HashMap::new());
        prop_assert_eq!(misere_wins(&values), wins(&nodes, true, &moves, &mut memo));
        // Every concrete winning move to a lower value is listed, and only those.
        let mut searched = Vec::new();
        for (i, &s) in nodes.iter().enumerate() {
            for &t in &graph[s] {
                let mut after = nodes.clone();
                after[i] = t;
                if grundy[t] < values[i] && !wins(&after, true, &moves, &mut memo) {
                    searched.push((i, grundy[t]));
                }
            }
        }
        searched.sort_unstable();
        searched.dedup();
        prop_assert_eq!(misere_winning_moves(&values), searched);
    }

    #[test]
    fn staircase_value_is_the_grundy_value(coins in proptest::collection::vec(0u64..4, 1..=5)) {
        // Grundy values by the mex over every move, and the winning moves by search.
        fn grundy(coins: &Vec<u64>, memo: &mut HashMap<Vec<u64>, u64>) -> u64 {
            if let Some(&g) = memo.get(coins) {
                return g;
            }
            let values: Vec<u64> = staircase_moves(coins).iter().map(|p| grundy(p, memo)).collect();
            let g = (0..).find(|g| !values.contains(g)).unwrap();
            memo.insert(coins.clone(), g);
            g
        }
        #[allow(clippy::ptr_arg)] // as nim_moves
        fn staircase_moves(coins: &Vec<u64>) -> Vec<Vec<u64>> {
            let mut next = Vec::new();
            for i in 1..coins.len() {
                for k in 1..=coins[i] {
                    let mut p = coins.clone();
                    p[i] -= k;
                    p[i - 1] += k;
                    next.push(p);
                }
            }
            next
        }
        let mut memo = HashMap::new();
        prop_assert_eq!(staircase_nim_value(&coins), grundy(&coins, &mut memo));
        let mut searched = Vec::new();
        for i in 1..coins.len() {
            for k in 1..=coins[i] {
                let mut p = coins.clone();
                p[i] -= k;
                p[i - 1] += k;
                if !wins(&p, false, &staircase_moves, &mut HashMap::new()) {
                    searched.push((i, k));
                }
            }
        }
        prop_assert_eq!(staircase_winning_moves(&coins), searched);
    }

    #[test]
    fn moore_matches_search(heaps in proptest::collection::vec(0u64..6, 1..=4), k in 1usize..=3) {
        let (moves, mut memo) = (moore_moves(k), HashMap::new());
        let won = wins(&heaps, false, &moves, &mut memo);
        prop_assert_eq!(moore_wins(&heaps, k), won);
        let listed = moore_winning_move(&heaps, k);
        prop_assert_eq!(!listed.is_empty(), won, "{:?}", listed);
        let after = moore_after(&heaps, k, &listed);
        prop_assert!(!won || !wins(&after, false, &moves, &mut memo), "{:?}", listed);
    }

    #[test]
    fn moore_wins_counts_every_digit(
        heaps in proptest::collection::vec(prop_oneof![any::<u64>(), 0u64..4], 0..=12),
        copies in 1usize..=25,
        k in prop_oneof![1usize..=4, 5usize..=24],
    ) {
        // Each heap `copies` times: with copies = k + 1, every count is a multiple, lost.
        let heaps: Vec<u64> = heaps.iter().flat_map(|&h| vec![h; copies]).collect();
        let ones = |bit: u32| heaps.iter().filter(|&&h| h >> bit & 1 == 1).count();
        let lost = (0..64).all(|bit| ones(bit) % (k + 1) == 0);
        prop_assert_eq!(moore_wins(&heaps, k), !lost);
    }

    #[test]
    fn moore_moves_on_big_heaps_leave_digit_counts_of_multiples(
        heaps in proptest::collection::vec(any::<u64>(), 1..=40),
        k in 1usize..=5,
    ) {
        // The move leaves a position whose counts are all multiples of k + 1 (lost by the
        // rule, proved on small heaps above), from which no move is found.
        let listed = moore_winning_move(&heaps, k);
        let after = moore_after(&heaps, k, &listed);
        let ones = |bit: u32| after.iter().filter(|&&h| h >> bit & 1 == 1).count();
        prop_assert!((0..64).all(|bit| ones(bit) % (k + 1) == 0), "{:?}", listed);
        prop_assert_eq!(moore_wins(&heaps, k), !listed.is_empty());
        prop_assert!(!moore_wins(&after, k));
        prop_assert_eq!(moore_winning_move(&after, k), []);
    }

    #[test]
    fn fibonacci_nim_moves_on_big_heaps_leave_a_smallest_term_above_twice_the_move(
        heap in prop_oneof![any::<u64>(), near_fibonacci()],
        limit in any::<u64>(),
    ) {
        // The limits that matter: below, at and above the smallest term, the first move's.
        let smallest = *zeckendorf(heap).last().unwrap_or(&0);
        let limits = [
            limit,
            smallest.saturating_sub(1),
            smallest,
            smallest.saturating_mul(2),
            heap.saturating_sub(1),
        ];
        for limit in limits {
            match fibonacci_nim_move(heap, limit) {
                Some(take) => {
                    prop_assert!(1 <= take && take <= limit.min(heap));
                    let left = zeckendorf(heap - take);
                    let above = |&s: &u64| u128::from(s) > 2 * u128::from(take);
                    prop_assert!(left.last().map_or(true, above), "{} {}", heap, take);
                }
                None => prop_assert!(heap == 0 || smallest > limit, "{} {}", heap, limit),
            }
        }
        prop_assert_eq!(fibonacci_nim_first_move(heap), fibonacci_nim_move(heap, limits[4]));
    }

    #[test]
    fn wythoff_matches_the_plain_square_root(
        k in 0..=WYTHOFF_LIMIT,
        x in 0..=WYTHOFF_LIMIT,
        y in 0..=WYTHOFF_LIMIT,
    ) {
        check_wythoff_pair(k);
        prop_assert_eq!(wythoff_partner(x), plain_partner(x), "pile {}", x);
        // Every listed move is legal and leaves a losing pair; one of each kind that exists.
        let (low, high) = (x.min(y), x.max(y));
        let listed: Vec<(u64, u64)> = wythoff_winning_moves(x, y).collect();
        for &(s, t) in &listed {
            let legal = (s < x && t == y) || (s == x && t < y) || (s < x && x - s == y - t);
            prop_assert!(legal && plain_partner(s) == t, "{} {}: {:?}", x, y, listed);
        }
        let kinds = [
            plain_pair(high - low).0 < u128::from(low),
            plain_partner(y) < x,
            plain_partner(x) < y,
        ];
        prop_assert_eq!(listed.len(), kinds.iter().filter(|&&kind| kind).count());
    }
}

/// Moore's Nim_k moves: reduce each of 1 to k heaps to any smaller size.
fn moore_moves(k: usize) -> impl Fn(&Vec<u64>) -> Vec<Vec<u64>> {
    move |heaps| {
        let mut next = Vec::new();
        for chosen in 1u32..1 << heaps.len() {
            let picked: Vec<usize> = (0..heaps.len()).filter(|&i| chosen >> i & 1 == 1).collect();
            if picked.len() > k || picked.iter().any(|&i| heaps[i] == 0) {
                continue;
            }
            // Every choice of smaller sizes for the picked heaps, counted like an odometer.
            let mut p = heaps.clone();
            picked.iter().for_each(|&i| p[i] = 0);
            loop {
                next.push(p.clone());
                match picked.iter().find(|&&i| p[i] + 1 < heaps[i]) {
                    Some(&i) => {
                        picked
                            .iter()
                            .take_while(|&&j| j != i)
                            .for_each(|&j| p[j] = 0);
                        p[i] += 1;
                    }
                    None => break,
                }
            }
        }
        next
    }
}

/// The heaps after the move `listed` of Moore's Nim_k, checked legal: 1 to k heaps, by
/// index, each made smaller (none for an empty move).
fn moore_after(heaps: &[u64], k: usize, listed: &[(usize, u64)]) -> Vec<u64> {
    assert!(listed.len() <= k, "{listed:?} moves more than {k} heaps");
    assert!(listed.windows(2).all(|w| w[0].0 < w[1].0), "{listed:?}");
    let mut after = heaps.to_vec();
    for &(i, size) in listed {
        assert!(size < heaps[i], "{listed:?} does not reduce heap {i}");
        after[i] = size;
    }
    after
}

/// The Zeckendorf representation of `n`, largest term first: the greedy rule over every
/// Fibonacci number 1, 2, 3, 5, ... in a `u64`.
fn zeckendorf(mut n: u64) -> Vec<u64> {
    let mut terms = Vec::new();
    for &f in fibonacci_numbers().iter().rev() {
        if f <= n {
            terms.push(f);
            n -= f;
        }
    }
    terms
}

/// The Fibonacci numbers 1, 2, 3, 5, ... in a `u64`.
fn fibonacci_numbers() -> Vec<u64> {
    let mut fibonacci = vec![1u64, 2];
    loop {
        let n = fibonacci.len();
        match fibonacci[n - 2].checked_add(fibonacci[n - 1]) {
            Some(next) => fibonacci.push(next),
            None => return fibonacci,
        }
    }
}

/// Heaps whose representations end in long runs or large terms: a Fibonacci number plus or
/// minus a little (`F_n - 1` is `F_(n-1) + F_(n-3) + ...`), and sums of two.
fn near_fibonacci() -> impl Strategy<Value = u64> {
    let fibonacci = fibonacci_numbers();
    (
        any::<prop::sample::Index>(),
        any::<prop::sample::Index>(),
        -3i64..=3,
    )
        .prop_map(move |(i, j, d)| {
            let (f, g) = (
                fibonacci[i.index(fibonacci.len())],
                fibonacci[j.index(fibonacci.len())],
            );
            let f = if d % 2 == 0 { f } else { f.saturating_add(g) };
            if d < 0 {
                f.saturating_sub(d.unsigned_abs())
            } else {
                f.saturating_add(d as u64)
            }
        })
}

#[test]
fn fibonacci_nim_matches_search() {
    // (heap, limit): take 1 to `limit` stones, at most the heap; then the opponent's limit
    // is twice the take. Limits above the heap allow what the heap allows.
    let moves = |&(heap, limit): &(u64, u64)| -> Vec<(u64, u64)> {
        let after = |take: u64| (heap - take, (2 * take).min(heap - take));
        (1..=limit.min(heap)).map(after).collect()
    };
    let mut memo = HashMap::new();
    let mut wins_at =
        |heap: u64, limit: u64| wins(&(heap, limit.min(heap)), false, &moves, &mut memo);
    for heap in 0..=200 {
        for limit in 0..=heap + 1 {
            let won = wins_at(heap, limit);
            let take = fibonacci_nim_move(heap, limit);
            assert_eq!(take.is_some(), won, "heap {heap}, limit {limit}");
            if let Some(take) = take {
                assert!(
                    1 <= take && take <= limit.min(heap),
                    "heap {heap}, limit {limit}"
                );
                assert!(
                    !wins_at(heap - take, 2 * take),
                    "heap {heap}, limit {limit}: {take}"
                );
                // The smallest winning take: every smaller one leaves a won position.
                assert!(
                    (1..take).all(|t| wins_at(heap - t, 2 * t)),
                    "heap {heap}, limit {limit}: {take} is not the smallest"
                );
            }
        }
        // The opening: any number but all.
        let first = fibonacci_nim_first_move(heap);
        assert_eq!(
            first.is_some(),
            heap > 0 && wins_at(heap, heap - 1),
            "heap {heap}"
        );
        assert!(first.map_or(true, |take| take < heap && !wins_at(heap - take, 2 * take)));
    }
}

/// The integer square root, by Newton's method from above.
fn isqrt(n: u128) -> u128 {
    if n < 2 {
        return n;
    }
    let mut x = 1u128 << ((129 - n.leading_zeros()) / 2);
    loop {
        let next = (x + n / x) / 2;
        if next >= x {
            return x;
        }
        x = next;
    }
}

/// Wythoff's `k`-th losing pair by the plain square root: `k phi` lies strictly between
/// integers, so `a_k = floor(k phi) = (k + isqrt(5 k^2)) / 2`, and `b_k = a_k + k`.
fn plain_pair(k: u64) -> (u128, u128) {
    let k = u128::from(k);
    let a = (k + isqrt(5 * k * k)) / 2;
    (a, a + k)
}

/// The partner of pile `x` by the plain square root: `x` is `a_k` for `k = ceil(x / phi)`
/// when that gives it back, else `b_j` for `j = ceil(x / phi^2)`, whose partner is `x - j`.
fn plain_partner(x: u64) -> u64 {
    let (x, root) = (u128::from(x), isqrt(5 * u128::from(x) * u128::from(x)));
    // x / phi = x (sqrt 5 - 1) / 2 and x / phi^2 = x (3 - sqrt 5) / 2, rounded up.
    match plain_pair(((root - x) / 2 + 1) as u64) {
        (a, b) if a == x => b as u64,
        _ => (x - (3 * x + 1 - root) / 2) as u64,
    }
}

/// `wythoff_pair(k)` is the plain pair, and a losing position for the other functions when
/// its piles are within the limit.
fn check_wythoff_pair(k: u64) {
    let (a, b) = wythoff_pair(k);
    assert_eq!((u128::from(a), u128::from(b)), plain_pair(k), "index {k}");
    if b < WYTHOFF_LIMIT {
        let partners = (wythoff_partner(a), wythoff_partner(b));
        assert_eq!(partners, (b, a), "index {k}");
        assert_eq!(wythoff_winning_moves(a, b).next(), None, "index {k}");
        assert_eq!(wythoff_winning_moves(a + 1, b + 1).next(), Some((a, b)));
    }
}

#[test]
fn wythoff_is_exact_where_k_phi_is_nearest_an_integer() {
    // k phi is nearest an integer at Fibonacci numbers (phi's best approximations), on
    // either side by turns: the fixed-point floor's hardest cases, both piles and indices.
    for f in fibonacci_numbers()
        .into_iter()
        .filter(|&f| f <= WYTHOFF_LIMIT)
    {
        for k in f.saturating_sub(3)..=(f + 3).min(WYTHOFF_LIMIT) {
            check_wythoff_pair(k);
            assert_eq!(wythoff_partner(k), plain_partner(k), "pile {k}");
        }
    }
    // The limit is the last pair that fits in a u64.
    assert_eq!(plain_pair(WYTHOFF_LIMIT).1, u128::from(u64::MAX));
    assert!(plain_pair(WYTHOFF_LIMIT + 1).1 > u128::from(u64::MAX));
    check_wythoff_pair(WYTHOFF_LIMIT);
    assert_eq!(wythoff_partner(WYTHOFF_LIMIT), plain_partner(WYTHOFF_LIMIT));
}

#[test]
#[should_panic(expected = "too large")]
fn wythoff_pair_panics_past_the_limit() {
    wythoff_pair(WYTHOFF_LIMIT + 1);
}

#[test]
fn wythoff_matches_search() {
    const N: u64 = 200;
    let moves = |&(x, y): &(u64, u64)| {
        let mut next: Vec<(u64, u64)> = (0..x)
            .map(|t| (t, y))
            .chain((0..y).map(|t| (x, t)))
            .collect();
        next.extend((1..=x.min(y)).map(|t| (x - t, y - t)));
        next
    };
    let mut memo = HashMap::new();
    let mut lost = vec![vec![false; N as usize]; N as usize];
    for x in 0..N {
        for y in 0..N {
            lost[x as usize][y as usize] = !wins(&(x, y), false, &moves, &mut memo);
        }
    }
    let is_lost = |&(a, b): &(u64, u64)| lost[a as usize][b as usize];
    for x in 0..120 {
        let partners: Vec<(u64, u64)> = (0..N).map(|y| (x, y)).filter(is_lost).collect();
        assert_eq!(partners, [(x, wythoff_partner(x))], "pile {x}");
        for y in 0..120 {
            // The moves to losing positions: from both piles, then from x, then from y.
            let both = (1..=x.min(y)).map(|t| (x - t, y - t));
            let from_x = (0..x).map(|t| (t, y));
            let searched = both.chain(from_x).chain((0..y).map(|t| (x, t)));
            let searched: Vec<(u64, u64)> = searched.filter(is_lost).collect();
            let listed: Vec<(u64, u64)> = wythoff_winning_moves(x, y).collect();
            assert_eq!(listed, searched, "piles {x} {y}");
        }
    }
    let pairs = (0..N).flat_map(|a| (a..N).map(move |b| (a, b)));
    let pairs: Vec<(u64, u64)> = pairs.filter(is_lost).collect();
    for (k, &pair) in pairs.iter().enumerate().take(70) {
        assert_eq!(wythoff_pair(k as u64), pair);
    }
}

#[test]
fn the_anti_sg_rule_needs_its_condition() {
    // Node 3's only move leads to node 2, of value 2; node 3 has value 0 but no move to 1.
    let graph = vec![vec![], vec![0], vec![0, 1], vec![2]];
    let moves = sum_moves(&graph);
    assert!(!wins(&vec![3], true, &moves, &mut HashMap::new()));
    assert!(misere_wins(&[0]), "the rule says the player to move wins");
}

/// Moore's Nim_0 allows no move: the player to move loses, with no winning move.
#[test]
fn moore_with_k_0_has_no_move() {
    use combgames::nim::{moore_winning_move, moore_wins};
    for heaps in [&[][..], &[0], &[5, 5, 5], &[1, 2, 3, 4]] {
        assert!(!moore_wins(heaps, 0));
        assert_eq!(moore_winning_move(heaps, 0), []);
    }
}
