//! Green Hackenbush, the impartial game on pictures: undirected multigraphs of edges (loops
//! and multiple edges allowed), some vertices on the ground. A move deletes one edge, and
//! every edge no longer joined to the ground by a path falls away too; who cannot move
//! loses. The Grundy value of any picture in O(V + E), without recursion, and the winning
//! cuts of a sum of pictures (rooted trees, "Christmas game" graphs with cycles).
//!
//! Two principles of the theory (Winning Ways, chapter 7) give the value. The colon
//! principle: a branch at a vertex may be replaced by any branch of the same value, so a
//! rooted tree is worth the XOR, over the root's children `c`, of (the value of `c`'s
//! subtree + 1). The fusion principle: the vertices of a cycle may be fused into one, its
//! edges becoming loops, each worth 1. So the ground is fused into one vertex, and so is
//! each 2-edge-connected component, and the colon principle values the tree of bridges
//! left: leaves peeled one by one, then a depth-first search from the ground through what
//! is left (cycles, the paths between them), Tarjan's low links telling the bridges.
//! Layer 1: uses `errors`.

use crate::errors::{error, Result};

/// No vertex or edge. Vertices and edges are numbered in 32 bits: half the memory to wait on.
const NONE: u32 = u32::MAX;

/// A Green Hackenbush picture, valued once by [`Hackenbush::new`]; edges are numbered by
/// their place in the list it was given. Edges not joined to the ground are no part of
/// the position: they fall away before play starts, and are never cut.
#[derive(Clone, Debug)]
pub struct Hackenbush {
    /// The `(edge, other end)` pairs at `v`, `adjacent[first[v]..first[v + 1]]`, of the
    /// edges left after peeling (no loop); and each loop joined to the ground, `(edge, v)`.
    first: Vec<u32>,
    adjacent: Vec<(u32, u32)>,
    loops: Vec<(u32, u32)>,
    /// The vertices joined to the ground, top-down: the search's preorder, then the peeled.
    order: Vec<u32>,
    visits: Vec<Visit>,
}

