//! Green Hackenbush against a plain game search from the rules, with no Hackenbush theory:
//! a position is the set of edges still standing, a move deletes one of them and then every
//! edge no longer joined to the ground. Random small multigraphs (loops, multiple edges,
//! cycles, several ground vertices, parts off the ground), random trees, and sums. Large
//! forests, too large to search, against a plain fold of the colon and fusion principles.

use combgames::hackenbush::{winning_cuts, Hackenbush};
use proptest::prelude::*;

/// A picture as `Hackenbush::new` takes it: vertices, edges, ground vertices.
type Drawing = (usize, Vec<(usize, usize)>, Vec<usize>);

/// The game on one picture (a sum is one picture too: the pictures side by side), its
/// positions bitmasks of standing edges, memoised.
struct Search {
    edges: Vec<(usize, usize)>,
    /// The ground vertices, as bits.
    ground: u32,
    /// Each position's Grundy value and win/lose, once known.
    grundy: Vec<Option<u32>>,
    wins: Vec<Option<bool>>,
}

impl Search {
    fn new((vertices, edges, ground): &Drawing) -> Self {
        assert!(*vertices <= 32 && edges.len() <= 20);
        Search {
            edges: edges.clone(),
            ground: ground.iter().fold(0, |bits, &g| bits | 1 << g),
            grundy: vec![None; 1 << edges.len()],
            wins: vec![None; 1 << edges.len()],
        }
    }

    /// The edges of `standing` still joined to the ground by a path of standing edges:
    /// the vertices so joined grow from the ground until they stop.
    fn fall(&self, standing: u32) -> u32 {
        let stands = |e: usize| standing >> e & 1 == 1;
        let mut joined = self.ground;
        loop {
            let before = joined;
            for (e, &(u, v)) in self.edges.iter().enumerate() {
                if stands(e) && (joined >> u | joined >> v) & 1 == 1 {
                    joined |= 1 << u | 1 << v;
                }
            }
            if joined == before {
                break;
            }
        }
        let kept =
            (0..self.edges.len()).filter(|&e| stands(e) && joined >> self.edges[e].0 & 1 == 1);
        kept.fold(0, |bits, e| bits | 1 << e)
    }

    /// The starting position: every edge off the ground has fallen.
    fn start(&self) -> u32 {
        self.fall((1 << self.edges.len()) - 1)
    }

    /// Each legal move from `position` (a standing edge) and the position it leaves.
    fn moves(&self, position: u32) -> Vec<(usize, u32)> {
        let standing = (0..self.edges.len()).filter(|&e| position >> e & 1 == 1);
        standing
            .map(|e| (e, self.fall(position & !(1 << e))))
            .collect()
    }

    /// Whether the player to move wins: some move leaves a position the opponent loses.
    fn wins(&mut self, position: u32) -> bool {
        if let Some(w) = self.wins[position as usize] {
            return w;
        }
        let moves = self.moves(position);
        let w = moves.into_iter().any(|(_, next)| !self.wins(next));
        self.wins[position as usize] = Some(w);
        w
    }

    /// The Grundy value: the least value no move reaches.
    fn grundy(&mut self, position: u32) -> u32 {
        if let Some(g) = self.grundy[position as usize] {
            return g;
        }
        let moves = self.moves(position);
        let reached: Vec<u32> = moves
            .into_iter()
            .map(|(_, next)| self.grundy(next))
            .collect();
        let g = (0..).find(|g| !reached.contains(g)).unwrap();
        self.grundy[position as usize] = Some(g);
        g
    }
}

/// Up to `edges` edges between random vertices of up to `vertices` (loops and multiple
/// edges come often with few vertices), each vertex on the ground or not.
fn graphs(vertices: usize, edges: usize) -> impl Strategy<Value = Drawing> {
    (1..=vertices).prop_flat_map(move |n| {
        let edges = proptest::collection::vec((0..n, 0..n), 0..=edges);
        let ground = proptest::collection::vec(any::<bool>(), n);
        (edges, ground).prop_map(move |(edges, ground)| {
            let ground = (0..n).filter(|&v| ground[v]).collect();
            (n, edges, ground)
        })
    })
}

