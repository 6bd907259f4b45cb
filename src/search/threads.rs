//! The engine's search threads, alive between searches: thread 0 is the
//! main thread (it reports, watches the limits and picks the move), the
//! others are Lazy SMP helpers. Each thread owns its worker for good; a
//! search is a message to every thread, so `go` spawns nothing and a
//! search with many threads starts and stops as fast as one with a few.
//!
//! A search ends when the main thread has finished and every helper has
//! handed its part back (a helper that panics still counts itself out),
//! so the next search never finds a helper still busy with the last one.

use super::control::Control;
use super::pool::{
    no_move, outcome, plan, wait_for_release, SearchJob, SearchOutcome, SEARCH_THREAD_STACK,
};
use super::report::SearchInfo;
use super::tt::Tt;
use super::worker::{SearchSetup, Worker};
use crate::chess::Move;
use std::sync::mpsc::{channel, Receiver, Sender};
use std::sync::{Arc, Condvar, Mutex};
use std::thread::JoinHandle;

/// Where a search's reports and its result go.
pub trait SearchSink: Send + Sync {
    fn info(&self, info: SearchInfo);
    fn done(&self, outcome: SearchOutcome);
}

/// A change to every worker (a new table, another net, a new game).
pub type Configure = Arc<dyn Fn(&mut Worker) + Send + Sync>;

/// One search, shared by every thread.
struct Request {
    job: SearchJob,
    tt: Arc<Tt>,
    ctl: Arc<Control>,
    sink: Arc<dyn SearchSink>,
    /// Helpers still searching; the main thread waits for zero.
    helpers_busy: Mutex<usize>,
    helpers_idle: Condvar,
    /// The threads taking part (the others sit this search out).
    threads: usize,
}

enum Msg {
    Search(Arc<Request>),
    Configure(Configure),
    Quit,
}

struct Slot {
    tx: Sender<Msg>,
    handle: Option<JoinHandle<()>>,
}

/// The search threads and a way to wait for a search to end.
pub struct SearchThreads {
    slots: Vec<Slot>,
    make: Arc<dyn Fn(usize) -> Worker + Send + Sync>,
}

/// Counts a helper out of its search even if it panics.
struct HelperDone<'a>(&'a Request);

impl Drop for HelperDone<'_> {
    fn drop(&mut self) {
        if let Ok(mut n) = self.0.helpers_busy.lock() {
            *n = n.saturating_sub(1);
        }
        self.0.helpers_idle.notify_all();
    }
}

impl SearchThreads {
    /// `n` threads, each with the worker `make(i)` builds.
    pub fn new(n: usize, make: Arc<dyn Fn(usize) -> Worker + Send + Sync>) -> SearchThreads {
        let mut t = SearchThreads {
            slots: Vec::new(),
            make,
        };
        t.resize(n.max(1));
        t
    }

    pub fn len(&self) -> usize {
        self.slots.len()
    }

    pub fn is_empty(&self) -> bool {
        self.slots.is_empty()
    }

    /// Grows or shrinks to `n` threads (at least one). Call between searches.
    pub fn resize(&mut self, n: usize) {
        let n = n.max(1);
        while self.slots.len() > n {
            if let Some(mut s) = self.slots.pop() {
                let _ = s.tx.send(Msg::Quit);
                if let Some(h) = s.handle.take() {
                    let _ = h.join();
                }
            }
        }
        while self.slots.len() < n {
            let i = self.slots.len();
            let (tx, rx) = channel();
            let make = self.make.clone();
            let handle = std::thread::Builder::new()
                .name(format!("tapir-search-{i}"))
                .stack_size(SEARCH_THREAD_STACK)
                .spawn(move || thread_main(make(i), rx));
            match handle {
                Ok(h) => self.slots.push(Slot {
                    tx,
                    handle: Some(h),
                }),
                // A thread that cannot start only costs speed; the main
                // thread is the one that must exist, and it is made first.
                Err(_) if i > 0 => break,
                Err(e) => panic!("cannot start the search thread: {e}"),
            }
        }
    }

    /// Applies `f` to every worker, in order with the searches.
    pub fn configure(&self, f: Configure) {
        for s in &self.slots {
            let _ = s.tx.send(Msg::Configure(f.clone()));
        }
    }

    /// Returns once every thread has handled what was sent to it before
    /// (a table replaced is then let go of everywhere).
    pub fn sync(&self) {
        let (tx, rx) = channel::<()>();
        let tx = Mutex::new(tx);
        let ack: Configure = Arc::new(move |_: &mut Worker| {
            if let Ok(t) = tx.lock() {
                let _ = t.send(());
            }
        });
        let mut sent = 0;
        for s in &self.slots {
            if s.tx.send(Msg::Configure(ack.clone())).is_ok() {
                sent += 1;
            }
        }
        drop(ack);
        for _ in 0..sent {
            if rx.recv().is_err() {
                break;
            }
        }
    }