impl Hackenbush {
    /// The picture on vertices `0..vertices` with the edges `edges`, each `(u, v)`, and the
    /// ground vertices `ground` (any number, repeats allowed; none makes a picture worth
    /// 0). Vertices numbered from 1 take `vertices = n + 1`, vertex 0 left alone; a rooted
    /// tree is its edges, or `(parent[v], v)` for each vertex `v` but the root, with
    /// `ground = [root]`.
    ///
    /// # Complexity
    /// O(V + E) time and memory, with no recursion: a path of 10^6 edges is fine.
    ///
    /// # Errors
    /// A rule error (as `io::error` makes) naming the first ground vertex or edge end out of
    /// range, or past 2^32 - 2 vertices or 2^31 - 2 edges (they are numbered in 32 bits).
    ///
    /// ```
    /// use combgames::hackenbush::Hackenbush;
    /// // A stalk of 3 edges is a Nim heap of 3.
    /// let stalk = Hackenbush::new(4, &[(0, 1), (1, 2), (2, 3)], &[0]).unwrap();
    /// assert_eq!(stalk.grundy(), 3);
    /// // Two ground vertices joined by an edge make a loop, an edge off the ground counts for
    /// // nothing, and 5 vertices have no vertex 5.
    /// let bridged = Hackenbush::new(5, &[(0, 1), (1, 2), (3, 4)], &[0, 2]).unwrap();
    /// assert_eq!(bridged.grundy(), 0);
    /// let err = Hackenbush::new(5, &[(0, 1), (1, 5)], &[0]).unwrap_err().to_string();
    /// assert_eq!(err, "expected vertices below 5 (and 2^32 - 1), found edge 1: (1, 5)");
    /// // Root 1 with children 2 and 3, and 4 under 2: (1 + 1) ^ (0 + 1) = 3.
    /// let tree = Hackenbush::new(5, &[(1, 2), (1, 3), (2, 4)], &[1]).unwrap();
    /// assert_eq!(tree.grundy(), 3);
    /// ```
    pub fn new(vertices: usize, edges: &[(usize, usize)], ground: &[usize]) -> Result<Self> {
        let expected = format!("vertices below {vertices} (and 2^32 - 1)");
        if vertices >= NONE as usize || edges.len() >= (NONE / 2) as usize {
            return Err(error(
                &expected,
                format!("{vertices} vertices, {} edges", edges.len()),
            ));
        } else if let Some(g) = ground.iter().find(|&&g| g >= vertices) {
            return Err(error(&expected, format!("ground vertex {g}")));
        } else if let Some(e) = edges.iter().position(|&(u, v)| u.max(v) >= vertices) {
            return Err(error(&expected, format!("edge {e}: {:?}", edges[e])));
        }
        let root = ground.first().map_or(NONE, |&g| g as u32);
        let (mut on_ground, mut is_peeled) = (vec![false; vertices], vec![false; vertices]);
        for &g in ground {
            on_ground[g] = true;
        }
        // A test, not a vertex read from an array: the load of the record at an end need not
        // wait for it (the branch is foretold), and many edges' loads go out at once.
        let fuse = |v: usize| if on_ground[v] { root } else { v as u32 };
        // Each vertex counts its edges but loops (worth their parity), and XORs their other
        // ends and numbers: those of its last edge, once one is left.
        let (mut visits, mut loops) = (vec![Visit::default(); vertices], vec![]);
        for (e, &(u, v)) in (0..).zip(edges) {
            let (u, v) = (fuse(u), fuse(v));
            if u == v {
                visits[u as usize].part ^= 1;
                loops.push((e, u));
            } else {
                for (from, to) in [(u, v), (v, u)] {
                    let at = &mut visits[from as usize];
                    (at.low, at.parent, at.tree_edge) =
                        (at.low + 1, at.parent ^ to, at.tree_edge ^ e);
                }
            }
        }
        // From the last vertex down, and up each chain the scan has passed: a tree
        // numbered parents first is peeled in one scan, its misses on parents independent.
        let mut peeled = Vec::new();
        for v in (0..vertices as u32).rev() {
            let mut u = v;
            while u >= v && u != root && visits[u as usize].low == 1 {
                let leaf = &mut visits[u as usize];
                (leaf.low, is_peeled[u as usize]) = (0, true);
                let (parent, edge, part) = (leaf.parent, leaf.tree_edge, leaf.part);
                let up = &mut visits[parent as usize];
                (up.low, up.parent, up.tree_edge) =
                    (up.low - 1, up.parent ^ u, up.tree_edge ^ edge);
                up.part ^= part + 1;
                peeled.push(u);
                u = parent;
            }
        }
        // The edges left, each vertex's range ending at its count of them summed up to it.
        let left = edges.len() - loops.len() - peeled.len();
        let (mut first, mut adjacent) = (vec![0; vertices + 1], vec![(NONE, NONE); 2 * left]);
        if left > 0 {
            let mut ends_before = 0;
            for (end, at) in first.iter_mut().zip(&visits) {
                ends_before += at.low;
                *end = ends_before;
            }
            first[vertices] = ends_before;
            for (e, &(a, b)) in (0..).zip(edges) {
                let (u, v) = (fuse(a), fuse(b));
                for (from, to) in [(u, v), (v, u)] {
                    if u != v && !is_peeled[a] && !is_peeled[b] {
                        first[from as usize] -= 1;
                        adjacent[first[from as usize] as usize] = (e, to);
                    }
                }
            }
        }
        let mut walk = Walk::new(visits);
        if root != NONE {
            walk.run(&first, &adjacent, root, |_, _| true, |_| 0);
        }
        // Each peeled vertex after its parent, joined to the ground when its parent is.
        for &u in peeled.iter().rev() {
            let leaf = walk.visits[u as usize];
            if walk.reached(leaf.parent) {
                walk.enter(u, leaf.parent, leaf.tree_edge);
            }
        }
        loops.retain(|&(_, v)| walk.reached(v));
        Ok(Hackenbush {
            first,
            adjacent,
            loops,
            order: walk.order,
            visits: walk.visits,
        })
    }

    /// The Grundy value of the picture: the player to move in a sum of pictures wins
    /// exactly when the XOR of their values is not 0.
    ///
    /// # Complexity
    /// O(1).
    pub fn grundy(&self) -> u32 {
        self.order
            .first()
            .map_or(0, |&g| self.visits[g as usize].part)
    }

