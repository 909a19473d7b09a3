//! The names Cmm uses for the runtime, and what the native runtime calls
//! them. Cmm follows OCaml: its `extcall`s name OCaml's C primitives
//! (`caml_ml_output`, `caml_int_of_string`...) and its symbols name
//! OCaml's static data (`caml_exn_Not_found`). The runtime chapter gives
//! each its Flambeau name, and says which may be called directly (they
//! neither allocate nor raise) and which must go through `flambeau_c_call`.

use super::mach::CallKind;

pub struct ExternalCall {
    pub symbol: String,
    pub kind: CallKind,
}

/// Cmm's external functions, their runtime symbols, and how to call them.
const EXTERNALS: &[(&str, &str, CallKind)] = &[
    ("caml_print_int", "flambeau_print_int", CallKind::Direct),
    (
        "caml_print_string",
        "flambeau_print_string",
        CallKind::Direct,
    ),
    (
        "caml_print_endline",
        "flambeau_print_endline",
        CallKind::Direct,
    ),
    (
        "caml_print_newline",
        "flambeau_print_newline",
        CallKind::Direct,
    ),
    ("caml_print_char", "flambeau_print_char", CallKind::Direct),
    ("caml_print_float", "flambeau_print_float", CallKind::Direct),
    (
        "caml_prerr_string",
        "flambeau_prerr_string",
        CallKind::Direct,
    ),
    (
        "caml_prerr_endline",
        "flambeau_prerr_endline",
        CallKind::Direct,
    ),
    ("caml_format_int", "flambeau_format_int", CallKind::CCall),
    (
        "caml_format_float",
        "flambeau_format_float",
        CallKind::CCall,
    ),
    (
        "caml_int_of_string",
        "flambeau_int_of_string",
        CallKind::CCall,
    ),
    (
        "caml_ml_open_descriptor_out",
        "flambeau_ml_open_descriptor_out",
        CallKind::Direct,
    ),
    ("caml_ml_output", "flambeau_ml_output", CallKind::Direct),
    (
        "caml_ml_output_bytes",
        "flambeau_ml_output",
        CallKind::Direct,
    ),
    (
        "caml_ml_output_char",
        "flambeau_ml_output_char",
        CallKind::Direct,
    ),
    ("caml_ml_flush", "flambeau_ml_flush", CallKind::Direct),
    (
        "caml_create_bytes",
        "flambeau_create_bytes",
        CallKind::CCall,
    ),
    ("caml_make_vect", "flambeau_make_vect", CallKind::CCall),
    ("caml_blit_string", "flambeau_blit_string", CallKind::Direct),
    ("caml_blit_bytes", "flambeau_blit_string", CallKind::Direct),
    ("caml_fill_bytes", "flambeau_fill_bytes", CallKind::Direct),
    (
        "caml_string_compare",
        "flambeau_string_compare",
        CallKind::Direct,
    ),
    (
        "caml_string_equal",
        "flambeau_string_equal",
        CallKind::Direct,
    ),
    (
        "caml_string_notequal",
        "flambeau_string_notequal",
        CallKind::Direct,
    ),
    ("caml_alloc", "flambeau_alloc", CallKind::CCall),
    (
        "caml_alloc_string",
        "flambeau_alloc_string",
        CallKind::CCall,
    ),
    ("caml_compare", "flambeau_compare", CallKind::CCall),
    ("caml_equal", "flambeau_equal", CallKind::CCall),
    ("caml_notequal", "flambeau_notequal", CallKind::CCall),
    ("caml_lessthan", "flambeau_lessthan", CallKind::CCall),
    ("caml_lessequal", "flambeau_lessequal", CallKind::CCall),
    ("caml_greaterthan", "flambeau_greaterthan", CallKind::CCall),
    (
        "caml_greaterequal",
        "flambeau_greaterequal",
        CallKind::CCall,
    ),
    ("caml_sys_exit", "flambeau_exit", CallKind::CCall),
];

/// How to call the external function Cmm names `name`. A name the table
/// does not know is a C function called by that name (`sqrt`, `pow`...),
/// directly unless Cmm says it may allocate.
pub fn external(name: &str, alloc: bool) -> ExternalCall {
    match EXTERNALS.iter().find(|(cmm, _, _)| *cmm == name) {
        Some((_, symbol, kind)) => ExternalCall {
            symbol: symbol.to_string(),
            kind: *kind,
        },
        None => ExternalCall {
            symbol: name.to_string(),
            kind: if alloc {
                CallKind::CCall
            } else {
                CallKind::Direct
            },
        },
    }
}

/// The runtime's name for a static symbol Cmm names after OCaml's
/// (`caml_exn_Not_found` is `flambeau_exn_Not_found`); other symbols are
/// the program's own and keep their names.
pub fn data_symbol(name: &str) -> String {
    if let Some(exn) = name.strip_prefix("caml_exn_") {
        return format!("flambeau_exn_{exn}");
    }
    match name {
        "caml_int32_ops" => "flambeau_int32_ops".into(),
        "caml_int64_ops" => "flambeau_int64_ops".into(),
        "caml_nativeint_ops" => "flambeau_nativeint_ops".into(),
        _ => name.to_string(),
    }
}
