//! Effects and co-effects of primitives, after Flambda 2's
//! `effects_and_coeffects`.
//!
//! An *effect* is what an operation does to the world (writes memory,
//! allocates); a *co-effect* is what the world does to the operation (a read
//! of mutable memory sees earlier writes). Two operations may be swapped
//! unless one has an effect the other could observe: an effect against an
//! effect or against a co-effect.

use super::primitives::{Mutability, PrimOp, StringKind};

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Effects {
    /// Changes nothing observable: may be removed if unused, duplicated,
    /// or moved.
    None,
    /// Only allocates a fresh block of the given mutability: may be removed
    /// if unused, never duplicated (that would make two blocks).
    OnlyGenerative(Mutability),
    /// Anything else: writes, and everything we know nothing about.
    Arbitrary,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Coeffects {
    None,
    /// Reads state that effects may change.
    Has,
}

/// The four classes the let-substitution stages of To Cmm work with.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum EffectClass {
    /// Neither effects nor co-effects: may move anywhere its arguments are
    /// available.
    Pure,
    /// Allocates an immutable block and nothing else: may move, not be
    /// duplicated.
    GenerativeImmutable,
    /// Reads mutable state: may move only past other reads.
    CoeffectOnly,
    /// Everything else, mutable allocation included (its identity is
    /// observable through later writes).
    Effectful,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct EffectsAndCoeffects {
    pub effects: Effects,
    pub coeffects: Coeffects,
}

impl EffectsAndCoeffects {
    pub const PURE: EffectsAndCoeffects = EffectsAndCoeffects {
        effects: Effects::None,
        coeffects: Coeffects::None,
    };
    pub const READ: EffectsAndCoeffects = EffectsAndCoeffects {
        effects: Effects::None,
        coeffects: Coeffects::Has,
    };
    pub const WRITE: EffectsAndCoeffects = EffectsAndCoeffects {
        effects: Effects::Arbitrary,
        coeffects: Coeffects::None,
    };
    /// What an arbitrary call may do.
    pub const ALL: EffectsAndCoeffects = EffectsAndCoeffects {
        effects: Effects::Arbitrary,
        coeffects: Coeffects::Has,
    };

    pub fn allocation(mutability: Mutability) -> EffectsAndCoeffects {
        EffectsAndCoeffects {
            effects: Effects::OnlyGenerative(mutability),
            coeffects: Coeffects::None,
        }
    }

    pub fn class(self) -> EffectClass {
        match (self.effects, self.coeffects) {
            (Effects::None, Coeffects::None) => EffectClass::Pure,
            (Effects::None, Coeffects::Has) => EffectClass::CoeffectOnly,
            (Effects::OnlyGenerative(Mutability::Immutable), Coeffects::None) => {
                EffectClass::GenerativeImmutable
            }
            (Effects::OnlyGenerative(Mutability::Immutable), Coeffects::Has) => {
                EffectClass::CoeffectOnly
            }
            (Effects::OnlyGenerative(Mutability::Mutable), _) | (Effects::Arbitrary, _) => {
                EffectClass::Effectful
            }
        }
    }

    /// May a binding with these effects be deleted when its result is unused?
    pub fn removable_if_unused(self) -> bool {
        !matches!(self.effects, Effects::Arbitrary)
    }
}

/// Reading memory is pure when the memory is immutable.
fn read(mutability: Mutability) -> EffectsAndCoeffects {
    match mutability {
        Mutability::Immutable => EffectsAndCoeffects::PURE,
        Mutability::Mutable => EffectsAndCoeffects::READ,
    }
}

impl PrimOp {
    pub fn effects_and_coeffects(self) -> EffectsAndCoeffects {
        match self {
            PrimOp::MakeBlock { mutability, .. } | PrimOp::MakeArray { mutability, .. } => {
                EffectsAndCoeffects::allocation(mutability)
            }
            PrimOp::BoxNumber(_) => EffectsAndCoeffects::allocation(Mutability::Immutable),
            PrimOp::BlockLoad { mutability, .. } | PrimOp::ArrayLoad { mutability, .. } => {
                read(mutability)
            }
            PrimOp::StringLoad(StringKind::String) => EffectsAndCoeffects::PURE,
            PrimOp::StringLoad(StringKind::Bytes) => EffectsAndCoeffects::READ,
            PrimOp::BlockSet { .. } | PrimOp::ArraySet { .. } | PrimOp::BytesSet => {
                EffectsAndCoeffects::WRITE
            }
            // Tags, lengths and the contents of number boxes never change.
            PrimOp::IsInt
            | PrimOp::GetTag
            | PrimOp::ArrayLength
            | PrimOp::IsFlatFloatArray
            | PrimOp::StringLength(_)
            | PrimOp::UnboxNumber(_)
            | PrimOp::TagImmediate
            | PrimOp::UntagImmediate
            | PrimOp::IntArith(..)
            | PrimOp::IntShift(..)
            | PrimOp::IntNeg(_)
            | PrimOp::IntComp(..)
            | PrimOp::IntCompare(..)
            | PrimOp::FloatArith(_)
            | PrimOp::FloatNeg
            | PrimOp::FloatAbs
            | PrimOp::FloatComp(_)
            | PrimOp::FloatCompare
            | PrimOp::NumConv { .. }
            | PrimOp::BooleanNot
            | PrimOp::PhysEqual(_)
            | PrimOp::ProjectFunctionSlot { .. }
            | PrimOp::ProjectValueSlot { .. } => EffectsAndCoeffects::PURE,
        }
    }
}
