// Syntax highlighting for the book's OCaml programs and IR listings.
//
// mdBook's bundled highlight.js (10.1) knows neither OCaml nor Flambeau's
// printers, so this script, loaded after mdBook's own (book.toml,
// `additional-js`), defines both and highlights again the blocks that
// mdBook left plain: ```ocaml blocks, and the ```text listings whose
// `stage=` names an IR printed as terms (Lambda, CPS, Cmm, machine IR).
// Assembly listings (`stage=asm`) use the bundled x86 definition.
// Written for this book (chapter "Appendix: how the book is built").
(function () {
  "use strict";
  if (typeof hljs === "undefined") {
    return;
  }

  // OCaml 4.13's keywords (the manual's "Keywords" section), with the
  // predefined types and constructors shown as built-ins.
  hljs.registerLanguage("ocaml", function (hljs) {
    return {
      name: "OCaml",
      keywords: {
        keyword:
          "and as assert asr begin class constraint do done downto else end " +
          "exception external for fun function functor if in include inherit " +
          "initializer land lazy let lor lsl lsr lxor match method mod module " +
          "mutable new nonrec object of open or private rec sig struct then to " +
          "try type val virtual when while with",
        built_in:
          "int float bool char string bytes unit list array option ref exn " +
          "int32 int64 nativeint format result",
        literal: "true false",
      },
      contains: [
        // Comments nest in OCaml.
        hljs.COMMENT(/\(\*/, /\*\)/, { contains: ["self"] }),
        { className: "string", begin: /"/, end: /"/, contains: [hljs.BACKSLASH_ESCAPE] },
        { className: "string", begin: /\{([a-z_]*)\|/, end: /\|([a-z_]*)\}/ },
        // A character literal, before a type variable takes its quote.
        { className: "string", begin: /'(\\([\\'"ntbr ]|[0-9]{3}|x[0-9a-fA-F]{2})|[^\\'\n])'/ },
        { className: "symbol", begin: /'[a-z_][\w']*/ },
        { className: "meta", begin: /\[@@?@?/, end: /\]/ },
        { className: "type", begin: /\b[A-Z][\w']*/ },
        {
          className: "number",
          begin:
            /\b(0[xX][0-9a-fA-F_]+|0[oO][0-7_]+|0[bB][01_]+|[0-9][0-9_]*(\.[0-9_]*)?([eE][-+]?[0-9_]+)?)[lLn]?/,
        },
      ],
    };
  });

  // The term printers of the IRs: parenthesised words, names with a
  // `/N` stamp, `%primitives`, continuations, symbols in quotes.
  hljs.registerLanguage("flambeau-ir", function (hljs) {
    return {
      name: "Flambeau IR",
      keywords: {
        $pattern: /[a-z_][\w]*/,
        keyword:
          "let let_cont let_symbol apply apply_cont switch case default function " +
          "catch rec with if then else exit raise seq while for in where cont " +
          "alloc load load_mut store app extcall extcall_noalloc data return " +
          "try trap push pop never",
      },
      contains: [
        hljs.COMMENT(/\/\//, /$/),
        hljs.COMMENT(/\(\*/, /\*\)/),
        { className: "string", begin: /"/, end: /"/ },
        { className: "built_in", begin: /%[a-z_][\w]*/ },
        { className: "variable", begin: /\b[a-z_][\w']*\/[0-9]+/ },
        { className: "title", begin: /\bcaml[A-Z][\w]*/ },
        { className: "number", begin: /-?\b[0-9]+(\.[0-9]*)?([eE][-+]?[0-9]+)?\b/ },
      ],
    };
  });

  var IR_STAGES = ["lambda", "refs", "cps", "closures", "simplify", "unbox", "bounds", "cmm", "mach", "regalloc"];

  // A language that fails leaves the block as mdBook highlighted it,
  // and the other blocks are still done.
  function highlight(block, language) {
    try {
      var result = hljs.highlight(language, block.textContent, true);
      block.innerHTML = result.value;
      block.classList.add("hljs");
    } catch (e) {
      console.warn("flambeau-highlight: " + language + ": " + e);
    }
  }

  Array.prototype.forEach.call(document.querySelectorAll("code"), function (block) {
    var classes = block.classList;
    if (classes.contains("language-ocaml")) {
      highlight(block, "ocaml");
    } else if (classes.contains("language-text")) {
      for (var i = 0; i < classes.length; i++) {
        var m = /^stage=(.*)$/.exec(classes[i]);
        if (m && IR_STAGES.indexOf(m[1]) >= 0) {
          highlight(block, "flambeau-ir");
        } else if (m && m[1] === "asm") {
          highlight(block, "x86asm");
        } else if (m && m[1] === "typed") {
          highlight(block, "ocaml");
        }
      }
    }
  });
})();