    /// Starts searching `job`; returns at once. `sink` gets the reports and,
    /// last, the outcome (also when no thread could take the search).
    pub fn start(&self, job: SearchJob, tt: Arc<Tt>, ctl: Arc<Control>, sink: Arc<dyn SearchSink>) {
        let threads = self.slots.len();
        let req = Arc::new(Request {
            job,
            tt,
            ctl,
            sink: sink.clone(),
            helpers_busy: Mutex::new(threads.saturating_sub(1)),
            helpers_idle: Condvar::new(),
            threads,
        });
        // Helpers first, so they are searching when the main thread is.
        for s in self.slots.iter().skip(1) {
            if s.tx.send(Msg::Search(req.clone())).is_err() {
                HelperDone(&req);
            }
        }
        match self.slots.first() {
            Some(main) if main.tx.send(Msg::Search(req.clone())).is_ok() => {}
            _ => sink.done(no_move()),
        }
    }

    /// Whether every thread is alive (a panic ends one).
    pub fn healthy(&self) -> bool {
        self.slots
            .iter()
            .all(|s| s.handle.as_ref().is_some_and(|h| !h.is_finished()))
    }

    /// Ends and replaces threads that died (after a panic).
    pub fn heal(&mut self) {
        let n = self.slots.len();
        let dead: Vec<usize> = (0..n)
            .filter(|&i| {
                self.slots[i]
                    .handle
                    .as_ref()
                    .is_none_or(|h| h.is_finished())
            })
            .collect();
        if dead.is_empty() {
            return;
        }
        // Simplest correct repair: start them all again.
        self.resize(0);
        if let Some(mut s) = self.slots.pop() {
            let _ = s.tx.send(Msg::Quit);
            if let Some(h) = s.handle.take() {
                let _ = h.join();
            }
        }
        self.resize(n);
    }
}

impl Drop for SearchThreads {
    fn drop(&mut self) {
        for s in &self.slots {
            let _ = s.tx.send(Msg::Quit);
        }
        for s in self.slots.iter_mut() {
            if let Some(h) = s.handle.take() {
                let _ = h.join();
            }
        }
    }
}

/// One thread's life: searches and configuration, in order, until `Quit`.
fn thread_main(mut worker: Worker, rx: Receiver<Msg>) {
    while let Ok(msg) = rx.recv() {
        match msg {
            Msg::Quit => return,
            Msg::Configure(f) => f(&mut worker),
            Msg::Search(req) => {
                if worker.id == 0 {
                    search_main(&mut worker, &req);
                } else {
                    let _done = HelperDone(&req);
                    search_helper(&mut worker, &req);
                }
            }
        }
    }
}

/// Points the worker at this search's table, position, root moves and
/// control: what the main thread and every helper do before iterating.
fn prepare_for(w: &mut Worker, req: &Request, moves: &[Move], setup: &SearchSetup) {
    w.set_tt(req.tt.clone());
    w.prepare(
        &req.job.board,
        &req.job.history,
        moves,
        req.ctl.clone(),
        setup,
    );
}

fn search_helper(w: &mut Worker, req: &Request) {
    let mut silent = |_: SearchInfo| {};
    let Some((moves, setup)) = plan(&req.job, &mut silent) else {
        return;
    };
    prepare_for(w, req, &moves, &setup);
    w.iterate(&setup, None);
}

fn search_main(w: &mut Worker, req: &Request) {
    let sink = req.sink.clone();
    let mut report = |info: SearchInfo| sink.info(info);
    req.tt.new_search();
    let result = match plan(&req.job, &mut report) {
        None => {
            wait_for_release(&req.ctl, &req.job.limits);
            no_move()
        }
        Some((moves, setup)) => {
            prepare_for(w, req, &moves, &setup);
            w.iterate(&setup, Some(&mut report));
            req.ctl.finish();
            wait_for_release(&req.ctl, &req.job.limits);
            outcome(w, &req.tt, &req.ctl, &req.job, &mut report)
        }
    };
    // Every helper has handed its part back before the search counts as
    // over, so the next one starts with every thread free.
    if req.threads > 1 {
        req.ctl.finish();
        let mut busy = req.helpers_busy.lock().unwrap_or_else(|e| e.into_inner());
        while *busy > 0 {
            busy = req
                .helpers_idle
                .wait(busy)
                .unwrap_or_else(|e| e.into_inner());
        }
    }
    sink.done(result);
}
