//! A stand-in for the part of `rand` 0.6 that dannunan/scout-game's `src/lib.rs` uses:
//! `rand::thread_rng` and `rand::seq::SliceRandom::shuffle` (crates.io is out of reach here).
//!
//! The engine shuffles its deck (`create_deck`) and, in its AI strategies, its move lists. The
//! driver uses two hooks: [`seed`] makes the next shuffles a seeded Fisher-Yates (a fair shuffle
//! of the order, for `deal_random`), and [`plan_next_shuffle`] makes the next shuffle put the
//! elements in a given order, so that the engine's own `GameState::new` deals a deck the
//! conformance runner gives (the shuffle's outcome is the runner's; the dealing is the engine's).

use std::cell::{Cell, RefCell};

thread_local! {
    static STATE: Cell<u64> = const { Cell::new(0x853c_49e6_748f_ea9b) };
    static PLAN: RefCell<Option<Vec<usize>>> = const { RefCell::new(None) };
}

/// Seed the generator behind every `thread_rng()`.
pub fn seed(value: u64) {
    STATE.with(|s| s.set(value ^ 0x853c_49e6_748f_ea9b));
}

/// The next shuffle of a slice of `order.len()` elements puts original element `order[i]` at
/// position `i` (instead of a random order).
pub fn plan_next_shuffle(order: Vec<usize>) {
    PLAN.with(|p| *p.borrow_mut() = Some(order));
}

pub trait RngCore {
    fn next_u64(&mut self) -> u64;
}

pub trait Rng: RngCore {
    /// A number in `low..high` (as rand's `gen_range`).
    fn gen_range(&mut self, low: usize, high: usize) -> usize {
        low + (self.next_u64() % ((high - low) as u64)) as usize
    }
}

impl<R: RngCore + ?Sized> Rng for R {}

pub struct ThreadRng;

pub fn thread_rng() -> ThreadRng {
    ThreadRng
}

impl RngCore for ThreadRng {
    /// splitmix64
    fn next_u64(&mut self) -> u64 {
        STATE.with(|s| {
            let x = s.get().wrapping_add(0x9e37_79b9_7f4a_7c15);
            s.set(x);
            let mut z = x;
            z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
            z ^ (z >> 31)
        })
    }
}

pub mod seq {
    use super::{Rng, PLAN};

    pub trait SliceRandom {
        type Item;
        fn shuffle<R: Rng + ?Sized>(&mut self, rng: &mut R);
    }

    impl<T> SliceRandom for [T] {
        type Item = T;

        fn shuffle<R: Rng + ?Sized>(&mut self, rng: &mut R) {
            let plan = PLAN.with(|p| p.borrow_mut().take());
            match plan {
                Some(order) if order.len() == self.len() => arrange(self, &order),
                _ => {
                    for i in (1..self.len()).rev() {
                        let j = rng.gen_range(0, i + 1);
                        self.swap(i, j);
                    }
                }
            }
        }
    }

    /// Put original element `order[i]` at position `i`, by swaps.
    fn arrange<T>(slice: &mut [T], order: &[usize]) {
        let n = slice.len();
        let mut who: Vec<usize> = (0..n).collect(); // original index now at each position
        let mut place: Vec<usize> = (0..n).collect(); // position of each original index
        for (i, &wanted) in order.iter().enumerate() {
            let from = place[wanted];
            slice.swap(i, from);
            let moved = who[i];
            who.swap(i, from);
            place[moved] = from;
            place[wanted] = i;
        }
    }
}