/// A random tree of up to `edges` edges, each vertex `v > 0` below a random earlier one,
/// ends in random order, its ground (root) a random vertex.
fn trees(edges: usize) -> impl Strategy<Value = Drawing> {
    let links = (any::<prop::sample::Index>(), any::<bool>());
    let tree = (
        proptest::collection::vec(links, 0..=edges),
        any::<prop::sample::Index>(),
    );
    tree.prop_map(|(links, root)| {
        let link = |(v, &(parent, flip)): (usize, &(prop::sample::Index, bool))| {
            let parent = parent.index(v + 1);
            if flip {
                (v + 1, parent)
            } else {
                (parent, v + 1)
            }
        };
        let edges: Vec<(usize, usize)> = links.iter().enumerate().map(link).collect();
        (edges.len() + 1, edges, vec![root.index(links.len() + 1)])
    })
}

/// The value and every cut to every value, against the search's.
fn check_picture(drawing: &Drawing) -> Result<(), TestCaseError> {
    let (vertices, edges, ground) = drawing;
    let picture = Hackenbush::new(*vertices, edges, ground).unwrap();
    let mut search = Search::new(drawing);
    let start = search.start();
    prop_assert_eq!(picture.grundy(), search.grundy(start));
    let moves = search.moves(start);
    let values: Vec<(usize, u32)> = moves
        .into_iter()
        .map(|(e, next)| (e, search.grundy(next)))
        .collect();
    for target in 0..=edges.len() as u32 + 1 {
        let searched: Vec<usize> = (values.iter())
            .filter(|&&(_, g)| g == target)
            .map(|&(e, _)| e)
            .collect();
        prop_assert_eq!(picture.cuts_to(target), searched, "target {}", target);
    }
    Ok(())
}

proptest! {
    #[test]
    fn graph_values_and_cuts_match_the_search(drawing in prop_oneof![graphs(4, 12), graphs(10, 12)]) {
        check_picture(&drawing)?;
    }

    #[test]
    fn tree_values_and_cuts_match_the_search(drawing in trees(12)) {
        check_picture(&drawing)?;
    }

    #[test]
    fn winning_cuts_of_sums_match_a_win_lose_search(
        drawings in proptest::collection::vec(prop_oneof![graphs(4, 5), trees(5)], 2..=3),
    ) {
        // The sum is the pictures side by side: one picture, vertices and edges numbered on.
        let (mut union, mut first_edge): (Drawing, Vec<usize>) = ((0, Vec::new(), Vec::new()), Vec::new());
        for (vertices, edges, ground) in &drawings {
            let offset = union.0;
            first_edge.push(union.1.len());
            union.1.extend(edges.iter().map(|&(u, v)| (u + offset, v + offset)));
            union.2.extend(ground.iter().map(|&g| g + offset));
            union.0 += vertices;
        }
        let pictures: Vec<Hackenbush> = (drawings.iter()).map(|(n, edges, ground)| Hackenbush::new(*n, edges, ground).unwrap()).collect();
        let mut search = Search::new(&union);
        let start = search.start();
        let sum = pictures.iter().fold(0, |sum, p| sum ^ p.grundy());
        prop_assert_eq!(sum != 0, search.wins(start));
        // Every move the search finds winning (each a standing edge, leaving a lost position),
        // and no other: so a move is returned exactly when the sum is won.
        let moves = search.moves(start);
        let searched: Vec<usize> = moves.into_iter().filter(|&(_, next)| !search.wins(next)).map(|(e, _)| e).collect();
        let cuts: Vec<usize> = winning_cuts(&pictures).into_iter().map(|(i, e)| first_edge[i] + e).collect();
        prop_assert_eq!(cuts, searched);
    }
}

/// No parent: a root.
const ROOT: usize = usize::MAX;

/// A large picture: a forest whose vertex `v` hangs below an earlier vertex of its tree, a
/// few extra edges each closing a short cycle inside a tree (or a loop), and some roots on
/// the ground. Given to `Hackenbush::new` under other names, in another order.
struct Forest {
    parent: Vec<usize>,
    extras: Vec<(usize, usize)>,
    ground: Vec<usize>,
    /// Each vertex's root, and the most edges from a vertex to its root.
    root: Vec<usize>,
    depth: usize,
}

/// A xorshift generator: `next(n)` is below `n`.
struct Rng(u64);

impl Rng {
    fn next(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n as u64) as usize
    }
}