    /// Every edge whose cut leaves the picture worth `target`, by increasing number; empty
    /// when `target` is the picture's value (no move keeps a value).
    ///
    /// Top-down from the ground, each component gets the value its subtree must reach: a
    /// bridge's cut removes its branch, a move inside the branch must bring it to the value
    /// left over. A cut on a cycle reshapes its component, valued by a new search of it
    /// alone, where its needed value has the right parity (that of the number of edges).
    ///
    /// # Complexity
    /// O(V + E) without cycles. Each edge on a cycle whose component needs a value of the
    /// right parity costs O(d) more, `d` its component's edge ends: O(E^2) at worst.
    ///
    /// ```
    /// use combgames::hackenbush::Hackenbush;
    /// // Stalks of 2 (edges 0, 1) and 1 (edge 2) on root 0: cutting edge 1 leaves 1 ^ 1 = 0.
    /// let tree = Hackenbush::new(4, &[(0, 1), (1, 2), (0, 3)], &[0]).unwrap();
    /// assert_eq!(tree.cuts_to(0), [1]);
    /// // A triangle on the ground, 1: its top edge leaves stalks of 1 and 1, the others of 2.
    /// let triangle = Hackenbush::new(3, &[(0, 1), (1, 2), (2, 0)], &[0]).unwrap();
    /// assert_eq!(triangle.cuts_to(0), [1]);
    /// assert_eq!(triangle.cuts_to(2), [0, 2]);
    /// ```
    pub fn cuts_to(&self, target: u32) -> Vec<usize> {
        let mut cuts = Vec::new();
        let root = match self.order.first() {
            Some(&root) if target != self.grundy() => root,
            _ => return cuts,
        };
        let mut aims = vec![Aim::default(); self.visits.len()];
        aims[root as usize].head = root;
        aims[root as usize].need = Some(target);
        for &v in &self.order[1..] {
            let visit = self.visits[v as usize];
            let head = aims[visit.parent as usize].head;
            let heads = visit.low == visit.preorder;
            aims[v as usize].head = if heads { v } else { head };
            if heads {
                let branch = visit.part + 1;
                aims[visit.parent as usize].branches ^= branch;
                if let Some(needed) = aims[head as usize].need {
                    // The branch this bridge holds must be worth this, 0 by its cut.
                    match branch ^ self.visits[head as usize].part ^ needed {
                        0 => cuts.push(visit.tree_edge as usize),
                        worth => aims[v as usize].need = Some(worth - 1),
                    }
                }
            }
        }
        for &(e, v) in &self.loops {
            // A loop is a branch worth 1 (so the walks below count it); its cut moves nothing.
            aims[v as usize].branches ^= 1;
            let head = aims[v as usize].head as usize;
            if aims[head].need == Some(self.visits[head].part ^ 1) {
                cuts.push(e as usize);
            }
        }
        // Each edge left after peeling (on a cycle or between two) by a new search of its
        // component; without one, every edge is a bridge or a loop.
        if !self.adjacent.is_empty() {
            let mut walk = Walk::new(vec![Visit::default(); self.visits.len()]);
            for &u in &self.order {
                let head = aims[u as usize].head;
                // One edge fewer, and nothing falls: the component's value flips parity.
                let flips = |needed: &u32| (needed ^ self.visits[head as usize].part) & 1 == 1;
                let needed = match aims[head as usize].need.filter(flips) {
                    Some(needed) => needed,
                    None => continue,
                };
                // Each edge of the component once, from its lower end.
                let at_u = self.first[u as usize] as usize..self.first[u as usize + 1] as usize;
                for &(cut, v) in &self.adjacent[at_u] {
                    if v >= u && aims[v as usize].head == head {
                        let within = |e: u32, to: u32| e != cut && aims[to as usize].head == head;
                        let hanging = |v: u32| aims[v as usize].branches;
                        if walk.run(&self.first, &self.adjacent, head, within, hanging) == needed {
                            cuts.push(cut as usize);
                        }
                        walk.clear();
                    }
                }
            }
        }
        cuts.sort_unstable();
        cuts
    }
}

/// Every winning move of the sum of `pictures`: `(i, e)` when cutting edge `e` of picture
/// `i` leaves a sum worth 0, in increasing order; empty exactly when the sum is lost.
///
/// # Complexity
/// [`Hackenbush::cuts_to`] on every picture: O(V + E) in all for pictures without cycles.
///
/// ```
/// use combgames::hackenbush::{winning_cuts, Hackenbush};
/// // Stalks of 1 and 3 (nim-sum 2): cut the stalk of 3 at its second edge, to 1.
/// let one = Hackenbush::new(2, &[(0, 1)], &[0]).unwrap();
/// let three = Hackenbush::new(4, &[(0, 1), (1, 2), (2, 3)], &[0]).unwrap();
/// assert_eq!(winning_cuts(&[one.clone(), three]), [(1, 1)]);
/// assert_eq!(winning_cuts(&[one.clone(), one]), []);
/// ```
pub fn winning_cuts(pictures: &[Hackenbush]) -> Vec<(usize, usize)> {
    let sum = pictures.iter().fold(0, |sum, p| sum ^ p.grundy());
    let cuts =
        |(i, p): (usize, &Hackenbush)| p.cuts_to(p.grundy() ^ sum).into_iter().map(move |e| (i, e));
    pictures.iter().enumerate().flat_map(cuts).collect()
}

