//! Green Hackenbush, the impartial game on pictures: undirected multigraphs of edges (loops
//! and multiple edges allowed), some vertices on the ground. A move deletes one edge, and
//! every edge no longer joined to the ground by a path falls away too; who cannot move
//! loses. The Grundy value of any picture in O(V + E), without recursion, and the winning
//! cuts of a sum of pictures (rooted trees, "Christmas game" graphs with cycles).
//!
//! Two principles of the theory (Winning Ways, chapter 7) give the value. The colon
//! principle: a branch at a vertex may be replaced by any branch of the same value, so a
//! rooted tree is worth the XOR, over the root's children `c`, of (the value of `c`'s
//! subtree + 1). The fusion principle: the vertices of a cycle may be fused into one
//! without changing the value, the cycle's edges becoming loops, each worth 1. So the
//! ground vertices are fused into one, each 2-edge-connected component into one vertex
//! whose edges become loops (worth their count's parity), and the colon principle values
//! the tree of bridges left. One depth-first search from the ground does it all: Tarjan's
//! low links tell the bridges as each vertex finishes, and its value is folded into its
//! parent's then.

/// No vertex or edge: the root's parent, an unseen vertex's preorder number or head.
/// Vertices and edges are numbered in 32 bits inside: half the memory to wait on.
const NONE: u32 = u32::MAX;

/// A Green Hackenbush picture, valued once by [`Hackenbush::new`]; edges are numbered by
/// their place in the list it was given. Edges not joined to the ground are no part of
/// the position: they fall away before play starts, and are never cut.
#[derive(Clone, Debug)]
pub struct Hackenbush {
    /// The `(edge, other end)` pairs at vertex `v` are `adjacent[first[v]..first[v + 1]]`,
    /// a loop's once.
    first: Vec<u32>,
    adjacent: Vec<(u32, u32)>,
    /// The vertices joined to the ground, in the search's preorder, the ground first.
    order: Vec<u32>,
    /// What the search from the ground found of each vertex.
    visits: Vec<Visit>,
    /// Whether some edge joined to the ground lies on a cycle (a loop included).
    cyclic: bool,
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
    /// # Panics
    /// If an edge's end or a ground vertex is not below `vertices`, or there are 2^32 - 1
    /// vertices or 2^31 - 1 edges or more (they are numbered in 32 bits).
    ///
    /// ```
    /// use combgames::hackenbush::Hackenbush;
    /// // A stalk of 3 edges is a Nim heap of 3.
    /// let stalk = Hackenbush::new(4, &[(0, 1), (1, 2), (2, 3)], &[0]);
    /// assert_eq!(stalk.grundy(), 3);
    /// // A triangle on the ground fuses into three loops: 1. Two ground vertices joined by
    /// // an edge make a loop too, and an edge off the ground counts for nothing.
    /// let triangle = Hackenbush::new(3, &[(0, 1), (1, 2), (2, 0)], &[0]);
    /// assert_eq!(triangle.grundy(), 1);
    /// let bridged = Hackenbush::new(5, &[(0, 1), (1, 2), (3, 4)], &[0, 2]);
    /// assert_eq!(bridged.grundy(), 0);
    /// // Root 1 with children 2 and 3, and 4 under 2: (1 + 1) ^ (0 + 1) = 3.
    /// let tree = Hackenbush::new(5, &[(1, 2), (1, 3), (2, 4)], &[1]);
    /// assert_eq!(tree.grundy(), 3);
    /// ```
    pub fn new(vertices: usize, edges: &[(usize, usize)], ground: &[usize]) -> Self {
        assert!(vertices < NONE as usize && edges.len() < (NONE / 2) as usize);
        let mut on_ground = vec![false; vertices];
        for &g in ground {
            assert!(g < vertices, "ground vertex {} of {} vertices", g, vertices);
            on_ground[g] = true;
        }
        let root = ground.first().map_or(NONE, |&g| g as u32);
        let fuse = |v: usize| {
            assert!(v < vertices, "edge end {} of {} vertices", v, vertices);
            match on_ground[v] {
                true => root,
                false => v as u32,
            }
        };
        let ends = edges.iter().map(|&(u, v)| (fuse(u), fuse(v)));
        // Adjacency in one array: count each vertex's edge ends, then place them from the
        // end of each vertex's range down, which leaves `first` at the range's start.
        let mut first = vec![0; vertices + 1];
        for (u, v) in ends.clone() {
            first[u as usize] += 1;
            first[v as usize] += u32::from(u != v);
        }
        for v in 1..=vertices {
            first[v] += first[v - 1];
        }
        let mut adjacent = vec![(NONE, NONE); first[vertices] as usize];
        for (e, (u, v)) in (0..).zip(ends) {
            first[u as usize] -= 1;
            adjacent[first[u as usize] as usize] = (e, v);
            if u != v {
                first[v as usize] -= 1;
                adjacent[first[v as usize] as usize] = (e, u);
            }
        }
        let mut walk = Walk::new(vertices);
        if root != NONE {
            walk.run(&first, &adjacent, root, |_, _| true, |_| 0);
        }
        Hackenbush {
            first,
            adjacent,
            order: walk.order,
            visits: walk.visits,
            cyclic: walk.cyclic,
        }
    }

