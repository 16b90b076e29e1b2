//! The searches allocate nothing per node or iteration: once an agent has played a game
//! (and been reset after it), replaying the game allocates nothing at all. A counting allocator checks it, alone in this
//! test binary so that no other test allocates at the same time.

use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicUsize, Ordering};

use agents::{build, Agent};
use engine::{Game, Leapfrog, Seat};

/// The system allocator, counting allocations.
struct Counting;

static ALLOCATIONS: AtomicUsize = AtomicUsize::new(0);

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        ALLOCATIONS.fetch_add(1, Ordering::Relaxed);
        System.alloc(layout)
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        System.dealloc(ptr, layout)
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        ALLOCATIONS.fetch_add(1, Ordering::Relaxed);
        System.realloc(ptr, layout, new_size)
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

/// Plays a whole game from the start and returns how many plies it took.
fn play(a: &mut dyn Agent<Leapfrog>, b: &mut dyn Agent<Leapfrog>, seed: u64) -> usize {
    a.reset(seed);
    b.reset(seed + 1);
    let mut position = Leapfrog::start();
    let mut plies = 0;
    while !position.is_over() {
        let mv = if position.to_move() == Seat::A {
            a.choose(&position)
        } else {
            b.choose(&position)
        };
        a.observe(&position, mv);
        b.observe(&position, mv);
        position.play_unchecked(mv);
        plies += 1;
    }
    plies
}

#[test]
fn replaying_a_game_allocates_nothing() {
    for spec in [
        "random",
        "greedy",
        "minimax:depth=6,tt_mib=1",
        "minimax:nodes=20000,tt_mib=1",
        "mcts:iterations=1000",
        "mcts:iterations=300,playout_plies=10",
        "greedy:temperature=1,epsilon=0.1",
        "minimax:depth=3,temperature=2,tt_mib=1",
        "mcts:iterations=300,temperature=0.5,epsilon=0.1",
    ] {
        let mut agent = build::<Leapfrog>(spec).unwrap();
        let mut opponent = build::<Leapfrog>("greedy:epsilon=0.2").unwrap();
        // The first game grows the buffers; the next reset may even out the capacities
        // of buffers that swap roles.
        let warm_up = play(agent.as_mut(), opponent.as_mut(), 3);
        assert_eq!(play(agent.as_mut(), opponent.as_mut(), 3), warm_up);
        let before = ALLOCATIONS.load(Ordering::Relaxed);
        let replay = play(agent.as_mut(), opponent.as_mut(), 3);
        let allocations = ALLOCATIONS.load(Ordering::Relaxed) - before;
        assert_eq!(replay, warm_up, "{spec}: the replay is the same game");
        assert_eq!(
            allocations, 0,
            "{spec}: {allocations} allocations in {replay} plies"
        );
    }
}
