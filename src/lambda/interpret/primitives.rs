//! What each primitive does, in the interpreter. The observable rules
//! (wrapping, comparison, printing of numbers) come from `observable`, shared
//! with the other interpreters and the runtime.

use super::machine::{Machine, Mode, Val};
use super::InterpError;
use crate::lambda::primitive::{
    ArrayKind, CompareKind, FloatFn, FloatOp, IntOp, NumKind, PredefException as Exn, Primitive,
};
use crate::observable::{
    self, compare_op, compare_values, format_float_g, format_int, parse_int, CompareError,
    Comparison, IntKind, Stream, Value,
};
use std::cell::RefCell;
use std::rc::Rc;

fn internal(message: impl Into<String>) -> InterpError {
    InterpError(message.into())
}

fn int(v: &Val<'_>) -> Result<i64, InterpError> {
    v.as_int()
        .ok_or_else(|| internal(format!("expected an immediate, got {v:?}")))
}

fn float(v: &Val<'_>) -> Result<f64, InterpError> {
    v.as_float()
        .ok_or_else(|| internal(format!("expected a float, got {v:?}")))
}

fn boxed(kind: IntKind, v: &Val<'_>) -> Result<i64, InterpError> {
    match (kind, v) {
        (IntKind::Int, Value::Int(n)) => Ok(*n),
        (k, Value::Boxed(l, n)) if k == *l => Ok(*n),
        _ => Err(internal(format!("expected a {kind:?}, got {v:?}"))),
    }
}

fn make_int<'p>(kind: IntKind, n: i64) -> Val<'p> {
    match kind {
        IntKind::Int => Value::Int(n),
        k => Value::Boxed(k, n),
    }
}

fn bytes<'a, 'p>(v: &'a Val<'p>) -> Result<&'a Rc<RefCell<Vec<u8>>>, InterpError> {
    match v {
        Value::String(s) => Ok(s),
        _ => Err(internal(format!("expected a string, got {v:?}"))),
    }
}

fn stream(v: &Val<'_>) -> Result<Stream, InterpError> {
    match v.as_int() {
        Some(1) => Ok(Stream::Stdout),
        Some(2) => Ok(Stream::Stderr),
        _ => Err(internal(format!("not an output channel: {v:?}"))),
    }
}

fn unit<'p>() -> Result<Mode<'p>, InterpError> {
    Ok(Mode::Return(Value::Int(0)))
}

fn ret(v: Val<'_>) -> Result<Mode<'_>, InterpError> {
    Ok(Mode::Return(v))
}

/// The arguments as a fixed-size array (the checker guarantees the count).
fn args_n<'p, const N: usize>(
    p: &Primitive,
    args: Vec<Val<'p>>,
) -> Result<[Val<'p>; N], InterpError> {
    args.try_into()
        .map_err(|_| internal(format!("wrong number of arguments to {p}")))
}

/// A `%.<n>g` format, the only float format the library uses.
fn float_format_precision(fmt: &[u8]) -> Option<usize> {
    let digits = fmt.strip_prefix(b"%.")?.strip_suffix(b"g")?;
    std::str::from_utf8(digits).ok()?.parse().ok()
}