impl Forest {
    /// `n` vertices in `trees` trees (vertex 0 a root on the ground, each other root on it
    /// or not), each vertex's parent among the `window` vertices before it (1 makes paths),
    /// and `extras` extra edges from a vertex to an ancestor up to 3 steps up (0: a loop).
    fn random(rng: &mut Rng, n: usize, trees: usize, window: usize, extras: usize) -> Forest {
        let starts: Vec<usize> = (1..trees).map(|_| rng.next(n)).collect();
        let (mut parent, mut root, mut ground) = (vec![ROOT; n], vec![0; n], vec![]);
        let (mut depths, mut depth) = (vec![0; n], 0);
        for v in 0..n {
            if v == 0 || starts.contains(&v) {
                root[v] = v;
                if v == 0 || rng.next(2) == 0 {
                    ground.push(v);
                }
            } else {
                parent[v] = v - 1 - rng.next((v - root[v - 1]).min(window));
                root[v] = root[parent[v]];
                depths[v] = depths[parent[v]] + 1;
                depth = depth.max(depths[v]);
            }
        }
        let extras = (0..extras).map(|_| {
            let a = rng.next(n);
            let b = (0..rng.next(4)).fold(a, |b, _| if b == root[b] { b } else { parent[b] });
            (a, b)
        });
        let extras = extras.collect();
        Forest {
            parent,
            extras,
            ground,
            root,
            depth,
        }
    }

    /// Its Grundy value with every extra edge but `skip`, by the two principles plainly:
    /// each extra edge's cycle (the tree path between its ends) fused into its top vertex,
    /// every edge inside worth a loop, then the colon principle from the last vertex to the
    /// first (parents come first), each tree's value counted if its root is on the ground.
    /// Also each vertex's top (itself unless it is fused into a vertex above) and value.
    fn fold(&self, skip: Option<usize>) -> (u32, Vec<usize>, Vec<u32>) {
        let n = self.parent.len();
        let extras = (self.extras.iter().enumerate()).filter(|&(j, _)| Some(j) != skip);
        let mut on_cycle = vec![false; n];
        for (_, &(mut a, mut b)) in extras.clone() {
            while a != b {
                // The later vertex is not the other's ancestor.
                let later = if a > b { &mut a } else { &mut b };
                on_cycle[*later] = true;
                *later = self.parent[*later];
            }
        }
        let mut top: Vec<usize> = (0..n).collect();
        for v in 0..n {
            if on_cycle[v] {
                top[v] = top[self.parent[v]];
            }
        }
        let mut value = vec![0; n];
        for (_, &(a, _)) in extras {
            value[top[a]] ^= 1;
        }
        for v in (0..n).rev().filter(|&v| self.parent[v] != ROOT) {
            match on_cycle[v] {
                true => value[top[v]] ^= 1,
                false => value[top[self.parent[v]]] ^= value[v] + 1,
            }
        }
        let sum = self.ground.iter().fold(0, |sum, &r| sum ^ value[r]);
        (sum, top, value)
    }

    /// The value left by cutting the bridge above `v`: its branch falls, so the component
    /// above holds one branch fewer, and each component above that one branch changed.
    fn cut_bridge(&self, (sum, top, value): &(u32, Vec<usize>, Vec<u32>), v: usize) -> u32 {
        let mut above = top[self.parent[v]];
        let (mut old, mut new) = (value[above], value[above] ^ (value[v] + 1));
        while self.parent[above] != ROOT {
            let next = top[self.parent[above]];
            (old, new) = (value[next], value[next] ^ (old + 1) ^ (new + 1));
            above = next;
        }
        sum ^ old ^ new
    }
}

