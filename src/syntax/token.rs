//! Tokens: the words of an OCaml program, as `logos` recognises them.

use logos::Logos;

use super::lexer::{self, LexError};

/// One token. The names follow the tokens of OCaml's own parser
/// (`parsing/parser.mly`), so that `flambeau dump tokens` can be read beside
/// OCaml's grammar.
#[derive(Logos, Clone, Debug, PartialEq)]
#[logos(error = LexError)]
#[logos(skip r"[ \t\n\r\x0c]+")]
#[logos(skip(r"\(\*", callback = lexer::comment))]
pub enum Token {
    // ----- literals -----
    /// An integer literal as written, with its modifier (`l`, `L`, `n`):
    /// `0x1F`, `1_000L`. The lexer checks that it is in range; the parser
    /// decodes it, folding in a minus sign in front of it.
    #[regex(
        r"([0-9][0-9_]*|0[xX][0-9a-fA-F][0-9a-fA-F_]*|0[oO][0-7][0-7_]*|0[bB][01][01_]*)[g-zG-Z]?",
        lexer::int_literal
    )]
    Int(Literal),
    /// A float literal as written: `1.`, `1e10`, `1_000.5`, `0x1p3`.
    #[regex(
        r"([0-9][0-9_]*(\.[0-9_]*([eE][+\-]?[0-9][0-9_]*)?|[eE][+\-]?[0-9][0-9_]*)|0[xX][0-9a-fA-F][0-9a-fA-F_]*(\.[0-9a-fA-F_]*([pP][+\-]?[0-9][0-9_]*)?|[pP][+\-]?[0-9][0-9_]*))[g-zG-Z]?",
        lexer::float_literal
    )]
    Float(Literal),
    #[regex(
        r"'([^\\'\n\r]|\n|\\.|\\[0-9][0-9][0-9]|\\o[0-7][0-7][0-7]|\\x[0-9a-fA-F][0-9a-fA-F])'",
        lexer::char_literal
    )]
    #[regex(r"'\\.", lexer::bad_char_escape)]
    Char(u8),
    #[token("\"", lexer::string_literal)]
    #[regex(r"\{[a-z_]*\|", lexer::quoted_string)]
    String(Vec<u8>),

    // ----- names -----
    #[regex(r"[a-z_][a-zA-Z0-9_']*", |lex| lex.slice().to_owned(), priority = 1)]
    Lident(String),
    #[regex(r"[A-Z][a-zA-Z0-9_']*", |lex| lex.slice().to_owned())]
    Uident(String),
    /// `~name:`
    #[regex(r"~[a-z_][a-zA-Z0-9_']*:", |lex| { let s = lex.slice(); s[1..s.len() - 1].to_owned() })]
    Label(String),
    /// `?name:`
    #[regex(r"\?[a-z_][a-zA-Z0-9_']*:", |lex| { let s = lex.slice(); s[1..s.len() - 1].to_owned() })]
    OptLabel(String),

    // ----- keywords of the subset -----
    #[token("and")]
    And,
    #[token("as")]
    As,
    #[token("assert")]
    Assert,
    #[token("begin")]
    Begin,
    #[token("do")]
    Do,
    #[token("done")]
    Done,
    #[token("downto")]
    Downto,
    #[token("else")]
    Else,
    #[token("end")]
    End,
    #[token("exception")]
    Exception,
    #[token("false")]
    False,
    #[token("for")]
    For,
    #[token("fun")]
    Fun,
    #[token("function")]
    Function,
    #[token("if")]
    If,
    #[token("in")]
    In,
    #[token("let")]
    Let,
    #[token("match")]
    Match,
    #[token("mutable")]
    Mutable,
    #[token("of")]
    Of,
    #[token("rec")]
    Rec,
    #[token("then")]
    Then,
    #[token("to")]
    To,
    #[token("true")]
    True,
    #[token("try")]
    Try,
    #[token("type")]
    Type,
    #[token("when")]
    When,
    #[token("while")]
    While,
    #[token("with")]
    With,
    /// Keywords of OCaml that the subset does not use. They are still
    /// keywords (`let open = 1` is not a valid program), and the parser
    /// names them in its "not supported" diagnostics.
    #[token("class", |lex| lex.slice().to_owned())]
    #[token("constraint", |lex| lex.slice().to_owned())]
    #[token("external", |lex| lex.slice().to_owned())]
    #[token("functor", |lex| lex.slice().to_owned())]
    #[token("include", |lex| lex.slice().to_owned())]
    #[token("inherit", |lex| lex.slice().to_owned())]
    #[token("initializer", |lex| lex.slice().to_owned())]
    #[token("lazy", |lex| lex.slice().to_owned())]
    #[token("method", |lex| lex.slice().to_owned())]
    #[token("module", |lex| lex.slice().to_owned())]
    #[token("new", |lex| lex.slice().to_owned())]
    #[token("nonrec", |lex| lex.slice().to_owned())]
    #[token("object", |lex| lex.slice().to_owned())]
    #[token("open", |lex| lex.slice().to_owned())]
    #[token("private", |lex| lex.slice().to_owned())]
    #[token("sig", |lex| lex.slice().to_owned())]
    #[token("struct", |lex| lex.slice().to_owned())]
    #[token("val", |lex| lex.slice().to_owned())]
    #[token("virtual", |lex| lex.slice().to_owned())]
    UnsupportedKeyword(String),

    // ----- operators, by OCaml's precedence classes -----
    /// `=…` `<…` `>…` `|…` `&…` `$…` and `!=` (left, level of `=`).
    #[regex(r"[=<>|&$][!$%&*+\-./:<=>?@^|~]*", |lex| lex.slice().to_owned(), priority = 1)]
    #[token("!=", |lex| lex.slice().to_owned())]
    InfixOp0(String),
    /// `@…` `^…` (right).
    #[regex(r"[@^][!$%&*+\-./:<=>?@^|~]*", |lex| lex.slice().to_owned(), priority = 1)]
    InfixOp1(String),
    /// `+…` `-…` other than `+`, `-`, `+.`, `-.`, `->` (left).
    #[regex(r"[+\-][!$%&*+\-./:<=>?@^|~]*", |lex| lex.slice().to_owned(), priority = 1)]
    InfixOp2(String),
    /// `*…` `/…` `%…` other than `*` (left).
    #[regex(r"[*/%][!$%&*+\-./:<=>?@^|~]*", |lex| lex.slice().to_owned(), priority = 1)]
    InfixOp3(String),
    /// `**…` (right).
    #[regex(r"\*\*[!$%&*+\-./:<=>?@^|~]*", |lex| lex.slice().to_owned(), priority = 3)]
    InfixOp4(String),
    /// `!…` `~…` `?…` prefix operators (other than `!` alone).
    #[regex(r"![!$%&*+\-./:<=>?@^|~#]+", |lex| lex.slice().to_owned(), priority = 1)]
    #[regex(r"[~?][!$%&*+\-./:<=>?@^|~#]+", |lex| lex.slice().to_owned(), priority = 1)]
    PrefixOp(String),
    /// `#…` (objects; not supported, but lexed to say so).
    #[regex(r"#[!$%&*+\-./:<=>?@^|~#]+", |lex| lex.slice().to_owned(), priority = 1)]
    HashOp(String),
    #[token("or")]
    Or,
    #[token("mod")]
    Mod,
    #[token("land")]
    Land,
    #[token("lor")]
    Lor,
    #[token("lxor")]
    Lxor,
    #[token("lsl")]
    Lsl,
    #[token("lsr")]
    Lsr,
    #[token("asr")]
    Asr,
    #[token("=")]
    Equal,
    #[token("+")]
    Plus,
    #[token("+.")]
    PlusDot,
    #[token("-")]
    Minus,
    #[token("-.")]
    MinusDot,
    #[token("*")]
    Star,
    #[token("!")]
    Bang,
    #[token("&")]
    Ampersand,
    #[token("&&")]
    AmperAmper,
    #[token("||")]
    BarBar,
    #[token(":=")]
    ColonEqual,
    #[token("<-")]
    LessMinus,
    #[token("->")]
    MinusGreater,

    // ----- punctuation -----
    #[token("(")]
    LParen,
    #[token(")")]
    RParen,
    #[token("[")]
    LBracket,
    #[token("]")]
    RBracket,
    #[token("[|")]
    LBracketBar,
    #[token("|]")]
    BarRBracket,
    #[token("{")]
    LBrace,
    #[token("}")]
    RBrace,
    #[token(",")]
    Comma,
    #[token(";")]
    Semi,
    #[token(";;")]
    SemiSemi,
    #[token(":")]
    Colon,
    #[token("::")]
    ColonColon,
    #[token(".")]
    Dot,
    #[token("..")]
    DotDot,
    #[token("|")]
    Bar,
    #[token("_")]
    Underscore,
    #[token("'")]
    Quote,
    #[token("~")]
    Tilde,
    #[token("?")]
    Question,
    #[token("#")]
    Hash,
    #[token("`")]
    Backquote,
    /// `[@`, `[@@`, `[@@@`, `[%`, `[%%`: attributes and extension nodes (not supported).
    #[regex(r"\[(@|@@|@@@|%|%%)", |lex| lex.slice().to_owned())]
    AttributeOpen(String),

    /// The end of the input (added by `lex`, never matched by `logos`).
    Eof,
}