impl<'p> Machine<'p> {
    fn compare_result(&self, r: Result<bool, CompareError>) -> Result<Mode<'p>, InterpError> {
        match r {
            Ok(b) => ret(Value::bool(b)),
            Err(_) => Ok(self.raise_with_string(Exn::InvalidArgument, CompareError::MESSAGE)),
        }
    }

    fn out_of_bounds(&self) -> Result<Mode<'p>, InterpError> {
        Ok(self.raise_with_string(Exn::InvalidArgument, "index out of bounds"))
    }

    pub(super) fn primitive(
        &mut self,
        p: &Primitive,
        args: Vec<Val<'p>>,
    ) -> Result<Mode<'p>, InterpError> {
        use Primitive::*;
        match p {
            MakeBlock { tag, .. } => ret(Value::block(*tag, args)),
            Field(n) => {
                let [b] = args_n(p, args)?;
                ret(b
                    .field(*n as usize)
                    .ok_or_else(|| internal(format!("field {n} of {b:?}")))?)
            }
            SetField(n) => {
                let [b, v] = args_n(p, args)?;
                match &b {
                    Value::Block(block) => match block.fields.borrow_mut().get_mut(*n as usize) {
                        Some(slot) => *slot = v,
                        None => return Err(internal(format!("setfield {n} of {b:?}"))),
                    },
                    _ => return Err(internal(format!("setfield {n} of {b:?}"))),
                }
                unit()
            }
            FloatField(n) => {
                let [b] = args_n(p, args)?;
                match &b {
                    Value::FloatArray(a) => ret(Value::Float(
                        *a.borrow()
                            .get(*n as usize)
                            .ok_or_else(|| internal("floatfield"))?,
                    )),
                    _ => Err(internal(format!("floatfield {n} of {b:?}"))),
                }
            }
            SetFloatField(n) => {
                let [b, v] = args_n(p, args)?;
                let x = float(&v)?;
                match &b {
                    Value::FloatArray(a) => {
                        *a.borrow_mut()
                            .get_mut(*n as usize)
                            .ok_or_else(|| internal("setfloatfield"))? = x;
                        unit()
                    }
                    _ => Err(internal(format!("setfloatfield {n} of {b:?}"))),
                }
            }
            OffsetRef(delta) => {
                let [r] = args_n(p, args)?;
                match &r {
                    Value::Block(b) => match b.fields.borrow_mut().first_mut() {
                        Some(Value::Int(n)) => *n = observable::int_add(*n, *delta),
                        _ => return Err(internal("offsetref of a non-int ref")),
                    },
                    _ => return Err(internal("offsetref of a non-block")),
                }
                unit()
            }
            IntArith(kind, op) => {
                let [a, b] = args_n(p, args)?;
                self.int_arith(*kind, *op, boxed(*kind, &a)?, boxed(*kind, &b)?)
            }
            IntNeg(kind) => {
                let [a] = args_n(p, args)?;
                let n = boxed(*kind, &a)?;
                ret(make_int(*kind, kind.normalize(n.wrapping_neg())))
            }
            Not => {
                let [a] = args_n(p, args)?;
                ret(Value::bool(int(&a)? == 0))
            }
            Convert { from, to } => {
                let [a] = args_n(p, args)?;
                ret(convert(*from, *to, &a)?)
            }
            FloatArith(op) => {
                let [a, b] = args_n(p, args)?;
                let (x, y) = (float(&a)?, float(&b)?);
                ret(Value::Float(match op {
                    FloatOp::Add => x + y,
                    FloatOp::Sub => x - y,
                    FloatOp::Mul => x * y,
                    FloatOp::Div => x / y,
                }))
            }
            FloatNeg => {
                let [a] = args_n(p, args)?;
                ret(Value::Float(-float(&a)?))
            }
            FloatAbs => {
                let [a] = args_n(p, args)?;
                ret(Value::Float(float(&a)?.abs()))
            }
            FloatOfBits => {
                let [bits] = args_n(p, args)?;
                ret(Value::Float(f64::from_bits(
                    boxed(IntKind::Int64, &bits)? as u64
                )))
            }
            FloatFn(f) => {
                let xs = args.iter().map(float).collect::<Result<Vec<f64>, _>>()?;
                ret(Value::Float(float_fn(*f, &xs)?))
            }
            Compare(kind, op) => {
                let [a, b] = args_n(p, args)?;
                let result = match kind {
                    CompareKind::Generic => compare_op(*op, &a, &b),
                    CompareKind::Float => {
                        let (x, y) = (float(&a)?, float(&b)?);
                        Ok(op.holds(ieee_compare(x, y)))
                    }
                    _ => Ok(op.holds(self.kinded_compare(*kind, &a, &b)?)),
                };
                self.compare_result(result)
            }
            CompareTotal(kind) => {
                let [a, b] = args_n(p, args)?;
                let c = match kind {
                    CompareKind::Generic => match observable::compare(&a, &b) {
                        Ok(n) => return ret(Value::Int(n)),
                        Err(_) => {
                            return Ok(
                                self.raise_with_string(Exn::InvalidArgument, CompareError::MESSAGE)
                            )
                        }
                    },
                    CompareKind::Float => {
                        compare_values(&a, &b, true).map_err(|_| internal("compare floats"))?
                    }
                    _ => self.kinded_compare(*kind, &a, &b)?,
                };
                ret(Value::Int(match c {
                    Comparison::Less => -1,
                    Comparison::Greater => 1,
                    _ => 0,
                }))
            }
            PhysEqual { negated } => {
                let [a, b] = args_n(p, args)?;
                ret(Value::bool(a.physically_equal(&b) != *negated))
            }
            StringLength => {
                let [s] = args_n(p, args)?;
                let n = bytes(&s)?.borrow().len();
                ret(Value::Int(n as i64))
            }
            StringGet { checked } => {
                let [s, i] = args_n(p, args)?;
                let i = int(&i)?;
                let c = usize::try_from(i)
                    .ok()
                    .and_then(|i| bytes(&s).ok()?.borrow().get(i).copied());
                match (c, checked) {
                    (Some(c), _) => ret(Value::Int(c as i64)),
                    (None, true) => self.out_of_bounds(),
                    (None, false) => Err(internal("unchecked string access out of bounds")),
                }
            }
            BytesCreate => {
                let [n] = args_n(p, args)?;
                match usize::try_from(int(&n)?) {
                    Ok(n) => ret(Value::string(&vec![0; n])),
                    Err(_) => Ok(self.raise_with_string(Exn::InvalidArgument, "Bytes.create")),
                }
            }
            BytesSet { checked } => {
                let [s, i, c] = args_n(p, args)?;
                let (i, c) = (int(&i)?, int(&c)?);
                let mut b = bytes(&s)?.borrow_mut();
                match usize::try_from(i).ok().and_then(|i| b.get_mut(i)) {
                    Some(slot) => *slot = c as u8,
                    None if *checked => {
                        drop(b);
                        return self.out_of_bounds();
                    }
                    None => return Err(internal("unchecked bytes access out of bounds")),
                }
                unit()
            }
            BlitString => {
                let [src, so, dst, d_o, len] = args_n(p, args)?;
                let (so, d_o, len) = (int(&so)? as usize, int(&d_o)? as usize, int(&len)? as usize);
                let data: Vec<u8> = bytes(&src)?
                    .borrow()
                    .get(so..so + len)
                    .ok_or_else(|| internal("blit source range"))?
                    .to_vec();
                bytes(&dst)?
                    .borrow_mut()
                    .get_mut(d_o..d_o + len)
                    .ok_or_else(|| internal("blit destination range"))?
                    .copy_from_slice(&data);
                unit()
            }
            FillBytes => {
                let [s, ofs, len, c] = args_n(p, args)?;
                let (ofs, len, c) = (int(&ofs)? as usize, int(&len)? as usize, int(&c)? as u8);
                bytes(&s)?
                    .borrow_mut()
                    .get_mut(ofs..ofs + len)
                    .ok_or_else(|| internal("fill range"))?
                    .fill(c);
                unit()
            }
            MakeArray(kind) => ret(make_array(*kind, args)?),
            ArrayLength(_) => {
                let [a] = args_n(p, args)?;
                match &a {
                    Value::Block(_) | Value::FloatArray(_) => ret(Value::Int(a.size() as i64)),
                    _ => Err(internal(format!("array.length of {a:?}"))),
                }
            }
            ArrayGet { kind, checked } => {
                let [a, i] = args_n(p, args)?;
                check_array_kind(*kind, &a)?;
                match usize::try_from(int(&i)?).ok().and_then(|i| a.field(i)) {
                    Some(v) => ret(v),
                    None if *checked => self.out_of_bounds(),
                    None => Err(internal("unchecked array access out of bounds")),
                }
            }
            ArraySet { kind, checked } => {
                let [a, i, v] = args_n(p, args)?;
                check_array_kind(*kind, &a)?;
                let i = usize::try_from(int(&i)?).ok().filter(|i| *i < a.size());
                match (i, &a) {
                    (None, _) if *checked => self.out_of_bounds(),
                    (None, _) => Err(internal("unchecked array access out of bounds")),
                    (Some(i), Value::FloatArray(fa)) => {
                        let x = float(&v)?;
                        if let Some(slot) = fa.borrow_mut().get_mut(i) {
                            *slot = x;
                        }
                        unit()
                    }
                    (Some(i), Value::Block(b)) => {
                        if let Some(slot) = b.fields.borrow_mut().get_mut(i) {
                            *slot = v;
                        }
                        unit()
                    }
                    _ => Err(internal("array.set")),
                }
            }
            MakeVect => {
                let [n, x] = args_n(p, args)?;
                let n = match usize::try_from(int(&n)?) {
                    Ok(n) => n,
                    Err(_) => return Ok(self.raise_with_string(Exn::InvalidArgument, "Array.make")),
                };
                ret(match x {
                    Value::Float(f) => Value::float_array(vec![f; n]),
                    x => Value::block(0, vec![x; n]),
                })
            }
            FormatInt(kind) => {
                let [fmt, n] = args_n(p, args)?;
                let fmt = bytes(&fmt)?.borrow().clone();
                if fmt != b"%d" {
                    return Err(internal(format!(
                        "unsupported integer format {:?}",
                        String::from_utf8_lossy(&fmt)
                    )));
                }
                ret(Value::string(format_int(boxed(*kind, &n)?).as_bytes()))
            }
            FormatFloat => {
                let [fmt, x] = args_n(p, args)?;
                let fmt = bytes(&fmt)?.borrow().clone();
                let precision = float_format_precision(&fmt).ok_or_else(|| {
                    internal(format!(
                        "unsupported float format {:?}",
                        String::from_utf8_lossy(&fmt)
                    ))
                })?;
                ret(Value::string(
                    format_float_g(float(&x)?, precision).as_bytes(),
                ))
            }
            IntOfString(kind) => {
                let [s] = args_n(p, args)?;
                let text = bytes(&s)?.borrow().clone();
                match parse_int(&text, *kind) {
                    Some(n) => ret(make_int(*kind, n)),
                    None => Ok(self.raise_with_string(Exn::Failure, kind.of_string_failure())),
                }
            }
            OpenDescriptorOut => {
                // A channel is represented by its descriptor: the interpreter
                // has one buffered channel per descriptor.
                let [fd] = args_n(p, args)?;
                stream(&fd)?;
                ret(fd)
            }
            Output => {
                let [chan, s, ofs, len] = args_n(p, args)?;
                let (ofs, len) = (int(&ofs)? as usize, int(&len)? as usize);
                let data = bytes(&s)?
                    .borrow()
                    .get(ofs..ofs + len)
                    .ok_or_else(|| internal("output range"))?
                    .to_vec();
                self.channels.output(stream(&chan)?, &data);
                unit()
            }
            OutputChar => {
                let [chan, c] = args_n(p, args)?;
                self.channels.output(stream(&chan)?, &[int(&c)? as u8]);
                unit()
            }
            Flush => {
                let [chan] = args_n(p, args)?;
                self.channels.flush(stream(&chan)?);
                unit()
            }
            SysExit => {
                let [code] = args_n(p, args)?;
                Ok(Mode::Exit(int(&code)?))
            }
            PredefException(e) => ret(self.predefined(*e)),
            NewException(name) => {
                let slot = self.new_exception(name);
                ret(slot)
            }
        }
    }

    pub(super) fn int_arith(
        &self,
        kind: IntKind,
        op: IntOp,
        a: i64,
        b: i64,
    ) -> Result<Mode<'p>, InterpError> {
        let n = match op {
            IntOp::Add => kind.normalize(a.wrapping_add(b)),
            IntOp::Sub => kind.normalize(a.wrapping_sub(b)),
            IntOp::Mul => kind.normalize(a.wrapping_mul(b)),
            IntOp::Div | IntOp::Mod => {
                let r = if op == IntOp::Div {
                    kind.div(a, b)
                } else {
                    kind.rem(a, b)
                };
                match r {
                    Some(n) => n,
                    None => return Ok(self.raise_predef(Exn::DivisionByZero, vec![])),
                }
            }
            IntOp::And => a & b,
            IntOp::Or => a | b,
            IntOp::Xor => a ^ b,
            IntOp::Lsl => kind.shift_left(a, b),
            IntOp::Lsr => kind.shift_right_logical(a, b),
            IntOp::Asr => kind.shift_right(a, b),
        };
        ret(make_int(kind, n))
    }

    /// Comparison at a kind whose values have a total order.
    fn kinded_compare(
        &self,
        kind: CompareKind,
        a: &Val<'p>,
        b: &Val<'p>,
    ) -> Result<Comparison, InterpError> {
        let ord = match kind {
            CompareKind::Int => int(a)?.cmp(&int(b)?),
            CompareKind::Boxed(k) => boxed(k, a)?.cmp(&boxed(k, b)?),
            CompareKind::String => bytes(a)?
                .borrow()
                .as_slice()
                .cmp(bytes(b)?.borrow().as_slice()),
            CompareKind::Float | CompareKind::Generic => return Err(internal("kinded_compare")),
        };
        Ok(match ord {
            std::cmp::Ordering::Less => Comparison::Less,
            std::cmp::Ordering::Equal => Comparison::Equal,
            std::cmp::Ordering::Greater => Comparison::Greater,
        })
    }
}

