//! The engine's input, written on a thread of its own. An engine that
//! stops reading lets its pipe fill (one overlong line is a megabyte), and
//! a write into a full pipe blocks: on the run's own thread it would hold
//! the run for ever instead of failing it at the next `isready`'s deadline.

use std::io::{self, Write};
use std::sync::mpsc::{channel, Receiver, Sender};

/// Lines on their way to the engine; a failed write comes back as an error.
pub struct Input {
    lines: Option<Sender<Vec<u8>>>,
    failed: Receiver<io::Error>,
}

impl Input {
    /// Starts the writer thread over `sink` (the engine's stdin).
    pub fn new(mut sink: impl Write + Send + 'static) -> Input {
        let (tx, rx) = channel::<Vec<u8>>();
        let (failed_tx, failed) = channel();
        std::thread::spawn(move || {
            for bytes in rx {
                if let Err(e) = sink.write_all(&bytes).and_then(|_| sink.flush()) {
                    let _ = failed_tx.send(e);
                    return;
                }
            }
            // The channel closed: `sink` drops here, and the engine reads
            // the end of its input.
        });
        Input {
            lines: Some(tx),
            failed,
        }
    }

    /// Queues `bytes` without waiting on the engine; an error if an
    /// earlier write failed (the engine stopped reading or exited).
    pub fn send(&mut self, bytes: Vec<u8>) -> Result<(), String> {
        if let Ok(e) = self.failed.try_recv() {
            return Err(format!("the engine stopped reading ({e})"));
        }
        match &self.lines {
            Some(tx) if tx.send(bytes).is_ok() => Ok(()),
            _ => Err("the engine stopped reading".to_string()),
        }
    }

    /// Ends the engine's input once what is queued has been written.
    pub fn close(&mut self) {
        self.lines = None;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::{Arc, Mutex};

    /// A sink that takes nothing until it is opened, as an engine that
    /// stopped reading.
    struct Gate(Arc<Mutex<()>>);

    impl Write for Gate {
        fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
            drop(self.0.lock().unwrap());
            Ok(buf.len())
        }
        fn flush(&mut self) -> io::Result<()> {
            Ok(())
        }
    }

    #[test]
    fn sending_never_waits_on_a_sink_that_does_not_read() {
        let gate = Arc::new(Mutex::new(()));
        let closed = gate.lock().unwrap();
        let mut input = Input::new(Gate(gate.clone()));
        let (done_tx, done) = channel();
        let sender = std::thread::spawn(move || {
            for _ in 0..8 {
                assert!(input.send(vec![b'a'; 1 << 20]).is_ok());
            }
            let _ = done_tx.send(());
            input
        });
        let sent = done.recv_timeout(std::time::Duration::from_secs(20));
        drop(closed);
        assert!(sent.is_ok(), "send waited on the sink");
        sender.join().unwrap().close();
    }

    #[test]
    fn a_failed_write_is_reported_by_a_later_send() {
        struct Broken;
        impl Write for Broken {
            fn write(&mut self, _: &[u8]) -> io::Result<usize> {
                Err(io::Error::new(io::ErrorKind::BrokenPipe, "broken pipe"))
            }
            fn flush(&mut self) -> io::Result<()> {
                Ok(())
            }
        }
        let mut input = Input::new(Broken);
        assert!(input.send(b"uci\n".to_vec()).is_ok());
        let deadline = std::time::Instant::now() + std::time::Duration::from_secs(10);
        let error = loop {
            if let Err(e) = input.send(b"isready\n".to_vec()) {
                break e;
            }
            assert!(
                std::time::Instant::now() < deadline,
                "the failed write was never reported"
            );
            std::thread::sleep(std::time::Duration::from_millis(5));
        };
        assert!(error.contains("stopped reading"), "{error}");
    }
}