    /// The Grundy value of the picture: the player to move in a sum of pictures wins
    /// exactly when the XOR of their values is not 0.
    ///
    /// # Complexity
    /// O(1).
    pub fn grundy(&self) -> u32 {
        self.order
            .first()
            .map_or(0, |&root| self.visits[root as usize].part)
    }

    /// Every edge whose cut leaves the picture worth `target`, by increasing number; empty
    /// when `target` is the picture's value (no move keeps a value).
    ///
    /// Top-down from the ground, each component gets the value its subtree must reach:
    /// a bridge's cut removes its branch, a move inside the branch must bring the branch
    /// to the value left over. Cutting an edge of a cycle keeps every vertex on the ground
    /// but reshapes its component, so such a cut is valued by a new search of that
    /// component alone, its branches hanging as they are; only where the component's
    /// needed value has the right parity (a value has the parity of the number of edges).
    ///
    /// # Complexity
    /// O(V + E) for a tree or any picture without cycles. Each edge on a cycle, in a
    /// component whose needed value has the right parity, costs O(d) more for the `d` edge
    /// ends at the component's vertices: O(E^2) at worst, for one cycle through all.
    ///
    /// ```
    /// use combgames::hackenbush::Hackenbush;
    /// // Root 0 with a stalk of 2 (edges 0, 1) and a stalk of 1 (edge 2): 2 ^ 1 = 3.
    /// // To leave 0, cut the stalk of 2 at its middle (edge 1).
    /// let tree = Hackenbush::new(4, &[(0, 1), (1, 2), (0, 3)], &[0]);
    /// assert_eq!(tree.cuts_to(0), [1]);
    /// // A triangle on the ground (value 1): the edge away from the ground leaves two
    /// // stalks of 1, worth 0; either other edge leaves a stalk of 2.
    /// let triangle = Hackenbush::new(3, &[(0, 1), (1, 2), (2, 0)], &[0]);
    /// assert_eq!(triangle.cuts_to(0), [1]);
    /// assert_eq!(triangle.cuts_to(2), [0, 2]);
    /// ```
    pub fn cuts_to(&self, target: u32) -> Vec<usize> {
        let mut cuts = Vec::new();
        let root = match self.order.first() {
            Some(&root) if target != self.grundy() => root,
            _ => return cuts,
        };
        let unseen = Aim {
            head: NONE,
            need: None,
            branches: 0,
        };
        let mut aims = vec![unseen; self.visits.len()];
        aims[root as usize].head = root;
        aims[root as usize].need = Some(target);
        for &v in &self.order[1..] {
            let visit = self.visits[v as usize];
            let head = aims[visit.parent as usize].head;
            aims[v as usize].head = head;
            if visit.heads {
                aims[v as usize].head = v;
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
        // Without a cycle, every edge is a bridge.
        if self.cyclic {
            self.cuts_on_cycles(&aims, &mut cuts);
        }
        cuts.sort_unstable();
        cuts
    }

    /// Adds to `cuts` every edge on a cycle whose cut brings its component's subtree to
    /// the value `aims` says it needs, each by a new search of the component.
    fn cuts_on_cycles(&self, aims: &[Aim], cuts: &mut Vec<usize>) {
        let mut walk = Walk::new(self.visits.len());
        let (first, adjacent) = (&self.first, &self.adjacent);
        for &u in &self.order {
            let head = aims[u as usize].head;
            // One edge fewer, and nothing falls: the component's value flips parity.
            let flips = |needed: &u32| (needed ^ self.visits[head as usize].part) & 1 == 1;
            let needed = match aims[head as usize].need.filter(flips) {
                Some(needed) => needed,
                None => continue,
            };
            // Each edge of the component once, from its lower end.
            let at_u = first[u as usize] as usize..first[u as usize + 1] as usize;
            for &(cut, v) in &adjacent[at_u] {
                if v >= u && aims[v as usize].head == head {
                    let within = |e: u32, to: u32| e != cut && aims[to as usize].head == head;
                    let hanging = |v: u32| aims[v as usize].branches;
                    if walk.run(first, adjacent, head, within, hanging) == needed {
                        cuts.push(cut as usize);
                    }
                    walk.clear();
                }
            }
        }
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
/// let one = Hackenbush::new(2, &[(0, 1)], &[0]);
/// let three = Hackenbush::new(4, &[(0, 1), (1, 2), (2, 3)], &[0]);
/// assert_eq!(winning_cuts(&[one.clone(), three]), [(1, 1)]);
/// assert_eq!(winning_cuts(&[one.clone(), one]), []);
/// ```
pub fn winning_cuts(pictures: &[Hackenbush]) -> Vec<(usize, usize)> {
    let sum = pictures.iter().fold(0, |sum, p| sum ^ p.grundy());
    let mut moves = Vec::new();
    for (i, picture) in pictures.iter().enumerate() {
        let cuts = picture.cuts_to(picture.grundy() ^ sum);
        moves.extend(cuts.into_iter().map(|e| (i, e)));
    }
    moves
}

/// What [`Hackenbush::cuts_to`] knows of a vertex.
#[derive(Clone, Copy, Debug)]
struct Aim {
    /// The first vertex of its 2-edge-connected component, in preorder.
    head: u32,
    /// At a head: the value the component's subtree must reach, if any can win.
    need: Option<u32>,
    /// The branches (component values + 1) hanging from it, XORed.
    branches: u32,
}

/// What a search knows of a vertex, in one record: a search of a large tree waits on
/// memory, once a vertex.
#[derive(Clone, Copy, Debug)]
struct Visit {
    /// Its place in preorder.
    preorder: u32,
    /// The lowest preorder reached by one non-tree edge from its subtree.
    low: u32,
    /// Its parent in the search tree and the edge to it, NONE at the root.
    parent: u32,
    tree_edge: u32,
    /// The parity of its component's edges below it, XOR the branches hanging below it
    /// (each a component's value + 1): at a component's first vertex, the value of the
    /// picture above the bridge to it.
    part: u32,
    /// Whether the edge to its parent is a bridge (or it is the root): it heads a component.
    heads: bool,
}

/// A depth-first search from a root over the edges it is allowed, with an explicit stack,
/// which values the picture as it goes: each vertex's part is folded into its parent's
/// when it finishes, as a branch if the edge between them is a bridge (no edge from below
/// climbs above the parent), else as part of the same component with that edge's loop.
#[derive(Clone, Debug)]
struct Walk {
    /// The vertices reached, in preorder.
    order: Vec<u32>,
    /// A bit for each vertex reached: the look at each edge's other end reads a small
    /// array, which stays in the cache where the records would not.
    seen: Vec<u64>,
    visits: Vec<Visit>,
    /// The searched vertex's ancestors, each with the next place in its adjacency to look.
    stack: Vec<(u32, u32)>,
    /// Whether an edge back closed a cycle.
    cyclic: bool,
}

impl Walk {
    fn new(vertices: usize) -> Self {
        let unseen = Visit {
            preorder: NONE,
            low: NONE,
            parent: NONE,
            tree_edge: NONE,
            part: 0,
            heads: false,
        };
        Walk {
            order: Vec::new(),
            seen: vec![0; vertices / 64 + 1],
            visits: vec![unseen; vertices],
            stack: Vec::new(),
            cyclic: false,
        }
    }

    /// Walks from `root` over the edges `allowed(edge, to)` accepts, each vertex's part
    /// starting at `weight(v)` (the branches hanging from it outside the walk), and returns
    /// the root's value. The vertices stay marked until [`Walk::clear`].
    fn run<A, W>(
        &mut self,
        first: &[u32],
        adjacent: &[(u32, u32)],
        root: u32,
        allowed: A,
        weight: W,
    ) -> u32
    where
        A: Fn(u32, u32) -> bool,
        W: Fn(u32) -> u32,
    {
        self.enter(root, NONE, NONE, weight(root));
        // The vertex searched and the next place in its adjacency to look; the stack holds
        // the same for its ancestors.
        let (mut v, mut next) = (root as usize, first[root as usize]);
        loop {
            if next == first[v + 1] {
                let (parent, resume) = match self.stack.pop() {
                    Some(top) => top,
                    None => break,
                };
                let below = self.visits[v];
                let bridge = below.low > self.visits[parent as usize].preorder;
                self.visits[v].heads = bridge;
                let up = &mut self.visits[parent as usize];
                up.low = up.low.min(below.low);
                up.part ^= match bridge {
                    true => below.part + 1,
                    false => below.part ^ 1,
                };
                (v, next) = (parent as usize, resume);
                continue;
            }
            let (e, to) = adjacent[next as usize];
            next += 1;
            if e == self.visits[v].tree_edge || !allowed(e, to) {
                continue;
            }
            if self.seen[to as usize / 64] >> (to % 64) & 1 == 0 {
                self.stack.push((v as u32, next));
                self.enter(to, v as u32, e, weight(to));
                (v, next) = (to as usize, first[to as usize]);
                continue;
            }
            let seen = self.visits[to as usize].preorder;
            if seen <= self.visits[v].preorder {
                // A loop, or an edge back to an ancestor (its other end, a descendant,
                // skips it): it closes a cycle, and is worth a loop.
                let visit = &mut self.visits[v];
                visit.low = visit.low.min(seen);
                visit.part ^= 1;
                self.cyclic = true;
            }
        }
        self.visits[root as usize].part
    }

    fn enter(&mut self, v: u32, parent: u32, tree_edge: u32, weight: u32) {
        let preorder = self.order.len() as u32;
        self.seen[v as usize / 64] |= 1 << (v % 64);
        self.visits[v as usize] = Visit {
            preorder,
            low: preorder,
            parent,
            tree_edge,
            part: weight,
            heads: parent == NONE,
        };
        self.order.push(v);
    }

    /// Unmarks the vertices the last run reached, in time proportional to them.
    fn clear(&mut self) {
        for &v in &self.order {
            self.seen[v as usize / 64] = 0;
        }
        self.order.clear();
    }
}
