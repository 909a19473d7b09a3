pub mod cmm;
pub mod cps;
pub mod diagnostics;
pub mod driver;
pub mod lambda;
pub mod observable;
pub mod syntax;
pub mod types;
