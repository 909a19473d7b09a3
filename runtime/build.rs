//! The build script of the `flambeau` crate: compile the runtime into a
//! static library, which `src/runtime_archive.rs` embeds in the compiler.

use std::env;
use std::path::PathBuf;
use std::process::Command;

fn main() {
    // Rebuild the archive only when the runtime's sources change.
    println!("cargo:rerun-if-changed=runtime/src");
    println!("cargo:rerun-if-changed=runtime/build.rs");
    let rustc = env::var("RUSTC").unwrap_or_else(|_| "rustc".to_string());
    let out_dir = PathBuf::from(env::var("OUT_DIR").expect("cargo sets OUT_DIR"));
    let archive = out_dir.join("libflambeau_runtime.a");
    let mut command = Command::new(rustc);
    command.args([
        "--edition",
        "2021",
        "--crate-type",
        "staticlib",
        "--crate-name",
        "flambeau_runtime",
        "-C",
        "panic=abort",
        "-C",
        "opt-level=2",
        "-C",
        "codegen-units=1",
        "-C",
        "debuginfo=0",
    ]);
    if let Ok(target) = env::var("TARGET") {
        command.args(["--target", &target]);
    }
    command.arg("runtime/src/lib.rs").arg("-o").arg(&archive);
    let output = command
        .output()
        .expect("cannot run rustc to build the runtime");
    let diagnostics = String::from_utf8_lossy(&output.stderr);
    for line in diagnostics.lines() {
        println!("cargo:warning={line}");
    }
    if !output.status.success() {
        panic!("the runtime failed to compile:\n{diagnostics}");
    }
}
