//! Linking: the program's object and the runtime library, by the system C
//! compiler, into a position-independent executable.

use super::emit::ObjectCode;
use super::object::write_object;
use crate::runtime_archive::{write_runtime_archive, LINK_LIBRARIES};
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::atomic::{AtomicU32, Ordering};

/// The C compiler driver used as the linker: `$CC`, or `cc`.
pub fn c_compiler() -> String {
    std::env::var("CC")
        .ok()
        .filter(|s| !s.trim().is_empty())
        .unwrap_or_else(|| "cc".to_string())
}

/// What to say when there is no C compiler to link with.
pub fn missing_compiler_message(cc: &str) -> String {
    format!(
        "cannot link: no C compiler driver `{cc}` was found. Flambeau uses the system C \
         compiler only as a linker; install one (for example `sudo apt install gcc`, or \
         clang), or name it in the CC environment variable"
    )
}

/// A fresh directory for the link's temporary files, removed when
/// dropped.
struct TempDir(PathBuf);

impl TempDir {
    fn new() -> Result<TempDir, String> {
        static COUNTER: AtomicU32 = AtomicU32::new(0);
        let n = COUNTER.fetch_add(1, Ordering::Relaxed);
        let dir = std::env::temp_dir().join(format!("flambeau-link-{}-{n}", std::process::id()));
        std::fs::create_dir_all(&dir)
            .map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
        Ok(TempDir(dir))
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// Writes `code` as an object, and links it with the runtime into the
/// executable `out`.
pub fn build_executable(code: &ObjectCode, out: &Path) -> Result<(), String> {
    let cc = c_compiler();
    if Command::new(&cc).arg("--version").output().is_err() {
        return Err(missing_compiler_message(&cc));
    }
    let dir = TempDir::new()?;
    let object = dir.0.join("program.o");
    let bytes = write_object(code)?;
    std::fs::write(&object, bytes)
        .map_err(|e| format!("cannot write {}: {e}", object.display()))?;
    let archive = write_runtime_archive(&dir.0)
        .map_err(|e| format!("cannot write the runtime library: {e}"))?;
    let output = Command::new(&cc)
        .arg(&object)
        .arg(&archive)
        .args(LINK_LIBRARIES)
        .arg("-o")
        .arg(out)
        .output()
        .map_err(|e| format!("cannot run `{cc}`: {e}"))?;
    if !output.status.success() {
        return Err(format!(
            "linking with `{cc}` failed:\n{}",
            String::from_utf8_lossy(&output.stderr)
        ));
    }
    Ok(())
}