/// A numeric literal as written in the source: its digits (with `_` and any
/// base prefix) and the letter after them, if any.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Literal {
    pub text: String,
    pub modifier: Option<char>,
}

impl Token {
    /// The token's name in OCaml's grammar, for `dump tokens`.
    pub fn name(&self) -> &'static str {
        use Token::*;
        match self {
            Int(_) => "INT",
            Float(_) => "FLOAT",
            Char(_) => "CHAR",
            String(_) => "STRING",
            Lident(_) => "LIDENT",
            Uident(_) => "UIDENT",
            Label(_) => "LABEL",
            OptLabel(_) => "OPTLABEL",
            And => "AND",
            As => "AS",
            Assert => "ASSERT",
            Begin => "BEGIN",
            Do => "DO",
            Done => "DONE",
            Downto => "DOWNTO",
            Else => "ELSE",
            End => "END",
            Exception => "EXCEPTION",
            False => "FALSE",
            For => "FOR",
            Fun => "FUN",
            Function => "FUNCTION",
            If => "IF",
            In => "IN",
            Let => "LET",
            Match => "MATCH",
            Mutable => "MUTABLE",
            Of => "OF",
            Rec => "REC",
            Then => "THEN",
            To => "TO",
            True => "TRUE",
            Try => "TRY",
            Type => "TYPE",
            When => "WHEN",
            While => "WHILE",
            With => "WITH",
            UnsupportedKeyword(_) => "KEYWORD",
            InfixOp0(_) => "INFIXOP0",
            InfixOp1(_) => "INFIXOP1",
            InfixOp2(_) => "INFIXOP2",
            InfixOp3(_) => "INFIXOP3",
            InfixOp4(_) => "INFIXOP4",
            PrefixOp(_) => "PREFIXOP",
            HashOp(_) => "HASHOP",
            Or => "OR",
            Mod => "MOD",
            Land => "LAND",
            Lor => "LOR",
            Lxor => "LXOR",
            Lsl => "LSL",
            Lsr => "LSR",
            Asr => "ASR",
            Equal => "EQUAL",
            Plus => "PLUS",
            PlusDot => "PLUSDOT",
            Minus => "MINUS",
            MinusDot => "MINUSDOT",
            Star => "STAR",
            Bang => "BANG",
            Ampersand => "AMPERSAND",
            AmperAmper => "AMPERAMPER",
            BarBar => "BARBAR",
            ColonEqual => "COLONEQUAL",
            LessMinus => "LESSMINUS",
            MinusGreater => "MINUSGREATER",
            LParen => "LPAREN",
            RParen => "RPAREN",
            LBracket => "LBRACKET",
            RBracket => "RBRACKET",
            LBracketBar => "LBRACKETBAR",
            BarRBracket => "BARRBRACKET",
            LBrace => "LBRACE",
            RBrace => "RBRACE",
            Comma => "COMMA",
            Semi => "SEMI",
            SemiSemi => "SEMISEMI",
            Colon => "COLON",
            ColonColon => "COLONCOLON",
            Dot => "DOT",
            DotDot => "DOTDOT",
            Bar => "BAR",
            Underscore => "UNDERSCORE",
            Quote => "QUOTE",
            Tilde => "TILDE",
            Question => "QUESTION",
            Hash => "HASH",
            Backquote => "BACKQUOTE",
            AttributeOpen(_) => "ATTRIBUTE",
            Eof => "EOF",
        }
    }

    /// How the token is written in the source (literals re-escaped the way
    /// OCaml prints them).
    pub fn source_text(&self) -> std::string::String {
        use Token::*;
        match self {
            Int(l) | Float(l) => match l.modifier {
                Some(m) => format!("{}{}", l.text, m),
                None => l.text.clone(),
            },
            Char(c) => format!("'{}'", escape_char(*c)),
            String(s) => format!("\"{}\"", escape_bytes(s)),
            Lident(s) | Uident(s) => s.clone(),
            Label(s) => format!("~{s}:"),
            OptLabel(s) => format!("?{s}:"),
            UnsupportedKeyword(k) => k.clone(),
            InfixOp0(s) | InfixOp1(s) | InfixOp2(s) | InfixOp3(s) | InfixOp4(s) | PrefixOp(s)
            | HashOp(s) | AttributeOpen(s) => s.clone(),
            Eof => std::string::String::new(),
            other => fixed_text(other).to_owned(),
        }
    }

    /// A short description for "expected ..., found ..." messages.
    pub fn describe(&self) -> std::string::String {
        use Token::*;
        match self {
            Int(_) => format!("the integer literal `{}`", self.source_text()),
            Float(_) => format!("the float literal `{}`", self.source_text()),
            Char(_) => format!("the character literal `{}`", self.source_text()),
            String(_) => "a string literal".to_owned(),
            Lident(s) => format!("the identifier `{s}`"),
            Uident(s) => format!("the capitalised identifier `{s}`"),
            Eof => "the end of the file".to_owned(),
            UnsupportedKeyword(k) => format!("the keyword `{k}`"),
            And | As | Assert | Begin | Do | Done | Downto | Else | End | Exception | False
            | For | Fun | Function | If | In | Let | Match | Mutable | Of | Rec | Then | To
            | True | Try | Type | When | While | With | Or | Mod | Land | Lor | Lxor | Lsl
            | Lsr | Asr => {
                format!("the keyword `{}`", self.source_text())
            }
            _ => format!("`{}`", self.source_text()),
        }
    }
}