/// What [`Hackenbush::cuts_to`] knows of a vertex joined to the ground.
#[derive(Clone, Copy, Debug, Default)]
struct Aim {
    /// The first vertex of its 2-edge-connected component, in preorder.
    head: u32,
    /// At a head: the value the component's subtree must reach, if any can win.
    need: Option<u32>,
    /// The branches (component values + 1) hanging from it and its loops (1 each), XORed.
    branches: u32,
}

/// What a search knows of a vertex, in one record: a search waits on memory once a vertex.
/// While leaves are peeled, `low` counts the edges left at it but loops, and `parent`,
/// `tree_edge` XOR their other ends and numbers: a leaf's own edge's.
#[derive(Clone, Copy, Debug, Default)]
struct Visit {
    /// Its place in preorder.
    preorder: u32,
    /// The lowest preorder reached by one non-tree edge from its subtree: its own exactly
    /// when the edge to its parent is a bridge (or it is the root), heading a component.
    low: u32,
    /// Its parent (towards the ground) and the edge to it, NONE at the root.
    parent: u32,
    tree_edge: u32,
    /// The parity of its component's edges below it, XOR the branches hanging below it
    /// (each a component's value + 1): at a component's head, the value above its bridge.
    part: u32,
}

/// A depth-first search with an explicit stack, valuing as it goes: a vertex's part folds
/// into its parent's when it finishes, as a branch over a bridge (no edge from below climbs
/// above the parent), else into the same component with the edge's loop.
#[derive(Default)]
struct Walk {
    /// The vertices reached, in order, and a bit for each: a small array to look in.
    order: Vec<u32>,
    seen: Vec<u64>,
    visits: Vec<Visit>,
}

impl Walk {
    fn new(visits: Vec<Visit>) -> Self {
        Walk {
            seen: vec![0; visits.len() / 64 + 1],
            visits,
            ..Walk::default()
        }
    }

    /// Walks from `root` over the edges `allowed(edge, to)` accepts, and returns the root's
    /// value. Each vertex's part starts at what it holds (the leaves peeled into it, 0 after
    /// [`Walk::clear`]) XOR `weight(v)` (other branches hanging from it, outside the walk);
    /// the vertices stay marked until [`Walk::clear`].
    fn run(
        &mut self,
        first: &[u32],
        adjacent: &[(u32, u32)],
        root: u32,
        allowed: impl Fn(u32, u32) -> bool,
        weight: impl Fn(u32) -> u32,
    ) -> u32 {
        self.enter(root, NONE, NONE);
        // The vertex searched and the next place in its adjacency to look; its ancestors' stacked.
        let (mut v, mut next, mut stack) = (root as usize, first[root as usize], vec![]);
        loop {
            if next == first[v + 1] {
                let (parent, resume) = match stack.pop() {
                    Some(top) => top,
                    None => break,
                };
                let (low, part) = (self.visits[v].low, self.visits[v].part ^ weight(v as u32));
                let bridge = low == self.visits[v].preorder;
                let up = &mut self.visits[parent as usize];
                up.low = up.low.min(low);
                up.part ^= if bridge { part + 1 } else { part ^ 1 };
                (v, next) = (parent as usize, resume);
                continue;
            }
            let (e, to) = adjacent[next as usize];
            next += 1;
            if e == self.visits[v].tree_edge || !allowed(e, to) {
                continue;
            }
            if !self.reached(to) {
                stack.push((v as u32, next));
                self.enter(to, v as u32, e);
                (v, next) = (to as usize, first[to as usize]);
                continue;
            }
            let seen = self.visits[to as usize].preorder;
            if seen < self.visits[v].preorder {
                // An edge back up (its upper end skips it) closes a cycle: worth a loop.
                let visit = &mut self.visits[v];
                visit.low = visit.low.min(seen);
                visit.part ^= 1;
            }
        }
        self.visits[root as usize].part ^ weight(root)
    }

    /// Marks `v` reached and next in order, its part as it is.
    fn enter(&mut self, v: u32, parent: u32, tree_edge: u32) {
        let (preorder, visit) = (self.order.len() as u32, &mut self.visits[v as usize]);
        (visit.preorder, visit.low, visit.parent, visit.tree_edge) =
            (preorder, preorder, parent, tree_edge);
        self.seen[v as usize / 64] |= 1 << (v % 64);
        self.order.push(v);
    }

    fn reached(&self, v: u32) -> bool {
        self.seen[v as usize / 64] >> (v % 64) & 1 == 1
    }

    /// Unmarks the vertices the last run reached and empties their parts.
    fn clear(&mut self) {
        for &v in &self.order {
            self.seen[v as usize / 64] = 0;
            self.visits[v as usize].part = 0;
        }
        self.order.clear();
    }
}
