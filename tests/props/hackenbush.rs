//! Green Hackenbush against a plain game search from the rules, with no Hackenbush theory:
//! a position is the set of edges still standing, a move deletes one of them and then every
//! edge no longer joined to the ground. Random small multigraphs (loops, multiple edges,
//! cycles, several ground vertices, parts off the ground), random trees, and sums.

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
    let picture = Hackenbush::new(*vertices, edges, ground);
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
        let pictures: Vec<Hackenbush> = (drawings.iter()).map(|(n, edges, ground)| Hackenbush::new(*n, edges, ground)).collect();
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

#[test]
fn a_deep_path_with_a_triangle_on_top_needs_no_recursion() {
    // A stalk of n edges from ground 0, then a triangle at its top vertex n: the triangle
    // is worth 1 (three loops), so the picture is worth n + 1. Cutting path edge k leaves a
    // stalk of k; cutting the triangle's edge away from the stalk leaves two stalks of 1
    // on top (n), either other edge a stalk of 2 (n + 2).
    let n = 100_000;
    let mut edges: Vec<(usize, usize)> = (0..n).map(|i| (i, i + 1)).collect();
    edges.extend([(n, n + 1), (n + 1, n + 2), (n + 2, n)]);
    let picture = Hackenbush::new(n + 3, &edges, &[0]);
    assert_eq!(picture.grundy(), n as u32 + 1);
    assert_eq!(picture.cuts_to(0), [0]);
    assert_eq!(picture.cuts_to(n as u32 - 1), [n - 1]);
    assert_eq!(picture.cuts_to(n as u32), [n + 1]);
    assert_eq!(picture.cuts_to(n as u32 + 2), [n, n + 2]);
    assert_eq!(picture.cuts_to(n as u32 + 1), []);
}

#[test]
#[should_panic(expected = "edge end 5 of 5 vertices")]
fn an_edge_end_out_of_range_is_refused() {
    Hackenbush::new(5, &[(0, 1), (1, 5)], &[0]);
}

#[test]
#[should_panic(expected = "ground vertex 3 of 3 vertices")]
fn a_ground_vertex_out_of_range_is_refused() {
    Hackenbush::new(3, &[(0, 1)], &[3]);
}
