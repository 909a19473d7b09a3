//! OCaml's buffered output channels for stdout and stderr.

use super::format::Sink;
use super::sys::write_all;

/// OCaml's `IO_BUFFER_SIZE`.
pub const BUFFER_SIZE: usize = 65536;

/// A channel: a file descriptor and a buffer that is written out when it
/// fills, when the program flushes it, and at exit. stderr is buffered
/// too, as in OCaml: `prerr_endline` flushes it, `prerr_string` does not.
pub struct Channel {
    fd: i32,
    len: usize,
    buffer: [u8; BUFFER_SIZE],
}

impl Channel {
    pub const fn new(fd: i32) -> Channel {
        Channel {
            fd,
            len: 0,
            buffer: [0; BUFFER_SIZE],
        }
    }

    /// `caml_putblock`, repeated: fill the buffer, writing it out each time
    /// it becomes full.
    pub fn output(&mut self, mut bytes: &[u8]) {
        while !bytes.is_empty() {
            let n = bytes.len().min(BUFFER_SIZE - self.len);
            self.buffer[self.len..self.len + n].copy_from_slice(&bytes[..n]);
            self.len += n;
            bytes = &bytes[n..];
            if self.len == BUFFER_SIZE {
                self.flush();
            }
        }
    }

    pub fn flush(&mut self) {
        write_all(self.fd, &self.buffer[..self.len]);
        self.len = 0;
    }

    /// The bytes written but not yet flushed.
    pub fn pending(&self) -> &[u8] {
        &self.buffer[..self.len]
    }
}

impl Sink for Channel {
    fn put(&mut self, bytes: &[u8]) {
        self.output(bytes)
    }
}