proptest! {
    #![proptest_config(common::cases(4))]

    /// A large random tree, the same with short cycles and loops, and a forest partly off
    /// the ground with cycles: the value, and every cut to three values the plain fold
    /// can check (bridges, extra edges and loops; not the tree edges on cycles), at every
    /// cut returned and at as many random edges as climbs of 10^6 steps in all allow.
    #[test]
    fn large_forests_match_a_plain_fold(
        seed in any::<u64>(),
        n in 10_000usize..60_000,
        window in prop_oneof![Just(usize::MAX), 1usize..40],
    ) {
        let mut rng = Rng(seed | 1);
        for (trees, extras) in [(1, 0), (1, 8), (4, 8)] {
            let forest = Forest::random(&mut rng, n, trees, window, extras);
            // Other names and another order of edges, each either way round.
            let mut name: Vec<usize> = (0..n).collect();
            for v in (1..n).rev() {
                name.swap(v, rng.next(v + 1));
            }
            let mut edges: Vec<(usize, usize, Option<usize>)> = (0..n)
                .filter(|&v| forest.parent[v] != ROOT)
                .map(|v| (forest.parent[v], v, None))
                .chain(forest.extras.iter().enumerate().map(|(j, &(a, b))| (a, b, Some(j))))
                .collect();
            for e in (1..edges.len()).rev() {
                edges.swap(e, rng.next(e + 1));
            }
            let draw = |&(u, v, _): &(usize, usize, Option<usize>)| (name[u], name[v]);
            let drawn: Vec<(usize, usize)> = edges.iter().map(draw)
                .map(|(u, v)| if rng.next(2) == 0 { (u, v) } else { (v, u) })
                .collect();
            let ground: Vec<usize> = forest.ground.iter().map(|&r| name[r]).collect();
            let picture = Hackenbush::new(n, &drawn, &ground).unwrap();
            let folded = forest.fold(None);
            prop_assert_eq!(picture.grundy(), folded.0);

            // A legal cut stands on the ground; a checked one is a bridge or an extra.
            let legal = |e: usize| forest.ground.contains(&forest.root[edges[e].0]);
            let bridge = |v: usize| folded.1[v] == v;
            let extra_values: Vec<u32> = (0..extras).map(|j| forest.fold(Some(j)).0).collect();
            let checked = |e: usize| match edges[e] {
                (_, _, Some(j)) => Some(extra_values[j]),
                (_, v, None) if bridge(v) => Some(forest.cut_bridge(&folded, v)),
                _ => None,
            };
            let samples = 1_000_000 / (forest.depth + 1);
            let sampled: Vec<(usize, u32)> = (0..samples).map(|_| rng.next(edges.len()))
                .chain((0..edges.len()).filter(|&e| edges[e].2.is_some()))
                .filter_map(|e| Some((e, checked(e).filter(|_| legal(e))?)))
                .collect();
            let some_cut = sampled.first().map_or(2, |&(_, left)| left);
            for target in [0, folded.0 ^ 1, some_cut].into_iter().filter(|&t| t != folded.0) {
                let cuts = picture.cuts_to(target);
                for &e in &cuts {
                    prop_assert!(legal(e), "cut {} off the ground", e);
                    let left = checked(e).unwrap_or(target);
                    prop_assert_eq!(left, target, "cut {}", e);
                }
                for &(e, left) in &sampled {
                    let found = cuts.binary_search(&e).is_ok();
                    prop_assert_eq!(found, left == target, "edge {} to {}", e, target);
                }
            }
        }
    }
}

#[test]
fn a_deep_path_with_a_triangle_on_top_needs_no_recursion() {
    // A stalk of n edges from ground 0, then a triangle at its top vertex n: the triangle
    // is worth 1 (three loops), so the picture is worth n + 1. Cutting path edge k leaves a
    // stalk of k; cutting the triangle's edge away from the stalk leaves two stalks of 1
    // on top (n), either other edge a stalk of 2 (n + 2).
    let n = 100_000;
    let mut edges: Vec<(usize, usize)> = (0..n).map(|i| (i, i + 1)).collect();
    edges.extend([(n, n + 1), (n + 1, n + 2), (n + 2, n)]);
    let picture = Hackenbush::new(n + 3, &edges, &[0]).unwrap();
    assert_eq!(picture.grundy(), n as u32 + 1);
    assert_eq!(picture.cuts_to(0), [0]);
    assert_eq!(picture.cuts_to(n as u32 - 1), [n - 1]);
    assert_eq!(picture.cuts_to(n as u32), [n + 1]);
    assert_eq!(picture.cuts_to(n as u32 + 2), [n, n + 2]);
    assert_eq!(picture.cuts_to(n as u32 + 1), []);
}

/// Ends and ground vertices out of range are errors that name them, never panics.
#[test]
fn vertices_out_of_range_are_errors() {
    let err = |n, edges: &[(usize, usize)], ground: &[usize]| {
        Hackenbush::new(n, edges, ground).unwrap_err().to_string()
    };
    let expected = "expected vertices below 5 (and 2^32 - 1), found";
    assert_eq!(
        err(5, &[(0, 1), (1, 5)], &[0]),
        format!("{expected} edge 1: (1, 5)")
    );
    assert_eq!(
        err(5, &[(7, 1)], &[0]),
        format!("{expected} edge 0: (7, 1)")
    );
    assert_eq!(
        err(5, &[(0, 1)], &[0, 5]),
        format!("{expected} ground vertex 5")
    );
    let expected = "expected vertices below 0 (and 2^32 - 1), found";
    assert_eq!(err(0, &[], &[0]), format!("{expected} ground vertex 0"));
    let huge = u32::MAX as usize;
    assert!(err(huge, &[], &[]).ends_with(&format!("found {huge} vertices, 0 edges")));
}