/// The text of tokens that carry no data.
fn fixed_text(token: &Token) -> &'static str {
    use Token::*;
    match token {
        And => "and",
        As => "as",
        Assert => "assert",
        Begin => "begin",
        Do => "do",
        Done => "done",
        Downto => "downto",
        Else => "else",
        End => "end",
        Exception => "exception",
        False => "false",
        For => "for",
        Fun => "fun",
        Function => "function",
        If => "if",
        In => "in",
        Let => "let",
        Match => "match",
        Mutable => "mutable",
        Of => "of",
        Rec => "rec",
        Then => "then",
        To => "to",
        True => "true",
        Try => "try",
        Type => "type",
        When => "when",
        While => "while",
        With => "with",
        Or => "or",
        Mod => "mod",
        Land => "land",
        Lor => "lor",
        Lxor => "lxor",
        Lsl => "lsl",
        Lsr => "lsr",
        Asr => "asr",
        Equal => "=",
        Plus => "+",
        PlusDot => "+.",
        Minus => "-",
        MinusDot => "-.",
        Star => "*",
        Bang => "!",
        Ampersand => "&",
        AmperAmper => "&&",
        BarBar => "||",
        ColonEqual => ":=",
        LessMinus => "<-",
        MinusGreater => "->",
        LParen => "(",
        RParen => ")",
        LBracket => "[",
        RBracket => "]",
        LBracketBar => "[|",
        BarRBracket => "|]",
        LBrace => "{",
        RBrace => "}",
        Comma => ",",
        Semi => ";",
        SemiSemi => ";;",
        Colon => ":",
        ColonColon => "::",
        Dot => ".",
        DotDot => "..",
        Bar => "|",
        Underscore => "_",
        Quote => "'",
        Tilde => "~",
        Question => "?",
        Hash => "#",
        Backquote => "`",
        _ => "",
    }
}

/// A character the way OCaml's `Char.escaped` writes it.
pub fn escape_char(c: u8) -> std::string::String {
    match c {
        b'\'' => "\\'".to_owned(),
        b'\\' => "\\\\".to_owned(),
        b'\n' => "\\n".to_owned(),
        b'\t' => "\\t".to_owned(),
        b'\r' => "\\r".to_owned(),
        b'\x08' => "\\b".to_owned(),
        b' '..=b'~' => (c as char).to_string(),
        _ => format!("\\{c:03}"),
    }
}

/// A string's bytes the way OCaml's `String.escaped` writes them.
pub fn escape_bytes(bytes: &[u8]) -> std::string::String {
    let mut out = std::string::String::with_capacity(bytes.len());
    for &b in bytes {
        match b {
            b'"' => out.push_str("\\\""),
            b'\'' => out.push('\''),
            _ => out.push_str(&escape_char(b)),
        }
    }
    out
}