/// IEEE comparison of two floats, as the float operators do it.
fn ieee_compare(x: f64, y: f64) -> Comparison {
    if x < y {
        Comparison::Less
    } else if x > y {
        Comparison::Greater
    } else if x == y {
        Comparison::Equal
    } else {
        Comparison::Unordered
    }
}

fn float_fn(f: FloatFn, xs: &[f64]) -> Result<f64, InterpError> {
    let arg = |i: usize| {
        xs.get(i)
            .copied()
            .ok_or_else(|| internal("float function arity"))
    };
    // Rust's f64 methods call the same libm (glibc) functions as OCaml's
    // runtime, or the same SSE instructions (sqrt), so results agree bit for
    // bit.
    Ok(match f {
        FloatFn::Sqrt => arg(0)?.sqrt(),
        FloatFn::Exp => arg(0)?.exp(),
        FloatFn::Log => arg(0)?.ln(),
        FloatFn::Sin => arg(0)?.sin(),
        FloatFn::Cos => arg(0)?.cos(),
        FloatFn::Tan => arg(0)?.tan(),
        FloatFn::Floor => arg(0)?.floor(),
        FloatFn::Ceil => arg(0)?.ceil(),
        FloatFn::Pow => arg(0)?.powf(arg(1)?),
        FloatFn::Fmod => arg(0)? % arg(1)?,
    })
}

