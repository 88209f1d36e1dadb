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

/// No vertex or edge: the root's tree edge, an unseen vertex's preorder number or head.
const NONE: usize = usize::MAX;

/// A Green Hackenbush picture, valued once by [`Hackenbush::new`]; edges are numbered by
/// their place in the list it was given. Edges not joined to the ground are no part of
/// the position: they fall away before play starts, and are never cut.
#[derive(Clone, Debug)]
pub struct Hackenbush {
    /// Each edge's ends, with every ground vertex replaced by the first one given.
    ends: Vec<(usize, usize)>,
    /// The `(edge, other end)` pairs at vertex `v` are `adjacent[first[v]..first[v + 1]]`.
    first: Vec<usize>,
    adjacent: Vec<(usize, usize)>,
    /// The vertices joined to the ground, in the search's preorder, the ground first.
    order: Vec<usize>,
    /// The edge from each vertex to its parent in the search tree.
    tree_edge: Vec<usize>,
    /// The first vertex of each vertex's 2-edge-connected component, in preorder.
    head: Vec<usize>,
    /// Each vertex's part of its component's value: the parity of the component's edges
    /// below it, XOR the branches (child component values + 1) hanging below it. At a head,
    /// the value of the picture above that component's parent bridge.
    part: Vec<u32>,
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
    /// If an edge's end or a ground vertex is not below `vertices`.
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
        let mut on_ground = vec![false; vertices];
        for &g in ground {
            assert!(g < vertices, "ground vertex {} of {} vertices", g, vertices);
            on_ground[g] = true;
        }
        let root = ground.first().copied().unwrap_or(NONE);
        let fuse = |v: usize| {
            assert!(v < vertices, "edge end {} of {} vertices", v, vertices);
            if on_ground[v] {
                root
            } else {
                v
            }
        };
        let ends: Vec<(usize, usize)> = edges.iter().map(|&(u, v)| (fuse(u), fuse(v))).collect();
        // Adjacency in one array: count each vertex's edges, then place them.
        let mut first = vec![0; vertices + 1];
        for &(u, v) in &ends {
            first[u + 1] += 1;
            first[v + 1] += 1;
        }
        for v in 0..vertices {
            first[v + 1] += first[v];
        }
        let mut adjacent = vec![(NONE, NONE); 2 * ends.len()];
        let mut next = first.clone();
        for (e, &(u, v)) in ends.iter().enumerate() {
            adjacent[next[u]] = (e, v);
            next[u] += 1;
            adjacent[next[v]] = (e, u);
            next[v] += 1;
        }
        let mut walk = Walk::new(vertices, ends.len());
        if root != NONE {
            walk.run(&first, &adjacent, root, |_, _| true, |_| 0);
        }
        // A vertex heads a component when the edge to its parent is a bridge: no edge
        // from its subtree climbs above it.
        let mut head = vec![NONE; vertices];
        for &v in &walk.order {
            head[v] = match walk.tree_edge[v] {
                NONE => v,
                e => {
                    let parent = other_end(ends[e], v);
                    match walk.low[v] > walk.preorder[parent] {
                        true => v,
                        false => head[parent],
                    }
                }
            };
        }
        Hackenbush {
            ends,
            first,
            adjacent,
            order: walk.order,
            tree_edge: walk.tree_edge,
            head,
            part: walk.part,
        }
    }

    /// The Grundy value of the picture: the player to move in a sum of pictures wins
    /// exactly when the XOR of their values is not 0.
    ///
    /// # Complexity
    /// O(1).
    pub fn grundy(&self) -> u32 {
        self.order.first().map_or(0, |&root| self.part[root])
    }

    /// Every edge whose cut leaves the picture worth `target`, by increasing number; empty
    /// when `target` is the picture's value (no move keeps a value).
    ///
    /// Top-down from the ground, each component gets the value its subtree must reach:
    /// a bridge's cut removes its branch, a move inside the branch must bring the branch
    /// to the value left over. Cutting an edge of a cycle keeps every vertex on the ground
    /// but reshapes its component, so such a cut is valued by a new search of that
    /// component alone, its branches hanging as they are; only where the component's
    /// needed value has the right parity (every value has the parity of the picture's
    /// edge count).
    ///
    /// # Complexity
    /// O(V + E) for a tree or any picture without cycles. A component of `e` edges and
    /// `d` edge ends at its vertices whose needed value has the right parity costs
    /// O(e x (e + d)) more: O(E (V + E)) at worst, for one cycle through everything.
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
        let vertices = self.head.len();
        // need[h]: the value the subtree of the component headed by h must reach.
        let mut need = vec![None; vertices];
        need[root] = Some(target);
        // The branches (component values + 1) hanging from each vertex, XORed.
        let mut branches = vec![0u32; vertices];
        for &child in &self.order[1..] {
            if self.head[child] == child {
                let bridge = self.tree_edge[child];
                let parent = other_end(self.ends[bridge], child);
                let branch = self.part[child] + 1;
                branches[parent] ^= branch;
                let head = self.head[parent];
                if let Some(needed) = need[head] {
                    // The branch this bridge holds must be worth this, 0 by its cut.
                    match branch ^ self.part[head] ^ needed {
                        0 => cuts.push(bridge),
                        worth => need[child] = Some(worth - 1),
                    }
                }
            }
        }
        let mut walk = Walk::new(vertices, self.ends.len());
        for (cut, &(u, v)) in self.ends.iter().enumerate() {
            let head = self.head[u];
            if head == NONE || head != self.head[v] {
                continue;
            }
            // One edge fewer, and nothing falls: the component's value flips parity.
            let needed = need[head].filter(|needed| (needed ^ self.part[head]) & 1 == 1);
            if let Some(needed) = needed {
                let within = |e: usize, to: usize| e != cut && self.head[to] == head;
                let (first, adjacent) = (&self.first, &self.adjacent);
                if walk.run(first, adjacent, head, within, |v| branches[v]) == needed {
                    cuts.push(cut);
                }
                walk.clear(first, adjacent);
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

/// The end of `edge` that is not `v` (`v` for a loop).
fn other_end((u, w): (usize, usize), v: usize) -> usize {
    match u == v {
        true => w,
        false => u,
    }
}

/// A depth-first search from a root over the edges it is allowed, with an explicit stack,
/// which values the picture as it goes: each vertex's `part` is folded into its parent's
/// when it finishes, as a branch if the edge between them is a bridge (no edge from below
/// climbs above the parent), else as part of the same component with that edge's loop.
#[derive(Clone, Debug)]
struct Walk {
    /// The vertices reached, in preorder.
    order: Vec<usize>,
    /// Each vertex's place in `order`, or NONE if not reached.
    preorder: Vec<usize>,
    /// The lowest preorder number reached by one non-tree edge from the vertex's subtree.
    low: Vec<usize>,
    part: Vec<u32>,
    tree_edge: Vec<usize>,
    /// Whether each edge has been walked (tree edges, back edges and loops, once each).
    used: Vec<bool>,
    /// The path from the root: each vertex and the next place in its adjacency to look.
    stack: Vec<(usize, usize)>,
}

impl Walk {
    fn new(vertices: usize, edges: usize) -> Self {
        Walk {
            order: Vec::new(),
            preorder: vec![NONE; vertices],
            low: vec![NONE; vertices],
            part: vec![0; vertices],
            tree_edge: vec![NONE; vertices],
            used: vec![false; edges],
            stack: Vec::new(),
        }
    }

    /// Walks from `root` over the edges `allowed(edge, to)` accepts, each vertex's part
    /// starting at `weight(v)` (the branches hanging from it outside the walk), and returns
    /// the root's value. The marks stay until [`Walk::clear`].
    fn run<A, W>(
        &mut self,
        first: &[usize],
        adjacent: &[(usize, usize)],
        root: usize,
        allowed: A,
        weight: W,
    ) -> u32
    where
        A: Fn(usize, usize) -> bool,
        W: Fn(usize) -> u32,
    {
        self.enter(root, NONE, first[root], weight(root));
        while let Some(&(v, next)) = self.stack.last() {
            if next == first[v + 1] {
                self.stack.pop();
                if let Some(&(parent, _)) = self.stack.last() {
                    self.low[parent] = self.low[parent].min(self.low[v]);
                    self.part[parent] ^= match self.low[v] > self.preorder[parent] {
                        true => self.part[v] + 1,
                        false => self.part[v] ^ 1,
                    };
                }
                continue;
            }
            self.stack.last_mut().unwrap().1 += 1;
            let (e, to) = adjacent[next];
            if self.used[e] || !allowed(e, to) {
                continue;
            }
            self.used[e] = true;
            if self.preorder[to] == NONE {
                self.enter(to, e, first[to], weight(to));
            } else {
                // A loop, or an edge back to an ancestor, closing a cycle: a loop's worth.
                self.low[v] = self.low[v].min(self.preorder[to]);
                self.part[v] ^= 1;
            }
        }
        self.part[root]
    }

    fn enter(&mut self, v: usize, tree_edge: usize, adjacency: usize, weight: u32) {
        self.preorder[v] = self.order.len();
        self.low[v] = self.order.len();
        self.part[v] = weight;
        self.tree_edge[v] = tree_edge;
        self.order.push(v);
        self.stack.push((v, adjacency));
    }

    /// Unmarks the vertices and edges the last run reached, in time proportional to them.
    fn clear(&mut self, first: &[usize], adjacent: &[(usize, usize)]) {
        for &v in &self.order {
            self.preorder[v] = NONE;
            for &(e, _) in &adjacent[first[v]..first[v + 1]] {
                self.used[e] = false;
            }
        }
        self.order.clear();
    }
}