fn convert<'p>(from: NumKind, to: NumKind, v: &Val<'p>) -> Result<Val<'p>, InterpError> {
    Ok(match (from, to) {
        (NumKind::Float, NumKind::Float) => Value::Float(float(v)?),
        (NumKind::Float, NumKind::Int(k)) => make_int(k, k.of_float(float(v)?)),
        (NumKind::Int(k), NumKind::Float) => Value::Float(boxed(k, v)? as f64),
        (NumKind::Int(k), NumKind::Int(l)) => make_int(l, l.normalize(boxed(k, v)?)),
    })
}

/// `[| ... |]`: a flat float array when the elements are floats (for the
/// generic kind, OCaml looks at the first element).
fn make_array<'p>(kind: ArrayKind, elements: Vec<Val<'p>>) -> Result<Val<'p>, InterpError> {
    let flat = match kind {
        ArrayKind::Float => true,
        ArrayKind::Gen => matches!(elements.first(), Some(Value::Float(_))),
        ArrayKind::Int | ArrayKind::Addr => false,
    };
    if flat {
        Ok(Value::float_array(
            elements
                .iter()
                .map(float)
                .collect::<Result<Vec<f64>, _>>()?,
        ))
    } else {
        Ok(Value::block(0, elements))
    }
}

/// An array primitive specialised to a kind must only meet arrays of that
/// kind: a mismatch is a bug in the lowering, reported rather than ignored.
fn check_array_kind(kind: ArrayKind, a: &Val<'_>) -> Result<(), InterpError> {
    let ok = match (kind, a) {
        (ArrayKind::Gen, Value::Block(_) | Value::FloatArray(_)) => true,
        (ArrayKind::Float, Value::FloatArray(_)) => true,
        // The empty array is the same atom whatever its element type.
        (_, Value::Block(b)) => {
            b.tag == 0 && (kind != ArrayKind::Float || b.fields.borrow().is_empty())
        }
        _ => false,
    };
    if ok {
        Ok(())
    } else {
        Err(internal(format!(
            "array of kind {} expected, got {a:?}",
            kind.name()
        )))
    }
}
